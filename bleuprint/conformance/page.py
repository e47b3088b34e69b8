"""The conformance report as one static HTML page (no script, no outside file but the
badges beside it): the matrix implementation x metric with each class's pass counts, the
changes since the previous run and the dated history, then per entry the failing vectors
with their flags, the faults they suggest and the fuzz's finding."""

from __future__ import annotations

import json
from html import escape

from .vectors import CLASSES

#: How many failing vectors an entry shows on the page (the JSON lists more).
SHOWN = 40

STYLE = """
body{font-family:system-ui,-apple-system,"Segoe UI",sans-serif;margin:1.5rem;color:#222;max-width:1400px}
h1{font-size:1.5rem;margin-bottom:.2rem} h2{font-size:1.2rem;margin-top:2rem;border-bottom:1px solid #ddd}
h3{font-size:1rem;margin-bottom:.3rem}
table{border-collapse:collapse;margin:.5rem 0;font-size:.85rem}
th,td{border:1px solid #ccc;padding:.3rem .45rem;vertical-align:top;text-align:left}
th{background:#f3f3f3} td.conforms{background:#eaf7e4} td.fails{background:#fde9e6} td.skipped{background:#f4f4f4}
td.none{color:#999} .counts{white-space:nowrap;font-family:ui-monospace,monospace;font-size:.78rem}
.call{font-size:.75rem;color:#555} code{font-size:.8rem;word-break:break-all} .meta{color:#555;font-size:.85rem}
.bad{color:#b3261e;font-weight:600} .good{color:#1e7d22;font-weight:600}
"""

SHORT = {"must-pass": "pass", "must-refuse": "refuse", "implementation-defined": "impl-def"}


def _e(value) -> str:
    return escape(str(value), quote=True)


def _sent(counts: dict) -> int:
    return sum(n for status, n in counts.items() if status not in ("skipped", "untried"))


def _counts_html(entry: dict) -> str:
    lines = []
    for name in CLASSES:
        counts = entry["classes"][name]
        sent = _sent(counts)
        if not sent and not counts["skipped"]:
            continue
        skipped = f" ({counts['skipped']} skipped)" if counts["skipped"] else ""
        lines.append(f'<span data-class="{name}">{SHORT[name]} {counts["passed"]}/{sent}{skipped}</span>')
    fuzz = entry.get("fuzz")
    if fuzz is not None:
        verdict = f"fuzz: differs at ex. {fuzz['ran']}" if fuzz["finding"] is not None else f"fuzz {fuzz['ran']} ex.: agrees"
        lines.append(f'<span data-class="fuzz">{verdict}</span>')
    return '<div class="counts">' + "<br>".join(lines) + "</div>"


def _label(implementation: dict, entry: dict) -> str:
    """The entry's name among its implementation's (``entry.entry_labels``)."""
    from .entry import entry_labels

    entries = implementation["entries"]
    return entry_labels(entries)[next(i for i, e in enumerate(entries) if e is entry)]


def _anchor(implementation: dict, entry: dict) -> str:
    return entry["badge"].rsplit("/", 1)[-1].removesuffix(".svg")


def _matrix(data: dict) -> list[str]:
    metrics = []
    for implementation in data["implementations"]:
        for entry in implementation["entries"]:
            if entry["metric"] not in metrics:
                metrics.append(entry["metric"])
    lines = ['<table id="matrix">', "<tr><th>implementation</th><th>kind</th><th>version</th><th>checked</th>"
             + "".join(f"<th>{_e(m)}</th>" for m in metrics) + "</tr>"]
    for implementation in data["implementations"]:
        cells = []
        for metric in metrics:
            entries = [e for e in implementation["entries"] if e["metric"] == metric]
            if not entries:
                cells.append('<td class="none">-</td>')
                continue
            status = "fails" if any(e["status"] == "fails" for e in entries) else \
                "conforms" if any(e["status"] == "conforms" for e in entries) else "skipped"
            parts = []
            for entry in entries:
                label = _label(implementation, entry)
                call = f'<div class="call">{_e(label)}</div>' if label else ""
                parts.append(f'<div data-entry="{_e(_anchor(implementation, entry))}" data-status="{entry["status"]}">'
                             f'{call}<a href="#{_e(_anchor(implementation, entry))}"><img src="{_e(entry["badge"])}" '
                             f'alt="{_e(entry["status"])}"></a>{_counts_html(entry)}</div>')
            cells.append(f'<td class="{status}">' + "".join(parts) + "</td>")
        kind = implementation["kind"] + (f" ({implementation['language']})" if implementation["kind"] == "port" else "")
        lines.append(f'<tr data-implementation="{_e(implementation["name"])}"><th>{_e(implementation["name"])}</th>'
                     f"<td>{_e(kind)}</td><td>{_e(implementation['version'])}</td>"
                     f"<td>{_e(implementation['checked'])}</td>" + "".join(cells) + "</tr>")
    lines.append("</table>")
    return lines


def _faults_cell(ids, data: dict) -> str:
    return ", ".join(f'<abbr title="{_e(data["faults"].get(f, ""))}">{_e(f)}</abbr>' for f in ids) or "-"


def _entry_details(implementation: dict, entry: dict, data: dict) -> list[str]:
    label = _label(implementation, entry)
    title = f"{implementation['name']} {implementation['version']}: {entry['metric']}" + (f" ({label})" if label else "")
    lines = [f'<h3 id="{_e(_anchor(implementation, entry))}">{_e(title)} '
             f'<span class="{"good" if entry["status"] == "conforms" else "bad"}">{_e(entry["status"])}</span></h3>']
    if entry["call"]:
        lines.append(f'<p class="meta">{_e(entry["call"])}; configuration '
                     f'<code>{_e(json.dumps(entry["options"], ensure_ascii=False))}</code></p>')
    if entry["notApplicable"]:
        lines.append(f'<p class="meta">{entry["notApplicable"]} vector inputs do not fit it (segments or references '
                     "it does not take) and were not sent.</p>")
    for note in entry["notes"]:
        lines.append(f'<p class="meta">{_e(note)}</p>')
    if entry["suggestedFaults"]:
        lines.append("<p>Faults these failures suggest (the faults whose vectors are most like the failed ones):</p><ul>")
        for fault in entry["suggestedFaults"]:
            lines.append(f'<li><b>{_e(fault["id"])}</b>: {fault["failed"]} of its {fault["sent"]} vectors failed '
                         f'(similarity {fault["similarity"]}); {_e(data["faults"].get(fault["id"], ""))}</li>')
        lines.append("</ul>")
    fuzz = entry.get("fuzz")
    if fuzz is not None and fuzz["finding"] is not None:
        finding = fuzz["finding"]
        lines.append(f"<p>The fuzz ({fuzz['ran']} examples, seed {fuzz['seed']}) found a disagreement"
                     + (f", like {_e(', '.join(fuzz['faults']))}" if fuzz["faults"] else "") + ":</p>"
                     f"<pre><code>{_e(json.dumps(finding, ensure_ascii=False, indent=1)[:3000])}</code></pre>")
    if entry["failures"]:
        shown = entry["failures"][:SHOWN]
        lines.append('<table class="failures"><tr><th>vector</th><th>class</th><th>status</th><th>flags</th>'
                     "<th>faults it suggests</th><th>first difference</th></tr>")
        for failure in shown:
            lines.append(f"<tr><td><code>{_e(failure['id'])}</code></td><td>{_e(failure['class'])}</td>"
                         f"<td>{_e(failure['status'])}</td><td>{_e(', '.join(failure['flags']))}</td>"
                         f"<td>{_faults_cell(failure['faults'], data)}</td><td><code>{_e(failure['detail'])}</code></td></tr>")
        lines.append("</table>")
        if entry["numberOfFailures"] > len(shown):
            lines.append(f'<p class="meta">... and {entry["numberOfFailures"] - len(shown)} more '
                         f"(conformance.json lists up to {len(entry['failures'])}).</p>")
    return lines


def render(data: dict) -> str:
    """The page of the report ``data`` (module doc)."""
    vectors = data["vectors"]
    by_class = ", ".join(f"{n} {c}" for c, n in vectors["byClass"].items())
    lines = ["<!DOCTYPE html>", '<html lang="en"><head><meta charset="utf-8">',
             "<title>bleuprint conformance report</title>", f"<style>{STYLE}</style></head>",
             f'<body data-generated="{_e(data["generated"])}">',
             "<h1>bleuprint conformance report</h1>",
             f'<p class="meta">Generated {_e(data["generated"])} by bleuprint {_e(data["bleuprintVersion"])}; '
             f'{vectors["numberOfTests"]} vectors in {vectors["numberOfFiles"]} files ({_e(by_class)}; from '
             f'{_e(vectors["source"])}); fuzz: {data["fuzz"]["examples"]} examples per entry, seed {data["fuzz"]["seed"]}. '
             f'Machine-readable: <a href="conformance.json">conformance.json</a> (schema '
             f'<a href="schemas/bleuprint_conformance_report_v1.json">bleuprint_conformance_report_v1</a>).</p>',
             "<p>Each cell counts, per class of vector, the vectors passed of those sent: <b>pass</b> (must give "
             "the expected score), <b>refuse</b> (must refuse the input), <b>impl-def</b> (implementation-defined: "
             "reported, never held against it). An entry conforms when every must-pass and must-refuse vector "
             "passed and the fuzz agreed.</p>"]
    lines += _matrix(data)
    if data["notInstalled"] or data["notStarted"]:
        lines.append("<h2>Not run</h2><ul>")
        for item in data["notInstalled"]:
            lines.append(f"<li>{_e(item['name'])}: not installed here ({_e(item['pip'])})</li>")
        for item in data["notStarted"]:
            lines.append(f"<li><code>{_e(item['source'])}</code>: {_e(item['error'])}</li>")
        lines.append("</ul>")
    lines.append('<h2 id="changes">Changes since the previous run</h2>')
    if not data["history"]:
        lines.append("<p>No earlier report in history/: this is the first run kept here.</p>")
    elif not data["changes"]:
        lines.append(f"<p>None since {_e(data['history'][0]['generated'])}.</p>")
    else:
        lines.append(f"<p>Since {_e(data['history'][0]['generated'])}:</p><table id=\"changes-table\"><tr><th>entry</th>"
                     "<th>before</th><th>after</th><th>vectors now failing</th><th>vectors fixed</th></tr>")
        for change in data["changes"]:
            lines.append(f"<tr><td>{_e(change['entry'])}</td><td>{_e(change['before'] or 'absent')}</td>"
                         f"<td>{_e(change['after'] or 'absent')}</td><td>{_e(', '.join(change['newFailures'][:20]))}</td>"
                         f"<td>{_e(', '.join(change['fixed'][:20]))}</td></tr>")
        lines.append("</table>")
    lines.append('<h2 id="history">History</h2><ul id="history-list">')
    stamp = data["generated"].replace(":", "-")
    lines.append(f'<li><a href="history/{_e(stamp)}.json">{_e(data["generated"])}</a> (this run)</li>')
    for item in data["history"]:
        lines.append(f'<li><a href="{_e(item["file"])}">{_e(item["generated"])}</a></li>')
    lines.append("</ul>")
    lines.append("<h2>Entries</h2>")
    for implementation in data["implementations"]:
        for note in implementation["notes"]:
            lines.append(f'<p class="meta">{_e(implementation["name"])}: {_e(note)}</p>')
        for entry in implementation["entries"]:
            lines += _entry_details(implementation, entry, data)
    lines += ["</body></html>", ""]
    return "\n".join(lines)
