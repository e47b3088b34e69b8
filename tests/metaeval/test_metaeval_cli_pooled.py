"""``bleuprint meta-eval``'s significance tests, its ``--data`` layout (language pairs pooled)
and ``--metric`` (scores computed by bleuprint).

The significance matrices are checked against mt-metrics-eval's own (the goldens'
``significance_matrix`` cases, ``==`` on every p-value and rank; Williams' relative 1e-10); the
computed scores against hand counts written out in the docstrings."""

from __future__ import annotations

import io
import json
from pathlib import Path

import pytest

from bleuprint.cli import build_parser
from bleuprint.oracles.mtme_goldens import golden_document

DOC = golden_document()
SIG = {data["id"]: data for data in DOC["significance_inputs"]}


def run(argv):
    args = build_parser().parse_args(["meta-eval", *argv])
    out, err = io.StringIO(), io.StringIO()
    status = args.handler.__globals__["run"](args, out, err)
    return status, out.getvalue(), err.getvalue()


def write(path: Path, lines) -> str:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text("".join(f"{line}\n" for line in lines), encoding="utf-8")
    return str(path)


def seg_lines(matrix, names=None):
    names = names or [f"sys{s}" for s in range(len(matrix))]
    return [f"{n}\t{'None' if v is None else repr(v)}" for n, row in zip(names, matrix) for v in row]


def golden(**fields):
    return next(c for c in DOC["cases"] if c["statistic"] == "significance_matrix"
                and all(c.get(k) == v for k, v in fields.items()))


def flat(rows):
    return [v for row in rows for v in row]


def test_segment_significance_is_the_oracles(tmp_path):
    """Four metrics against DA-like scores, Pearson averaged by item, PERM-BOTH k 200 in
    blocks of 50 from seed 7: the order, every p-value and the ranks are mt-metrics-eval's
    ``data.CompareMetrics`` run after ``numpy.random.seed(7)``; soft pairwise accuracy's, k 100
    in blocks of 50 from seed 9, its ``CompareMetricsWithPairwiseConfidenceError``'s."""
    data = SIG["sig-da-4x40"]
    human = write(tmp_path / "xx.da.seg.score", seg_lines(data["gold"]))
    files = [write(tmp_path / f"{name}.seg.score", seg_lines(m)) for name, m in data["metrics"].items()]
    status, out, err = run(["--human", human, "-m", *files, "-f", "json", "--significance", "--k", "200",
                            "--block-size", "50", "--sig-seed", "7"])
    assert (status, err) == (0, "")
    test = json.loads(out)["significance"]["tests"]["pearson_seg"]
    case = golden(input="sig-da-4x40", correlation="pearson", average_by="item")
    assert test["order"] == case["order"]
    assert flat(test["perm_both"]) == case["p"]
    assert test["ranks"] == case["ranks"]
    assert flat(test["williams"]) == pytest.approx(case["williams"], rel=1e-10, abs=0)
    status, out, _ = run(["--human", human, "-m", *files, "-f", "json", "--significance", "--k", "100",
                          "--block-size", "50", "--sig-seed", "9"])
    test = json.loads(out)["significance"]["tests"]["soft_pairwise_accuracy"]
    case = golden(input="sig-da-4x40", correlation="pce")
    assert (test["order"], flat(test["perm_both"]), test["ranks"]) == (case["order"], case["p"], case["ranks"])
    status, text, _ = run(["--human", human, "-m", *files, "--significance", "--k", "200", "--block-size", "50",
                           "--sig-seed", "7"])
    assert status == 0 and "  pearson_seg: 1: m1, m3; 2: m2; 3: m4" in text.splitlines()


def test_acc23_significance_is_the_oracles(tmp_path):
    """acc23's test between the four metrics, k 200 in blocks of 50 from seed 11: the order, the
    values, every p-value (``perm_pairs``) and the ranks are mt-metrics-eval's
    ``data.CompareMetrics(..., stats.KendallWithTiesOpt, 'item', perm_test='pairs',
    sample_rate=1.0)`` run after ``numpy.random.seed(11)``; the table's ranks line says them."""
    data = SIG["sig-mqm-5x24"]
    human = write(tmp_path / "xx.mqm.seg.score", seg_lines(data["gold"]))
    files = [write(tmp_path / f"{name}.seg.score", seg_lines(m)) for name, m in data["metrics"].items()]
    status, out, err = run(["--human", human, "-m", *files, "-f", "json", "--significance", "--k", "200",
                            "--block-size", "50", "--sig-seed", "11"])
    assert (status, err) == (0, "")
    test = json.loads(out)["significance"]["tests"]["acc23"]
    case = golden(input="sig-mqm-5x24", correlation="acc23", k=200)
    assert (test["order"], test["values"]) == (case["order"], case["values"])
    assert (flat(test["perm_pairs"]), test["ranks"]) == (case["p"], case["ranks"])
    assert "perm_both" not in test
    status, text, _ = run(["--human", human, "-m", *files, "--significance", "--k", "200", "--block-size", "50",
                           "--sig-seed", "11"])
    clusters: dict = {}
    for name, rank in zip(case["order"], case["ranks"]):
        clusters.setdefault(rank, []).append(name)
    expected = "  acc23: " + "; ".join(f"{rank}: {', '.join(names)}" for rank, names in clusters.items())
    assert status == 0 and expected in text.splitlines()
    assert any(line.startswith("significance: PERM-BOTH (acc23: permutation over pairs), k 200, blocks of 50")
               for line in text.splitlines())


def mtme_layout(root: Path, lps) -> None:
    """The goldens' three system-level language pairs in mt-metrics-eval's layout."""
    for index, lp in enumerate(lps):
        name = f"l{index}-x{index}"
        write(root / "human-scores" / f"{name}.mqm.sys.score", [f"{s}\t{g!r}" for s, g in zip(lp["systems"], lp["gold"])])
        for metric, values in lp["metrics"].items():
            write(root / "metric-scores" / name / f"{metric}-refA.sys.score",
                  [f"{s}\t{v!r}" for s, v in zip(lp["systems"], values)])


def test_pooled_pairwise_accuracy_and_its_significance_are_the_oracles(tmp_path):
    """Three language pairs (4, 6 and 5 systems) in mt-metrics-eval's folder layout: the pooled
    pairwise accuracy, its ranking and its PERM-BOTH matrix (k 300, blocks of 100, seed 1) are
    those of mt-metrics-eval's ``data.CompareMetricsWithGlobalAccuracy``; each language pair's
    Pearson matrix (k 500, blocks of 100) its ``data.CompareMetrics``, for the seed of that run."""
    lps = SIG["sig-sys-3lps"]["language_pairs"]
    mtme_layout(tmp_path, lps)
    status, out, err = run(["--data", str(tmp_path), "-f", "json", "--significance", "--k", "300", "--sig-seed", "1"])
    assert (status, err) == (0, "")
    report = json.loads(out)
    assert list(report["language_pairs"]) == ["l0-x0", "l1-x1", "l2-x2"]
    case = golden(input="sig-sys-3lps", correlation="accuracy", k=300)
    test = report["pooled"]["significance"]["tests"]["pairwise_accuracy"]
    assert test["order"] == case["order"] and test["values"] == case["values"]
    assert flat(test["perm_both"]) == case["p"] and test["ranks"] == case["ranks"]
    assert [report["pooled"]["pairwise_accuracy"][n] for n in case["order"]] == case["values"]
    for index in range(3):
        case = golden(input="sig-sys-3lps", correlation="pearson", language_pair=index)
        status, out, _ = run(["--data", str(tmp_path), "--lp", f"l{index}-x{index}", "-f", "json", "--significance",
                              "--k", "500", "--sig-seed", str(case["seed"])])
        test = json.loads(out)["language_pairs"][f"l{index}-x{index}"]["significance"]["tests"]["pearson_sys"]
        assert test["order"] == case["order"] and flat(test["perm_both"]) == case["p"]


def test_metric_computed_by_bleuprint(tmp_path):
    """References "a b", "c d", "e f". System A says "a b", "c d", "x"; B "a b", "x", "y"; C
    "z", "x", "y". Human (MQM-like) A -1, B -2, C -3 on every segment, so A > B > C.
    exact_match (segments 1/0): A 2/3, B 1/3, C 0: every pair agrees, pairwise accuracy 1.
    TER (lower is better) A 2/6 edits per reference word, B 4/6, C 6/6: negated, A > B > C,
    accuracy 1 (0 if it were not negated). Segment 3 ("e f"): every system is wrong
    (exact_match ties at 0, TER ties at 100) while the humans tie too: acc23 counts those
    pairs as agreeing."""
    refs = write(tmp_path / "ref.txt", ["a b", "c d", "e f"])
    hyps = tmp_path / "hyps"
    write(hyps / "A.txt", ["a b", "c d", "x"])
    write(hyps / "B.txt", ["a b", "x", "y"])
    write(hyps / "C.txt", ["z", "x", "y"])
    human = write(tmp_path / "h.seg.score", [f"{s}\t{v}" for s, v in (("A", -1.0), ("B", -2.0), ("C", -3.0))
                                             for _ in range(3)])
    status, out, err = run(["--human", human, "--metric", "exact_match", "ter", "--hyps-dir", str(hyps),
                            "--refs", refs, "-f", "json"])
    assert (status, err) == (0, "")
    metrics = json.loads(out)["metrics"]
    assert metrics["exact_match"]["pairwise_accuracy"] == 1.0
    assert metrics["ter"]["pairwise_accuracy"] == 1.0
    assert metrics["ter"]["files"] == [f"computed by bleuprint from {hyps}"]


@pytest.mark.parametrize("argv, message", [
    (["--metric", "bleu"], "give --human (one language pair) or --data"),
    (["--human", "h.seg.score", "--metric", "bleu"], "--metric needs --hyps-dir"),
    (["--human", "h.seg.score"], "give --metric-scores FILE... or --metric NAME..."),
    (["--data", "d", "--human", "h.seg.score"], "--data reads its own human scores"),
    (["--human", "h.seg.score", "-m", "x.seg.score", "--lp", "en-de"], "--gold, --lp and --ref go with --data"),
    (["--human", "h.seg.score", "-m", "x.seg.score", "--significance", "--k", "0"], "--k and --block-size"),
])
def test_argument_errors_are_one_line(argv, message):
    status, out, err = run(argv)
    assert (status, out) == (2, "") and err.count("\n") == 1 and message in err


def test_data_errors_name_the_problem(tmp_path):
    status, _, err = run(["--data", str(tmp_path)])
    assert status == 2 and "no human-scores/ folder" in err
    write(tmp_path / "human-scores" / "en-de.mqm.seg.score", ["a 1", "b 2"])
    write(tmp_path / "human-scores" / "en-de.da.seg.score", ["a 1", "b 2"])
    status, _, err = run(["--data", str(tmp_path)])
    assert status == 2 and "several human scores (da, mqm): choose one with --gold" in err
    status, _, err = run(["--data", str(tmp_path), "--gold", "mqm", "--metric", "bleu"])
    assert status == 2 and "references: no en-de.REF.txt for --metric" in err
    write(tmp_path / "references" / "en-de.refA.txt", ["x", "y"])
    status, _, err = run(["--data", str(tmp_path), "--gold", "mqm", "--metric", "bleu"])
    assert status == 2 and "system-outputs/en-de: no system outputs" in err


def test_data_layout_with_computed_metrics_and_the_wmt24_average(tmp_path):
    """Two language pairs in mt-metrics-eval's layout with system outputs and a reference, scored
    by bleuprint's exact_match (1 per matching segment). xx-yy: reference "a", "b"; A says "a",
    "b" (exact_match 1, 1), B "a", "z" (1, 0); human A 0, 0 and B 0, -1: A > B on both sides,
    pairwise accuracy 1. zz-ww: reference "c", "d"; A "c", "x" (1, 0), B "y", "d" (0, 1); human
    A -1, 0 and B 0, -5: the humans prefer A (-0.5 against -2.5), exact_match ties them (1/2
    each: corpus score 0.5 = 0.5), a disagreement: 0. Pooled: 1 agreeing pair of 2 = 0.5.
    WMT24's average: (SPA(xx) + acc23(xx) + SPA(zz) + acc23(zz)) / 4, each from the language
    pair's own report, summed in the order of the sorted language pairs."""
    for lp, ref, outputs, human in (("xx-yy", ["a", "b"], {"A": ["a", "b"], "B": ["a", "z"]},
                                     {"A": [0.0, 0.0], "B": [0.0, -1.0]}),
                                    ("zz-ww", ["c", "d"], {"A": ["c", "x"], "B": ["y", "d"]},
                                     {"A": [-1.0, 0.0], "B": [0.0, -5.0]})):
        write(tmp_path / "references" / f"{lp}.refA.txt", ref)
        for system, lines in outputs.items():
            write(tmp_path / "system-outputs" / lp / f"{system}.txt", lines)
        write(tmp_path / "human-scores" / f"{lp}.mqm.seg.score",
              [f"{s}\t{v}" for s, values in human.items() for v in values])
    status, out, err = run(["--data", str(tmp_path), "--metric", "exact_match", "-f", "json"])
    assert (status, err) == (0, "")
    report = json.loads(out)
    lps = report["language_pairs"]
    assert lps["xx-yy"]["metrics"]["exact_match"]["pairwise_accuracy"] == 1.0
    assert lps["zz-ww"]["metrics"]["exact_match"]["pairwise_accuracy"] == 0.0
    assert report["pooled"]["pairwise_accuracy"] == {"exact_match": 0.5}
    parts = [lps[lp]["metrics"]["exact_match"][key] for lp in ("xx-yy", "zz-ww")
             for key in ("soft_pairwise_accuracy", "acc23")]
    assert report["pooled"]["wmt24_average"]["exact_match"] == sum(v * (1 / 4) for v in parts)
