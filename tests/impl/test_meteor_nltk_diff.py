"""bleuprint.metrics.meteor_nltk.impl against bleuprint.metrics.meteor_nltk.spec (the
differential test): every segment's score *equal* (``==``: the same float operations in
the same order), corpus values within 1e-12 (both ``math.fsum``).

Words come from a small vocabulary of inflected forms (so that exact, stem and repeated
matches, and with them the greedy order and the chunk count, are common), upper case and
non-ASCII letters included. Synonyms: the spec and impl are also compared under a synonym
table (the impl's reader replaced by a small fake one), so no WordNet is needed; with
WordNet installed, one more test compares them on the real synonyms.
"""

from __future__ import annotations

import contextlib
from unittest import mock

import pytest
from hypothesis import example, given
from hypothesis import strategies as st

from bleuprint.metrics.meteor_nltk import impl, spec

WORDS = ["a", "b", "the", "The", "dog", "dogs", "hound", "hounds", "run", "runs", "running", "ran", "happy", "happi",
         "glad", "big", "large", "larg", "café", "CAFÉ", ",", ".", "3", "x-ray"]

texts = st.lists(st.sampled_from(WORDS), max_size=12).map(" ".join)
corpora = st.lists(st.tuples(texts, st.lists(texts, min_size=1, max_size=3)), min_size=1, max_size=5)
parameters = st.fixed_dictionaries({}, optional={"fmean_alpha": st.floats(0, 1), "beta": st.floats(0, 6),
                                                 "gamma": st.floats(0, 1)})

#: A fake WordNet: synonyms of a few (stemmed) words, linked in both directions.
LINKS = {"dog": {"hound", "dog"}, "hound": {"dog", "hound"}, "big": {"larg", "larger"}, "larg": {"big"},
         "happi": {"glad"}, "glad": {"happi", "felicit"}, "run": {"ran", "a"}}


class FakeWordNet:
    def synonyms(self, word):
        return frozenset(LINKS.get(word, ()))


READER = FakeWordNet()


@contextlib.contextmanager
def fake_wordnet():
    """The spec's and impl's WordNet replaced by ``READER``."""
    with mock.patch.object(spec, "wordnet_reader", lambda wordnet=None: READER), \
            mock.patch.object(impl, "wordnet_reader", lambda wordnet=None: READER):
        yield


@given(corpora, parameters)
@example([("a b", ["a b a"])], {})
@example([("the cat the dog", ["the dog the cat"])], {})
@example([("", [""])], {})
def test_impl_equals_spec_without_synonyms(corpus, options):
    hyps, refs = [h for h, _ in corpus], [r for _, r in corpus]
    expected = [spec.meteor_nltk_stats(h, r, synonyms=False, **options) for h, r in corpus]
    assert impl.meteor_nltk_rows(hyps, refs, synonyms=False, **options) == expected
    assert impl.meteor_nltk(hyps, refs, synonyms=False, **options) == pytest.approx(
        spec.meteor_nltk(hyps, refs, synonyms=False, **options), abs=1e-12)


@given(corpus=corpora, options=parameters)
@example(corpus=[("the big dogs", ["a large hound the"])], options={})
def test_impl_equals_spec_with_a_synonym_table(corpus, options):
    hyps, refs = [h for h, _ in corpus], [r for _, r in corpus]
    with fake_wordnet():
        expected = [spec.meteor_nltk_stats(h, r, **options) for h, r in corpus]
        assert impl.meteor_nltk_rows(hyps, refs, **options) == expected


def test_the_table_reaches_the_synonym_stage():
    """The fake links are used: "dog" / "hound" is a synonym match (m = 1, score 1/2)."""
    with fake_wordnet():
        assert impl.meteor_nltk_rows(["dog"], [["hound"]]) == [[0.5]] == [spec.meteor_nltk_stats("dog", ["hound"])]


def test_impl_equals_spec_on_real_wordnet(ted_ende):
    """With WordNet 3.0 installed: the first 120 segments of two ted-ende systems and
    English sentences, spec == impl row for row."""
    from bleuprint.metrics.meteor_nltk.install_wordnet import INSTALL_COMMAND
    from bleuprint.metrics.meteor_nltk.wordnet import find_wordnet

    try:
        find_wordnet()
    except ValueError:
        pytest.skip(f"WordNet 3.0 is not installed: run `{INSTALL_COMMAND}`")
    reference = ted_ende["references"][0][:120]
    hyps = [line for outputs in list(ted_ende["systems"].values())[:2] for line in outputs[:120]]
    refs = [[r] for r in reference] * 2
    hyps += ["the big dog ran home happily", "Large houses stand on the hills"]
    refs += [["a large hound runs to the house"], ["big homes stood on a hill", "the house"]]
    assert impl.meteor_nltk_rows(hyps, refs) == [spec.meteor_nltk_stats(h, r) for h, r in zip(hyps, refs)]
