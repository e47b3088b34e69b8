"""pycocoevalcap's ``Bleu(4)`` (the COCO caption evaluation) as an audit subject.

``Bleu(4).compute_score(gts, res)`` takes ``{id: [references]}`` and ``{id: [hypothesis]}``
and returns BLEU-1 to BLEU-4 of the corpus on a 0-1 scale; the adapter reads BLEU-4. The
scorer splits on white space (COCO normally runs its Java PTB tokenizer first; the adapter
does not, so the closest configuration is ``tokenize="none"``), uses the closest reference
length and no smoothing, but adds ``1e-15`` to each order's matches and ``1e-9`` to its
totals: its scores differ from the exact value by about 1e-9 relative even on ordinary
text, which the audit reports. ``verbose=0`` keeps it from printing.
"""

from __future__ import annotations

from ..subject import Subject
from ._common import as_float, require

#: The target name (``bleuprint audit pycocoevalcap``), also the subjects' library.
TARGET = "pycocoevalcap"
OPTIONS = {"tokenize": "none", "smooth_method": "none", "effective_order": False, "max_ngram_order": 4}


def subjects() -> list[Subject]:
    _, version = require("pycocoevalcap", "pycocoevalcap.bleu.bleu")
    from pycocoevalcap.bleu.bleu import Bleu

    def score(hyps, refs):
        gts = {i: list(r) for i, r in enumerate(refs)}
        res = {i: [h] for i, h in enumerate(hyps)}
        scores, _ = Bleu(4).compute_score(gts, res, verbose=0)
        return as_float(scores[3])

    return [Subject(library=TARGET, version=version, metric="bleu",
                    call="pycocoevalcap.bleu.bleu.Bleu(4).compute_score(gts, res, verbose=0)[0][3]",
                    level="corpus", scale=1.0, options=dict(OPTIONS), score=score,
                    name="pycocoevalcap:bleu",
                    notes="gts = {i: refs[i]}, res = {i: [hyps[i]]}; no PTB tokenizer (Java): the "
                          "scorer's own str.split(); BLEU-4 read from the four scores")]
