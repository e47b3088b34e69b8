"""pytorch-ignite's BLEU (``ignite.metrics.Bleu``, 0.5.5) as audit subjects, on CPU torch.

``Bleu(ngram=4, smooth=S, average=A)`` is updated with ``(hypothesis tokens, references
tokens)`` (the adapter splits on white space: bleuprint's ``tokenize="none"``) and computed
on a 0-1 scale. Read from the library's source (``ignite/metrics/nlp/bleu.py``):

* ``average="macro"`` (the default) is the mean of the sentence BLEUs, not a corpus BLEU;
* ``smooth="no_smooth"`` (the default) gives 0 when some order has no match: sacreBLEU's
  ``none``;
* ``smooth="smooth1"`` gives an order without matches 0.1 / max(1, t_n): sacreBLEU's
  ``floor`` (0.1), except that it is applied also to the orders the hypothesis has no
  n-grams of, where sacreBLEU stops;
* the closest reference length is the shorter one on a tie, as sacreBLEU's.
"""

from __future__ import annotations

from ..subject import Subject
from ._common import as_float, require

#: The target name (``bleuprint audit pytorch-ignite``), also the subjects' library.
TARGET = "pytorch-ignite"
BASE = {"tokenize": "none", "max_ngram_order": 4, "effective_order": False}
SMOOTH = {"no_smooth": "none", "smooth1": "floor"}


def subjects() -> list[Subject]:
    nlp, version = require("pytorch-ignite", "ignite.metrics.nlp")

    def caller(smooth, average):
        def score(hyps, refs):
            metric = nlp.Bleu(ngram=4, smooth=smooth, average=average)
            metric.update(([h.split() for h in hyps], [[r.split() for r in rs] for rs in refs]))
            return as_float(metric.compute())
        return score

    return [Subject(library=TARGET, version=version, metric="bleu",
                    call=f"Bleu(ngram=4, smooth={smooth!r}, average={average!r}) on str.split() tokens", level="corpus",
                    scale=1.0, options={**BASE, "smooth_method": SMOOTH[smooth]}, score=caller(smooth, average),
                    name=f"{TARGET}:bleu:{smooth}:{average}", notes="hypotheses and references split on white space")
            for smooth in ("no_smooth", "smooth1") for average in ("macro", "micro")]
