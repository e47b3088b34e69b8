"""CIDEr-D's corpus shape (``CORPUS_PASS``) and its refusals, by hand; the hand-computed
scores are in examples/graded_suites/thorough/test_thorough_coco.py (the mutants' suite)
and the oracle's in tests/spec/test_coco_goldens.py.

Tolerances: sharded and one-call values are compared with ``==`` (the summation order is
part of the definition: the exact sum of the images' scores, rounded once, over N); hand
values within 1e-12.
"""

from __future__ import annotations

import importlib.util
import math

import numpy as np
import pytest

import bleuprint.impl as impl
from bleuprint import spec
from bleuprint.core import get_metric
from bleuprint.metrics.cider import impl as cider_impl
from bleuprint.metrics.cider import spec as cider_spec

needs_pycocoevalcap = pytest.mark.skipif(importlib.util.find_spec("pycocoevalcap") is None,
                                         reason="pycocoevalcap 1.2 is not installed (pip install 'bleuprint[test]')")

HYPS = ["a man riding a horse", "a dog with a frisbee", "two people on the beach", "a red car", "",
        "a man on the street", "dog dog dog"]
REFS = [["a man rides a horse", "a person on a horse"], ["a dog catching a frisbee"],
        ["two people standing on a beach", "people on the beach", "a beach"], ["a red car in the street"],
        ["a cat"], ["a man walking on a street"], ["a dog", "two dogs"]]


def test_sharded_accumulator_equals_one_call_bit_for_bit():
    """Shards' contexts added (N and df counters), each shard's rows computed with the
    combined context and accumulated, then merged: the same number, ``==``, as the
    one-call ``cider`` of spec and impl (both fsum / N; the Accumulator sums its fractional
    column exactly and rounds once, which is fsum). Also in another split."""
    metric = get_metric("cider")
    expected = cider_spec.cider(HYPS, REFS)
    assert cider_impl.cider(HYPS, REFS) == expected
    assert spec.corpus_score("cider", HYPS, REFS) == pytest.approx(expected, abs=1e-12)  # sequential sum
    for cut in (1, 3, 5):
        context = metric.combine_contexts(metric.corpus_context(HYPS[:cut], REFS[:cut]),
                                          metric.corpus_context(HYPS[cut:], REFS[cut:]))
        assert context == metric.corpus_context(HYPS, REFS)
        first = impl.Accumulator("cider", context=context).add(HYPS[:cut], REFS[:cut])
        second = impl.Accumulator("cider", context=context).add(HYPS[cut:], REFS[cut:])
        assert first.merge(second).score() == expected


def test_a_shard_scored_with_its_own_context_differs():
    """Without the combined context a shard is another corpus (N and df change)."""
    alone = cider_spec.cider(HYPS[:3], REFS[:3])
    rows = cider_impl.cider_rows(HYPS, REFS)[:3, 0]
    assert alone != pytest.approx(math.fsum(rows.tolist()) / 3, abs=1e-6)


def test_image_alone_gets_zero_and_adding_an_image_changes_scores():
    """Every image of the corpus scored alone: 0 (N = 1: every weight log 1 - log 1).
    Adding an image (the last) changes the score of every image that has a non-zero
    score (N and df change)."""
    for hyp, refs in zip(HYPS, REFS):
        assert cider_spec.cider([hyp], [refs]) == 0.0 and cider_impl.cider([hyp], [refs]) == 0.0
    before = cider_impl.cider_rows(HYPS[:-1], REFS[:-1])[:, 0]
    after = cider_impl.cider_rows(HYPS, REFS)[:-1, 0]
    changed = [b != a for b, a in zip(before, after) if b > 0]
    assert changed and all(changed)


def _pycocoevalcap_mean(hyps, refs):
    import contextlib
    import io

    from pycocoevalcap.cider.cider import Cider

    gts = {i: list(r) for i, r in enumerate(refs)}
    res = {i: [h] for i, h in enumerate(hyps)}
    with contextlib.redirect_stdout(io.StringIO()):
        return float(Cider().compute_score(gts, res)[0])


@needs_pycocoevalcap
def test_bootstrap_keeps_the_whole_corpus_df():
    """The documented choice (``bleuprint.metrics.cider``): a resample reuses the rows
    computed with the whole corpus's df and N. pycocoevalcap run on the resampled corpus
    (duplicates as separate images) recomputes them, and gives other numbers: on this
    7-image corpus and the resample [0, 0, 1, 2, 3, 5, 5] (image 0 and 5 twice, 4 and 6
    dropped), ours is the mean of the whole-corpus rows 0, 0, 1, 2, 3, 5, 5; pycocoevalcap's
    treats the duplicated images' n-grams as common (df 2), lowering their weights.
    Measured when written: whole corpus 2.1349; this resample 2.6391 (ours) against 2.3578
    (pycocoevalcap recomputing df and N); over 200 resamples (numpy default_rng(0)) ours
    was higher by 0.136 on average (from -0.147 to +0.742). Asserted: more than 0.05
    apart; and the interval of spec and impl use our rule."""
    rows = cider_impl.cider_rows(HYPS, REFS)[:, 0]
    draw = [0, 0, 1, 2, 3, 5, 5]
    ours = math.fsum(rows[draw].tolist()) / len(draw)
    theirs = _pycocoevalcap_mean([HYPS[i] for i in draw], [REFS[i] for i in draw])
    assert abs(ours - theirs) > 0.05
    from bleuprint.spec.intervals import bootstrap_with_indices

    result = bootstrap_with_indices("cider", np.array([[x] for x in rows]), [draw], exact=True)
    assert result.mean == pytest.approx(ours, abs=1e-12)
    a = spec.bootstrap("cider", HYPS, REFS, n_boot=20, rng=np.random.default_rng(3), exact=True)
    b = impl.bootstrap("cider", HYPS, REFS, n_boot=20, rng=np.random.default_rng(3), exact=True)
    assert np.allclose([a.lo, a.hi, a.mean], [b.lo, b.hi, b.mean], rtol=0, atol=1e-9)


def test_no_reference_word_scores_zero_in_the_metric():
    """Every reference empty: df is empty, every reference weight 0: every image 0 (the
    compat API refuses such a corpus, as pycocoevalcap fails on it)."""
    assert cider_spec.cider(["a b", "c"], [[""], ["  "]]) == 0.0
    assert cider_impl.cider(["a b", "c"], [[""], ["  "]]) == 0.0


@pytest.mark.parametrize("hyps, refs, error", [
    ("a b", [["a"]], TypeError), (["a"], [[]], ValueError), (["a", "b"], [["a"]], ValueError),
    ([None], [["a"]], TypeError), (["a"], ["a"], TypeError), ([], [], ValueError),
])
def test_bad_corpora_are_refused(hyps, refs, error):
    for function in (cider_spec.cider, cider_impl.cider):
        with pytest.raises(error):
            function(hyps, refs)


@pytest.mark.parametrize("stats, n, error", [([-1.0], 2, ValueError), ([float("nan")], 2, ValueError),
                                             ([1.0, 2.0], 2, ValueError), (["x"], 1, TypeError),
                                             ([1.0], 0, ValueError)])
def test_bad_statistics_are_refused(stats, n, error):
    with pytest.raises(error):
        cider_spec.cider_from_stats(stats, n)
