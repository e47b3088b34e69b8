"""NLTK's BLEU (``sentence_bleu``, ``corpus_bleu``) and chrF (``sentence_chrf``,
``corpus_chrf``) as audit subjects, with the library's defaults.

BLEU: NLTK scores token lists on a 0-1 scale, four uniform weights, no smoothing (a zero
order gives a warning and ``sys.float_info.min`` in place of the precision), the closest
reference length (ties to the shorter). The adapter tokenises both sides with
``str.split()``, so the closest bleuprint configuration is ``tokenize="none"`` (which splits
on white space) with ``smooth_method="none"``.

chrF: NLTK's chrF takes one reference, deletes white space (``ignore_whitespace=True``),
uses character 1- to 6-grams and beta 3, and *averages the F-scores of the orders*
(sacreBLEU averages precision and recall over the orders, then takes one F-score);
``corpus_chrf`` is the mean of the sentences' scores, not a score of summed statistics.
The closest configuration is chrf with n=6, beta=3, whitespace False; the averaging is a
difference the audit is expected to find, even on ordinary text.
"""

from __future__ import annotations

import warnings

from ..subject import Subject
from ._common import as_float, one_segment, require

#: The target name (``bleuprint audit nltk``), also the subjects' library.
TARGET = "nltk"
BLEU_OPTIONS = {"tokenize": "none", "smooth_method": "none", "effective_order": False, "max_ngram_order": 4}
CHRF_OPTIONS = {"n": 6, "beta": 3.0, "word_order": 0, "whitespace": False, "lowercase": False}


def subjects() -> list[Subject]:
    _, version = require("nltk", "nltk")
    from nltk.translate.bleu_score import corpus_bleu, sentence_bleu
    from nltk.translate.chrf_score import corpus_chrf, sentence_chrf

    def quiet(function, *args):
        # NLTK warns on every zero-count order; the value it returns is what is audited.
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            return as_float(function(*args))

    def sentence_bleu_score(hyps, refs):
        hyp, references = one_segment(hyps, refs)
        return quiet(sentence_bleu, [r.split() for r in references], hyp.split())

    def corpus_bleu_score(hyps, refs):
        return quiet(corpus_bleu, [[r.split() for r in rs] for rs in refs], [h.split() for h in hyps])

    def sentence_chrf_score(hyps, refs):
        hyp, references = one_segment(hyps, refs)
        return quiet(sentence_chrf, references[0], hyp)

    def corpus_chrf_score(hyps, refs):
        return quiet(corpus_chrf, [rs[0] for rs in refs], list(hyps))

    bleu_notes = ("hypothesis and references tokenised with str.split(); "
                  "refs[i] passed as the list of token lists of hyps[i]")
    chrf_notes = ("strings passed unchanged (NLTK deletes white space itself); single reference; "
                  "NLTK averages per-order F-scores, sacreBLEU averages precision and recall first")
    common = dict(library=TARGET, version=version, scale=1.0)
    return [
        Subject(metric="bleu", call="nltk.translate.bleu_score.sentence_bleu(references, hypothesis)",
                level="sentence", options=dict(BLEU_OPTIONS), score=sentence_bleu_score,
                notes=bleu_notes, name="nltk:sentence_bleu", **common),
        Subject(metric="bleu", call="nltk.translate.bleu_score.corpus_bleu(list_of_references, hypotheses)",
                level="corpus", options=dict(BLEU_OPTIONS), score=corpus_bleu_score,
                notes=bleu_notes, name="nltk:corpus_bleu", **common),
        Subject(metric="chrf", call="nltk.translate.chrf_score.sentence_chrf(reference, hypothesis)",
                level="sentence", options=dict(CHRF_OPTIONS), score=sentence_chrf_score, max_refs=1,
                notes=chrf_notes, name="nltk:sentence_chrf", **common),
        Subject(metric="chrf", call="nltk.translate.chrf_score.corpus_chrf(references, hypotheses)",
                level="corpus", options=dict(CHRF_OPTIONS), score=corpus_chrf_score, max_refs=1,
                notes=chrf_notes + "; corpus_chrf is the mean of the sentence scores",
                name="nltk:corpus_chrf", **common),
    ]
