"""A thorough oracle test suite for self-BLEU (an example for the grader), in the style of
test_thorough.py: every expected number is worked out by hand in the docstring, from the
definitions; reached through ``bleuprint.spec.self_bleu``. EvalSuite (the default) is
sacreBLEU's sentence BLEU on 0..100 (13a, exp smoothing, effective order, order 4),
Texygen nltk's on 0..1 (white-space tokens, method1, order 3, the first 500 outputs);
within 1e-9.

self-BLEU: the mean over the outputs of each one's sentence BLEU against all the *other*
outputs as its references.
"""

import math

import pytest

from bleuprint.spec import self_bleu

TOL = 1e-9
PERFECT = math.exp(math.log(100))


def test_the_output_is_left_out_of_its_references():
    """'a b c d' and 'w x y z' have no word in common: each scores 0 against the other, so
    self-BLEU is 0 (with itself among its references each would score 100)."""
    assert self_bleu(["a b c d", "w x y z"]) == pytest.approx(0.0, abs=TOL)


def test_a_duplicate_is_a_reference():
    """Two copies of 'a b c d' and 'w x y z': each copy has the other as a reference (a
    perfect match, 100.00000000000004); 'w x y z' matches nothing: (2 x 100) / 3."""
    assert self_bleu(["a b c d", "a b c d", "w x y z"]) == pytest.approx(2 * PERFECT / 3, abs=TOL)


def test_texygen_uses_the_first_500_outputs():
    """500 copies of 'a b c' then 'x y z', Texygen: only the first 500 are scored, each a
    perfect match (1.0), mean 1.0; scoring 'x y z' too would give 500/501."""
    assert self_bleu(["a b c"] * 500 + ["x y z"], "texygen") == pytest.approx(1.0, abs=TOL)


def test_texygen_method1_smoothing():
    """'a b c' and 'a b d': 2/3 unigrams, 1/2 bigrams, no trigram -> 0.1 (method1's
    epsilon over one trigram); BP 1: (2/3 * 1/2 * 0.1) ** (1/3) for both."""
    assert self_bleu(["a b c", "a b d"], "texygen") == pytest.approx((1 / 30) ** (1 / 3), abs=TOL)


def test_evalsuite_exp_smoothing():
    """'a b c d' and 'a b c e': 75, 66.67, 50 percent, the 4-gram unmatched -> 100 / 2 = 50
    (exp smoothing); BP 1: (75 * 200/3 * 50 * 50) ** (1/4)."""
    assert self_bleu(["a b c d", "a b c e"]) == pytest.approx(12_500_000 ** 0.25, abs=TOL)
