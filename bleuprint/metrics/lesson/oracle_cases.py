"""The lesson family's golden cases, from the libraries that compute the same quantities
when given the lesson's tokens (read only by the generator and verify):

* ``lesson_bleu4``: nltk 3.10.4's ``sentence_bleu`` on the lesson's tokens of the
  prediction and of one target, with a smoothing function of our own that adds one to
  the numerator and the denominator of every order (nltk has none: its ``method2``
  leaves unigrams alone), maxed over the targets. nltk differs from the lesson in two
  places, so the cases avoid them: it returns 0 when no unigram matches (the lesson's
  add-one gives a positive score), and its n-gram denominator is at least 1 (the lesson's
  t_n + 1 is 1 when the candidate has fewer than n tokens, nltk's 2). Every prediction
  here has at least 4 tokens and shares one with every target.
* ``lesson_rouge_l``: rouge-score 0.1.2's ``rougeL`` with a tokenizer object returning the
  lesson's tokens (its own tokenizer drops non-ASCII letters), F1 maxed over the targets
  (``score_multi``).
* ``lesson_corpus_bleu``: nltk's ``corpus_bleu`` with the same smoothing (the score), its
  ``modified_precision`` numerators and denominators and ``closest_ref_length`` (the rows),
  on the same kind of corpora.

Token F1, exact match and accuracy have no library computing them on these tokens: their
expected values are hand computations in ``tests/spec/test_lesson_hand.py``.
"""

from __future__ import annotations

import random

NLTK_VERSION = "3.10.4"
ROUGE_SCORE_VERSION = "0.1.2"

WORDS = ["the", "The", "cat", "sat", "on", "mat", "a", "dog", "café", "Café", "über", "naïve_x", "東京",
         "Ångström", "it's", "U.S.", "1,000", "x", "y", "ran", "to", "and", "Paris.", "paris"]


def _nltk():
    import nltk
    from nltk.translate import bleu_score

    if nltk.__version__ != NLTK_VERSION:
        raise RuntimeError(f"the lesson goldens need nltk=={NLTK_VERSION}, found {nltk.__version__}")
    return bleu_score


def _rouge():
    import importlib.metadata

    from rouge_score import rouge_scorer

    found = importlib.metadata.version("rouge-score")
    if found != ROUGE_SCORE_VERSION:
        raise RuntimeError(f"the lesson goldens need rouge-score=={ROUGE_SCORE_VERSION}, found {found}")
    return rouge_scorer


def add_one_everywhere(p_n, **_):
    """The lesson's smoothing as an nltk smoothing function: (numerator + 1) / (denominator + 1)
    on every order (nltk passes unnormalised fractions)."""
    return [(p.numerator + 1) / (p.denominator + 1) for p in p_n]


class LessonTokens:
    """rouge-score's tokenizer interface, giving the lesson's tokens."""

    def tokenize(self, text):
        from .spec import tokenize

        return tokenize(text)


def _sentence(rng, words=(4, 10)):
    return " ".join(rng.choice(WORDS) for _ in range(rng.randint(*words)))


def _corpus(rng, n, nrefs):
    from .spec import tokenize

    hyps, refs = [], []
    while len(hyps) < n:
        hyp = _sentence(rng)
        targets = [_sentence(rng, (1, 12)) for _ in range(rng.randint(*nrefs))]
        h = set(tokenize(hyp))
        if len(tokenize(hyp)) >= 4 and all(h & set(tokenize(t)) for t in targets):
            hyps.append(hyp)
            refs.append(targets)
    return hyps, refs


def _bleu_row(b, hyp, targets):
    from .spec import tokenize

    h = tokenize(hyp)
    return [max(b.sentence_bleu([tokenize(t)], h, smoothing_function=add_one_everywhere) for t in targets)]


def _rouge_row(scorer, hyp, targets):
    return [scorer.score_multi(targets, hyp)["rougeL"].fmeasure]


def _pooled_rows(b, hyp, targets):
    from .spec import tokenize

    h = tokenize(hyp)
    rs = [tokenize(t) for t in targets]
    fractions = [b.modified_precision(rs, h, n) for n in range(1, 5)]
    return [f.numerator for f in fractions] + [f.denominator for f in fractions] + [
        len(h), b.closest_ref_length(rs, len(h))]


def build_cases() -> list[dict]:
    b = _nltk()
    scorer = _rouge().RougeScorer(["rougeL"], tokenizer=LessonTokens())
    from .spec import tokenize

    rng = random.Random(3003)
    cases = []
    oracles = {
        "lesson_bleu4": f"nltk {NLTK_VERSION} sentence_bleu, add-one on every order, max over targets",
        "lesson_rouge_l": f"rouge-score {ROUGE_SCORE_VERSION} rougeL, the lesson's tokenizer, score_multi",
        "lesson_corpus_bleu": f"nltk {NLTK_VERSION} corpus_bleu, add-one on every order",
    }
    for metric in oracles:
        for k in range(20):
            nrefs = (1, 1) if k < 8 else (1, 3)
            hyps, refs = _corpus(rng, rng.randint(1, 5), nrefs)
            if metric == "lesson_bleu4":
                rows = [_bleu_row(b, h, r) for h, r in zip(hyps, refs)]
                score = sum(row[0] for row in rows) / len(rows)
            elif metric == "lesson_rouge_l":
                rows = [_rouge_row(scorer, h, r) for h, r in zip(hyps, refs)]
                score = sum(row[0] for row in rows) / len(rows)
            else:
                rows = [_pooled_rows(b, h, r) for h, r in zip(hyps, refs)]
                score = b.corpus_bleu([[tokenize(t) for t in r] for r in refs], [tokenize(h) for h in hyps],
                                      smoothing_function=add_one_everywhere)
            family = "one-target" if nrefs == (1, 1) else "targets"
            cases.append({"id": f"lesson/{metric}/{family}/{k:02d}", "metric": metric, "family": family,
                          "level": "corpus", "options": {}, "oracle": oracles[metric],
                          "hyps": hyps, "refs": refs, "sentence_stats": rows, "score": score})
    return cases
