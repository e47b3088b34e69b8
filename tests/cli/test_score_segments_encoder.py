"""``bleuprint score -m bertscore --encoder``: text files scored with the pinned encoder
(``bleuprint.cli.score_segments``), and its one-line refusals with exit status 1.

The scores are compared with ``bleuprint.bertscore`` on the same encoder's segments, which
``tests/encoder/test_encoder_oracle.py`` holds to bert_score's ``score()`` (TOL 1e-5 there);
here the command must give the same numbers as that function to the printed 12 decimals
(the same computation: abs 1e-12 covers the printing's rounding).
"""

from __future__ import annotations

import io
import sys

import pytest

from bleuprint.cli import build_parser
from bleuprint.cli.score import run
from bleuprint.encoder import pins
from encoder_support import PINNED, need, pinned_encoder  # noqa: F401  (a fixture)

HYPS = ["The cat sat on the mat.", "Completely unrelated sentence about taxes.", "the cat sat on the mat"]
REFS = ["A cat was sitting on the mat.", "The weather in Paris is lovely in spring.", "The cat sat on the mat."]


def _score(tmp_path, *flags, hyps=HYPS, refs=REFS):
    (tmp_path / "hyp.txt").write_text("\n".join(hyps) + "\n", encoding="utf-8")
    (tmp_path / "ref.txt").write_text("\n".join(refs) + "\n", encoding="utf-8")
    args = build_parser().parse_args(["score", str(tmp_path / "ref.txt"), "-i", str(tmp_path / "hyp.txt"),
                                      "-m", "bertscore", *flags])
    out, err = io.StringIO(), io.StringIO()
    status = run(args, stdout=out, stderr=err)
    return status, out.getvalue(), err.getvalue()


def test_sentence_scores_equal_the_function(tmp_path, pinned_encoder):
    """-sl -b -w 12: each line's F1 is ``bleuprint.bertscore``'s on the encoder's segments."""
    import bleuprint

    status, out, err = _score(tmp_path, "--encoder", PINNED, "-sl", "-b", "-w", "12")
    assert status == 0, err
    expected = bleuprint.bertscore(pinned_encoder.segments(HYPS), [[r] for r in pinned_encoder.segments(REFS)])
    printed = [float(line) for line in out.split()]
    assert printed == pytest.approx(list(expected["f1"]), abs=1e-12)
    assert len(printed) == 3 and printed[1] < 0.3 < 0.8 < printed[0]
    assert f"package {PINNED}==0.1.2, sha256 {pins.PINS[PINNED].archive_sha256}, layer 6" in err


def test_corpus_score_with_idf_and_a_lower_layer(tmp_path, pinned_encoder):
    """The corpus score (JSON) with ``idf=true`` at layer 2: the mean F1 of the function."""
    import json

    import bleuprint
    import bleuprint.encoder

    status, out, err = _score(tmp_path, "--encoder", PINNED, "--encoder-layer", "2", "--metric-option",
                              "idf=true", "-w", "12", "-q")
    assert status == 0, err
    encoder = bleuprint.encoder.load(PINNED, 2)
    expected = bleuprint.bertscore(encoder.segments(HYPS), [[r] for r in encoder.segments(REFS)], idf=True)
    document = json.loads(out)
    assert document["score"] == pytest.approx(expected["f1_mean"], abs=1e-12)
    assert document["parts"]["precision"] == pytest.approx(expected["precision_mean"], abs=1e-12)


def test_empty_line_is_refused_before_loading(tmp_path, monkeypatch):
    """An empty (blank) line, named by file and line, before the encoder is loaded (torch
    hidden: the refusal does not need it)."""
    monkeypatch.setitem(sys.modules, "torch", None)
    status, out, err = _score(tmp_path, "--encoder", PINNED, hyps=["The cat.", "   ", "A dog."])
    assert (status, out) == (1, "") and err.count("\n") == 1
    assert "hyp.txt line 2 is empty" in err, err


def test_layer_the_encoder_lacks_is_one_line(tmp_path):
    """--encoder-layer 7 of a 6-layer encoder: one line naming the range (read from the
    model's config before the weights are loaded)."""
    need("torch", "transformers")
    status, out, err = _score(tmp_path, "--encoder", PINNED, "--encoder-layer", "7")
    assert (status, out) == (1, "") and err.count("\n") == 1
    assert "encoder layer must be an int from 0 (the embedding layer) to 6, got 7" in err, err


def test_no_torch_is_one_line(tmp_path, monkeypatch):
    """Without torch the command says what to install in one line (torch hidden here)."""
    need(package=True)
    monkeypatch.setitem(sys.modules, "torch", None)
    status, out, err = _score(tmp_path, "--encoder", PINNED)
    assert (status, out) == (1, "")
    assert err.count("\n") == 1 and "torch==2.13.0" in err and "bleuprint[encoder]" in err


def test_missing_package_and_other_hash_are_one_line(tmp_path, monkeypatch):
    """A pinned package that is not installed, and an archive whose sha256 is not the pin's
    (the check comes before torch is imported: torch hidden)."""
    need(package=False)
    monkeypatch.setitem(sys.modules, "torch", None)
    absent = pins.Pin(**{**pins.PINS[PINNED].__dict__, "distribution": "bleuprint-no-such-encoder"})
    monkeypatch.setitem(pins.PINS, "bleuprint-no-such-encoder", absent)
    status, _, err = _score(tmp_path, "--encoder", "bleuprint-no-such-encoder")
    assert status == 1 and err.count("\n") == 1
    assert "bleuprint-no-such-encoder is not installed" in err and "--require-hashes" in err
    need(package=True)
    other = pins.Pin(**{**pins.PINS[PINNED].__dict__, "archive_sha256": "0" * 64})
    monkeypatch.setitem(pins.PINS, PINNED, other)
    status, _, err = _score(tmp_path, "--encoder", PINNED)
    assert status == 1 and err.count("\n") == 1
    assert "not the pinned " + "0" * 64 in err and "refusing to load it" in err


@pytest.mark.parametrize("flags, words", [
    (("--encoder", "no-such-thing"), ["neither a model directory nor a pinned encoder package", PINNED]),
    (("--encoder-layer", "3"), ["--encoder-layer needs --encoder"]),
])
def test_flag_refusals(tmp_path, flags, words):
    status, out, err = _score(tmp_path, *flags)
    assert (status, out) == (1, "") and err.count("\n") == 1
    assert all(word in err for word in words), err


def test_encoder_with_a_text_metric_is_refused(tmp_path):
    """-m bleu with --encoder: refused before anything is read or scored."""
    args = build_parser().parse_args(["score", "ref.txt", "-i", "hyp.txt", "-m", "bleu", "--encoder", PINNED])
    err = io.StringIO()
    assert run(args, stdout=io.StringIO(), stderr=err) == 1
    assert err.getvalue().count("\n") == 1 and "not -m bleu" in err.getvalue()
