"""``bleuprint conformance`` (issue 37 item 5) on a hand-made vector file and the fake
ports of ``tests/ports/fake_port.py`` (which answer with the spec, or with a planted
fault), and on library subjects made here.

The vector file ``bleu_tiny.json`` holds five BLEU tests at the defaults, their expected
values from ``bleuprint.spec`` (the fake ports compute the same, so these tests check the
conformance bookkeeping, not BLEU):

1. an ordinary pair, flags ``Basic`` and ``s07`` (a must-pass by ``result``, no ``class``);
2. references of lengths 2 and 7 for a hypothesis of 6 words, flags ``ClosestReference``
   and ``s02``: the closest reference (7) and the shortest (2) give different brevity
   penalties, so a port with the shortest-reference fault (mutant s02) fails it;
3. two hypotheses with references for one, ``result`` invalid: a must-refuse by ``result``;
4. the same layout error with ``"class": "must-refuse"`` written out;
5. an ordinary pair marked ``"class": "implementation-defined"`` whose expected score is
   set 1 too high: every port fails it, which must never make an entry fail.
"""

from __future__ import annotations

import copy
import json
import subprocess
import sys
import xml.etree.ElementTree as ElementTree
from pathlib import Path

import pytest
from browser import dump_dom, requires_browser

from bleuprint.conformance import badge, history, report, vectors
from bleuprint.conformance.library import subject_entry
from bleuprint.conformance.run import conformance
from bleuprint.core.options import option_defaults

FAKE = Path(__file__).resolve().parents[1] / "ports" / "fake_port.py"
ROOT = Path(__file__).resolve().parents[2]


def _port(mode: str) -> str:
    return f"'{sys.executable}' '{FAKE}' {mode} bleu"


def _valid_test(tc_id, hyps, refs, flags, **extra):
    from bleuprint.core import get_metric
    from bleuprint.ports.cases import expected_case

    case = expected_case(get_metric("bleu"), "", "", {}, hyps, refs, (), {})
    return {"tcId": tc_id, "comment": "", "flags": flags, "hyps": hyps, "refs": refs, "result": "valid",
            "expected": {"score": case.score, "stats": case.stats}, **extra}


def tiny_file() -> dict:
    from bleuprint.core import get_metric

    ordinary = (["the cat sat on the mat"], [["the cat is on the mat"]])
    lengths = (["the cat sat on the mat"], [["the cat", "a cat sat on the red mat"]])
    wrong = _valid_test(5, ["a b c d"], [["a b c d"]], ["Basic"], **{"class": "implementation-defined"})
    wrong["expected"]["score"] += 1
    tests = [
        _valid_test(1, *ordinary, ["Basic", "s07"]),
        _valid_test(2, *lengths, ["ClosestReference", "s02"]),
        {"tcId": 3, "comment": "", "flags": ["Layout"], "hyps": ["a b", "c d"], "refs": [["a b"]],
         "result": "invalid", "error": "ValueError"},
        {"tcId": 4, "comment": "", "flags": ["Layout"], "hyps": ["a b", "c d"], "refs": [["a b"]],
         "result": "invalid", "error": "ValueError", "class": "must-refuse"},
        wrong,
    ]
    return {"schema": "bleuprint_metric_vectors_v1.json", "metric": "bleu", "family": "tiny",
            "scoreTolerance": 1e-9, "numberOfTests": len(tests),
            "notes": {"Basic": {"kind": "edge-case", "description": "an ordinary pair"},
                      "ClosestReference": {"kind": "edge-case", "description": "references of different lengths"},
                      "Layout": {"kind": "layout", "description": "a wrong layout"},
                      "s02": {"kind": "mutant", "description": "the shortest reference length, not the closest",
                              "mutants": ["s02"]},
                      "s07": {"kind": "mutant", "description": "arithmetic mean of the precisions",
                              "mutants": ["s07"]}},
            "testGroups": [{"options": option_defaults(get_metric("bleu")), "tests": tests}]}


@pytest.fixture
def vector_dir(tmp_path) -> Path:
    folder = tmp_path / "vectors"
    folder.mkdir()
    (folder / "bleu_tiny.json").write_text(json.dumps(tiny_file()), encoding="utf-8")
    return folder


def _entry(data, name):
    (implementation,) = [i for i in data["implementations"] if i["name"] == name]
    (entry,) = implementation["entries"]
    return implementation, entry


def test_the_classes_come_from_the_field_else_from_result():
    assert vectors.vector_class({"result": "valid"}) == "must-pass"
    assert vectors.vector_class({"result": "invalid"}) == "must-refuse"
    assert vectors.vector_class({"result": "valid", "class": "implementation-defined"}) == "implementation-defined"
    assert vectors.vector_class({"result": "valid", "class": "must-refuse"}) == "must-refuse"
    assert vectors.vector_class({"result": "invalid", "class": "no-such-class"}) == "must-refuse"


def test_fault_flags_are_mutants_and_port_faults():
    document = {"notes": {"Basic": {"kind": "edge-case"}, "s02": {"kind": "mutant"},
                          "pf03": {"kind": "port-fault"}, "pf04": "UTF-16 code units"}}
    assert vectors.fault_flags(document) == {"s02", "pf03", "pf04"}


def test_a_correct_port_conforms_and_the_wrong_implementation_defined_vector_is_only_reported(vector_dir, tmp_path):
    """Counts: must-pass 2 of 2, must-refuse 2 of 2 (tests 3 and 4), implementation-defined
    0 of 1 (test 5 expects a wrong score): the entry conforms all the same."""
    data = conformance(tmp_path / "out", ports=[_port("correct")], vectors=vector_dir, examples=0)
    _, entry = _entry(data, "fake-correct")
    assert entry["status"] == "conforms"
    counts = {c: (n["passed"], n["failed"]) for c, n in entry["classes"].items()}
    assert counts == {"must-pass": (2, 0), "must-refuse": (2, 0), "implementation-defined": (0, 1)}
    assert [f["id"] for f in entry["failures"]] == ["bleu_tiny.json#5"]
    assert badge.value_text(entry) == "4/4"


def test_a_port_with_the_shortest_reference_fault_fails_and_s02_is_suggested(vector_dir, tmp_path):
    data = conformance(tmp_path / "out", ports=[_port("shortest_ref")], vectors=vector_dir, examples=0)
    _, entry = _entry(data, "fake-shortest_ref")
    assert entry["status"] == "fails"
    failed = {f["id"]: f for f in entry["failures"]}
    assert set(failed) == {"bleu_tiny.json#2", "bleu_tiny.json#5"}
    assert failed["bleu_tiny.json#2"]["faults"] == ["s02"]
    assert failed["bleu_tiny.json#2"]["flags"] == ["ClosestReference", "s02"]
    # s02: 1 failed of its 1 vector, 2 failed in all -> 1 / (1 + 2 - 1) = 0.5; s07 caught nothing failed
    assert entry["suggestedFaults"] == [{"id": "s02", "failed": 1, "sent": 1, "similarity": 0.5}]
    assert "s02" in data["faults"] and "s07" not in data["faults"]
    page = (tmp_path / "out" / "index.html").read_text(encoding="utf-8")
    assert "bleu_tiny.json#2" in page and 'data-status="fails"' in page


def test_the_report_validates_against_its_schema_and_a_broken_one_does_not(vector_dir, tmp_path):
    jsonschema = pytest.importorskip("jsonschema")
    conformance(tmp_path / "out", ports=[_port("correct"), _port("shortest_ref")], vectors=vector_dir, examples=0)
    data = json.loads((tmp_path / "out" / "conformance.json").read_text(encoding="utf-8"))
    schema = json.loads((tmp_path / "out" / "schemas" / report.SCHEMA_FILE).read_text(encoding="utf-8"))
    assert schema == report.load_schema()
    jsonschema.validate(data, schema)
    broken = copy.deepcopy(data)
    broken["implementations"][0]["entries"][0]["status"] = "mostly"
    with pytest.raises(jsonschema.ValidationError):
        jsonschema.validate(broken, schema)


def test_each_entry_has_a_badge_of_its_status(vector_dir, tmp_path):
    data = conformance(tmp_path / "out", ports=[_port("correct"), _port("shortest_ref")], vectors=vector_dir,
                       examples=0)
    colours = {}
    for implementation in data["implementations"]:
        (entry,) = implementation["entries"]
        tree = ElementTree.parse(tmp_path / "out" / entry["badge"])
        texts = [t.text for t in tree.iter("{http://www.w3.org/2000/svg}text")]
        colours[implementation["name"]] = tree.findall("{http://www.w3.org/2000/svg}rect")[1].get("fill")
        assert texts[0] == "bleuprint bleu"
    assert colours == {"fake-correct": badge.COLOURS["conforms"], "fake-shortest_ref": badge.COLOURS["fails"]}
    assert texts[1] == "3/4"  # the shortest_ref port: 1 must-pass, 2 must-refuse passed of 4


def test_a_second_run_keeps_the_first_in_the_history_and_shows_what_changed(vector_dir, tmp_path):
    """Run 1: the correct port on the tiny file; run 2: the same port on the file with test
    1's expected score changed (as a new bleuprint version could), so that test 1 now fails."""
    out = tmp_path / "out"
    conformance(out, ports=[_port("correct")], vectors=vector_dir, examples=0, generated="2026-01-01T00:00:00Z")
    changed = tiny_file()
    changed["testGroups"][0]["tests"][0]["expected"]["score"] += 5
    (vector_dir / "bleu_tiny.json").write_text(json.dumps(changed), encoding="utf-8")
    data = conformance(out, ports=[_port("correct")], vectors=vector_dir, examples=0, generated="2026-01-02T00:00:00Z")
    assert sorted(p.name for p in (out / "history").iterdir()) == ["2026-01-01T00-00-00Z.json",
                                                                   "2026-01-02T00-00-00Z.json"]
    assert data["history"] == [{"file": "history/2026-01-01T00-00-00Z.json", "generated": "2026-01-01T00:00:00Z"}]
    (change,) = data["changes"]
    assert change["entry"] == "fake-correct bleu"
    assert change["before"].startswith("conforms 4/4") and change["after"].startswith("fails 3/4")
    assert change["newFailures"] == ["bleu_tiny.json#1"] and change["fixed"] == []
    page = (out / "index.html").read_text(encoding="utf-8")
    assert 'href="history/2026-01-01T00-00-00Z.json"' in page and "bleu_tiny.json#1" in page


def test_history_changes_of_an_entry_that_appeared():
    entry = {"metric": "bleu", "call": "", "status": "conforms", "failures": [],
             "classes": {c: {"passed": 1, "failed": 0, "errored": 0, "timeout": 0, "skipped": 0, "untried": 0}
                         for c in vectors.CLASSES}, "fuzz": None}
    before = {"implementations": []}
    after = {"implementations": [{"name": "p", "version": "1", "entries": [entry]}]}
    assert history.changes(before, after) == [{"entry": "p bleu", "before": None,
                                               "after": "conforms 2/2 (version 1)", "newFailures": [], "fixed": []}]
    assert history.changes(None, after) == []


def _library_subject(level: str, scale: float, wrong: bool = False):
    """A library function made here: BLEU by the spec at tokenize=none, on ``scale``
    (``wrong``: 1.5 times that score)."""
    from bleuprint.audit.subject import Subject
    from bleuprint.core import get_metric
    from bleuprint.spec.corpus import corpus_score

    options = {"tokenize": "none"}
    configured = get_metric("bleu")(**options)

    def score(hyps, refs):
        value = float(corpus_score(configured, hyps, refs)) * scale / 100
        return value * 1.5 if wrong else value

    return Subject(library="toy", version="1", metric="bleu", call=f"toy.{level}_bleu(hyps, refs)", level=level,
                   scale=scale, options=options, score=score)


def test_a_library_is_run_on_the_inputs_rescored_under_its_configuration():
    """The tiny file's group is at the defaults (tokenize 13a), the subject claims
    tokenize none: every input is rescored, so its fault flags are not claimed. The
    corpus-level subject takes all 5 inputs (tests 3 and 4 are one input: 4 distinct);
    the sentence-level one the 3 single-segment inputs (1 not applicable)."""
    files = {"bleu_tiny.json": tiny_file()}
    entry = subject_entry(_library_subject("corpus", 1.0), files, 0, 0)
    assert entry["status"] == "conforms", entry["failures"]
    counts = {c: (n["passed"], n["failed"]) for c, n in entry["classes"].items()}
    # test 5 is implementation-defined and rescored: its real score passes
    # tests 3 and 4 are one input, which the spec refuses and the toy raises on
    assert counts == {"must-pass": (2, 0), "must-refuse": (1, 0), "implementation-defined": (1, 0)}
    sentence = subject_entry(_library_subject("sentence", 100.0), files, 0, 0)
    assert sentence["notApplicable"] == 1
    assert sum(n["passed"] for n in sentence["classes"].values()) == 3
    wrong = subject_entry(_library_subject("sentence", 100.0, wrong=True), files, 0, 0)
    assert wrong["status"] == "fails" and all(f["faults"] == [] for f in wrong["failures"])


def test_the_command_line_refuses_what_it_cannot_run(tmp_path):
    def run(*words):
        return subprocess.run([sys.executable, "-m", "bleuprint", "conformance", *words], capture_output=True,
                              text=True, cwd=ROOT, timeout=120)

    nothing = run("--out", str(tmp_path / "o"))
    assert nothing.returncode == 2 and "at least one --port COMMAND or --library NAME" in nothing.stderr
    unknown = run("--library", "no-such-library", "--out", str(tmp_path / "o"))
    assert unknown.returncode == 2 and "unknown adapter 'no-such-library'" in unknown.stderr
    bad = run("--port", "x", "--examples", "-1", "--out", str(tmp_path / "o"))
    assert bad.returncode == 2 and "--examples" in bad.stderr


@requires_browser
def test_the_page_renders_in_a_headless_browser(vector_dir, tmp_path):
    """Chromium opens the page from disk: the matrix it built has a row per
    implementation, each cell its entry's status and its badge (the file beside the page),
    and the failing vector of the faulty port is listed with its fault."""
    out = tmp_path / "out"
    data = conformance(out, ports=[_port("correct"), _port("shortest_ref")], vectors=vector_dir, examples=0)
    done = dump_dom(tmp_path, (out / "index.html").as_uri())
    dom = done.stdout
    assert '<table id="matrix">' in dom, done.stderr[-2000:]
    matrix = dom.split('<table id="matrix">', 1)[1].split("</table>", 1)[0]
    assert matrix.count("<tr data-implementation=") == 2
    assert 'data-status="conforms"' in matrix and 'data-status="fails"' in matrix
    for implementation in data["implementations"]:
        assert f'src="{implementation["entries"][0]["badge"]}"' in matrix
        assert (out / implementation["entries"][0]["badge"]).is_file()
    assert "bleu_tiny.json#2" in dom and "<abbr" in dom and ">s02</abbr>" in dom


def test_without_vectors_they_are_built_for_the_metrics_the_implementations_list(tmp_path):
    """A port listing exact_match alone: the vectors are built for exact_match only (the
    metric files of ``all_files(["exact_match"])``, no interval file), and the correct
    port conforms on all of them."""
    from bleuprint.vectors.build import FILE_SCHEMAS
    from bleuprint.vectors.export import all_files

    port = f"'{sys.executable}' '{FAKE}' correct exact_match"
    data = conformance(tmp_path / "out", ports=[port], examples=0)
    expected = sum(d["numberOfTests"] for d in all_files(["exact_match"]).values() if d["schema"] in FILE_SCHEMAS)
    assert data["vectors"]["source"].startswith("built") and data["vectors"]["numberOfTests"] == expected
    _, entry = _entry(data, "fake-correct")
    assert entry["status"] == "conforms" and entry["classes"]["must-refuse"]["passed"] > 0
    assert sum(c["passed"] for c in entry["classes"].values()) == expected


def test_a_fuzz_finding_names_its_mutants_and_port_faults():
    from bleuprint.conformance.port import finding_faults

    assert finding_faults(None) == []
    assert finding_faults({"mutants": [{"id": "s11", "fault": "..."}], "otherMutants": [{"id": "x"}]}) == ["s11"]
    assert finding_faults({"mutants": [], "portFaults": [{"id": "pf02"}, "pf05"], "faults": ["pf02"]}) == ["pf02", "pf05"]


def test_changed_vectors_are_listed_by_file_then_number():
    def document(failing):
        entry = {"metric": "bleu", "call": "", "status": "fails", "fuzz": None,
                 "failures": [{"id": f} for f in failing],
                 "classes": {c: {"passed": 0, "failed": 1, "errored": 0, "timeout": 0, "skipped": 0, "untried": 0}
                             for c in vectors.CLASSES}}
        return {"implementations": [{"name": "p", "version": "1", "entries": [entry]}]}

    (change,) = history.changes(document(["a.json#3"]), document(["b.json#1", "a.json#10", "a.json#2", "a.json#3"]))
    assert change["newFailures"] == ["a.json#2", "a.json#10", "b.json#1"]


def test_a_library_nan_in_a_finding_is_written_as_strict_json():
    """bert-score answered NaN on a fuzz input (a reference token whose embedding is
    -2.97e-123, zero in float32): the report wrote a bare ``NaN``, which strict JSON
    readers refuse. Every non-finite float is written as the audit report writes it."""
    data = {"fuzz": {"finding": {"spec": -1.0, "implementation": float("nan"), "other": [float("inf"), -float("inf")]}}}
    text = report.dumps(data)
    parsed = json.loads(text, parse_constant=lambda name: pytest.fail(f"bare {name} in the report"))
    assert parsed["fuzz"]["finding"] == {"spec": -1.0, "implementation": "NaN", "other": ["Infinity", "-Infinity"]}


def _library_entries():
    """Three entries of one adapter as bleuprint's pytorch-ignite and rouge adapters make
    them: two calls of one function (macro and micro average), and one call claimed at
    two configurations (ROUGE's types)."""
    def entry(metric, call, options):
        counts = {"passed": 1, "failed": 1}
        return {"metric": metric, "call": call, "options": options, "status": "fails", "failures": [],
                "classes": {"must-pass": counts, "must-refuse": counts, "implementation-defined": counts}, "fuzz": None}

    return {"kind": "library", "name": "lib", "version": "1", "entries": [
        entry("bleu", "Bleu(average='macro')", {"smooth_method": "none"}),
        entry("bleu", "Bleu(average='micro')", {"smooth_method": "none"}),
        entry("rouge", "Rouge().get_scores(h, r)", {"rouge_type": "rouge1"}),
        entry("rouge", "Rouge().get_scores(h, r)", {"rouge_type": "rouge2"}),
        entry("chrf", "chrf_score(h, r)", {})]}


def test_entries_of_one_function_get_a_badge_each():
    """Before, all four BLEU and ROUGE entries above wrote badges/lib-bleu-Bleu.svg or
    badges/lib-rouge-Rouge.svg, each overwriting the one before."""
    implementation = _library_entries()
    names = badge.entry_names(implementation)
    assert len(set(names)) == len(names) == 5
    assert names[4] == "badges/lib-chrf-chrf_score.svg"  # an entry alone keeps its plain name
    assert all(n.startswith("badges/lib-bleu-Bleu-") for n in names[:2])
    assert badge.entry_names(copy.deepcopy(implementation)) == names  # the same names in every run


def test_the_summary_and_the_history_tell_such_entries_apart():
    from bleuprint.conformance.entry import entry_labels

    implementation = _library_entries()
    labels = entry_labels(implementation["entries"])
    assert labels == ["Bleu(average='macro')", "Bleu(average='micro')", "Rouge().get_scores(h, r) [rouge_type=rouge1]",
                      "Rouge().get_scores(h, r) [rouge_type=rouge2]", "chrf_score"]
    summary = history._summary({"implementations": [implementation]})
    assert len(summary) == 5


def test_a_badge_with_no_vector_sent_gives_the_fuzz_verdict():
    """bert-score's entries were sent no vector (none fits the library) but fuzzed: their
    red badges read "skipped". With nothing sent, the badge says what the fuzz found."""
    nothing = {"passed": 0, "failed": 0, "errored": 0, "timeout": 0, "skipped": 3, "untried": 0}
    entry = {"classes": {c: dict(nothing) for c in vectors.CLASSES}, "fuzz": None}
    assert badge.value_text(entry) == "skipped"
    entry["fuzz"] = {"ran": 1, "finding": {"hyps": [""]}}
    assert badge.value_text(entry) == "fuzz failed"
    entry["fuzz"] = {"ran": 100, "finding": None}
    assert badge.value_text(entry) == "fuzz agrees"
