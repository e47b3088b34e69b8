"""Targeted Hypothesis strategies for the classic divergence families of metric libraries.

bleuprint's own ``bleuprint.strategies.corpora`` draws broad corpora; these draw the small
corners where libraries are known to part ways with sacreBLEU, so that a short audit finds
them: short strings and short hypotheses (an order with no n-grams, or no matches), ties in
reference length, empty hypotheses or references, several and variable references, white
space other than spaces, punctuation glued to words, block moves of various sizes (TER's
shifts and its shift limit) and repeated words. ``audit_corpora`` mixes them with
bleuprint's corpora. Nothing here names a library or a metric.
"""

from __future__ import annotations

from hypothesis import strategies as st

#: A tiny alphabet: short strings built from it share n-grams often, and miss them often.
LETTERS = ("a", "b", "c")
WORDS = ("a", "b", "the", "cat", "sat", "on", "mat", "dog")
#: Capitalised words (case-sensitive tokenizers), stop words only (stop-word removal),
#: non-ASCII letters (ASCII-only tokenizers).
CASED = ("The", "Cat", "A", "DOG", "Mat")
STOP = ("the", "a", "of", "is", "and", "to", "in", "it")
OTHER = ("café", "naïve", "über", "日本", "ß")
GLUED = ("cat.", "mat,", "(the", "dog)", "sat!", "a?", "\"on\"", "it's", "end.", "--", "¿qué?", "«a»", "a、b")
#: White space other than one space: tabs, line breaks and carriage returns, no-break and
#: thin spaces, the ideographic space, form feed, a line separator.
SPACES = ("\t", "\n", "\xa0", "  ", "\u3000", "\x0c", "\r\n", "\r", "\u2009", "\u202f", "\u2028", "\x0b")


def _join(draw, words: list[str]) -> str:
    """``words`` joined by single spaces, or (a third of the time) by other white space,
    with white space at the ends sometimes."""
    if not words:
        return draw(st.sampled_from(("", "", " ", "\t")))
    if draw(st.integers(0, 2)):
        return " ".join(words)
    out = words[0]
    for word in words[1:]:
        out += draw(st.sampled_from((" ",) + SPACES)) + word
    if draw(st.booleans()):
        out = draw(st.sampled_from(SPACES + (" ",))) + out
    return out


@st.composite
def short_sentence(draw, pool=WORDS, max_words: int = 4) -> str:
    """0..``max_words`` words of ``pool`` (short hypotheses, orders without n-grams)."""
    words = draw(st.lists(st.sampled_from(pool), max_size=max_words))
    return _join(draw, words)


@st.composite
def short_string(draw) -> str:
    """A few letters, with or without spaces: character n-gram orders empty or unmatched."""
    return draw(st.text(alphabet=st.sampled_from(LETTERS + (" ",)), max_size=5))


@st.composite
def glued(draw) -> str:
    """Words with punctuation glued to them (tokenizers split them; ``str.split`` does not)."""
    words = draw(st.lists(st.sampled_from(WORDS + GLUED), min_size=1, max_size=5))
    return _join(draw, words)


@st.composite
def repeated(draw) -> str:
    """A word or a block said several times (clipping of n-gram counts)."""
    block = draw(st.lists(st.sampled_from(WORDS), min_size=1, max_size=2))
    return " ".join(block * draw(st.integers(2, 4)))


@st.composite
def single_character(draw) -> str:
    """One character: a letter, a digit, a punctuation mark or a non-ASCII letter."""
    return draw(st.sampled_from(LETTERS + ("A", "7", ".", ",", "é", "日")))


def sentences():
    return st.one_of(short_sentence(), short_string(), glued(), repeated(), st.just(""),
                     short_sentence(CASED + WORDS), short_sentence(STOP), short_sentence(OTHER + WORDS),
                     single_character())


@st.composite
def moved(draw, words: list[str]) -> str:
    """``words`` with one block moved (TER's shifts; half the time, in a text of 20 words or
    more, a block of 10 swapped with the 10 or more words left: its 10-word limit, which a
    shorter piece would dodge by moving instead)."""
    if len(words) < 2:
        return " ".join(words)
    start = draw(st.integers(0, len(words) - 1))
    length = draw(st.integers(1, len(words) - start))
    long = len(words) >= 20 and draw(st.booleans())
    if long:  # a block of 10 or more moved past 10 or more (TER's limit)
        start = draw(st.sampled_from((0, len(words) - 10)))
        length = 10
    block, rest = words[start:start + length], words[:start] + words[start + length:]
    at = draw(st.sampled_from((0, len(rest)))) if long else draw(st.integers(0, len(rest)))
    return " ".join(rest[:at] + block + rest[at:])


@st.composite
def block_move_pair(draw) -> tuple[str, list[str]]:
    """A hypothesis and a reference that is the same words with a block moved (2 to 14
    words, a third of the time 20 to 24)."""
    n = draw(st.integers(2, 14)) if draw(st.integers(0, 2)) else draw(st.integers(20, 24))
    words = [f"w{i}" for i in range(n)] if n >= 20 or draw(st.booleans()) else \
        draw(st.lists(st.sampled_from(WORDS), min_size=n, max_size=n))
    return " ".join(words), [draw(moved(words))]


@st.composite
def references_for(draw, hyp: str, min_refs: int, max_refs: int) -> list[str]:
    """``min_refs``..``max_refs`` references of ``hyp``: copies, edits, ties in length
    (one shorter and one longer by the same count), empty ones, unrelated ones."""
    words = hyp.split()
    count = draw(st.integers(min_refs, max_refs))
    refs: list[str] = []
    if count >= 2 and draw(st.booleans()):
        k = draw(st.integers(1, 2))
        shorter = words[:max(len(words) - k, 0)]
        longer = words + draw(st.lists(st.sampled_from(WORDS), min_size=k, max_size=k))
        refs += [" ".join(shorter), " ".join(longer)]
    while len(refs) < count:
        kind = draw(st.integers(0, 5))
        if kind == 0:
            refs.append(hyp)
        elif kind == 1:
            refs.append("")
        elif kind == 2 and words:
            i = draw(st.integers(0, len(words) - 1))
            refs.append(" ".join(words[:i] + [draw(st.sampled_from(WORDS))] + words[i + 1:]))
        elif kind == 3:
            refs.append(draw(moved(words)) if words else "")
        else:
            refs.append(draw(sentences()))
    return draw(st.permutations(refs[:count]))


@st.composite
def targeted_corpora(draw, min_size: int = 1, max_size: int = 4, min_refs: int = 1, max_refs: int = 3):
    """A corpus ``(hyps, refs)`` from the families of the module doc."""
    size = draw(st.integers(min_size, max_size))
    hyps, refs = [], []
    for _ in range(size):
        if draw(st.integers(0, 4)) == 0:
            hyp, these = draw(block_move_pair())
            extra = draw(st.integers(0, max(0, min(max_refs, 2) - 1)))
            these = these + [draw(sentences()) for _ in range(max(min_refs - 1, extra))]
            these = these[:max_refs]
        else:
            hyp = draw(sentences())
            these = draw(references_for(hyp, min_refs, max_refs))
        hyps.append(hyp)
        refs.append(list(these))
    return hyps, refs


def audit_corpora(min_size: int = 1, max_size: int = 6, min_refs: int = 1, max_refs: int = 3,
                  tokenize: str = "13a"):
    """Corpora for the audit: the targeted ones above (two in three) and bleuprint's."""
    from ..spec.tokenizers import TOKENIZERS
    from ..strategies import corpora

    targeted = targeted_corpora(min_size, min(max_size, 4), min_refs, max_refs)
    broad = corpora(min_size=min_size, max_size=max_size, min_refs=min_refs, max_refs=max_refs,
                    tokenize=tokenize if tokenize in TOKENIZERS else "13a")
    return st.one_of(targeted, targeted, broad)


@st.composite
def neighbours(draw, inputs: list):
    """An input near one of ``inputs`` (``(hyps, refs, origin)``): a word of ``WORDS`` (or
    a fresh one) added at the same end of the hypothesis and of every reference, or to one
    side only, once or twice; with the origin of the input it grew from (it is not
    independent of it). It shows whether a deviation holds beyond its minimal input."""
    hyps, refs, origin = draw(st.sampled_from(inputs))
    hyps, refs = list(hyps), [list(r) for r in refs]
    for _ in range(draw(st.integers(1, 2))):
        word = draw(st.sampled_from(WORDS + ("x", "y7", "Zed")))
        i = draw(st.integers(0, len(hyps) - 1))
        where = draw(st.sampled_from(("both", "both", "hyp", "refs")))
        front = draw(st.booleans())

        def add(text):
            return f"{word} {text}" if front else f"{text} {word}"
        if where in ("both", "hyp"):
            hyps[i] = add(hyps[i])
        if where in ("both", "refs"):
            refs[i] = [add(r) for r in refs[i]]
    return hyps, refs, origin
