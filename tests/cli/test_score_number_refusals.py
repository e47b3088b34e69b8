"""``bleuprint score -sv``: a smoothing value that is not a finite number >= 0 (issue 12,
item 6). sacreBLEU's command line prints ``BLEU = nan`` or ``BLEU = inf`` with status 0,
or stops with a ``math domain error`` traceback (status 1); bleuprint prints one line,
``bleuprint: -sv/--smooth-value: ...``, on standard error, nothing on standard output,
and exits with status 1. Legitimate edges (0, a tiny value) print sacreBLEU's output byte
for byte."""

from __future__ import annotations

import pytest

from cli_harness import needs_sacrebleu, run_bleuprint, run_sacrebleu


@pytest.fixture
def files(tmp_path):
    """Two segments with no trigram or 4-gram match, so that floor smoothing applies."""
    (tmp_path / "ref.txt").write_text("a b c d\ne f\n", encoding="utf-8")
    (tmp_path / "sys.txt").write_text("a b x y\ne g\n", encoding="utf-8")
    return tmp_path


@needs_sacrebleu
@pytest.mark.parametrize("value, sacrebleu_says", [("nan", "= nan "), ("inf", "= inf "), ("-1", "math domain error")])
def test_smoothing_values_that_are_not_numbers(files, monkeypatch, value, sacrebleu_says):
    argv = f"ref.txt -i sys.txt -s floor -sv {value} -f text".split()
    theirs = run_sacrebleu(argv, files)
    assert sacrebleu_says in theirs.stdout + theirs.stderr
    got = run_bleuprint(argv, files, None, {}, monkeypatch)
    assert (got.status, got.stdout) == (1, "")
    shown = {"nan": "nan", "inf": "inf", "-1": "-1.0"}[value]
    assert got.stderr == (f"bleuprint: -sv/--smooth-value: smooth_value must be a finite number >= 0 "
                          f"(at most 2**53), got {shown}\n")


@pytest.mark.parametrize("method", ["add-k", "exp", "none"])
def test_refused_for_every_method(files, monkeypatch, method):
    """The value is checked whatever the method (exp and none ignore it)."""
    got = run_bleuprint(f"ref.txt -i sys.txt -s {method} -sv -0.5".split(), files, None, {}, monkeypatch)
    assert (got.status, got.stdout) == (1, "")
    assert got.stderr.count("\n") == 1 and got.stderr.startswith("bleuprint: -sv/--smooth-value: smooth_value must")


@needs_sacrebleu
@pytest.mark.parametrize("flags", ["-s floor -sv 0", "-s floor -sv 1e-300", "-s add-k -sv 0", "-s add-k -sv 1e-300"])
def test_legitimate_edges_print_what_sacrebleu_prints(files, monkeypatch, flags):
    argv = f"ref.txt -i sys.txt {flags} -f text".split()
    theirs = run_sacrebleu(argv, files)
    got = run_bleuprint(argv, files, None, {}, monkeypatch)
    assert theirs.status == 0 and (got.status, got.stdout) == (theirs.status, theirs.stdout)
