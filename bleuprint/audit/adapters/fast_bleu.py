"""fast-bleu's ``BLEU`` (C++ behind ctypes) as an audit subject, with the library's defaults.

``BLEU(references, weights={4: (1/4,)*4}, smoothing_func=1).get_score(hypotheses)`` scores
each hypothesis against the *whole* reference set it was built with: a sentence-level BLEU
on a 0-1 scale. ``smoothing_func=1`` is NLTK's method1: a zero-match order's precision is
0.1 / total, which is bleuprint's ``smooth_method="floor"`` with ``smooth_value=0.1``.
The adapter tokenises with ``str.split()`` (``tokenize="none"``) and builds one ``BLEU`` per
segment from that segment's references.
"""

from __future__ import annotations

from ..subject import Subject
from ._common import as_float, one_segment, require

#: The target name (``bleuprint audit fast-bleu``), also the subjects' library.
TARGET = "fast-bleu"
OPTIONS = {"tokenize": "none", "smooth_method": "floor", "smooth_value": 0.1, "effective_order": False,
           "max_ngram_order": 4}


def subjects() -> list[Subject]:
    module, version = require("fast-bleu", "fast_bleu")

    def score(hyps, refs):
        hyp, references = one_segment(hyps, refs)
        scorer = module.BLEU([r.split() for r in references])
        return as_float(scorer.get_score([hyp.split()])[4][0])

    return [Subject(library=TARGET, version=version, metric="bleu",
                    call="fast_bleu.BLEU(references).get_score([hypothesis])[4][0]", level="sentence",
                    scale=1.0, options=dict(OPTIONS), score=score, name="fast-bleu:bleu",
                    notes="tokenised with str.split(); one BLEU(references) per segment, built from "
                          "that segment's references; smoothing_func=1 (NLTK method1, floor 0.1)")]
