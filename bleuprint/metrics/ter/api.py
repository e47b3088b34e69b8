"""TER's one-call functions, declared once and made for both layers (``bleuprint.core.one_call``);
``ter_stats`` is written in both: impl's refusal of a line beyond TER's length limit names
``hyp``, as the spec's does, where the one-segment corpus would name ``hyps[0]``."""

from ...core.one_call import OneCall

ONE_CALL = OneCall(
    "ter", corpus="ter", sentence="sentence_ter",
    corpus_doc="""Corpus TER: ``ter_from_stats`` of the element-wise sum, in sentence order, of every
    sentence's ``ter_stats``. ``refs[i]`` is the list of references of ``hyps[i]``; the
    defaults are sacreBLEU's ``TER()`` (lowercased, no normalisation, punctuation kept). A
    corpus with a line of more than ``MAX_WORDS`` words is refused before any search
    (``check_corpus_lengths``).""",
    sentence_doc="""TER of one hypothesis: the corpus score of a one-sentence corpus.""",
)
