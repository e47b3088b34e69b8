"""Property tests: bleuprint.spec agrees with live sacreBLEU 2.5.1 on generated inputs.

The expected values come from sacreBLEU itself, called through the oracle adapter
``bleuprint.oracles.sacrebleu_oracle`` (which transposes bleuprint's per-hypothesis
references into sacreBLEU's reference streams). Inputs come from
``bleuprint.strategies``, whose hard-case rates are checked in
``tests/quality/test_strategy_quality.py``.

Tolerances: per-sentence statistics, corpus statistics and tokenizer outputs must be
*exactly* equal (they are integers or strings); scores must agree within
``SCORE_TOLERANCE`` = 1e-9 on the 0..100 scale; signatures, long and short, must be equal
as strings, with ``nrefs`` the common number of references or ``"var"``.

Example counts come from the Hypothesis profile (tests/conftest.py): 100 per test under
``CI=true`` (derandomized), 500 per test in the default ``dev`` profile.

Skipped (the whole module) when sacrebleu is not installed.
"""

from __future__ import annotations

import pytest
from hypothesis import example, given, strategies as st
from bleuprint.core.value import metric as configured

pytest.importorskip("sacrebleu", reason="sacrebleu 2.5.1 is not installed: the live oracle is unavailable")

from bleuprint import spec  # noqa: E402
from bleuprint.oracles.sacrebleu_oracle import (  # noqa: E402
    oracle_bleu,
    oracle_chrf,
    oracle_sentence_bleu,
    oracle_sentence_chrf,
    oracle_tokenize,
)
from bleuprint.spec.summing import sum_stats  # noqa: E402
from bleuprint.strategies import (  # noqa: E402
    bleu_options,
    chrf_options,
    corpora,
    references,
    sentences,
)

#: The golden and live checks, rerun against sacreBLEU 2.6.0 by .ci/sacrebleu-2.6.0.sh; bleuprint's
#: signatures are asked for under the installed sacreBLEU's version.
pytestmark = [pytest.mark.sacrebleu_live, pytest.mark.usefixtures("as_installed_sacrebleu")]

SCORE_TOLERANCE = 1e-9

#: The options that shape BLEU's statistics (the rest only shape the score).
BLEU_STATS_OPTIONS = ("tokenize", "lowercase", "max_ngram_order")


def nrefs_of(refs: list[list[str]]):
    """sacreBLEU's ``nrefs``: the number of references when every sentence has the same
    number, else ``"var"``."""
    counts = {len(r) for r in refs}
    return counts.pop() if len(counts) == 1 else "var"


def assert_same(oracle, spec_rows, spec_total, spec_score, spec_signature, spec_signature_short, what):
    assert spec_rows == oracle.sentence_stats, f"{what}: sentence statistics differ"
    assert spec_total == oracle.corpus_stats, f"{what}: corpus statistics differ"
    assert abs(spec_score - oracle.score) <= SCORE_TOLERANCE, (
        f"{what}: spec {spec_score!r}, sacreBLEU {oracle.score!r} (diff {spec_score - oracle.score:.3e})"
    )
    assert spec_signature == oracle.signature
    assert spec_signature_short == oracle.signature_short


@st.composite
def bleu_cases(draw):
    """BLEU options, and a corpus whose tied reference lengths are measured in the
    tokens of the tokenizer those options select."""
    options = draw(bleu_options())
    return draw(corpora(tokenize=options["tokenize"])), options


@st.composite
def sentence_bleu_cases(draw):
    """A hypothesis, its references and BLEU options; half the time without
    ``effective_order``, so the sentence-level default (on) is exercised too."""
    options = draw(bleu_options())
    if draw(st.booleans()):
        del options["effective_order"]
    hyp = draw(sentences())
    return hyp, draw(references(hyp, tokenize=options["tokenize"])), options


@st.composite
def sentence_chrf_cases(draw):
    hyp = draw(sentences())
    return hyp, draw(references(hyp)), draw(chrf_options())


# --------------------------------------------------------------------------------------


def check_corpus_bleu(corpus, options):
    hyps, refs = corpus
    oracle = oracle_bleu(hyps, refs, **options)
    stats_options = {key: options[key] for key in BLEU_STATS_OPTIONS}
    rows = [spec.bleu_stats(h, r, **stats_options) for h, r in zip(hyps, refs)]
    nrefs = nrefs_of(refs)
    assert_same(
        oracle, rows, sum_stats(rows), spec.corpus_bleu(hyps, refs, **options),
        spec.signature(configured("bleu", **options), nrefs=nrefs),
        spec.signature(configured("bleu", **options), nrefs=nrefs, short=True),
        f"corpus BLEU {options}",
    )
    # The metric-generic pooled path must agree with the same numbers.
    matrix = spec.sentence_stats(configured("bleu", **options), hyps, refs)
    assert matrix.tolist() == oracle.sentence_stats
    pooled = spec.score_from_stats(configured("bleu", **options), matrix.sum(axis=0), len(hyps))
    assert abs(pooled - oracle.score) <= SCORE_TOLERANCE


_DEFAULT_BLEU = {"tokenize": "13a", "lowercase": False, "smooth_method": "exp", "smooth_value": None,
                 "max_ngram_order": 4, "effective_order": False}


@given(bleu_cases())
# Always-run seeds for the known traps (expected values still come from sacreBLEU):
# a tie in the closest reference length (3 tokens vs 2 and 4), empty lines and an empty
# reference chosen as closest, zh's U+2001..U+2A6D range with a final "1999.", add-k with
# a sentence shorter than N under effective order, and Python-only white space.
@example(((["a b c"], [["a b c d", "a b"]]), _DEFAULT_BLEU))
@example(((["", "the cat"], [[""], ["the cat sat on", ""]]), _DEFAULT_BLEU))
@example(((["x\u2192y 1999.", "\u4e2d\u6587abc"], [["x \u2192 y 1999 ."], ["\u4e2d \u6587 abc"]]),
          {**_DEFAULT_BLEU, "tokenize": "zh"}))
@example(((["the cat"], [["the cat sat"]]),
          {**_DEFAULT_BLEU, "smooth_method": "add-k", "smooth_value": 0.5, "effective_order": True}))
@example(((["a\x1cb\xa0c\u2028d\u200be"], [["a b c d\u200be"]]), {**_DEFAULT_BLEU, "tokenize": "none"}))
def test_corpus_bleu_matches_sacrebleu(case):
    """corpora() x bleu_options(): every sentence's [c, r, m_1..m_N, t_1..t_N] and their
    sum exactly equal to sacreBLEU's, corpus_bleu within 1e-9, signatures equal."""
    corpus, options = case
    check_corpus_bleu(corpus, options)


def check_corpus_chrf(corpus, options):
    hyps, refs = corpus
    oracle = oracle_chrf(hyps, refs, **options)
    rows = [spec.chrf_stats(h, r, **options) for h, r in zip(hyps, refs)]
    nrefs = nrefs_of(refs)
    assert_same(
        oracle, rows, sum_stats(rows), spec.chrf(hyps, refs, **options),
        spec.signature(configured("chrf", **options), nrefs=nrefs),
        spec.signature(configured("chrf", **options), nrefs=nrefs, short=True),
        f"corpus chrF {options}",
    )
    matrix = spec.sentence_stats(configured("chrf", **options), hyps, refs)
    assert matrix.tolist() == oracle.sentence_stats
    pooled = spec.score_from_stats(configured("chrf", **options), matrix.sum(axis=0), len(hyps))
    assert abs(pooled - oracle.score) <= SCORE_TOLERANCE


_DEFAULT_CHRF = {"n": 6, "beta": 2, "word_order": 0, "lowercase": False, "whitespace": False,
                 "eps_smoothing": False}


@given(corpora(), chrf_options())
# Always-run seeds: an empty reference zeroes the hypothesis counts of every order (the
# corpus scores 100), chrF++ splitting one ASCII mark off "(hi)", and a white-space-kept
# line with leading spaces under eps smoothing.
@example((["abc", "xyz"], [[""], ["xyz"]]), _DEFAULT_CHRF)
@example((["(hi) there.", "c"], [["(hi) there .", "hi"], ["c"]]), {**_DEFAULT_CHRF, "word_order": 2})
@example(([" \u00a0a b"], [["a b "]]), {**_DEFAULT_CHRF, "whitespace": True, "eps_smoothing": True})
def test_corpus_chrf_matches_sacrebleu(corpus, options):
    """corpora() x chrf_options() (chrF, chrF+, chrF++; eps smoothing or not): every
    sentence's statistics (those of its best reference) and their sum exactly equal to
    sacreBLEU's, chrf within 1e-9, signatures equal."""
    check_corpus_chrf(corpus, options)


@given(sentence_bleu_cases())
def test_sentence_bleu_matches_sacrebleu(case):
    """sentence_bleu against sacreBLEU's sentence_score (effective order on unless the
    options say otherwise): statistics exact, score within 1e-9, signatures equal."""
    hyp, refs, options = case
    oracle = oracle_sentence_bleu(hyp, refs, **options)
    stats_options = {key: options[key] for key in BLEU_STATS_OPTIONS}
    row = spec.bleu_stats(hyp, refs, **stats_options)
    full = {"effective_order": True, **options}
    assert_same(
        oracle, [row], row, spec.sentence_bleu(hyp, refs, **options),
        spec.signature(configured("bleu", **full), nrefs=len(refs)),
        spec.signature(configured("bleu", **full), nrefs=len(refs), short=True),
        f"sentence BLEU {options}",
    )


@given(sentence_chrf_cases())
def test_sentence_chrf_matches_sacrebleu(case):
    """sentence_chrf against sacreBLEU's sentence_score: statistics exact, score within
    1e-9, signatures equal."""
    hyp, refs, options = case
    oracle = oracle_sentence_chrf(hyp, refs, **options)
    row = spec.chrf_stats(hyp, refs, **options)
    assert_same(
        oracle, [row], row, spec.sentence_chrf(hyp, refs, **options),
        spec.signature(configured("chrf", **options), nrefs=len(refs)),
        spec.signature(configured("chrf", **options), nrefs=len(refs), short=True),
        f"sentence chrF {options}",
    )


@st.composite
def word_only_chrf_options(draw):
    """``chrf_options()`` with n = 0 (sacreBLEU's ``char_order=0``) and word orders 1..3."""
    return {**draw(chrf_options()), "n": 0, "word_order": draw(st.integers(1, 3))}


@given(corpora(), word_only_chrf_options())
# Always-run seeds: the pair of sentences (sacreBLEU 63.51), an empty reference
# and an empty hypothesis, several references with a tie.
@example((["the cat sat on the mat.", "hello"], [["the cat is on the mat."], ["hi there"]]),
         {**_DEFAULT_CHRF, "n": 0, "word_order": 2})
@example((["", "the cat", "a b"], [["a"], [""], ["b a", "a b", "a b"]]),
         {**_DEFAULT_CHRF, "n": 0, "word_order": 2, "eps_smoothing": True})
def test_word_only_chrf_matches_sacrebleu(corpus, options):
    """The word-only chrF, sacreBLEU's ``CHRF(char_order=0, word_order=k)``: every
    sentence's statistics (3 numbers per word order, none for characters), their sum and
    the best-reference choice exactly equal to sacreBLEU's, the corpus score and the first
    sentence's score within 1e-9, signatures (``nc:0``) equal."""
    check_corpus_chrf(corpus, options)
    hyps, refs = corpus
    oracle = oracle_sentence_chrf(hyps[0], refs[0], **options)
    row = spec.chrf_stats(hyps[0], refs[0], **options)
    assert len(row) == 3 * options["word_order"]
    assert_same(
        oracle, [row], row, spec.sentence_chrf(hyps[0], refs[0], **options),
        spec.signature(configured("chrf", **options), nrefs=len(refs[0])),
        spec.signature(configured("chrf", **options), nrefs=len(refs[0]), short=True),
        f"sentence chrF {options}",
    )


def test_no_order_at_all_is_refused_where_sacrebleu_has_no_score():
    """``char_order=0`` with ``word_order=0`` leaves no statistic. sacreBLEU 2.5.1 then
    divides by the 0 orders under eps smoothing (ZeroDivisionError), cannot sum the empty
    rows of several segments (IndexError), and scores a one-segment corpus 0.0 (its
    effective-order rule with no order). bleuprint refuses it with a ValueError naming
    both options, everywhere the options are taken."""
    import sacrebleu

    with pytest.raises(ZeroDivisionError):
        sacrebleu.CHRF(char_order=0, word_order=0, eps_smoothing=True).corpus_score(["a b"], [["a b"]])
    with pytest.raises(IndexError):
        sacrebleu.CHRF(char_order=0, word_order=0).corpus_score(["a b", "c"], [["a b", "c"]])
    assert sacrebleu.CHRF(char_order=0, word_order=0).corpus_score(["a b"], [["a b"]]).score == 0.0
    hyps, refs = ["a b", "c"], [["a b"], ["c"]]
    calls = [
        lambda: spec.chrf(hyps, refs, n=0),
        lambda: spec.chrf(hyps, refs, n=0, eps_smoothing=True),
        lambda: spec.sentence_chrf("a b", ["a b"], n=0, word_order=0),
        lambda: spec.chrf_stats("a b", ["a b"], n=0),
        lambda: spec.chrf_from_stats([], n=0, word_order=0),
        lambda: spec.sentence_stats(configured("chrf", n=0), hyps, refs),
        lambda: spec.score_from_stats(configured("chrf", n=0), [], 2),
        lambda: spec.signature(configured("chrf", n=0, word_order=0)),
    ]
    for call in calls:
        with pytest.raises(ValueError, match=r"n \(the character order, sacreBLEU's char_order\) and word_order "
                                             r"are both 0"):
            call()


@pytest.mark.parametrize("name", spec.TOKENIZERS)
@given(line=sentences())
def test_tokenizer_matches_sacrebleu(name, line):
    """Each tokenizer's output string on sentences() is exactly sacreBLEU's, on the raw
    line and on what BLEU feeds it (lowercased, right-stripped)."""
    assert spec.tokenize(line, name) == oracle_tokenize(line, name)
    prepared = line.lower().rstrip()
    assert spec.tokenize(prepared, name) == oracle_tokenize(prepared, name)
