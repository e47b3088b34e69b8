"""Issue #21 item 2: systems x test sets x metrics in one call, with intervals and paired
tests, each number the in-process one.

Expected values: for each test set, metric and system, ``bleuprint.impl.bootstrap_stats``
on the in-process statistics matrix with ``numpy.random.default_rng(seed)`` (what
``bleuprint score --confidence`` computes), and the in-process paired test
(``bleuprint.impl.paired_bootstrap`` / ``paired_approximate_randomization`` from the
text); equal bit for bit (tolerance 0).
"""

from __future__ import annotations

import csv
import io
import json
import random
from pathlib import Path

import jsonschema
import numpy as np
import pytest

import bleuprint.impl as impl
from bleuprint.dask import evaluation_matrix, resampling_bytes
from bleuprint.dask.matrix import FIELDS
from bleuprint.core.value import metric as configured

SCHEMA = Path(__file__).resolve().parents[2] / "bleuprint" / "dask" / "schemas" / "evaluation-matrix-v1.json"
WORDS = "the cat sat on a mat dog barked today hello world , .".split()


def _test_set(seed: int, n: int, systems=("base", "better", "worse")):
    rng = random.Random(seed)
    line = lambda: " ".join(rng.choice(WORDS) for _ in range(rng.randint(1, 9)))  # noqa: E731
    refs = [line() for _ in range(n)]
    out = {}
    for k, name in enumerate(systems):
        out[name] = [r if rng.random() < 0.2 * k else line() for r in refs]
    return [refs], out


def test_matrix_equals_the_in_process_intervals_and_paired_tests(client, tmp_path):
    """Test set A in memory, test set B from files (read on the workers); BLEU, chrF and
    exact match (a MEAN metric); paired bootstrap with 200 resamples."""
    refs_a, systems_a = _test_set(1, 40)
    refs_b, systems_b = _test_set(2, 30)
    (tmp_path / "ref.txt").write_text("\n".join(refs_b[0]) + "\n", encoding="utf-8")
    files = {}
    for name, lines in systems_b.items():
        (tmp_path / f"{name}.txt").write_text("\n".join(lines) + "\n", encoding="utf-8")
        files[name] = str(tmp_path / f"{name}.txt")
    test_sets = {"A": {"refs": refs_a, "systems": systems_a},
                 "B": {"refs": [str(tmp_path / "ref.txt")], "systems": files}}
    metrics = ["bleu", configured("chrf", word_order=2), "exact_match"]
    result = evaluation_matrix(test_sets, metrics, client=client, n_boot=200, n_trials=200, seed=7)

    assert [(r["test_set"], r["metric"], r["system"]) for r in result.rows] == [
        (t, m, s) for t in ("A", "B") for m in ("bleu", "chrf", "exact_match") for s in ("base", "better", "worse")]
    texts = {"A": (refs_a, systems_a), "B": (refs_b, systems_b)}
    options = {"bleu": {}, "chrf": {"word_order": 2}, "exact_match": {}}
    for row in result.rows:
        streams, systems = texts[row["test_set"]]
        refs = [list(group) for group in zip(*streams)]
        metric, opts = row["metric"], options[row["metric"]]
        matrix = impl.stats_matrix(configured(metric, **opts), systems[row["system"]], refs)
        expected = impl.bootstrap_stats(configured(metric, **opts), matrix, 200, rng=np.random.default_rng(7))
        assert (row["score"], row["mean"], row["half_width"], row["lo"], row["hi"]) == (
            expected.score, expected.mean, expected.half_width, expected.lo, expected.hi)
        assert row["score"] == impl.corpus_score(configured(metric, **opts), systems[row["system"]], refs)
        assert row["n_segments"] == len(refs)
        assert row["baseline"] == (row["system"] == "base")
    for set_name, (streams, systems) in texts.items():
        refs = [list(group) for group in zip(*streams)]
        for metric, opts in options.items():
            paired = impl.paired_bootstrap(configured(metric, **opts), systems["base"],
                                           [systems["better"], systems["worse"]], refs, n=200, seed=7)
            got = [r["p_value"] for r in result.rows if r["test_set"] == set_name and r["metric"] == metric]
            assert got == [None] + [s.p_value for s in paired.systems]


def test_approximate_randomization_and_the_output_forms():
    refs, systems = _test_set(3, 25)
    result = evaluation_matrix({"T": {"refs": refs, "systems": systems}}, ["ter"], scheduler="sync", n_boot=50,
                               paired="ar", n_trials=300, seed=3)
    segment_refs = [[r] for r in refs[0]]
    expected = impl.paired_approximate_randomization("ter", systems["base"], [systems["better"], systems["worse"]],
                                                     segment_refs, n=300, seed=3)
    assert [r["p_value"] for r in result.rows] == [None] + [s.p_value for s in expected.systems]

    document = json.loads(result.to_json())
    jsonschema.validate(document, json.loads(SCHEMA.read_text(encoding="utf-8")))
    assert document["rows"] == result.rows and document["settings"]["paired"] == "ar"

    parsed = list(csv.DictReader(io.StringIO(result.to_csv())))
    assert list(parsed[0]) == list(FIELDS)
    for row, line in zip(result.rows, parsed):
        assert float(line["score"]) == row["score"]  # repr round-trips a float exactly
        assert (line["p_value"] == "") == (row["p_value"] is None)


def test_a_test_set_beyond_the_memory_bound_is_refused_and_scores_alone_remain():
    """BLEU rows have S = 10 columns; 3 systems x 25 segments: 3 x 3 x 25 x 10 x 8 =
    18,000 bytes. A bound of 10,000 bytes refuses it before any work; ``intervals=False``
    gives the exact scores of the same test set."""
    refs, systems = _test_set(4, 25)
    assert resampling_bytes(25, 10, 3, "bs", 1000) == 18_000
    assert resampling_bytes(25, 10, 3, "ar", 10_000) == 18_000 + 250_000
    test_sets = {"T": {"refs": refs, "systems": systems}}
    with pytest.raises(ValueError, match=r"'T', bleu: the resampling needs .* 3 systems x 25 segments x 10 columns"):
        evaluation_matrix(test_sets, ["bleu"], scheduler="sync", max_bytes=10_000)
    alone = evaluation_matrix(test_sets, ["bleu"], scheduler="sync", intervals=False, max_bytes=10_000)
    segment_refs = [[r] for r in refs[0]]
    assert [r["score"] for r in alone.rows] == [impl.corpus_score("bleu", systems[s], segment_refs)
                                                for s in ("base", "better", "worse")]
    assert all(r["mean"] is None and r["p_value"] is None for r in alone.rows)
    jsonschema.validate(json.loads(alone.to_json()), json.loads(SCHEMA.read_text(encoding="utf-8")))
