"""The options table of ``docs/port-protocol.md`` (issue 37 item 4) is generated from the
registry by ``docsgen/protocol_options.py`` and committed: the committed table must be the
one the registry gives now, and the generator must read the registry (a metric or an
option added shows up, a changed default changes the table)."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest
from bleuprint.core.options import find_option

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))
from docsgen import protocol_options  # noqa: E402


def test_the_committed_table_is_the_one_the_registry_gives():
    """Fails when an option, a default, a range or a doc changed and the page was not
    regenerated (python -m docsgen.protocol_options)."""
    text = protocol_options.PAGE.read_text(encoding="utf-8")
    assert protocol_options.rendered(text) == text, "stale: run python -m docsgen.protocol_options"


def test_every_metric_and_every_option_is_on_the_page():
    from bleuprint.core import get_metric, metric_names

    text = protocol_options.PAGE.read_text(encoding="utf-8")
    table = text.split(protocol_options.BEGIN, 1)[1].split(protocol_options.END, 1)[0]
    for name in metric_names():
        metric = get_metric(name)
        if not metric.options:
            assert f"`{name}`" in table.split("###", 1)[0], f"{name} (no option) is not named"
            continue
        block = table.split(f"### `{name}`\n", 1)[1].split("###", 1)[0]
        rows = [line.split("|")[1].strip() for line in block.splitlines() if line.startswith("| `")]
        assert rows == [f"`{option.name}`" for option in metric.options], name


def test_a_new_option_or_default_changes_the_table():
    """A metric registered here with one option appears with its row; the row gives the
    JSON default, the range and the example ports' answer (not listed by either port)."""
    from bleuprint.core import Metric, Option, register, unregister

    class Toy(Metric):
        name = "toy_metric_for_the_table"
        title = "A toy"
        options = (Option("width", int, 3, "how wide", stage="stats", minimum=1, maximum=9),)

    before = protocol_options.section()
    register(Toy())
    try:
        after = protocol_options.section()
    finally:
        unregister(Toy.name)
    assert "toy_metric_for_the_table" not in before
    assert ("| `width` | int | `3` | an integer >= 1 and <= 9 | statistics | how wide | not listed |"
            in after.splitlines())


@pytest.mark.parametrize("skips, expected", [
    ({"go": {}, "rust": {}}, "yes"),
    ({"go": {"tokenize": ["intl", "zh", "char"]}, "rust": {}},
     'Go: `"13a"`, `"none"` (skips `"intl"`, `"zh"`, `"char"`); Rust: yes'),
])
def test_the_ports_column_reads_the_ports_data(skips, expected):
    """BLEU's tokenize generates 13a, none, intl, zh, char (the outside ones are never
    sent): a port skipping intl, zh and char implements 13a and none."""
    from bleuprint.core import get_metric

    ports = {port: {"bleu": {"skips": s}} for port, s in skips.items()}
    assert protocol_options.port_cell("bleu", find_option(get_metric("bleu"), "tokenize"), ports) == expected
    assert protocol_options.port_cell("chrf", find_option(get_metric("chrf"), "n"), ports) == "not listed"


def test_the_ports_data_names_registered_metrics_and_options():
    from bleuprint.core import get_metric

    for port, metrics in protocol_options.load_ports().items():
        for metric, data in metrics.items():
            definition = get_metric(metric)
            for option, values in data["skips"].items():
                assert set(values) <= set(find_option(definition, option).generated_choices), (port, metric, option)
    assert json.loads(protocol_options.PORTS_DATA.read_text(encoding="utf-8"))["comment"]
