"""MoverScore / WMD: hand computations, the goldens from POT, pyemd and gensim
(``bleuprint/oracles/goldens/moverscore.json``), and the refusals.

Tolerances: the transport value on the golden's own stored problem within 1e-12 of POT
(both solve the same float64 problem; ours exactly); whole scores within 1e-9 of POT and
gensim, except where a hypothesis row equals a reference row under pypi-v2/github-v2:
sqrt(|x|^2 + |y|^2 - 2x.y) turns the 1e-16 rounding of that cancellation into 1e-8, so
the golden's numpy and the spec's fsum differ there by up to 1e-7 (the stated tolerance of
those cases); pyemd's C++ backend within 1e-5 (it rounds masses and costs to integers of
1e-6 of their largest value before solving: ``pyemd/lib/emd_hat_impl.hpp``).
"""

from __future__ import annotations

import math

import pytest

from bleuprint.metrics.moverscore import impl, spec, transport
from bleuprint.oracles.goldens import load_goldens

CASES = load_goldens("moverscore")["cases"]


def _idf(case, key):
    return None if case[key] is None else [case[key]]


def test_transport_by_hand():
    """a = b = (1, 1), C = [[1, 2], [3, 1]]: the diagonal plan costs 1 + 1 = 2, the
    crossed one 2 + 3 = 5; the optimum is 2. Unequal: a = (1, 1), b = (1,): move 1 unit
    from the cheaper row (cost min(4, 7) = 4)."""
    assert transport.transport_cost([1.0, 1.0], [1.0, 1.0], [[1.0, 2.0], [3.0, 1.0]]) == 2
    assert transport.transport_cost([1.0, 1.0], [1.0], [[4.0], [7.0]]) == 4
    assert impl.transport(*map(__import__("numpy").array, ([1.0, 1.0], [1.0], [[4.0], [7.0]]))) == 4.0


def test_wmd_by_hand():
    """One word each, (0, 0) and (3, 4): all the mass moves 5."""
    assert spec.moverscore([[[0.0, 0.0]]], [[[3.0, 4.0]]], "wmd") == [5.0]


def test_v1_unequal_masses_by_hand():
    """v1, one token each, orthogonal unit vectors, weights 1 (hyp) and 2 (ref). Scaled
    vectors have length 1/(1 + 1e-6), so C = 2/(1 + 1e-6)^2 for the pair and max C = C.
    Masses 1/1.00001 and 2/2.00001; EMD-hat moves the smaller mass at C and charges the
    difference at max C: (smaller + difference) C = (2/2.00001) C; score 1 - that."""
    c = 2.0 / (1 + 1e-6) ** 2
    expected = 1 - (2 / 2.00001) * c
    got = spec.moverscore([[[1.0, 0.0]]], [[[0.0, 1.0]]], "v1", [[1.0]], [[2.0]])[0]
    assert math.isclose(got, expected, abs_tol=1e-12)


@pytest.mark.parametrize("case", CASES, ids=[c["id"] for c in CASES])
def test_against_the_oracles(case):
    problem = case["problem"]
    exact = float(transport.emd_hat(problem["supply"], problem["demand"], problem["cost"], problem["penalty"]))
    assert abs(exact - problem["pot"]) <= 1e-12
    got = spec.moverscore([case["hyp"]], [case["ref"]], case["variant"], _idf(case, "hyp_idf"),
                          _idf(case, "ref_idf"))[0]
    shared_row = any(h == r for h in case["hyp"] for r in case["ref"])
    tol = 1e-7 if shared_row and case["variant"] in ("pypi-v2", "github-v2") else 1e-9
    assert abs(got - case["pot"]) <= tol
    if "pyemd_cpp" in case:
        assert abs(got - case["pyemd_cpp"]) <= 1e-5
    if "gensim" in case:
        assert abs(got - case["gensim"]) <= 1e-9
        unit = [[[x / math.sqrt(math.fsum(v * v for v in row)) for x in row] for row in rows]
                for rows in (case["hyp"], case["ref"])]
        assert abs(spec.moverscore([unit[0]], [unit[1]], "wmd")[0] - case["gensim_norm"]) <= 1e-9


@pytest.mark.parametrize("layer", [spec, impl])
@pytest.mark.parametrize("args, error, words", [
    (([[]], [[[1.0]]]), ValueError, "hyps[0] has no token (no row)"),
    (([[[1.0, 2.0], [1.0]]], [[[1.0, 2.0]]]), ValueError, "hyps[0] is ragged: row 1 has 1 dimensions"),
    (([[[1.0, float("nan")]]], [[[1.0, 2.0]]]), ValueError, "hyps[0][0][1] is nan"),
    (([[[1.0, 2.0]]], [[[1.0, float("inf")]]]), ValueError, "refs[0][0][1] is inf"),
    (([[[1.0, 2.0]]], [[[1.0, 2.0, 3.0]]]), ValueError, "refs[0] has 3 dimensions but hyps[0] has 2"),
    (([[[1.0]]], [[[1.0]], [[2.0]]]), ValueError, "one reference array per hypothesis"),
    (([[["a"]]], [[[1.0]]]), TypeError, "hyps[0][0][0] must be a number"),
    (([[[1.0]]], [[[1.0]]], "v3"), ValueError, "variant"),
    (([[[1.0]]], [[[1.0]]], "v1", [[0.0]], [[1.0]]), ValueError, "hyp_idf[0] are all 0"),
    (([[[1.0]]], [[[1.0]]], "v1", [[1.0, 2.0]], [[1.0]]), ValueError, "hyp_idf[0] has 2 values"),
    (([[[1.0]]], [[[1.0]]], "v1", [[1.0]], [[-1.0]]), ValueError, "ref_idf[0][0] is -1.0"),
    (([[[1.0]]], [[[1.0]]], "wmd", [[1.0]], None), TypeError, "no IDF weights"),
])
def test_bad_input_is_named(layer, args, error, words):
    with pytest.raises(error) as info:
        layer.moverscore(*args)
    assert words in str(info.value)
