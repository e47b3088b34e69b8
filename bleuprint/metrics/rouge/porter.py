"""The Porter stemmer as nltk 3.10.4's ``PorterStemmer()`` computes it in its default mode
(``NLTK_EXTENSIONS``), which is the stemmer rouge-score 0.1.2 uses when ``use_stemmer=True``.

The definition is Porter's: M. F. Porter, "An algorithm for suffix stripping", *Program*
14(3), 1980, pp. 130-137 (the step numbers and conditions below are the paper's). nltk's
default mode departs from the paper in these places (each marked "nltk:" in the step that
has it):

* an irregular-forms pool answered before any step (``IRREGULAR_FORMS``);
* words of one or two characters are returned unchanged (lowercased);
* step 1a: a four-letter word ending in ``ies`` becomes ``...ie`` ("dies" -> "die");
* step 1b: ``ied`` -> ``ie`` in a four-letter word, else ``ied`` -> ``i``, before the
  paper's rules and without the AT/BL/IZ tidying;
* condition ``*o`` also holds for a two-letter stem vowel + consonant ("vc");
* step 1c: ``Y -> I`` when the letter before the y is a consonant and is not the first
  letter ("happy" -> "happi", "enjoy" and "by" unchanged), instead of the paper's ``(*v*)``;
* step 2: ``(m>0) ALLI -> AL`` tried first, the result going through step 2 again;
  ``(m>0) BLI -> BLE`` replaces the paper's ``ABLI -> ABLE``; two more rules at the end of
  the list, ``(m>0) FULLI -> FUL`` and ``LOGI -> LOG`` when the stem *with its l*
  (the word minus ``ogi``) has m>0;
* step 5b: ``(m>1 and *d and *L)``: m is measured on the word minus one ``l``.

Each step applies the first rule (in the paper's order) whose suffix the word ends with;
when that rule's condition fails, the word is returned unchanged: no later rule of the
step is tried. Steps 1b and 5a are the exceptions the paper's examples require (written
out there). This module is a literal spec, written from the paper and from the behaviour
of nltk's stemmer (checked against it word for word by
``tests/spec/test_rouge_porter.py``); it does not import nltk.
"""

from __future__ import annotations

VOWELS = frozenset("aeiou")

#: nltk: words stemmed by lookup, before every step (the irregular forms nltk's
#: NLTK_EXTENSIONS mode lists): word -> stem.
IRREGULAR_FORMS = {
    "sky": "sky", "skies": "sky",
    "dying": "die", "lying": "lie", "tying": "tie",
    "news": "news",
    "innings": "inning", "inning": "inning",
    "outings": "outing", "outing": "outing",
    "cannings": "canning", "canning": "canning",
    "howe": "howe",
    "proceed": "proceed", "exceed": "exceed", "succeed": "succeed",
}


# -- the paper's definitions: consonant, measure, conditions ---------------------------------

def cv_pattern(word: str) -> str:
    """One letter per character of ``word``: ``c`` for a consonant, ``v`` for a vowel.

    Porter 1980: "A consonant in a word is a letter other than A, E, I, O or U, and other
    than Y preceded by a consonant." So a y is a vowel exactly when the letter before it is a
    consonant; a y at the start is a consonant. Every other character (digits included) is
    a consonant."""
    pattern = ""
    for i, letter in enumerate(word):
        if letter in VOWELS:
            pattern += "v"
        elif letter == "y" and i > 0 and pattern[i - 1] == "c":
            pattern += "v"
        else:
            pattern += "c"
    return pattern


def measure(stem: str) -> int:
    """Porter's m: the stem is ``[C](VC){m}[V]``, so m is the number of places where a
    vowel is followed by a consonant ("tree" 0, "trouble" 1, "troubles" 2)."""
    pattern = cv_pattern(stem)
    return sum(1 for i in range(len(pattern) - 1) if pattern[i] == "v" and pattern[i + 1] == "c")


def contains_vowel(stem: str) -> bool:
    """Porter's ``*v*``: the stem contains a vowel."""
    return "v" in cv_pattern(stem)


def ends_double_consonant(word: str) -> bool:
    """Porter's ``*d``: the word ends with a double consonant ("-tt", "-ss")."""
    return len(word) >= 2 and word[-1] == word[-2] and cv_pattern(word)[-1] == "c"


def ends_cvc(word: str) -> bool:
    """Porter's ``*o``: the word ends consonant-vowel-consonant, the last consonant not w, x
    or y ("-wil", "-hop"). nltk: also a two-letter word vowel + consonant (any consonant)."""
    pattern = cv_pattern(word)
    if len(word) >= 3 and pattern[-3:] == "cvc" and word[-1] not in "wxy":
        return True
    return len(word) == 2 and pattern == "vc"


def positive_measure(stem: str) -> bool:
    """The condition ``(m>0)``."""
    return measure(stem) > 0


def measure_above_one(stem: str) -> bool:
    """The condition ``(m>1)``."""
    return measure(stem) > 1


def apply_first_rule(word: str, rules: list) -> str:
    """Porter's rule lists: the first rule ``(suffix, replacement, condition)`` whose suffix
    ends the word decides. If its condition (on the word without the suffix; None: no
    condition) holds, the suffix is replaced; otherwise the word is returned unchanged."""
    for suffix, replacement, condition in rules:
        if word.endswith(suffix):
            stem = word[:len(word) - len(suffix)]
            if condition is None or condition(stem):
                return stem + replacement
            return word
    return word


# -- the steps ------------------------------------------------------------------------------

def step1a(word: str) -> str:
    """Step 1a: SSES -> SS, IES -> I, SS -> SS, S -> (caresses -> caress, ponies -> poni,
    cats -> cat). nltk: a four-letter word ending in IES keeps ``ie`` (ties -> tie)."""
    if len(word) == 4 and word.endswith("ies"):
        return word[:-1]
    return apply_first_rule(word, [("sses", "ss", None), ("ies", "i", None), ("ss", "ss", None), ("s", "", None)])


def step1b(word: str) -> str:
    """Step 1b: (m>0) EED -> EE (agreed -> agree; feed unchanged: EED with m = 0 stops the
    step), (*v*) ED -> and (*v*) ING -> (plastered -> plaster, motoring -> motor; bled,
    sing unchanged); after ED or ING is removed, ``step1b_tidy``.
    nltk, first: a word ending in IED becomes ...IE if it has four letters (died -> die),
    else ...I (spied -> spi), with no tidying."""
    if word.endswith("ied"):
        return word[:-3] + ("ie" if len(word) == 4 else "i")
    if word.endswith("eed"):
        return word[:-1] if positive_measure(word[:-3]) else word
    for suffix in ("ed", "ing"):
        if word.endswith(suffix) and contains_vowel(word[:-len(suffix)]):
            return step1b_tidy(word[:-len(suffix)])
    return word


def step1b_tidy(stem: str) -> str:
    """Step 1b's second part, on the stem left by ED or ING: AT -> ATE, BL -> BLE, IZ -> IZE
    (conflat -> conflate); else (*d and not (*L or *S or *Z)) -> single letter (hopp -> hop;
    fall, hiss, fizz unchanged); else (m=1 and *o) -> E (fil -> file)."""
    if stem.endswith("at") or stem.endswith("bl") or stem.endswith("iz"):
        return stem + "e"
    if ends_double_consonant(stem):
        return stem[:-1] if stem[-1] not in "lsz" else stem
    if measure(stem) == 1 and ends_cvc(stem):
        return stem + "e"
    return stem


def step1c(word: str) -> str:
    """Step 1c: Y -> I (happy -> happi). The paper's condition is (*v*) on the stem; nltk's
    is that the stem has more than one letter and ends with a consonant (enjoy, by, sky
    unchanged; spy -> spi)."""
    if word.endswith("y"):
        stem = word[:-1]
        if len(stem) > 1 and cv_pattern(stem)[-1] == "c":
            return stem + "i"
    return word


#: Step 2's rules in the paper's order, each with condition (m>0); nltk: BLI -> BLE instead
#: of ABLI -> ABLE, and FULLI -> FUL, LOGI -> LOG (``step2``) appended.
STEP2_RULES = [
    ("ational", "ate"), ("tional", "tion"), ("enci", "ence"), ("anci", "ance"), ("izer", "ize"),
    ("bli", "ble"), ("alli", "al"), ("entli", "ent"), ("eli", "e"), ("ousli", "ous"),
    ("ization", "ize"), ("ation", "ate"), ("ator", "ate"), ("alism", "al"), ("iveness", "ive"),
    ("fulness", "ful"), ("ousness", "ous"), ("aliti", "al"), ("iviti", "ive"), ("biliti", "ble"),
    ("fulli", "ful"),
]


def step2(word: str) -> str:
    """Step 2: the double suffixes (relational -> relate, hopefulness -> hopeful), each with
    condition (m>0) (``STEP2_RULES``). nltk: (m>0) ALLI -> AL is tried first and its result
    goes through step 2 again; the last rule, LOGI -> LOG, has the condition m>0 on the word
    minus ``ogi`` (the l counted with the stem: geologi -> geolog)."""
    if word.endswith("alli") and positive_measure(word[:-4]):
        return step2(word[:-4] + "al")
    return apply_first_rule(word, STEP2_CONDITIONED)


def positive_measure_with_l(stem: str) -> bool:
    """Step 2's LOGI -> LOG condition in nltk: (m>0) on the word minus ``ogi``, that is on the
    stem with the ``l`` put back."""
    return positive_measure(stem + "l")


#: Step 2's rules with their conditions, as ``apply_first_rule`` takes them.
STEP2_CONDITIONED = ([(suffix, replacement, positive_measure) for suffix, replacement in STEP2_RULES]
                     + [("logi", "log", positive_measure_with_l)])


def step3(word: str) -> str:
    """Step 3, each with (m>0): ICATE -> IC, ATIVE -> , ALIZE -> AL, ICITI -> IC, ICAL -> IC,
    FUL -> , NESS -> (triplicate -> triplic, formative -> form, goodness -> good)."""
    return apply_first_rule(word, STEP3_RULES)


#: Step 3's rules, each with (m>0).
STEP3_RULES = [(suffix, replacement, positive_measure) for suffix, replacement in
               [("icate", "ic"), ("ative", ""), ("alize", "al"), ("iciti", "ic"), ("ical", "ic"), ("ful", ""),
                ("ness", "")]]


#: Step 4's suffixes in the paper's order, each removed when (m>1); ION also needs the stem
#: to end with s or t (``step4``).
STEP4_SUFFIXES = ["al", "ance", "ence", "er", "ic", "able", "ible", "ant", "ement", "ment", "ent", "ion", "ou",
                  "ism", "ate", "iti", "ous", "ive", "ize"]


def step4(word: str) -> str:
    """Step 4: (m>1) removes one of ``STEP4_SUFFIXES`` (revival -> reviv, adjustment ->
    adjust); (m>1 and (*S or *T)) ION -> (adoption -> adopt). As everywhere, the first
    suffix that matches decides (a word ending in EMENT never tries MENT)."""
    return apply_first_rule(word, STEP4_RULES)


def measure_above_one_after_s_or_t(stem: str) -> bool:
    """Step 4's ION condition: (m>1 and (*S or *T))."""
    return measure_above_one(stem) and stem[-1] in "st"


#: Step 4's rules as ``apply_first_rule`` takes them.
STEP4_RULES = [(suffix, "", measure_above_one_after_s_or_t if suffix == "ion" else measure_above_one)
               for suffix in STEP4_SUFFIXES]


def step5a(word: str) -> str:
    """Step 5a: (m>1) E -> (probate -> probat); (m=1 and not *o) E -> (cease -> ceas);
    rate unchanged. Both rules are tried (the exception to "first rule decides")."""
    if word.endswith("e"):
        stem = word[:-1]
        if measure(stem) > 1:
            return stem
        if measure(stem) == 1 and not ends_cvc(stem):
            return stem
    return word


def step5b(word: str) -> str:
    """Step 5b: (m>1 and *d and *L) -> single letter (controll -> control; roll unchanged).
    nltk measures m on the word minus its last l."""
    if word.endswith("ll") and measure(word[:-1]) > 1:
        return word[:-1]
    return word


def stem(word: str) -> str:
    """The Porter stem of ``word`` as nltk 3.10.4's ``PorterStemmer().stem(word)``: the word
    lowercased; nltk: looked up in ``IRREGULAR_FORMS``, then returned as it is when the
    word has at most two characters; otherwise steps 1a, 1b, 1c, 2, 3, 4, 5a, 5b in turn."""
    if not isinstance(word, str):
        raise TypeError(f"stem needs a str, got {type(word).__name__}")
    lowered = word.lower()
    if lowered in IRREGULAR_FORMS:
        return IRREGULAR_FORMS[lowered]
    if len(word) <= 2:
        return lowered
    for step in (step1a, step1b, step1c, step2, step3, step4, step5a, step5b):
        lowered = step(lowered)
    return lowered
