"""bleuprint.spec against every golden case generated from sacreBLEU 2.5.1 (signatures
asked for under that version, whichever sacreBLEU is installed).

The expected values are sacreBLEU's own outputs, stored in ``bleuprint/oracles/goldens``
by ``python -m bleuprint.oracles.generate`` (and checked to be regenerable by
``tests/oracles/test_goldens_are_generated.py``). These tests need no sacreBLEU.

Tolerances: statistics (integers) and tokenizer outputs must be *exactly* equal;
scores must agree within ``SCORE_TOLERANCE`` = 1e-9 on the 0..100 scale; signatures,
long and short, must be equal as strings.
"""

from __future__ import annotations

import collections

import pytest

from bleuprint import spec
from bleuprint.oracles.goldens import golden_cases, load_goldens
from bleuprint.core.value import metric as configured

SCORE_TOLERANCE = 1e-9

#: sacreBLEU's sentence-level BLEU default (its ``sentence_bleu``): effective order on.
SENTENCE_BLEU_DEFAULTS = {"effective_order": True}

BLEU_CASES = golden_cases("bleu")
CHRF_CASES = golden_cases("chrf")
TOKENIZER_CASES = golden_cases("tokenizers")
TER_CASES = golden_cases("ter")
#: The sacreBLEU version each golden records (2.5.1).
GOLDEN_SACREBLEU = {name: load_goldens(name)["versions"]["sacrebleu"] for name in ("bleu", "chrf", "ter")}

BLEU_STATS_OPTIONS = ("tokenize", "lowercase", "max_ngram_order")
BLEU_SCORE_OPTIONS = ("smooth_method", "smooth_value", "effective_order", "max_ngram_order")


def _by_id(cases):
    return pytest.mark.parametrize("case", cases, ids=[case["id"] for case in cases])


def _tokenizer_cases(name):
    return [case for case in TOKENIZER_CASES if case["tokenizer"] == name]


def _nrefs(refs):
    """sacreBLEU's ``nrefs``: the number of references if every sentence has the same
    number, else ``"var"``."""
    counts = {len(r) for r in refs}
    return counts.pop() if len(counts) == 1 else "var"


def _assert_score(actual, case, what):
    expected = case["score"]
    assert abs(actual - expected) <= SCORE_TOLERANCE, (
        f"{case['id']}: {what} = {actual!r}, sacreBLEU = {expected!r} (diff {actual - expected:.3e})"
    )


def _assert_signatures(metric, case, options):
    """The signatures under the sacreBLEU version the golden records (whatever sacreBLEU,
    if any, is installed: the default would follow it)."""
    nrefs = _nrefs(case["refs"])
    version = GOLDEN_SACREBLEU[metric]
    value = configured(metric, **options)
    assert spec.signature(value, nrefs=nrefs, sacrebleu_version=version) == case["signature"]
    assert spec.signature(value, nrefs=nrefs, short=True, sacrebleu_version=version) == case["signature_short"]


# --- tokenizers ---------------------------------------------------------------------


def _check_tokenizer(case):
    assert spec.tokenize(case["line"], case["tokenizer"]) == case["output"], (
        f"{case['id']}: line {case['line']!r}"
    )


@_by_id(_tokenizer_cases("13a"))
def test_tokenize_13a_matches_sacrebleu(case):
    """13a (mteval-v13a) on numbers (3.14, 1,000-2,000.), entities, <skipped>, -\\n,
    e-mail, x-1 / 1-x, quotes and dashes, Unicode white space: output string equal."""
    _check_tokenizer(case)


@_by_id(_tokenizer_cases("intl"))
def test_tokenize_intl_matches_sacrebleu(case):
    _check_tokenizer(case)


@_by_id(_tokenizer_cases("zh"))
def test_tokenize_zh_matches_sacrebleu(case):
    """Includes the range-bug characters: U+2014, U+201C (split off), U+20000 (not)."""
    _check_tokenizer(case)


@_by_id(_tokenizer_cases("char"))
def test_tokenize_char_matches_sacrebleu(case):
    _check_tokenizer(case)


@_by_id(_tokenizer_cases("none"))
def test_tokenize_none_matches_sacrebleu(case):
    _check_tokenizer(case)


def test_tokenizer_goldens_cover_every_tokenizer():
    """At least 15 golden lines for each of the five tokenizers."""
    counts = collections.Counter(case["tokenizer"] for case in TOKENIZER_CASES)
    assert set(counts) == set(spec.TOKENIZERS)
    assert min(counts.values()) >= 15, counts


# --- BLEU ---------------------------------------------------------------------------


@_by_id(BLEU_CASES)
def test_bleu_matches_sacrebleu(case):
    """Per-sentence statistics and corpus statistics exactly, the score within 1e-9, and
    the signature (long and short) equal to sacreBLEU's."""
    hyps, refs, options = case["hyps"], case["refs"], case["options"]
    stats_options = {k: v for k, v in options.items() if k in BLEU_STATS_OPTIONS}
    rows = [spec.bleu_stats(h, r, **stats_options) for h, r in zip(hyps, refs)]
    assert rows == case["sentence_stats"]
    assert spec.sentence_stats(configured("bleu", **options), hyps, refs).sum(axis=0).tolist() == case["corpus_stats"]

    if case["level"] == "sentence":
        _assert_score(spec.sentence_bleu(hyps[0], refs[0], **options), case, "sentence_bleu")
        full_options = {**SENTENCE_BLEU_DEFAULTS, **options}
    else:
        _assert_score(spec.corpus_bleu(hyps, refs, **options), case, "corpus_bleu")
        full_options = options
    score_options = {k: v for k, v in full_options.items() if k in BLEU_SCORE_OPTIONS}
    _assert_score(spec.bleu_from_stats(case["corpus_stats"], **score_options), case, "bleu_from_stats")
    _assert_signatures("bleu", case, full_options)


def test_bleu_goldens_cover_the_options():
    """Both 13a and none (and every other tokenizer), every smoothing, max orders 1..6,
    effective order, lowercase, variable reference counts, sentence level."""
    corpus_cases = [c for c in BLEU_CASES if c["level"] == "corpus"]
    tokenizers = {c["options"].get("tokenize", "13a") for c in corpus_cases}
    assert tokenizers == set(spec.TOKENIZERS)
    assert {c["options"].get("smooth_method", "exp") for c in corpus_cases} == set(spec.SMOOTH_METHODS)
    assert {c["options"].get("max_ngram_order", 4) for c in corpus_cases} == {1, 2, 3, 4, 5, 6}
    assert any(isinstance(c["options"].get("smooth_value"), float) and c["options"]["smooth_method"] == "add-k"
               for c in corpus_cases)
    assert any(c["options"].get("effective_order") for c in corpus_cases)
    assert any(c["options"].get("lowercase") for c in corpus_cases)
    assert any(_nrefs(c["refs"]) == "var" for c in corpus_cases)
    assert any(c["level"] == "sentence" for c in BLEU_CASES)


# --- chrF ---------------------------------------------------------------------------


@_by_id(CHRF_CASES)
def test_chrf_matches_sacrebleu(case):
    """Per-sentence statistics (of the best reference) and corpus statistics exactly,
    the score within 1e-9, and the signature (long and short) equal to sacreBLEU's."""
    hyps, refs, options = case["hyps"], case["refs"], case["options"]
    rows = [spec.chrf_stats(h, r, **options) for h, r in zip(hyps, refs)]
    assert rows == case["sentence_stats"]
    assert spec.sentence_stats(configured("chrf", **options), hyps, refs).sum(axis=0).tolist() == case["corpus_stats"]

    if case["level"] == "sentence":
        _assert_score(spec.sentence_chrf(hyps[0], refs[0], **options), case, "sentence_chrf")
    else:
        _assert_score(spec.chrf(hyps, refs, **options), case, "chrf")
    score_options = {k: v for k, v in options.items() if k in ("n", "beta", "word_order", "eps_smoothing")}
    _assert_score(spec.chrf_from_stats(case["corpus_stats"], **score_options), case, "chrf_from_stats")
    _assert_signatures("chrf", case, options)


def test_chrf_goldens_cover_the_options():
    """n 0..6 (0: the word-only chrF, with word orders 1..3, eps smoothing on and off, at
    corpus and sentence level), word order 0..3 (3 with n = 0 only), beta 1..3, lowercase,
    white space, eps smoothing."""
    corpus_cases = [c for c in CHRF_CASES if c["level"] == "corpus"]
    assert {c["options"].get("n", 6) for c in corpus_cases} == {0, 1, 2, 3, 4, 5, 6}
    word_only = [c for c in CHRF_CASES if c["options"].get("n", 6) == 0]
    assert {c["options"]["word_order"] for c in word_only} == {1, 2, 3}
    assert {bool(c["options"].get("eps_smoothing")) for c in word_only} == {False, True}
    assert {c["level"] for c in word_only} == {"corpus", "sentence"}
    assert {c["options"].get("word_order", 0) for c in corpus_cases} == {0, 1, 2, 3}
    assert {c["options"].get("beta", 2) for c in corpus_cases} == {1, 2, 3}
    for flag in ("lowercase", "whitespace", "eps_smoothing"):
        assert any(c["options"].get(flag) for c in corpus_cases), flag


# --- TER ----------------------------------------------------------------------------


#: TER families whose literal shift search is expensive (the 1,000-candidate cap, long
#: permutations): marked slow, left out of mutation runs (the hand tests cover those rules).
HEAVY_TER_FAMILIES = ("ter:shift:cap", "ter:shift:permutation")


@pytest.mark.parametrize("case", [
    pytest.param(case, id=case["id"], marks=[pytest.mark.slow] if case["family"] in HEAVY_TER_FAMILIES else [])
    for case in TER_CASES
])
def test_ter_matches_sacrebleu(case):
    """Per-sentence statistics [edits, average reference length] and corpus statistics
    exactly, the score within 1e-9, and the signature (long and short) equal to sacreBLEU's."""
    hyps, refs, options = case["hyps"], case["refs"], case["options"]
    rows = [spec.ter_stats(h, r, **options) for h, r in zip(hyps, refs)]
    assert rows == case["sentence_stats"]
    assert spec.sentence_stats(configured("ter", **options), hyps, refs).sum(axis=0).tolist() == case["corpus_stats"]
    if case["level"] == "sentence":
        _assert_score(spec.sentence_ter(hyps[0], refs[0], **options), case, "sentence_ter")
    else:
        _assert_score(spec.ter(hyps, refs, **options), case, "ter")
    _assert_score(spec.ter_from_stats(case["corpus_stats"]), case, "ter_from_stats")
    _assert_signatures("ter", case, options)


def test_ter_goldens_cover_the_options():
    """All 16 combinations of the four Tercom options, and cases that reach the
    1,000-candidate cap."""
    names = ("normalized", "no_punct", "asian_support", "case_sensitive")
    combinations = {tuple(bool(c["options"].get(k)) for k in names) for c in TER_CASES}
    assert len(combinations) == 16
    assert any("cap" in c["family"] for c in TER_CASES)


def test_goldens_hold_at_least_300_corpora():
    corpora = [c for c in BLEU_CASES + CHRF_CASES if c["level"] == "corpus"]
    assert len(corpora) >= 300


def test_goldens_record_sacrebleu_2_5_1():
    """The fixtures say which sacreBLEU produced them; the spec targets 2.5.1."""
    for name in ("bleu", "chrf", "tokenizers", "ter"):
        assert load_goldens(name)["versions"]["sacrebleu"] == spec.SACREBLEU_VERSION == "2.5.1"
