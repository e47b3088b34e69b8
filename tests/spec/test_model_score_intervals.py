"""model_score's bootstrap interval and paired tests are sacreBLEU's (2.5.1) conventions on
the segment scores: sacreBLEU's own resampling code run live on the same scores
(``bleuprint.oracles.sacrebleu_model_scores``: a sacreBLEU metric whose segments are
numbers), in both layers. Tolerance: the resample scores, μ, the half-width and the
p-values equal (``==``); the draws, the float32 sums and the order statistics are the same
operations. Also through ``bleuprint score`` (``--confidence``, ``--paired-bs``,
``--paired-ar``) and Dask."""

from __future__ import annotations

import json
import random

import numpy as np
import pytest

import bleuprint
from bleuprint import spec

sacrebleu = pytest.importorskip("sacrebleu")
from bleuprint.oracles.sacrebleu_model_scores import oracle_bootstrap_scores, oracle_paired_scores  # noqa: E402


def _system(seed: int, n: int, shift: float = 0.0) -> list[float]:
    rng = random.Random(seed)
    return [round(rng.uniform(-0.5, 1.0) + shift, 6) for _ in range(n)]


CASES = [(1, 12, 1000, 12345), (2, 40, 1000, 12345), (3, 7, 37, 1), (4, 200, 100, 777)]


@pytest.mark.parametrize("seed, n, n_boot, rng_seed", CASES)
@pytest.mark.parametrize("layer", [spec, bleuprint.impl], ids=["spec", "impl"])
def test_bootstrap_is_sacrebleus(layer, seed, n, n_boot, rng_seed):
    scores = _system(seed, n)
    theirs = oracle_bootstrap_scores(scores, n_boot, rng_seed)
    ours = layer.bootstrap("model_score", scores, None, n_boot=n_boot, rng=np.random.default_rng(rng_seed))
    assert (ours.score, ours.mean, ours.half_width) == (theirs.score, theirs.mean, theirs.ci)
    assert list(ours.scores) == list(theirs.scores)


@pytest.mark.parametrize("test, n", [("bs", 1000), ("ar", 10000), ("bs", 50), ("ar", 99)])
@pytest.mark.parametrize("layer", [spec, bleuprint.impl], ids=["spec", "impl"])
def test_paired_tests_are_sacrebleus(layer, test, n):
    baseline, better, close = _system(5, 60), _system(5, 60, 0.05), _system(6, 60)
    base, rows = oracle_paired_scores(baseline, [better, close], test, n, 12345)
    run = layer.paired_bootstrap if test == "bs" else layer.paired_approximate_randomization
    ours = run("model_score", baseline, [better, close], None, n=n, seed=12345)
    assert (ours.baseline.score, ours.baseline.mean, ours.baseline.ci) == (base.score, base.mean, base.ci)
    for mine, theirs in zip(ours.systems, rows):
        assert (mine.score, mine.p_value, mine.mean, mine.ci) == (theirs.score, theirs.p_value, theirs.mean,
                                                                    theirs.ci)


def test_score_command_prints_the_same_numbers(tmp_path, monkeypatch):
    """``bleuprint score -m model_score`` on a TSV of two systems with ``--paired-bs``, and on
    one file of one score a line with ``--confidence``: the JSON's numbers are the oracle's."""
    from cli_harness import run_bleuprint

    baseline, system = _system(7, 30), _system(8, 30, 0.1)
    (tmp_path / "two.tsv").write_text("".join(f"{name}\t{i}\t{x!r}\n" for name, xs in (("base", baseline),
                                                                                      ("new", system))
                                              for i, x in enumerate(xs)), encoding="utf-8")
    (tmp_path / "one.txt").write_text("".join(f"{x!r}\n" for x in baseline), encoding="utf-8")
    got = run_bleuprint(["-i", "two.tsv", "-m", "model_score", "--paired-bs"], tmp_path, None, {}, monkeypatch)
    assert got.status == 0, got.stderr
    base, (row,) = oracle_paired_scores(baseline, [system], "bs", 1000, 12345)
    printed = [entry["model_score"] for entry in json.loads(got.stdout)]
    assert [(p["score"], p["p_value"], p["mean"], p["ci"]) for p in printed] == [
        (r.score, r.p_value, r.mean, r.ci) for r in (base, row)]
    got = run_bleuprint(["-i", "one.txt", "-m", "model_score", "--confidence", "-w", "6"], tmp_path, None, {},
                        monkeypatch)
    assert got.status == 0, got.stderr
    theirs = oracle_bootstrap_scores(baseline, 1000, 12345)
    printed = json.loads(got.stdout)
    assert (printed["confidence"], printed["seed"]) == (f"μ = {theirs.mean:.6f} ± {theirs.ci:.6f}", "12345")
