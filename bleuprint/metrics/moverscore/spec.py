"""MoverScore and Word Mover's Distance from supplied token vectors, the literal definition.

Input, per segment i: ``hyps[i]``, the hypothesis's token vectors (an n x d float array,
one row per token, as the user's encoder gave them after the user's own choices: layer,
MoverScore v1's [min; mean; max] of the last five layers, n-gram pooling, filtering of
punctuation, sub-words and stop words), and ``refs[i]``, the reference's (m x d). IDF
weights ``hyp_idf[i]`` (n values >= 0) and ``ref_idf[i]`` (m values) are the user's, e.g.
MoverScore's ``get_idf_dict``: log((M + 1) / (df + 1)); None gives every token weight 1.
No encoder is run here. One reference per hypothesis, as MoverScore's ``word_mover_score``.

Each variant is a transport problem (``transport``) between the reference's token masses
(supplies) and the hypothesis's (demands) under a ground cost, solved exactly:

* ``v1`` (AIPHES/emnlp19-moverscore ``moverscore.py``, PyPI 1.0.3's v1; the EMNLP 2019
  paper's numbers): every vector x becomes x / (|x| + 1e-6); C = max(0, |x|^2 + |y|^2 -
  2 x.y) (the squared Euclidean distance, as v1's ``pairwise_distances``); masses
  w / (sum w + 1e-5), so the two sides' totals differ (S/(S + 1e-5)); the cost is pyemd's
  EMD-hat: the least cost of moving the smaller total plus the difference of the totals
  times the largest C over all (n + m)^2 pairs of the stacked vectors (references first);
  score 1 - EMD-hat.
* ``pypi-v2`` (``moverscore_v2.py`` as on PyPI 1.0.3): x / (|x| + 1e-30); C = sqrt(max(
  |x|^2 + |y|^2 - 2 x.y, 1e-30)) (so never below 1e-15); masses w / (sum w + 1e-30); the
  cost is the optimal flow's sum of f.C (no penalty); score 1 - cost.
* ``github-v2`` (the same file on GitHub since commit 2dc93c7, 2021-01-27): as pypi-v2,
  score 1 / (1 + cost).
* ``wmd`` (Word Mover's Distance, Kusner et al. 2015; gensim's ``KeyedVectors.wmdistance``
  with ``norm=False``): the rows are the document's word vectors (one per token
  occurrence, out-of-vocabulary words already removed), each of mass 1/n (gensim's
  normalised bag of words: a word occurring k times has mass k/n, the same optimum), C the
  Euclidean distance sqrt(sum (x_k - y_k)^2) of the vectors as given; the score is the
  distance itself (lower is closer). IDF weights are refused for it.

Float64 throughout: each sum of products is ``math.fsum`` (exactly rounded), then one
operation at a time as written above; the transport optimum is exact (rationals) and
rounded once. Named differences from the reference code: MoverScore computes the
distances in float32 (torch) and pypi-v2 casts the flow to float32 before summing f.C;
pyemd rounds masses and costs to integers of 1e-6 of their largest value before solving
(``pyemd/lib/emd_hat_impl.hpp``, ``MULT_FACTOR``), so its EMD is within about 1e-6 of the
exact one; gensim returns inf when every distance is 0 (two different words with equal
vectors), where the distance here is 0.

Refused: a segment with no token, ragged rows, NaN or infinity, dimensions that differ
between a hypothesis and its reference, weights that are negative, not one per token, or
all 0 (v1 and v2 divide by their sum).
"""

from __future__ import annotations

import math

from ...spec.inputs import check_choice
from . import transport as T
from .arrays import check_matrix, check_segments, check_vector

VARIANTS = ("v1", "pypi-v2", "github-v2", "wmd")


def check_variant(variant: object) -> str:
    return check_choice(variant, VARIANTS, "variant")


def check_weights(weights, what: str, length: int) -> list[float]:
    """IDF weights of one segment: ``length`` finite values >= 0, not all 0."""
    values = check_vector(weights, what, length)
    for k, w in enumerate(values):
        if w < 0:
            raise ValueError(f"{what}[{k}] is {w!r}: a weight cannot be negative")
    if not any(values):
        raise ValueError(f"{what} are all 0: the masses are the weights over their sum")
    return values


def check_pairs(hyps, refs, hyp_idf, ref_idf, variant):
    """The checked segments: (hyp rows, ref rows, hyp weights, ref weights) per pair."""
    variant = check_variant(variant)
    hyps = check_segments(hyps, "hyps")
    refs = check_segments(refs, "refs")
    if len(hyps) != len(refs):
        raise ValueError(f"hyps has {len(hyps)} segments but refs has {len(refs)}: one reference array per hypothesis")
    if variant == "wmd" and (hyp_idf is not None or ref_idf is not None):
        raise TypeError("variant 'wmd' takes no IDF weights: its masses are the words' frequencies")
    idfs = []
    for name, idf in (("hyp_idf", hyp_idf), ("ref_idf", ref_idf)):
        if idf is not None:
            idf = check_segments(idf, name)
            if len(idf) != len(hyps):
                raise ValueError(f"{name} has {len(idf)} segments but hyps has {len(hyps)}")
        idfs.append(idf)
    out = []
    for i, (h, r) in enumerate(zip(hyps, refs)):
        hrows = check_matrix(h, f"hyps[{i}]")
        rrows = check_matrix(r, f"refs[{i}]")
        if len(rrows[0]) != len(hrows[0]):
            raise ValueError(f"refs[{i}] has {len(rrows[0])} dimensions but hyps[{i}] has {len(hrows[0])}")
        hw = [1.0] * len(hrows) if idfs[0] is None else check_weights(idfs[0][i], f"hyp_idf[{i}]", len(hrows))
        rw = [1.0] * len(rrows) if idfs[1] is None else check_weights(idfs[1][i], f"ref_idf[{i}]", len(rrows))
        out.append((hrows, rrows, hw, rw))
    return variant, out


# -- ground costs ------------------------------------------------------------------------


def dot(x, y) -> float:
    return math.fsum(a * b for a, b in zip(x, y))


def scaled(x, eps: float) -> list[float]:
    """x / (|x| + eps), |x| = sqrt(fsum(x_k^2))."""
    norm = math.sqrt(dot(x, x)) + eps
    return [a / norm for a in x]


def squared_distance(x, y) -> float:
    """MoverScore's |x|^2 + |y|^2 - 2 x.y (not clamped)."""
    return dot(x, x) + dot(y, y) - 2.0 * dot(x, y)


def cost_v1(x, y) -> float:
    """v1: max(0, |x|^2 + |y|^2 - 2 x.y) of the scaled vectors."""
    return max(0.0, squared_distance(x, y))


def cost_v2(x, y) -> float:
    """v2: sqrt(max(|x|^2 + |y|^2 - 2 x.y, 1e-30)) of the scaled vectors."""
    return math.sqrt(max(squared_distance(x, y), 1e-30))


def cost_wmd(x, y) -> float:
    """WMD: the Euclidean distance sqrt(fsum((x_k - y_k)^2))."""
    return math.sqrt(math.fsum((a - b) * (a - b) for a, b in zip(x, y)))


def masses(weights, eps: float) -> list[float]:
    """w / (fsum(w) + eps)."""
    total = math.fsum(weights) + eps
    return [w / total for w in weights]


# -- one pair ---------------------------------------------------------------------------------


def pair_score(hyp, ref, hyp_w, ref_w, variant: str) -> float:
    """The score of one (hypothesis, reference) pair of checked rows (module docstring)."""
    if variant == "wmd":
        a = [1.0 / len(ref)] * len(ref)
        b = [1.0 / len(hyp)] * len(hyp)
        cost = [[cost_wmd(r, h) for h in hyp] for r in ref]
        return float(T.transport_cost(a, b, cost))
    if variant == "v1":
        rs = [scaled(r, 1e-6) for r in ref]
        hs = [scaled(h, 1e-6) for h in hyp]
        stacked = rs + hs
        penalty = max(cost_v1(x, y) for x in stacked for y in stacked)
        cost = [[cost_v1(r, h) for h in hs] for r in rs]
        emd = T.emd_hat(masses(ref_w, 1e-5), masses(hyp_w, 1e-5), cost, penalty)
        return 1.0 - float(emd)
    rs = [scaled(r, 1e-30) for r in ref]
    hs = [scaled(h, 1e-30) for h in hyp]
    cost = [[cost_v2(r, h) for h in hs] for r in rs]
    return v2_score(float(T.transport_cost(masses(ref_w, 1e-30), masses(hyp_w, 1e-30), cost)), variant)


def v2_score(total: float, variant: str) -> float:
    """The two v2 formulas of the transport cost: ``pypi-v2`` 1 - cost, ``github-v2``
    1 / (1 + cost)."""
    return 1.0 - total if variant == "pypi-v2" else 1.0 / (1.0 + total)


def moverscore(hyps, refs, variant: str = "v1", hyp_idf=None, ref_idf=None) -> list[float]:
    """MoverScore (``v1``, ``pypi-v2``, ``github-v2``) or Word Mover's Distance (``wmd``)
    of each (hypothesis, reference) pair of token-vector arrays, one float per pair
    (module docstring: the definitions, the weights and the refusals)."""
    variant, pairs = check_pairs(hyps, refs, hyp_idf, ref_idf, variant)
    return [pair_score(h, r, hw, rw, variant) for h, r, hw, rw in pairs]
