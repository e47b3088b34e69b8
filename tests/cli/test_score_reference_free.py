"""``bleuprint score REF -i SYS -m M`` with a metric M that scores the hypotheses alone
(``Metric.references`` False): issue #33 item 3. The reference file was read and dropped
without a word (status 0), where the Python API refuses the same call (TypeError: takes no
references). It is refused with one line on standard error and status 1; with a metric
that does use references among -m, the references are that metric's."""

from __future__ import annotations

import json

import pytest

from bleuprint.core import get_metric, metric_names
from cli_harness import run_bleuprint
from bleuprint.spec.inputs import input_hooks

REFERENCE_FREE = [name for name in metric_names() if not get_metric(name).references]


@pytest.fixture
def files(tmp_path):
    """``sys.txt``: lines that every reference-free metric reads (numbers are
    log-probabilities for perplexity and cross-entropy, words for the others) but
    model_score, which reads ``scores.txt``."""
    (tmp_path / "ref.txt").write_text("a b c\nd e\n", encoding="utf-8")
    (tmp_path / "sys.txt").write_text("-0.5 -1.25 -2\n-0.75 -3\n", encoding="utf-8")
    (tmp_path / "scores.txt").write_text("0.5\n-1.25\n", encoding="utf-8")
    return tmp_path


def _system_file(name: str) -> str:
    """``scores.txt`` (one score a line) for a metric whose segments are a model's scores."""
    return "scores.txt" if input_hooks(get_metric(name)).segment_kind == "score" else "sys.txt"


def test_the_registry_has_reference_free_metrics():
    """The parametrized test below walks these; an empty list would make it vacuous."""
    assert "distinct_n" in REFERENCE_FREE and len(REFERENCE_FREE) >= 2


@pytest.mark.parametrize("name", REFERENCE_FREE)
def test_a_reference_file_for_a_metric_without_references_is_refused(files, monkeypatch, name):
    """With the reference file: status 1, nothing on standard output, one line naming the
    metric and the file. Without it, the same metric scores the same hypotheses (status 0),
    so the refusal is about the file."""
    got = run_bleuprint(["ref.txt", "-i", _system_file(name), "-m", name], files, None, {}, monkeypatch)
    assert (got.status, got.stdout) == (1, ""), got.stderr
    assert got.stderr.count("\n") == 1 and name in got.stderr and "ref.txt" in got.stderr, got.stderr
    alone = run_bleuprint(["-i", _system_file(name), "-m", name], files, None, {}, monkeypatch)
    assert alone.status == 0, alone.stderr


def test_references_go_to_the_metric_that_takes_them(files, monkeypatch):
    """``-m distinct_n bleu`` with a reference file: BLEU's entry is that of ``-m bleu``
    alone and distinct_n's that of ``-m distinct_n`` without the file (status 0): the
    refusal's scope (this one passed before the fix too)."""
    (files / "sys2.txt").write_text("a b x\nd e\n", encoding="utf-8")
    both = run_bleuprint(["ref.txt", "-i", "sys2.txt", "-m", "distinct_n", "bleu"], files, None, {}, monkeypatch)
    bleu = run_bleuprint(["ref.txt", "-i", "sys2.txt", "-m", "bleu"], files, None, {}, monkeypatch)
    distinct = run_bleuprint(["-i", "sys2.txt", "-m", "distinct_n"], files, None, {}, monkeypatch)
    assert both.status == bleu.status == distinct.status == 0, both.stderr + bleu.stderr + distinct.stderr
    by_name = lambda entries: sorted(entries, key=lambda entry: entry["name"])  # noqa: E731
    assert by_name(json.loads(both.stdout)) == by_name([json.loads(distinct.stdout), json.loads(bleu.stdout)])
