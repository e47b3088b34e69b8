"""bleuprint's Porter stemmer (``bleuprint.metrics.rouge.porter``) against nltk 3.10.4's
``PorterStemmer()`` (NLTK_EXTENSIONS mode, rouge-score's stemmer), and rouge-score's
stemming rule in the ROUGE tokenizer.

* Every word of the stem golden (``goldens/rouge_stems.json``, built from nltk by
  ``bleuprint.metrics.rouge.oracle_stems``): no nltk needed.
* Live, where nltk is installed: every distinct ``[a-z0-9]+`` run of the lowercased
  ted-ende corpus (skipped where ``../shared`` is absent) and Hypothesis ``[a-z]+`` words.
* Hand examples, each worked out in its docstring from Porter (1980) and nltk's
  departures (the module doc of ``porter``).

Stems are strings: equality is exact.
"""

from __future__ import annotations

import re

import pytest
from hypothesis import example, given
from hypothesis import strategies as st

from bleuprint.metrics.rouge import porter, spec
from bleuprint.oracles.goldens import golden_cases

STEM_CASES = golden_cases("rouge_stems")


def _nltk_stemmer():
    nltk_porter = pytest.importorskip("nltk.stem.porter", reason="nltk is not installed (the oracle extra)")
    return nltk_porter.PorterStemmer()


def test_stem_golden_covers_the_families():
    """The fixture holds nltk's irregular forms, the rule-suffix words, random words and the
    ROUGE corpora's tokens, and stemming changes most of the suffix words."""
    families = {case["family"].split(":")[1] for case in STEM_CASES}
    assert families == {"irregular", "suffixes", "random", "rouge-corpora"}
    words = [w for case in STEM_CASES for w in case["words"]]
    assert len(words) >= 2500
    assert sum(w != s for case in STEM_CASES for w, s in zip(case["words"], case["stems"])) >= 1000


@pytest.mark.parametrize("case", STEM_CASES, ids=[case["id"] for case in STEM_CASES])
def test_stems_equal_the_nltk_golden(case):
    differences = [(w, porter.stem(w), s) for w, s in zip(case["words"], case["stems"]) if porter.stem(w) != s]
    assert differences == [], differences[:10]


def test_every_ted_word_stems_as_nltk(ted_ende):
    """Every distinct lowercased ``[a-z0-9]+`` run of ted-ende (references and every
    system's output): the stem equals nltk's."""
    stemmer = _nltk_stemmer()
    lines = [line for stream in ted_ende["references"] for line in stream]
    lines += [line for system in ted_ende["systems"].values() for line in system]
    words = sorted({w for line in lines for w in re.findall(r"[a-z0-9]+", line.lower())})
    assert len(words) > 3000
    assert [w for w in words if porter.stem(w) != stemmer.stem(w)] == []


@given(st.text(alphabet="abcdefghijklmnopqrstuvwxyz", min_size=1, max_size=14))
@example("yyyy")
@example("geology")
@example("radicalli")
def test_random_words_stem_as_nltk(word):
    assert porter.stem(word) == _nltk_stemmer().stem(word)


@given(st.text(alphabet="bcdlmnrstyaeiou", max_size=5),
       st.lists(st.sampled_from(["ational", "tional", "alli", "bli", "logi", "fulli", "ement", "ment", "ent",
                                 "ion", "ies", "ied", "eed", "ing", "ed", "ll", "e", "y", "s", "ness", "ic"]),
                min_size=1, max_size=3))
def test_words_with_rule_suffixes_stem_as_nltk(prefix, suffixes):
    word = prefix + "".join(suffixes)
    assert porter.stem(word) == _nltk_stemmer().stem(word)


def test_step1c_follows_nltk_not_the_paper():
    """Step 1c, Y -> I. The paper's condition is (*v*): the stem before the y has a vowel,
    so "enjoy" (stem "enjo") would become "enjoi". nltk's condition is that the stem has
    more than one letter and ends with a consonant: "enjo" ends with a vowel, so "enjoy"
    stays; "happy" (stem "happ", ends with p) -> "happi"; "spy" (stem "sp") -> "spi" (the
    paper: no vowel in "sp", unchanged)."""
    assert porter.step1c("enjoy") == "enjoy"
    assert porter.step1c("happy") == "happi"
    assert porter.step1c("spy") == "spi"
    assert porter.stem("enjoy") == "enjoy"
    assert spec.rouge_stats("enjoy", ["enjoi"], "rouge1", use_stemmer=True) == [0.0, 0.0, 0.0]


def test_paper_examples_and_nltk_departures():
    """Porter (1980)'s examples through all steps: caresses -> caress (1a SSES), ponies ->
    poni (1a IES), agreed -> 1b EED (m("agr") = 1) "agree" -> 5a: m("agre") = 1 and "agre"
    does not end cvc, so the e goes: "agre"; feed -> feed (m("f") = 0), hopping -> hop (1b
    ING, double p), filing -> 1b "file" (m("fil") = 1 and *o) -> 5a keeps it ("fil" ends
    cvc); relational -> step 2 ATIONAL "relate" -> step 4 ATE needs m("rel") > 1, no -> 5a:
    m("relat") = 2, so "relat". nltk: "ties" ->
    "tie" (a four-letter IES word), "died" -> "die", "spied" -> "spi" (IED), "dying" ->
    "die" (the irregular pool), "geology" -> 1c "geologi" -> step 2 LOGI with m("geol") = 1
    -> "geolog"; two-letter words untouched ("as")."""
    expected = {"caresses": "caress", "ponies": "poni", "agreed": "agre", "feed": "feed", "hopping": "hop",
                "filing": "file", "relational": "relat", "ties": "tie", "died": "die", "spied": "spi",
                "dying": "die", "geology": "geolog", "as": "as"}
    assert {w: porter.stem(w) for w in expected} == expected


def test_stem_refuses_a_non_string():
    with pytest.raises(TypeError, match="stem needs a str, got bytes"):
        porter.stem(b"running")


def test_tokens_of_three_characters_or_fewer_are_not_stemmed():
    """rouge-score stems only tokens longer than 3 characters: "was" stays "was" (Porter
    alone: step 1a S -> gives "wa"), "running" -> "run" (1b ING, double n), "cats" -> "cat".
    So hyp "was" against target "wa" shares no unigram: (0, 0, 0)."""
    assert porter.stem("was") == "wa"
    assert spec.tokenize("Was running cats", use_stemmer=True) == ["was", "run", "cat"]
    assert spec.tokenize("Was running cats") == ["was", "running", "cats"]
    assert spec.rouge_stats("was", ["wa"], "rouge1", use_stemmer=True) == [0.0, 0.0, 0.0]


def test_stemming_reaches_every_rouge_type():
    """hyp "cats running" vs target "cat runs": stems cat, run on both sides, so every
    type scores 1 (Lsum: one line each, the LCS is the whole line); without stemming no
    token is shared: 0."""
    for rouge_type in ("rouge1", "rouge2", "rougeL", "rougeLsum"):
        assert spec.rouge_stats("cats running", ["cat runs"], rouge_type, use_stemmer=True) == [1.0, 1.0, 1.0]
        assert spec.rouge_stats("cats running", ["cat runs"], rouge_type) == [0.0, 0.0, 0.0]


def test_use_stemmer_must_be_a_bool():
    """spec and impl refuse a non-bool ``use_stemmer`` (1 or "yes" would be truthy)."""
    from bleuprint.metrics.rouge import impl

    with pytest.raises(TypeError, match="use_stemmer must be a bool, got str"):
        spec.rouge_stats("a", ["a"], "rouge1", use_stemmer="yes")
    with pytest.raises(TypeError, match="use_stemmer must be a bool, got int"):
        impl.rouge_stats_matrix(["a"], [["a"]], "rouge1", use_stemmer=1)
