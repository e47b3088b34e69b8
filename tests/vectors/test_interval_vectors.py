"""The interval and paired-test vector files (issue #14): schema'd, deterministic, answered
by the spec, broken by the interval mutants, equal to sacreBLEU on the seed groups, and
skipped by the port protocol's vector reader."""

from __future__ import annotations

import copy
import hashlib
import json
import math
import os
import subprocess
import sys
from importlib import resources
from pathlib import Path

import jsonschema
import numpy as np
import pytest

from bleuprint.core import metric_names
from bleuprint.mutants import catalogue
from bleuprint.mutants.switch import replaced
from bleuprint.spec import intervals, significance
from bleuprint.vectors.build import dumps
from bleuprint.core import get_metric
from bleuprint.vectors.intervals import (INTERVAL_SCHEMA, INTERVAL_SCHEMA_V2, INTERVAL_SCHEMA_V3, INTERVAL_SCHEMA_V4,
                                         INTERVAL_SCHEMAS, evaluate_test, interval_files)
from bleuprint.spec.inputs import input_hooks

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture(scope="module")
def files():
    return interval_files()


def _schema(name: str = INTERVAL_SCHEMA) -> dict:
    text = resources.files("bleuprint.vectors").joinpath("schemas", name).read_text(encoding="utf-8")
    return json.loads(text)


def _all_tests(files):
    for document in files.values():
        for group in document["testGroups"]:
            for test in group["tests"]:
                yield document, group, test


def _first_failure(files) -> str | None:
    for document, group, test in _all_tests(files):
        failure = evaluate_test(document, group, test)
        if failure:
            return failure
    return None


def test_every_registered_metric_has_one_file_of_every_kind(files):
    assert sorted(files) == sorted(f"{name}_intervals.json" for name in metric_names())
    for name, document in files.items():
        definition = get_metric(document["metric"])
        # Version 2 only for a metric without references or whose segments are not text;
        # version 3 only for segments of embeddings (token arrays, or a vector as reference);
        # version 4 only for segments that are numbers (a model's scores).
        plain = definition.references and input_hooks(definition).segment_kind == "text"
        embedded = input_hooks(definition).segment_kind in ("embedding", "embeddings")
        expected = (INTERVAL_SCHEMA if plain else INTERVAL_SCHEMA_V3 if embedded
                    else INTERVAL_SCHEMA_V4 if input_hooks(definition).segment_kind == "score" else INTERVAL_SCHEMA_V2)
        assert document["schema"] == expected, name
        kinds = {group["kind"] for group in document["testGroups"]}
        assert kinds == {"bootstrap-indices", "bootstrap-seed", "paired-bs-indices", "paired-bs-seed",
                         "paired-ar-masks", "paired-ar-seed"}, name
        ids = [test["tcId"] for _, _, test in _all_tests({name: document})]
        assert ids == list(range(1, len(ids) + 1)) and document["numberOfTests"] == len(ids), name
        flags = {flag for _, _, test in _all_tests({name: document}) for flag in test["flags"]}
        assert flags == set(document["notes"]), name
        n_boot = [g["parameters"]["nBoot"] for g in document["testGroups"] if g["kind"] == "bootstrap-seed"]
        assert 1000 in n_boot, name


def test_every_document_validates_against_the_schema(files):
    validators = {}
    for version in INTERVAL_SCHEMAS:
        schema = _schema(version)
        jsonschema.Draft202012Validator.check_schema(schema)
        validators[version] = jsonschema.Draft202012Validator(schema)
    for name, document in files.items():
        errors = [f"{list(e.path)}: {e.message}" for e in validators[document["schema"]].iter_errors(document)]
        assert not errors, f"{name}: {errors[:3]}"


def test_the_schema_refuses_a_test_without_its_resamples(files):
    """The schema can fail: an indices test without ``resamples``, a stray key, a paired
    system row without its p-value."""
    validator = jsonschema.Draft202012Validator(_schema())
    document = copy.deepcopy(files["bleu_intervals.json"])
    del document["testGroups"][0]["tests"][0]["resamples"]
    assert not validator.is_valid(document)
    document = copy.deepcopy(files["bleu_intervals.json"])
    document["testGroups"][0]["tests"][0]["stray"] = 1
    assert not validator.is_valid(document)
    document = copy.deepcopy(files["bleu_intervals.json"])
    del document["testGroups"][-1]["tests"][0]["expected"]["systems"][0]["pValue"]
    assert not validator.is_valid(document)


def test_regeneration_is_byte_identical(files):
    """Another interpreter, with another hash seed, writes the same bytes."""
    mine = {name: hashlib.sha256(dumps(document).encode()).hexdigest() for name, document in files.items()}
    code = ("import hashlib, json; from bleuprint.vectors.intervals import interval_files; "
            "from bleuprint.vectors.build import dumps; "
            "print(json.dumps({n: hashlib.sha256(dumps(d).encode()).hexdigest() "
            "for n, d in interval_files().items()}))")
    env = {**os.environ, "PYTHONPATH": str(ROOT), "PYTHONHASHSEED": "4242"}
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env=env, cwd=ROOT,
                            timeout=120)
    assert result.returncode == 0, result.stderr
    assert json.loads(result.stdout) == mine


def test_the_spec_answers_every_test(files):
    failures = [f for f in (evaluate_test(*args) for args in _all_tests(files)) if f]
    assert not failures, failures[:3]


def test_evaluate_test_reports_a_wrong_value(files):
    document = files["bleu_intervals.json"]
    group = document["testGroups"][0]
    test = copy.deepcopy(group["tests"][2])
    test["expected"]["scores"][3] += 1e-6
    assert "expected.scores[3]" in evaluate_test(document, group, test)
    paired = next(g for g in document["testGroups"] if g["kind"] == "paired-ar-seed")
    test = copy.deepcopy(paired["tests"][0])
    test["expected"]["systems"][0]["pValue"] += 1e-12  # p-values must be exact
    assert "pValue" in evaluate_test(document, paired, test)


@pytest.mark.parametrize("mutant_id", ["s18", "f28", "f29"])
def test_each_interval_mutant_fails_a_test(files, mutant_id):
    mutant = catalogue.get(mutant_id)
    with replaced(mutant.patches):
        failure = _first_failure(files)
    assert failure is not None, f"{mutant_id} passes every interval vector"
    assert _first_failure(files) is None  # and the switch left the spec as it was


def test_the_notes_name_mutants_the_tests_catch(files):
    """A note's ``mutants`` are caught by at least one test carrying its flag."""
    notes = {flag: note for document in files.values() for flag, note in document["notes"].items()}
    for flag, note in notes.items():
        flagged = {name: {**document, "testGroups": [
            {**group, "tests": [t for t in group["tests"] if flag in t["flags"]]} for group in document["testGroups"]]}
            for name, document in files.items()}
        for mutant_id in note["mutants"]:
            with replaced(catalogue.get(mutant_id).patches):
                assert _first_failure(flagged) is not None, f"{flag}: {mutant_id} is not caught"


def test_the_seed_groups_agree_with_sacrebleu(files):
    pytest.importorskip("sacrebleu", reason="sacreBLEU 2.5.1 is the oracle")
    from bleuprint.oracles.vectors_check import interval_oracle_of, check_interval_files

    checked, mismatches = check_interval_files(files)
    assert not mismatches, mismatches[:3]
    # The seed groups of every metric sacreBLEU has intervals for (BLEU, chrF, TER); ROUGE's
    # oracle, rouge-score, has another bootstrap recipe, so its groups are not among them.
    seed_tests = sum(1 for document, group, _ in _all_tests(files)
                     if interval_oracle_of(document["metric"]) and group["kind"].endswith("-seed"))
    assert checked == seed_tests and checked > 0


def test_the_sacrebleu_check_can_fail(files):
    pytest.importorskip("sacrebleu", reason="sacreBLEU 2.5.1 is the oracle")
    from bleuprint.oracles.vectors_check import check_interval_files

    document = copy.deepcopy(files["chrf_intervals.json"])
    for kind, key in (("bootstrap-seed", None), ("paired-bs-seed", "systems")):
        group = next(g for g in document["testGroups"] if g["kind"] == kind)
        expected = group["tests"][0]["expected"]
        (expected[key][0] if key else expected)["mean"] += 1e-6
    _, mismatches = check_interval_files({"chrf_intervals.json": document})
    assert len(mismatches) == 2 and all("mean" in m for m in mismatches), mismatches


def test_resample_scores_by_hand():
    """Two segments, three given resamples, scored exactly.

    exact_match: hyps ["a b", "c"], refs [["a b"], ["d"]]: statistics rows [1] and [0].
    Resample [0, 1] sums to 1 of 2: 0.5; [0, 0] sums to 2 of 2: 1.0; [1, 1]: 0 of 2: 0.0.
    n_boot = 3, alpha = 0.05: lower = floor(3 * 0.05 / 2) = 0, upper = 3 - 1 - 0 = 2; the
    sorted scores 0.0, 0.5, 1.0 give the interval [0.0, 1.0], mean 1.5 / 3 = 0.5, half-width 0.5.

    BLEU: hyps ["a b c d", "a b"], refs [["a b c d"], ["a x"]]. Resample [0, 0] is segment 0
    twice: every n-gram precision is 8/8, 6/6, 4/4, 2/2 and the lengths are equal (brevity
    penalty 1). sacreBLEU's precisions are percentages, 100 * m / t = 100.0 each, and the
    score is exp(sum(log p_n) / 4) = exp(log(100.0)), which in double arithmetic is
    100.00000000000004 (not 100.0: log then exp does not round-trip), exactly as written here.
    """
    rows = intervals.statistics_rows(np.array([[1], [0]]))
    result = intervals.bootstrap_with_indices("exact_match", rows, [[0, 1], [0, 0], [1, 1]], 0.05)
    assert result.scores == (0.5, 1.0, 0.0)
    assert (result.lo, result.hi, result.mean, result.half_width) == (0.0, 1.0, 0.5, 0.5)
    assert intervals.percentile_indices(3, 0.05) == (0, 2)
    from bleuprint.spec import corpus

    bleu_rows = intervals.statistics_rows(corpus.sentence_stats("bleu", ["a b c d", "a b"], [["a b c d"], ["a x"]]))
    assert [float(x) for x in intervals.resample_scores("bleu", bleu_rows, [[0, 0]])] == [math.exp(math.log(100.0))]


def test_seeded_functions_are_the_indexed_ones_on_numpy_draws():
    """One definition: ``bootstrap_stats`` and ``paired_bootstrap_stats`` give what the
    indexed functions give on ``default_rng(seed)``'s resamples."""
    rng_rows = [[3, 4, 2, 1, 0, 0, 4, 3, 2, 1], [5, 5, 4, 2, 1, 0, 5, 4, 3, 2], [2, 3, 1, 0, 0, 0, 2, 1, 0, 0]]
    other = [[3, 4, 3, 2, 1, 0, 4, 3, 2, 1], [5, 5, 2, 1, 0, 0, 5, 4, 3, 2], [2, 3, 2, 1, 0, 0, 2, 1, 0, 0]]
    idx = intervals.resample_indices(np.random.default_rng(7), 3, 30)
    seeded = intervals.bootstrap_stats("bleu", rng_rows, 30, 0.05, np.random.default_rng(7))
    assert seeded == intervals.bootstrap_with_indices("bleu", rng_rows, idx.tolist(), 0.05)
    a = significance.paired_bootstrap_stats("bleu", rng_rows, [other], n=30, seed=7)
    b = significance.paired_bootstrap_with_indices("bleu", rng_rows, [other], idx.tolist())
    assert (a.baseline, a.systems) == (b.baseline, b.systems)
    masks = np.random.default_rng(7).integers(2, size=(30, 3), dtype=bool)
    a = significance.paired_approximate_randomization_stats("bleu", rng_rows, [other], n=30, seed=7)
    b = significance.paired_approximate_randomization_with_masks("bleu", rng_rows, [other], masks.tolist())
    assert (a.baseline, a.systems) == (b.baseline, b.systems)


@pytest.mark.parametrize("idx, error", [([], ValueError), ([[0, 3, 1]], ValueError), ([[0, 1]], ValueError),
                                        ([[0, 1.0, 2]], TypeError), ("012", TypeError)])
def test_bad_resamples_are_refused(idx, error):
    rows = [[1], [0], [1]]
    with pytest.raises(error):
        intervals.bootstrap_with_indices("exact_match", rows, idx)


def test_port_vector_reader_skips_interval_files(files, tmp_path):
    from bleuprint.ports.cases import vector_cases

    (tmp_path / "bleu_intervals.json").write_text(dumps(files["bleu_intervals.json"]), encoding="utf-8")
    assert vector_cases(tmp_path) == []
