"""chrF's one-call functions, declared once and made for both layers (``bleuprint.core.one_call``)."""

from ...core.one_call import OneCall

ONE_CALL = OneCall(
    "chrf", corpus="chrf", sentence="sentence_chrf", positional=2,
    stats="chrf_stats",
    corpus_doc="""Corpus chrF (chrF++ with ``word_order=2``): ``chrf_from_stats`` of the summed
    ``chrf_stats``. Defaults are sacreBLEU's ``CHRF()``: n = 6, beta = 2, no words.""",
    sentence_doc="""chrF of one hypothesis: the corpus score of a one-sentence corpus.""",
    stats_doc="""The 3 * (n + word_order) statistics of one hypothesis against its best reference
    (``spec.chrf_stats``).""",
)
