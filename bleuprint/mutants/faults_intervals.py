"""Planted faults of the bootstrap intervals and the paired tests."""

from __future__ import annotations

import importlib
import math

import numpy as np

from .. import spec
from .model import Mutant

I = importlib.import_module("bleuprint.spec.intervals")
S = importlib.import_module("bleuprint.spec.significance")
M = "bleuprint.spec.intervals:"
SIG = "bleuprint.spec.significance:"


def mean_of_sentence_scores(original):
    def resample_scores(metric, rows, idx, exact=False):
        score_one = I.scorer(metric, 1)
        per_sentence = [float(score_one(list(row))) for row in rows]
        return [sum(per_sentence[int(i)] for i in order) / len(order) for order in idx]
    return resample_scores


def percentile_without_halving(original):
    def percentile_indices(n_boot, alpha=0.05):
        lower = math.floor(n_boot * I.check_alpha(alpha))
        return lower, n_boot - 1 - lower
    return percentile_indices


def uncentred_bootstrap(original):
    def paired_bootstrap(metric, baseline, systems, refs, n=1000, seed=12345):
        result = original(metric, baseline, systems, refs, n=n, seed=seed)
        seed_, items, bl_rows, sys_rows, metric = S.prepare_paired(metric, baseline, systems, refs, n, seed)
        bl_score = result.baseline.score
        rows_out = []
        for rows, old in zip(sys_rows, result.systems.values() if isinstance(result.systems, dict) else result.systems):
            idx = I.resample_indices(np.random.default_rng(seed_ if seed_ else None), len(bl_rows), n)
            scores_bl = S.scores_array(I.resample_scores(metric, bl_rows, idx))
            scores_sys = S.scores_array(I.resample_scores(metric, rows, idx))
            distance = np.abs(scores_sys - scores_bl)
            rows_out.append(S.PairedResult(old.score, S.p_value(distance, abs(bl_score - old.score)), old.mean, old.ci))
        return S.PairedTestResult(result.baseline, S.package_results(systems, items, rows_out), result.test, result.n,
                                  result.seed)
    return paired_bootstrap


_HYPS = ["the cat sat on the mat", "a b c e", "one two three four five", "x y"]
_REFS = [["the cat is on the mat"], ["a b c d"], ["one two three four six"], ["x y"]]
_OTHER = ["the cat is on the mat", "a b c d", "one two four five", "y x"]


MUTANTS = [
    Mutant("s18", "spec.intervals.resample_scores", "the bootstrap averages sentence scores instead of pooling statistics",
           "10. a bootstrap that averages sentence scores", "the pooled-versus-averaged interval test",
           {M + "resample_scores": mean_of_sentence_scores},
           lambda: spec.metric_ci("bleu", _HYPS, _REFS, n_boot=50, rng=np.random.default_rng(1))),
    Mutant("f28", "spec.intervals.percentile_indices", "the percentile rule takes n*alpha from each end, not n*alpha/2",
           "the percentile rule", "percentile rule by hand",
           {M + "percentile_indices": percentile_without_halving},
           lambda: spec.percentile_indices(1000, 0.05), semantic=False),
    Mutant("f29", "spec.significance.paired_bootstrap", "the paired bootstrap's statistic is not centred",
           "paired bootstrap centring", "paired tests by hand and against sacreBLEU",
           {SIG + "paired_bootstrap": uncentred_bootstrap},
           lambda: [r.p_value for r in spec.paired_bootstrap("bleu", _HYPS, [_OTHER], _REFS, n=200).systems],
           semantic=False),
]
