"""The vector files (issue #14, item 1): schema'd, deterministic, equal to sacreBLEU,
refused where they say so, and written for any registered metric with no other edit."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import jsonschema
import pytest

import bleuprint.spec as spec
from bleuprint.cli import main
from bleuprint.core import Metric, Option, get_metric, metric_names, register, unregister
from bleuprint.oracles.cases_common import corpus_oracle
from bleuprint.oracles.vectors_check import check_document
from bleuprint.vectors import FILE_SCHEMA, INDEX_SCHEMA, build_files, dumps, export, load_schema
from bleuprint.core.value import metric as configured
from bleuprint.oracles.hooks import oracle_hooks

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture(scope="module")
def exported(tmp_path_factory):
    """The files as ``export`` writes them without the mutation pass (fast; the pass is
    tested in test_adequacy.py): ``(directory, index)``."""
    directory = tmp_path_factory.mktemp("vectors")
    return directory, export(directory, adequacy=False)


def _documents(directory: Path, index: dict, schema: str | None = FILE_SCHEMA) -> dict:
    """The exported documents (of ``schema``; None: every one)."""
    documents = {entry["file"]: json.loads((directory / entry["file"]).read_text(encoding="utf-8"))
                 for entry in index["files"]}
    return {name: d for name, d in documents.items() if schema is None or d["schema"] == schema}


def test_every_file_and_the_index_validate_against_their_schemas(exported):
    directory, index = exported
    for name in (FILE_SCHEMA, INDEX_SCHEMA):
        jsonschema.Draft202012Validator.check_schema(load_schema(name))
        assert json.loads((directory / "schemas" / name).read_text()) == load_schema(name)
    jsonschema.Draft202012Validator(load_schema(INDEX_SCHEMA)).validate(
        json.loads((directory / "index.json").read_text()))
    for name, document in _documents(directory, index, None).items():
        assert json.loads((directory / "schemas" / document["schema"]).read_text()) == load_schema(document["schema"])
        validator = jsonschema.Draft202012Validator(load_schema(document["schema"]))
        errors = [f"{list(e.path)}: {e.message}" for e in validator.iter_errors(document)]
        assert not errors, f"{name}: {errors[:3]}"


def test_the_schema_refuses_a_valid_test_without_expected_values(exported):
    """The file schema can fail: a valid test stripped of ``expected`` does not validate."""
    directory, index = exported
    document = _documents(directory, index)["bleu_defaults.json"]
    del document["testGroups"][0]["tests"][0]["expected"]
    assert not jsonschema.Draft202012Validator(load_schema(FILE_SCHEMA)).is_valid(document)


def test_every_metric_has_files_and_every_option_is_written_out(exported):
    directory, index = exported
    assert {entry["metric"] for entry in index["files"] if entry["metric"]} == set(metric_names())
    # the files of no metric: the meta-evaluation's and MAUVE's statistics (bleuprint.vectors.statistics)
    assert [entry["file"] for entry in index["files"] if not entry["metric"]] == ["metaeval_statistics.json",
                                                                                 "mauve_statistics.json"]
    for name, document in _documents(directory, index).items():
        names = {option.name for option in get_metric(document["metric"]).options}
        ids = [test["tcId"] for group in document["testGroups"] for test in group["tests"]]
        assert ids == list(range(1, len(ids) + 1)) and document["numberOfTests"] == len(ids), name
        for group in document["testGroups"]:
            assert set(group["options"]) == names, name
        flags = {flag for group in document["testGroups"] for test in group["tests"] for flag in test["flags"]}
        assert flags == set(document["notes"]), name


@pytest.mark.slow
def test_regeneration_is_byte_identical(exported_vectors, tmp_path):
    """A second export with its mutation pass, in another interpreter with another hash
    seed, writes the same bytes (index included, so every file's sha256 too; the core
    files and the schemas too)."""
    directory, index = exported_vectors
    env = {**os.environ, "PYTHONPATH": str(ROOT), "PYTHONHASHSEED": "12345"}
    result = subprocess.run([sys.executable, "-m", "bleuprint", "vectors", "export", str(tmp_path / "again"),
                             "--no-check"], capture_output=True, text=True, env=env, cwd=ROOT, timeout=400)
    assert result.returncode == 0, result.stderr
    for sub in ("", "core", "schemas"):
        names = sorted(p.name for p in (directory / sub).iterdir() if p.is_file())
        assert names and names == sorted(p.name for p in (tmp_path / "again" / sub).iterdir() if p.is_file())
        for name in names:
            assert (directory / sub / name).read_bytes() == (tmp_path / "again" / sub / name).read_bytes(), name


def test_a_sample_of_vectors_equals_their_oracle_live(exported):
    """Every 5th valid test of each file of a metric with a corpus oracle
    (``bleuprint.oracles.hooks.corpus_oracle``: sacreBLEU 2.5.1 for BLEU, chrF and TER, rouge-score 0.1.2 for
    ROUGE), scored by that oracle now: rows and corpus statistics equal, score within 1e-9,
    the same signature where the oracle has one. Every such metric is sampled."""
    directory, index = exported
    sampled, signed = {}, 0
    from bleuprint.vectors.build import FILE_SCHEMAS

    for document in _documents(directory, index, None).values():
        metric = document["metric"]
        if document["schema"] not in FILE_SCHEMAS or not oracle_hooks(get_metric(metric)).corpus_oracle:
            continue  # v3: the metric files of metrics without references (self-BLEU)
        oracle = corpus_oracle(metric)
        tests = [(group, test) for group in document["testGroups"] for test in group["tests"]
                 if test["result"] == "valid"]
        for group, test in tests[::5]:
            found = oracle(test["hyps"], test["refs"], **group["options"])
            assert test["expected"]["stats"] == [list(row) for row in found.sentence_stats]
            assert test["expected"]["corpusStats"] == list(found.corpus_stats)
            assert abs(test["expected"]["score"] - found.score) <= 1e-9
            if "signature" in test["expected"] and found.signature:
                assert test["expected"]["signature"] == found.signature
                signed += 1
            sampled[metric] = sampled.get(metric, 0) + 1
    with_oracle = {name for name in metric_names() if oracle_hooks(get_metric(name)).corpus_oracle}
    assert set(sampled) == with_oracle and min(sampled.values()) > 10, sampled
    assert sum(sampled.values()) > 150 and signed > 100


def test_the_oracle_check_reports_a_planted_difference():
    """``check_document`` can fail: a score moved by 1e-6 and a statistic moved by 1 are
    reported, each with its tcId."""
    document = build_files(["bleu"])["bleu_defaults.json"]
    tests = document["testGroups"][0]["tests"]
    tests[0]["expected"]["score"] += 1e-6
    tests[1]["expected"]["stats"][0][0] += 1
    checked, mismatches = check_document(document, tests={1, 2, 3})
    assert checked == 3
    assert len(mismatches) == 2 and "tcId 1: score" in mismatches[0] and "tcId 2: stats[0]" in mismatches[1]


def test_the_oracle_check_of_two_workers_is_that_of_one_process(monkeypatch):
    """``check_files`` shares the files between two processes from ``PARALLEL_FILES`` on:
    the count and the mismatches (two planted, in the first and the fourth file: one per
    worker) are those of one process, in file order."""
    import sys

    check_module = sys.modules["bleuprint.oracles.vectors_check"]
    files = dict(list(build_files(["bleu"]).items())[:5])
    names = list(files)
    files[names[0]]["testGroups"][0]["tests"][0]["expected"]["score"] += 1e-6
    files[names[3]]["testGroups"][0]["tests"][0]["expected"]["score"] += 1e-6
    monkeypatch.setattr(check_module, "PARALLEL_FILES", 2)
    shared = check_module.check_files(files)
    monkeypatch.setattr(check_module, "PARALLEL_FILES", 10**6)
    alone = check_module.check_files(files)
    assert shared == alone and len(alone[1]) == 2 and alone[0] > 10
    assert alone[1] == [check_document(files[names[0]])[1][0], check_document(files[names[3]])[1][0]]


def test_invalid_vectors_are_refused_by_the_spec_with_the_named_error(exported):
    directory, index = exported
    seen = set()
    for name, document in _documents(directory, index).items():
        for group in document["testGroups"]:
            for test in group["tests"]:
                if test["result"] != "invalid":
                    continue
                error = {"TypeError": TypeError, "ValueError": ValueError}[test["error"]]
                with pytest.raises(error):
                    spec.corpus_score(configured(document["metric"], **group["options"]), test["hyps"], test["refs"])
                seen.add((test["error"], test["flags"][0]))
    assert {("TypeError", "InvalidInput"), ("ValueError", "InvalidInput"), ("TypeError", "InvalidOption"),
            ("ValueError", "InvalidOption")} <= seen


class UnigramHits(Metric):
    """A metric of the test only: a row ``[clipped unigram matches against the best
    reference, hypothesis words]``; the score is their ratio times 100."""

    name = "vector_test_unigram_hits"
    title = "unigram hits (a test metric)"
    options = (Option("lowercase", bool, False, "lowercase first", stage="stats"),)

    def segment_stats(self, hyp, refs, lowercase=False):
        from collections import Counter

        fold = str.lower if lowercase else str
        words = Counter(fold(hyp).split())
        best = max(sum((words & Counter(fold(r).split())).values()) for r in refs)
        return [best, sum(words.values())]

    def score(self, combined, n_segments):
        return 100 * combined[0] / combined[1] if combined[1] else 0.0


def test_a_metric_registered_here_gets_vector_files():
    """Hand computation: "the cat sat on the mat" against "the cat is on the mat" has the,
    the, cat, on, mat in common (5 of 6 words): row [5, 6], score 500/6. "The CAT sat ÉTÉ"
    against "the cat sat été": 1 match ("sat") of 4, and 4 of 4 lowercased."""
    register(UnigramHits())
    try:
        files = build_files()
    finally:
        unregister(UnigramHits.name)
    mine = {name: doc for name, doc in files.items() if doc["metric"] == UnigramHits.name}
    assert all("signature" not in t.get("expected", {}) for d in mine.values() for g in d["testGroups"]
               for t in g["tests"])  # a metric without signature_fields has no signature
    assert sorted(mine) == ["vector_test_unigram_hits_defaults.json", "vector_test_unigram_hits_lowercase.json"]
    validator = jsonschema.Draft202012Validator(load_schema(FILE_SCHEMA))
    for document in mine.values():
        validator.validate(json.loads(dumps(document)))
        assert "oracle" not in document["specVersion"]
    basic = mine["vector_test_unigram_hits_defaults.json"]["testGroups"][0]["tests"][0]
    assert basic["expected"]["stats"] == [[5, 6]] and basic["expected"]["score"] == pytest.approx(500 / 6, abs=1e-12)
    case = [t for t in mine["vector_test_unigram_hits_lowercase.json"]["testGroups"][0]["tests"]
            if t["comment"] == "upper and lower case"][0]
    assert case["expected"]["stats"] == [[4, 4]]


def test_an_unwritable_directory_is_one_line_and_status_1(tmp_path, capsys):
    blocker = tmp_path / "a-file"
    blocker.write_text("")
    assert main(["vectors", "export", str(blocker / "sub"), "--no-check"]) == 1
    err = capsys.readouterr().err
    assert err.startswith("bleuprint: cannot write the vectors to ") and err.count("\n") == 1


def test_options_are_refused_only_when_every_corpus_refuses_them():
    """BERTScore's idf needs token ids, which its first corpora leave out: idf=True is still
    a valid option, written with its valid tests (the generated corpora have ids) and those
    corpora as must-refuse tests, never as one "refused options" test (bs04, IDF's count of
    references, then had no vector to kill it)."""
    groups = build_files(["bertscore"])["bertscore_idf.json"]["testGroups"]
    (tests,) = [group["tests"] for group in groups if group["options"]["idf"] is True]
    assert any(test["result"] == "valid" for test in tests)
    assert not any(test["comment"].startswith("refused options") for test in tests)
    assert {test["class"] for test in tests if test["result"] == "invalid"} == {"must-refuse"}


def test_a_zero_embedding_must_be_refused():
    """Embedding similarity's cosine of a zero vector is undefined: the defaults' file has it,
    as hypothesis and as reference, as a must-refuse test (es01, scikit-learn's 0.0, and
    es02, scipy's NaN, are the faults it catches)."""
    tests = [test for group in build_files(["embedding_similarity"])["embedding_similarity_defaults.json"]["testGroups"]
             for test in group["tests"]]
    zero = [test for test in tests if [0.0, 0.0] in test["hyps"] or [0.0, 0.0] in test["refs"][0]]
    assert len(zero) == 2 and {(test["class"], test["error"]) for test in zero} == {("must-refuse", "ValueError")}
