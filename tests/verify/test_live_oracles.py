"""``bleuprint verify``'s live cases when one metric's oracle is missing: that metric's
fixtures and ted-ende rows are skipped with the reason in the note, the others are still
scored (a machine with sacreBLEU but without rouge-score must not crash verify)."""

from __future__ import annotations

import sys
import types

import pytest

import bleuprint.verify as verify

pytest.importorskip("sacrebleu", reason="the live cases need sacreBLEU 2.5.1")


def test_a_missing_oracle_skips_its_fixture_and_names_it(monkeypatch):
    def build_cases():
        raise ImportError("rouge-score is not installed (planted)")

    fake = types.ModuleType("planted_rouge_cases")
    fake.build_cases = build_cases
    monkeypatch.setitem(sys.modules, "planted_rouge_cases", fake)
    monkeypatch.setattr("bleuprint.oracles.generate.builders",
                        lambda: {"rouge": "planted_rouge_cases", "chrf": "bleuprint.oracles.cases_chrf"})
    monkeypatch.setattr(verify, "case_fixtures", lambda metrics=None: ("rouge", "chrf"))
    monkeypatch.setattr(verify, "TED_PATH", verify.Path("/nonexistent/ted-ende.json"))
    found, note = verify.live_cases(None)
    assert set(found) == {"chrf"} and found["chrf"]
    assert "live rouge skipped: rouge-score is not installed (planted)" in note
    assert "ted-ende rows skipped" in note


def test_a_missing_oracle_drops_its_ted_rows(monkeypatch, tmp_path):
    """Two systems of three segments; the ROUGE adapter raises: only the other metrics'
    rows are made, and the reason is appended once."""
    corpus = tmp_path / "ted.json"
    corpus.write_text('{"systems": {"a": ["x y", "z", "w"], "b": ["x", "y", "z"]}, "references": [["x y", "z", "w"]]}',
                      encoding="utf-8")
    monkeypatch.setattr(verify, "TED_PATH", corpus)

    def planted(*_args, **_kwargs):
        raise RuntimeError("rouge-score 0.1.1 found, 0.1.2 needed (planted)")

    import bleuprint.oracles.cases_common as cases_common

    real = cases_common.corpus_oracle
    monkeypatch.setattr(cases_common, "corpus_oracle", lambda metric: planted if metric == "rouge" else real(metric))
    skipped: list = []
    cases = verify.ted_cases(None, skipped)
    assert cases and not any(case["metric"] == "rouge" for case in cases)
    assert skipped == ["live ted-ende rouge skipped: rouge-score 0.1.1 found, 0.1.2 needed (planted)"]
