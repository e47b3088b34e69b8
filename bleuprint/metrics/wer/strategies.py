"""Hypothesis strategies of the WER family's inputs (the differential tests and the
strategy-quality test draw from them).

Texts are joined from a tiny vocabulary (two to four words, so equal-cost alignments,
repeated words and zero matches are common) with the separators that jiwer's transform
treats differently: one space, runs of spaces, a single tab / newline / no-break space /
ideographic space (inside a word), runs of mixed white space (a separator), and white space
at the ends. Empty lines and one-word lines come often; non-ASCII and case variants too.
"""

from __future__ import annotations

from hypothesis import strategies as st

WORDS = ["a", "b", "c", "A", "ab", "\u00e9", "\u6771", "."]
SEPARATORS = [" ", " ", " ", " ", "  ", "\t", "\n", "\u00a0", "\u3000", " \t", "\t\t", "\r\n", " \u00a0 "]


#: The words drawn (mostly a, b, c: ties, repeats and zero matches abound) and what follows
#: each word (mostly one space; then the separators jiwer treats apart).
DRAWN_WORDS = ["a", "b", "a", "b", "c", "a", "b", "c"] + WORDS[3:]
FOLLOWERS = [" "] * 20 + SEPARATORS[4:] + [""]
LEADERS = [""] * 6 + [" ", "\t", "  ", "\u00a0"]


def texts(max_words: int = 8, words=tuple(DRAWN_WORDS)):
    """One line: up to ``max_words`` (word, what follows it) pairs from ``words``, after a
    drawn leader (usually nothing)."""
    pairs = st.lists(st.tuples(st.sampled_from(words), st.sampled_from(FOLLOWERS)), max_size=max_words)
    return st.tuples(st.sampled_from(LEADERS), pairs).map(lambda t: t[0] + "".join(w + f for w, f in t[1]))


#: The vocabularies a corpus is drawn from: two or three words most of the time (so that
#: equally cheap alignments, and common prefixes and suffixes around them, are frequent).
VOCABULARIES = [("a", "b"), ("a", "b"), ("a", "b", "c"), ("a", "b", "c"), tuple(DRAWN_WORDS)]


def _derived(words: list, operation: int, extra: str) -> list:
    """A hypothesis made from the reference's words by a shift or a swap: the alignments
    whose substitutions and insertion-deletion pairs cost the same (ref "a b", hyp
    "b c"), and with operation 0 the common suffix that decides them (ref "a b c",
    hyp "b c c")."""
    if not words:
        return [extra]
    if operation == 0:
        return words[1:] + [words[-1]]
    if operation == 1:
        return words[1:] + [extra]
    if operation == 2:
        return [extra] + words[:-1]
    if operation == 3:
        return words[1:] + words[:1]
    k = len(words) // 2
    return words[:k - 1] + words[k:k + 1] + words[k - 1:k] + words[k + 1:] if k else words[::-1]


def _derived_pairs(words):
    reference = st.lists(st.sampled_from(words), min_size=1, max_size=7)
    return st.tuples(reference, st.integers(0, 4), st.sampled_from(words), st.booleans()).map(
        lambda t: (" ".join(_derived(t[0], t[1], t[2])), " ".join(t[0])) if t[3]
        else (" ".join(t[0]), " ".join(_derived(t[0], t[1], t[2]))))


def corpora(max_size: int = 5):
    """Corpora in bleuprint's layout: ``(hyps, refs)``, refs[i] = [one reference]. A pair
    is two independent lines, a line and a shift or swap of its words (in either role), or
    one of the family's quirk pairs (``cases.QUIRK_PAIRS``: ties, the affix step, white
    space, empty sides), a third of the time each."""
    from .cases import QUIRK_PAIRS

    quirks = st.sampled_from(QUIRK_PAIRS).map(lambda pair: (pair[1], pair[0]))

    def of(words):
        pair = st.one_of(st.tuples(texts(words=words), texts(words=words)), _derived_pairs(words), quirks)
        return st.lists(pair, min_size=1, max_size=max_size)

    return st.sampled_from(VOCABULARIES).flatmap(of).map(
        lambda pairs: ([h for h, _ in pairs], [[r] for _, r in pairs]))


def corpus_strategy(definition):
    """The family's own corpora (``strategies.corpora``: one reference a segment; ties,
    white space and empty sides often)."""
    return corpora()
