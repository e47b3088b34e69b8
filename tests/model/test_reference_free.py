"""Metrics without references, and metrics whose segments are not text (issue #18: the
model carries distinct-n, self-BLEU and perplexity without special cases).

Two metrics defined in this file:

* ``LongWords``: the share of a hypothesis's white-space tokens longer than 3 characters,
  pooled: row ``[long tokens, tokens]``, score ``100 * sum(long) / sum(tokens)`` (0 for no
  tokens). It has no references (``references = False``).
* ``NegatedSum``: segments are sequences of numbers <= 0 (``segment_kind = "numbers"``);
  row ``[-sum(segment), len(segment)]``, score the mean ``sum(-x) / sum(len)``.
"""

from __future__ import annotations

import numpy as np

import pytest
from hypothesis import given

import bleuprint.impl as impl
from bleuprint import spec
from bleuprint.core import Metric, Shape, register, unregister
from bleuprint.vectors.hooks import VECTORS
from bleuprint.spec.inputs import INPUTS, check_no_references
from bleuprint.spec.signature import SIGNATURES
from bleuprint.verify_hooks import VERIFY
from bleuprint.strategies import strategy_hooks


class LongWords(Metric):
    name = "long_words_test"
    title = "share of tokens longer than three characters"
    shape = Shape.SUM
    references = False

    def segment_stats(self, hyp, refs) -> list:
        assert refs == ()
        tokens = hyp.split()
        return [sum(len(t) > 3 for t in tokens), len(tokens)]

    def score(self, combined, n_segments) -> float:
        long, total = combined
        return 100 * long / total if total else 0.0


class NegatedSum(Metric):
    name = "negated_sum_test"
    title = "mean negated value"
    shape = Shape.SUM
    references = False
    fractional_columns = (0,)

    def segment_stats(self, hyp, refs) -> list:
        return [-sum(hyp), len(hyp)]

    def score(self, combined, n_segments) -> float:
        return combined[0] / combined[1] if combined[1] else 0.0


def _negated_check_inputs(definition, hyps, refs):
    check_no_references(definition, refs)
    checked = []
    for i, segment in enumerate(hyps):
        if not segment or any(not isinstance(x, (int, float)) or x > 0 for x in segment):
            raise ValueError(f"hyps[{i}] must be a non-empty sequence of numbers <= 0")
        checked.append(list(segment))
    return checked, [()] * len(checked)


def _negated_vector_corpora(metric):
    from bleuprint.vectors.corpora import Corpus
    return [Corpus("two segments", (), [[-1.5, -0.5], [-2.0]], None),
            Corpus("a zero", (), [[0.0]], None)]


def _negated_interval_pool(metric):
    return [([-1.0, -2.0], [-1.0], [-3.0, -3.0], None), ([-0.5], [-0.25], [-2.0], None),
            ([-4.0, 0.0], [-1.0, 0.0], [-4.0, -4.0], None), ([-1.0], [-1.0], [-2.0], None),
            ([-2.0, -2.0, -2.0], [-1.0], [-3.0], None), ([-0.125], [-0.125], [-1.0], None)]


# a metric outside a package of its own tunes the tools with ``tune`` (``bleuprint.hooks``)
SIGNATURES.tune(LongWords, signature_version="test", signature_abbreviations={"long": "l"},
                signature_fields=lambda definition: [("long", "4")])
VECTORS.tune(NegatedSum, vector_corpora=_negated_vector_corpora, interval_pool=_negated_interval_pool)
INPUTS.tune(NegatedSum, segment_kind="numbers", check_inputs=_negated_check_inputs, probe_corpus=lambda definition: ([[0.0]], None),
            read_segment=lambda definition, line: [float(field) for field in line.split()])
VERIFY.tune(NegatedSum, generated_corpus=lambda definition, rng: (
    [[-rng.random() for _ in range(rng.randint(1, 4))] for _ in range(rng.randint(1, 5))], None))


@pytest.fixture(scope="module", autouse=True)
def registered():
    metrics = [register(LongWords()), register(NegatedSum())]
    yield metrics
    for metric in metrics:
        unregister(metric.name)


HYPS = ["the quick brown fox", "", "jumps"]


def test_one_call_functions_take_no_references():
    """Tokens: the quick brown fox -> quick, brown long (2 of 4); "" -> 0 of 0; jumps -> 1
    of 1. Pooled: 100 * 3 / 5 = 60. Alone: 50, 0 (no tokens), 100."""
    for layer in (spec, impl):
        assert layer.sentence_stats("long_words_test", HYPS).tolist() == [[2, 4], [0, 0], [1, 1]]
        assert layer.corpus_score("long_words_test", HYPS) == 60.0
        assert layer.corpus_score("long_words_test", HYPS, None) == 60.0
        assert list(layer.sentence_scores("long_words_test", HYPS)) == [50.0, 0.0, 100.0]
        with pytest.raises(TypeError, match="takes no references"):
            layer.corpus_score("long_words_test", HYPS, [["a"]] * 3)


def test_reference_metrics_still_need_references():
    with pytest.raises(TypeError, match="needs references"):
        spec.corpus_score("bleu", ["a"])


def test_accumulator_without_references():
    """Shards [0:1] and [1:3]: [2, 4] + [1, 1] = [3, 5]: 60, as one call."""
    first = impl.Accumulator("long_words_test").add(HYPS[:1])
    second = impl.Accumulator("long_words_test").add(HYPS[1:], None).add([])
    assert first.merge(second).score() == 60.0
    with pytest.raises(TypeError, match="takes no references"):
        impl.Accumulator("long_words_test").add([], [])


def test_bootstrap_and_paired_tests_without_references():
    """Every resample of a one-segment corpus is that segment: the interval is the point,
    "jumps a": 1 long token of 2, 50. Paired: the baseline "jumps" (100) against "a b" (0)."""
    result = impl.bootstrap("long_words_test", ["jumps a"], None, n_boot=20, rng=np.random.default_rng(1))
    assert result.score == 50.0
    assert (result.lo, result.hi) == (50.0, 50.0)
    for layer in (spec, impl):
        paired = layer.paired_bootstrap("long_words_test", ["jumps"], [["a b"]], None, n=20)
        assert (paired.baseline.score, paired.systems[0].score) == (100.0, 0.0)


def test_signature_has_no_nrefs():
    """A signature is ``nrefs`` (for a metric with references), the metric's fields, the
    version: here ``long:4|version:test``."""
    from bleuprint.spec.signature import signature
    assert signature("long_words_test") == "long:4|version:test"
    assert signature("long_words_test", short=True) == "l:4|v:test"
    with pytest.raises(TypeError, match="no nrefs"):
        signature("long_words_test", nrefs=2)


def test_segments_that_are_not_text():
    """Segments [-1.5, -0.5] and [-2]: negated sums 2 and 2 over 3 values: 4 / 3."""
    segments = [[-1.5, -0.5], [-2.0]]
    for layer in (spec, impl):
        assert layer.corpus_score("negated_sum_test", segments) == 4 / 3
        with pytest.raises(ValueError, match=r"hyps\[1\]"):
            layer.corpus_score("negated_sum_test", [[-1.0], [0.5]])
    accumulator = impl.Accumulator("negated_sum_test").add(segments[:1]).add(segments[1:])
    assert accumulator.score() == 4 / 3


@given(strategy_hooks(LongWords()).corpus_strategy())
def test_default_strategy_without_references(corpus):
    hyps, refs = corpus
    assert refs is None and hyps
    assert spec.corpus_score("long_words_test", hyps) == impl.corpus_score("long_words_test", hyps)


def test_command_line_without_reference_files(tmp_path, monkeypatch):
    """``bleuprint score -m long_words_test -i out.txt`` needs no reference file: the
    file's lines are HYPS (60, as above); a reference metric beside it still needs them.
    The numbers file's lines are read by the metric (``read_segment``): "-1.5 -0.5" and
    "-2" give 4 / 3; a line it refuses names its number."""
    import json

    from tests.cli_harness import run_bleuprint

    (tmp_path / "out.txt").write_text("\n".join(HYPS) + "\n", encoding="utf-8")
    done = run_bleuprint(["-m", "long_words_test", "-i", "out.txt", "-f", "json"], tmp_path, monkeypatch=monkeypatch)
    assert done.status == 0, done.stderr
    result = json.loads(done.stdout)
    assert result["score"] == 60.0 and "nrefs" not in result["signature"]
    done = run_bleuprint(["-m", "long_words_test", "bleu", "-i", "out.txt"], tmp_path, monkeypatch=monkeypatch)
    assert done.status != 0 and "reference file" in done.stderr
    (tmp_path / "numbers.txt").write_text("-1.5 -0.5\n-2\n", encoding="utf-8")
    done = run_bleuprint(["-m", "negated_sum_test", "-i", "numbers.txt", "-f", "json", "-w", "6"], tmp_path,
                         monkeypatch=monkeypatch)
    assert done.status == 0, done.stderr
    assert json.loads(done.stdout)["score"] == round(4 / 3, 6)
    (tmp_path / "bad.txt").write_text("-1\n-x\n", encoding="utf-8")
    done = run_bleuprint(["-m", "negated_sum_test", "-i", "bad.txt"], tmp_path, monkeypatch=monkeypatch)
    assert done.status != 0 and "line 2" in done.stderr and len(done.stderr.strip().splitlines()) == 1


def test_vectors_of_metrics_without_references():
    """The vector files of both: version 3 of the file schema (null refs; numbers as
    hypotheses), valid against it, and every test passes the spec's own check; the
    interval files are version 2 of theirs, and pass too. A stray reference list in a
    copied test fails the check (the check can fail)."""
    import copy

    import jsonschema

    from bleuprint.vectors import FILE_SCHEMA_V3, load_schema
    from bleuprint.vectors.adequacy import evaluate
    from bleuprint.vectors.build import build_files
    from bleuprint.vectors.intervals import INTERVAL_SCHEMA_V2, evaluate_test, interval_files

    files = build_files(["long_words_test", "negated_sum_test"])
    assert {doc["schema"] for doc in files.values()} == {FILE_SCHEMA_V3}
    for name, doc in files.items():
        jsonschema.Draft202012Validator(load_schema(doc["schema"])).validate(doc)
        tests = [(g, t) for g in doc["testGroups"] for t in g["tests"]]
        assert any(t["result"] == "valid" for _, t in tests) and any(t["result"] == "invalid" for _, t in tests)
        assert [evaluate(doc, g, t) for g, t in tests if evaluate(doc, g, t)] == [], name
    doc = files["long_words_test_defaults.json"]
    group = doc["testGroups"][0]
    test = copy.deepcopy(next(t for t in group["tests"] if t["result"] == "valid"))
    test["refs"] = [["x"] for _ in test["hyps"]]
    assert evaluate(doc, group, test)
    for name, doc in interval_files(["long_words_test", "negated_sum_test"]).items():
        assert doc["schema"] == INTERVAL_SCHEMA_V2
        jsonschema.Draft202012Validator(load_schema(doc["schema"])).validate(doc)
        assert [f for g in doc["testGroups"] for t in g["tests"] if (f := evaluate_test(doc, g, t))] == [], name


def test_generated_corpora_and_verify():
    """``bleuprint verify``'s generated corpora come from each metric's
    ``generated_corpus``: the numbers metric gets number segments, and impl equals the
    spec on them."""
    from bleuprint import verify

    cases = [c for c in verify.generated_cases() if c["metric"] in ("long_words_test", "negated_sum_test")]
    assert {c["metric"] for c in cases} == {"long_words_test", "negated_sum_test"}
    for case in cases:
        assert case["refs"] is None and "expected_error" not in case
        if case["metric"] == "negated_sum_test":
            assert all(isinstance(x, float) for segment in case["hyps"] for x in segment)
        assert verify.compare_case(impl, case).equal
