"""The audit's report: JSON (schema ``bleuprint_audit_report_v1``) and Markdown.

Output for a person first: the Markdown opens with the matrix of library x metric (each
cell: exact, differs in N classes, not comparable, error, or not installed with the pip
command), then, per subject, its call and configuration, the real-text check, and per
class of divergence the explanation, the first differing statistic, the minimal input,
both values on their own scales and the command that replays it. The JSON has the same
content, for programs; non-finite numbers are written as the strings "NaN", "Infinity",
"-Infinity" (JSON has no such numbers).
"""

from __future__ import annotations

import json
import math

SCHEMA = "bleuprint_audit_report_v1"


def json_number(x):
    """``x``, or for a float that is not finite the string JSON cannot hold it as
    (``"NaN"``, ``"Infinity"``, ``"-Infinity"``): the reports are strict JSON."""
    if isinstance(x, float) and not math.isfinite(x):
        return "NaN" if math.isnan(x) else ("Infinity" if x > 0 else "-Infinity")
    return x


def cell_text(result) -> str:
    """One subject's status in words (the matrix's cell)."""
    if result.status == "differs":
        n = len(result.classes)
        return f"differs in {n} class{'es' * (n != 1)}"
    if result.status == "not installed":
        return f"not installed: `{result.pip}`"
    if result.status == "exact" and not getattr(result, "searched", True):
        return "exact on real text (no search)"
    return result.status


def to_json(results, seed: int | None = None, examples: int | None = None) -> dict:
    """The report of ``results`` (``run.SubjectResult``s) as JSON-ready data."""
    from .. import __version__

    subjects = []
    for r in results:
        s = r.subject
        subjects.append({
            "name": s.name, "library": s.library, "version": s.version,
            "metric": "" if r.status == "not installed" else s.metric,
            "call": s.call, "level": s.level, "scale": s.scale, "options": dict(s.options),
            "maxRefs": s.max_refs, "minRefs": s.min_refs, "notes": s.notes, "status": r.status,
            "summary": cell_text(r), "message": r.message, "pip": r.pip or None,
            "realText": {k: json_number(v) for k, v in r.real_text.items()},
            "examples": r.examples, "seconds": round(r.seconds, 3), "tolerance": getattr(r, "tolerance", None),
            "classes": [{**c.to_json(), "specValue": json_number(c.spec_value),
                         "libraryValue": None if c.library_value is None else json_number(c.library_value)}
                        for c in r.classes],
        })
    return {"schema": SCHEMA, "bleuprint": __version__,
            "seed": seed if seed is not None else (results[0].seed if results else 0),
            "examples": examples if examples is not None else (results[0].requested_examples if results else 0),
            "matrix": matrix_rows(results), "subjects": subjects}


def matrix_rows(results) -> list[dict]:
    """``[{library, version, cells: {metric: [summary, ...]}}]`` in the order first seen."""
    rows: dict = {}
    for r in results:
        s = r.subject
        row = rows.setdefault(s.library, {"library": s.library, "version": s.version, "cells": {}})
        if r.status == "not installed":
            row["notInstalled"] = r.pip
            continue
        label = cell_text(r)
        row["cells"].setdefault(s.metric, []).append({"name": s.name, "summary": label, "status": r.status})
    return list(rows.values())


def _metrics_in(results) -> list[str]:
    from ..core import metric_names

    seen = {r.subject.metric for r in results if r.status != "not installed"}
    return [m for m in metric_names() if m in seen]


def visible(text: str) -> str:
    """``text`` (JSON) with every invisible or look-alike character written as a JSON
    escape (``\\u00a0``): white space other than the plain space, control and format
    characters (zero-width space, byte-order mark), line and paragraph separators. The
    result is still the same JSON, so a minimal input can be copied exactly."""
    import unicodedata

    out = []
    for character in text:
        if character != " " and (character.isspace() or unicodedata.category(character) in ("Cc", "Cf", "Zl", "Zp",
                                                                                            "Zs", "Co", "Cn")):
            out.append(f"\\u{ord(character):04x}" if ord(character) <= 0xFFFF else
                       "".join(f"\\u{ord(u):04x}" for u in character.encode("utf-16-be").decode("utf-16-be",
                                                                                                "surrogatepass")))
        else:
            out.append(character)
    return "".join(out)


def _code(value) -> str:
    text = visible(json.dumps(value, ensure_ascii=False))
    return "`" + text.replace("`", "\\`") + "`"


def _value(x, scale) -> str:
    if x is None:
        return "raises"
    return f"{x!r} (0-{scale:g})"


def to_markdown(results) -> str:
    """The report for a person (module doc)."""
    from ..core import get_metric

    metrics = _metrics_in(results)
    lines = ["# bleuprint audit", ""]
    header = ["library", "version"] + (metrics or ["status"])  # only uninstalled targets: one status column
    lines.append("| " + " | ".join(header) + " |")
    lines.append("|" + "---|" * len(header))
    for row in matrix_rows(results):
        if "notInstalled" in row and not row["cells"]:
            cells = [f"not installed: `{row['notInstalled']}`"] + ["-"] * (len(header) - 3)
        else:
            cells = []
            for m in metrics:
                entries = row["cells"].get(m, [])
                if len(entries) == 1:
                    cells.append(entries[0]["summary"])
                else:
                    cells.append("; ".join(f"{e['name']}: {e['summary']}" for e in entries) or "-")
        lines.append("| " + " | ".join([row["library"], row["version"] or "-"] + cells) + " |")
    if results:
        r0 = results[0]
        lines += ["", f"Seed {r0.seed}, {r0.requested_examples} examples per subject. A class is a group of "
                      "divergences explained by the same nearby configuration (or, unexplained, with the same "
                      "first difference). Exit status: 0 all exact, 1 differences found, 2 usage error."]
    for r in results:
        s = r.subject
        lines += ["", f"## {s.name}: {cell_text(r)}", ""]
        if r.status == "not installed":
            lines.append(f"{s.library} is not installed here: `{r.pip}`")
            continue
        bleuprint_scale = get_metric(s.metric).scale
        lines.append(f"- call: `{s.call}` ({s.level} level, scale 0-{s.scale:g}, version {s.version or '?'})")
        lines.append(f"- declared configuration: {s.metric} {_code(s.options) if s.options else 'at its defaults'}")
        if s.notes:
            lines.append(f"- adapter: {s.notes}")
        rt = r.real_text
        lines.append(f"- real text: {rt['equal']} of {rt['cases']} cases equal"
                     + (f" (largest difference {rt['largest']:.6g} on bleuprint's 0-{bleuprint_scale:g})"
                        if rt["equal"] < rt["cases"] else ""))
        lines.append(f"- search: {r.examples} examples in {r.seconds:.1f} s; compared at a relative tolerance of "
                     f"{getattr(r, 'tolerance', 1e-9):g}")
        if r.message:
            lines.append(f"- note: {r.message}")
        for i, c in enumerate(r.classes, 1):
            title = c.explanation["description"] if c.explanation else (
                f"weak guess: {c.guess['description']}" if getattr(c, "guess", None) else "unexplained difference")
            if getattr(c, "kind", "") == "noise":
                title = "numeric noise: " + title
            lines += ["", f"### Class {i}: {title}", ""]
            lines.append(f"- first difference: {c.first_difference}")
            lines.append(f"- minimal input: hyps {_code(c.hyps)}, refs {_code(c.refs)}")
            library = _value(c.library_value, s.scale) + (f": {c.library_error}" if c.library_error else "")
            lines.append(f"- bleuprint: {_value(c.spec_value, bleuprint_scale)}; library: {library}")
            if c.explanation:
                strength = (f" (strong: it gives the library's value on {c.support} independent, non-degenerate "
                            f"inputs)") if getattr(c, "strength", "") == "strong" and c.support else ""
                lines.append(f"- explanation: {c.explanation['description']}{strength}")
            elif getattr(c, "guess", None):
                lines.append(f"- explanation: none for certain; weak guess: {c.guess['description']} (it gives the "
                             f"library's value on {c.support} independent, non-degenerate inputs, fewer than two)")
            else:
                lines.append("- explanation: none of the nearby configurations gives the library's value")
            if c.alternatives:
                lines.append("- also matches: " + "; ".join(a["description"] for a in c.alternatives))
            lines.append(f"- members: {c.members} (found by {c.found_by})")
            lines.append(f"- replay: `{visible(c.replay)}`")
    return "\n".join(lines) + "\n"


__all__ = ["SCHEMA", "cell_text", "matrix_rows", "to_json", "to_markdown", "visible"]
