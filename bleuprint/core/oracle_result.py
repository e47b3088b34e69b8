"""The shape of an oracle's answer for one corpus, shared by every corpus adapter
(``bleuprint.oracles.hooks.corpus_oracle``): sacreBLEU's in ``bleuprint.oracles``, rouge-score's in the ROUGE
metric's folder. Here, below both, so that a metric's adapter needs nothing from the
oracles package."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class OracleResult:
    """What an oracle says about one corpus (or one sentence).

    ``score``: the score on the metric's scale (0..100 for BLEU and chrF), a Python float.
    ``corpus_stats``: the summed statistics the score is computed from.
    ``sentence_stats``: one statistics row per hypothesis, in order.
    ``signature`` / ``signature_short``: the oracle's signature, long and short
    (sacreBLEU's ``get_signature().format()``; "" for an oracle without one).
    """

    score: float
    corpus_stats: list
    sentence_stats: list[list]
    signature: str
    signature_short: str
