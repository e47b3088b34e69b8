"""``evaluate_squad`` and ``bleuprint squad``: the official scripts' interface (issue #17,
items 2, 4 and 7). Expected reports come from the oracle's goldens (transformers 4.57.6's
``squad_evaluate``, fixture ``squad_v2_report``) or from hand computations written out below.
Floats compared exactly (the same operations in the same order) unless a test says otherwise."""

from __future__ import annotations

import json

import pytest

from bleuprint.cli import main as cli_main
from bleuprint.metrics.squad.official import dataset_questions, evaluate_squad, missing_questions
from bleuprint.oracles.goldens import golden_cases
from bleuprint.core.value import metric as configured

REPORTS = golden_cases("squad_v2_report")
BEST = ("best_exact", "best_exact_thresh", "best_f1", "best_f1_thresh")


def _dataset(golds, ids=None):
    ids = ids or [f"q{i}" for i in range(len(golds))]
    qas = [{"id": qid, "question": "?", "answers": [{"text": g, "answer_start": 0} for g in gs],
            "is_impossible": not gs} for qid, gs in zip(ids, golds)]
    return {"version": "v2.0", "data": [{"title": "t", "paragraphs": [{"context": "c", "qas": qas[:2]},
                                                                       {"context": "d", "qas": qas[2:]}]}]}


@pytest.mark.parametrize("layer", ["impl", "spec"])
def test_v2_reports_equal_the_oracle(layer):
    """Every golden v2.0 report, posed as a dataset and a prediction dict, equals the
    oracle's; without ``na_probs`` the official script (unlike transformers' port, which
    the golden records) writes no best-threshold keys."""
    for case in REPORTS:
        ids = [f"q{i}" for i in range(len(case["hyps"]))]
        preds = dict(zip(ids, case["hyps"]))
        probs = None if case["na_probs"] is None else dict(zip(ids, case["na_probs"]))
        got = evaluate_squad(_dataset(case["refs"]), preds, version="2.0", na_probs=probs,
                             na_prob_thresh=case["threshold"], layer=layer)
        want = dict(case["report"])
        if probs is None:
            want = {k: v for k, v in want.items() if k not in BEST}
        assert got == want, case["id"]
        assert list(got)[:3] == ["exact", "f1", "total"], case["id"]  # the script's order (the golden is sorted)


def test_v1_missing_prediction_scores_zero():
    """v1.1 (hand): q0 "Denver Broncos" predicted "Broncos": EM 0, F1 2*(1/1)(1/2)/(3/2) = 2/3;
    q1 "1905" predicted "in 1905": EM 0, F1 2*(1/2)(1)/(3/2) = 2/3; q2 missing: 0, 0, and
    counted (the v1.1 script prints "Unanswered question q2 will receive score 0.").
    exact_match = 0, f1 = 100 * (4/3) / 3 = 44.44..."""
    dataset = _dataset([["Denver Broncos"], ["1905"], ["Paris"]])
    report = evaluate_squad(dataset, {"q0": "Broncos", "q1": "in 1905", "extra": "ignored"}, version="1.1")
    assert report == {"exact_match": 0.0, "f1": pytest.approx(100 * (4 / 3) / 3, abs=1e-9)}  # within 1e-9
    assert missing_questions(dataset, {"q0": "x", "q1": "y"}) == ["q2"]


def test_v1_empty_rule():
    """v1.1 (hand): "the" against "a." both normalize to "": EM 1, F1 0 (overlap 0);
    v2.0 on the same question: the gold normalizes to "" so it is unanswerable: EM 1, F1 1."""
    dataset = _dataset([["a."]])
    assert evaluate_squad(dataset, {"q0": "the"}, version="1.1") == {"exact_match": 100.0, "f1": 0.0}
    assert evaluate_squad(dataset, {"q0": "the"}, version="2.0")["f1"] == 100.0


def test_v2_missing_predictions_are_named():
    dataset = _dataset([["a"], ["b"], [], ["d"], ["e"], ["f"], ["g"], ["h"]])
    with pytest.raises(ValueError, match=r"missing for 7 of 8 questions: 'q1', 'q2', 'q3', 'q4', 'q5' \.\.\."):
        evaluate_squad(dataset, {"q0": "a"}, version="2.0")
    with pytest.raises(ValueError, match=r"no-answer probabilities missing for 1 of 8 questions: 'q7'"):
        evaluate_squad(dataset, {f"q{i}": "" for i in range(8)}, version="2.0",
                       na_probs={f"q{i}": 0.5 for i in range(7)})


@pytest.mark.parametrize("dataset, predictions, error, match", [
    ({"data": [{"paragraphs": [{"qas": [{"id": "q", "answers": "Paris"}]}]}]}, {"q": "x"}, TypeError, "bare str"),
    ({"data": [{"paragraphs": [{"qas": [{"id": "q", "answers": ["Paris"]}]}]}]}, {"q": "x"}, TypeError, "'text'"),
    ({"data": [{"paragraphs": [{"qas": [{"id": "q", "answers": [{"text": 3}]}]}]}]}, {"q": "x"}, TypeError,
     r"text \(question 'q'\) must be a str"),
    (_dataset([["a"]]), {"q0": 1}, TypeError, "prediction for question 'q0' must be a str"),
    (_dataset([["a"]]), ["a"], TypeError, "predictions"),
    (_dataset([["a"], ["b"]], ids=["q", "q"]), {"q": "a"}, ValueError, "appears twice"),
    ({"data": []}, {}, ValueError, "no questions"),
    ({"articles": []}, {}, ValueError, "no 'data' key"),
])
def test_bad_input_is_refused(dataset, predictions, error, match):
    with pytest.raises(error, match=match):
        evaluate_squad(dataset, predictions, version="2.0")


def test_bad_options_are_refused():
    dataset = _dataset([["a"]])
    with pytest.raises(ValueError, match="unknown SQuAD version"):
        evaluate_squad(dataset, {"q0": "a"}, version="2")
    with pytest.raises(ValueError, match="v2.0's"):
        evaluate_squad(dataset, {"q0": "a"}, version="1.1", na_probs={"q0": 0.1})
    with pytest.raises(ValueError, match="needs one per question"):
        evaluate_squad(_dataset([[]]), {"q0": "a"}, version="1.1")
    with pytest.raises(TypeError, match="na_prob_thresh"):
        evaluate_squad(dataset, {"q0": "a"}, version="2.0", na_prob_thresh="0.5")


def test_dataset_order_and_list_form():
    ids, golds = dataset_questions(_dataset([["a"], ["b", "c"], []])["data"])
    assert ids == ["q0", "q1", "q2"] and golds == [["a"], ["b", "c"], []]


def test_cli_report_and_errors(tmp_path, capsys):
    """``bleuprint squad``: the golden case with a moved threshold, printed as JSON; bad input
    is one line on standard error and status 2; v1.1 notes a missing prediction."""
    case = next(c for c in REPORTS if c["na_probs"] is not None and c["threshold"] < 1.0)
    ids = [f"q{i}" for i in range(len(case["hyps"]))]
    (tmp_path / "data.json").write_text(json.dumps(_dataset(case["refs"])))
    (tmp_path / "pred.json").write_text(json.dumps(dict(zip(ids, case["hyps"]))))
    (tmp_path / "na.json").write_text(json.dumps(dict(zip(ids, case["na_probs"]))))
    files = [str(tmp_path / "data.json"), str(tmp_path / "pred.json")]
    assert cli_main(["squad", *files, "--na-prob-file", str(tmp_path / "na.json"),
                     "--na-prob-thresh", str(case["threshold"]), "--json"]) == 0
    assert json.loads(capsys.readouterr().out) == case["report"]

    (tmp_path / "part.json").write_text(json.dumps({"q0": case["hyps"][0]}))
    part = [files[0], str(tmp_path / "part.json")]
    if len(ids) > 1:
        assert cli_main(["squad", *part]) == 2
        err = capsys.readouterr().err
        assert err.count("\n") == 1 and err.startswith("bleuprint squad: error: predictions missing for")
    (tmp_path / "bad.json").write_text("{not json")
    assert cli_main(["squad", files[0], str(tmp_path / "bad.json")]) == 2
    assert "is not JSON" in capsys.readouterr().err

    (tmp_path / "v1.json").write_text(json.dumps(_dataset([["x"], ["y"]])))
    (tmp_path / "p1.json").write_text(json.dumps({"q0": "x"}))
    assert cli_main(["squad", str(tmp_path / "v1.json"), str(tmp_path / "p1.json"), "--version", "1.1"]) == 0
    out = capsys.readouterr()
    assert json.loads(out.out) == {"exact_match": 50.0, "f1": 50.0}  # hand: q0 right, q1 missing: 1/2
    assert out.err == "Unanswered question q1 will receive score 0.\n"


def test_signature_names_script_normaliser_and_value():
    """The definition (``signature_fields``, ``signature_version``): nrefs, the
    script, the normaliser, the value, then the version ``squad-official-scripts`` (the
    official scripts' numbers; not sacreBLEU's 2.5.1, which has no SQuAD)."""
    from bleuprint.spec.signature import signature

    assert signature(configured("squad", version="2.0", value="exact"), nrefs=2) == \
        "nrefs:2|script:v2.0|norm:official|value:exact|version:squad-official-scripts"
    assert signature("squad", nrefs="var", short=True) == "#:var|s:v1.1|nr:official|val:f1|v:squad-official-scripts"
    assert "2.5.1" not in signature("squad")


def test_score_command_on_line_files(tmp_path, capsys):
    """``bleuprint score -m squad``: line i of each reference file is a gold answer of
    question i; an empty line everywhere is unanswerable in v2.0. Hand: q0 "Broncos" vs
    {"Denver Broncos", "the Broncos"}: EM 1 (second normalizes to "broncos"), F1 1; q1 ""
    vs {"", ""}: v1.1 EM 1, F1 0 (empty rule); v2.0 unanswerable, EM 1, F1 1; q2 "Paris"
    vs {"Paris", "paris!"}: 1, 1. v1.1 f1 = 100 * 2/3 = 66.66..., v2.0 f1 = 100."""
    (tmp_path / "hyp.txt").write_text("Broncos\n\nParis\n")
    (tmp_path / "r1.txt").write_text("Denver Broncos\n\nParis\n")
    (tmp_path / "r2.txt").write_text("the Broncos\n\nparis!\n")
    refs = [str(tmp_path / "r1.txt"), str(tmp_path / "r2.txt")]
    for extra, f1 in (([], 100 * 2 / 3), (["--metric-option", "version=2.0"], 100.0)):
        assert cli_main(["score", *refs, "-m", "squad", "-i", str(tmp_path / "hyp.txt"), *extra]) in (0, None)
        out = json.loads(capsys.readouterr().out)
        assert out["parts"]["exact"] == 100.0
        assert out["parts"]["f1"] == pytest.approx(f1, abs=1e-9)  # within 1e-9


def test_score_command_prints_the_signature_like_rouge(tmp_path, capsys):
    """``bleuprint score -m squad`` prints its own signature as ROUGE does: in the JSON
    (``signature``) and in the text form (``squad|<signature> = score``), the version key
    ``squad-official-scripts``, never sacreBLEU's. Hand: 2 questions, 1 reference file;
    "Paris" vs "paris": EM 1, F1 1; "the cat" vs "cat sat": normalized "cat" vs "cat sat",
    EM 0, F1 = 2 * (1/1 * 1/2) / (1/1 + 1/2) = 2/3; f1 = 100 * (1 + 2/3) / 2 = 83.33...,
    printed to 1 decimal (sacreBLEU's default width 1) as 83.3."""
    (tmp_path / "hyp.txt").write_text("Paris\nthe cat\n")
    (tmp_path / "ref.txt").write_text("paris\ncat sat\n")
    args = ["score", str(tmp_path / "ref.txt"), "-m", "squad", "-i", str(tmp_path / "hyp.txt")]
    signature = "nrefs:1|script:v1.1|norm:official|value:f1|version:squad-official-scripts"
    assert cli_main(args) in (0, None)
    out = json.loads(capsys.readouterr().out)
    assert out["signature"] == signature
    assert out["parts"]["f1"] == pytest.approx(100 * (1 + 2 / 3) / 2, abs=1e-9)  # within 1e-9
    assert cli_main(args + ["-f", "text"]) in (0, None)
    text = capsys.readouterr().out.strip()
    assert text.startswith(f"squad|{signature} = 83.3 ")
    assert cli_main(args + ["-f", "text", "--short", "--metric-option", "version=2.0"]) in (0, None)
    assert capsys.readouterr().out.startswith("squad|#:1|s:v2.0|nr:official|val:f1|v:squad-official-scripts = ")
