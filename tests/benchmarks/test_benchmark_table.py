"""benchmarks/table.py (issue 40 item 6): the table's structure, and its ``exact?`` column
computed from each contestant's own numbers. Its timings are not checked (speed claims
live in the benchmarks, not in tests)."""

from __future__ import annotations

import math
import sys
from pathlib import Path

import pytest

BENCHMARKS = Path(__file__).resolve().parents[2] / "benchmarks"


@pytest.fixture(scope="module")
def table():
    sys.path.insert(0, str(BENCHMARKS))
    try:
        import table as module
    finally:
        sys.path.remove(str(BENCHMARKS))
    return module


COLUMNS = {"row", "data", "tool", "cpu_s", "wall_s", "x_bleuprint_cpu", "exact", "floor_cpu_s"}


def check_structure(rows: list, row_names: set) -> None:
    assert {r["row"] for r in rows} == row_names
    for name in row_names:
        mine = [r for r in rows if r["row"] == name]
        assert len(mine) >= 2  # bleuprint and at least one peer
        assert [r["exact"] for r in mine].count("ref") == 1 and mine[0]["exact"] == "ref"
        assert len({r["floor_cpu_s"] for r in mine}) == 1 and mine[0]["floor_cpu_s"] >= 0
    for r in rows:
        assert set(r) == COLUMNS
        assert r["cpu_s"] >= 0 and r["wall_s"] > 0 and math.isfinite(r["x_bleuprint_cpu"])
        assert r["exact"] in ("ref", "yes", "yes*") or r["exact"].startswith("no (")


def test_perplexity_row_structure_and_markdown(table):
    """The perplexity row (synthetic data: no corpus needed): one line per contestant,
    math.fsum the reference, every contestant's value compared with it; the Markdown table
    has the header, the load and one line per contestant."""
    rows, header = table.run(["perplexity"], quick=True, repeats=1)
    check_structure(rows, {"perplexity"})
    tools = [r["tool"] for r in rows]
    assert tools[0] == "math.fsum (exact)" and "bleuprint perplexity" in tools and "numpy one-liner" in tools
    ours = next(r for r in rows if r["tool"] == "bleuprint perplexity")
    assert ours["exact"] == "yes" and ours["x_bleuprint_cpu"] == pytest.approx(1.0)
    text = table.markdown(rows, header)
    lines = text.splitlines()
    assert "load average" in lines[0] and header["load_before"] in lines[0]
    assert lines[2].startswith("| row | data | contestant | CPU s | wall s | x bleuprint (CPU) | exact? |")
    assert sum(line.startswith("| ") for line in lines[4:]) == len(rows)


def test_exact_column_reports_a_contestant_whose_numbers_differ(table, monkeypatch):
    """A contestant made to answer one ulp off the exact perplexity is reported
    ``no (1 of 1 differ)``; the others stay ``yes``: the column compares the numbers."""
    import perplexity

    real = perplexity.tools

    def skewed(lp):
        calls = real(lp)
        right = calls["bleuprint perplexity"]
        calls["bleuprint perplexity"] = lambda: math.nextafter(right(), math.inf)
        return calls

    monkeypatch.setattr(perplexity, "tools", skewed)
    rows, _ = table.run(["perplexity"], quick=True, repeats=1)
    exact = {r["tool"]: r["exact"] for r in rows}
    assert exact["bleuprint perplexity"] == "no (1 of 1 differ)"
    assert exact["bleuprint cross_entropy"] == "yes"


def test_exactness_by_hand(table):
    """By hand: reference [1, 2, 3]; a contestant answering [1, 2, 3] is yes, [1, 2, 4]
    differs in 1 of 3, [1, 2] has the wrong length; tolerance 0.5 makes [1, 2, 3.4] yes; a
    contestant of another definition is compared with its own expected numbers (yes*)."""
    row = table.Row("r", "d", {"ref": None, "a": None, "b": None, "c": None, "d": None}, lambda tool, r: r, "a", [],
                    0.5, {"d": lambda: [9.0]})
    timings = {"ref": (1, 1, [1, 2, 3]), "a": (1, 1, [1, 2, 3.4]), "b": (1, 1, [1, 2, 4]), "c": (1, 1, [1, 2]),
               "d": (1, 1, [9.0])}
    assert table.exactness(row, timings) == {"ref": "ref", "a": "yes", "b": "no (1 of 3 differ)",
                                             "c": "no (2 numbers, 3 expected)", "d": "yes*"}


def test_wer_row_on_the_corpus(table, ted_corpus_path, monkeypatch):
    """The WER and CER rows on the real corpus (quick sizes): jiwer the reference, every
    installed peer and bleuprint compared with it."""
    pytest.importorskip("jiwer")
    pytest.importorskip("rapidfuzz")
    monkeypatch.setattr(table, "corpus_path", lambda: ted_corpus_path)
    import wer

    monkeypatch.setattr(wer, "corpus_path", lambda given: ted_corpus_path)
    rows, _ = table.run(["wer"], quick=True, repeats=1)
    check_structure(rows, {"WER", "CER"})
    assert all(r["exact"] in ("ref", "yes") for r in rows)
