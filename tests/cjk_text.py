"""Hypothesis strategies of Japanese, Korean and mixed text, for the MeCab and
SentencePiece tokenizers' tests.

Lines are glued from pieces: fragments of the hand-written lines of
``bleuprint.oracles.texts_cjk`` (real words, so MeCab's dictionary matches), single
characters of the scripts (hiragana, katakana of both widths, kanji, Hangul syllables and
compatibility jamo), punctuation of both widths, digits with ``.`` and ``,`` (half- and
full-width), Latin letters, and white space of every kind ``str.split`` knows (and U+200B,
which it does not), at the ends as well as inside.
"""

from __future__ import annotations

from hypothesis import strategies as st

from bleuprint.oracles.texts_cjk import JAPANESE, KOREAN

SPACES = [" ", "  ", "\t", "\u3000", "\xa0", "\u2028", "\x85", "\u200b", "\n", "\r"]
PUNCT = list("。、！？「」『』（）・…ー〜：；,.!?\"'()[]-%") + ["１．５", "3.14", "1,000", "１，０００", "-2.0"]
LATIN = ["ABC", "iPhone", "NLP", "the cat", "Ｔｅｓｔ", "ｶﾀｶﾅ", "x", "A1"]


def _chars(low: int, high: int):
    return st.integers(low, high).map(chr)


_JA_CHARS = st.one_of(_chars(0x3041, 0x3096), _chars(0x30A1, 0x30FA), _chars(0x4E00, 0x4FFF), _chars(0xFF66, 0xFF9D))
_KO_CHARS = st.one_of(_chars(0xAC00, 0xD7A3), _chars(0x3131, 0x318E))


def _fragments(lines: list[str]):
    """Substrings of the hand-written lines."""
    pool = [line for line in lines if line.strip()]
    return st.sampled_from(pool).flatmap(
        lambda line: st.tuples(st.integers(0, len(line)), st.integers(0, len(line))).map(
            lambda ab: line[min(ab) : max(ab)]))


def _lines(chars, fragments, max_pieces: int = 8):
    piece = st.one_of(fragments, fragments, chars, st.sampled_from(SPACES), st.sampled_from(PUNCT),
                      st.sampled_from(LATIN))
    return st.lists(piece, max_size=max_pieces).map("".join)


def japanese_lines():
    return _lines(_JA_CHARS, _fragments(JAPANESE))


def korean_lines():
    return _lines(_KO_CHARS, _fragments(KOREAN))


def mixed_lines():
    return _lines(st.one_of(_JA_CHARS, _KO_CHARS), _fragments(JAPANESE + KOREAN))


LINES_OF = {"ja": japanese_lines, "ko": korean_lines, "mixed": mixed_lines}


@st.composite
def cjk_corpora(draw, language: str = "ja", max_size: int = 6, max_refs: int = 3):
    """(hyps, refs) of ``language`` ("ja", "ko", "mixed"): references partly copies or
    edits of their hypothesis (so that n-grams match), lines repeated across segments."""
    lines = LINES_OF[language]()
    n = draw(st.integers(1, max_size))
    hyps = draw(st.lists(lines, min_size=n, max_size=n))
    if n > 1 and draw(st.booleans()):
        hyps[-1] = hyps[0]
    refs = []
    for hyp in hyps:
        k = draw(st.integers(1, max_refs))
        group = []
        for _ in range(k):
            choice = draw(st.integers(0, 3))
            if choice == 0:
                group.append(hyp)
            elif choice == 1 and hyp:
                cut = draw(st.integers(0, len(hyp)))
                group.append(hyp[:cut] + draw(lines) + hyp[cut:])
            else:
                group.append(draw(lines))
        refs.append(group)
    return hyps, refs
