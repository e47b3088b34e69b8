"""BLEU's SentencePiece tokenizers (``spm``, ``flores101``, ``flores200``, ``spBLEU-1K``)
in the specification, against sacreBLEU 2.5.1 given the same model file.

No model is downloaded: the tests train a small SentencePiece model themselves
(``tests/spm_training.py``: 600 lines in eight scripts, deterministic settings) and put it
into a temporary sacreBLEU directory under the file name sacreBLEU expects
(``models/<basename of its URL>``), with sacreBLEU's directory and its download function
patched, so that sacreBLEU loads that file and could not download another. bleuprint reads
the same file through ``$SACREBLEU`` (its cache lookup) or a path given to
``use_spm_model``.

``spBLEU-1K`` is sacreBLEU 2.6.0's: its diff against 2.5.1 in the tokenizers is one entry
of the model table (URL ``https://www.dlnlp.ai/spBLEU-1K/spbleu-1k_tokenizer_spm.model``,
signature ``spBLEU-1K``) and one subclass of ``TokenizerSPM`` naming it, and in BLEU one
entry of the tokenizer table. The tests add exactly these to the installed 2.5.1 (the same
code path as 2.6.0's), so the comparison is with 2.6.0's computation. (The report of issue
20 also compares with the 2.6.0 wheel itself.)

The tests run as sacreBLEU 2.6.0 (``run_as_2_6_0``), the version that has all four
tokenizers; bleuprint refuses ``spBLEU-1K`` under 2.5.1 (``test_spbleu_1k_scoring_is_refused_
under_2_5_1``), and the other three are the same in both versions.

Tolerances: statistics and tokenizer outputs exactly equal; scores within 1e-9;
signatures equal as strings.
"""

from __future__ import annotations

import importlib.util
import os
import shutil

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bleuprint import spec
from bleuprint.oracles.texts_cjk import JAPANESE, KOREAN
from bleuprint.spec import tokenizers_spm
from bleuprint.spec.tokenizers_spm import SPM_MODELS, SPM_TOKENIZERS, MissingTokenizerPackage
from cjk_text import cjk_corpora, mixed_lines
from spm_training import WORDS, train_model
from bleuprint.core.value import metric as configured

SCORE_TOLERANCE = 1e-9

needs_sentencepiece = pytest.mark.skipif(importlib.util.find_spec("sentencepiece") is None,
                                         reason="sentencepiece not installed: pip install 'bleuprint[spm]'")
needs_sacrebleu = pytest.mark.skipif(importlib.util.find_spec("sacrebleu") is None,
                                     reason="sacrebleu not installed: pip install 'bleuprint[oracle]'")

SPBLEU_1K = ("https://www.dlnlp.ai/spBLEU-1K/spbleu-1k_tokenizer_spm.model", "spBLEU-1K")

LINES = ([line for line in JAPANESE + KOREAN] + [" ".join(words) for words in WORDS.values()]
         + ["", " ", "  the cat  ", "Ωmega\x85x ☃ 𝔘 ١٢٣", "tab\there\u3000ideo\xa0nbsp", "THE CAT Sat", "a\u200bb"])


@pytest.fixture(autouse=True)
def run_as_2_6_0():
    """Every test here runs with sacreBLEU 2.6.0 chosen (module doc)."""
    with spec.using_sacrebleu_version("2.6.0"):
        yield


@pytest.fixture(scope="module")
def sacrebleu_dir(tmp_path_factory):
    """A sacreBLEU directory whose ``models/`` holds the trained model under the file name
    of every SentencePiece tokenizer (``spm`` and ``flores101`` share one)."""
    if importlib.util.find_spec("sentencepiece") is None:
        pytest.skip("sentencepiece not installed: pip install 'bleuprint[spm]'")
    root = tmp_path_factory.mktemp("sacrebleu-home")
    (root / "models").mkdir()
    model = train_model(root / "trained.model")
    for name in SPM_TOKENIZERS:
        shutil.copyfile(model, root / "models" / tokenizers_spm.model_file_name(name))
    return root


def point_at(sacrebleu_dir, monkeypatch):
    """``$SACREBLEU`` set to the directory, for bleuprint and for sacreBLEU (whose directory
    is read at its import, so its modules' copies are patched too; its download function
    fails the test if called)."""
    monkeypatch.setenv("SACREBLEU", str(sacrebleu_dir))
    for name in SPM_TOKENIZERS:
        tokenizers_spm.use_spm_model(name, None)
    if importlib.util.find_spec("sacrebleu") is not None:
        from sacrebleu import utils
        from sacrebleu.metrics import bleu
        from sacrebleu.tokenizers import tokenizer_spm

        def no_download(url, path):
            raise AssertionError(f"sacreBLEU tried to download {url}")

        monkeypatch.setattr(utils, "SACREBLEU_DIR", str(sacrebleu_dir))
        monkeypatch.setattr(tokenizer_spm, "SACREBLEU_DIR", str(sacrebleu_dir))
        monkeypatch.setattr(tokenizer_spm, "download_file", no_download)
        # sacreBLEU 2.6.0's addition (module doc), on 2.5.1
        if "spBLEU-1K" not in tokenizer_spm.SPM_MODELS:
            monkeypatch.setitem(tokenizer_spm.SPM_MODELS, "spBLEU-1K", {"url": SPBLEU_1K[0], "signature": SPBLEU_1K[1]})

            class SpBLEU1KTokenizer(tokenizer_spm.TokenizerSPM):
                def __init__(self):
                    super().__init__("spBLEU-1K")

            monkeypatch.setattr(tokenizer_spm, "spBLEU1KTokenizer", SpBLEU1KTokenizer, raising=False)
            monkeypatch.setitem(bleu._TOKENIZERS, "spBLEU-1K", "tokenizer_spm.spBLEU1KTokenizer")


@pytest.fixture
def with_cache(sacrebleu_dir, monkeypatch):
    point_at(sacrebleu_dir, monkeypatch)
    return sacrebleu_dir


def _sacrebleu_tokenizer(name):
    import logging

    import sacrebleu

    logging.getLogger("sacrebleu").setLevel(logging.ERROR)  # spm's "renamed" warning
    return sacrebleu.BLEU(tokenize=name).tokenizer


def test_model_table_is_sacrebleus():
    """The URLs and signatures of sacreBLEU 2.6.0's table (2.5.1's without spBLEU-1K),
    written out: the file names are the URLs' basenames."""
    assert {name: tokenizers_spm.model_file_name(name) for name in SPM_TOKENIZERS} == {
        "spm": "sacrebleu_tokenizer_spm.model", "flores101": "sacrebleu_tokenizer_spm.model",
        "flores200": "flores200sacrebleuspm", "spBLEU-1K": "spbleu-1k_tokenizer_spm.model"}
    assert {name: tokenizers_spm.spm_signature(name) for name in SPM_TOKENIZERS} == {
        "spm": "flores101", "flores101": "flores101", "flores200": "flores200", "spBLEU-1K": "spBLEU-1K"}
    assert SPM_MODELS["spBLEU-1K"] == SPBLEU_1K
    assert spec.tokenizers.ADDED_IN == {"spBLEU-1K": "2.6.0"}


@needs_sacrebleu
@pytest.mark.no_mutants
def test_model_table_equals_installed_sacrebleu():
    """Every entry of the installed sacreBLEU's own table is ours."""
    from sacrebleu.tokenizers.tokenizer_spm import SPM_MODELS as THEIRS

    for name, entry in THEIRS.items():
        assert SPM_MODELS[name] == (entry["url"], entry["signature"])


@needs_sacrebleu
@pytest.mark.parametrize("name", SPM_TOKENIZERS)
def test_spm_tokenizer_matches_sacrebleu(name, with_cache):
    """sacreBLEU's tokenizer object and ours on the same lines and model: equal strings."""
    theirs = _sacrebleu_tokenizer(name)
    for line in LINES:
        assert spec.tokenize(line, name) == theirs(line), line


@needs_sacrebleu
@pytest.mark.parametrize("name", SPM_TOKENIZERS)
def test_spm_bleu_matches_sacrebleu(name, with_cache):
    """Corpus BLEU of hand-written lines (the hypotheses edited references), lowercased
    and not: per-sentence statistics exact, score within 1e-9, signatures equal up to the
    version field (``tok:flores101`` for spm and flores101), which is the chosen 2.6.0 here
    (module doc: the installed 2.5.1, given 2.6.0's tokenizer, still signs 2.5.1)."""
    from bleuprint.oracles.sacrebleu_oracle import oracle_bleu

    refs = [[line, LINES[(k + 7) % len(LINES)]] for k, line in enumerate(LINES)]
    hyps = [line[: len(line) * 2 // 3] + LINES[(k + 1) % len(LINES)][:5] for k, line in enumerate(LINES)]
    for lowercase in (False, True):
        expected = oracle_bleu(hyps, refs, tokenize=name, lowercase=lowercase)
        options = {"tokenize": name, "lowercase": lowercase}
        assert [spec.bleu_stats(h, r, **options) for h, r in zip(hyps, refs)] == expected.sentence_stats
        assert abs(spec.corpus_bleu(hyps, refs, **options) - expected.score) <= SCORE_TOLERANCE
        for short, theirs in ((False, expected.signature), (True, expected.signature_short)):
            ours = spec.signature(configured("bleu", **options), nrefs=2, short=short)
            assert ours.rsplit("|", 1)[0] == theirs.rsplit("|", 1)[0]
            assert ours.rsplit("|", 1)[1] == ("v" if short else "version") + ":2.6.0"


@needs_sacrebleu
@pytest.mark.no_mutants
@settings(max_examples=40, deadline=None)
@given(corpus=cjk_corpora("mixed"), name=st.sampled_from(SPM_TOKENIZERS), lowercase=st.booleans())
def test_spm_bleu_equals_sacrebleu_on_generated_text(sacrebleu_dir, corpus, name, lowercase):
    """Generated Japanese/Korean corpora with every kind of white space: statistics equal."""
    from bleuprint.oracles.sacrebleu_oracle import oracle_bleu

    with pytest.MonkeyPatch.context() as patch:
        point_at(sacrebleu_dir, patch)
        hyps, refs = corpus
        expected = oracle_bleu(hyps, refs, tokenize=name, lowercase=lowercase)
        assert [spec.bleu_stats(h, r, name, lowercase=lowercase) for h, r in zip(hyps, refs)] == expected.sentence_stats


@needs_sentencepiece
def test_given_path_is_used_and_shared_by_spm_and_flores101(sacrebleu_dir, monkeypatch, tmp_path):
    """A path given with ``use_spm_model`` wins over the cache; ``spm`` and ``flores101``
    are one model file in sacreBLEU, so a path given for one serves the other; None
    forgets it."""
    monkeypatch.setenv("SACREBLEU", str(tmp_path))  # an empty cache
    model = str(sacrebleu_dir / "trained.model")
    try:
        tokenizers_spm.use_spm_model("flores101", model)
        assert tokenizers_spm.spm_model_path("spm") == model
        assert spec.tokenize("the cat", "spm") == spec.tokenize("the cat", "flores101")
        with pytest.raises(ValueError, match="flores200sacrebleuspm"):
            spec.tokenize("the cat", "flores200")
    finally:
        tokenizers_spm.use_spm_model("spm", None)
    with pytest.raises(ValueError, match="sacrebleu_tokenizer_spm.model"):
        spec.tokenize("the cat", "flores101")


def test_missing_model_says_what_where_and_whence(monkeypatch, tmp_path):
    """Without a model: ValueError naming the file expected, where bleuprint looked
    ($SACREBLEU/models/FILE) and the URL sacreBLEU would download it from; nothing is
    downloaded. A path that does not exist is refused when given."""
    monkeypatch.setenv("SACREBLEU", str(tmp_path))
    for name in SPM_TOKENIZERS:
        tokenizers_spm.use_spm_model(name, None)
        expected_path = os.path.join(str(tmp_path), "models", tokenizers_spm.model_file_name(name))
        with pytest.raises(ValueError) as error:
            spec.corpus_bleu(["a"], [["a"]], tokenize=name)
        message = str(error.value)
        assert tokenizers_spm.model_file_name(name) in message and expected_path in message
        assert SPM_MODELS[name][0] in message and "--spm-model" in message
    with pytest.raises(ValueError, match="does not exist"):
        tokenizers_spm.use_spm_model("flores200", tmp_path / "no-such.model")


@needs_sentencepiece
def test_missing_sentencepiece_names_the_pip_command(sacrebleu_dir, monkeypatch):
    import sys

    monkeypatch.setitem(sys.modules, "sentencepiece", None)
    monkeypatch.setenv("SACREBLEU", str(sacrebleu_dir))
    tokenizers_spm._processor.cache_clear()
    try:
        with pytest.raises(MissingTokenizerPackage, match=r"pip install 'bleuprint\[spm\]'"):
            spec.tokenize("the cat", "flores200")
    finally:
        tokenizers_spm._processor.cache_clear()


def test_signature_needs_no_model(monkeypatch, tmp_path):
    """The signature names the model, not the file: it is printed without one."""
    monkeypatch.setenv("SACREBLEU", str(tmp_path))
    assert (spec.signature(configured("bleu", tokenize="spm"), sacrebleu_version="2.5.1")
            == "nrefs:1|case:mixed|eff:no|tok:flores101|smooth:exp|version:2.5.1")
    assert "tok:spBLEU-1K|" in spec.signature(configured("bleu", tokenize="spBLEU-1K"))


@needs_sentencepiece
def test_spbleu_1k_scoring_is_refused_under_2_5_1(sacrebleu_dir, monkeypatch):
    """sacreBLEU 2.5.1 has no spBLEU-1K (its tokenizer table, ``metrics/bleu.py``): scoring
    with it as 2.5.1 is a ValueError saying it is new in 2.6.0, in the spec and in impl,
    even with the model at hand; flores200 is scored under either version."""
    import bleuprint

    monkeypatch.setenv("SACREBLEU", str(sacrebleu_dir))
    with spec.using_sacrebleu_version("2.5.1"):
        for layer in (spec, bleuprint):
            with pytest.raises(ValueError, match=r"'spBLEU-1K' is new in sacreBLEU 2\.6\.0"):
                layer.corpus_bleu(["a b"], [["a b"]], tokenize="spBLEU-1K")
            assert layer.corpus_bleu(["a b"], [["a b"]], tokenize="flores200") >= 0
