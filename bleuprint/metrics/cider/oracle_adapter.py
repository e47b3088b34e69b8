"""pycocoevalcap 1.2's CIDEr-D for one corpus as an ``OracleResult``: the ``cider``
metric's ``corpus_oracle`` (``bleuprint verify``'s live row, the vector check). Oracle
side: imported by the verifier, the vector check and tests, never by the metric.

Image i gets the id i: ``Cider().compute_score({i: refs[i]}, {i: [hyps[i]]})``. A row is
the image's score; the corpus score is pycocoevalcap's own (``np.mean`` of the rows);
``corpus_stats`` is the sum of the rows in image order."""

from __future__ import annotations

from ...core.oracle_result import OracleResult


def oracle_cider(hyps, refs) -> OracleResult:
    from .oracle_cases import oracle_scores

    score, rows = oracle_scores(hyps, refs)
    return OracleResult(score=score, corpus_stats=[sum(rows)], sentence_stats=[[x] for x in rows],
                        signature="", signature_short="")
