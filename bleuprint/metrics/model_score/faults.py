"""Planted faults of COMET's compare statistics (``bleuprint.metrics.model_score.comet_spec``):
the conventions of ``comet-compare`` that change numbers, contributed to the mutants
catalogue by ``ModelScore.faults``; ``tests/spec/test_comet_compare_goldens.py`` kills each
one (COMET's own numbers). The float32 comparison with EPS is no such convention: no float32
lies between 0.001 and float32(0.001), so comparing in double gives the same counts."""

from __future__ import annotations

from ...mutants.model import Mutant, lazy_witness

MODULE = "bleuprint.metrics.model_score.comet_spec"
C = MODULE + ":"


def float64_splits(original):
    def split_scores(row, ids):
        size, splits = len(ids), len(ids[0])
        return [sum(row[ids[k][s]] for k in range(size)) / size for s in range(splits)]
    return split_scores


def tie_at_eps(original):
    def pair_statistics(x_name, y_name, x_splits, y_splits, x_row, y_row):
        import dataclasses

        from .comet_spec import EPS, float32

        pair = original(x_name, y_name, x_splits, y_splits, x_row, y_row)
        deltas = [float32(a - b) for a, b in zip(x_splits, y_splits)]
        eps = float32(EPS)
        return dataclasses.replace(pair, ties=sum(abs(d) <= eps for d in deltas) / len(deltas),
                                   x_wins=sum(d > eps for d in deltas) / len(deltas),
                                   y_wins=sum(d < -eps for d in deltas) / len(deltas))
    return pair_statistics


def rounded_sample_size(original):
    def sample_size(n_segments, sample_ratio):
        return max(round(n_segments * sample_ratio), 1)
    return sample_size


def always_sequential(original):
    def split_scores(row, ids):
        from .comet_spec import float32, sequential_sum32

        size, splits = len(ids), len(ids[0])
        return [float32(sequential_sum32([row[ids[k][s]] for k in range(size)]) / size) for s in range(splits)]
    return split_scores


_ONE_SPLIT = {"a": [k / 7 + 0.3 for k in range(40)], "b": [k / 9 for k in range(40)]}
_TWENTY = {"a": [((k * 37) % 11) / 13 + 0.1 for k in range(20)], "b": [((k * 17) % 7) / 9 for k in range(20)]}

MUTANTS = [
    Mutant("ms01", "metrics.model_score.comet_spec.split_scores", "COMET's split means in double precision (no "
           "float32 scores and sums)", "comet-compare's float32 scores", "comet_compare goldens (x-mean exact)",
           {C + "split_scores": float64_splits},
           lazy_witness(MODULE, lambda s: s.comet_compare(_TWENTY, 3)[0].x_mean)),
    Mutant("ms02", "metrics.model_score.comet_spec.pair_statistics", "a difference of exactly EPS is a tie (COMET: a "
           "tie below EPS, a win from EPS)", "comet-compare's tie below 0.001", "comet_compare goldens (ties, wins)",
           {C + "pair_statistics": tie_at_eps},
           lazy_witness(MODULE, lambda s: s.comet_compare({"x": [0.001], "y": [0.0]}, 10)[0].ties)),
    Mutant("ms03", "metrics.model_score.comet_spec.sample_size", "a split's size rounded (COMET truncates "
           "int(N * 0.4))", "comet-compare's split size", "comet_compare goldens (4 decimals' 37 segments)",
           {C + "sample_size": rounded_sample_size},
           lazy_witness(MODULE, lambda s: s.comet_compare({"a": [0.1, 0.9, 0.4, 0.2], "b": [0.5] * 4}, 20)[0].x_mean)),
    Mutant("ms04", "metrics.model_score.comet_spec.split_scores", "one split summed one value after another (numpy "
           "sums a lone column pairwise)", "numpy's pairwise sum in comet-compare's means",
           "comet_compare goldens (one split)",
           {C + "split_scores": always_sequential},
           lazy_witness(MODULE, lambda s: s.comet_compare(_ONE_SPLIT, 1, 1.0)[0].x_mean)),
]


def faults(definition) -> list:
    """The planted faults of COMET's compare conventions, for the mutants catalogue."""
    return list(MUTANTS)


def spec_entry_points(definition) -> tuple[str, ...]:
    return ("bleuprint.metrics.model_score.spec:segment_row", "bleuprint.metrics.model_score.spec:mean_from_row")
