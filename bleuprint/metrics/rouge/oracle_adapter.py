"""rouge-score 0.1.2's answer for one corpus as an ``OracleResult``: the ``rouge`` metric's
``corpus_oracle``, which ``bleuprint verify`` scores the real corpus with and the vector
check re-scores ROUGE's vector files with. Oracle side: imported by the verifier, the
vector check and tests, never by the metric's spec or impl.

A segment's row is ``score_multi``'s ``[precision, recall, fmeasure]`` for the ROUGE type
(rouge-score picks the best target per type); the corpus statistics are the rows' column
sums in segment order and the score their chosen column over the number of segments, the
mean rouge-score's users take of its per-segment scores. rouge-score has no signature.
"""

from __future__ import annotations

from ...core.oracle_result import OracleResult
from .spec import MEASURES


def oracle_rouge(hyps, refs, rouge_type: str = "rouge1", measure: str = "fmeasure", **scorer_options) -> OracleResult:
    """``refs[i]``: the targets of ``hyps[i]``. ``scorer_options`` go to ``RougeScorer``
    (``use_stemmer``)."""
    from .oracle_cases import require_rouge_score

    scorer = require_rouge_score().RougeScorer([rouge_type], **scorer_options)
    rows = []
    for hyp, targets in zip(hyps, refs):
        found = scorer.score_multi(list(targets), hyp)[rouge_type]
        rows.append([found.precision, found.recall, found.fmeasure])
    sums = [sum(column) for column in zip(*rows)]
    return OracleResult(score=sums[MEASURES.index(measure)] / len(rows), corpus_stats=sums, sentence_stats=rows,
                        signature="", signature_short="")
