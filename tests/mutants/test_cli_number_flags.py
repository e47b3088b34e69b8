"""``bleuprint mutants``' numeric flags (issue #33 item 5's siblings): ``--jobs`` and
``--max-examples`` below 1 are refused with one line naming the flag and status 2, before
any work. Before: ``--jobs -1`` ran the whole suite in one process without a word, and
``--max-examples -1`` (explain) first failed on whatever came next (an unreadable matrix
here; with a readable one, Hypothesis's InvalidArgument traceback). Run in-process; the
refusal comes before any mutant, file or test is touched."""

from __future__ import annotations

import pytest

from bleuprint.cli import main


@pytest.mark.parametrize("argv, flag", [
    (["mutants", "run", "--jobs", "0", "--only", "no-such-mutant"], "--jobs"),
    (["mutants", "run", "--jobs", "-1", "--only", "no-such-mutant"], "--jobs"),
    (["mutants", "explain", "no-such-matrix.json", "--max-examples", "-1"], "--max-examples"),
    (["mutants", "grade", "no-such-suite", "--max-examples", "0"], "--max-examples"),
])
def test_numbers_below_one_are_refused_naming_the_flag(capsys, argv, flag):
    assert main(argv) == 2
    captured = capsys.readouterr()
    assert captured.out == "" and len(captured.err.splitlines()) == 1, captured.err
    assert captured.err.startswith(f"bleuprint: mutants {argv[1]}: {flag} "), captured.err
