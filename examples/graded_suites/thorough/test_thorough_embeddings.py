"""A thorough oracle test suite for the embedding metrics (an example for the grader), in
the style of test_thorough.py: BERTScore, embedding similarity, MoverScore and MAUVE from
supplied vectors. Hand computations are worked out in the docstrings; where the oracle's
arithmetic cannot be followed by hand, the goldens generated from bert_score 0.3.13,
scipy, POT and mauve-text that ship with bleuprint (``bleuprint.oracles.goldens``).

Tolerances: hand values within 1e-12 (a few float64 roundings); bert_score's goldens
within 1e-5 (it computes in float32); POT's within 1e-9, or 1e-7 where a hypothesis row
equals a reference row under the v2 formulas (the cancellation in the distance);
mauve-text's within 1e-12.
"""

import math

import numpy as np
import pytest

from bleuprint.metrics.bertscore import spec as bert
from bleuprint.metrics.embedding_similarity import spec as similarity
from bleuprint.metrics.mauve import spec as mauve
from bleuprint.metrics.moverscore import spec as mover
from bleuprint.oracles.goldens import load_goldens

TOL = 1e-12
H = [[1.0, 0.0], [0.0, 1.0]]
A = [[2.0, 0.0]]
B = [[0.0, 3.0], [1.0, 1.0]]
R2 = 1 / math.sqrt(2)


def test_bertscore_greedy_matching():
    """h0 = (1, 0), h1 = (0, 1) against the single token (2, 0): cosines 1 and 0 (not the
    dot products 2 and 0), P = (1 + 0)/2 = 0.5, R = 1, F = 2 * 0.5 * 1 / 1.5 = 2/3."""
    (p, r, f), = bert.bertscore_segments([H], [[A]])
    assert (p, r, f) == pytest.approx((0.5, 1.0, 2 / 3), abs=TOL)


def test_bertscore_best_reference_per_segment():
    """Against A: (0.5, 1, 2/3); against B = (0, 3), (1, 1): P = R = F = (1 + 1/sqrt2)/2.
    The default takes each of P, R and F at its maximum over the references: (b, 1, b),
    not F of the maxima (2 b / (b + 1))."""
    b = (1 + R2) / 2
    (p, r, f), = bert.bertscore_segments([H], [[A, B]])
    assert (p, r, f) == pytest.approx((b, 1.0, b), abs=TOL)


def test_bertscore_special_tokens_weigh_nothing_but_match():
    """Position 0 special on both sides: P = cos(h1, best) = cos((0,1), (0,3)) = 1; the
    reference's special token (0, 3) weighs 0 in R, which is max_i cos(h_i, (1, 1)) = 1/sqrt2,
    and the hypothesis's special token is still a match candidate for it."""
    (p, r, _), = bert.bertscore_segments([{"embeddings": H, "special": [0]}], [[{"embeddings": B, "special": [0]}]])
    assert (p, r) == pytest.approx((1.0, R2), abs=TOL)


def test_bertscore_negative_cosines_stay():
    """(1, 0) against (-1, 0): cosine -1, so P = R = F = -1 (never floored at 0)."""
    assert bert.bertscore_segments([[[1.0, 0.0]]], [[[[-1.0, 0.0]]]])[0] == (-1.0, -1.0, -1.0)


BERT = load_goldens("bertscore")["cases"]


@pytest.mark.parametrize("case", [c for c in BERT if c["kind"] in ("alone", "two-token")],
                         ids=lambda c: c["id"])
def test_bertscore_against_bert_score(case):
    """Every segment's F within 1e-5 of bert_score's (its IDF over every reference; a
    two-token segment keeps its F); one pair at a time, P and R too."""
    got = bert.bertscore_segments(case["hyps"], case["refs"], **case.get("options", {}))
    for k, (p, r, f) in enumerate(got):
        assert f == pytest.approx(case["f1"][k], abs=1e-5)
        if case["kind"] == "alone":
            assert (p, r) == pytest.approx((case["precision"][k], case["recall"][k]), abs=1e-5)


def test_embedding_similarity_refuses_a_zero_vector_cosine():
    """The cosine of a zero vector is undefined: refused (scipy says NaN, scikit-learn 0)."""
    with pytest.raises(ValueError, match="zero vector"):
        similarity.embedding_similarity([[0.0, 0.0]], [[1.0, 0.0]])
    with pytest.raises(ValueError, match="zero vector"):
        similarity.embedding_similarity([[1.0, 0.0]], [[0.0, 0.0]])


def test_embedding_similarity_accumulates_float32_in_float64():
    """float32 rows of 384 values: the cosine is sum(a b) / sqrt(sum a^2 sum b^2) of the
    values widened to float64, exactly rounded sums (math.fsum), within 1e-12."""
    rng = np.random.default_rng(0)
    a = rng.standard_normal((3, 384)).astype(np.float32)
    b = (a + 0.01 * rng.standard_normal((3, 384))).astype(np.float32)
    got = list(similarity.embedding_similarity(a, b))
    for k in range(3):
        x, y = [float(v) for v in a[k]], [float(v) for v in b[k]]
        want = math.fsum(u * v for u, v in zip(x, y)) / math.sqrt(
            math.fsum(u * u for u in x) * math.fsum(v * v for v in y))
        assert got[k] == pytest.approx(want, abs=TOL)


def test_moverscore_v1_unequal_masses():
    """v1, one token each, orthogonal unit vectors, IDF weights 1 (hyp) and 2 (ref): the
    scaled vectors have length 1/(1 + 1e-6), C = 2/(1 + 1e-6)^2; the masses 1/1.00001 and
    2/2.00001 differ, and EMD-hat moves the smaller at C and charges the difference at
    max C = C: cost (2/2.00001) C; score 1 - that."""
    c = 2.0 / (1 + 1e-6) ** 2
    got = mover.moverscore([[[1.0, 0.0]]], [[[0.0, 1.0]]], "v1", [[1.0]], [[2.0]])[0]
    assert math.isclose(got, 1 - (2 / 2.00001) * c, abs_tol=TOL)


MOVER = load_goldens("moverscore")["cases"]


@pytest.mark.parametrize("case", MOVER, ids=[c["id"] for c in MOVER])
def test_moverscore_against_pot(case):
    """Each variant's score (v1, pypi-v2, github-v2, wmd) within POT's (module doc)."""
    idf = [None if case[key] is None else [case[key]] for key in ("hyp_idf", "ref_idf")]
    got = mover.moverscore([case["hyp"]], [case["ref"]], case["variant"], *idf)[0]
    shared = any(h == r for h in case["hyp"] for r in case["ref"])
    assert abs(got - case["pot"]) <= (1e-7 if shared and case["variant"] in ("pypi-v2", "github-v2") else 1e-9)


def test_mauve_disjoint_histograms():
    """P = [1, 0], Q = [0, 1]: FI = 2 (1/4 + 1/4) = 1 (each bucket has one side 0). The
    curve point of mixture weight w: r = (w, 1 - w), KL(q || r) = -log(1 - w), KL(p || r)
    = -log w, mapped by exp(-5 KL): x = (1 - w)^5, y = w^5."""
    out = mauve.mauve_from_histograms([1, 0], [0, 1])
    assert out["frontier_integral"] == 1.0
    w = mauve.mixture_weights(25)[3]
    x, y = out["divergence_curve"][4]
    assert math.isclose(x, (1 - w) ** 5, rel_tol=TOL) and math.isclose(y, w ** 5, rel_tol=TOL)


MAUVE = load_goldens("mauve")["cases"]


@pytest.mark.parametrize("case", MAUVE, ids=[c["id"] for c in MAUVE])
def test_mauve_against_mauve_text(case):
    """MAUVE and the frontier integral of the normalised counts, as mauve-text's functions."""
    out = mauve.mauve_from_histograms(case["p_counts"], case["q_counts"])
    assert abs(out["mauve"] - case["mauve"]) <= TOL
    assert abs(out["frontier_integral"] - case["frontier_integral"]) <= TOL
