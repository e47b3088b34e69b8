"""Numbers that are not numbers (issue 12, item 6), in ``bleuprint.impl``: every public
entry that takes a statistic or a smoothing value refuses what the spec refuses, with the
same exception type and the same message (the spec's own checks run once per call, never
in the bootstrap's per-resample scoring), with the compiled kernels and with numpy alone
(``kernels`` fixture; the resample kernel is switched off with the others). sacreBLEU's
behaviour on these inputs is shown in ``tests/spec/test_spec_number_refusals.py``.

Legitimate edges (smoothing values 0 and tiny, TER's fractional and zero lengths, zero
counts) still give sacreBLEU's number, within 1e-9 on the 0-100 scale.
"""

from __future__ import annotations

import numpy as np
import pytest

from bleuprint import impl, spec
from bleuprint.impl import native
from bleuprint.impl.accumulate import Accumulator
from bleuprint.core.value import metric as configured

NAN, INF = float("nan"), float("inf")
STATS = [4, 5, 3, 1, 0, 0, 4, 3, 2, 1]
CHRF = [3, 4, 2] * 6
H, R = ["a b c d", "a c"], [["a b c d"], ["a b"]]
TOL = 1e-9


@pytest.fixture(autouse=True)
def _both_paths(kernels):
    """The ``kernels`` fixture's four set-ups; for "numpy" the resample kernel is off too."""
    with pytest.MonkeyPatch.context() as patch:
        if kernels == "numpy":
            patch.setattr(native, "resample", None)
        yield kernels


def _with(stats, position, value):
    copy = list(stats)
    copy[position] = value
    return copy


def _rng():
    return np.random.default_rng(12345)


# (id, call on a module m: bleuprint.spec or bleuprint.impl)
CASES = [
    *[(f"bleu-from-stats-{method}-{value}",
       (lambda m, method=method, value=value: m.bleu_from_stats(STATS, smooth_method=method, smooth_value=value)))
      for method in ("floor", "add-k", "exp") for value in (NAN, INF, -1.0, 1e307)],
    ("corpus-bleu-nan", lambda m: m.corpus_bleu(H, R, smooth_method="floor", smooth_value=NAN)),
    ("corpus-bleu-neg", lambda m: m.corpus_bleu(H, R, smooth_method="add-k", smooth_value=-1)),
    ("sentence-bleu-inf", lambda m: m.sentence_bleu("a b", ["a c"], smooth_method="floor", smooth_value=INF)),
    ("bleu-neg-count", lambda m: m.bleu_from_stats(_with(STATS, 2, -1))),
    ("bleu-nan-count", lambda m: m.bleu_from_stats(_with(STATS, 3, NAN))),
    ("bleu-numpy-neg", lambda m: m.bleu_from_stats(np.array(_with(STATS, 6, -4)))),
    ("bleu-fractional-length", lambda m: m.bleu_from_stats(_with(STATS, 0, 3.5))),
    ("bleu-matches-above-total", lambda m: m.bleu_from_stats(_with(STATS, 2, 5))),
    ("bleu-huge", lambda m: m.bleu_from_stats(_with(STATS, 6, 10**400))),
    ("chrf-neg", lambda m: m.chrf_from_stats(_with(CHRF, 1, -2))),
    ("chrf-matches-above-hyp", lambda m: m.chrf_from_stats(_with(CHRF, 2, 4))),
    ("ter-neg", lambda m: m.ter_from_stats([-1, 3])),
    ("ter-nan-length", lambda m: m.ter_from_stats([1, NAN])),
    ("sfs-bleu-neg", lambda m: m.score_from_stats("bleu", np.array(_with(STATS, 2, -1)), 1)),
    ("sfs-bleu-nan-smooth", lambda m: m.score_from_stats(configured("bleu", smooth_method="floor", smooth_value=NAN),
                                                         STATS, 1)),
    ("sfs-bleu-above-2-53", lambda m: m.score_from_stats("bleu", _with(STATS, 6, 2**53 + 1), 1)),
    ("sfs-chrf-nan", lambda m: m.score_from_stats("chrf", _with(CHRF, 0, NAN), 1)),
    ("sfs-ter-neg", lambda m: m.score_from_stats("ter", [-1, 3], 1)),
    ("sfs-em-above-n", lambda m: m.score_from_stats("exact_match", [4], 3)),
    ("sfs-em-neg", lambda m: m.score_from_stats("exact_match", np.array([-1.0]), 3)),
    ("metric-ci-floor-nan", lambda m: m.metric_ci(configured("bleu", smooth_method="floor", smooth_value=NAN),
                                                  H, R, n_boot=20, rng=_rng())),
    ("metric-ci-add-k-inf", lambda m: m.metric_ci(configured("bleu", smooth_method="add-k", smooth_value=INF),
                                                  H, R, n_boot=20, rng=_rng())),
    ("bootstrap-exact-neg", lambda m: m.bootstrap(configured("bleu", smooth_method="floor", smooth_value=-1),
                                                  H, R, n_boot=20, rng=_rng(), exact=True)),
    ("bootstrap-stats-nan-smooth", lambda m: m.bootstrap_stats(configured("bleu", smooth_method="floor",
                                                                          smooth_value=NAN),
                                                               [STATS, STATS], n_boot=20, rng=_rng())),
    ("bootstrap-stats-matches-above-total", lambda m: m.bootstrap_stats("bleu", [_with(STATS, 3, 4)], n_boot=20,
                                                                        rng=_rng())),
    ("bootstrap-stats-chrf-beta-nan", lambda m: m.bootstrap_stats(configured("chrf", beta=NAN),
                                                                  [CHRF, CHRF], n_boot=20, rng=_rng())),
    ("bootstrap-stats-ter-fractional-edits", lambda m: m.bootstrap_stats("ter", [[1.5, 3], [1, 2]], n_boot=20,
                                                                         rng=_rng())),
    ("paired-bs-nan", lambda m: m.paired_bootstrap(configured("bleu", smooth_method="floor", smooth_value=NAN),
                                                   H, [["a b c e", "a b"]], R, n=20)),
    ("paired-ar-neg", lambda m: m.paired_approximate_randomization(configured("bleu", smooth_method="add-k",
                                                                              smooth_value=-0.5),
                                                                   H, [["a b c e", "a b"]], R, n=20)),
]


@pytest.mark.parametrize("call", [c[1] for c in CASES], ids=[c[0] for c in CASES])
def test_refused_like_the_spec(call):
    """impl raises a ValueError naming the argument (and the position), and the spec the
    same exception with the same message."""
    with pytest.raises(ValueError, match=r"^(smooth_value|beta|(TER )?stats\[\d+\]|summed\[\d+\]) ") as got:
        call(impl)
    with pytest.raises(got.type) as expected:
        call(spec)
    assert str(got.value) == str(expected.value)


def test_accumulator_refuses_them_too():
    """``Accumulator`` checks its options when built (a NaN smoothing value) and the
    statistics it is given by ``from_dict`` (more matches than n-grams; an exact-match
    count above the sentence count) as the spec's scores check them."""
    with pytest.raises(ValueError, match="smooth_value must be a finite number >= 0"):
        Accumulator(configured("bleu", smooth_method="floor", smooth_value=NAN))
    data = Accumulator("bleu").add(H, R).to_dict()
    data["stats"] = _with(data["stats"], 2, data["stats"][6] + 1)  # m_1 = t_1 + 1
    with pytest.raises(ValueError, match=r"stats\[2\] must not exceed stats\[6\]"):
        Accumulator.from_dict(data)
    data = Accumulator("exact_match").add(["a"], ["a"]).to_dict()
    data["stats"] = [2]
    with pytest.raises(ValueError, match="at most n_sentences=1"):
        Accumulator.from_dict(data)


EDGE_BLEU = [
    (STATS, "floor", 0), (STATS, "add-k", 0), (STATS, "floor", 1e-300), (STATS, "add-k", 1e-300),
    (STATS, "floor", 5e-324), ([0, 5, 0, 0, 0, 0, 0, 0, 0, 0], "exp", None),
    ([4, 0, 3, 1, 0, 0, 4, 3, 2, 1], "exp", None),
    ([3, 3, 3, 2, 1, 0, 3, 2, 1, 0], "add-k", 1e-300),
]


@pytest.mark.parametrize("stats, method, value", EDGE_BLEU)
def test_legitimate_bleu_edges_score_as_sacrebleu(stats, method, value):
    """Zero and tiny smoothing values, c = 0, r = 0: sacreBLEU's number (within 1e-9)."""
    sacrebleu = pytest.importorskip("sacrebleu", reason="sacreBLEU 2.5.1 is the oracle of the edge cases")
    want = sacrebleu.metrics.BLEU.compute_bleu(list(stats[2:6]), list(stats[6:]), stats[0], stats[1],
                                               smooth_method=method, smooth_value=value).score
    assert abs(impl.bleu_from_stats(stats, smooth_method=method, smooth_value=value) - want) <= TOL
    assert abs(impl.score_from_stats(configured("bleu", smooth_method=method, smooth_value=value), np.array(stats), 1)
               - want) <= TOL


@pytest.mark.parametrize("method, value", [("floor", 0), ("add-k", 0), ("floor", 1e-300), ("add-k", 1e-300)])
def test_legitimate_smoothing_values_in_corpus_and_interval(method, value):
    """The same smoothing values through ``corpus_bleu`` and an interval: the corpus score
    is sacreBLEU's ``corpus_score`` (within 1e-9) and the interval is computed (finite)."""
    sacrebleu = pytest.importorskip("sacrebleu", reason="sacreBLEU 2.5.1 is the oracle of the edge cases")
    hyps, refs = ["the cat sat", "a dog", "x y z w"], [["the cat sat down"], ["a dog"], ["x q z"]]
    want = sacrebleu.metrics.BLEU(smooth_method=method, smooth_value=value).corpus_score(
        hyps, [[r[0] for r in refs]]).score
    assert abs(impl.corpus_bleu(hyps, refs, smooth_method=method, smooth_value=value) - want) <= TOL
    score, lo, hi = impl.metric_ci(configured("bleu", smooth_method=method, smooth_value=value), hyps, refs, n_boot=50,
                                   rng=_rng())
    assert abs(score - want) <= TOL and np.isfinite([lo, hi]).all()


@pytest.mark.parametrize("stats", [[2, 1.5], [3, 0.0], [0, 0.0], [7, 2], [1, 1 / 3]])
def test_legitimate_ter_edges_score_as_sacrebleu(stats):
    """TER's fractional and zero reference lengths, and more edits than words: sacreBLEU's
    ``_compute_score_from_stats`` (within 1e-9), also through an interval of one row."""
    sacrebleu = pytest.importorskip("sacrebleu", reason="sacreBLEU 2.5.1 is the oracle of the edge cases")
    want = sacrebleu.metrics.TER()._compute_score_from_stats(list(stats)).score
    assert abs(impl.ter_from_stats(stats) - want) <= TOL
    assert abs(impl.score_from_stats("ter", stats, 1) - want) <= TOL
    assert abs(impl.bootstrap_stats("ter", [stats], n_boot=5, rng=_rng()).score - want) <= TOL
