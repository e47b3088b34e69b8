"""``bleuprint.metrics.meteor.snowball.stem`` against the Meteor 1.5 jar's own Snowball
English stemmer, run live.

Each test gathers all its words first and runs the jar once:
``java -cp meteor-1.5.jar Stemmer en`` (the jar's ``Stemmer.main``: every stdin line's
tokens, split at `` \\t\\n\\r\\f`` by ``StringTokenizer``, go through
``Constants.newStemmer("english")``, i.e. ``SnowballStemmerWrapper`` over
``englishStemmer``, except tokens made only of digits , . - which it copies; the output
line is the stems joined by spaces, ``trim()``-ed). One word per line, so line k of the
answer is the jar's stem of word k. Words are kept free of characters up to U+0020 (which
the tokenizer or ``trim()`` would eat) and of lone surrogates (not UTF-8), and "numbers" in
the jar's sense are left out. Expected values are the jar's answers; the assertion is zero
differences. Skipped cleanly where java or the jar is missing.
"""

from __future__ import annotations

import hashlib
import importlib.util
import re
import shutil
import subprocess
import unicodedata
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bleuprint.metrics.meteor import snowball

#: Agreement with the oracle, not a mutant killer: left out of mutation runs (pyproject's markers).
pytestmark = pytest.mark.no_mutants

JAR_SHA256 = "1e57b4c72c0830ebe68558f1c799a624e96cbc1b6045c9f6330e26dcff6eafc2"


def _jar() -> Path:
    if shutil.which("java") is None:
        pytest.skip("java is needed to run the Meteor 1.5 jar")
    spec = importlib.util.find_spec("pycocoevalcap")
    if spec is None or not spec.submodule_search_locations:
        pytest.skip("pycocoevalcap (the Meteor 1.5 jar) is not installed")
    jar = Path(list(spec.submodule_search_locations)[0]) / "meteor" / "meteor-1.5.jar"
    if not jar.is_file():
        pytest.skip(f"{jar} is absent")
    if hashlib.sha256(jar.read_bytes()).hexdigest() != JAR_SHA256:
        pytest.skip(f"{jar} is not the pinned Meteor 1.5 jar")
    return jar


def _jar_counts_as_number(word: str) -> bool:
    """``Stemmer.isNumber``: every UTF-16 unit is a digit (``Character.isDigit``: category
    Nd; a surrogate never is) or one of , . -"""
    return all(ch in ",.-" or (ord(ch) < 0x10000 and unicodedata.category(ch) == "Nd")
               for ch in word)


def _usable(word: str) -> bool:
    return (word != "" and not _jar_counts_as_number(word)
            and all(ord(ch) > 0x20 and not 0xD800 <= ord(ch) <= 0xDFFF for ch in word))


def _jar_stems(words: list[str]) -> list[str]:
    jar = _jar()
    given_text = "".join(word + "\n" for word in words).encode("utf-8")
    done = subprocess.run(
        ["java", "-Dfile.encoding=UTF-8", "-Dstdout.encoding=UTF-8",
         "-Dsun.stdout.encoding=UTF-8", "-cp", str(jar), "Stemmer", "en"],
        input=given_text, capture_output=True, timeout=300)
    assert done.returncode == 0, done.stderr.decode("utf-8", "replace")[-2000:]
    answers = done.stdout.decode("utf-8").split("\n")
    assert answers[-1] == ""
    answers = answers[:-1]
    assert len(answers) == len(words)
    return answers


def _assert_same_as_jar(words) -> int:
    words = sorted({w for w in words if _usable(w)})
    expected = _jar_stems(words)
    differences = [(w, snowball.stem(w), e) for w, e in zip(words, expected)
                   if snowball.stem(w) != e]
    assert differences == [], f"{len(differences)} of {len(words)} differ " \
                              f"(word, ours, jar): {differences[:30]}"
    return len(words)


# ------------------------------------------------------------------ words aimed at each rule

SUFFIXES = sorted(set(
    list(snowball.STEP1A_APOSTROPHE) + list(snowball.STEP1A) + list(snowball.STEP1B)
    + list(snowball.STEP1B_ADD_E) + list(snowball.STEP1B_DOUBLES) + list(snowball.STEP2)
    + list(snowball.STEP3) + list(snowball.STEP4)
    + ["e", "l", "ll", "y", "Y", "ly", "ies", "ied", "s's", "'s'", "yly", "ogi", "logi",
       "ement", "ional", "ation", "sion", "tion", "xion", "ance", "ness", "fulness",
       "ousli", "entli", "abli", "alli", "fulli", "lessli", "bli", "iviti", "biliti",
       "ators", "ations", "izers", "alities", "ingly", "edly", "eedly", "eed", "eeds"]))
STEMS = ["", "b", "a", "ab", "by", "hop", "hope", "bat", "sky", "ay", "say", "relat",
         "condit", "generous", "gener", "commun", "arsen", "bott", "tr", "agr", "fe",
         "luxuri", "troub", "siz", "bleed", "hemp", "craz", "form", "effect", "Y",
         "ey", "'", "'y", "x", "w", "ax", "aw", "eY", "café", "über", "𝔸", "a𝔸", "2",
         "4t", "nie", "ski", "sk"]
EXACT = """
    skis skies dying lying tying idly gently ugly early only singly sky news howe atlas
    cosmos bias andes Skies SKIES skiing skyline newsy news's atlases biases cosmoses
    dyings idlyness onlys earlyish tyings
    inning innings outing outings canning herring herrings earring earrings proceed
    proceeds exceed exceeds succeed succeeds proceeded succeeding innings' inning's
    ties cries flies died tied pies ied ies xies spies dries skied lied tried
    agreed feed bleed agreedly feedly needly freed deeds indeed speed guaranteed
    running hoping hopping sing bring string ringingly amazingly falling filing failing
    luxuriating troubling sizing hissing fizzed crying luxuriated troubled sized hoped
    rubbed added stuffed begged hummed planned stopped purred batted buzzed fizzing
    filled happened cared coming dining fining bed shed red zed sled tubed tabled
    a ab abc by hop bed 's y's yy ay aye yes yyy sayyid boyish toy toys cry say enjoy
    Yale fooY aYb yYy keYs ayyy yayy yeyy yyyy yYs Yy obey obeying obeyed
    'tis dog's dogs' 's' o'clock '' ''' can't 's's '''s 'a' 'ab 'abc a's ab's
    café naïve größten übersetzung façades résumés ÿes 𝔸ies 𝔸𝔸s a𝔸 𝔸b 𝔸 𝔸y 𝔸ing
    𝔸ed b𝔸ed 𝔸𝔸ing éing éed éies éé𝔸 ñy añy aéy
    1990s 3rd 4th mp3s a1b2 2nd 100ing 4ing 1ies 12s x86s 747s
    RUNNING Running GENERATION Generation
    generously generation generations communication community arsenal arsenic gener
    generic commune communal communism arsenals generals
    relational conditional rational valenci hesitanci digitizer conformabli radicalli
    differentli vileli analogousli sensitiviti sensibiliti geologi fruitfulli
    nonsenselessli effectively formaliti formalize electricity electrical hopeful
    goodness triplicate formative allowance inference airliner gyroscopic adjustable
    defensible irritant replacement adjustment dependent adoption communism activate
    angulariti homologous effective bowdlerize adoption fusion confusion position
    probate rate cease controll roll mull hull generale generalle
""".split()


def _rule_words() -> list[str]:
    words = list(EXACT)
    words += [stem + suffix for stem in STEMS for suffix in SUFFIXES]
    words += [f"abund{ch}li" for ch in "abcdefghijklmnopqrstuvwxyzY"]
    words += [f"hop{ch}{ch}ing" for ch in "abcdefghijklmnopqrstuvwxyz"]
    words += [f"{a}{b}{c}ed" for a in "ba" for b in "aeo" for c in "pwxYt"]
    return words


def test_rule_words_match_the_jar():
    """Words built to reach every rule (about 4,700 distinct: each suffix of every step
    after a range of stems, the exception words and their neighbours, y handling, apostrophes,
    non-ASCII letters, non-BMP characters, digits): the jar's stem for each, exactly."""
    assert _assert_same_as_jar(_rule_words()) > 4000


# --------------------------------------------------------------------- generated words

_LETTERS = "aeiouybcdlmnrstgpzwxYAE'éüñ𝔸19"
_PIECES = st.text(alphabet=_LETTERS, min_size=0, max_size=8)
_ENGLISHY = st.builds(lambda a, b, c: a + b + c, _PIECES,
                      st.sampled_from(SUFFIXES), st.sampled_from(["", "s", "'s", "ly", "ing"]))
_ANY = st.text(st.characters(blacklist_categories=("Cs", "Cc", "Zs", "Zl", "Zp")),
               min_size=1, max_size=10)
_WORDS = st.lists(st.one_of(_ENGLISHY, _ENGLISHY, _PIECES, _ANY), min_size=10, max_size=40)


def _generated(max_examples: int) -> list[str]:
    """A fixed (derandomized) batch of generated words, gathered before the jar runs."""
    batch: list[str] = []

    @settings(max_examples=max_examples, derandomize=True, database=None)
    @given(_WORDS)
    def gather(words):
        batch.extend(words)

    gather()
    return batch


def test_generated_words_match_the_jar():
    """A derandomized Hypothesis batch (50 lists of 10 to 40 words: English-like stems with
    suffixes of every step, and arbitrary text; a few hundred distinct words): the jar's
    stem for each, exactly."""
    assert _assert_same_as_jar(_generated(50)) > 100


@pytest.mark.slow
def test_many_generated_words_match_the_jar():
    """The same with 2,000 generated lists (thousands of distinct words)."""
    assert _assert_same_as_jar(_generated(2000)) > 2000


@pytest.mark.slow
def test_corpus_words_match_the_jar(ted_ende):
    """Every distinct lowercased token (split as ``StringTokenizer`` splits) of
    ted-ende.json, whose systems and reference are German (the file has no English
    side): the jar's stem for each, exactly."""
    lines = list(ted_ende["references"][0])
    for system_lines in ted_ende["systems"].values():
        lines.extend(system_lines)
    words = {token.lower() for line in lines for token in re.split("[ \t\n\r\f]+", line)}
    assert _assert_same_as_jar(words) > 5000


def test_stem_refuses_a_non_string():
    """The stemmer takes text only."""
    with pytest.raises(TypeError, match="str"):
        snowball.stem(b"running")
