"""SQuAD v1.1 / v2.0 EM and F1: the spec against the oracle's goldens (transformers 4.57.6,
``bleuprint.metrics.squad.oracle_cases``) and hand examples for what no package covers."""

from __future__ import annotations

import math

import pytest

from bleuprint.core import get_metric
from bleuprint.metrics.squad import spec
from bleuprint.oracles.goldens import golden_cases
from bleuprint.spec.inputs import input_hooks

CASES = golden_cases("squad")
REPORTS = golden_cases("squad_v2_report")


@pytest.mark.parametrize("case", CASES, ids=[c["id"] for c in CASES])
def test_golden_rows_and_score(case):
    """Rows ``[EM, F1, answered]`` and the corpus value equal the oracle's exactly."""
    version, value = case["options"]["version"], case["options"]["value"]
    rows = [spec.question_scores(h, r, version) for h, r in zip(case["hyps"], case["refs"])]
    assert rows == case["sentence_stats"]
    assert spec.squad(case["hyps"], case["refs"], version, value) == case["score"]


@pytest.mark.parametrize("case", REPORTS, ids=[c["id"] for c in REPORTS])
def test_golden_v2_report(case):
    """The v2.0 report (threshold, HasAns/NoAns, best thresholds) equals the oracle's."""
    assert spec.squad_v2_evaluate(case["hyps"], case["refs"], case["na_probs"], case["threshold"]) == case["report"]


def test_goldens_cover_the_rules():
    """The fixtures exercise missing predictions, unanswerable questions, a moved threshold."""
    assert any(h is None for c in CASES for h in c["hyps"])
    assert any(r == [] for c in CASES for r in c["refs"])
    assert any(c["report"]["best_f1_thresh"] > 0 for c in REPORTS)
    assert any(c["threshold"] < 1.0 and c["report"]["exact"] != c["report"]["best_exact"] for c in REPORTS)


def test_punctuation_goes_before_articles():
    """lower "an-apple" -> punctuation off "anapple" -> no whole-word article -> "anapple";
    gold "apple" differs: EM 0. "U.S." -> "us" equals "US" -> "us": EM 1. Curly quotes are
    not ASCII punctuation: "“paris”" != "paris", EM 0 and one token each, no overlap, F1 0."""
    assert spec.normalize_answer("An-apple") == "anapple"
    assert spec.squad(["an-apple"], [["apple"]], "1.1", "exact") == 0.0
    assert spec.squad(["U.S."], [["US"]], "1.1", "exact") == 100.0
    assert spec.question_scores("“Paris”", ["Paris"], "1.1") == [0, 0, 1]


def test_articles_use_unicode_word_boundaries():
    """"théa" has no boundary between é and a (é is a word character), so "a" stays:
    "théa"; "é a" has one: "é"."""
    assert spec.normalize_answer("théa") == "théa"
    assert spec.normalize_answer("é a") == "é"


def test_v1_empty_vs_empty_is_em_one_f1_zero():
    """v1.1: "the" and "a" both normalize to "" -> EM 1; token lists empty, overlap 0 ->
    F1 0 (the v1.1 script returns 0 whenever the overlap is 0). Corpus: EM 100, F1 0."""
    assert spec.question_scores("the", ["a"], "1.1") == [1, 0, 1]
    assert spec.squad(["the"], [["a"]], "1.1", "f1") == 0.0


def test_v2_empty_vs_empty_is_f1_one():
    """v2.0: gold ["a"] normalizes to "", dropped, none remain -> [""]; prediction "the" ->
    []; either side empty -> F1 int([] == []) = 1, EM 1. A non-empty prediction against an
    unanswerable question: F1 int(["x"] == []) = 0."""
    assert spec.question_scores("the", ["a"], "2.0") == [1, 1, 1]
    assert spec.squad(["the"], [[]], "2.0", "f1") == 100.0
    assert spec.question_scores("x", [], "2.0") == [0, 0, 1]


def test_v2_drops_gold_answers_that_normalize_to_empty():
    """v2.0 golds ["the", "cat"] -> ["cat"]: prediction "" scores F1 int([] == ["cat"]) = 0;
    v1.1 keeps "the": EM max(1 ("" == ""), 0) = 1, F1 0."""
    assert spec.question_scores("", ["the", "cat"], "2.0") == [0, 0, 1]
    assert spec.question_scores("", ["the", "cat"], "1.1") == [1, 0, 1]


def test_v1_missing_prediction_counts_zero():
    """v1.1: "x" vs ["x"] F1 1; the missing question counts 0 in a denominator of 2:
    100 x 1/2 = 50. v2.0 skips it: 100 x 1/1 = 100."""
    assert spec.squad(["x", None], [["x"], ["y"]], "1.1", "f1") == 50.0
    assert spec.squad(["x", None], [["x"], ["y"]], "2.0", "f1") == 100.0


def test_f1_value_and_max_over_golds():
    """pred "the cat sat" -> [cat, sat]; gold "cat on mat" -> [cat, on, mat]: overlap 1,
    P 1/2, R 1/3, F1 2(1/6)/(5/6) = 0.4; gold "sat" -> overlap 1, P 1/2, R 1, F1 2/3. Max
    2/3; EM 0 for both."""
    em, f, answered = spec.question_scores("the cat sat", ["cat on mat", "sat"], "1.1")
    assert em == 0 and answered == 1 and math.isclose(f, 2 / 3, rel_tol=0, abs_tol=1e-15)
    assert math.isclose(spec.f1("cat on mat", "the cat sat"), 0.4, rel_tol=0, abs_tol=1e-15)


def test_best_threshold_by_hand():
    """Questions: 0 answerable, pred right (F1 1), na 0.2; 1 unanswerable, pred "x", na 0.5;
    2 unanswerable, pred "", na 0.9. Start: 2 unanswerable = 2. na 0.2: +1 -> 3 (best, 0.2);
    na 0.5: -1 -> 2; na 0.9: empty prediction, +0 -> 2. Best 100 x 3/3 = 100 at 0.2."""
    preds, golds = ["cat", "x", ""], [["cat"], [], []]
    scores = [spec.question_scores(p, g, "2.0")[1] for p, g in zip(preds, golds)]
    assert spec.best_threshold(preds, scores, [0.2, 0.5, 0.9], [True, False, False]) == (100.0, 0.2)


def test_threshold_turns_answers_into_no_answer():
    """threshold 0.3: question 1 (na 0.5 > 0.3, unanswerable) scores float(True) = 1.0
    instead of F1 0; question 2 (na 0.9) scores 1.0; question 0 keeps its 1. exact = 100."""
    report = spec.squad_v2_evaluate(["cat", "x", ""], [["cat"], [], []], [0.2, 0.5, 0.9], 0.3)
    assert report["exact"] == 100.0 and report["HasAns_total"] == 1 and report["NoAns_total"] == 2


@pytest.mark.parametrize("call, error, words", [
    (lambda: spec.squad(["x"], ["x"]), TypeError, "bare str"),
    (lambda: spec.squad(["x"], [[]], "1.1"), ValueError, "at least one gold answer"),
    (lambda: spec.squad(["x", "y"], [["x"]]), ValueError, "mismatched lengths"),
    (lambda: spec.squad([3], [["x"]]), TypeError, "predictions[0]"),
    (lambda: spec.squad(["x"], [[3]]), TypeError, "refs[0][0]"),
    (lambda: spec.squad(["x"], [["x"]], "3.0"), ValueError, "unknown SQuAD version"),
    (lambda: spec.squad([None], [["x"]], "2.0"), ValueError, "no question has a prediction"),
    (lambda: spec.squad_v2_evaluate(["x", None, None], [["x"], [], []]), ValueError, "question(s) 1, 2"),
    (lambda: spec.squad_v2_evaluate(["x"], [["x"]], [0.1, 0.2]), ValueError, "no-answer probabilities"),
])
def test_bad_input_is_refused_clearly(call, error, words):
    with pytest.raises(error, match=__import__("re").escape(words)):
        call()


def test_registered_metric_is_mean_shaped():
    """Through the registry: rows summed and scored; v1.1 F1 of ["x", None] = 50."""
    metric = get_metric("squad")
    rows = input_hooks(metric).rows(["x", None], [["x"], ["y"]])
    assert rows == [[1, 1.0, 1], [0, 0, 0]]
    assert metric.score([1, 1.0, 1], 2) == 50.0
    assert metric.score([1, 1.0, 1], 2, version="2.0", value="exact") == 100.0


@pytest.mark.parametrize("layer", ["spec", "impl"])
def test_an_unknown_value_is_refused_not_read_as_exact(layer):
    """``value`` is "f1" or "exact"; anything else is a ValueError naming it (it used to be
    read as "exact": 'Paris' against 'paris!' would have scored EM 100 as 'em')."""
    import bleuprint.impl
    import bleuprint.spec

    module = bleuprint.spec if layer == "spec" else bleuprint.impl
    with pytest.raises(ValueError, match="unknown SQuAD value 'em'"):
        module.squad(["Paris"], [["paris!"]], value="em")
    with pytest.raises(TypeError, match="value must be a str"):
        module.squad(["Paris"], [["paris!"]], value=None)
