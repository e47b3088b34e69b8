"""The SVG badge of one entry (implementation x metric): a shields-style label and value,
``bleu | 596/596`` in green when it conforms, red when it fails, grey when skipped. The
value counts the binding vectors (must-pass and must-refuse) that passed, of those sent.
Text widths are estimated (7 px a character, Verdana 11 px as shields.io uses), so the
badge needs no font at hand."""

from __future__ import annotations

from html import escape

COLOURS = {"conforms": "#4c1", "fails": "#e05d44", "skipped": "#9f9f9f"}


def value_text(entry: dict) -> str:
    """``passed/sent`` of the binding classes, ``, fuzz failed`` added when the fuzz found a
    disagreement; when no vector was sent, the fuzz's verdict, or ``skipped``."""
    from .vectors import BINDING

    passed = sum(entry["classes"][c]["passed"] for c in BINDING)
    sent = sum(n for c in BINDING for s, n in entry["classes"][c].items() if s not in ("skipped", "untried"))
    fuzz = entry.get("fuzz")
    if not sent:  # no vector fitted it: the fuzz alone, if it ran (a red badge reading "skipped" misled)
        if fuzz is not None and fuzz.get("ran"):
            return "fuzz failed" if fuzz.get("finding") is not None else "fuzz agrees"
        return "skipped"
    text = f"{passed}/{sent}"
    if fuzz is not None and fuzz.get("finding") is not None:
        text += ", fuzz failed"
    return text


def svg(label: str, value: str, status: str) -> str:
    """A badge (module doc); ``label`` and ``value`` are escaped."""
    left, right = 10 + 7 * len(label), 10 + 7 * len(value)
    width = left + right
    colour = COLOURS[status]
    label_e, value_e = escape(label), escape(value)
    return (f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="20" role="img" '
            f'aria-label="{label_e}: {value_e}">\n'
            f'<title>{label_e}: {value_e}</title>\n'
            f'<rect width="{left}" height="20" fill="#555"/>\n'
            f'<rect x="{left}" width="{right}" height="20" fill="{colour}"/>\n'
            f'<g fill="#fff" text-anchor="middle" font-family="Verdana,DejaVu Sans,sans-serif" font-size="11">\n'
            f'<text x="{left / 2:g}" y="14">{label_e}</text>\n'
            f'<text x="{left + right / 2:g}" y="14">{value_e}</text>\n'
            f'</g>\n</svg>\n')


def file_name(implementation: dict, entry: dict) -> str:
    """``badges/NAME-METRIC[-CALL].svg``, made of letters, digits, ``-``, ``_`` and ``.``
    (``entry_names`` makes them distinct within an implementation)."""
    import re

    call = entry["call"].split("(", 1)[0].rsplit(".", 1)[-1] if entry["call"] and implementation["kind"] == "library" else ""
    words = [implementation["name"], entry["metric"]] + ([call] if call else [])
    return "badges/" + "-".join(re.sub(r"[^A-Za-z0-9_.]+", "_", w) for w in words) + ".svg"


def entry_key(entry: dict) -> str:
    """What tells an implementation's entries apart: the metric, the whole call and the
    claimed options."""
    import json

    return json.dumps([entry["metric"], entry["call"], entry["options"]], sort_keys=True, ensure_ascii=False)


def entry_names(implementation: dict) -> list[str]:
    """Each entry's badge path (``file_name``), with ``-`` and six hex digits of a hash of
    ``entry_key`` added where several entries would share one: an adapter's calls of one
    function (pytorch-ignite's macro and micro averages, ROUGE's types) each get their own
    badge instead of overwriting one."""
    import collections
    import hashlib

    names = [file_name(implementation, entry) for entry in implementation["entries"]]
    shared = {name for name, count in collections.Counter(names).items() if count > 1}
    return [name[:-len(".svg")] + "-" + hashlib.sha256(entry_key(entry).encode("utf-8")).hexdigest()[:6] + ".svg"
            if name in shared else name for name, entry in zip(names, implementation["entries"])]
