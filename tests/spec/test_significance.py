"""Paired bootstrap and approximate randomization (bleuprint.spec.significance).

Expected values: hand computations on two-sentence exact-match corpora (the docstrings
list every resample or swap), sacreBLEU 2.5.1's ``PairedTest`` through the shipped
goldens and live (skipped only when sacreBLEU is absent). The resample indices and swap
masks are numpy's draws (``Generator.choice`` / ``Generator.integers(2, dtype=bool)``),
which are part of the definition. Tolerance 1e-9.
"""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given, strategies as st

from bleuprint import spec
from bleuprint.oracles.cases_intervals import TOLERANCE, compare_case
from bleuprint.oracles.goldens import golden_cases
from bleuprint.spec import significance
from bleuprint.spec.significance import paired_approximate_randomization, paired_bootstrap
from bleuprint.strategies import corpora, sentences
from bleuprint.core.value import metric as configured

# Baseline right on sentence 0 only, system right on sentence 1 only (exact match):
# both score 0.5, so the observed difference is 0.
REFS = [["a"], ["b"]]
BASELINE = ["a", "wrong"]
SYSTEM = ["wrong", "b"]


def test_paired_bootstrap_by_hand():
    """Resample (i, j): baseline (b_i + b_j) / 2 with b = [1, 0], system with s = [0, 1].
    (0, 0): 1 vs 0, |d| = 1; (1, 1): 0 vs 1, |d| = 1; (0, 1), (1, 0): 0.5 vs 0.5, |d| = 0.
    Centred statistic |d| - mean|d| > 0 exactly for the (0, 0) and (1, 1) resamples (when
    some resample is mixed), so p = (#same + 1) / (n + 1). The system's mean is the mean
    of its resample scores; its ci is half of sorted[n - 1 - n // 40] - sorted[n // 40]."""
    n = 1000
    idx = np.random.default_rng(12345).choice(2, size=(n, 2), replace=True)
    same = int(np.sum(idx[:, 0] == idx[:, 1]))
    sys_scores = sorted((int(i) + int(j)) / 2 for i, j in idx)  # s_i = i
    bl_scores = sorted((2 - int(i) - int(j)) / 2 for i, j in idx)
    result = paired_bootstrap("exact_match", BASELINE, [SYSTEM], REFS, n=n, seed=12345)
    (row,) = result.systems
    assert 0 < same < n
    assert row.score == result.baseline.score == 0.5
    assert row.p_value == pytest.approx((same + 1) / (n + 1), abs=1e-12)
    assert row.mean == pytest.approx(sum(sys_scores) / n, abs=1e-12)
    assert row.ci == pytest.approx((sys_scores[n - 1 - n // 40] - sys_scores[n // 40]) / 2, abs=1e-12)
    assert result.baseline.p_value is None
    assert result.baseline.mean == pytest.approx(sum(bl_scores) / n, abs=1e-12)


def test_paired_approximate_randomization_by_hand():
    """Trial masks (take baseline's sentence 0?, sentence 1?): (T, T) and (F, F) give
    pseudo-systems equal to the two systems, |A - B| = 0, not > 0; (T, F): A = [b_0, s_1]
    = both right = 1, B = [s_0, b_1] = both wrong = 0, |A - B| = 1 > 0, and (F, T) alike.
    So p = (#mixed masks + 1) / (n + 1); no mean or ci."""
    n = 500
    mask = np.random.default_rng(777).integers(2, size=(n, 2), dtype=bool)
    mixed = int(np.sum(mask[:, 0] != mask[:, 1]))
    result = paired_approximate_randomization("exact_match", BASELINE, {"sys": SYSTEM}, REFS, n=n, seed=777)
    row = result.systems["sys"]
    assert 0 < mixed < n
    assert row.p_value == pytest.approx((mixed + 1) / (n + 1), abs=1e-12)
    assert row.mean is None and row.ci is None
    assert result.baseline == significance.PairedResult(0.5, None, None, None)


@pytest.mark.parametrize("test", [paired_bootstrap, paired_approximate_randomization])
def test_a_system_against_itself_has_the_smallest_p_value_rule(test):
    """Identical systems: observed difference 0 and every resampled/swapped difference 0;
    0 > 0 is false, so c = 0 and p = 1 / (n + 1) (the ``>`` matters: with ``>=`` it would
    be 1)."""
    hyps = ["the cat sat on the mat", "a dog ran", "x y"]
    refs = [["the cat is on the mat"], ["a dog ran home"], ["x z"]]
    result = test("bleu", hyps, [hyps], refs, n=99, seed=12345)
    assert result.systems[0].p_value == pytest.approx(1 / 100, abs=1e-12)
    assert result.systems[0].score == result.baseline.score


def test_systems_as_list_or_dict():
    """A list gives a list, a dict gives a dict with the same keys in the same order; the
    rows are the same (every comparison starts a fresh generator from the seed)."""
    hyps = ["the cat sat on the mat", "a dog ran", "x y", "cats and dogs"]
    refs = [["the cat is on the mat"], ["a dog ran home"], ["x z"], ["cats and dogs"]]
    one = ["the cat sat", "a dog", "x y", "dogs and cats"]
    two = ["a cat sat on a mat", "dog ran home", "x z", "cats"]
    as_list = paired_bootstrap("chrf", hyps, [one, two], refs, n=100)
    as_dict = paired_bootstrap("chrf", hyps, {"two": two, "one": one}, refs, n=100)
    assert isinstance(as_list.systems, list) and list(as_dict.systems) == ["two", "one"]
    assert as_dict.systems["one"] == as_list.systems[0]
    assert as_dict.systems["two"] == as_list.systems[1]
    assert as_list.baseline == as_dict.baseline
    assert (as_list.test, as_list.n, as_list.seed) == ("bs", 100, 12345)


@pytest.mark.parametrize("seed,baseline_seed,system_seed", [(12345, 12345, 12345), (0, 0, None), (None, None, None),
                                                            (7, 7, 7)])
def test_seed_conventions(monkeypatch, seed, baseline_seed, system_seed):
    """sacreBLEU's rules: a fresh generator per comparison from ``seed if seed else None``
    (so seed 0 leaves the paired tests unseeded), while the baseline's own bootstrap
    interval uses the seed as given (0 stays 0). Checked by recording the seeds passed to
    ``numpy.random.default_rng``."""
    calls = []
    real = np.random.default_rng

    def recording(seed_value=None):
        calls.append(seed_value)
        return real(seed_value)

    monkeypatch.setattr(np.random, "default_rng", recording)
    hyps = ["a b c", "d e"]
    refs = [["a b c"], ["d f"]]
    systems = [["a b", "d e"], ["a c", "e"]]
    paired_bootstrap("bleu", hyps, systems, refs, n=20, seed=seed)
    assert calls == [baseline_seed, system_seed, system_seed]
    calls.clear()
    paired_approximate_randomization("bleu", hyps, systems, refs, n=20, seed=seed)
    assert calls == [system_seed, system_seed]


def test_validation():
    hyps, refs = ["a b"], [["a b"]]
    with pytest.raises(ValueError, match="seed"):
        paired_bootstrap("bleu", hyps, [hyps], refs, seed=-1)
    with pytest.raises(TypeError, match="seed"):
        paired_bootstrap("bleu", hyps, [hyps], refs, seed="12345")
    with pytest.raises(ValueError, match="systems is empty"):
        paired_bootstrap("bleu", hyps, [], refs)
    with pytest.raises(TypeError, match="systems"):
        paired_approximate_randomization("bleu", hyps, "a b", refs)
    with pytest.raises(TypeError, match="bare str"):
        paired_approximate_randomization("bleu", hyps, ["a b"], refs)
    with pytest.raises(ValueError, match="mismatched lengths"):
        paired_bootstrap("bleu", hyps, [["a", "b"]], refs)
    with pytest.raises(ValueError, match="n must be"):
        paired_approximate_randomization("bleu", hyps, [hyps], refs, n=0)
    with pytest.raises(ValueError, match="metric"):
        paired_bootstrap("no_such_metric", hyps, [hyps], refs)
    with pytest.raises(TypeError, match="unknown option"):
        paired_bootstrap(configured("chrf", smooth_method="exp"), hyps, [hyps], refs)


PAIRED = [case for case in golden_cases("intervals") if case["kind"] == "paired" and case["metric"] in spec.metric_names()]


class _Subject:
    paired_bootstrap = staticmethod(paired_bootstrap)
    paired_approximate_randomization = staticmethod(paired_approximate_randomization)


# The randomization goldens run 10,000 literal trials each: marked slow (left out of
# mutation runs; the bootstrap goldens and the hand tests stay in).
@pytest.mark.parametrize("case", [pytest.param(c, id=c["id"], marks=[pytest.mark.slow] if c["test"] == "ar" else [])
                                  for c in PAIRED])
def test_paired_tests_equal_sacrebleu_goldens(case):
    assert compare_case(_Subject, case) <= TOLERANCE


@st.composite
def _systems(draw):
    hyps, refs = draw(corpora(min_size=2))
    systems = [draw(st.lists(st.one_of(sentences(), st.sampled_from(hyps)), min_size=len(hyps), max_size=len(hyps)))
               for _ in range(draw(st.integers(1, 2)))]
    return hyps, systems, refs


@pytest.mark.slow  # live sacreBLEU paired tests: left out of mutation runs
@given(_systems(), st.sampled_from([("bleu", {}), ("chrf", {}), ("chrf", {"word_order": 2}),
                                    ("bleu", {"smooth_method": "floor"})]),
       st.sampled_from(["bs", "ar"]), st.sampled_from([12345, 1, 777]))
def test_paired_tests_equal_live_sacrebleu(data, metric_options, test, seed):
    """Every row (baseline and systems: score, p-value, mean, ci) equals sacreBLEU's
    ``PairedTest`` with the same seed, n = 50 (bs) or 100 (ar)."""
    pytest.importorskip("sacrebleu", reason="sacreBLEU 2.5.1 is needed for the live comparison")
    from bleuprint.oracles.sacrebleu_intervals import oracle_paired

    hyps, systems, refs = data
    metric, options = metric_options
    n = 50 if test == "bs" else 100
    function = paired_bootstrap if test == "bs" else paired_approximate_randomization
    mine = function(configured(metric, **options), hyps, systems, refs, n=n, seed=seed)
    base, rows = oracle_paired(metric, hyps, systems, refs, test, n, seed, **options)
    for expected, actual in zip([base] + rows, [mine.baseline] + mine.systems, strict=True):
        for key in ("score", "p_value", "mean", "ci"):
            want, got = getattr(expected, key), getattr(actual, key)
            assert (want is None) == (got is None), key
            if want is not None:
                assert abs(want - got) <= 1e-9, (key, want, got)
