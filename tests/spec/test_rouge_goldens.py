"""bleuprint's ROUGE (spec and the registered metric) against every golden case generated
from rouge-score 0.1.2 (``bleuprint/oracles/goldens/rouge.json``, built by
``bleuprint.metrics.rouge.oracle_cases``). No rouge-score is needed here.

Tolerances: each segment's ``[P, R, F]`` must be *equal* to rouge-score's floats (the
spec performs the same Python float operations in the same order); the corpus mean within
1e-12 (sums in a different order would be the only difference).
"""

from __future__ import annotations

import pytest

from bleuprint.core import get_metric
from bleuprint.metrics.rouge import impl, spec
from bleuprint.oracles.goldens import golden_cases
from bleuprint.core.options import options_for_score, options_for_stats

CASES = golden_cases("rouge")
TOLERANCE = 1e-12


def _by_id(cases):
    return pytest.mark.parametrize("case", cases, ids=[case["id"] for case in cases])


def test_goldens_cover_every_family_and_type():
    """The fixture has the families the builder promises and every rouge-score type."""
    families = {case["family"] for case in CASES}
    assert {"rouge:quirks", "rouge:multi", "rouge:lsum:small-vocabulary"} <= families
    assert {case["options"]["rouge_type"] for case in CASES} == set(spec.ROUGE_TYPES)
    assert len(CASES) >= 150
    stemmed = [case for case in CASES if case["options"].get("use_stemmer")]
    assert {case["options"]["rouge_type"] for case in stemmed} == set(spec.ROUGE_TYPES)
    assert {"rouge:stem:quirks", "rouge:stem:inflected", "rouge:quirks:stemmed"} <= {c["family"] for c in stemmed}


@_by_id(CASES)
def test_spec_rows_equal_rouge_score(case):
    rouge_type, use_stemmer = case["options"]["rouge_type"], case["options"].get("use_stemmer", False)
    rows = [spec.rouge_stats(h, r, rouge_type, use_stemmer) for h, r in zip(case["hyps"], case["refs"])]
    assert rows == case["sentence_stats"]
    assert spec.rouge(case["hyps"], case["refs"], **case["options"]) == pytest.approx(case["score"], abs=TOLERANCE)


@_by_id(CASES)
def test_impl_rows_equal_rouge_score(case):
    rouge_type, use_stemmer = case["options"]["rouge_type"], case["options"].get("use_stemmer", False)
    rows = impl.rouge_stats_matrix(case["hyps"], case["refs"], rouge_type, use_stemmer)
    assert rows.tolist() == case["sentence_stats"]
    assert impl.rouge(case["hyps"], case["refs"], **case["options"]) == pytest.approx(case["score"], abs=TOLERANCE)


@_by_id([c for c in CASES
         if c["family"] in ("rouge:quirks", "rouge:multi", "rouge:stem:quirks", "rouge:stem:inflected")])
def test_registered_metric_scores_the_goldens(case):
    """Through the metric model: rows summed, then ``score`` divides by the count."""
    metric = get_metric("rouge")
    options = case["options"]
    rows = metric.stats_matrix(case["hyps"], case["refs"], **options_for_stats(metric, options))
    value = metric.score(rows.sum(axis=0).tolist(), len(case["hyps"]), **options_for_score(metric, options))
    assert value == pytest.approx(case["score"], abs=TOLERANCE)
