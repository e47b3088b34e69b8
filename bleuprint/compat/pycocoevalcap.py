"""bleuprint.compat.pycocoevalcap: pycocoevalcap 1.2's ``Cider`` and ``Bleu`` scorers,
computed by the registered ``cider`` and ``coco_bleu`` metrics (``bleuprint.metrics.cider``,
``bleuprint.metrics.coco_bleu``).

A drop-in for code written against pycocoevalcap's scorers; only the import changes::

    from bleuprint.compat.pycocoevalcap import Bleu, Cider
    gts = {"img1": ["a man riding a horse", "a person on a horse"], ...}   # references
    res = {"img1": ["a man on a horse"], ...}                              # one hypothesis
    score, scores = Cider().compute_score(gts, res)      # corpus CIDEr-D, per-image array
    bleus, per_image = Bleu(4).compute_score(gts, res)   # [BLEU-1..4], 4 lists per image

Captions must be tokenized already (pycocoevalcap's ``PTBTokenizer`` is not implemented;
it is Java). The images are taken in ``gts``'s key order, as pycocoevalcap does.

Differences from pycocoevalcap (each refuses what pycocoevalcap fails on, with a clear
error, rather than an ``AssertionError`` or a crash):

* pycocoevalcap's ``assert`` statements are ``ValueError`` / ``TypeError`` here: different
  image ids in ``gts`` and ``res``; a hypothesis value that is not a list of exactly one
  str; a reference value that is not a non-empty list of str.
* ``Cider`` on a corpus whose references have no word at all: pycocoevalcap fails inside
  (``max()`` of no document frequency, a ``ValueError`` with an unrelated message); here
  a ``ValueError`` that says so. (The registered metric scores such a corpus 0.)
* ``Bleu.compute_score`` prints nothing (pycocoevalcap prints its totals and the ratio
  with ``verbose=1``, its default); ``verbose`` is accepted and ignored.
* ``Bleu(n)`` accepts n = 1..4 only (the metric's orders).
* The returned numbers are Python floats (and numpy arrays / lists as pycocoevalcap
  returns them); CIDEr-D's corpus value is ``math.fsum`` / N (pycocoevalcap's ``np.mean``
  agrees to about 1e-16).
"""

from __future__ import annotations

import math

import numpy as np

from ..core import get_metric
from ..spec.inputs import check_positive_int

__all__ = ["Bleu", "Cider"]


def _corpus(gts: object, res: object) -> tuple[list, list, list]:
    """``(ids, hyps, refs)`` in ``gts``'s key order, checked as pycocoevalcap asserts."""
    for name, value in (("gts", gts), ("res", res)):
        if not isinstance(value, dict):
            raise TypeError(f"{name} must be a dict {{image id: [captions]}}, got {type(value).__name__}")
    if gts.keys() != res.keys():
        missing, extra = sorted(map(repr, gts.keys() - res.keys())), sorted(map(repr, res.keys() - gts.keys()))
        raise ValueError(f"gts and res must have the same image ids (pycocoevalcap asserts it): "
                         f"{len(missing)} only in gts {missing[:3]}, {len(extra)} only in res {extra[:3]}")
    if not gts:
        raise ValueError("gts and res are empty: pycocoevalcap needs at least one image")
    ids = list(gts)
    hyps = [res[key] for key in ids]
    refs = [gts[key] for key in ids]
    for key, hypo, ref in zip(ids, hyps, refs):
        if not (isinstance(hypo, list) and len(hypo) == 1 and isinstance(hypo[0], str)):
            raise ValueError(f"res[{key!r}] must be a list of exactly one caption (str), got {hypo!r:.80}")
        if not (isinstance(ref, list) and ref):
            raise ValueError(f"gts[{key!r}] must be a non-empty list of reference captions (str), got {ref!r:.80}")
    hyps = [h[0] for h in hyps]  # a reference that is not a str: the metric's TypeError naming it
    return ids, hyps, refs


class Cider:
    """pycocoevalcap's ``Cider(n=4, sigma=6.0)``: CIDEr-D (only those parameters)."""

    def __init__(self, test=None, refs=None, n=4, sigma=6.0):
        if n != 4 or sigma != 6.0:
            raise ValueError(f"only pycocoevalcap's defaults n=4, sigma=6.0 are implemented, got n={n!r}, "
                             f"sigma={sigma!r}")
        self._n, self._sigma = n, sigma

    def compute_score(self, gts, res):
        """``(corpus CIDEr-D, numpy array of every image's score)``, images in ``gts``'s order."""
        _, hyps, refs = _corpus(gts, res)
        if not any(r.split() for group in refs for r in group):
            raise ValueError("no reference has a word: CIDEr-D's document frequencies are empty "
                             "(pycocoevalcap fails here)")
        rows = get_metric("cider").stats_matrix(hyps, refs)[:, 0]
        return math.fsum(rows.tolist()) / len(hyps), np.array(rows, dtype=np.float64)

    def method(self):
        return "CIDEr"


class Bleu:
    """pycocoevalcap's ``Bleu(n=4)``: BLEU-1..n with the closest reference length."""

    def __init__(self, n=4):
        n = check_positive_int(n, "n")
        if n > 4:
            raise ValueError(f"Bleu(n) is implemented for n = 1..4, got {n}")
        self._n = n

    def compute_score(self, gts, res, verbose=1):
        """``([BLEU-1..n of the corpus], [[BLEU-k of every image] for k = 1..n])``."""
        from ..metrics.coco_bleu.impl import per_image_scores

        _, hyps, refs = _corpus(gts, res)
        metric = get_metric("coco_bleu")
        rows = metric.stats_matrix(hyps, refs)
        summed = [int(x) for x in rows.sum(axis=0)]
        corpus = [metric.score(summed, len(hyps), order=k) for k in range(1, self._n + 1)]
        per_image = per_image_scores(rows, self._n)
        return corpus, per_image

    def method(self):
        return "Bleu"
