"""The strategies of ``bleuprint.strategies`` produce the hard cases, and often enough.

A property test is only as good as its inputs: a strategy that stopped producing, say,
ties in the closest reference length would let a wrong tie rule pass every property test
silently. So each hard case is measured here over a fixed number of derandomized draws
(the same generation engine the property tests use, generate phase only, no database) and
its rate is compared with a stated minimum. The minima are set at roughly half of the
rates measured when the strategies were written (listed in each test's docstring), so a
strategy that loses a case (rate 0) or becomes much rarer fails here, while ordinary
changes of Hypothesis' generation do not.

Token counts and n-gram matches are measured with ``bleuprint.spec`` (13a tokenizer,
N = 4), i.e. with the definitions the strategies are meant to exercise.
"""

from __future__ import annotations

import re
import unicodedata
from collections import Counter
from functools import lru_cache

import pytest
from hypothesis import HealthCheck, Phase, given, settings

from bleuprint.spec import bleu_stats, tokenize
from bleuprint.strategies import bleu_options, chrf_options, corpora, sentences

SENTENCE_DRAWS = 1000
CORPUS_DRAWS = 300
OPTION_DRAWS = 200


def measure(strategy, draws: int, features: dict) -> dict[str, float]:
    """The fraction of ``draws`` derandomized examples of ``strategy`` for which each
    feature (a predicate) holds."""
    hits: Counter = Counter()
    seen = []

    @settings(max_examples=draws, derandomize=True, database=None, phases=[Phase.generate],
              deadline=None, suppress_health_check=list(HealthCheck))
    @given(strategy)
    def record(value):
        seen.append(1)
        for name, holds in features.items():
            if holds(value):
                hits[name] += 1

    record()
    # Hypothesis may stop short only if it runs out of distinct inputs; these spaces are
    # huge, so nearly every requested draw must have happened.
    assert len(seen) >= 0.9 * draws, f"only {len(seen)} of {draws} draws were generated"
    return {name: hits[name] / len(seen) for name in features}


# --------------------------------------------------------------------------------------
# Features of one line.


def n_tokens(line: str) -> int:
    """Tokens BLEU counts by default: 13a after ``rstrip()``."""
    return len(tokenize(line.rstrip(), "13a").split())


#: White space for ``str.split()`` that most other languages' "whitespace" classes lack.
PYTHON_ONLY_SPACE = re.compile("[\x1c-\x1f\x85\xa0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000]")
NUMBER_WITH_SEPARATOR = re.compile(r"[0-9][.,\-][0-9]|[.,\-][0-9]|[0-9][.,\-]")
ENTITY_OR_SKIPPED = re.compile(r"&(amp|lt|gt|quot);|<skipped>")
CJK_CHAR = "[\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uac00-\ud7af\U00020000-\U0002fa1f]"
CJK_IN_LATIN = re.compile(f"[A-Za-z\u00c0-\u024f]{CJK_CHAR}|{CJK_CHAR}[A-Za-z\u00c0-\u024f]")


def has_python_only_space(line: str) -> bool:
    return PYTHON_ONLY_SPACE.search(line) is not None


def has_number_with_separator(line: str) -> bool:
    return NUMBER_WITH_SEPARATOR.search(line) is not None


def has_non_ascii_punctuation_or_symbol(line: str) -> bool:
    return any(ord(ch) > 127 and unicodedata.category(ch)[0] in "PS" for ch in line)


def has_astral(line: str) -> bool:
    return any(ord(ch) > 0xFFFF for ch in line)


def has_cjk_in_latin(line: str) -> bool:
    return CJK_IN_LATIN.search(line) is not None


def has_zh_range_bug_char(line: str) -> bool:
    """A non-white-space character in U+2001..U+2A6D (split by sacreBLEU's zh only
    because of its malformed ranges)."""
    return any("\u2001" <= ch <= "\u2a6d" and not ch.isspace() for ch in line)


def has_repeated_token(line: str) -> bool:
    counts = Counter(tokenize(line.rstrip(), "13a").split())
    return any(count > 1 for count in counts.values())


def has_mixed_case(line: str) -> bool:
    return any(ch.isupper() for ch in line) and any(ch.islower() for ch in line)


def lowercase_changes_length(line: str) -> bool:
    return len(line.lower()) != len(line)


SENTENCE_FEATURES = {
    "empty": lambda s: s == "",
    "white space only": lambda s: s != "" and s.split() == [],
    "one character": lambda s: len(s) == 1,
    "one token": lambda s: n_tokens(s) == 1,
    "2 or 3 tokens": lambda s: 2 <= n_tokens(s) <= 3,
    "4 or more tokens": lambda s: n_tokens(s) >= 4,
    "repeated token": has_repeated_token,
    "python-only white space": has_python_only_space,
    "zero-width space": lambda s: "\u200b" in s,
    "number with . , -": has_number_with_separator,
    "non-ascii punctuation or symbol": has_non_ascii_punctuation_or_symbol,
    "entity or <skipped>": lambda s: ENTITY_OR_SKIPPED.search(s) is not None,
    "mixed case": has_mixed_case,
    "lowercase changes length": lowercase_changes_length,
    "astral character": has_astral,
    "cjk inside latin": has_cjk_in_latin,
    "zh range bug character": has_zh_range_bug_char,
}

#: Minimum rates over SENTENCE_DRAWS draws of ``sentences()``; the rate measured when the
#: strategy was written is in the comment.
SENTENCE_MINIMA = {
    # Hypothesis never repeats an input it has already generated, so a constant such as
    # "" is drawn about once per run however often the strategy asks for it: "at least
    # once in 1000" is the requirement (in corpora it is common, see CORPUS_MINIMA).
    "empty": 0.001,                             # measured 0.001
    "white space only": 0.03,                   # measured 0.074
    "one character": 0.05,                      # measured 0.112
    "one token": 0.12,                          # measured 0.289
    "2 or 3 tokens": 0.10,                      # measured 0.273
    "4 or more tokens": 0.15,                   # measured 0.360
    "repeated token": 0.15,                     # measured 0.321
    "python-only white space": 0.20,            # measured 0.445
    "zero-width space": 0.10,                   # measured 0.208
    "number with . , -": 0.06,                  # measured 0.134
    "non-ascii punctuation or symbol": 0.20,    # measured 0.387
    "entity or <skipped>": 0.05,                # measured 0.141
    "mixed case": 0.10,                         # measured 0.235
    "lowercase changes length": 0.01,           # measured 0.041
    "astral character": 0.12,                   # measured 0.226
    "cjk inside latin": 0.02,                   # measured 0.073
    "zh range bug character": 0.20,             # measured 0.372
}


@pytest.fixture(scope="module")
def sentence_rates() -> dict[str, float]:
    return measure(sentences(), SENTENCE_DRAWS, SENTENCE_FEATURES)


@pytest.mark.parametrize("feature", sorted(SENTENCE_MINIMA))
def test_sentences_produce_each_hard_case(sentence_rates, feature):
    """Over 1000 derandomized draws of ``sentences()``, each hard case occurs at least
    at the rate of ``SENTENCE_MINIMA`` (minimum / measured at writing): empty at least once
    / 0.1%; white space only 3% / 7.4%; one character 5% / 11.2%; one 13a token
    12% / 28.9%; 2..3 tokens 10% / 27.3%; 4+ tokens 15% / 36%; a repeated token
    15% / 32.1%; Python-only white space (\\x1c..\\x1f, \\x85, NBSP, U+2000..U+200A,
    U+2028, U+3000...) 20% / 44.5%; the zero-width space 10% / 20.8%; a number with . , -
    6% / 13.4%; non-ASCII punctuation or symbol 20% / 38.7%; an HTML entity or <skipped>
    5% / 14.1%; mixed case 10% / 23.5%; a lowercase longer than the line (İ) 1% / 4.1%;
    an astral character 12% / 22.6%; CJK glued to a Latin letter 2% / 7.3%; a character
    of U+2001..U+2A6D 20% / 37.2%."""
    rate = sentence_rates[feature]
    assert rate >= SENTENCE_MINIMA[feature], f"{feature}: {rate:.3f} < {SENTENCE_MINIMA[feature]}"


# --------------------------------------------------------------------------------------
# Features of one corpus.


def stats_13a(corpus) -> list[list[int]]:
    """``bleu_stats`` (13a, N = 4) of every sentence (memoized: several features use it)."""
    hyps, refs = corpus
    return _stats_13a(tuple(hyps), tuple(map(tuple, refs)))


@lru_cache(maxsize=64)
def _stats_13a(hyps: tuple, refs: tuple) -> list[list[int]]:
    return [bleu_stats(h, list(r), "13a") for h, r in zip(hyps, refs)]


def has_length_tie(corpus) -> bool:
    """Some sentence has two references of different lengths equally close to the
    hypothesis length (13a tokens): the rule "ties go to the shorter" decides r."""
    hyps, refs = corpus
    for hyp, sentence_refs in zip(hyps, refs):
        c = n_tokens(hyp)
        lengths = {n_tokens(ref) for ref in sentence_refs}
        if any(c - d in lengths and c + d in lengths for d in range(1, c + 1)):
            return True
    return False


def sentence_has_zero_match_order(corpus) -> bool:
    """Some sentence has an order n (1..4) with hypothesis n-grams but no match."""
    return any(any(row[2 + n] == 0 and row[6 + n] > 0 for n in range(4)) for row in stats_13a(corpus))


def corpus_has_zero_match_order(corpus) -> bool:
    """The summed statistics have an order with n-grams but no match (exp smoothing then
    acts at corpus level)."""
    total = [sum(column) for column in zip(*stats_13a(corpus))]
    return any(total[2 + n] == 0 and total[6 + n] > 0 for n in range(4))


def corpus_has_no_4grams(corpus) -> bool:
    """No hypothesis of the corpus has 4 tokens: t_4 = 0, the BLEU loop stops early."""
    return sum(row[9] for row in stats_13a(corpus)) == 0


def corpus_has_some_match(corpus) -> bool:
    return sum(row[2] for row in stats_13a(corpus)) > 0


def corpus_has_high_order_match(corpus) -> bool:
    """At least one 4-gram matches: BLEU is not 0 without smoothing."""
    return sum(row[5] for row in stats_13a(corpus)) > 0


CORPUS_FEATURES = {
    "layout": lambda c: layout_ok(c),
    "tie in closest reference length": has_length_tie,
    "sentence with a zero-match order": sentence_has_zero_match_order,
    "corpus with a zero-match order": corpus_has_zero_match_order,
    "corpus with no 4-gram": corpus_has_no_4grams,
    "some unigram match": corpus_has_some_match,
    "some 4-gram match": corpus_has_high_order_match,
    "hypothesis shorter than 4 tokens": lambda c: any(1 <= n_tokens(h) < 4 for h in c[0]),
    "empty hypothesis": lambda c: "" in c[0],
    "empty reference": lambda c: any("" in refs for refs in c[1]),
    "one-character line": lambda c: any(len(line) == 1 for line in c[0] + [r for rs in c[1] for r in rs]),
    "varying number of references": lambda c: len({len(refs) for refs in c[1]}) > 1,
    "several references for every sentence": lambda c: min(len(refs) for refs in c[1]) > 1,
    "one sentence": lambda c: len(c[0]) == 1,
    "python-only white space": lambda c: any(map(has_python_only_space, c[0])),
    "number with . , -": lambda c: any(map(has_number_with_separator, c[0])),
    "non-ascii punctuation or symbol": lambda c: any(map(has_non_ascii_punctuation_or_symbol, c[0])),
    "astral character": lambda c: any(map(has_astral, c[0])),
    "cjk inside latin": lambda c: any(map(has_cjk_in_latin, c[0])),
}

#: Minimum rates over CORPUS_DRAWS draws of ``corpora()`` (measured at writing in the
#: comment).
CORPUS_MINIMA = {
    "tie in closest reference length": 0.20,          # measured 0.387
    "sentence with a zero-match order": 0.20,         # measured 0.480
    "corpus with a zero-match order": 0.07,           # measured 0.127
    "corpus with no 4-gram": 0.25,                    # measured 0.450
    "some unigram match": 0.45,                       # measured 0.903
    "some 4-gram match": 0.20,                        # measured 0.490
    "hypothesis shorter than 4 tokens": 0.40,         # measured 0.863
    "empty hypothesis": 0.12,                         # measured 0.267
    "empty reference": 0.30,                          # measured 0.650
    "one-character line": 0.30,                       # measured 0.703
    "varying number of references": 0.12,             # measured 0.333
    "several references for every sentence": 0.15,   # measured 0.297
    "one sentence": 0.12,                             # measured 0.240
    "python-only white space": 0.25,                  # measured 0.573
    "number with . , -": 0.05,                        # measured 0.160
    "non-ascii punctuation or symbol": 0.30,          # measured 0.687
    "astral character": 0.20,                         # measured 0.503
    "cjk inside latin": 0.08,                         # measured 0.193
}


@pytest.fixture(scope="module")
def corpus_rates() -> dict[str, float]:
    return measure(corpora(), CORPUS_DRAWS, CORPUS_FEATURES)


@pytest.mark.parametrize("feature", sorted(CORPUS_MINIMA))
def test_corpora_produce_each_hard_case(corpus_rates, feature):
    """Over 300 derandomized draws of ``corpora()``, each hard case occurs in at least
    the stated share of corpora (minimum / measured at writing, see ``CORPUS_MINIMA``):
    a tie in the closest reference length (13a tokens) 20% / 38.7%; a sentence with an
    order that has n-grams but no match 20% / 48%, the same in the summed statistics
    7% / 12.7%; no 4-gram in the corpus 25% / 45%; some unigram match 45% / 90.3%; some
    4-gram match 20% / 49%; a hypothesis of 1..3 tokens 40% / 86.3%; an empty hypothesis
    12% / 26.7%; an empty reference 30% / 65%; a one-character line 30% / 70.3%; varying
    numbers of references 12% / 33.3%; two or more references everywhere 15% / 29.7%; a
    one-sentence corpus 12% / 24%; and in some hypothesis: Python-only white space
    25% / 57.3%, a number with . , - 5% / 16%, non-ASCII punctuation or a symbol
    30% / 68.7%, an astral character 20% / 50.3%, CJK glued to Latin 8% / 19.3%."""
    rate = corpus_rates[feature]
    assert rate >= CORPUS_MINIMA[feature], f"{feature}: {rate:.3f} < {CORPUS_MINIMA[feature]}"


@pytest.mark.parametrize("name, minimum", [("char", 0.15), ("zh", 0.15)])
def test_ties_follow_the_tokenizer_asked_for(name, minimum):
    """``corpora(tokenize=name)`` builds its tied references in ``name`` tokens, so ties
    stay frequent under tokenizers that count very differently from 13a: over 100 draws,
    a tie in at least 15% of corpora (measured at writing: char 46%, zh 38%)."""
    def tie(corpus):
        hyps, refs = corpus
        for hyp, sentence_refs in zip(hyps, refs):
            c = len(tokenize(hyp.rstrip(), name).split())
            lengths = {len(tokenize(ref.rstrip(), name).split()) for ref in sentence_refs}
            if any(c - d in lengths and c + d in lengths for d in range(1, c + 1)):
                return True
        return False

    assert measure(corpora(tokenize=name), 100, {"tie": tie})["tie"] >= minimum


def layout_ok(corpus) -> bool:
    """``(hyps, refs)`` with ``len(refs) == len(hyps)`` in 1..8, each ``refs[i]`` a list
    of 1..3 strings, every line at most 200 characters (small enough for the slow spec)."""
    hyps, refs = corpus
    return (
        isinstance(hyps, list) and isinstance(refs, list) and 1 <= len(hyps) == len(refs) <= 8
        and all(isinstance(r, list) and 1 <= len(r) <= 3 for r in refs)
        and all(isinstance(line, str) and len(line) <= 200 for line in hyps + [x for r in refs for x in r])
    )


def test_corpora_are_in_bleuprints_layout(corpus_rates):
    """Every one of the 300 drawn corpora is in bleuprint's layout (``layout_ok``): rate
    exactly 1."""
    assert corpus_rates["layout"] == 1.0


# --------------------------------------------------------------------------------------
# Options.

BLEU_OPTION_FEATURES = {
    **{f"tokenize={name}": (lambda name: lambda o: o["tokenize"] == name)(name)
       for name in ("13a", "none", "intl", "zh", "char")},
    **{f"smooth_method={name}": (lambda name: lambda o: o["smooth_method"] == name)(name)
       for name in ("none", "floor", "add-k", "exp")},
    "lowercase": lambda o: o["lowercase"],
    "effective_order": lambda o: o["effective_order"],
    "explicit smooth_value": lambda o: o["smooth_value"] is not None,
    "non-integer add-k": lambda o: o["smooth_method"] == "add-k" and o["smooth_value"] is not None
    and float(o["smooth_value"]) != int(o["smooth_value"]),
    "smooth_value that exp or none ignore": lambda o: o["smooth_method"] in ("exp", "none")
    and o["smooth_value"] is not None,
    "max_ngram_order=1": lambda o: o["max_ngram_order"] == 1,
    "max_ngram_order>4": lambda o: o["max_ngram_order"] > 4,
}

CHRF_OPTION_FEATURES = {
    **{f"word_order={k}": (lambda k: lambda o: o["word_order"] == k)(k) for k in (0, 1, 2)},
    **{f"beta={b}": (lambda b: lambda o: o["beta"] == b)(b) for b in (1, 2, 3)},
    "n=1": lambda o: o["n"] == 1,
    "n<6": lambda o: o["n"] < 6,
    "n=0 (word-only)": lambda o: o["n"] == 0 and o["word_order"] >= 1,
    "lowercase": lambda o: o["lowercase"],
    "whitespace": lambda o: o["whitespace"],
    "eps_smoothing": lambda o: o["eps_smoothing"],
}


def test_bleu_options_cover_every_setting():
    """Over 200 draws of ``bleu_options()``: each tokenizer and each smoothing method at
    least 8% (uniform choice gives 20% and 25%), lowercase and effective order at least
    25% (fair coins), an explicit smooth_value at least 10%, a non-integer add-k at least
    2%, a value given to exp or none (which ignore it) at least 2%, N = 1 at least 3% and
    N > 4 at least 5% (N is 4 with probability 0.6, else uniform on 1..6). Measured at
    writing: tokenizers 17.5-24.5%, methods 22.5-27.5%, lowercase 50%, effective order 52%,
    explicit value 48%, non-integer add-k 6%, a value for exp or none 21%, N = 1 8.5%,
    N > 4 18%."""
    rates = measure(bleu_options(), OPTION_DRAWS, BLEU_OPTION_FEATURES)
    minima = {name: 0.08 for name in BLEU_OPTION_FEATURES}
    minima.update({"lowercase": 0.25, "effective_order": 0.25, "explicit smooth_value": 0.10,
                   "non-integer add-k": 0.02, "smooth_value that exp or none ignore": 0.02,
                   "max_ngram_order=1": 0.03, "max_ngram_order>4": 0.05})
    low = {name: rate for name, rate in rates.items() if rate < minima[name]}
    assert not low, f"settings drawn too rarely: {low}"


def test_chrf_options_cover_every_setting():
    """Over 200 draws of ``chrf_options()``: each word order and each beta at least 15%
    (uniform: 33%), n = 1 at least 3%, n < 6 at least 20%, the word-only chrF (n = 0 with
    word_order >= 1; one draw in six: 17%) at least 8%, lowercase, whitespace and
    eps_smoothing each at least 25% (fair coins). Measured at writing: word orders 23.5%,
    41%, 35.5%; betas 30-35.5%; n = 1 17.5%; n < 6 60.5%; n = 0 24%; the three flags
    48-54.5%."""
    rates = measure(chrf_options(), OPTION_DRAWS, CHRF_OPTION_FEATURES)
    minima = {name: 0.15 for name in CHRF_OPTION_FEATURES}
    minima.update({"n=1": 0.03, "n<6": 0.20, "n=0 (word-only)": 0.08, "lowercase": 0.25, "whitespace": 0.25,
                   "eps_smoothing": 0.25})
    low = {name: rate for name, rate in rates.items() if rate < minima[name]}
    assert not low, f"settings drawn too rarely: {low}"


# --------------------------------------------------------------------------------------
# The detectors themselves: each must be able to say "no", or the rates above prove nothing.


@pytest.mark.parametrize(
    "detector, positive, negative",
    [
        (has_python_only_space, "a\x1cb", "a b\tc\n"),
        (has_python_only_space, "a\u2028b", "a\u200bb"),
        (has_python_only_space, "a\xa0b", "ab"),
        (has_number_with_separator, "pi is 3.14", "pi is three"),
        (has_number_with_separator, "10-12", "e-mail"),
        (has_non_ascii_punctuation_or_symbol, "\u201cquoted\u201d", "\"quoted\""),
        (has_non_ascii_punctuation_or_symbol, "\u20ac5", "$5"),
        (has_astral, "\U00020000", "\u4e2d"),
        (has_cjk_in_latin, "abc\u4e2ddef", "abc \u4e2d def"),
        (has_cjk_in_latin, "\U00020000x", "\U00020000 x"),
        (has_zh_range_bug_char, "a\u2192b", "a\u2000b"),
        (has_repeated_token, "the cat the", "the cat"),
        (has_mixed_case, "The", "THE"),
        (lowercase_changes_length, "\u0130", "I"),
        (lambda c: has_length_tie(([c[0]], [c[1]])), ("a b c", ["a b", "a b c d"]), ("a b c", ["a b", "a b c"])),
        (lambda c: sentence_has_zero_match_order(([c[0]], [c[1]])), ("a b", ["a c"]), ("a b", ["a b"])),
        (lambda c: corpus_has_zero_match_order(c), (["a b", "c d"], [["a x"], ["c x"]]),
         (["a b", "c d"], [["a b"], ["c x"]])),
    ],
)
def test_detectors_can_say_no(detector, positive, negative):
    """Each feature detector holds on a hand-made positive example and fails on a
    near-miss (for the tie: "a b c" (3 tokens) against references of 2 and 4 tokens is a
    tie, against 2 and 3 it is not; for the zero-match order: "a b" vs "a c" matches the
    unigram "a" and no bigram; summed over ["a b", "c d"] vs ["a x"], ["c x"] no bigram
    matches, while ["a b"] as the first reference gives one)."""
    assert detector(positive) is True
    assert detector(negative) is False


def test_a_plain_strategy_fails_the_minima():
    """The minima discriminate: a naive sentence strategy (1..6 words of the shared
    vocabulary joined by single spaces, what a first attempt at fuzzing often looks like)
    falls below the minimum for every hard case except the token-count shapes, repeats and
    mixed case that such lines do have."""
    from hypothesis import strategies as st

    from bleuprint.strategies import SHARED_WORDS

    naive = st.lists(st.sampled_from(SHARED_WORDS), min_size=1, max_size=6).map(" ".join)
    rates = measure(naive, 100, SENTENCE_FEATURES)
    has_them = {"one token", "2 or 3 tokens", "4 or more tokens", "repeated token", "mixed case"}
    passing = {name for name, rate in rates.items() if rate >= SENTENCE_MINIMA[name]}
    assert passing <= has_them, f"a naive strategy passes: {sorted(passing - has_them)}"


def test_import_without_hypothesis_names_the_extra():
    """Without Hypothesis installed, importing bleuprint.strategies raises ImportError
    whose message says how to get it (``pip install bleuprint[test]``). Hypothesis is
    hidden in a fresh interpreter by a ``None`` entry in ``sys.modules``."""
    import subprocess
    import sys
    from pathlib import Path

    code = (
        "import sys\n"
        "sys.modules['hypothesis'] = None\n"
        "try:\n"
        "    import bleuprint.strategies\n"
        "except ImportError as error:\n"
        "    print(error)\n"
        "else:\n"
        "    print('imported')\n"
    )
    repo = Path(__file__).resolve().parents[2]
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True,
                         cwd=repo).stdout
    assert "pip install bleuprint[test]" in out, out
