"""Planted faults of the meta-evaluation spec (``bleuprint.metaeval.spec``): the conventions of
mt-metrics-eval that change numbers (issue #36). ``tests/spec/test_metaeval_spec.py`` kills
each one."""

from __future__ import annotations

import importlib

from .model import Mutant, lazy_witness

MODULE = "bleuprint.metaeval.spec"
T = MODULE + ":"


def _spec():
    return importlib.import_module(MODULE)


def kendall_like_strict_threshold(original):
    def kendall_like_counts(gold, metric, threshold=25.0):
        from itertools import combinations

        con = dis = 0
        for (ga, ma), (gb, mb) in combinations(zip(gold, metric), 2):
            if ga is None or gb is None:
                continue
            diff = ga - gb
            if abs(diff) > threshold:
                if (diff > 0 and ma > mb) or (diff < 0 and ma < mb):
                    con += 1
                else:
                    dis += 1
        return con, dis
    return kendall_like_counts


def kendall_like_macro_average(original):
    def kendall_like(gold, metric, average_by="item", threshold=25.0):
        spec = _spec()
        taus = []
        for g, m in zip(spec.rows(gold, average_by), spec.rows(metric, average_by)):
            g, m = spec.drop_missing(g, m)
            if len(g) < 2:
                continue
            con, dis = spec.kendall_like_counts(g, m, threshold)
            if con + dis:
                taus.append((con - dis) / (con + dis))
        return sum(taus) / len(taus) if taus else 0
    return kendall_like


def no_float32_cast(original):
    def float32(x):
        return x
    return float32


def _p_values(seg_scores, num_permutations, seed, fresh_signs: bool, strict: bool):
    from fractions import Fraction
    from itertools import combinations

    spec = _spec()
    scores = [[spec.float32(v) for v in row] for row in seg_scores]
    scale = max((Fraction(v).denominator for row in scores for v in row), default=1)
    ints = [[int(Fraction(v) * scale) for v in row] for row in scores]
    totals = [sum(row) for row in ints]
    out = {}
    for index, (i, j) in enumerate(combinations(range(len(ints)), 2)):
        signs = spec.permutation_signs(num_permutations, len(ints[0]), seed + (index if fresh_signs else 0))
        test = totals[i] - totals[j]
        nulls = [sum(s * (a - b) for s, a, b in zip(row, ints[i], ints[j])) for row in signs]
        out[i, j] = sum(1 for n in nulls if (n > test if strict else n >= test)) / num_permutations
    return out


def signs_per_pair(original):
    def pairwise_p_values(seg_scores, num_permutations=1000, seed=4):
        return _p_values(seg_scores, num_permutations, seed, fresh_signs=True, strict=False)
    return pairwise_p_values


def strict_p_value(original):
    def pairwise_p_values(seg_scores, num_permutations=1000, seed=4):
        return _p_values(seg_scores, num_permutations, seed, fresh_signs=False, strict=True)
    return pairwise_p_values


def no_tie_search(original):
    def tie_calibrated(gold, metric, variant="acc23", average_by="none"):
        _, _, thresholds, taus = original(gold, metric, variant, average_by)
        return taus[0], thresholds[0], thresholds, taus
    return tie_calibrated


def no_early_stopping(original):
    def perm_both(gold, metric1, metric2, correlation="pearson", average_by="none", k=1000, seed=None,
                  block_size=1000, early_min=0.02, early_max=0.5, variant="b"):
        return original(gold, metric1, metric2, correlation, average_by, k, seed, k + 1, early_min, early_max, variant)
    return perm_both


def early_stop_every_block(original):
    def pairs_test_stops(count, rounds, counted, block_size, early_min, early_max):
        return rounds % block_size == 0 and not early_min <= count / rounds <= early_max
    return pairs_test_stops


def no_pairs_tie_calibration(original):
    def perm_pairs(gold, metric1, metric2, variant="acc23", average_by="item", k=1000, seed=None, block_size=1000,
                   early_min=0.02, early_max=0.5, random_state=None, epsilon1=None, epsilon2=None):
        return original(gold, metric1, metric2, variant, average_by, k, seed, block_size, early_min, early_max,
                        random_state, 0.0, 0.0)
    return perm_pairs


def one_draw_per_pair(original):
    def pair_draws(random_state, n):
        w = [0] * (n * n)
        draws = iter(random_state.binomial(1, 0.5, n * (n - 1) // 2))
        for a in range(n):
            for b in range(a + 1, n):
                w[a * n + b] = int(next(draws))
        return w
    return pair_draws


def strict_pairs_p_value(original):
    def at_least_as_extreme(difference, delta):
        return difference > delta
    return at_least_as_extreme


_GOLD = [[0.0, -1.0, -5.0, 0.0, -2.0, -1.0], [-1.0, -1.0, 0.0, -25.0, 0.0, -5.0], [0.0, 0.0, -1.0, -2.0, -1.0, 0.0]]
_METRIC = [[0.9, 0.7, 0.5, 0.9, 0.6, 0.8], [0.8, 0.7, 0.9, 0.1, 0.95, 0.6], [0.9, 0.85, 0.7, 0.6, 0.7, 0.9]]
_METRIC2 = [[0.7, 0.8, 0.4, 0.9, 0.5, 0.6], [0.9, 0.6, 0.8, 0.2, 0.7, 0.7], [0.95, 0.9, 0.6, 0.5, 0.8, 0.85]]
#: _METRIC with a few cells moved: close to it, so the pairs test's p-value lies between 0 and 1.
_METRIC3 = [[0.9, 0.7, 0.5, 0.85, 0.6, 0.8], [0.8, 0.75, 0.9, 0.1, 0.6, 0.6], [0.9, 0.85, 0.6, 0.6, 0.7, 0.95]]


MUTANTS = [
    Mutant("me01", "metaeval.spec.kendall_like_counts", "Kendall-like counts a pair only when |gold diff| > threshold "
           "(mt-metrics-eval: >=, against > for the direction)",
           "WMT20 Kendall-like's >= / > asymmetry", "Kendall-like by hand (threshold 0) and its goldens",
           {T + "kendall_like_counts": kendall_like_strict_threshold},
           lazy_witness(MODULE, lambda s: s.kendall_like_counts([1.0, 1.0, 3.0], [0.1, 0.2, 0.3], 0.0))),
    Mutant("me02", "metaeval.spec.kendall_like", "Kendall-like averages the per-item values instead of weighting "
           "each by its counted pairs", "Kendall-like's pair-weighted average (macro=False)",
           "Kendall-like goldens averaged by item",
           {T + "kendall_like": kendall_like_macro_average},
           lazy_witness(MODULE, lambda s: s.kendall_like([[30.0, 0.0], [0.0, 50.0], [60.0, 0.0]],
                                                         [[0.1, 0.3], [0.2, 0.1], [0.3, 0.2]], "item", 25.0))),
    Mutant("me03", "metaeval.spec.float32", "the permutation test keeps float64 scores (no float32 cast)",
           "soft pairwise accuracy's float32 cast", "p-value of scores equal in float32, by hand",
           {T + "float32": no_float32_cast},
           lazy_witness(MODULE, lambda s: s.pairwise_p_values([[1.0 + 2.0 ** -30], [1.0]], 50, 4))),
    Mutant("me04", "metaeval.spec.pairwise_p_values", "each pair of systems gets its own sign matrix instead of the "
           "shared one", "soft pairwise accuracy's shared permutation matrix", "p-value goldens (float32-exact input)",
           {T + "pairwise_p_values": signs_per_pair},
           lazy_witness(MODULE, lambda s: s.pairwise_p_values(_GOLD, 100, 4))),
    Mutant("me05", "metaeval.spec.pairwise_p_values", "the p-value counts permuted differences > the observed one "
           "(mt-metrics-eval: >=)", "the permutation test's >=", "identical systems have p = 1, by hand",
           {T + "pairwise_p_values": strict_p_value},
           lazy_witness(MODULE, lambda s: s.pairwise_p_values(_GOLD, 100, 4))),
    Mutant("me06", "metaeval.spec.tie_calibrated", "acc23 without the tie threshold search (threshold 0)",
           "acc23's tie calibration", "tie search goldens",
           {T + "tie_calibrated": no_tie_search},
           lazy_witness(MODULE, lambda s: s.tie_calibrated([[0.0], [0.0], [-1.0]], [[0.5], [0.51], [0.2]], "acc23",
                                                           "item")[:2])),
    Mutant("me07", "metaeval.spec.perm_both", "PERM-BOTH runs all k rounds (no early stopping by blocks)",
           "PERM-BOTH's early stopping", "PERM-BOTH goldens (rounds used)",
           {T + "perm_both": no_early_stopping},
           lazy_witness(MODULE, lambda s: s.perm_both(_GOLD, _METRIC, _METRIC, "pearson", "none", 40, 3, 10)[2])),
    Mutant("me08", "metaeval.spec.pairs_test_stops", "the permutation test over pairs checks early stopping at "
           "every block, as PERM-BOTH does (mt-metrics-eval: only in a round that counts)",
           "acc23 significance's early stopping", "permutation test over pairs goldens (rounds used)",
           {T + "pairs_test_stops": early_stop_every_block},
           lazy_witness(MODULE, lambda s: s.perm_pairs(_GOLD, _METRIC2, _METRIC, "acc23", "item", 40, 3, 10)[2])),
    Mutant("me09", "metaeval.spec.perm_pairs", "the permutation test over pairs calls only equal metric scores ties "
           "(no tie threshold calibrated per metric)", "acc23 significance's tie thresholds",
           "permutation test over pairs goldens (delta)",
           {T + "perm_pairs": no_pairs_tie_calibration},
           lazy_witness(MODULE, lambda s: s.perm_pairs(_GOLD, _METRIC, _METRIC3, "acc23", "item", 20, 3, 10)[1])),
    Mutant("me10", "metaeval.spec.pair_draws", "one draw per pair (n(n-1)/2 a vector) instead of the oracle's n x n "
           "matrix of draws", "acc23 significance's random stream",
           "permutation test over pairs goldens (close metrics)",
           {T + "pair_draws": one_draw_per_pair},
           lazy_witness(MODULE, lambda s: s.perm_pairs(_GOLD, _METRIC3, _METRIC, "acc23", "item", 200, 3, 1000)[0])),
    Mutant("me11", "metaeval.spec.at_least_as_extreme", "the permutation test over pairs counts differences > the "
           "observed one (mt-metrics-eval: >=)", "acc23 significance's >=", "identical metrics have p = 1, by hand",
           {T + "at_least_as_extreme": strict_pairs_p_value},
           lazy_witness(MODULE, lambda s: s.perm_pairs(_GOLD, _METRIC, _METRIC, "acc23", "item", 20, 3, 10)[0])),
]
