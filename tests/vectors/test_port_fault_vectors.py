"""The vectors against the port faults (``bleuprint.mutants.port_faults``, issue 37): the
faults a JavaScript port really had are caught by the default files, every test has its
class, and a vector flagged with a port fault fails under it (the full measurement is the
session's ``measured_vectors``, slow)."""

from __future__ import annotations

import pytest

from bleuprint.mutants.port_faults import all_port_faults, get_port_fault
from bleuprint.mutants.switch import replaced
from bleuprint.vectors import CLASSES, build_files
from bleuprint.vectors import adequacy
from bleuprint.vectors.build import IMPLEMENTATION_DEFINED


def test_the_issue_faults_are_caught_by_the_default_files():
    """chrF counting UTF-16 code units (pf04), JavaScript's white space (pf02) and 13a
    unescaping &amp; first (pf24) passed all 596 vectors of the issue's export; the
    default files of chrF and BLEU now fail under each, on the vectors written for them
    (flags Astral, WhiteSpaceClasses, EntitiesEscapedTwice)."""
    files = {name: document for name, document in build_files(["bleu", "chrf"]).items()
             if name.endswith("_defaults.json")}
    faults = [get_port_fault(i) for i in ("pf04", "pf02", "pf24")]
    matrix = adequacy.kill_matrix(files, faults, workers=1)
    tests = {key: test for key, _, _, test in adequacy.vectors(files)}
    for fault, flag in zip(faults, ("Astral", "WhiteSpaceClasses", "EntitiesEscapedTwice")):
        assert any(flag in tests[key]["flags"] for key in matrix[fault.id]), fault.id


def test_a_built_test_has_the_class_of_its_result():
    """Before the mutation pass: a valid test is must-pass, an invalid one must-refuse."""
    for _, _, _, test in adequacy.vectors(build_files(["exact_match"])):
        assert test["class"] == ("must-pass" if test["result"] == "valid" else "must-refuse")


@pytest.mark.slow
def test_every_test_has_a_class_and_implementation_defined_ones_say_why(measured_vectors):
    """Every test of every file has a class; must-refuse exactly for the invalid ones;
    implementation-defined exactly for the valid ones that a mutant of
    ``IMPLEMENTATION_DEFINED`` fails (sacreBLEU's malformed zh ranges), and there are some."""
    seen = set()
    for _, document, _, test in adequacy.vectors(measured_vectors["files"]):
        assert test["class"] in CLASSES
        seen.add(test["class"])
        if test.get("result", "valid") != "valid":  # a statistics test has no result: every one is valid
            assert test["class"] == "must-refuse"
        else:
            accident = bool(set(test["flags"]) & set(IMPLEMENTATION_DEFINED)) and "metric" in document
            assert (test["class"] == "implementation-defined") == accident, test["flags"]
    assert seen == set(CLASSES)


@pytest.mark.slow
def test_a_vector_flagged_with_a_port_fault_fails_under_it(measured_vectors):
    """For each port fault, a few of the vectors carrying its id pass on the spec and fail
    while it is on; its note says it is a port fault and where it is natural."""
    files = measured_vectors["files"]
    for fault in all_port_faults():
        flagged = [(d, g, t) for _, d, g, t in adequacy.vectors(files) if fault.id in t["flags"]]
        assert flagged, fault.id
        for document, group, test in flagged[:: max(1, len(flagged) // 3)][:3]:
            assert adequacy.evaluate(document, group, test) is None
            with replaced(fault.patches):
                assert adequacy.evaluate(document, group, test) is not None, (fault.id, test["tcId"])
        note = next(d["notes"][fault.id] for d, _, _ in flagged)
        assert note["kind"] == "port-fault" and note["mutants"] == [fault.id]
        assert all(language in note["effect"] for language in fault.languages)


def test_deciding_by_the_score_gives_the_matrix_that_running_gives():
    """The faults of the printed score (pf18, pf19) are decided from each test's expected
    score instead of being run (``PortFault.decides``): the kill matrix is the same as
    running every vector under them, and not empty."""
    from dataclasses import replace

    files = {name: document for name, document in build_files(["exact_match", "chrf", "bleu"]).items()
             if name.endswith("_defaults.json")}
    faults = [get_port_fault("pf18"), get_port_fault("pf19")]
    decided = adequacy.kill_matrix(files, faults, workers=1)
    ran = adequacy.kill_matrix(files, [replace(fault, decides=None) for fault in faults], workers=1)
    assert decided == ran and all(decided.values())
