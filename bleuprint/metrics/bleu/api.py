"""BLEU's one-call functions, declared once and made for both layers (``bleuprint.core.one_call``)."""

from ...core.one_call import OneCall

ONE_CALL = OneCall(
    "bleu", corpus="corpus_bleu", sentence="sentence_bleu", positional=1,
    stats="bleu_stats",
    corpus_doc="""Corpus BLEU: ``bleu_from_stats`` of the summed ``bleu_stats`` of every sentence.

    ``refs[i]`` is the list of references of ``hyps[i]``; defaults are sacreBLEU's
    ``BLEU()`` defaults (13a, mixed case, exp smoothing, N = 4, no effective order).""",
    sentence_doc="""BLEU of one hypothesis: the corpus score of a one-sentence corpus, with
    sacreBLEU's sentence-level default ``effective_order=True`` (its ``sentence_bleu``
    function and ``--sentence-level``).""",
    stats_doc="""The 2 + 2N sufficient statistics of one hypothesis: ``[c, r, m_1..m_N, t_1..t_N]``
    (``bleuprint.metrics.bleu.spec.bleu_stats``).""",
)
