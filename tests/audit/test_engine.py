"""``bleuprint.audit.run.audit`` on test libraries with one planted change each: the
divergence is found, shrunk to a small input, and explained by the planted change."""

import json

import pytest

import libraries
from bleuprint.audit import Subject, subject_from_callable
from bleuprint.audit.report import to_json, to_markdown
from bleuprint.audit.run import DEFAULT_EXAMPLES, audit
from bleuprint.spec.corpus import corpus_score
from bleuprint.core.value import metric as configured

#: The minimal input of a single-fault class has at most one segment, two references and
#: this many characters in all (each planted fault shows on a few words). TER's shift cap
#: needs two blocks of 10 words each on both sides (a shorter block is shifted either way):
#: 20 one-letter words with their spaces, 39 characters a side, hence its own bound.
MAX_CHARS = 60
MAX_CHARS_TER = 80


def subject(function, metric, options=None, scale=100.0, level="corpus", max_refs=None):
    return Subject(library=function.__name__, version="0", metric=metric, call=function.__name__, level=level,
                   scale=scale, options=options or {}, score=function, max_refs=max_refs)


def check_minimal(cls, function, metric, options, scale):
    assert len(cls.hyps) == 1 and len(cls.refs) == 1 and len(cls.refs[0]) <= 2
    bound = MAX_CHARS_TER if metric == "ter" else MAX_CHARS
    assert sum(map(len, cls.hyps)) + sum(len(r) for rs in cls.refs for r in rs) <= bound
    spec = corpus_score(configured(metric, **options), cls.hyps, cls.refs)
    library = function(cls.hyps, cls.refs)
    assert cls.spec_value == spec and cls.library_value == library
    assert abs(library * 100 / scale - spec) > 1e-6  # it is a divergence


def test_exact_copy_is_exact():
    result = audit(subject(libraries.exact_bleu, "bleu"), examples=150, seed=0)
    assert result.status == "exact" and result.classes == []
    assert result.real_text["cases"] > 10 and result.real_text["equal"] == result.real_text["cases"]
    assert result.examples == 150


@pytest.mark.parametrize("function, metric, options, expected", [
    (libraries.chrf_requested_order, "chrf", {}, {"options": {}, "mutant": "r05", "transform": ""}),
    (libraries.bleu_shortest_ref, "bleu", {}, {"options": {}, "mutant": "s02", "transform": ""}),
    (libraries.chrf_beta3, "chrf", {"beta": 2}, {"options": {"beta": 3}, "mutant": "", "transform": ""}),
    (libraries.bleu_fraction, "bleu", {}, {"options": {}, "mutant": "", "transform": "scale_down"}),
    (libraries.ter_shift_cap_9, "ter", {}, {"options": {}, "mutant": "r08", "transform": ""}),
])
def test_planted_change_is_explained(function, metric, options, expected):
    result = audit(subject(function, metric, options), examples=200, seed=0)
    assert result.status == "differs"
    assert len(result.classes) == 1, [c.explanation for c in result.classes]
    cls = result.classes[0]
    got = {key: cls.explanation[key] for key in expected} if cls.explanation else None
    assert got == expected
    check_minimal(cls, function, metric, options, 100.0)


def test_two_faults_give_distinct_explained_classes():
    result = audit(subject(libraries.chrf_lowercase_requested_order, "chrf"), examples=300, seed=0)
    assert result.status == "differs" and len(result.classes) >= 2
    explanations = [c.explanation for c in result.classes]
    assert all(explanations)
    keys = [(json.dumps(e["options"], sort_keys=True), e["mutant"], e["transform"]) for e in explanations]
    assert len(set(keys)) == len(keys)  # distinct classes
    assert any(e["mutant"] == "r05" for e in explanations)
    assert any(e["options"].get("lowercase") is True for e in explanations)


def test_first_difference_names_the_statistic_when_inferred():
    """BLEU's row is [hyp length, ref length, ...]; the shortest reference changes column 1."""
    result = audit(subject(libraries.bleu_shortest_ref, "bleu"), examples=50, seed=0)
    assert result.classes[0].first_difference.startswith("stats[0][1] (inferred")


def test_sentence_level_and_max_refs_are_respected():
    seen = []

    def one_ref_sentence(hyps, refs):
        seen.append((len(hyps), max(len(r) for r in refs)))
        return corpus_score("chrf", hyps, refs)

    result = audit(subject(one_ref_sentence, "chrf", level="sentence", max_refs=1), examples=60, seed=0)
    assert result.status == "exact"
    assert seen and set(seen) == {(1, 1)}


def test_same_seed_same_report():
    def run():
        data = to_json([audit(subject(libraries.chrf_lowercase_requested_order, "chrf"), examples=120, seed=5)])
        for s in data["subjects"]:
            s["seconds"] = 0
        return data

    assert run() == run()


def test_markdown_has_the_matrix_first():
    text = to_markdown([audit(subject(libraries.chrf_beta3, "chrf", {"beta": 2}), examples=60, seed=0),
                        audit(subject(libraries.exact_bleu, "bleu"), examples=30, seed=0)])
    lines = text.splitlines()
    assert lines[0] == "# bleuprint audit"
    assert lines[2] == "| library | version | bleu | chrf |"
    assert "| chrf_beta3 | 0 | - | differs in 1 class |" in lines[4:6]
    assert "| exact_bleu | 0 | exact | - |" in lines[4:6]
    assert text.index("| library |") < text.index("## ") < text.index("### Class 1: matches chrf with beta=3")


def test_json_report_follows_its_schema():
    import jsonschema  # the test extra's
    from pathlib import Path

    import bleuprint.audit

    schema = json.loads((Path(bleuprint.audit.__file__).parent / "schemas" / "bleuprint_audit_report_v1.json")
                        .read_text(encoding="utf-8"))
    data = to_json([audit(subject(libraries.bleu_shortest_ref, "bleu"), examples=40, seed=0)])
    jsonschema.validate(data, schema)
    assert data["subjects"][0]["classes"][0]["explanation"]["mutant"] == "s02"
    json.dumps(data, allow_nan=False)


def test_library_that_raises_is_a_class():
    def refuses_empty(hyps, refs):
        if any(not h for h in hyps):
            raise ZeroDivisionError("empty hypothesis")
        return corpus_score("bleu", hyps, refs)

    result = audit(subject(refuses_empty, "bleu"), examples=200, seed=0)
    assert result.status == "differs"
    raising = [c for c in result.classes if c.library_value is None]
    assert raising and raising[0].hyps == [""] and "ZeroDivisionError" in raising[0].library_error
    assert raising[0].explanation is None


class RustPanic(BaseException):
    """What PyO3 raises for a Rust panic (``pyo3_runtime.PanicException``): a
    ``BaseException``, not an ``Exception`` (bleuscore's on an empty hypothesis)."""


def panics_on_empty(hyps, refs):
    if any(not h for h in hyps):
        raise RustPanic("Pair statistics calculation got empty result")
    return corpus_score("bleu", hyps, refs)


def test_a_library_that_panics_is_a_class_not_a_crash():
    """A panic is reported as the library's failure, as an exception is (the audit found
    it on the empty hypothesis and ended in its traceback before subjects guarded it)."""
    result = audit(subject(panics_on_empty, "bleu"), examples=200, seed=0)
    assert result.status == "differs"
    raising = [c for c in result.classes if c.library_value is None]
    assert raising and raising[0].hyps == [""]
    assert "RustPanic: Pair statistics calculation got empty result" in raising[0].library_error


def test_an_interrupt_is_not_taken_for_a_library_failure():
    def interrupted(hyps, refs):
        raise KeyboardInterrupt

    with pytest.raises(KeyboardInterrupt):
        subject(interrupted, "bleu").score(["a"], [["a"]])


def test_conformance_counts_a_panic_as_an_errored_vector():
    """``bleuprint conformance --library``'s outcome of one vector: the library's panic on
    a must-pass input is that vector erroring (a refusal expected: it passed)."""
    from bleuprint.conformance.library import _outcome

    panicking = subject(panics_on_empty, "bleu")
    status, detail = _outcome(panicking, 1.0, [""], [["a"]], 0.0)
    assert status == "errored" and "RustPanic" in detail
    assert _outcome(panicking, 1.0, [""], [["a"]], None) == ("passed", "")


def test_default_example_count_within_two_minutes():
    result = audit(subject(libraries.chrf_lowercase_requested_order, "chrf"), examples=DEFAULT_EXAMPLES, seed=1)
    assert result.seconds < 120


def test_subject_from_callable_module_form(tmp_path, monkeypatch):
    (tmp_path / "mylib.py").write_text(
        "from bleuprint.spec.corpus import corpus_score\n"
        "def score(references, hypothesis):\n"
        "    return corpus_score('chrf', [hypothesis], [references])\n", encoding="utf-8")
    monkeypatch.syspath_prepend(str(tmp_path))
    s = subject_from_callable("mylib:score", "chrf", scale=100, level="sentence", swap=True)
    assert s.score(["abc"], [["abc"]]) == 100.0
    assert audit(s, examples=20, seed=0).status == "exact"


@pytest.mark.parametrize("spec, message", [("nocolon", "expected"), ("no/such/file.py:f", "no such file"),
                                           ("json:no_such_function", "no function")])
def test_subject_from_callable_refuses_bad_targets(spec, message):
    with pytest.raises(ValueError, match=message):
        subject_from_callable(spec, "chrf")


@pytest.mark.parametrize("function, metric, max_refs, planted", [
    (libraries.ter_swapped, "ter", 1, [("r07", ""), ("", "swapped")]),
    (libraries.bleu_macro, "bleu", None, [("s04", ""), ("", "mean_of_sentences")]),
])
def test_generic_transforms_or_their_mutants(function, metric, max_refs, planted):
    """Swapped arguments and a macro average are each a transform and a planted mutant; either
    is the planted explanation, and no option change is needed."""
    result = audit(subject(function, metric, max_refs=max_refs), examples=200, seed=0)
    assert len(result.classes) == 1
    e = result.classes[0].explanation
    assert e is not None and (e["mutant"], e["transform"]) in planted and e["options"] == {}


def test_a_fault_nobody_planted_is_unexplained():
    """chrF plus 0.5 whenever a hypothesis has a "q": no option, mutant or transform gives that."""
    def odd(hyps, refs):
        return corpus_score("chrf", hyps, refs) + (0.5 if any("q" in h for h in hyps) else 0.0)

    result = audit(subject(odd, "chrf"), examples=200, seed=0)
    assert result.status == "differs" and len(result.classes) == 1
    cls = result.classes[0]
    assert cls.explanation is None and cls.first_difference.startswith("score only")
    assert cls.hyps == ["q"]  # shrunk to the one character that matters
    assert "### Class 1: unexplained difference" in to_markdown([result])


def test_a_library_that_always_raises_is_an_error():
    def broken(hyps, refs):
        raise TypeError("wrong signature")

    result = audit(subject(broken, "bleu"), examples=20, seed=0)
    assert result.status == "error" and "raised on every real-text case" in result.message
    assert result.classes[0].library_value is None and "TypeError: wrong signature" in result.classes[0].library_error
