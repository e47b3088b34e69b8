"""``bleuprint verify --metric NAME...`` (issue 33 item 7): the rows of the metrics named
only, with the same cases as in a full run; unknown names and a named metric whose data
is missing refused in one line."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

from bleuprint import verify
from bleuprint.cli import main
from bleuprint.core import metric_names

ROOT = Path(__file__).resolve().parents[2]


def test_a_metrics_generated_cases_do_not_depend_on_the_others_chosen():
    """chrF's generated cases alone are chrF's cases of chrF's and BLEU's, corpus for
    corpus (with one generator shared by every metric, BLEU's draws would move chrF's)."""
    alone = verify.generated_cases(metrics=["chrf"])
    both = verify.generated_cases(metrics=["bleu", "chrf"])
    assert alone and alone == [case for case in both if case["metric"] == "chrf"]
    assert {case["metric"] for case in both} == {"bleu", "chrf"}


def test_verify_of_one_metric_has_its_rows_only():
    """``run(..., metrics=["chrf"])``: hand, golden, generated and interval rows, each of
    chrF (the interval families name the metric after a colon), every case equal."""
    rows, _ = verify.run(["impl"], live=False, metrics=["chrf"])
    assert {row.metric for row in rows} == {"chrf", "intervals"}
    assert {row.oracle for row in rows if row.metric == "chrf"} == {"hand", "goldens", "spec"}
    assert all(row.family.endswith(":chrf") for row in rows if row.metric == "intervals")
    assert all(row.ok for row in rows) and sum(row.cases for row in rows) > 100


def test_an_unknown_metric_is_refused_in_one_line(capsys):
    assert main(["verify", "--metric", "chrf", "CHRF", "--no-live"]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and err.startswith("bleuprint: verify: unknown metric 'CHRF'")
    assert all(name in err for name in metric_names())


def test_a_named_metric_without_its_wordnet_is_refused_in_one_line(tmp_path):
    empty = tmp_path / "nltk_data"
    empty.mkdir()
    env = {key: value for key, value in os.environ.items() if key != "BLEUPRINT_WORDNET"}
    env.update(NLTK_DATA=str(empty), PYTHONPATH=str(ROOT))
    result = subprocess.run([sys.executable, "-m", "bleuprint", "verify", "--metric", "meteor_nltk", "--no-live"],
                            capture_output=True, text=True, env=env, cwd=ROOT, timeout=300)
    if "WordNet" not in result.stderr and result.returncode == 0:
        import pytest

        pytest.skip("WordNet is found without NLTK_DATA here")
    assert result.returncode == 1 and result.stdout == ""
    assert result.stderr.count("\n") == 1 and result.stderr.startswith(
        "bleuprint: verify: cannot verify meteor_nltk here: WordNet 3.0 not found"), result.stderr
