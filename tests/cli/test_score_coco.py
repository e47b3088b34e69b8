"""``bleuprint score -m cider coco_bleu`` on files (one hypothesis a line, one file per
reference stream): the documents carry each score's name (``CIDEr-D``, ``Bleu_4``), parts
(coco BLEU-1..4 and the length ratio) and signature naming pycocoevalcap 1.2.

Expected values come from pycocoevalcap 1.2 computed in the test (stdout silenced); JSON
scores are printed with ``-w 15``, so they are compared within 1e-12.
"""

from __future__ import annotations

import contextlib
import io
import json

import pytest

from tests.cli_harness import run_bleuprint

pytest.importorskip("pycocoevalcap", reason="pycocoevalcap 1.2 is the oracle (test extra)")

HYPS = ["a man riding a horse", "a dog", "two cats on a mat", "", "a red car in the street"]
REFS = ["a man rides a horse", "a dog runs", "two cats sleep on a mat", "a bird", "a red car"]
REFS2 = ["a person on a horse", "the dog", "cats on the mat", "birds", "a car on a street"]


@pytest.fixture
def files(tmp_path):
    for name, lines in (("hyp.txt", HYPS), ("ref1.txt", REFS), ("ref2.txt", REFS2)):
        (tmp_path / name).write_text("\n".join(lines) + "\n", encoding="utf-8")
    return tmp_path


def oracle():
    from pycocoevalcap.bleu.bleu import Bleu
    from pycocoevalcap.cider.cider import Cider

    gts = {i: [REFS[i], REFS2[i]] for i in range(len(HYPS))}
    res = {i: [h] for i, h in enumerate(HYPS)}
    with contextlib.redirect_stdout(io.StringIO()):
        return float(Cider().compute_score(gts, res)[0]), [float(x) for x in Bleu(4).compute_score(gts, res)[0]]


def test_score_cider_and_coco_bleu_json(files, monkeypatch):
    cider, bleus = oracle()
    result = run_bleuprint(["ref1.txt", "ref2.txt", "-i", "hyp.txt", "-m", "cider", "coco_bleu", "-f", "json",
                            "-w", "15"], files, monkeypatch=monkeypatch)
    assert result.status == 0, result.stderr
    documents = json.loads(result.stdout)
    assert [d["name"] for d in documents] == ["CIDEr-D", "Bleu_4"]
    assert documents[0]["score"] == pytest.approx(cider, abs=1e-12)
    assert documents[1]["score"] == pytest.approx(bleus[3], abs=1e-12)
    assert documents[1]["parts"]["bleu"] == pytest.approx(bleus, abs=1e-12)
    assert documents[0]["signature"] == "nrefs:2|ngrams:4|sigma:6|tok:split|df:corpus-refs|agg:mean|version:pycocoevalcap-1.2"
    assert documents[1]["signature"].endswith("order:4|tok:split|reflen:closest|eps:coco|version:pycocoevalcap-1.2")


def test_score_coco_bleu_order_option(files, monkeypatch):
    _, bleus = oracle()
    result = run_bleuprint(["ref1.txt", "ref2.txt", "-i", "hyp.txt", "-m", "coco_bleu", "--metric-option",
                            "order=1", "-f", "json", "-w", "15"], files, monkeypatch=monkeypatch)
    assert result.status == 0, result.stderr
    document = json.loads(result.stdout)
    document = document[0] if isinstance(document, list) else document
    assert document["name"] == "Bleu_1" and document["score"] == pytest.approx(bleus[0], abs=1e-12)
