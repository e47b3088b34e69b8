"""The report a student opens in a browser: ``bleuprint mutants report --html DIR``.

The page is made from a Stryker report (``report.stryker_report``, the
mutation-testing-report-schema document ``run --stryker`` writes) and shown by Stryker's
own web component, ``<mutation-test-report-app>`` of the npm package
mutation-testing-elements (vendored in ``web/``, copied beside the page, so it opens
offline): the source of each mutated spec file with its mutants, their status, killers and
the tests that cover them. bleuprint adds what that component cannot know:

* above it, the counts (mutants, killed, survived, without a covering test);
* each surviving mutant's killing input, from ``bleuprint mutants explain --json``: the
  ready test, or "probably equivalent" with the examples tried and the reason; it is also
  the mutant's ``statusReason``, which the component shows in the mutant's drawer. With
  the teacher's flag (findings written with ``--hide-inputs``) only the verdict is shown.

Once the component has rendered, a small script copies the text it shows (its shadow
DOM) into ``<pre id="component-text" hidden>``, so that a headless browser's DOM dump can
check what a student sees.
"""

from __future__ import annotations

import html
import json
import shutil
from pathlib import Path

WEB = Path(__file__).resolve().parent / "web"
BUNDLE = "mutation-test-elements.js"

STATUS_COUNTED = ("Killed", "Survived", "NoCoverage")


def counts(stryker: dict) -> dict:
    """Mutants per status over every file of a Stryker report, and the total."""
    found = {status: 0 for status in STATUS_COUNTED}
    total = 0
    for entry in stryker["files"].values():
        for mutant in entry["mutants"]:
            total += 1
            found[mutant["status"]] = found.get(mutant["status"], 0) + 1
    return {"total": total, **found}


def _killing_text(finding: dict) -> str:
    from .search import Finding, killing_test

    if "hint" in finding:  # an exercise's verdict (bleuprint.mutants.verdicts)
        if finding["verdict"] == "killable":
            return finding["hint"]
        note = f" ({finding['note']})" if finding.get("note") else ""
        return f"no killing input found in {finding['examples']} examples{note}: keep looking"
    if finding["verdict"] != "killable":
        reason = f": {finding['reason']}" if finding.get("reason") else ""
        return f"probably equivalent (no input found in {finding['examples']} examples){reason}"
    if finding.get("hidden"):
        return (f"killable: an input exists on which the spec and this mutant differ (found after "
                f"{finding['examples']} examples); hidden by the teacher")
    fields = {k: v for k, v in finding.items() if k != "hidden"}
    return killing_test(Finding(**fields))


def with_findings(stryker: dict, findings: list[dict]) -> dict:
    """A copy of the Stryker report whose surviving mutants carry their killing input (or
    the equivalence verdict) as ``statusReason``."""
    by_id = {f["id"]: f for f in findings}
    out = json.loads(json.dumps(stryker))
    for entry in out["files"].values():
        for mutant in entry["mutants"]:
            if mutant["id"] in by_id and mutant["status"] != "Killed":
                mutant["statusReason"] = _killing_text(by_id[mutant["id"]])
    return out


_RENDERED = """
customElements.whenDefined('mutation-test-report-app').then(async () => {
  const app = document.querySelector('mutation-test-report-app');
  app.report = JSON.parse(document.getElementById('stryker-report').textContent);
  const settle = async (node) => {
    if (node.updateComplete) { await node.updateComplete; }
    const root = node.shadowRoot;
    if (root) { for (const child of root.querySelectorAll('*')) { await settle(child); } }
  };
  await settle(app);
  await new Promise((resolve) => setTimeout(resolve, 200));
  await settle(app);
  const text = (node) => {
    let out = '';
    for (const child of (node.shadowRoot || node).childNodes) {
      if (child.nodeType === Node.TEXT_NODE) { out += child.textContent + ' '; }
      else if (child.nodeType === Node.ELEMENT_NODE && child.tagName !== 'STYLE') { out += text(child); }
    }
    return out;
  };
  const copy = document.getElementById('component-text');
  copy.textContent = text(app).replace(/\\s+/g, ' ').trim();
  document.body.dataset.rendered = 'yes';
});
"""


def page(stryker: dict, findings: list[dict], title: str = "bleuprint mutants") -> str:
    """The HTML text of the report (module doc)."""
    report = with_findings(stryker, findings)
    c = counts(report)
    survivors = [(path, m) for path, entry in report["files"].items() for m in entry["mutants"]
                 if m["status"] != "Killed"]
    by_id = {f["id"]: f for f in findings}
    items = []
    for path, mutant in survivors:
        finding = by_id.get(mutant["id"])
        line = mutant["location"]["start"]["line"]
        verdict = "not searched" if finding is None else (
            "killable" if finding["verdict"] == "killable" else
            "no killing input found" if "hint" in finding else "probably equivalent")
        body = mutant.get("statusReason", "run bleuprint mutants explain to find the input that kills it")
        items.append(
            f'<li class="survivor" id="survivor-{html.escape(mutant["id"])}"><p><code>{html.escape(mutant["id"])}</code> '
            f'{html.escape(mutant["status"])} at <code>{html.escape(path)}:{line}</code>: '
            f'{html.escape(mutant["description"])} <strong>[{verdict}]</strong></p>'
            f'<pre class="killing-input">{html.escape(body)}</pre></li>')
    data = json.dumps(report).replace("</", "<\\/")
    summary = (f'<p id="counts">mutants: <span id="count-total">{c["total"]}</span>, '
               f'killed: <span id="count-killed">{c["Killed"]}</span>, '
               f'survived: <span id="count-survived">{c["Survived"]}</span>, '
               f'no covering test: <span id="count-nocoverage">{c["NoCoverage"]}</span></p>')
    return f"""<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>{html.escape(title)}</title>
<script src="{BUNDLE}"></script>
<style>body {{ font-family: sans-serif; margin: 1em; }} pre {{ background: #f4f4f4; padding: .5em; overflow-x: auto; }}</style>
</head>
<body>
<h1>{html.escape(title)}</h1>
{summary}
<mutation-test-report-app title-postfix="bleuprint"></mutation-test-report-app>
<section id="killing-inputs">
<h2>The inputs that kill the surviving mutants</h2>
<p>For each mutant your tests let live, bleuprint searched (Hypothesis, against the spec) for the smallest input on
which the mutant and the spec differ: that input, as a test, is the test your suite is missing.</p>
<ul>
{chr(10).join(items) or "<li>every mutant was killed</li>"}
</ul>
</section>
<pre id="component-text" hidden></pre>
<script type="application/json" id="stryker-report">{data}</script>
<script>{_RENDERED}</script>
</body>
</html>
"""


def write(folder: str | Path, stryker: dict, findings: list[dict], title: str = "bleuprint mutants") -> Path:
    """Write ``index.html`` and the component's bundle (with its licence) into ``folder``;
    returns the page's path."""
    folder = Path(folder)
    folder.mkdir(parents=True, exist_ok=True)
    shutil.copyfile(WEB / BUNDLE, folder / BUNDLE)
    shutil.copyfile(WEB / "LICENSE", folder / "mutation-testing-elements.LICENSE")
    target = folder / "index.html"
    target.write_text(page(stryker, findings, title), encoding="utf-8")
    return target
