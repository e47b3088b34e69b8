"""``bleuprint compare-scores``: a learned metric's score files compared by the convention named.
COMET's convention on a golden case written as comet-score JSON gives COMET's own numbers
(``bleuprint/oracles/goldens/comet_compare.json``: exactly, and the t-test within 1e-12 of
scipy's on the float32 scores); sacreBLEU's conventions give the Python API's report, which
``tests/spec/test_model_score_intervals.py`` holds to sacreBLEU's code; bad input is one line
and exit status 2."""

from __future__ import annotations

import io
import json

import pytest

import bleuprint
from bleuprint.cli import build_parser
from bleuprint.oracles.goldens import load_goldens


def run(argv):
    args = build_parser().parse_args(["compare-scores", *argv])
    out, err = io.StringIO(), io.StringIO()
    status = args.handler.__globals__["run"](args, out, err)
    return status, out.getvalue(), err.getvalue()


@pytest.mark.parametrize("layer", ["impl", "spec"])
def test_comet_convention_on_a_golden_case_is_comets(tmp_path, layer):
    case = next(c for c in load_goldens("comet_compare")["cases"] if len(c["systems"]) == 3 and c["seed"] == 1)
    path = tmp_path / "comet.json"
    path.write_text(json.dumps({name: [{"src": "s", "mt": "m", "COMET": v} for v in scores]
                                for name, scores in case["systems"].items()}), encoding="utf-8")
    status, out, err = run([str(path), "--convention", "comet", "-n", str(case["num_splits"]), "--seed",
                            str(case["seed"]), "--sample-ratio", str(case["sample_ratio"]), "--impl", layer])
    assert status == 0, err
    pairs = json.loads(out)["pairs"]
    assert len(pairs) == len(case["pairs"]) == 3
    for mine, theirs in zip(pairs, case["pairs"]):
        boot = theirs["bootstrap_resampling"]
        assert (mine["x_mean"], mine["y_mean"], mine["ties"], mine["x_wins"], mine["y_wins"]) == (
            boot["x-mean"], boot["y-mean"], boot["ties (%)"], boot["x_wins (%)"], boot["y_wins (%)"])
        assert mine["p_value"] == pytest.approx(theirs["t_test_float64"]["p_value"], abs=1e-12)


@pytest.mark.parametrize("convention", ["sacrebleu-bs", "sacrebleu-ar"])
def test_sacrebleu_conventions_are_the_apis(tmp_path, convention):
    systems = {"base": [0.5, 0.25, 0.75, 0.125, 0.5], "new": [0.625, 0.25, 0.875, 0.25, 0.5]}
    path = tmp_path / "scores.tsv"
    path.write_text("".join(f"{name}\t{i}\t{v!r}\n" for name, row in systems.items() for i, v in enumerate(row)),
                    encoding="utf-8")
    status, out, err = run([str(path), "--convention", convention, "-n", "200"])
    assert status == 0, err
    assert json.loads(out) == bleuprint.compare_scores(systems, convention, n=200)


def test_bad_input_is_one_line(tmp_path):
    (tmp_path / "a.txt").write_text("0.5\n0.25\n", encoding="utf-8")
    (tmp_path / "b.txt").write_text("0.5\nx\n", encoding="utf-8")
    status, out, err = run([str(tmp_path / "a.txt"), str(tmp_path / "b.txt")])
    assert (status, out) == (2, "") and err.count("\n") == 1 and "b.txt:2: score 'x' is not a number" in err
    status, out, err = run([str(tmp_path / "a.txt")])
    assert status == 2 and "at least two systems" in err
