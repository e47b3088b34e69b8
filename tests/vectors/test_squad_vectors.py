"""SQuAD's vector files (issue #17): its own hard cases carry missing predictions (null
hypotheses) and unanswerable questions (empty reference lists), so they follow schema
version 2 (``bleuprint_metric_vectors_v2.json``); every other metric's files stay version 1."""

from __future__ import annotations

import copy

import jsonschema
import pytest

from bleuprint.vectors import FILE_SCHEMA, FILE_SCHEMA_V2, build_files, load_schema
from bleuprint.vectors.adequacy import failures


@pytest.fixture(scope="module")
def squad_files():
    return build_files(["squad"])


def test_squad_files_are_version_2_and_valid(squad_files):
    validator = jsonschema.Draft202012Validator(load_schema(FILE_SCHEMA_V2))
    for name, document in squad_files.items():
        assert document["schema"] == FILE_SCHEMA_V2, name
        validator.validate(document)
    tests = [t for d in squad_files.values() for g in d["testGroups"] for t in g["tests"] if t["result"] == "valid"]
    assert any(h is None for t in tests for h in t["hyps"])
    assert any(r == [] for t in tests for r in t["refs"])


def test_version_1_refuses_what_version_2_adds(squad_files):
    """The bump is needed: a v2 document relabelled v1 fails the v1 schema."""
    document = copy.deepcopy(squad_files["squad_defaults.json"])
    document["schema"] = FILE_SCHEMA
    assert not jsonschema.Draft202012Validator(load_schema(FILE_SCHEMA)).is_valid(document)


def test_other_metrics_stay_version_1():
    assert {d["schema"] for d in build_files(["exact_match"]).values()} == {FILE_SCHEMA}


def test_squad_vectors_pass_on_the_spec(squad_files):
    assert failures(squad_files) == []
