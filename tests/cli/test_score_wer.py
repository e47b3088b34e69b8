"""``bleuprint score -m wer cer mer wil wip`` on files (sacreBLEU's layout: the reference
file first, ``-i`` the hypotheses): each document carries jiwer's pooled value, the
counts as parts, and a signature naming the unit, jiwer's default transform, the pooling
and jiwer's version; ``--confidence`` and paired tests come from the SUM shape; a second
reference file is refused (jiwer takes one reference per hypothesis).

Expected values come from jiwer 4.0.0 computed in the test (its reference-first order);
scores are printed with ``-w 15`` and compared within 1e-12.
"""

from __future__ import annotations

import json

import pytest

from tests.cli_harness import run_bleuprint

jiwer = pytest.importorskip("jiwer", reason="jiwer 4.0.0 is the oracle (test extra)")

HYPS = ["the cat sat on the mat", "a b", "Police arrested two men.", "", "x  y\tz"]
REFS = ["the cat is on the mat", "b c", "Two men were arrested by police.", "nothing here", "x y z"]


def write(path, name, lines):
    (path / name).write_text("\n".join(lines) + "\n", encoding="utf-8")


@pytest.fixture
def files(tmp_path):
    write(tmp_path, "hyp.txt", HYPS)
    write(tmp_path, "ref.txt", REFS)
    return tmp_path


def test_five_measures_from_files_equal_jiwer(files, monkeypatch):
    got = run_bleuprint("ref.txt -i hyp.txt -m wer cer mer wil wip -w 15".split(), files, None, {}, monkeypatch)
    assert (got.status, got.stderr) == (0, "")
    documents = {d["name"]: d for d in json.loads(got.stdout)}
    assert set(documents) == {"wer", "cer", "mer", "wil", "wip"}
    words, chars = jiwer.process_words(REFS, HYPS), jiwer.process_characters(REFS, HYPS)
    expected = {"wer": words.wer, "mer": words.mer, "wil": words.wil, "wip": words.wip, "cer": chars.cer}
    for name, document in documents.items():
        assert document["score"] == pytest.approx(expected[name], abs=1e-12)
    parts = documents["wer"]["parts"]
    assert [parts[k] for k in ("hits", "substitutions", "deletions", "insertions")] == [
        words.hits, words.substitutions, words.deletions, words.insertions]
    assert documents["wer"]["signature"] == "nrefs:1|unit:words|tr:wer_default|agg:pooled|version:jiwer-4.0.0"
    assert documents["cer"]["signature"] == "nrefs:1|unit:characters|tr:cer_default|agg:pooled|version:jiwer-4.0.0"


def test_confidence_and_paired_test_run(files, monkeypatch):
    """``--confidence`` prints the seeded bootstrap interval (the same twice); a paired
    bootstrap against the references themselves as a system (WER 0) runs."""
    argv = "ref.txt -i hyp.txt -m wer --confidence -cin 200 -w 15".split()
    first = run_bleuprint(argv, files, None, {}, monkeypatch)
    second = run_bleuprint(argv, files, None, {}, monkeypatch)
    assert first.status == 0 and first.stdout == second.stdout
    document = json.loads(first.stdout)  # one metric: one document
    assert document["score"] == pytest.approx(jiwer.wer(REFS, HYPS), abs=1e-12)
    assert document["bs"] == "200" and 0 <= document["confidence_mean"] <= 2
    paired = run_bleuprint("ref.txt -i hyp.txt ref.txt -m wer --paired-bs --paired-bs-n 100 -f text".split(), files,
                           None, {}, monkeypatch)
    assert paired.status == 0 and "wer" in paired.stdout


def test_two_reference_files_are_refused(files, monkeypatch):
    got = run_bleuprint("ref.txt ref.txt -i hyp.txt -m wer".split(), files, None, {}, monkeypatch)
    assert got.status != 0
    assert "exactly one reference" in got.stderr
