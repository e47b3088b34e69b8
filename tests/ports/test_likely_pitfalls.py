"""The runner's "probable pitfalls": the pitfall flags of the failed vectors, ranked by how
alike the flag's vectors and the failed vectors are (``Report.likely_pitfalls``)."""

from __future__ import annotations

from bleuprint.ports.cases import _file_cases
from bleuprint.ports.runner import Case, Outcome, Report


def _case(n, pitfalls, flags=()):
    return Case(id=f"f#{n}", file="f", metric="bleu", options={}, hyps=["a"], refs=[["a"]], score=100.0,
                flags=tuple(flags) + tuple(pitfalls), pitfalls=tuple(pitfalls))


def test_ranking_by_similarity_of_the_failed_and_flagged_sets():
    """By hand: s01 is on cases 1-3, all failed; s02 on cases 3-6, of which 3 and 6 failed;
    s03 on case 7, failed; s04 on case 8, skipped (not sent, so not ranked); "Basic" is not
    a pitfall flag. 5 cases failed (1, 2, 3, 6, 7). Similarity = failed with the flag /
    (sent with it + 5 - failed with it): s01 3/(3+5-3) = 0.6, s02 2/(4+5-2) = 0.2857,
    s03 1/(1+5-1) = 0.2, so s01, s02, s03 (s03, all of whose one vector failed, does not
    outrank s02, which explains more of the failures)."""
    outcomes = [
        Outcome(_case(1, ["s01"], ["Basic"]), "failed"), Outcome(_case(2, ["s01"]), "failed"),
        Outcome(_case(3, ["s01", "s02"]), "failed"), Outcome(_case(4, ["s02"]), "passed"),
        Outcome(_case(5, ["s02"]), "passed"), Outcome(_case(6, ["s02"]), "failed"),
        Outcome(_case(7, ["s03"]), "failed"), Outcome(_case(8, ["s04"]), "skipped"),
    ]
    ranked = Report(outcomes).likely_pitfalls(limit=5)
    assert [(r["flag"], r["failed"], r["sent"]) for r in ranked] == [("s01", 3, 3), ("s02", 2, 4), ("s03", 1, 1)]
    assert [r["similarity"] for r in ranked] == [0.6, round(2 / 7, 4), 0.2]
    assert Report(outcomes).likely_pitfalls(limit=1)[0]["flag"] == "s01"
    assert Report(outcomes[3:5]).likely_pitfalls() == []


def test_vector_files_mark_mutant_flags_as_pitfalls():
    """A flag whose note has kind "mutant" becomes a pitfall of the case; others do not."""
    data = {"metric": "bleu", "notes": {"s01": {"kind": "mutant", "description": "unclipped"},
                                        "Clipping": {"kind": "edge-case", "description": "repeats"}},
            "testGroups": [{"options": {}, "tests": [{"tcId": 1, "flags": ["Clipping", "s01"], "hyps": ["a"],
                                                      "refs": [["a"]], "expected": {"score": 1.0},
                                                      "result": "valid"}]}]}
    (case,) = _file_cases("bleu_x.json", data)
    assert case.pitfalls == ("s01",)
    assert case.flags == ("Clipping", "s01")
