"""``bleuprint.compat.pycocoevalcap`` against pycocoevalcap 1.2 run live (stdout
silenced): the same corpus value and per-image scores (CIDEr-D: per image ``==``, the
corpus within 1e-12, fsum against ``np.mean``; BLEU: every number ``==``), images in
``gts``'s key order; pycocoevalcap's assertions are clear ValueErrors/TypeErrors here."""

from __future__ import annotations

import contextlib
import io

import pytest

from bleuprint.compat.pycocoevalcap import Bleu, Cider

GTS = {"img3": ["a man rides a horse", "a person on a horse"], "img1": ["a dog catching a frisbee"],
       "x": ["two people on a beach", "people on the beach", "a beach"], 7: ["a red car"], "e": ["a cat"]}
RES = {"img3": ["a man riding a horse"], "img1": ["a dog with a frisbee"], "x": ["two people on the beach"],
       7: ["a red car"], "e": [""]}


def _oracle(name):
    pytest.importorskip("pycocoevalcap", reason="pycocoevalcap 1.2 is the oracle (test extra)")
    if name == "cider":
        from pycocoevalcap.cider.cider import Cider as scorer
    else:
        from pycocoevalcap.bleu.bleu import Bleu as scorer
    with contextlib.redirect_stdout(io.StringIO()):
        return scorer().compute_score(GTS, RES)


def test_cider_equals_pycocoevalcap():
    score, scores = Cider().compute_score(GTS, RES)
    expected, expected_scores = _oracle("cider")
    assert score == pytest.approx(float(expected), abs=1e-12)
    assert scores.tolist() == expected_scores.tolist()
    assert Cider().method() == "CIDEr"


def test_bleu_equals_pycocoevalcap_and_prints_nothing(capsys):
    found = Bleu(4).compute_score(GTS, RES)
    assert capsys.readouterr().out == ""
    assert found == _oracle("bleu")
    assert Bleu().method() == "Bleu"


@pytest.mark.parametrize("gts, res, error, match", [
    ({1: ["a"]}, {2: ["a"]}, ValueError, "same image ids"),
    ({1: ["a"]}, {1: "a"}, ValueError, "exactly one caption"),
    ({1: ["a"]}, {1: ["a", "b"]}, ValueError, "exactly one caption"),
    ({1: []}, {1: ["a"]}, ValueError, "non-empty list"),
    ({1: "a"}, {1: ["a"]}, ValueError, "non-empty list"),
    ([["a"]], {1: ["a"]}, TypeError, "gts must be a dict"),
    ({}, {}, ValueError, "at least one image"),
])
def test_pycocoevalcap_assertions_are_clear_errors(gts, res, error, match):
    for scorer in (Cider(), Bleu(4)):
        with pytest.raises(error, match=match):
            scorer.compute_score(gts, res)


def test_cider_without_any_reference_word_is_refused():
    """pycocoevalcap fails inside on an empty df (``max()`` of nothing); here it says why."""
    with pytest.raises(ValueError, match="no reference has a word"):
        Cider().compute_score({1: [""], 2: [" "]}, {1: ["a"], 2: ["b"]})


def test_only_the_implemented_parameters_are_accepted():
    with pytest.raises(ValueError, match="n=4, sigma=6.0"):
        Cider(sigma=3.0)
    with pytest.raises(ValueError, match="1..4"):
        Bleu(5)
    with pytest.raises(TypeError):
        Bleu(True)
