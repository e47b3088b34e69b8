"""bleuprint's CIDEr-D and coco BLEU (spec, impl and the registered metrics) against every
golden case generated from pycocoevalcap 1.2 (``bleuprint/oracles/goldens/cider.json`` and
``coco_bleu.json``, built by the metrics' ``oracle_cases``). No pycocoevalcap needed here.

Tolerances: coco BLEU rows equal (integer statistics) and scores *equal* (``==``: the spec
performs pycocoevalcap's float operations in its order). CIDEr-D: every image's score
equal (``==``: the spec computes the penalty as pycocoevalcap writes it, ``e ** x``, and
sums in its order; the kernel performs the spec's operations), the numpy fallback within
1e-9; the corpus value within 1e-12 (our fsum / N against pycocoevalcap's ``np.mean``).
"""

from __future__ import annotations

import pytest

from bleuprint import impl as impl_layer
from bleuprint import spec as spec_layer
from bleuprint.core import get_metric
from bleuprint.metrics.cider import impl as cider_impl
from bleuprint.metrics.cider import spec as cider_spec
from bleuprint.metrics.coco_bleu import impl as bleu_impl
from bleuprint.metrics.coco_bleu import spec as bleu_spec
from bleuprint.oracles.goldens import golden_cases
from bleuprint.core.value import metric as configured

CIDER = golden_cases("cider")
BLEU = golden_cases("coco_bleu")
BLEU_CORPUS = [c for c in BLEU if c["level"] == "corpus"]
BLEU_SENTENCE = [c for c in BLEU if c["level"] == "sentence"]


def _by_id(cases):
    return pytest.mark.parametrize("case", cases, ids=[case["id"] for case in cases])


def test_goldens_cover_the_families():
    """The quirks the issue names are in the fixtures: empty hypotheses, 1-word captions,
    repeats, many references, a perfect match (coco BLEU-4 of a 7-word caption against
    itself: 0.99999999967; of a 5-word one 0.99999999948), a perfect 3-word caption among
    others (CIDEr-D 7.5), one image (0), punctuation and non-ASCII pools."""
    assert len(CIDER) >= 30 and len(BLEU) >= 150
    assert {"cider:quirks", "cider:one-image", "cider:grow", "cider:random:unicode",
            "cider:random:punctuation"} <= {c["family"] for c in CIDER}
    quirks = next(c for c in CIDER if c["family"] == "cider:quirks")
    assert quirks["sentence_stats"][0] == [7.5] and quirks["sentence_stats"][1] == [0.0]
    assert all(c["score"] == 0.0 for c in CIDER if c["family"] == "cider:one-image")
    perfect = {c["hyps"][0]: c["score"] for c in BLEU_SENTENCE if c["options"]["order"] == 4}
    assert round(perfect["a man is riding a brown horse"], 11) == 0.99999999967
    assert round(perfect["a man rides a horse"], 11) == 0.99999999948
    assert {c["options"]["order"] for c in BLEU} == {1, 2, 3, 4}


@_by_id(CIDER)
def test_cider_equals_pycocoevalcap(case):
    hyps, refs = case["hyps"], case["refs"]
    context = cider_spec.corpus_context(hyps, refs)
    expected = [row[0] for row in case["sentence_stats"]]
    assert [cider_spec.cider_segment(h, r, context) for h, r in zip(hyps, refs)] == expected
    assert cider_impl.cider_rows(hyps, refs)[:, 0].tolist() == pytest.approx(expected, abs=1e-9)
    assert cider_impl.numpy_rows(hyps, refs)[:, 0].tolist() == expected
    for function in (cider_spec.cider, cider_impl.cider):
        assert function(hyps, refs) == pytest.approx(case["score"], abs=1e-12)


def test_cider_kernel_equals_pycocoevalcap_exactly():
    """With the compiled kernel, every golden image's score is pycocoevalcap's float."""
    from bleuprint.impl import native

    if native.cider is None:
        pytest.skip("the CIDEr-D kernel is not built (python setup.py build_ext --inplace)")
    for case in CIDER:
        assert cider_impl.cider_rows(case["hyps"], case["refs"]).tolist() == case["sentence_stats"], case["id"]


@_by_id(BLEU_CORPUS)
def test_coco_bleu_equals_pycocoevalcap(case):
    hyps, refs, order = case["hyps"], case["refs"], case["options"]["order"]
    assert [bleu_spec.coco_bleu_stats(h, r) for h, r in zip(hyps, refs)] == case["sentence_stats"]
    assert bleu_impl.coco_bleu_stats_matrix(hyps, refs).tolist() == case["sentence_stats"]
    assert bleu_spec.coco_bleu(hyps, refs, order) == case["score"]
    assert bleu_impl.coco_bleu(hyps, refs, order) == case["score"]


@_by_id(BLEU_SENTENCE)
def test_coco_bleu_per_image_equals_pycocoevalcap(case):
    order = case["options"]["order"]
    row = bleu_spec.coco_bleu_stats(case["hyps"][0], case["refs"][0])
    assert bleu_spec.coco_bleu_from_stats(row, order) == case["score"]
    assert bleu_impl.per_image_scores([row], 4)[order - 1] == [case["score"]]
    for layer in (spec_layer, impl_layer):
        found = layer.sentence_scores(configured("coco_bleu", order=order), case["hyps"], case["refs"])
        assert list(found) == pytest.approx([case["score"]], abs=1e-15)


def test_registered_metrics_score_the_goldens():
    """Through the metric model: rows summed, then ``score``."""
    for case in CIDER[:10] + BLEU_CORPUS[:20]:
        metric = get_metric(case["metric"])
        rows = metric.stats_matrix(case["hyps"], case["refs"])
        value = metric.score(rows.sum(axis=0).tolist(), len(case["hyps"]), **case["options"])
        assert value == pytest.approx(case["score"], abs=1e-12)
