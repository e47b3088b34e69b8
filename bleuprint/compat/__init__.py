"""bleuprint.compat: sacreBLEU 2.5.1's public Python API, computed by ``bleuprint.impl``.

A drop-in for code written against sacreBLEU::

    from bleuprint.compat import BLEU, CHRF, TER, corpus_bleu
    bleu = BLEU()
    score = bleu.corpus_score(hyps, [refs_stream_1, refs_stream_2])
    print(score, bleu.get_signature())

References are sacreBLEU's *streams* (``references[r][i]``: reference r of segment i),
not bleuprint's per-segment lists. The classes ``BLEU``, ``CHRF``, ``TER`` (options,
``corpus_score`` with ``n_bootstrap``, ``sentence_score``, ``get_signature``, the static
``BLEU.compute_bleu``), the score objects (``score``, ``counts``, ``totals``,
``precisions``, ``bp``, ``sys_len``, ``ref_len``, ``ratio``, ``format()``, ``num_edits``,
``ref_length``...), the functions of sacreBLEU's ``compat.py`` and ``TercomTokenizer``
behave as sacreBLEU's, except where sacreBLEU silently computes something else than was
asked (mismatched stream lengths, bare strings, segments without references): those raise
(``bleuprint.compat.metrics`` lists them). ``metric.backend = SPEC`` scores with the
specification instead.
"""

from .backends import IMPL, SPEC, Backend
from .functions import (
    corpus_bleu,
    corpus_chrf,
    corpus_ter,
    raw_corpus_bleu,
    sentence_bleu,
    sentence_chrf,
    sentence_ter,
)
from .metrics import BLEU, CHRF, TER, Metric
from .scores import BLEUScore, CHRFScore, Score, TERScore
from .signatures import BLEUSignature, CHRFSignature, Signature, TERSignature

__all__ = [
    "BLEU", "BLEUScore", "BLEUSignature", "Backend", "CHRF", "CHRFScore", "CHRFSignature", "IMPL", "Metric",
    "SPEC", "Score", "Signature", "TER", "TERScore", "TERSignature", "TercomTokenizer", "corpus_bleu",
    "corpus_chrf", "corpus_ter", "raw_corpus_bleu", "sentence_bleu", "sentence_chrf", "sentence_ter",
]


def __getattr__(name: str):
    # ``TercomTokenizer`` on first use (PEP 562): its module is TER's, which scoring BLEU or
    # chrF through this package does not load
    if name == "TercomTokenizer":
        from .tercom import TercomTokenizer

        globals()[name] = TercomTokenizer
        return TercomTokenizer
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
