"""nltk 3.10.4's METEOR of one corpus as an ``OracleResult``: the ``meteor_nltk`` metric's
``corpus_oracle``, which ``bleuprint verify`` scores the real corpus with and the vector
check re-scores vector files with. Oracle side: never imported by the spec or impl.

A segment's row is ``[meteor_score(refs[i] tokens, hyps[i] tokens)]`` (``str.split()``
tokens); the corpus statistics are the rows' sum (in segment order) and the score their mean (nltk has no
corpus METEOR). With ``synonyms`` nltk reads the WordNet 3.0 files that ``find_wordnet()``
finds (``oracle_cases.nltk_wordnet``); a ``wordnet`` location is not passed on (the oracle
takes the one found).
"""

from __future__ import annotations

from ...core.oracle_result import OracleResult


def oracle_meteor_nltk(hyps, refs, fmean_alpha: float = 0.9, beta: float = 3.0, gamma: float = 0.5,
                       synonyms: bool = True, wordnet=None) -> OracleResult:
    from .oracle_cases import oracle_sentence_scores

    scores = oracle_sentence_scores(hyps, refs, fmean_alpha=fmean_alpha, beta=beta, gamma=gamma, synonyms=synonyms)
    total = sum(scores)  # in segment order, as the vectors' corpusStats are summed
    return OracleResult(score=total / len(scores), corpus_stats=[total], sentence_stats=[[s] for s in scores],
                        signature="", signature_short="")
