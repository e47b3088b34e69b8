"""sacreBLEU 2.5.1's function API (``compat.py``): one metric object per call, with that
module's defaults (which differ from the classes' in places):

* ``corpus_bleu``: tokenizer ``13a`` (no language default), ``use_effective_order=False``;
* ``raw_corpus_bleu``: ``floor`` smoothing (value 0.1), tokenizer ``none``, ``force``,
  effective order on;
* ``sentence_bleu``: ``use_effective_order=True``;
* ``corpus_chrf``/``sentence_chrf``: ``remove_whitespace=True`` means
  ``whitespace=False``; no ``lowercase`` argument;
* ``corpus_ter``/``sentence_ter``: the ``TER`` defaults.
"""

from __future__ import annotations

from .metrics import BLEU, CHRF, TER


def corpus_bleu(hypotheses, references, smooth_method="exp", smooth_value=None, force=False, lowercase=False,
                tokenize=BLEU.TOKENIZER_DEFAULT, use_effective_order=False):
    return BLEU(lowercase=lowercase, force=force, tokenize=tokenize, smooth_method=smooth_method,
                smooth_value=smooth_value, effective_order=use_effective_order).corpus_score(hypotheses, references)


def raw_corpus_bleu(hypotheses, references, smooth_value=BLEU.SMOOTH_DEFAULTS["floor"]):
    return corpus_bleu(hypotheses, references, smooth_method="floor", smooth_value=smooth_value, force=True,
                       tokenize="none", use_effective_order=True)


def sentence_bleu(hypothesis, references, smooth_method="exp", smooth_value=None, lowercase=False,
                  tokenize=BLEU.TOKENIZER_DEFAULT, use_effective_order=True):
    return BLEU(lowercase=lowercase, tokenize=tokenize, force=False, smooth_method=smooth_method,
                smooth_value=smooth_value, effective_order=use_effective_order).sentence_score(hypothesis, references)


def corpus_chrf(hypotheses, references, char_order=CHRF.CHAR_ORDER, word_order=CHRF.WORD_ORDER, beta=CHRF.BETA,
                remove_whitespace=True, eps_smoothing=False):
    return CHRF(char_order=char_order, word_order=word_order, beta=beta, whitespace=not remove_whitespace,
                eps_smoothing=eps_smoothing).corpus_score(hypotheses, references)


def sentence_chrf(hypothesis, references, char_order=CHRF.CHAR_ORDER, word_order=CHRF.WORD_ORDER, beta=CHRF.BETA,
                  remove_whitespace=True, eps_smoothing=False):
    return CHRF(char_order=char_order, word_order=word_order, beta=beta, whitespace=not remove_whitespace,
                eps_smoothing=eps_smoothing).sentence_score(hypothesis, references)


def corpus_ter(hypotheses, references, normalized=False, no_punct=False, asian_support=False, case_sensitive=False):
    return TER(normalized=normalized, no_punct=no_punct, asian_support=asian_support,
               case_sensitive=case_sensitive).corpus_score(hypotheses, references)


def sentence_ter(hypothesis, references, normalized=False, no_punct=False, asian_support=False,
                 case_sensitive=False):
    return TER(normalized=normalized, no_punct=no_punct, asian_support=asian_support,
               case_sensitive=case_sensitive).sentence_score(hypothesis, references)
