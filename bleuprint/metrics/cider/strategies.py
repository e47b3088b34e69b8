"""Hypothesis strategies of tokenized-caption corpora, for CIDEr-D and coco BLEU (their
``bleuprint.strategies.corpus_strategy`` and differential tests). The hard cases are drawn often
(measured by tests/quality/test_caption_strategy_quality.py): empty and 1-word captions,
repeated words, images without any match, several references, tied closest reference
lengths, a hypothesis equal to a reference, n-grams shared between images (df above 1),
punctuation and non-ASCII tokens, and white space other than one space.

Every strategy below is built once (drawing from prebuilt strategies keeps a corpus at a
few hundred microseconds of generation)."""

from __future__ import annotations

from hypothesis import strategies as st

WORDS = ["a", "b", "c", "dog", "the", "man"]
PUNCTUATION = [",", ".", "'s", "--", "!"]
NON_ASCII = ["é", "tête", "東京", "straße", "\u212a"]
SEPARATORS = [" ", " ", " ", " ", "  ", "\t", "\u00a0", "\u3000", "\n"]

#: One draw a token: the words three times as often as the punctuation or non-ASCII ones.
TOKENS = st.sampled_from(WORDS * 3 + PUNCTUATION + NON_ASCII)
_separators = st.sampled_from(SEPARATORS)
_token_lists = st.lists(TOKENS, max_size=8)
_tenth = st.integers(0, 9)
_sixth = st.integers(0, 5)
_fifth = st.integers(0, 4)
_bit = st.integers(0, 1)
_ops = st.integers(0, 2)
_edits = st.integers(1, 3)
_ref_counts = st.integers(1, 3)


@st.composite
def word_lists(draw) -> list:
    """0-8 tokens; one list in six cut to 0 or 1 token, one in five with its first word
    repeated."""
    words = draw(_token_lists)
    if draw(_sixth) == 0:
        words = words[:draw(_bit)]
    if words and draw(_fifth) == 0:
        words = words + [words[0]] * draw(_edits)
    return words


@st.composite
def _reference(draw, hyp: list) -> list:
    kind = draw(_sixth)
    if kind == 0 or not hyp:
        return draw(word_lists())
    if kind == 1:  # the hypothesis itself
        return list(hyp)
    words = list(hyp)
    for _ in range(draw(_edits)):
        op, at = draw(_ops), draw(st.integers(0, len(words)))
        if op == 0:
            words.insert(at, draw(TOKENS))
        elif at < len(words):
            if op == 1:
                del words[at]
            else:
                words[at] = draw(TOKENS)
    return words


def _join(draw, words: list) -> str:
    """The words joined by one separator drawn for the caption (a space most often),
    sometimes with white space at its edges."""
    out = draw(_separators).join(words)
    return " " + out + "\t" if draw(_tenth) == 0 else out


@st.composite
def images(draw) -> tuple:
    """One image: a hypothesis and 1-3 references (edits of it, copies, or others); one
    image in five with several references gets two of tied closest lengths."""
    hyp = draw(word_lists())
    refs = [draw(_reference(hyp)) for _ in range(draw(_ref_counts))]
    if len(refs) >= 2 and hyp and draw(_fifth) == 0:
        refs[0] = (refs[0] + ["a"] * (len(hyp) + 1))[:len(hyp) + 1]
        refs[1] = (refs[1] + ["b"] * len(hyp))[:len(hyp) - 1]
    return _join(draw, hyp), [_join(draw, r) for r in refs]


@st.composite
def caption_corpora(draw, min_size: int = 1, max_size: int = 5) -> tuple:
    """``(hyps, refs)``: ``min_size``..``max_size`` images, ``refs[i]`` 1-3 captions."""
    drawn = draw(st.lists(images(), min_size=min_size, max_size=max_size))
    return [h for h, _ in drawn], [r for _, r in drawn]


def corpus_strategy(definition):
    """Tokenized-caption corpora (``bleuprint.metrics.cider.strategies``)."""
    return caption_corpora()
