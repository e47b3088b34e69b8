"""MAUVE from two histograms, the literal definition (Pillutla et al., NeurIPS 2021 and
JMLR 2023; mauve-text 0.4.0's ``compute_mauve.py``, whose functions are the oracle).

Input: two histograms over the same k buckets (counts or probabilities, >= 0, each with a
positive sum), P's and Q's, as the quantisation (``impl.quantise``) gives them.

* p = P / sum P and q = Q / sum Q (sums by ``math.fsum``); with ``smoothing`` s > 0 each
  bucket gets s first (MAUVE*: s = 0.5 on counts, Krichevsky-Trofimov).
* Mixture weights: w_t = t * step + lo for t < m - 1 and w_{m-1} = hi, step = (hi - lo) /
  (m - 1), lo = 1e-6, hi = 1 - 1e-6, m = ``curve_points`` (25): numpy's ``linspace``.
* KL(a || b) = sum over a_i != 0 of a_i * log(a_i / b_i), +inf when some a_i > 0 has b_i = 0.
* The divergence curve: (0, inf), then for each w: r = w p + (1 - w) q, the point
  (KL(q || r), KL(p || r)); then (inf, 0); every coordinate mapped by exp(-c x), c =
  ``scaling_factor`` (5), exp(-inf) = 0.
* MAUVE = (area(x, y) + area(y, x)) / 2, area(a, b) the trapezoidal area under b over a
  with the points sorted by a: sum of (a_{k+1} - a_k) (b_{k+1} + b_k) / 2. Points with
  equal a are taken in the order of the path (x falls and y rises along the curve, so
  ties in x in the reverse curve order, ties in y in the curve order). mauve-text sorts
  with numpy's ``argsort``, which does not order ties, so where coordinates tie (P = Q, or
  exp underflowing to 0) its area depends on numpy's sorting: P = Q = [1, 1] gives 0.75
  there and 1 here (the curve is the point (1, 1); the frontier of equal distributions
  bounds the whole unit square). Without ties the two are the same sums.
* The frontier integral FI = 2 * sum_i t_i, t_i = 0 when p_i = q_i = 0 or |p_i - q_i| <=
  1e-8 (mauve-text's cut-off; the true term there is below 1e-16), q_i / 4 when p_i = 0,
  p_i / 4 when q_i = 0, else (p_i + q_i) / 4 - p_i q_i (log p_i - log q_i) / (2 (p_i - q_i)).

MAUVE depends on which histogram is P: swapping them swaps the curve's axes, and the area
rule is symmetric, but the quantisation is not (``impl.quantise``: Q is stacked first).

Refused: histograms of different lengths, negative or non-finite entries, a zero sum, a
scaling factor <= 0, fewer than one curve point, a negative smoothing. (One bucket is
allowed: P = Q = [1], MAUVE 1.)
"""

from __future__ import annotations

import math

from ..moverscore.arrays import check_number, check_vector


def check_histogram(hist, what: str, length: int | None = None) -> list[float]:
    values = check_vector(hist, what, length)
    for k, x in enumerate(values):
        if x < 0:
            raise ValueError(f"{what}[{k}] is {x!r}: a histogram has no negative bucket")
    if not any(values):
        raise ValueError(f"{what} sums to 0: no mass to compare")
    return values


def normalised(hist, smoothing: float = 0.0) -> list[float]:
    """(h_i + s) / fsum(h + s)."""
    values = [x + smoothing for x in hist]
    total = math.fsum(values)
    return [x / total for x in values]


def mixture_weights(m: int, lo: float = 1e-6, hi: float = 1 - 1e-6) -> list[float]:
    """numpy's ``linspace(lo, hi, m)``: t * step + lo, the last one hi."""
    if m == 1:
        return [lo]
    step = (hi - lo) / (m - 1)
    return [t * step + lo for t in range(m - 1)] + [hi]


def kl(a, b) -> float:
    """KL(a || b) (module docstring), +inf where a_i > 0 = b_i."""
    if any(x != 0 and y == 0 for x, y in zip(a, b)):
        return math.inf
    return math.fsum(x * math.log(x / y) for x, y in zip(a, b) if x != 0)


def scaled(x: float, c: float) -> float:
    return 0.0 if x == math.inf else math.exp(-c * x)


def divergence_curve(p, q, scaling_factor: float = 5.0, curve_points: int = 25) -> list[tuple[float, float]]:
    """The m + 2 points of the divergence frontier, mapped by exp(-c x)."""
    points = [(0.0, math.inf)]
    for w in sorted(mixture_weights(curve_points)):
        r = [w * a + (1 - w) * b for a, b in zip(p, q)]
        points.append((kl(q, r), kl(p, r)))
    points.append((math.inf, 0.0))
    return [(scaled(x, scaling_factor), scaled(y, scaling_factor)) for x, y in points]


def area(a, b, ties: int) -> float:
    """The trapezoidal area under b over a, the points sorted by a, tied values of a in the
    curve's own order (``ties`` = +1) or its reverse (-1): the frontier as the path it is."""
    pts = [(x, y) for x, _, y in sorted((x, ties * k, y) for k, (x, y) in enumerate(zip(a, b)))]
    return math.fsum((x2 - x1) * (y2 + y1) / 2.0 for (x1, y1), (x2, y2) in zip(pts, pts[1:]))


def frontier_integral(p, q, scaling_factor: float = 2.0) -> float:
    """FI (module docstring)."""
    terms = []
    for a, b in zip(p, q):
        if a == 0 and b == 0:
            continue
        if a == 0:
            terms.append(b / 4)
        elif b == 0:
            terms.append(a / 4)
        elif abs(a - b) > 1e-8:
            terms.append(0.25 * (a + b) - 0.5 * (a * b * (math.log(a) - math.log(b)) / (a - b)))
    return math.fsum(terms) * scaling_factor


def mauve_from_histograms(p_hist, q_hist, scaling_factor: float = 5.0, curve_points: int = 25,
                          smoothing: float = 0.0) -> dict:
    """MAUVE of two histograms (module docstring): ``{"mauve", "frontier_integral",
    "divergence_curve", "p_hist", "q_hist"}``, the histograms normalised (and smoothed)."""
    p_hist = check_histogram(p_hist, "p_hist")
    q_hist = check_histogram(q_hist, "q_hist")
    if len(p_hist) != len(q_hist):
        raise ValueError(f"p_hist has {len(p_hist)} buckets but q_hist has {len(q_hist)}: the same buckets are needed")
    c = check_number(scaling_factor, "scaling_factor")
    if c <= 0:
        raise ValueError(f"scaling_factor must be > 0, got {c!r}")
    if isinstance(curve_points, bool) or not isinstance(curve_points, int) or curve_points < 1:
        raise ValueError(f"curve_points must be a whole number >= 1, got {curve_points!r}")
    s = check_number(smoothing, "smoothing")
    if s < 0:
        raise ValueError(f"smoothing must be >= 0, got {s!r}")
    p, q = normalised(p_hist, s), normalised(q_hist, s)
    curve = divergence_curve(p, q, c, curve_points)
    x = [pt[0] for pt in curve]
    y = [pt[1] for pt in curve]
    return {"mauve": 0.5 * (area(x, y, -1) + area(y, x, 1)), "frontier_integral": frontier_integral(p, q),
            "divergence_curve": curve, "p_hist": p, "q_hist": q}
