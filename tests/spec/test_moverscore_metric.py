"""MoverScore as a registered metric (``bleuprint.metrics.moverscore``): the corpus score is
the mean of the pairs' scores (each the one-call function's, whose values the oracles
check in ``test_moverscore_definition.py``), the option ``variant`` picks the formula,
IDF weights travel in the segment's mapping form, and bad input is refused naming the
segment. Scores within 1e-12 of the hand computations below (float64, a few operations)."""

from __future__ import annotations

import math

import pytest

import bleuprint
from bleuprint.metrics.moverscore import spec
from bleuprint.spec.inputs import input_hooks
from bleuprint.core import get_metric

HYPS = [[[1.0, 0.0], [0.5, 0.5]], [[0.0, 2.0]]]
REFS = [[[[0.0, 1.0], [1.0, 1.0]]], [[[0.0, 1.0]]]]


def test_wmd_corpus_score_by_hand():
    """WMD, masses 1/2 a token. Pair 0: (1,0)->(1,1) costs 1, (0.5,0.5)->(0,1) costs
    sqrt(0.5) (the crossed plan costs sqrt(2) + sqrt(0.5)), so 0.5 + 0.5 sqrt(0.5); pair 1:
    (0,2)->(0,1) costs 1. Mean: (0.5 + 0.5 sqrt(0.5) + 1) / 2."""
    expected = (0.5 + 0.5 * math.sqrt(0.5) + 1.0) / 2
    got = bleuprint.corpus_score(bleuprint.metric("moverscore", variant="wmd"), HYPS, REFS)
    assert abs(got - expected) <= 1e-12


def test_github_v2_of_equal_directions_by_hand():
    """github-v2: (0,2) and (0,1) scale to the same unit vector, C = sqrt(1e-30) = 1e-15,
    one unit of mass moves: 1/(1 + 1e-15); pypi-v2: 1 - 1e-15."""
    one = ([[[0.0, 2.0]]], [[[[0.0, 1.0]]]])
    assert abs(bleuprint.corpus_score(bleuprint.metric("moverscore", variant="github-v2"), *one)
               - 1 / (1 + 1e-15)) <= 1e-12
    assert abs(bleuprint.corpus_score(bleuprint.metric("moverscore", variant="pypi-v2"), *one) - (1 - 1e-15)) <= 1e-12


@pytest.mark.parametrize("variant", spec.VARIANTS)
def test_sentence_scores_are_the_functions_pairs(variant):
    """Each segment's score is the one-call function's (checked against POT, pyemd and
    gensim), and the corpus score their mean."""
    pairs = spec.moverscore(HYPS, [r[0] for r in REFS], variant)
    metric = bleuprint.metric("moverscore", variant=variant)
    assert list(bleuprint.sentence_scores(metric, HYPS, REFS)) == pytest.approx(pairs, abs=1e-12)
    assert abs(bleuprint.corpus_score(metric, HYPS, REFS) - sum(pairs) / len(pairs)) <= 1e-12


def test_idf_weights_in_the_mapping_form():
    """v1 with weights 1 (hyp) and 2 (ref) on orthogonal tokens, as in
    ``test_v1_unequal_masses_by_hand``: 1 - (2/2.00001) 2/(1 + 1e-6)^2."""
    hyps = [{"embeddings": [[1.0, 0.0]], "idf": [1.0]}]
    refs = [[{"embeddings": [[0.0, 1.0]], "idf": [2.0]}]]
    expected = 1 - (2 / 2.00001) * 2.0 / (1 + 1e-6) ** 2
    assert abs(bleuprint.corpus_score("moverscore", hyps, refs) - expected) <= 1e-12


@pytest.mark.parametrize("hyps, refs, error, words", [
    (HYPS[:1], [[[[0.0, 1.0]], [[1.0, 0.0]]]], ValueError, "exactly one reference"),
    ([[[1.0, 0.0]]], [[[[1.0, 0.0, 0.0]]]], ValueError, "dimension mismatch in segment 0"),
    ([[[1.0, float("nan")]]], [[[[1.0, 0.0]]]], ValueError, "hyps[0][0][1] is nan"),
    ([{"embeddings": [[1.0]], "idf": [0.0]}], [[[[1.0]]]], ValueError, "are all 0"),
    ([{"embeddings": [[1.0]], "weights": [1.0]}], [[[[1.0]]]], TypeError, "unknown key(s) weights"),
])
def test_bad_input_is_named(hyps, refs, error, words):
    with pytest.raises(error) as raised:
        bleuprint.corpus_score("moverscore", hyps, refs)
    assert words in str(raised.value)


def test_wmd_refuses_idf_weights():
    hyps = [{"embeddings": [[1.0]], "idf": [1.0]}]
    with pytest.raises(TypeError, match="takes no IDF weights"):
        bleuprint.corpus_score(bleuprint.metric("moverscore", variant="wmd"), hyps, [[[[1.0]]]])


def test_a_line_is_a_json_segment():
    read = input_hooks(get_metric("moverscore")).read_segment
    assert read('{"embeddings": [[1, 2]], "idf": [0.5]}') == {"embeddings": [[1, 2]], "idf": [0.5]}
    with pytest.raises(ValueError, match="not JSON"):
        read("1 2 3")
    with pytest.raises(ValueError, match=r"the line\[0\]\[1\]"):
        read("[[1, NaN]]")
