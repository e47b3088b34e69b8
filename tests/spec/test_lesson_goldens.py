"""The lesson family against its libraries' goldens (``bleuprint.metrics.lesson.oracle_cases``:
nltk 3.10.4's sentence_bleu / corpus_bleu with the lesson's add-one smoothing, rouge-score
0.1.2's rougeL with the lesson's tokenizer). Rows and scores are compared exactly: the
spec does the oracles' floating-point operations in their order."""

from __future__ import annotations

import pytest

from bleuprint import spec as bspec
from bleuprint.metrics.lesson import spec as L
from bleuprint.oracles.goldens import golden_cases

CASES = golden_cases("lesson")
ROW = {
    "lesson_bleu4": lambda h, r: [L.score("bleu_4", h, r)],
    "lesson_rouge_l": lambda h, r: [L.score("rouge_l", h, r)],
    "lesson_corpus_bleu": L.corpus_bleu_row,
}
SCORE = {
    "lesson_bleu4": lambda hs, rs: L.corpus_mean("bleu_4", hs, rs),
    "lesson_rouge_l": lambda hs, rs: L.corpus_mean("rouge_l", hs, rs),
    "lesson_corpus_bleu": L.corpus_bleu,
}


@pytest.mark.parametrize("case", CASES, ids=[c["id"] for c in CASES])
def test_golden_rows_and_score(case):
    rows = [ROW[case["metric"]](h, r) for h, r in zip(case["hyps"], case["refs"])]
    assert rows == case["sentence_stats"]
    assert SCORE[case["metric"]](case["hyps"], case["refs"]) == case["score"]
    assert bspec.corpus_score(case["metric"], case["hyps"], case["refs"]) == pytest.approx(case["score"], abs=1e-12)


def test_goldens_cover_each_metric_and_several_targets():
    assert {c["metric"] for c in CASES} == set(ROW)
    assert all(any(len(r) > 1 for c in CASES if c["metric"] == m for r in c["refs"]) for m in ROW)
