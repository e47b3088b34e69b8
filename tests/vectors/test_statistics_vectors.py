"""The statistics vectors (``bleuprint.vectors.statistics``): COMET's compare statistics, the
meta-evaluation's and MAUVE's, as JSON a port can replay. Every file validates against its schema, every
test passes on the spec, a moved expected value is reported, and every planted mutant of those
conventions (ms01-ms04, me01-me11, ma01-ma03) fails at least one test (the kill matrix of the export's
adequacy pass, on these files alone)."""

from __future__ import annotations

import copy
import json

import jsonschema
import pytest

from bleuprint.mutants.catalogue import all_mutants
from bleuprint.vectors import load_schema
from bleuprint.vectors.adequacy import evaluate, kill_matrix, reached_targets, vectors
from bleuprint.vectors.statistics import STATISTICS_SCHEMA, statistics_files


@pytest.fixture(scope="module")
def files():
    return statistics_files()


def test_files_validate_and_a_file_without_expected_values_does_not(files):
    schema = load_schema(STATISTICS_SCHEMA)
    jsonschema.Draft202012Validator.check_schema(schema)
    assert sorted(files) == ["mauve_statistics.json", "metaeval_statistics.json", "model_score_compare.json"]
    for document in files.values():
        document = json.loads(json.dumps(document))
        assert not list(jsonschema.Draft202012Validator(schema).iter_errors(document))
        del document["testGroups"][0]["tests"][0]["expected"]
        assert not jsonschema.Draft202012Validator(schema).is_valid(document)


def test_every_test_has_a_class_and_a_file_without_it_is_refused(files):
    """Schema v2 (v1 with each test's ``class``, as every other vector file has): every
    statistics test is ``must-pass`` (all are valid, none reproduces an accident of an
    implementation); a test without its class does not validate, and a v1 file (no class)
    is still evaluated."""
    schema = load_schema(STATISTICS_SCHEMA)
    assert STATISTICS_SCHEMA == "bleuprint_statistics_vectors_v2.json"
    for document in files.values():
        assert {test["class"] for group in document["testGroups"] for test in group["tests"]} == {"must-pass"}
        stripped = json.loads(json.dumps(document))
        del stripped["testGroups"][0]["tests"][0]["class"]
        assert not jsonschema.Draft202012Validator(schema).is_valid(stripped)
        old = json.loads(json.dumps(document))
        old["schema"] = "bleuprint_statistics_vectors_v1.json"
        for group in old["testGroups"]:
            for test in group["tests"]:
                del test["class"]
        assert not list(jsonschema.Draft202012Validator(load_schema(old["schema"])).iter_errors(old))
        assert [key for key, d, group, test in vectors({"old.json": old}) if evaluate(d, group, test)] == []


def test_every_test_passes_on_the_spec_and_a_moved_value_is_named(files):
    assert [key for key, document, group, test in vectors(files) if evaluate(document, group, test)] == []
    document = copy.deepcopy(files["model_score_compare.json"])
    group = document["testGroups"][0]
    test = group["tests"][0]
    test["expected"][0]["x_mean"] += 1e-6
    assert evaluate(document, group, test) == (
        f"expected[0].x_mean: {test['expected'][0]['x_mean'] - 1e-6!r} != {test['expected'][0]['x_mean']!r}")


def test_an_export_of_model_score_has_its_compare_file_only():
    assert sorted(statistics_files(["model_score"])) == ["model_score_compare.json"]
    assert statistics_files(["bleu"]) == {}


def test_the_files_of_no_metric_come_with_any_metrics_when_shared():
    """``shared``: the files that belong to no metric (the meta-evaluation's and MAUVE's),
    which ``vectors export`` without ``--metric`` writes even when it leaves a metric out
    (they were dropped with it), come beside the named metrics' files; not by default."""
    everything = statistics_files()
    of_no_metric = {name for name, document in everything.items() if not document["metric"]}
    assert of_no_metric and of_no_metric < set(everything)
    assert set(statistics_files(["bleu"], shared=True)) == of_no_metric
    assert set(statistics_files(["model_score"], shared=True)) == of_no_metric | {"model_score_compare.json"}
    assert statistics_files(["model_score", "bleu"], shared=False) == statistics_files(["model_score"])


def test_every_mutant_of_the_conventions_is_killed(files):
    mutants = [m for m in all_mutants() if m.id.startswith(("me", "ms", "ma"))]
    assert len(mutants) == 18
    matrix = kill_matrix(files, mutants, reached=reached_targets(files, {t for m in mutants for t in m.targets}))
    assert sorted(mutant_id for mutant_id, keys in matrix.items() if not keys) == []
