"""The search for the input that kills a surviving mutant (``bleuprint.mutants.search``)."""

import pytest

from bleuprint.mutants import generate, search
from bleuprint.mutants.catalogue import get
from bleuprint.mutants.switch import replaced


@pytest.fixture(scope="module")
def em():
    return generate.module_mutants("bleuprint.metrics.exact_match.spec", "e")


@pytest.fixture(scope="module")
def strip_finding(em):
    return search.search(_strip(em), max_examples=100)


def _strip(em):
    return next(m for m in em if m.function.endswith("is_exact_match") and m.fault.startswith(
        "dropped call: `hyp.strip()` -> `hyp`"))


def _run_test(source: str) -> None:
    namespace: dict = {}
    exec(compile(source, "<killing test>", "exec"), namespace)
    [test] = [v for k, v in namespace.items() if k.startswith("test_")]
    test()


def test_a_killing_input_is_found_small_and_printed_as_a_test(em, strip_finding):
    """Dropping the hypothesis' strip: the smallest disagreement is one segment whose
    hypothesis and reference are a single space. The spec strips both to "" and counts a
    match (row [1]); the mutant compares " " with "" (row [0]). The printed test passes on
    the spec and fails under the mutant, and names the pitfall (course item 9)."""
    finding = strip_finding
    assert finding.verdict == "killable" and finding.metric == "exact_match"
    assert (finding.hyps, finding.refs, finding.options) == ([" "], [[" "]], {})
    assert (finding.compared, finding.spec_value, finding.mutant_value) == ("rows", [[1]], [[0]])
    assert "exact match that does not strip" in finding.pitfall
    test = search.killing_test(finding)
    _run_test(test)
    with replaced(_strip(em).patches), pytest.raises(AssertionError):
        _run_test(test)


def test_the_teachers_flag_hides_the_input(strip_finding):
    """With --hide-inputs the terminal text and the JSON say a killing input exists but not
    what it is."""
    finding = strip_finding
    text = search.describe(finding, hide_inputs=True)
    assert "hidden by the teacher" in text and "hyps" not in text and "[[1]]" not in text
    data = search.hidden(finding)
    assert data["hidden"] and data["hyps"] is None and data["spec_value"] is None and data["verdict"] == "killable"


def test_a_message_mutant_is_probably_equivalent_with_the_examples_tried(em):
    """Emptying the mismatched-lengths message: 40 valid inputs find no difference, and
    the reason is the message rule."""
    mutant = next(m for m in em if m.kind == "message" and "mismatched lengths" in m.fault)
    finding = search.search(mutant, max_examples=40)
    assert finding.verdict == "probably equivalent" and finding.examples == 40
    assert finding.reason == "only an error message changes"
    assert "probably equivalent (no input found in 40 examples)" in search.describe(finding)


def test_a_dropped_input_check_is_explained(em):
    """Dropping check_hypotheses: no valid input differs; the reason names the input check."""
    mutant = next(m for m in em if m.fault.startswith("dropped call: `check_hypotheses(hyps)`"))
    finding = search.search(mutant, max_examples=20)
    assert finding.verdict == "probably equivalent" and "input check" in finding.reason


def test_a_default_every_caller_overrides():
    """bleu_tokens' default tokenizer "13a" -> "": bleu_stats, its only caller in the spec,
    always passes the tokenizer, so no input differs, and the reason says so."""
    mutant = next(m for m in generate.generated_mutants(["bleu"]) if m.kind == "default"
                  and m.function.endswith("bleu_tokens") and '`"13a"`' in m.fault)
    finding = search.search(mutant, max_examples=10)
    assert finding.verdict == "probably equivalent"
    assert finding.reason.startswith("a default every caller overrides") and "tokenize" in finding.reason


def test_the_one_call_function_is_compared_too(em):
    """``matched / len(hyps)`` -> ``matched * len(hyps)`` in exact_match, which the registered
    metric never calls (it scores rows): the search compares spec.exact_match itself and
    finds two matching empty segments (2 matches / 2 = 1.0; the mutant: 2 * 2 = 4)."""
    mutant = next(m for m in em if m.fault.startswith("arithmetic: `matched / len(hyps)`"))
    finding = search.search(mutant, max_examples=100)
    assert finding.verdict == "killable" and finding.compared == "corpus"
    assert (finding.spec_value, finding.mutant_value) == (1.0, 4)
    assert "from bleuprint.spec import exact_match" in search.killing_test(finding)
    _run_test(search.killing_test(finding))


def test_planted_survivors_are_searched_too():
    """The planted s17 (exact match does not strip the ends): the search finds a hypothesis
    and a reference equal once stripped but not as given, a match for the spec (row [1])
    and none for the mutant (row [0])."""
    finding = search.search(get("s17"), max_examples=100)
    assert finding.verdict == "killable" and finding.pitfall == "9. exact match that does not strip"
    [hyp], [[ref]] = finding.hyps, finding.refs
    assert hyp != ref and hyp.strip() == ref.strip()
    assert finding.spec_value == [[1]] and finding.mutant_value == [[0]]
