"""bleuprint's WER, CER, MER, WIL and WIP (spec, impl, the registered metrics and the
jiwer-order compat API) against every golden case generated from jiwer 4.0.0 on
rapidfuzz 3.14.6 (``bleuprint/oracles/goldens/wer.json``, built by
``bleuprint.metrics.wer.oracle_cases``). No jiwer is needed here.

Tolerance: none. Rows must be equal count for count (rapidfuzz's choice among equally
cheap alignments included), and scores *equal* as floats: the spec performs jiwer's few
double operations on the same integer sums. The compat API must also return jiwer's
types (an int where jiwer 4.0 returns an int: every reference empty).
"""

from __future__ import annotations

import pytest

from bleuprint.compat import jiwer as compat
from bleuprint.core import get_metric
from bleuprint.metrics.wer import impl, spec
from bleuprint.oracles.goldens import golden_cases

CASES = golden_cases("wer") + golden_cases("wer_split")
#: One case per corpus for the row checks (every measure of a corpus has the same rows
#: for the words; cer has its own).
ROW_CASES = [c for c in CASES if c["metric"] in ("wer", "cer")]
#: Lines of 2,100+ elements where rapidfuzz splits the alignment (Hirschberg): the spec's
#: Python tables take tens of seconds there, so its check of them is marked slow.
SPLIT = "wer:hirschberg"


def _by_id(cases):
    return pytest.mark.parametrize("case", cases, ids=[case["id"] for case in cases])


def test_goldens_cover_every_measure_and_family():
    """Every measure; the families the builder promises; ties of both kinds (a corpus
    whose rows have substitutions and one with both a deletion and an insertion in one
    row); every-reference-empty corpora; long lines."""
    assert {c["metric"] for c in CASES} == set(spec.MEASURES)
    families = {c["family"] for c in CASES}
    assert {"wer:quirks", "wer:quirks:single", "wer:whitespace", "wer:empty-corpus", "wer:long",
            "wer:case-unicode", "wer:perturbed"} <= families
    assert len(CASES) >= 300
    rows = [row for c in ROW_CASES for row in c["sentence_stats"]]
    assert any(row[2] and row[3] for row in rows) and any(row[1] for row in rows)
    assert any(isinstance(c["jiwer_value"], int) and c["jiwer_value"] > 1 for c in CASES if c["metric"] == "wer")
    assert max(row[4] for row in rows) >= 2100


@_by_id([c for c in ROW_CASES if c["family"] != SPLIT])
def test_spec_and_impl_rows_equal_jiwer(case):
    unit = spec.UNIT_OF[case["metric"]]
    rows = [spec.segment_row(h, r, unit) for h, r in zip(case["hyps"], case["refs"])]
    assert rows == case["sentence_stats"]
    assert impl.counts_matrix(case["hyps"], case["refs"], unit).tolist() == case["sentence_stats"]


@_by_id([c for c in CASES if c["family"] == SPLIT])
def test_impl_rows_equal_jiwer_where_rapidfuzz_splits(case):
    unit = spec.UNIT_OF[case["metric"]]
    assert impl.counts_matrix(case["hyps"], case["refs"], unit).tolist() == case["sentence_stats"]


@pytest.mark.slow
@_by_id([c for c in ROW_CASES if c["family"] == SPLIT])
def test_spec_rows_equal_jiwer_where_rapidfuzz_splits(case):
    unit = spec.UNIT_OF[case["metric"]]
    assert [spec.segment_row(h, r, unit) for h, r in zip(case["hyps"], case["refs"])] == case["sentence_stats"]


@_by_id(CASES)
def test_every_layer_scores_equal_jiwer(case):
    measure, hyps, refs = case["metric"], case["hyps"], case["refs"]
    metric = get_metric(measure)
    summed = metric.stats_matrix(hyps, refs).sum(axis=0).tolist()
    assert metric.score(summed, len(hyps)) == case["score"]
    if case["family"] != SPLIT:  # the spec there: the slow test above
        assert getattr(spec, measure)(hyps, refs) == case["score"]
    assert getattr(impl, measure)(hyps, refs) == case["score"]
    value = getattr(compat, measure)([r[0] for r in refs], list(hyps))
    assert value == case["jiwer_value"] and type(value) is type(case["jiwer_value"])
