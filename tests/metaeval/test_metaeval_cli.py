"""``bleuprint meta-eval`` and the score-file reader.

The CLI's numbers are checked against mt-metrics-eval's goldens (the fixture's input
``mqm-5x30``, written out as score files: the statistics averaged by item, soft pairwise
accuracy with 1,000 permutations and seed 4, exact as the golden tests state), and its
system-level accuracy against a hand count in the docstring."""

from __future__ import annotations

import io
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from bleuprint.cli import build_parser
from bleuprint.metaeval.readers import ScoreFileError, read_score_file
from bleuprint.oracles.mtme_goldens import golden_document

ROOT = Path(__file__).resolve().parents[2]
DOC = golden_document()


def run(argv):
    args = build_parser().parse_args(["meta-eval", *argv])
    out, err = io.StringIO(), io.StringIO()
    status = args.handler.__globals__["run"](args, out, err)
    return status, out.getvalue(), err.getvalue()


def write_scores(path: Path, matrix, names=None):
    names = names or [f"sys{s}" for s in range(len(matrix))]
    path.write_text("".join(f"{name}\t{'None' if v is None else repr(v)}\n" for name, row in zip(names, matrix)
                            for v in row), encoding="utf-8")
    return str(path)


def golden(statistic, **fields):
    for case in DOC["cases"]:
        if case["statistic"] == statistic and all(case.get(k) == v for k, v in fields.items()):
            return case
    raise LookupError((statistic, fields))


@pytest.mark.parametrize("input_id", ["mqm-5x30", "mqm-5x40-unrated-segments"])
def test_json_report_equals_the_oracle(tmp_path, input_id):
    data = next(d for d in DOC["inputs"] if d["id"] == input_id)
    human = write_scores(tmp_path / "xx-yy.mqm.seg.score", data["gold"])
    metric = write_scores(tmp_path / "M.seg.score", data["metrics"][0])
    status, out, err = run(["--human", human, "--metric-scores", metric, "-f", "json"])
    assert (status, err) == (0, "")
    report = json.loads(out)
    assert (report["format"], report["version"]) == ("bleuprint-meta-eval", 3)
    assert report["systems"] == [f"sys{s}" for s in range(len(data["gold"]))]
    got = report["metrics"]["M"]
    assert got["files"] == [metric]
    item = {"input": input_id, "average_by": "item"}
    assert got["acc23"] == golden("tie_calibrated", variant="acc23", **item)["value"]
    assert got["acc23_threshold"] == golden("tie_calibrated", variant="acc23", **item)["threshold"]
    for variant in ("b", "c", "23"):
        assert got[f"kendall_{variant}"] == golden("kendall", variant=variant, epsilon=0.0, **item)["value"]
    assert got["kendall_like"] == golden("kendall_like", threshold=25.0, **item)["value"]
    assert got["pearson_seg"] == pytest.approx(golden("pearson", **item)["value"], abs=1e-12)
    spa = golden("soft_pairwise_accuracy", input=input_id, metric=0, num_permutations=1000, seed=4)
    assert got["soft_pairwise_accuracy"] == spa["value"]


def test_system_level_accuracy_by_hand(tmp_path):
    """Human system scores (.sys.score) a=3, b=2, c=1; the metric's a=0.9, b=0.1, c=0.5.
    Pairs: (a,b) agree (both a higher), (a,c) agree, (b,c) disagree (human b > c, metric
    b < c): 2 of 3. Pearson is not asked for by hand: only PA is checked."""
    human = tmp_path / "h.sys.score"
    human.write_text("a 3\nb 2\nc 1\n")
    metric = tmp_path / "m.sys.score"
    metric.write_text("a 0.9\nb 0.1\nc 0.5\n")
    status, out, _ = run(["--human", str(human), "-m", str(metric), "-f", "json"])
    assert status == 0
    stats = json.loads(out)["metrics"]["m"]
    assert stats["pairwise_accuracy"] == 2 / 3
    assert "soft_pairwise_accuracy" not in stats and "acc23" not in stats


def test_table_lists_every_metric(tmp_path):
    data = DOC["inputs"][0]
    human = write_scores(tmp_path / "h.seg.score", data["gold"])
    m1 = write_scores(tmp_path / "first.seg.score", data["metrics"][0])
    m2 = write_scores(tmp_path / "second.seg.score", data["metrics"][1])
    status, out, _ = run(["--human", human, "-m", m1, m2])
    lines = out.splitlines()
    assert status == 0 and lines[0].startswith("5 systems x 30 segments")
    assert [line.split()[0] for line in lines[2:]] == ["first", "second"]
    acc23 = golden("tie_calibrated", input=data["id"], average_by="item", variant="acc23")["value"]
    assert lines[2].split()[4] == f"{acc23:.4f}"


@pytest.mark.parametrize("content, message", [
    ("a 1\nb\n", "h.seg.score:2: expected 2 fields"),
    ("a 1\na 2\nb 1\n", "h.seg.score:3: system b has 1 segment scores, system a has 2"),
    ("a 1\nb x1\n", "h.seg.score:2: score 'x1' is not a number"),
    ("a 1\nb nan\n", "h.seg.score:2: score 'nan' is not finite"),
    ("", "h.seg.score: no scores"),
    ("a 1\n\nb 2\n", "h.seg.score:2: empty line"),
])
def test_reader_names_file_and_line(tmp_path, content, message):
    path = tmp_path / "h.seg.score"
    path.write_text(content)
    with pytest.raises(ScoreFileError, match=message.replace(".", r"\.")):
        read_score_file(path)


def test_reader_levels_and_missing(tmp_path):
    path = tmp_path / "x.sys.score"
    path.write_text("a 1\na 2\n")
    with pytest.raises(ScoreFileError, match=r"x\.sys\.score:2: system a already has a score on line 1"):
        read_score_file(path)
    seg = tmp_path / "m.seg.score"
    seg.write_text("a 0.5\na None\nb 1\nb 2\n")
    assert read_score_file(seg).scores == {"a": [0.5, None], "b": [1.0, 2.0]}
    with pytest.raises(ScoreFileError, match=r"m\.seg\.score:2: system a has no score"):
        read_score_file(seg, allow_missing=False)


def test_cli_errors_are_one_line(tmp_path):
    human = tmp_path / "h.seg.score"
    human.write_text("a 1\na 2\nb 3\nb 4\nc 0\nc 1\n")
    metric = tmp_path / "m.seg.score"
    metric.write_text("a 1\na 2\nb 3\nb 4\n")
    status, out, err = run(["--human", str(human), "-m", str(metric)])
    assert (status, out) == (2, "")
    assert err == "bleuprint meta-eval: metric m: no scores for system(s) c that the human scores rate\n"
    short = tmp_path / "s.seg.score"
    short.write_text("a 1\nb 3\nc 4\n")
    status, _, err = run(["--human", str(human), "-m", str(short)])
    assert status == 2 and err.count("\n") == 1 and "system a has 1 segment scores, the human scores have 2" in err


def test_parser_does_not_import_the_statistics():
    """The subcommand's statistics (and numpy) load only when it runs."""
    code = ("import sys, bleuprint.cli as c; c.build_parser(); "
            "sys.exit(any(m.startswith('bleuprint.metaeval') for m in sys.modules))")
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    assert subprocess.run([sys.executable, "-c", code], cwd=ROOT, env=env, check=False).returncode == 0


@pytest.mark.parametrize("fast", [True, False])
def test_pooled_pairwise_accuracy_by_hand(fast):
    """Two language pairs. xx: human a=3, b=2, c=1; metric M a=0.9, b=0.1, c=0.5: (a,b) and
    (a,c) agree, (b,c) does not: 2 of 3. yy: human p=1, q=2 (r unrated: left out); M p=0.2,
    q=0.1: 0 of 1. Pooled: (2 + 0) / (3 + 1) = 0.5, not the mean of 2/3 and 0. N, missing
    from yy, is not ranked."""
    from bleuprint.metaeval.api import pooled_pairwise_accuracy

    lps = {"xx": ({"a": 3.0, "b": 2.0, "c": 1.0}, {"M": {"a": 0.9, "b": 0.1, "c": 0.5}, "N": {"a": 1, "b": 2, "c": 3}}),
           "yy": ({"p": 1.0, "q": 2.0, "r": None}, {"M": {"p": 0.2, "q": 0.1}})}
    assert pooled_pairwise_accuracy(lps, fast) == {"M": 0.5}
    lps["yy"][1]["M"].pop("q")
    with pytest.raises(ValueError, match="yy: metric M has no score for system"):
        pooled_pairwise_accuracy(lps, fast)


def test_evaluate_spec_and_impl_agree(tmp_path):
    """``bleuprint meta-eval --spec`` (the literal spec) and the default (impl) report the same
    statistics on the goldens' input mqm-5x40-unrated-segments (unrated segments, two metrics):
    exact for the counting statistics, within 1e-12 for the means (Pearson, soft pairwise
    accuracy: float32-exact human scores, COMET-like metric scores without near-ties there,
    as the golden tests show)."""
    data = next(d for d in DOC["inputs"] if d["id"] == "mqm-5x40-unrated-segments")
    human = write_scores(tmp_path / "h.seg.score", data["gold"])
    metrics = [write_scores(tmp_path / f"m{k}.seg.score", m) for k, m in enumerate(data["metrics"])]
    reports = []
    for extra in ([], ["--spec"]):
        status, out, err = run(["--human", human, "-m", *metrics, "-f", "json", *extra])
        assert (status, err) == (0, "")
        reports.append(json.loads(out)["metrics"])
    fast, literal = reports
    assert fast.keys() == literal.keys() == {"m0", "m1"}
    for name in fast:
        for key in ("pairwise_accuracy", "acc23", "acc23_threshold", "kendall_b", "kendall_c", "kendall_23",
                    "kendall_like"):
            assert fast[name][key] == literal[name][key], (name, key)
        for key in ("soft_pairwise_accuracy", "pearson_sys", "pearson_seg"):
            assert fast[name][key] == pytest.approx(literal[name][key], abs=1e-12), (name, key)


def test_a_learned_metrics_files_in_model_scores_formats_give_the_same_report(tmp_path):
    """The golden input's first metric as a .seg.score, as COMET's comet-score JSON and as a
    TSV of shuffled segment ids: the same statistics (the same numbers, read otherwise). With
    --lower-is-better the negated file of the negated scores gives them too."""
    data = DOC["inputs"][0]
    human = write_scores(tmp_path / "h.seg.score", data["gold"])
    matrix = data["metrics"][0]
    names = [f"sys{s}" for s in range(len(matrix))]
    seg = write_scores(tmp_path / "comet.seg.score", matrix)
    (tmp_path / "comet.json").write_text(json.dumps({name: [{"src": "s", "mt": "m", "COMET": v} for v in row]
                                                     for name, row in zip(names, matrix)}), encoding="utf-8")
    (tmp_path / "comet.tsv").write_text("".join(f"{name}\t{i}\t{row[i]!r}\n" for name, row in zip(names, matrix)
                                                for i in reversed(range(len(row)))), encoding="utf-8")
    negated = write_scores(tmp_path / "errors.seg.score", [[-v for v in row] for row in matrix])
    reports = {}
    for path, extra in ((seg, []), (str(tmp_path / "comet.json"), []), (str(tmp_path / "comet.tsv"), []),
                        (negated, ["--lower-is-better", "errors"])):
        status, out, err = run(["--human", human, "-m", path, *extra, "-f", "json"])
        assert status == 0, err
        (report,) = json.loads(out)["metrics"].values()
        assert report.pop("files") == [path]
        reports[path] = report
    first = reports[seg]
    assert all(report == first for report in reports.values())
    assert first["acc23"] == golden("tie_calibrated", input=data["id"], average_by="item", variant="acc23")["value"]
    status, _, err = run(["--human", human, "-m", seg, "--lower-is-better", "metricx"])
    assert status == 2 and err.count("\n") == 1 and "--lower-is-better metricx: no metric of that name" in err
