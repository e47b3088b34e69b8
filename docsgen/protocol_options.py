"""The options table of the port protocol (``docs/port-protocol.md``, issue 37 item 4):
every registered metric's options, written from the registry's ``Option`` data, so that a
porter learns each option's JSON type, default, allowed values and meaning without
reading Python, and which of them the example ports (``examples/ports``) implement.

The table lives in the hand-written page between two marker comments and is committed
(a porter reads the page on GitHub as often as on the site). ``tests/docs`` checks that the
committed table is the one the registry gives now; after changing a metric's options run

    python -m docsgen.protocol_options

from the repository root to rewrite it (``--check`` only says whether it is current).

What the example ports implement is data (``examples/ports/implemented.json``: per port
and metric, the option values it answers ``skipped``); ``tests/ports`` probes the built
ports and holds that file to their answers.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
PAGE = ROOT / "docs" / "port-protocol.md"
PORTS_DATA = ROOT / "examples" / "ports" / "implemented.json"
BEGIN = "<!-- options: generated from the registry by docsgen/protocol_options.py; do not edit by hand -->"
END = "<!-- end of the generated options -->"
#: The example ports' names as the page shows them.
PORT_TITLES = {"go": "Go", "rust": "Rust"}
STAGES = {"stats": "statistics", "score": "score", "both": "statistics and score"}


def _json(value) -> str:
    return "`" + json.dumps(value, ensure_ascii=False) + "`"


def _cell(text: str) -> str:
    return str(text).replace("|", "\\|").replace("\n", " ")


def allowed(option) -> str:
    """The values ``option`` allows, in JSON terms (choices, a range, ``null``)."""
    parts = []
    if option.choices is not None:
        parts.append("one of " + ", ".join(_json(c) for c in option.generated_choices))
        if option.outside:
            parts.append("(also " + ", ".join(_json(c) for c in option.outside)
                         + ", which need a package or model file from outside: never sent by the tools)")
    else:
        kind = {"bool": "`true` or `false`", "int": "an integer", "float": "a finite number",
                "str": "a string"}[option.describe()["type"]]
        bounds = []
        if option.minimum is not None:
            bounds.append(f">= {option.minimum:g}")
        if option.maximum is not None:
            bounds.append(f"<= {option.maximum:g}")
        parts.append(kind + (" " + " and ".join(bounds) if bounds else ""))
    if option.nullable:
        parts.append("or `null`")
    return " ".join(parts)


def load_ports(path: Path = PORTS_DATA) -> dict:
    """``{port: {metric: {"skips": {option: [values]}}}}`` of ``examples/ports/implemented.json``."""
    return json.loads(path.read_text(encoding="utf-8"))["ports"]


def port_cell(metric: str, option, ports: dict) -> str:
    """What the example ports do with ``option`` of ``metric``: "yes", the values they
    implement (and skip), or "not listed" where a port does not list the metric; ports
    that agree share one entry."""
    answers: dict = {}
    for port, metrics in ports.items():
        if metric not in metrics:
            answer = "not listed"
        else:
            skips = metrics[metric]["skips"].get(option.name, [])
            if not skips:
                answer = "yes"
            else:
                kept = [v for v in (option.generated_choices or ()) if v not in skips]
                answer = (", ".join(_json(v) for v in kept) + " (skips " + ", ".join(_json(v) for v in skips) + ")")
        answers.setdefault(answer, []).append(PORT_TITLES.get(port, port))
    if len(answers) == 1:
        return next(iter(answers))
    return "; ".join(f"{', '.join(names)}: {answer}" for answer, names in answers.items())


def section(ports: dict | None = None) -> str:
    """The generated Markdown between the markers (module doc)."""
    from bleuprint.core import get_metric, metric_names

    ports = load_ports() if ports is None else ports
    titles = " and ".join(PORT_TITLES.get(p, p) for p in ports)
    listed = [name for name in metric_names() if any(name in metrics for metrics in ports.values())]
    without = [name for name in metric_names() if not get_metric(name).options]
    lines = [BEGIN, "",
             f"Every metric bleuprint has ({len(metric_names())}), in registry order, with every option a `run` "
             "request carries for it: its JSON type, its default (what `options` holds when the option is not "
             "varied), the values it allows (anything else must be refused with an `error`), the stage that "
             "reads it (the per-segment `statistics`, or only the `score` of the summed statistics) and what it "
             f"means. The last column says what the example ports ({titles}, `examples/ports`) implement: "
             "`yes`, the values they implement (a value they skip is answered `skipped`), or `not listed` "
             f"(they list {', '.join(f'`{n}`' for n in listed)} only).", ""]
    if without:
        lines += ["Metrics with no option (`options` is `{}`): " + ", ".join(f"`{n}`" for n in without) + ".", ""]
    for name in metric_names():
        metric = get_metric(name)
        if not metric.options:
            continue
        lines += [f"### `{name}`", "", f"{_cell(metric.title)}.", "",
                  "| option | type | default | allowed | read by | meaning | example ports |",
                  "|---|---|---|---|---|---|---|"]
        for option in metric.options:
            described = option.describe()
            lines.append(f"| `{option.name}` | {described['type']} | {_json(option.default)} | {_cell(allowed(option))} "
                         f"| {STAGES[option.stage]} | {_cell(option.doc)} | {_cell(port_cell(name, option, ports))} |")
        lines.append("")
    lines.append(END)
    return "\n".join(lines)


def rendered(text: str, generated: str | None = None) -> str:
    """``text`` (the page) with the part between the markers replaced by ``section()``.
    ValueError when the page does not hold both markers, in order."""
    if text.count(BEGIN) != 1 or text.count(END) != 1 or text.index(BEGIN) > text.index(END):
        raise ValueError(f"{PAGE.name} must hold the two markers of the generated options once each, in order")
    head, rest = text.split(BEGIN, 1)
    _, tail = rest.split(END, 1)
    return head + (section() if generated is None else generated) + tail


def main(argv=None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    text = PAGE.read_text(encoding="utf-8")
    new = rendered(text)
    if "--check" in argv:
        current = new == text
        print(f"{PAGE.relative_to(ROOT)}: the options table is {'current' if current else 'stale: run python -m docsgen.protocol_options'}")
        return 0 if current else 1
    if new != text:
        PAGE.write_text(new, encoding="utf-8")
        print(f"rewrote the options table of {PAGE.relative_to(ROOT)}")
    return 0


if __name__ == "__main__":
    if str(ROOT) not in sys.path:
        sys.path.insert(0, str(ROOT))
    sys.exit(main())
