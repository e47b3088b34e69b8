"""impl against spec for CIDEr-D and coco BLEU (the differential tests), on tokenized
caption corpora from ``bleuprint.metrics.cider.strategies`` (empty and 1-word captions,
repeats, ties, punctuation, non-ASCII, unusual white space).

* coco BLEU: every row *equal* (exact integer statistics), every score equal (impl scores
  with the spec's float operations in the spec's order).
* CIDEr-D: every image's score within 1e-9 (absolute, on the 0-10 scale), the documented
  tolerance; the compiled kernel (``bleuprint/impl/csrc/cider.c``) and the numpy path
  (also the path for a context given from outside) perform the spec's operations in the
  spec's order, so equality (``==``) is asserted as well.
"""

from __future__ import annotations

import math

import pytest
from hypothesis import example, given
from hypothesis import strategies as st

from bleuprint.impl import native
from bleuprint.metrics.cider import impl as cider_impl
from bleuprint.metrics.cider import spec as cider_spec
from bleuprint.metrics.cider.strategies import caption_corpora
from bleuprint.metrics.coco_bleu import impl as bleu_impl
from bleuprint.metrics.coco_bleu import spec as bleu_spec

TOLERANCE = 1e-9


@given(caption_corpora(), st.integers(1, 4))
@example((["a b c"], [["a b", "a b c d"]]), 1)
@example((["", "x"], [[""], ["x x"]]), 4)
def test_coco_bleu_rows_and_scores_equal(corpus, order):
    hyps, refs = corpus
    rows = [bleu_spec.coco_bleu_stats(h, r) for h, r in zip(hyps, refs)]
    matrix = bleu_impl.coco_bleu_stats_matrix(hyps, refs)
    assert matrix.tolist() == rows
    assert bleu_impl.coco_bleu(hyps, refs, order) == bleu_spec.coco_bleu(hyps, refs, order)
    per_image = bleu_impl.per_image_scores(matrix, 4)
    assert per_image[order - 1] == [bleu_spec.coco_bleu_from_stats(row, order) for row in rows]


def _spec_rows(hyps, refs, context=None):
    context = context or cider_spec.corpus_context(hyps, refs)
    return [cider_spec.cider_segment(h, r, context) for h, r in zip(hyps, refs)]


@given(caption_corpora())
@example((["a cat sat", "d"], [["a cat sat"], ["d"]]))
@example((["x x x", "y"], [["x"], ["y"]]))
def test_cider_rows_equal_spec(corpus):
    hyps, refs = corpus
    expected = _spec_rows(hyps, refs)
    found = cider_impl.cider_rows(hyps, refs)[:, 0].tolist()
    assert found == pytest.approx(expected, abs=TOLERANCE)
    if native.cider is not None:
        assert found == expected  # the kernel performs the spec's operations in order
    assert cider_impl.numpy_rows(hyps, refs)[:, 0].tolist() == expected
    assert cider_impl.cider(hyps, refs) == pytest.approx(cider_spec.cider(hyps, refs), abs=TOLERANCE)


@given(caption_corpora(min_size=2, max_size=4), caption_corpora(max_size=3))
def test_cider_rows_with_a_larger_corpus_context(shard, other):
    """A shard scored with the context of itself plus another shard (combined)."""
    hyps, refs = shard
    context = cider_spec.combine_contexts(cider_spec.corpus_context(hyps, refs), cider_spec.corpus_context(*other))
    expected = _spec_rows(hyps, refs, context)
    found = cider_impl.cider_rows(hyps, refs, context)[:, 0].tolist()
    assert found == pytest.approx(expected, abs=TOLERANCE)
    assert found == expected
    assert all(math.isfinite(x) and x >= 0 for x in found)
