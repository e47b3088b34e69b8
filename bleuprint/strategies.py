"""Hypothesis strategies for fuzzing implementations of BLEU, chrF and any registered metric
against bleuprint.

A port of the metrics (to another language, or a faster Python) can be checked by drawing
inputs from these strategies and comparing its statistics and scores with
``bleuprint.spec``::

    from hypothesis import given
    from bleuprint import spec
    from bleuprint.strategies import bleu_options, corpora

    @given(corpora(), bleu_options())
    def test_my_bleu(corpus, options):
        hyps, refs = corpus
        assert abs(my_bleu(hyps, refs, **options) - spec.corpus_bleu(hyps, refs, **options)) <= 1e-9

What they generate, and why (each item is a place where re-implementations of sacreBLEU
2.5.1 are known to go wrong; see the sacreBLEU behaviour notes of this project):

* ``sentences()``: empty lines, lines of white space only, single characters, single
  tokens, short lines (fewer than 4 tokens, so some BLEU orders have no n-gram), words
  repeated (clipping), a small shared vocabulary (matches, partial matches, orders with no
  match), ASCII and non-ASCII punctuation, numbers with ``.`` ``,`` ``-`` (13a keeps
  ``3.14`` and ``1,000`` whole and splits ``10-12``), HTML entities and ``<skipped>``
  (13a only), mixed case, white space that only Python's ``str.split()`` knows
  (``\\x1c``..``\\x1f``, ``\\x85``, NBSP, U+2028, U+3000, U+200A...), the zero-width
  space U+200B and the byte-order mark U+FEFF (which are *not* white space for Python;
  JavaScript's ``\\s`` has U+FEFF), line endings other than ``\\n`` (``WHITE_SPACE_CLASSES``),
  letters whose lowercase is longer or special (``İ``, a final capital sigma), letters
  with combining marks, astral characters (emoji, CJK Extension B), every 13a entity
  also escaped twice (``&amp;quot;``), digits outside ASCII, CJK glued inside Latin text,
  and characters of U+2001..U+2A6D (sacreBLEU's ``zh`` tokenizer treats them as Chinese,
  sacreBLEU issue #298): the hard cases of the port faults (``bleuprint.mutants.port_faults``).
* ``references(hyp)``: references derived from the hypothesis (copies, case changes,
  token edits, permutations, truncations, duplications) so that scores are not all 0,
  unrelated and empty references, and pairs of references of lengths ``c - k`` and
  ``c + k`` (a tie for the closest reference length, resolved to the shorter one).
* ``corpora()``: ``(hyps, refs)`` in bleuprint's layout, ``refs[i]`` being the list of
  references of ``hyps[i]``, with a constant or a varying number of references.
* ``bleu_options()`` and ``chrf_options()``: keyword dictionaries for
  ``bleuprint.spec.corpus_bleu`` and ``bleuprint.spec.chrf`` (the same names as
  sacreBLEU's ``BLEU`` and ``CHRF`` arguments, except ``n`` for ``char_order``).
* ``metric_options(name)``: keyword dictionaries of the options of the registered metric
  ``name`` (``bleuprint.core``), its ``bleuprint.strategies.option_strategy``: the two above for BLEU
  and chrF, else ``options_from_data(metric.options)``, derived from the options' data
  (TER's four flags, exact match's empty dictionary, a metric defined in a test file).
  Each option is present or absent (its default then applies); a value is one of its
  choices, a bool, an int or a finite float within its range (an int without a maximum
  at most ``UNBOUNDED_INT_SPAN`` above its minimum, a float without a bound within
  ``UNBOUNDED_FLOAT_SPAN`` of the other bound or of 0), a short text for a str without
  choices, and also None where the option is nullable.

Corpora are kept small (at most 8 sentences of at most about 10 tokens, at most 3
references each) so that the slow specification scores hundreds of them per second.

Hypothesis is a test-time dependency: ``pip install bleuprint[test]``.
"""

from __future__ import annotations

import contextlib
import math
from functools import lru_cache
from .spec.inputs import fit_references

try:
    from hypothesis import strategies as st
except ImportError as error:  # pragma: no cover - depends on the environment
    raise ImportError(
        "bleuprint.strategies needs the Hypothesis library, a test-time dependency of "
        "bleuprint: install it with `pip install bleuprint[test]` (or `pip install hypothesis`)"
    ) from error

from .hooks import Protocol
from .spec.tokenizers import TOKENIZERS, tokenize as _tokenize

__all__ = [
    "ASCII_WHITE_SPACE",
    "ASTRAL",
    "CJK",
    "COMBINING_MARKS",
    "DIGITS",
    "ENTITIES",
    "JAVASCRIPT_ONLY_WHITE_SPACE",
    "LINE_ENDINGS",
    "NON_ASCII_LETTERS",
    "NON_ASCII_PUNCTUATION",
    "PYTHON_ONLY_WHITE_SPACE",
    "SHARED_WORDS",
    "UNBOUNDED_FLOAT_SPAN",
    "UNBOUNDED_INT_SPAN",
    "WHITE_SPACE_CLASSES",
    "ZERO_WIDTH_SPACE",
    "ZH_RANGE_BUG",
    "bleu_options",
    "chrf_options",
    "metric_corpora",
    "metric_options",
    "options_from_data",
    "shuffled",
    "corpora",
    "references",
    "sentences",
    "tokens",
    "weighted",
    "without_local_constants",
]

# --------------------------------------------------------------------------------------
# Pools of tokens. Each is a tuple so that callers (and the quality tests) can refer to it.

#: A small vocabulary shared by hypotheses and references, so that n-grams match often,
#: partially match often, and some orders have no match at all. Mixed case on purpose.
SHARED_WORDS = ("the", "The", "cat", "sat", "on", "mat", "a", "dog", "THE", "Cat")

#: Words of one letter: appended to a reference they add exactly one token under every
#: tokenizer (used to build ties in the closest reference length).
ONE_LETTER_WORDS = ("a", "b", "x", "y")

#: ASCII punctuation; 13a splits all of it except ' , - . which have rules of their own.
ASCII_PUNCTUATION = (".", ",", "!", "?", "'", '"', "(", ")", "-", ":", ";", "/", "...", "--", "$", "%", "@")

#: Non-ASCII punctuation: never split by 13a, split by intl (\\p{P}); the ones in
#: U+2001..U+2A6D are also split by zh.
NON_ASCII_PUNCTUATION = ("\u201c", "\u201d", "\u2014", "\u2026", "\u00ab", "\u00bb", "\u00bf", "\u00a1",
                         "\u3001", "\u3002", "\u2018", "\u2019", "\u2013")

#: Numbers with the separators the tokenizers treat specially.
DIGITS = ("3.14", "1,000", "10-12", "-5", "1999", "1999.", "2", "0", "5.00!", ".5", "1--2",
          "2,000.", "x-1", "1-x", "$5", "10%", "e-mail", "\u0663.\u0661\u0664", "\u0662,\u0665")

#: HTML entities (13a unescapes them when the line holds a "&") and 13a's ``<skipped>``:
#: every 13a entity, each also escaped twice (13a unescapes &quot; before &amp;, so
#: ``&amp;quot;`` ends as ``&quot;`` while ``&amp;lt;`` ends as ``<``: a port that
#: unescapes &amp; first differs on the first), entities 13a leaves alone (an HTML
#: library's unescaping differs on them) and an upper-case one.
ENTITIES = ("&amp;", "&lt;", "&gt;", "&quot;", "&amp;lt;", "&amp;gt;", "&amp;quot;", "&amp;amp;", "&apos;",
            "&#39;", "&nbsp;", "&AMP;", "<skipped>", "&", "a&b")

#: Letters outside ASCII; ``İ`` (U+0130) lowercases to two code points, ``ß`` has no
#: one-character uppercase, ``ǅ`` is titlecase.
NON_ASCII_LETTERS = ("\u00e9", "caf\u00e9", "Stra\u00dfe", "\u00df", "\u0130stanbul", "\u0130", "na\u00efve",
                     "\u00c9COLE", "\u01c5", "\u03a9mega", "\u0416", "\u039f\u0394\u039f\u03a3", "\u1e9e")

#: Letters with combining marks (two or three code points, one grapheme cluster), beside
#: the precomposed letters of ``NON_ASCII_LETTERS``: a port counting grapheme clusters or
#: normalising its text (NFC, NFKC) counts otherwise; a ligature and full-width letters
#: (NFKC folds them).
COMBINING_MARKS = ("e\u0301", "cafe\u0301", "a\u0308", "o\u0302\u0323", "n\u0303o", "\u1100\u1161",
                   "\ufb01", "\uff21\uff22")

#: Characters outside the Basic Multilingual Plane: emoji (one with a skin-tone modifier),
#: CJK Extension B (U+20000, U+2000B), a mathematical letter, a recent emoji (U+1FAE8).
ASTRAL = ("\U0001F600", "\U0001F44D\U0001F3FD", "\U00020000", "\U0002000B", "\U0001D518", "\U0001FAE8")

#: CJK and other East Asian text; zh splits the Han characters, not the kana or hangul.
CJK = ("\u4e2d", "\u732b", "\u6211\u4eec", "\u65e5\u672c\u8a9e", "\u3072\u3089\u304c\u306a",
       "\ud55c\uad6d\uc5b4", "\u4e2d\u6587")

#: Characters of U+2001..U+2A6D that are not white space: sacreBLEU's zh tokenizer splits
#: them off as if they were Chinese (sacreBLEU issue #298). Arrows, currency, maths,
#: letterlike symbols, dingbats, the hyphen U+2010, the per mille sign.
ZH_RANGE_BUG = ("\u2192", "\u20ac", "\u2122", "\u2211", "\u2713", "\u2603", "\u2030", "\u21d2", "\u2260",
                "\u2010", "\u2a6d", "\u2070")

#: Characters that Python's ``str.split()`` treats as white space but C's ``isspace``,
#: most regex engines' ``\\s`` in ASCII mode, and many other languages do not: the
#: information separators, NEL, NBSP, the Unicode spaces, line and paragraph separators,
#: the ideographic space.
PYTHON_ONLY_WHITE_SPACE = ("\x1c", "\x1d", "\x1e", "\x1f", "\x85", "\xa0", "\u2000", "\u2003", "\u200a",
                           "\u2028", "\u2029", "\u202f", "\u205f", "\u3000")

#: ASCII white space besides space: tab, newline (13a turns it into a space, and deletes
#: "-" + newline), carriage return, vertical tab, form feed.
ASCII_WHITE_SPACE = ("\t", "\n", "\r", "\x0b", "\x0c")

#: The zero-width space: looks like a separator, is not white space for ``str.split()``.
ZERO_WIDTH_SPACE = "\u200b"

#: White space for JavaScript's ``\\s`` and ``trim()``, not for Python: the byte-order mark
#: U+FEFF (also a segment's first character when a file's mark was kept).
JAVASCRIPT_ONLY_WHITE_SPACE = ("\ufeff",)

#: Line endings other than ``\\n`` inside a segment (a port reading with universal
#: newlines makes them ``\\n``, and 13a then deletes ``-`` + line end).
LINE_ENDINGS = ("\r\n", "\r", "-\r\n", "\u2028", "\x85")

#: Every class of white space a port's language may see otherwise than Python, by name
#: (``tests/quality`` measures how often each is drawn).
WHITE_SPACE_CLASSES = {
    "ascii": ASCII_WHITE_SPACE,
    "python-only": PYTHON_ONLY_WHITE_SPACE,
    "javascript-only": JAVASCRIPT_ONLY_WHITE_SPACE,
    "zero-width": (ZERO_WIDTH_SPACE,),
    "line-ending": LINE_ENDINGS,
}


def weighted(*pairs):
    """A strategy choosing ``strategy`` with probability proportional to ``weight``, for
    ``(weight, strategy)`` pairs (weights are small integers): ``one_of`` picks its
    branches uniformly, so a branch listed ``weight`` times weighs ``weight``."""
    options = []
    for weight, strategy in pairs:
        options += [strategy] * weight
    return st.one_of(options)


@lru_cache(maxsize=None)
def _any_character():
    """One code point of any category except surrogates (astral ones included)."""
    return st.characters(exclude_categories=("Cs",))


@lru_cache(maxsize=None)
def tokens():
    """One token, drawn mostly from ``SHARED_WORDS`` and otherwise from the pools above
    (or a random short string)."""
    return weighted(
        (12, st.sampled_from(SHARED_WORDS)),
        (2, st.sampled_from(ASCII_PUNCTUATION)),
        (2, st.sampled_from(NON_ASCII_PUNCTUATION)),
        (2, st.sampled_from(DIGITS)),
        (2, st.sampled_from(ENTITIES)),
        (1, st.sampled_from(ENTITIES[:8])),
        (2, st.sampled_from(NON_ASCII_LETTERS)),
        (1, st.sampled_from(ASTRAL)),
        (1, st.sampled_from(COMBINING_MARKS)),
        (2, st.sampled_from(CJK)),
        (1, st.sampled_from(ZH_RANGE_BUG)),
        (1, _any_character()),
        (1, st.text(_any_character(), min_size=1, max_size=4)),
    )


@lru_cache(maxsize=None)
def _separators():
    """What goes between two tokens: mostly a space; sometimes nothing (gluing tokens,
    so CJK lands inside Latin text and numbers touch punctuation), other white space,
    the zero-width space, or 13a's hyphen-newline."""
    return weighted(
        (14, st.just(" ")),
        (3, st.just("")),
        (1, st.sampled_from(("  ", "-\n", " \n ") + ASCII_WHITE_SPACE)),
        (3, st.sampled_from(PYTHON_ONLY_WHITE_SPACE)),
        (1, st.just(ZERO_WIDTH_SPACE)),
        (1, st.sampled_from(JAVASCRIPT_ONLY_WHITE_SPACE + LINE_ENDINGS)),
    )


@lru_cache(maxsize=None)
def _edge_space():
    """Leading or trailing white space (sacreBLEU right-strips before tokenizing BLEU, chrF
    never strips), usually none."""
    return weighted(
        (8, st.just("")),
        (1, st.sampled_from((" ", "  ") + ASCII_WHITE_SPACE)),
        (1, st.sampled_from(PYTHON_ONLY_WHITE_SPACE + JAVASCRIPT_ONLY_WHITE_SPACE)),
    )


@st.composite
def _joined(draw, min_tokens: int, max_tokens: int):
    words = draw(st.lists(tokens(), min_size=min_tokens, max_size=max_tokens))
    line = ""
    for i, word in enumerate(words):
        line += (draw(_separators()) if i else "") + word
    return draw(_edge_space()) + line + draw(_edge_space())


@st.composite
def _repeated(draw):
    """A word repeated 2..5 times, sometimes among other words: clipping matters."""
    word = draw(st.sampled_from(SHARED_WORDS + ONE_LETTER_WORDS))
    times = draw(st.integers(2, 5))
    parts = [word] * times + draw(st.lists(st.sampled_from(SHARED_WORDS), max_size=2))
    return " ".join(draw(st.permutations(parts)))


@st.composite
def _cjk_in_latin(draw):
    """CJK (or an astral or zh-range character) glued between Latin letters: ``abc中def``."""
    left = draw(st.sampled_from(("abc", "the", "caf\u00e9", "x", "Cat")))
    middle = draw(st.sampled_from(CJK + ASTRAL + ZH_RANGE_BUG))
    right = draw(st.sampled_from(("def", "mat", "", "s", "1")))
    line = left + middle + right
    more = draw(st.lists(tokens(), max_size=3))
    return " ".join([line] + more)


@lru_cache(maxsize=None)
def sentences():
    """Strings that hit the hard cases of BLEU and chrF often (see the module docstring).

    The shapes are chosen with weights 10 empty, 5 white space only, 10 one character,
    15 one token, 25 two or three tokens, 20 four to ten tokens, 7 a repeated word, 8 CJK
    inside Latin text; tokens come mostly from a small shared vocabulary. (Hypothesis
    does not repeat an input it has already tried, so constants such as the empty line
    are drawn less often than their weight says when sentences are drawn alone; inside
    corpora they are common. ``tests/quality/test_strategy_quality.py`` measures the
    rates.)
    """
    return weighted(
        (10, st.just("")),
        (5, st.lists(st.sampled_from((" ",) + ASCII_WHITE_SPACE + PYTHON_ONLY_WHITE_SPACE + (ZERO_WIDTH_SPACE,)),
                     min_size=1, max_size=3).map("".join)),
        (10, st.one_of(
            st.sampled_from(SHARED_WORDS[:1] + ONE_LETTER_WORDS + ASCII_PUNCTUATION[:6]
                            + NON_ASCII_PUNCTUATION + ASTRAL[:1] + ("\u4e2d", "\u2192", "\u00e9", "\u0130", "7")),
            _any_character(),
        )),
        (15, _joined(1, 1)),
        (25, _joined(2, 3)),
        (20, _joined(4, 10)),
        (7, _repeated()),
        (8, _cjk_in_latin()),
    )


# --------------------------------------------------------------------------------------
# References derived from a hypothesis.


def _tokens_of(line: str, tokenize: str) -> list[str]:
    return _tokenize(line.rstrip(), tokenize).split()


@st.composite
def _edited(draw, words: list[str]):
    """``words`` with 1..3 random edits: replace, delete or insert a shared word."""
    words = list(words)
    for _ in range(draw(st.integers(1, 3))):
        action = draw(st.sampled_from(("replace", "delete", "insert")))
        if action == "insert" or not words:
            words.insert(draw(st.integers(0, len(words))), draw(st.sampled_from(SHARED_WORDS)))
        else:
            i = draw(st.integers(0, len(words) - 1))
            if action == "delete":
                del words[i]
            else:
                words[i] = draw(st.sampled_from(SHARED_WORDS))
    return " ".join(words)


@st.composite
def _tie_pair(draw, hyp: str, tokenize: str):
    """Two references whose lengths (in ``tokenize`` tokens) are ``c - k`` and ``c + k``
    for a hypothesis of ``c`` tokens: equally close, so the shorter must win. Built from
    the hypothesis' own tokens (a truncation, and an extension by one-letter words),
    shuffled into either order. Returns one reference of length ``c + k`` alone when
    c = 0."""
    words = _tokens_of(hyp, tokenize)
    c = len(words)
    k = draw(st.integers(1, max(1, min(c, 3))))
    longer = " ".join(words + draw(st.lists(st.sampled_from(ONE_LETTER_WORDS), min_size=k, max_size=k)))
    if c == 0:
        return [longer]
    shorter = " ".join(words[: c - k])
    return draw(st.permutations([shorter, longer]))


#: How a reference is made from its hypothesis, with weights (repeated names).
_DERIVATIONS = (("copy",) * 3 + ("case",) + ("edit",) * 5 + ("permute",) * 2 + ("prefix",) * 2
                + ("suffix",) * 2 + ("double tokens",) + ("double line",))


@st.composite
def _derived(draw, hyp: str, tokenize: str):
    """One reference made from ``hyp`` (see ``_DERIVATIONS``)."""
    how = draw(st.sampled_from(_DERIVATIONS))
    if how == "copy":
        return hyp
    if how == "case":
        return draw(st.sampled_from((hyp.lower(), hyp.upper(), hyp.swapcase(), hyp.capitalize())))
    if how == "double line":
        return hyp + " " + hyp
    words = _tokens_of(hyp, tokenize)
    if how == "edit":
        return draw(_edited(words))
    if how == "permute":
        return " ".join(draw(st.permutations(words)))
    if how == "prefix":
        return " ".join(words[: draw(st.integers(0, len(words)))])
    if how == "suffix":
        return " ".join(words[draw(st.integers(0, len(words))):])
    return " ".join(words + words)


@st.composite
def references(draw, hyp: str | None = None, min_size: int = 1, max_size: int = 3, tokenize: str = "13a"):
    """A list of ``min_size``..``max_size`` references for the hypothesis ``hyp``.

    Most references are derived from ``hyp`` (exact copies, case changes, token edits,
    permutations, truncations from either end, duplications); the rest are unrelated
    ``sentences()`` (which include the empty string) or the empty string. About a third
    of the lists with room for two contain a pair of references of ``c - k`` and
    ``c + k`` tokens, ``c`` being the length of ``hyp`` under the tokenizer ``tokenize``:
    a tie for the closest reference length. Without ``hyp``, an unrelated sentence is
    used as the seed.
    """
    if tokenize not in TOKENIZERS:
        raise ValueError(f"unknown tokenizer {tokenize!r}: expected one of {', '.join(TOKENIZERS)}")
    if not 1 <= min_size <= max_size:
        raise ValueError(f"need 1 <= min_size <= max_size, got min_size={min_size}, max_size={max_size}")
    if hyp is None:
        hyp = draw(sentences())
    size = draw(st.integers(min_size, max_size))
    refs: list[str] = []
    if size >= 2 and draw(st.integers(0, 2)) == 0:
        refs += draw(_tie_pair(hyp, tokenize))
    while len(refs) < size:
        source = draw(st.integers(0, 11))  # 8 in 12 derived, 3 unrelated, 1 empty
        if source < 8:
            refs.append(draw(_derived(hyp, tokenize)))
        elif source < 11:
            refs.append(draw(sentences()))
        else:
            refs.append("")
    return draw(st.permutations(refs[:size]))


@st.composite
def corpora(draw, min_size: int = 1, max_size: int = 8, min_refs: int = 1, max_refs: int = 3,
            tokenize: str = "13a"):
    """A corpus ``(hyps, refs)``: ``min_size``..``max_size`` hypotheses from
    ``sentences()`` and, for each, ``refs[i]`` a list of ``references(hyps[i])``.

    Half of the corpora have the same number of references for every sentence
    (sacreBLEU's signature then says ``nrefs:<that number>``), the others a number drawn
    per sentence (usually ``nrefs:var``). ``tokenize`` is the tokenizer under which the
    tied reference lengths are measured (pass the one the corpus will be scored with).
    """
    if not 1 <= min_size <= max_size:
        raise ValueError(f"need 1 <= min_size <= max_size, got min_size={min_size}, max_size={max_size}")
    if not 1 <= min_refs <= max_refs:
        raise ValueError(f"need 1 <= min_refs <= max_refs, got min_refs={min_refs}, max_refs={max_refs}")
    hyps = draw(st.lists(sentences(), min_size=min_size, max_size=max_size))
    if draw(st.booleans()):
        count = draw(st.integers(min_refs, max_refs))
        refs = [draw(references(h, count, count, tokenize)) for h in hyps]
    else:
        refs = [draw(references(h, min_refs, max_refs, tokenize)) for h in hyps]
    return hyps, refs


# --------------------------------------------------------------------------------------
# Options.


# Options of any registered metric, from its options' data (``bleuprint.core.options``).

#: An int option without a maximum is drawn from its minimum (or its maximum minus this, or
#: -this) to its minimum plus this: the option allows more, but a large n-gram order only
#: makes every draw slow and widens the statistics rows, and finds nothing a small one
#: does not.
UNBOUNDED_INT_SPAN = 8

#: A float option without a bound is drawn within this distance of its other bound (of 0
#: when it has none), so that the metric's arithmetic stays finite (beta ** 2 of 1e300).
UNBOUNDED_FLOAT_SPAN = 100.0


def _bounds(option, span):
    """``(low, high)`` of an int or float option, an unbounded end capped (see above)."""
    low, high = option.minimum, option.maximum
    if low is None and high is None:
        low, high = -span, span
    elif high is None:
        high = low + span
    elif low is None:
        low = high - span
    return low, high


def _allowed(option):
    def allowed(value) -> bool:
        try:
            option.check(value)
        except (TypeError, ValueError):
            return False
        return True
    return allowed


def _option_values(option):
    """The values of one ``Option`` (module doc), None included where it is nullable."""
    if option.choices is not None:
        values = st.sampled_from(option.generated_choices)  # not those needing an outside package or file
    elif option.kind is bool:
        values = st.booleans()
    elif option.kind is int:
        low, high = _bounds(option, UNBOUNDED_INT_SPAN)
        values = st.integers(math.ceil(low), math.floor(high))
    elif option.kind is float:
        low, high = _bounds(option, UNBOUNDED_FLOAT_SPAN)
        values = st.floats(low, high, allow_nan=False, allow_infinity=False)
    else:
        values = st.text(max_size=8)
    values = values.filter(_allowed(option))  # the option's own rule, stated as data
    return st.one_of(st.none(), values) if option.nullable else values


def options_from_data(options):
    """Keyword dictionaries of ``options`` (a sequence of ``bleuprint.core.Option``), each
    option present or absent, its value drawn from its data (module doc)."""
    from .core.options import Option

    options = tuple(options)
    for option in options:
        if not isinstance(option, Option):
            raise TypeError(f"options must be Option objects, got {type(option).__name__}")
    return st.fixed_dictionaries({}, optional={option.name: _option_values(option) for option in options})


def metric_options(name: str):
    """Keyword dictionaries of the options of the registered metric ``name``: its
    ``option_strategy`` hook (TypeError or ValueError for a name not registered)."""
    from .core import get_metric

    return strategy_hooks(get_metric(name)).option_strategy()


def metric_values(name: str):
    """Configured metrics of the registered metric ``name`` (``bleuprint.metric``): the
    keyword dictionaries of ``metric_options`` bound into values, each option name checked
    against the options' data as it is made. What every generic function takes."""
    from .core import get_metric

    definition = get_metric(name)
    return strategy_hooks(definition).option_strategy().map(lambda options: definition(**options))


def metric_corpora(name: str):
    """Corpora ``(hyps, refs)`` of the registered metric ``name``'s segments: its
    ``corpus_strategy`` hook (text with references by default; hypotheses alone, refs
    None, for a metric without references; the metric's own kind of segment otherwise)."""
    from .core import get_metric

    return strategy_hooks(get_metric(name)).corpus_strategy()


@st.composite
def shuffled(draw, words: list[str], min_moves: int = 0) -> list[str]:
    """``words`` after up to 4 edits -- block moves of up to 12 words (so blocks above TER's
    10-word shift limit occur), repetitions of a block, drops, insertions of the last word
    -- the first ``min_moves`` being moves. For TER: shifts, ties and the candidate cap."""
    words = list(words)
    for step in range(draw(st.integers(min_moves, 4))):
        if not words:
            break
        kind = "move" if step < min_moves else draw(st.sampled_from(("move", "move", "repeat", "drop", "insert")))
        start = draw(st.integers(0, len(words) - 1))
        length = draw(st.integers(1, min(12, len(words) - start)))
        block = words[start : start + length]
        if kind == "move":
            rest = words[:start] + words[start + length :]
            target = draw(st.integers(0, len(rest)))
            words = rest[:target] + block + rest[target:]
        elif kind == "repeat":
            words = words[: start + length] + block + words[start + length :]
        elif kind == "drop":
            words = words[:start] + words[start + length :]
        else:
            words = words[:start] + [words[-1]] + words[start:]
    return words


# The built-in metrics' hand-tuned option strategies, defined in their folders
# (``bleuprint/metrics/NAME/strategies.py``) and kept here under their public names.
# -- reproducible runs -------------------------------------------------------------------

@contextlib.contextmanager
def without_local_constants():
    """Hypothesis (6.13x and later) also draws literals it finds in the source of the
    modules loaded at the time (its "local constants"), so the examples of one seed would
    change with what else the process imported and with the working directory. Within
    this block that pool is empty, so a seed gives the same examples in ``bleuprint fuzz``,
    ``bleuprint audit``, a test and anywhere else. Private API: where it is missing nothing is changed."""
    try:
        from hypothesis.internal.conjecture import providers

        empty = providers.Constants(integers=providers.SortedSet(),
                                    floats=providers.SortedSet(key=providers.float_to_int),
                                    bytes=providers.SortedSet(), strings=providers.SortedSet())
        original, cache = providers._get_local_constants, providers.CONSTANTS_CACHE
    except (ImportError, AttributeError, TypeError):  # pragma: no cover - another Hypothesis
        yield
        return
    providers._get_local_constants = lambda: empty
    providers.CONSTANTS_CACHE = type(cache)(1024)  # constants cached from before the block go too
    try:
        yield
    finally:
        providers._get_local_constants, providers.CONSTANTS_CACHE = original, cache



from .metrics.bleu.strategies import bleu_options  # noqa: E402
from .metrics.chrf.strategies import chrf_options  # noqa: E402


# -- the strategies' protocol (``bleuprint.hooks``): what the generic tests ask a metric;
# a metric tunes it in ``bleuprint/metrics/NAME/strategies.py``.

def corpus_strategy(definition):
    """A Hypothesis strategy of ``(hyps, refs)`` corpora of this metric's segments for
    the generic tests: by default ``bleuprint.strategies.corpora`` (refs None for a
    metric without references)."""
    if definition.references:
        return corpora()
    return st.lists(sentences(), min_size=1, max_size=8).map(lambda hyps: (hyps, None))


def option_strategy(definition):
    """A Hypothesis strategy of keyword dicts of this metric's options (used by
    ``bleuprint.strategies.metric_options``); by default one derived from the
    options' data."""
    return options_from_data(definition.options)


def fit_corpus(definition, corpus: tuple) -> tuple:
    """A generic ``(hyps, refs)`` corpus made one this metric accepts, for the generic
    tests' corpora: the references cut by ``fit_references``; a metric whose input has
    other limits (Meteor 1.5: no line break, no ``|||``) adapts the text too."""
    hyps, refs = corpus
    return hyps, fit_references(definition, refs)


STRATEGIES = Protocol("strategies", "strategies", {
    "corpus_strategy": corpus_strategy,
    "option_strategy": option_strategy,
    "fit_corpus": fit_corpus,
})
strategy_hooks = STRATEGIES.of
