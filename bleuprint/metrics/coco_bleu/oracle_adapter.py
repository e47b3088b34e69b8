"""pycocoevalcap 1.2's BLEU for one corpus as an ``OracleResult``: the ``coco_bleu``
metric's ``corpus_oracle``. Oracle side: imported by the verifier, the vector check and
tests, never by the metric.

Image i gets the id i; ``Bleu(4).compute_score`` (stdout silenced: it prints its totals).
The rows are read from the scorer's cooked statistics (testlen, the closest reference
length as ``compute_score(option='closest')`` picks it, guess and correct per order)."""

from __future__ import annotations

from ...core.oracle_result import OracleResult


def oracle_coco_bleu(hyps, refs, order: int = 4) -> OracleResult:
    from .oracle_cases import oracle_rows

    scores, _, rows = oracle_rows(hyps, refs)
    return OracleResult(score=scores[order - 1], corpus_stats=[sum(c) for c in zip(*rows)], sentence_stats=rows,
                        signature="", signature_short="")
