"""Differential tests: bleuprint.impl intervals and paired tests against bleuprint.spec.

The impl must give the spec's results exactly (bit-identical: the dataclasses compare
equal, every resample score included) on Hypothesis corpora, in both arithmetics, and on
statistics matrices crossing 2^24 where float32 row-order sums round. The spec is itself
checked against sacreBLEU (tests/spec/test_intervals_*.py, test_significance.py); this
file also runs the impl against the shipped sacreBLEU goldens.

Every test runs three times (``resampling``): with the resampling kernel of
``bleuprint.impl.native`` (bleuprint.impl._resample; skipped where it is not built,
test_resample_native.py fails then) on one thread; with it on threads (the indices drawn
ahead while the statistics are computed, the sums and the n-gram counts split into parts
however small the corpus: ``native.THREADS = 3``, minimum part sizes 1); and with numpy
only (``native.resample = None``).
"""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import example, given, strategies as st

from bleuprint.impl import intervals as impl_intervals
from bleuprint.impl import native
from bleuprint.impl import significance as impl_significance
from bleuprint.oracles.cases_intervals import compare_with_goldens
from bleuprint.oracles.goldens import golden_cases
from bleuprint.spec import intervals as spec_intervals
from bleuprint.spec import significance as spec_significance
from bleuprint.strategies import bleu_options, chrf_options, corpora, sentences
from bleuprint.core.value import metric as configured


@pytest.fixture(scope="module", params=["kernel", "kernel-threads", "numpy"], autouse=True)
def resampling(request):
    """The resampling path under test: the C kernel on one thread or on several, or
    numpy's. Module-scoped, so that Hypothesis tests may use it (nothing in it changes
    between examples)."""
    with pytest.MonkeyPatch.context() as patch:
        if request.param == "numpy":
            patch.setattr(native, "resample", None)
        elif native.resample is None:
            pytest.skip("bleuprint.impl._resample is not built")
        if request.param == "kernel-threads":
            patch.setattr(native, "THREADS", 3)
            patch.setattr(native, "SPLIT_MIN_SENTENCES", 1)
            patch.setattr(impl_intervals, "_SPLIT_MIN_ENTRIES", 1)
        else:
            patch.setattr(native, "THREADS", 1)
        yield request.param


def _metric_and_options():
    return st.one_of(
        st.tuples(st.just("bleu"), bleu_options()),
        st.tuples(st.just("chrf"), chrf_options()),
        st.tuples(st.just("exact_match"), st.just({})),
    )


@given(corpora(), _metric_and_options(), st.integers(0, 2**32 - 1), st.booleans(),
       st.sampled_from([1, 2, 37, 200]), st.sampled_from([0.05, 0.1, 0.5]))
@example(corpus=(["", "", "", "", "", "", "the"], [[""], [""], [""], ["the the", "a"], [""], [""], ["the"]]),
         metric_options=("chrf", {"n": 6, "beta": 2, "word_order": 0, "lowercase": False, "whitespace": False,
                                  "eps_smoothing": False}),
         seed=1, exact=False, n_boot=2, alpha=0.05)
@example(corpus=([""], [[""]]),
         metric_options=("chrf", {"n": 6, "beta": 2, "word_order": 0, "lowercase": False, "whitespace": False,
                                  "eps_smoothing": True}),
         seed=0, exact=False, n_boot=200, alpha=0.05)  # Python-float scores in float32 mode
def test_bootstrap_equals_spec(corpus, metric_options, seed, exact, n_boot, alpha):
    """Same score, interval, mean, half-width and every resample score (==), and the
    generator left in the same state (the indices drawn ahead store theirs back)."""
    hyps, refs = corpus
    metric, options = metric_options
    spec_rng, impl_rng = np.random.default_rng(seed), np.random.default_rng(seed)
    want = spec_intervals.bootstrap(configured(metric, **options), hyps, refs, n_boot, alpha, spec_rng, exact=exact)
    got = impl_intervals.bootstrap(configured(metric, **options), hyps, refs, n_boot, alpha, impl_rng, exact=exact)
    assert got == want
    assert impl_rng.bit_generator.state == spec_rng.bit_generator.state
    assert impl_intervals.metric_ci(configured(metric, **options), hyps, refs, n_boot, alpha,
                                    np.random.default_rng(seed), exact=exact) == (want.score, want.lo, want.hi)


_BIG = 2**24


@st.composite
def _big_stats(draw):
    """BLEU-shaped statistics (N = 2) with some counts near 2^24: sums of two rows cross
    it, where float32 rounds and the impl must re-add in sacreBLEU's order."""
    rows = []
    for _ in range(draw(st.integers(2, 5))):
        totals = [draw(st.integers(0, _BIG + 50)) for _ in range(4)]
        matches = [draw(st.integers(0, t)) for t in totals]
        rows.append([draw(st.integers(0, _BIG + 50)), draw(st.integers(0, _BIG + 50))] + matches + totals)
    return rows


@given(_big_stats(), st.integers(0, 2**32 - 1), st.booleans())
def test_bootstrap_stats_above_2_to_the_24_equals_spec(stats, seed, exact):
    want = spec_intervals.bootstrap_stats("bleu", stats, 30, rng=np.random.default_rng(seed), exact=exact)
    got = impl_intervals.bootstrap_stats("bleu", stats, 30, rng=np.random.default_rng(seed), exact=exact)
    assert got == want


@st.composite
def _paired_corpora(draw):
    hyps, refs = draw(corpora(min_size=2))
    systems = [draw(st.lists(st.one_of(sentences(), st.sampled_from(hyps)), min_size=len(hyps), max_size=len(hyps)))
               for _ in range(draw(st.integers(1, 3)))]
    return hyps, systems, refs


@given(_paired_corpora(), _metric_and_options(), st.sampled_from([12345, 1, 0, None]), st.sampled_from(["bs", "ar"]))
def test_paired_tests_equal_spec(data, metric_options, seed, test):
    """Every row equal (==). Seeds 0 and None are unseeded for the comparisons, so there
    only the baseline row and the scores are compared."""
    hyps, systems, refs = data
    metric, options = metric_options
    value = configured(metric, **options)  # chrF's ``n`` in the value; the tests' n is their samples
    n = 40 if test == "bs" else 80
    name = "paired_bootstrap" if test == "bs" else "paired_approximate_randomization"
    want = getattr(spec_significance, name)(value, hyps, systems, refs, n=n, seed=seed)
    got = getattr(impl_significance, name)(value, hyps, systems, refs, n=n, seed=seed)
    if seed:
        assert got == want
    else:
        assert [r.score for r in got.systems] == [r.score for r in want.systems]
        if seed == 0 or test == "ar":
            assert got.baseline == want.baseline


class _Impl:
    bootstrap = staticmethod(impl_intervals.bootstrap)
    bootstrap_stats = staticmethod(impl_intervals.bootstrap_stats)
    paired_bootstrap = staticmethod(impl_significance.paired_bootstrap)
    paired_approximate_randomization = staticmethod(impl_significance.paired_approximate_randomization)


def test_impl_equals_sacrebleu_goldens():
    rows = compare_with_goldens(_Impl, golden_cases("intervals"))
    assert rows and all(row.ok for row in rows), [row.failures for row in rows if not row.ok]


def test_impl_ter_from_statistics_equals_sacrebleu_goldens():
    """The impl on TER's statistics goldens (fractional average lengths, sums above 2^24)."""
    cases = [c for c in golden_cases("intervals") if c["kind"] == "bootstrap_stats" and c["metric"] == "ter"]
    rows = compare_with_goldens(_Impl, cases)
    assert rows and all(row.ok for row in rows), [row.failures for row in rows if not row.ok]


@st.composite
def _ter_stats(draw):
    """TER statistics [E, L]: L an average of 1..3 reference lengths (fractional), some
    huge so that float32 sums round."""
    rows = []
    for _ in range(draw(st.integers(1, 6))):
        k = draw(st.integers(1, 3))
        lengths = [draw(st.one_of(st.integers(0, 30), st.integers(_BIG - 5, _BIG + 5))) for _ in range(k)]
        rows.append([draw(st.integers(0, 40)), sum(lengths) / k])
    return rows


@given(_ter_stats(), st.integers(0, 2**32 - 1), st.booleans())
def test_ter_bootstrap_stats_equals_spec(stats, seed, exact):
    want = spec_intervals.bootstrap_stats("ter", stats, 30, rng=np.random.default_rng(seed), exact=exact)
    got = impl_intervals.bootstrap_stats("ter", stats, 30, rng=np.random.default_rng(seed), exact=exact)
    assert got == want


def test_impl_validation_matches_spec():
    hyps, refs = ["a b"], [["a b"]]
    with pytest.raises(ValueError, match="rng is required"):
        impl_intervals.metric_ci("bleu", hyps, refs)
    with pytest.raises(TypeError, match="Generator"):
        impl_intervals.metric_ci("bleu", hyps, refs, rng=1)
    with pytest.raises(ValueError, match="alpha"):
        impl_intervals.metric_ci("bleu", hyps, refs, alpha=1.0, rng=np.random.default_rng(1))
    with pytest.raises(ValueError, match="seed"):
        impl_significance.paired_bootstrap("bleu", hyps, [hyps], refs, seed=-3)
    with pytest.raises(ValueError, match="systems is empty"):
        impl_significance.paired_approximate_randomization("bleu", hyps, {}, refs)


@given(st.integers(1, 3000), st.integers(1, 50), st.integers(0, 2**32 - 1))
def test_fast_indices_are_sacrebleus_choice(n_sentences, n_boot, seed):
    """The impl draws ``integers(0, N, dtype=uint32)``; it must give exactly
    ``choice(N, (n_boot, N))`` (sacreBLEU's call) and leave the generator in the same
    state (a caller may keep drawing from it)."""
    ours, theirs = np.random.default_rng(seed), np.random.default_rng(seed)
    assert np.array_equal(impl_intervals.resample_indices(ours, n_sentences, n_boot),
                          theirs.choice(n_sentences, size=(n_boot, n_sentences), replace=True))
    assert ours.bit_generator.state == theirs.bit_generator.state
