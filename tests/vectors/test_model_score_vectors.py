"""model_score's vector files: its segments are numbers, so its metric files are level 5
(schema v10; v5 before the classes) and its interval file level 4 (v8; v4 before) of the schemas, which they validate against; every interval test
gives its expected values through the spec, and every metric test's expected score is the
mean of its hypotheses (a hand rule: model_score is the mean of the segment scores)."""

from __future__ import annotations

import json
import math
from importlib import resources

import jsonschema
import pytest

from bleuprint.vectors.build import FILE_SCHEMA_V4, FILE_SCHEMA_V5, build_files
from bleuprint.vectors.intervals import INTERVAL_SCHEMA_V3, INTERVAL_SCHEMA_V4, evaluate_test, interval_files


def _schema(name: str) -> dict:
    return json.loads(resources.files("bleuprint.vectors").joinpath("schemas", name).read_text(encoding="utf-8"))


@pytest.fixture(scope="module")
def files():
    return {**build_files(["model_score"]), **interval_files(["model_score"])}


def test_the_new_schemas_are_valid_and_differ_from_the_last_by_number_segments():
    # each level's schema with the classes (written) and before them (still read)
    for name, previous in ((FILE_SCHEMA_V5, FILE_SCHEMA_V4), (INTERVAL_SCHEMA_V4, INTERVAL_SCHEMA_V3),
                           ("bleuprint_metric_vectors_v5.json", "bleuprint_metric_vectors_v4.json"),
                           ("bleuprint_interval_vectors_v4.json", "bleuprint_interval_vectors_v3.json")):
        schema, old = _schema(name), _schema(previous)
        jsonschema.Draft202012Validator.check_schema(schema)
        assert schema["$defs"]["segment"]["oneOf"] == old["$defs"]["segment"]["oneOf"] + [{"type": "number"}]


def test_files_validate_against_their_schema_and_older_versions_refuse_them(files):
    assert sorted(files) == ["model_score_defaults.json", "model_score_direction.json", "model_score_intervals.json"]
    for name, document in files.items():
        expected = INTERVAL_SCHEMA_V4 if name.endswith("_intervals.json") else FILE_SCHEMA_V5
        assert document["schema"] == expected
        document = json.loads(json.dumps(document))
        errors = list(jsonschema.Draft202012Validator(_schema(expected)).iter_errors(document))
        assert not errors, [e.message for e in errors[:3]]
        older = INTERVAL_SCHEMA_V3 if expected == INTERVAL_SCHEMA_V4 else FILE_SCHEMA_V4
        document["schema"] = older
        assert not jsonschema.Draft202012Validator(_schema(older)).is_valid(document)


def test_expected_scores_are_the_means(files):
    count = 0
    for name, document in files.items():
        if name.endswith("_intervals.json"):
            continue
        for group in document["testGroups"]:
            for test in group["tests"]:
                if test["result"] == "valid":
                    assert test["expected"]["score"] == pytest.approx(math.fsum(test["hyps"]) / len(test["hyps"]),
                                                                      abs=1e-12)
                    count += 1
    assert count >= 6


def test_interval_tests_give_their_expected_values(files):
    document = files["model_score_intervals.json"]
    failures = [evaluate_test(document, group, test) for group in document["testGroups"] for test in group["tests"]]
    assert not any(failures), [f for f in failures if f][:3]
