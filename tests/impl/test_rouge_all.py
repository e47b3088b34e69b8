"""``rouge_all`` (every requested ROUGE type's ``[P, R, F]`` per segment in one call)
against the spec, type by type: impl's one-pass rows *equal* (``==``, float for float)
the spec's ``rouge_stats`` of each type, with and without the stemmer, with newlines
(Lsum's sentences) and several targets (each type chooses its own best target).
"""

from __future__ import annotations

import re

import numpy as np
import pytest
from hypothesis import example, given
from hypothesis import strategies as st

import bleuprint
from bleuprint.metrics.rouge import impl, spec

PIECES = ["a", "b", "c", "A", "ab", "1", "x9", "é", "\u212a", "\u0130", "_", "'", ".", "我", " ", " ", " ", "\n", "\n",
          "\r", "\t", "running", "runs", "cats", "happiness", "relational", "studies", "1990s"]
texts = st.lists(st.sampled_from(PIECES), max_size=24).map("".join)
corpora = st.lists(st.tuples(texts, st.lists(texts, min_size=1, max_size=3)), min_size=1, max_size=5)
type_lists = st.lists(st.sampled_from(spec.ROUGE_TYPES), min_size=1, max_size=len(spec.ROUGE_TYPES), unique=True)


@given(corpora, type_lists, st.booleans())
@example([("a b c\nd e f", ["d e f\na b c"])], ["rougeL", "rougeLsum"], False)
@example([("a b", ["a b c d", "a"]), ("b a\na b", ["a b a b", "b a"])], list(spec.ALL_TYPES), False)
@example([("cats running\nwas", ["cat runs\nwa", "running"])], list(spec.ALL_TYPES), True)
def test_rouge_all_equals_the_spec_type_by_type(corpus, rouge_types, use_stemmer):
    hyps, refs = [h for h, _ in corpus], [r for _, r in corpus]
    got = impl.rouge_all(hyps, refs, rouge_types, use_stemmer)
    assert list(got) == rouge_types
    for rouge_type in rouge_types:
        expected = [spec.rouge_stats(h, r, rouge_type, use_stemmer) for h, r in zip(hyps, refs)]
        assert got[rouge_type].dtype == np.float64 and got[rouge_type].flags.c_contiguous
        assert got[rouge_type].tolist() == expected, rouge_type
    assert {t: rows.tolist() for t, rows in got.items()} == spec.rouge_all(hyps, refs, rouge_types, use_stemmer)


def test_public_name_and_defaults():
    """``bleuprint.rouge_all`` is impl's; by default the four types papers report, in
    that order; hand check: "the cat sat" against "the cat" has ROUGE-1 P = 2/3 (2 of the
    prediction's 3 unigrams), R = 2/2, F = 2 * (2/3) / (5/3) = 0.8; ROUGE-2 P = 1/2 (the
    bigram "the cat"), R = 1/1, F = 2/3."""
    assert bleuprint.rouge_all is impl.rouge_all
    assert bleuprint.spec.rouge_all is spec.rouge_all
    got = bleuprint.rouge_all(["the cat sat"], [["the cat"]])
    assert list(got) == ["rouge1", "rouge2", "rougeL", "rougeLsum"]
    assert got["rouge1"].tolist() == [[2 / 3, 1.0, 0.8]]
    assert got["rouge2"][0, :2].tolist() == [0.5, 1.0]
    assert abs(got["rouge2"][0, 2] - 2 / 3) < 1e-15


@pytest.mark.parametrize("layer", [impl, spec])
@pytest.mark.parametrize("types, error, words", [
    ("rouge1", TypeError, "bare str"), (3, TypeError, "got int"), ([], ValueError, "empty"),
    (["rouge0"], ValueError, "unknown rouge_type"), (["rouge1", "rougeL", "rouge1"], ValueError, "rouge1 more than once"),
])
def test_bad_types_are_refused_by_both_layers(layer, types, error, words):
    with pytest.raises(error, match=re.escape(words)):
        layer.rouge_all(["a"], [["a"]], types)


@pytest.mark.parametrize("layer", [impl, spec])
def test_bad_corpus_and_stemmer_are_refused(layer):
    with pytest.raises(ValueError, match="mismatched lengths"):
        layer.rouge_all(["a", "b"], [["a"]])
    with pytest.raises(TypeError, match="use_stemmer must be a bool"):
        layer.rouge_all(["a"], [["a"]], use_stemmer=1)
