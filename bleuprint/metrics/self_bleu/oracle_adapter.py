"""The oracles' self-BLEU of one corpus as an ``OracleResult``: the ``self_bleu`` metric's
``corpus_oracle`` (the vector check re-scores self-BLEU's vector files with it). Oracle
side: imported by the verifier, the vector check and tests, never by the metric.

A row is ``[value, counted]`` as the metric's: evalsuite, sacreBLEU 2.5.1
``sentence_bleu(outputs[i], outputs[:i] + outputs[i+1:]).score``; texygen, nltk 3.10.4
``sentence_bleu`` with method1 and weights ``(1/gram,) * gram`` over ``str.split()`` tokens
of the first 500 outputs (later ones ``[0.0, 0]``). The score is the mean of the counted
values, summed in order.
"""

from __future__ import annotations

from ...core.oracle_result import OracleResult


def oracle_self_bleu(hyps, refs=None, variant: str = "evalsuite", gram=None) -> OracleResult:
    from .oracle_cases import oracle_values

    values = oracle_values(list(hyps), variant, gram)
    rows = [[v, 1] for v in values] + [[0.0, 0] for _ in range(len(hyps) - len(values))]
    total = 0.0
    for v in values:
        total += v
    return OracleResult(score=total / len(values), corpus_stats=[total, len(values)], sentence_stats=rows,
                        signature="", signature_short="")
