"""The report of ``bleuprint reproduce`` as text or JSON (``render_text``, ``render_json``):
the claim and its precision, its signature as written and the warnings on it, the
recomputation under the signature as read, what was searched,
and the configurations that reproduce it (or the nearest), each with its signature and
what the signature does not show."""

from __future__ import annotations

import json

from ..core import get_metric
from .claims import Claim
from .search import AuditReport, Candidate
from .hooks import reproduce_hooks


def _fmt(value: float, claim: Claim) -> str:
    return f"{value:.{claim.decimals + 3}f}"


def render_text(report: AuditReport, ref_names: list[str], top: int) -> str:
    claim = report.claim
    scale = "" if claim.scale is None else f" on the {'0-1' if claim.scale == 1 else f'0-{claim.scale}'} scale"
    lines = [f"Claim: {claim.value:.{claim.decimals}f}{scale} ({claim.decimals} decimal(s): values in "
             f"[{claim.value - claim.half_unit:.{claim.decimals + 2}f}, {claim.value + claim.half_unit:.{claim.decimals + 2}f}] "
             f"round to it)"]
    if claim.signature_text:
        lines.append(f"Claimed signature (as written): {claim.signature_text}")
    lines += [f"Warning: {warning}" for warning in claim.warnings]
    if report.recomputed is not None:
        verdict = "HOLDS" if report.holds else "DOES NOT HOLD"
        lines.append(f"Under the claimed signature, read as {report.recomputed_signature}: "
                     f"{_fmt(report.recomputed, claim)} -> the claim {verdict} at its precision")
    lines += [f"Note: {note}" for note in (*claim.notes, *report.notes)]
    lines.append(f"Searched {report.searched} configurations:")
    lines += [f"  - {item}" for item in report.search_description]
    if report.matches:
        n_groups = len(_groups(report.matches))
        lines.append(f"{len(report.matches)} configuration(s) reproduce {claim.value:.{claim.decimals}f}"
                     f" (nearest first{', first ' + str(top) + ' values' if n_groups > top else ''}):")
        shown = report.matches
    else:
        lines.append(f"No configuration reproduces {claim.value:.{claim.decimals}f}; the nearest:")
        shown = report.nearest
    for group in _groups(shown if not report.matches else report.matches)[:top]:
        c = group[0]
        lines.append(f"  {_fmt(c.value, claim)}  (off by {abs(c.value - claim.value):.{claim.decimals + 3}f})  "
                     f"{c.signature}")
        lines.append(f"      {c.describe(ref_names)}")
        if len(group) > 1:
            lines.append(f"      (the same value with {len(group) - 1} other setting(s): "
                         + ", ".join(_difference(c, other) for other in group[1:4])
                         + (", ..." if len(group) > 4 else "") + ")")
    return "\n".join(lines)


def _groups(candidates: list[Candidate]) -> list[list[Candidate]]:
    """Consecutive candidates with the same value, references, aggregation and scale."""
    groups: list[list[Candidate]] = []
    for c in candidates:
        last = groups[-1][0] if groups else None
        if (last is not None and last.value == c.value and last.subset == c.subset
                and last.aggregate == c.aggregate and last.scale == c.scale and last.metric == c.metric):
            groups[-1].append(c)
        else:
            groups.append([c])
    return groups


def _difference(first: Candidate, other: Candidate) -> str:
    a, b = first.signature.split("|"), other.signature.split("|")
    changed = [y for x, y in zip(a, b) if x != y]
    for name in reproduce_hooks(get_metric(first.metric)).unsigned_options:
        if first.options.get(name) != other.options.get(name):
            changed.append(f"{name}={other.options.get(name)}")
    return " ".join(changed) or "identical signature"


def render_json(report: AuditReport, ref_names: list[str], top: int) -> str:
    def row(c: Candidate) -> dict:
        return {"value": c.value, "distance": abs(c.value - report.claim.value), "signature": c.signature,
                "references": [ref_names[r] for r in c.subset], "aggregate": c.aggregate, "scale": c.scale,
                "options": c.options, "notes": c.notes}

    return json.dumps({
        "claim": report.claim.text, "value": report.claim.value, "decimals": report.claim.decimals,
        "scale": report.claim.scale, "claimed_signature": report.claim.signature_text,
        "warnings": list(report.claim.warnings),
        "recomputed": report.recomputed, "signature": report.recomputed_signature, "holds": report.holds,
        "notes": [*report.claim.notes, *report.notes], "searched": report.searched, "search": report.search_description,
        "matches": [row(c) for c in report.matches[:top]], "n_matches": len(report.matches),
        "nearest": [row(c) for c in report.nearest],
    }, indent=1, ensure_ascii=False)
