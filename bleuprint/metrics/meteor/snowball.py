"""The Snowball English ("Porter2") stemmer exactly as Meteor 1.5's jar runs it.

Sources: snowballstem.org's description of the English stemmer, and the jar's generated
``org/tartarus/snowball/ext/englishStemmer.java`` (method ``stem`` and its ``r_*``
routines) with ``org/tartarus/snowball/SnowballProgram.java``; the aligner calls it through
``edu/cmu/meteor/aligner/SnowballStemmerWrapper.stem``: ``setCurrent(word); stem();
getCurrent()``. The word goes in as given (no lowercasing here: Meteor lowercases earlier).

This is the 2015-era algorithm, which later Snowball releases changed in places:

* exception1 (whole word, checked first): skis skies dying lying tying idly gently ugly
  early only singly, and sky news howe atlas cosmos bias andes left as they are;
* words shorter than 3 are left as they are (checked after exception1);
* R1 starts after gener, commun or arsen when the word begins with one of them;
* exception2 (whole word after Step 1a, which then ends the stemming): inning outing
  canning herring earring proceed exceed succeed;
* Step 1c turns a final y or Y into i when it follows a non-vowel that is not the
  word's first letter.

Letters: the vowels are a e i o u y (lower case ASCII only); every other character,
'Y', capitals and non-ASCII letters included, is a non-vowel. Positions count UTF-16 code
units, as Java's ``StringBuffer`` does: a character outside the BMP counts as two (which
matters for "shorter than 3" and for the ies/ied hop). A suffix search always takes the
longest listed suffix the word ends with and never falls back to a shorter one when that
suffix's condition fails (``find_among_b``).
"""

from __future__ import annotations

VOWELS = frozenset("aeiouy")
#: ``v_WXY`` in the jar: the vowels plus w, x and Y; a short syllable cannot end in these.
VOWELS_WXY = frozenset("aeiouywxY")
#: ``valid_LI``: the letters before which a final "li" is deleted in Step 2.
VALID_LI = frozenset("cdeghkmnrt")

#: exception1: whole words with a fixed stem (the word itself for the invariant ones).
EXCEPTION1 = {
    "skis": "ski", "skies": "sky", "dying": "die", "lying": "lie", "tying": "tie",
    "idly": "idl", "gently": "gentl", "ugly": "ugli", "early": "earli", "only": "onli",
    "singly": "singl",
    "sky": "sky", "news": "news", "howe": "howe", "atlas": "atlas", "cosmos": "cosmos",
    "bias": "bias", "andes": "andes",
}
#: exception2: whole words (after Step 1a) that the remaining steps leave alone.
EXCEPTION2 = frozenset(["inning", "outing", "canning", "herring", "earring",
                        "proceed", "exceed", "succeed"])
#: Prefixes after which R1 begins, whatever the letters.
R1_PREFIXES = ("gener", "commun", "arsen")

STEP1A_APOSTROPHE = ("'s'", "'s", "'")
STEP1A = ("sses", "ied", "ies", "ss", "us", "s")
STEP1B = ("eedly", "ingly", "edly", "eed", "ing", "ed")
STEP1B_ADD_E = ("at", "bl", "iz")
STEP1B_DOUBLES = ("bb", "dd", "ff", "gg", "mm", "nn", "pp", "rr", "tt")
#: Step 2 (the suffix must lie in R1): replacement, or None for the two conditional ones.
STEP2 = {
    "tional": "tion", "enci": "ence", "anci": "ance", "abli": "able", "entli": "ent",
    "izer": "ize", "ization": "ize", "ational": "ate", "ation": "ate", "ator": "ate",
    "alism": "al", "aliti": "al", "alli": "al", "fulness": "ful", "ousli": "ous",
    "ousness": "ous", "iveness": "ive", "iviti": "ive", "biliti": "ble", "bli": "ble",
    "fulli": "ful", "lessli": "less",
    "ogi": None,  # -> og when preceded by l
    "li": None,  # deleted when preceded by a valid_LI letter
}
#: Step 3 (the suffix must lie in R1): replacement; "ative" is deleted only in R2.
STEP3 = {"tional": "tion", "ational": "ate", "alize": "al", "icate": "ic", "iciti": "ic",
         "ical": "ic", "ful": "", "ness": "", "ative": None}
#: Step 4 (the suffix must lie in R2): deleted; "ion" only after s or t.
STEP4 = ("al", "ance", "ence", "er", "ic", "able", "ible", "ant", "ement", "ment", "ent",
         "ism", "ate", "iti", "ous", "ive", "ize", "ion")


class _Word:
    """The stemmer's state: the text (one Python character per UTF-16 unit), the region
    marks p1 and p2 (offsets, fixed once mark_regions has set them) and Y_found."""

    def __init__(self, text: str):
        self.text = text
        self.p1 = len(text)
        self.p2 = len(text)
        self.y_found = False

    def longest_suffix(self, suffixes) -> str | None:
        found = [s for s in suffixes if self.text.endswith(s)]
        return max(found, key=len) if found else None

    def replace_suffix(self, suffix: str, by: str) -> None:
        self.text = self.text[: len(self.text) - len(suffix)] + by

    def start_of(self, suffix: str) -> int:
        return len(self.text) - len(suffix)


def _is_vowel(ch: str) -> bool:
    return ch in VOWELS


def _short_syllable_before(text: str, end: int) -> bool:
    """``shortv`` read backwards from offset ``end``: text[:end] ends with a non-vowel
    other than w, x, Y, after a vowel, after a non-vowel; or text[:end] is exactly a
    vowel then a non-vowel."""
    if (end >= 3 and text[end - 1] not in VOWELS_WXY and _is_vowel(text[end - 2])
            and not _is_vowel(text[end - 3])):
        return True
    return end == 2 and _is_vowel(text[0]) and not _is_vowel(text[1])


def exception1(word: _Word) -> bool:
    """The whole word is in the exception1 list: give its fixed stem; True ends stem()."""
    if word.text in EXCEPTION1:
        word.text = EXCEPTION1[word.text]
        return True
    return False


def prelude(word: _Word) -> None:
    """Drop one leading apostrophe; mark a y as consonant (Y) at the start and after each
    vowel, scanning left to right (so in "ayyy" the y after a fresh Y is after a
    non-vowel, and the next one again after a vowel: "aYyY")."""
    if word.text.startswith("'"):
        word.text = word.text[1:]
    chars = list(word.text)
    if chars[:1] == ["y"]:
        chars[0] = "Y"
        word.y_found = True
    for i in range(len(chars) - 1):
        if _is_vowel(chars[i]) and chars[i + 1] == "y":
            chars[i + 1] = "Y"
            word.y_found = True
    word.text = "".join(chars)


def _after_vowel_then_non_vowel(text: str, start: int) -> int | None:
    """The offset just past the first non-vowel that follows a vowel, from ``start``."""
    i = start
    while i < len(text) and not _is_vowel(text[i]):
        i += 1
    i += 1  # past the vowel
    while i < len(text) and _is_vowel(text[i]):
        i += 1
    return i + 1 if i < len(text) else None


def mark_regions(word: _Word) -> None:
    """p1 (start of R1): after gener/commun/arsen when the word starts so, else after the
    first non-vowel following a vowel; p2 (start of R2): the same rule applied from p1.
    A region that cannot be found starts at the end of the word (it is empty)."""
    text = word.text
    word.p1 = word.p2 = len(text)
    prefix = next((p for p in R1_PREFIXES if text.startswith(p)), None)
    if prefix is not None:
        p1 = len(prefix)
    else:
        p1 = _after_vowel_then_non_vowel(text, 0)
        if p1 is None:
            return
    word.p1 = p1
    p2 = _after_vowel_then_non_vowel(text, p1)
    if p2 is not None:
        word.p2 = p2


def step_0(word: _Word) -> None:
    """Step 0 (Step_1a's opening ``try`` in the jar): delete the longest of 's' 's '."""
    suffix = word.longest_suffix(STEP1A_APOSTROPHE)
    if suffix is not None:
        word.replace_suffix(suffix, "")


def step_1a(word: _Word) -> None:
    """sses -> ss; ied, ies -> i after at least two units, else ie; s deleted when a vowel
    occurs before the unit just before it; ss and us stay."""
    suffix = word.longest_suffix(STEP1A)
    if suffix == "sses":
        word.replace_suffix(suffix, "ss")
    elif suffix in ("ied", "ies"):
        word.replace_suffix(suffix, "i" if word.start_of(suffix) >= 2 else "ie")
    elif suffix == "s":
        if any(_is_vowel(ch) for ch in word.text[: word.start_of(suffix) - 1]):
            word.replace_suffix(suffix, "")


def exception2(word: _Word) -> bool:
    """The whole word (after Step 1a) is in the exception2 list: stop the steps there."""
    return word.text in EXCEPTION2


def step_1b(word: _Word) -> None:
    """eed, eedly -> ee when in R1. ed, edly, ing, ingly: deleted when the part before
    holds a vowel; then add e after at, bl, iz; undouble a final double (bb dd ff gg mm nn
    pp rr tt); or add e when the word now ends exactly at p1 in a short syllable."""
    suffix = word.longest_suffix(STEP1B)
    if suffix is None:
        return
    if suffix in ("eed", "eedly"):
        if word.start_of(suffix) >= word.p1:
            word.replace_suffix(suffix, "ee")
        return
    if not any(_is_vowel(ch) for ch in word.text[: word.start_of(suffix)]):
        return
    word.replace_suffix(suffix, "")
    ending = word.longest_suffix(STEP1B_ADD_E + STEP1B_DOUBLES)
    if ending in STEP1B_ADD_E:
        word.text += "e"
    elif ending is not None:
        word.text = word.text[:-1]
    elif len(word.text) == word.p1 and _short_syllable_before(word.text, len(word.text)):
        word.text += "e"


def step_1c(word: _Word) -> None:
    """A final y or Y -> i when the unit before it is a non-vowel that is not the first."""
    text = word.text
    if len(text) >= 3 and text[-1] in ("y", "Y") and not _is_vowel(text[-2]):
        word.text = text[:-1] + "i"


def step_2(word: _Word) -> None:
    """The longest Step 2 suffix, when it lies in R1, is replaced (table STEP2); ogi -> og
    only after l; li is deleted only after a valid_LI letter."""
    suffix = word.longest_suffix(STEP2)
    if suffix is None or word.start_of(suffix) < word.p1:
        return
    before = word.text[word.start_of(suffix) - 1: word.start_of(suffix)]
    if suffix == "ogi":
        if before == "l":
            word.replace_suffix(suffix, "og")
    elif suffix == "li":
        if before != "" and before in VALID_LI:
            word.replace_suffix(suffix, "")
    else:
        word.replace_suffix(suffix, STEP2[suffix])


def step_3(word: _Word) -> None:
    """The longest Step 3 suffix, when it lies in R1, is replaced (table STEP3); ative is
    deleted only when it lies in R2 too."""
    suffix = word.longest_suffix(STEP3)
    if suffix is None or word.start_of(suffix) < word.p1:
        return
    if suffix == "ative":
        if word.start_of(suffix) >= word.p2:
            word.replace_suffix(suffix, "")
    else:
        word.replace_suffix(suffix, STEP3[suffix])


def step_4(word: _Word) -> None:
    """The longest Step 4 suffix, when it lies in R2, is deleted; ion only after s or t."""
    suffix = word.longest_suffix(STEP4)
    if suffix is None or word.start_of(suffix) < word.p2:
        return
    if suffix == "ion":
        if word.text[word.start_of(suffix) - 1: word.start_of(suffix)] in ("s", "t"):
            word.replace_suffix(suffix, "")
    else:
        word.replace_suffix(suffix, "")


def step_5(word: _Word) -> None:
    """A final e is deleted in R2, or in R1 when no short syllable precedes it; a final l
    is deleted in R2 after another l."""
    text = word.text
    at = len(text) - 1
    if text.endswith("e"):
        if at >= word.p2 or (at >= word.p1 and not _short_syllable_before(text, at)):
            word.text = text[:at]
    elif text.endswith("l"):
        if at >= word.p2 and text[at - 1: at] == "l":
            word.text = text[:at]


def postlude(word: _Word) -> None:
    """When prelude marked a y, every Y (a capital one from the input too) -> y."""
    if word.y_found:
        word.text = word.text.replace("Y", "y")


def _to_units(word: str) -> str:
    """One Python character per UTF-16 code unit (a non-BMP character as its surrogates)."""
    out = []
    for ch in word:
        code = ord(ch)
        if code < 0x10000:
            out.append(ch)
        else:
            code -= 0x10000
            out.append(chr(0xD800 + (code >> 10)) + chr(0xDC00 + (code & 0x3FF)))
    return "".join(out)


def _from_units(units: str) -> str:
    """Recombine surrogate pairs (a lone surrogate stays as it is)."""
    return units.encode("utf-16-le", "surrogatepass").decode("utf-16-le", "surrogatepass")


def stem(word: str) -> str:
    """``englishStemmer.stem()`` of ``word`` as ``SnowballStemmerWrapper.stem`` returns it:
    exception1, else (from 3 UTF-16 units on) prelude, mark_regions, Steps 0 and 1a, then,
    unless exception2, Steps 1b, 1c, 2, 3, 4, 5; and postlude."""
    if not isinstance(word, str):
        raise TypeError(f"stem() takes a str, not {type(word).__name__}")
    state = _Word(_to_units(word))
    if exception1(state):
        return _from_units(state.text)
    if len(state.text) < 3:
        return word
    prelude(state)
    mark_regions(state)
    step_0(state)
    step_1a(state)
    if not exception2(state):
        step_1b(state)
        step_1c(state)
        step_2(state)
        step_3(state)
        step_4(state)
        step_5(state)
    postlude(state)
    return _from_units(state.text)
