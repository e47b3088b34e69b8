"""bleuprint.spec.intervals against sacreBLEU 2.5.1: shipped goldens and live calls.

Expected values are sacreBLEU's: ``corpus_score(..., n_bootstrap=n)`` under
``SACREBLEU_SEED=s`` (score, μ, half-width) against ``bootstrap(..., rng=default_rng(s))``.
Tolerance 1e-9 on the 0-100 scale (in practice the numbers are identical). The live
tests skip only when sacreBLEU is not installed.
"""

from __future__ import annotations

from fractions import Fraction

import numpy as np
import pytest
from hypothesis import example, given, strategies as st

from bleuprint import spec
from bleuprint.oracles.cases_intervals import TOLERANCE, compare_case, compare_with_goldens
from bleuprint.oracles.goldens import golden_cases
from bleuprint.spec import intervals, significance
from bleuprint.strategies import bleu_options, chrf_options, corpora
from bleuprint.core.value import metric as configured

#: bleuprint's signatures are asked for under the installed sacreBLEU's version. The tests
#: marked sacrebleu_live are rerun against sacreBLEU 2.6.0 by .ci/sacrebleu-2.6.0.sh (the
#: others, property tests of numbers 2.6.0 did not change, would double that step's time).
pytestmark = pytest.mark.usefixtures("as_installed_sacrebleu")


class _Subject:
    """The spec's interval functions under the names the golden checker calls."""

    bootstrap = staticmethod(intervals.bootstrap)
    bootstrap_stats = staticmethod(intervals.bootstrap_stats)
    paired_bootstrap = staticmethod(significance.paired_bootstrap)
    paired_approximate_randomization = staticmethod(significance.paired_approximate_randomization)


CASES = [case for case in golden_cases("intervals") if case["kind"] != "paired"]


def test_goldens_cover_the_issue():
    """Several metrics, seeds 12345, 1, 777, n_boot 1000 and a small one, 2^24 cases."""
    cases = golden_cases("intervals")
    boot = [c for c in cases if c["kind"] == "bootstrap"]
    assert {c["metric"] for c in boot} >= {"bleu", "chrf", "ter"}
    assert {c["seed"] for c in boot} == {12345, 1, 777}
    assert {c["n_boot"] for c in boot} == {1000, 37}
    assert any(max(max(row) for row in c["stats"]) > 2**24 for c in cases if c["kind"] == "bootstrap_stats")


@pytest.mark.sacrebleu_live
@pytest.mark.parametrize("case", CASES, ids=[c["id"] for c in CASES])
def test_spec_interval_equals_sacrebleu_golden(case):
    assert compare_case(_Subject, case) <= TOLERANCE


@pytest.mark.slow  # every interval golden at once: left out of mutation runs
def test_compare_with_goldens_reports_every_family_equal():
    rows = compare_with_goldens(_Subject, CASES)
    assert rows and all(row.ok and row.cases > 0 for row in rows), [r.failures for r in rows if not r.ok]


@pytest.mark.slow  # every interval golden at once: left out of mutation runs
def test_compare_with_goldens_detects_a_wrong_subject():
    """The checker must fail a subject whose intervals are off (here: averaging float64
    instead of sacreBLEU's float32 arithmetic, i.e. the exact mode)."""

    class Exact(_Subject):
        @staticmethod
        def bootstrap(*args, **options):
            return intervals.bootstrap(configured(*args, **options), exact=True)

    rows = compare_with_goldens(Exact, [c for c in CASES if c["kind"] == "bootstrap"])
    assert not all(row.ok for row in rows)


def _sacrebleu():
    pytest.importorskip("sacrebleu", reason="sacreBLEU 2.5.1 is needed for the live comparison")
    from bleuprint.oracles import sacrebleu_intervals

    return sacrebleu_intervals


def _metric_and_options():
    return st.one_of(st.tuples(st.just("bleu"), bleu_options()), st.tuples(st.just("chrf"), chrf_options()))


@pytest.mark.sacrebleu_live
@given(corpora(), _metric_and_options(), st.sampled_from([12345, 1, 777, 0]), st.sampled_from([2, 37, 200]))
@example(corpus=([""], [[""]]),  # every chrF score a Python float (eps smoothing): the mean stays a double
         metric_options=("chrf", {"n": 6, "beta": 2, "word_order": 0, "lowercase": False, "whitespace": False,
                                  "eps_smoothing": True}), seed=0, n_boot=200)
@example(corpus=(["the cat sat on the mat.", "hello", "a b c", ""], [["the cat is on the mat."], ["hi there"],
                                                                    ["a b", "c b a"], ["x"]]),
         metric_options=("chrf", {"n": 0, "beta": 2, "word_order": 2, "lowercase": False, "whitespace": False,
                                  "eps_smoothing": False}), seed=12345, n_boot=200)  # the word-only chrF
def test_spec_interval_equals_live_sacrebleu(corpus, metric_options, seed, n_boot):
    """Score, μ and half-width equal sacreBLEU's for the same seed. Where sacreBLEU's
    ``statistics.mean`` raises on a mix of Python-float and float32 resample scores (a
    chrF resample with nothing in common), the resample scores and the half-width are
    compared instead, and the mean must be the documented rule: the exact mean rounded
    to double, then to float32."""
    oracle = _sacrebleu()
    hyps, refs = corpus
    metric, options = metric_options
    mine = intervals.bootstrap(configured(metric, **options), hyps, refs, n_boot, rng=np.random.default_rng(seed))
    try:
        theirs = oracle.oracle_bootstrap(metric, hyps, refs, n_boot, seed, **options)
    except TypeError:
        stats = spec.sentence_stats(configured(metric, **options), hyps, refs)
        theirs = oracle.oracle_bootstrap_stats(metric, stats.tolist(), n_boot, seed, **options)
        assert set(theirs.types) == {"float", "float32"}
        assert mine.scores == theirs.scores
        exact_mean = sum(map(Fraction, theirs.scores), Fraction(0)) / n_boot
        assert mine.mean == float(np.float32(float(exact_mean)))
    else:
        assert abs(mine.mean - theirs.mean) <= 1e-9
        assert abs(mine.half_width - theirs.ci) <= 1e-9
    assert abs(mine.score - theirs.score) <= 1e-9
    # (hi - lo) / 2 in double equals sacreBLEU's half-width up to its float32 rounding of
    # the difference (exactly, for BLEU).
    tolerance = 1e-9 if metric == "bleu" else float(np.spacing(np.float32(max(abs(mine.hi), 1.0))))
    assert abs((mine.hi - mine.lo) / 2 - mine.half_width) <= tolerance


@given(corpora(), _metric_and_options(), st.integers(0, 2**32 - 1), st.booleans())
@example(corpus=([""], [[""]]),
         metric_options=("chrf", {"n": 6, "beta": 2, "word_order": 0, "lowercase": False, "whitespace": False,
                                  "eps_smoothing": True}), seed=0, exact=False)  # scores 1e-14 (Python floats)
@example(corpus=(["", "", "", "the the the the the the"], [[""], [""], [""], ["the the the the the the"]]),
         metric_options=("bleu", {"tokenize": "13a", "lowercase": False, "smooth_method": "exp",
                                  "smooth_value": None, "max_ngram_order": 6, "effective_order": False}),
         seed=0, exact=True)  # perfect BLEU with N = 6 is 100.00000000000013
def test_interval_brackets_the_score(corpus, metric_options, seed, exact):
    """lo <= score <= hi and the range is the metric's (0..100 here). In float32 mode the
    resample equal to the whole corpus scores within float32 rounding of the exact score,
    hence the 1e-4 slack there; exact mode has none."""
    hyps, refs = corpus
    metric, options = metric_options
    result = intervals.bootstrap(configured(metric, **options), hyps, refs, 200, rng=np.random.default_rng(seed),
                                 exact=exact)
    slack = 0.0 if exact else 1e-4
    assert result.lo - slack <= result.score <= result.hi + slack
    assert 0.0 <= result.lo <= result.hi <= 100 + 1e-9  # perfect BLEU is 100 + a few ulps
    assert result.lo <= result.mean <= result.hi or min(result.scores) <= result.mean <= max(result.scores)
    assert len(result.scores) == 200


def test_oracle_restores_sacrebleu_seed(monkeypatch):
    """The live adapter sets SACREBLEU_SEED only during a call: a previous value comes
    back, an absent one stays absent, also when sacreBLEU raises inside."""
    oracle = _sacrebleu()
    hyps, refs = ["the cat sat"], [["the cat sat"]]
    monkeypatch.setenv("SACREBLEU_SEED", "42")
    oracle.oracle_bootstrap("bleu", hyps, refs, 10, 7)
    assert oracle.os.environ["SACREBLEU_SEED"] == "42"
    monkeypatch.delenv("SACREBLEU_SEED")
    oracle.oracle_bootstrap("bleu", hyps, refs, 10, None)
    assert "SACREBLEU_SEED" not in oracle.os.environ
    with pytest.raises(TypeError):  # chrF resamples of 0.0 (Python float) and float32 mixed
        oracle.oracle_bootstrap("chrf", ["abc", "xyz"], [["abc"], ["qqq"]], 50, 1)
    assert "SACREBLEU_SEED" not in oracle.os.environ
