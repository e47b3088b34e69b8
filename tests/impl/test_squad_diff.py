"""impl's SQuAD rows equal the spec's (Hypothesis differential test), through the C kernel
(csrc/squad.c) and through the Python fallback. The pieces include what a C port of the
normaliser gets wrong: a lowercase mapping to two characters ("İ"), underscores and
non-ASCII digits and letters as word characters beside articles ("_a", "a٣", "aé"), the
separators str.split() knows besides space and tab ("\u2028", "\x1c", "\x85"). The rows
have the spec's types too (F1 an int where a rule decides it: from Python 3.12 on, sum()
adds ints and floats differently). The v2.0 report (the kernel's ``v2_parts`` and the numpy
fallback) and ``official.evaluate_squad`` (the kernel's one-pass ``official_report`` and
the checked path) equal the spec's, errors included."""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import example, given, settings, strategies as st

from bleuprint.core import get_metric
from bleuprint.metrics.squad import impl, spec
from bleuprint.metrics.squad.official import evaluate_squad

PIECES = st.sampled_from(["the", "a", "an", "The", "an-apple", "apple", "U.S.", "us", "“x”", "x", "é", "a.b",
                          "", " ", "\t", "-", "théa", "1,0", "AN",
                          "İ", "_a", "a_", "a٣", "aé", "éthe", "\u2028", "\x1c", "\x85", "\u00a0the", "ǅ", "A.N",
                          "the-the", "a" * 3])
ANSWER = st.lists(PIECES, max_size=5).map(" ".join) | st.text(max_size=12)
CORPUS = st.integers(1, 6).flatmap(lambda n: st.tuples(
    st.lists(st.none() | ANSWER, min_size=n, max_size=n),
    st.lists(st.lists(ANSWER, max_size=3), min_size=n, max_size=n)))


@settings(deadline=None)  # examples: the project's profile (tests/conftest.py)
@given(CORPUS, st.sampled_from(spec.VERSIONS), st.sampled_from(spec.VALUES), st.booleans())
def test_impl_equals_spec(corpus, version, value, kernel):
    from bleuprint.impl import native

    saved = native.squad
    if not kernel:
        native.squad = None
    try:
        _check(corpus, version, value)
    finally:
        native.squad = saved


def _check(corpus, version, value):
    hyps, refs = corpus
    if version == "1.1":
        refs = [r or ["x"] for r in refs]
    rows = [spec.question_scores(h, r, version) for h, r in zip(hyps, refs)]
    got = impl.squad_rows(hyps, refs, version)
    assert got == rows
    assert [[type(x) for x in r] for r in got] == [[type(x) for x in r] for r in rows]
    assert np.array_equal(get_metric("squad").stats_matrix(hyps, refs, version=version), np.array(rows, float))
    try:
        expected = spec.squad(hyps, refs, version, value)
    except ValueError:
        expected = "error"
    try:
        got = impl.squad(hyps, refs, version, value)
    except ValueError:
        got = "error"
    assert got == expected


def _kernel(on: bool):
    """A context switching the C kernel off (``on`` False) for its duration."""
    import contextlib

    from bleuprint.impl import native

    @contextlib.contextmanager
    def switched():
        saved = native.squad
        if not on:
            native.squad = None
        try:
            yield
        finally:
            native.squad = saved

    return switched()


#: No-answer probabilities: ties, ints, -0.0 beside 0.0, and ints beyond 2**53 (which a
#: double would order differently: the kernel hands those to numpy).
PROBS = st.sampled_from([0.0, -0.0, 0.5, 0.25, 1.0, 0, 1, 2, 0.1, 0.7, 2 ** 53 + 1, 2 ** 53]) | st.floats(
    -2, 2, allow_nan=False)
REPORT_CASES = st.integers(1, 8).flatmap(lambda n: st.tuples(
    st.lists(ANSWER, min_size=n, max_size=n),
    st.lists(st.lists(ANSWER, max_size=3), min_size=n, max_size=n),
    st.lists(PROBS, min_size=n, max_size=n)))


@settings(deadline=None)
@given(REPORT_CASES, st.sampled_from([0.0, 0.5, 1.0, -1.0, 0.25]), st.booleans())
@example((["a", "x", ""], [[], ["x"], []], [2 ** 53 + 1, 2 ** 53, 0.5]), 0.5, True)
@example((["", "x"], [["the"], []], [-0.0, 0.0]), 0.0, True)
def test_v2_report_equals_spec(case, threshold, kernel):
    preds, golds, probs = case
    rows = [spec.question_scores(p, g, "2.0") for p, g in zip(preds, golds)]
    want = spec.squad_v2_report(rows, preds, golds, probs, threshold)
    with _kernel(kernel):
        fast_rows = impl.squad_rows(preds, golds, "2.0")
        got = impl.squad_v2_report(fast_rows, preds, golds, probs, threshold)
    assert got == want
    assert list(got) == list(want)
    assert [type(v) for v in got.values()] == [type(v) for v in want.values()]


def _dataset(golds, ids, odd):
    """The SQuAD JSON of the questions; ``odd`` makes one part of it something the
    one-pass kernel does not read (a tuple, a missing key, a repeated id, a non-str text)."""
    qas = [{"id": qid, "answers": [{"text": g} for g in gs]} for qid, gs in zip(ids, golds)]
    if odd == "tuple" and qas:
        qas[0]["answers"] = tuple(qas[0]["answers"])
    elif odd == "no-answers" and qas:
        del qas[-1]["answers"]
    elif odd == "repeat" and len(qas) > 1:
        qas[-1]["id"] = qas[0]["id"]
    elif odd == "text" and qas and qas[0]["answers"]:
        qas[0]["answers"][0]["text"] = 3
    half = len(qas) // 2
    return {"data": [{"paragraphs": [{"qas": qas[:half]}, {"qas": qas[half:]}]}, {"paragraphs": []}]}


def _outcome(call):
    try:
        return call()
    except (TypeError, ValueError) as error:
        return type(error), str(error)


ODD = st.sampled_from([None, None, None, "tuple", "no-answers", "repeat", "text"])
PREDICTION_DROPS = st.sampled_from([None, None, "missing", "not-str", "extra"])


@settings(deadline=None)
@given(REPORT_CASES, st.sampled_from(spec.VERSIONS), st.booleans(), st.sampled_from([1.0, 0.5, 0.0]), ODD,
       PREDICTION_DROPS, st.booleans())
@example((["x"], [["x"]], [2 ** 60]), "2.0", True, 0.5, None, None, True)
@example((["x", "y"], [["x"], []], [0.5, 0.5]), "1.1", False, 1.0, None, "missing", True)
def test_evaluate_squad_impl_equals_spec(case, version, with_probs, threshold, odd, drop, kernel):
    preds, golds, probs = case
    ids = [f"q{i}" for i in range(len(preds))]
    dataset = _dataset(golds, ids, odd)
    predictions = dict(zip(ids, preds))
    na_probs = dict(zip(ids, probs))
    if drop == "missing":
        del predictions[ids[-1]]
    elif drop == "not-str":
        predictions[ids[0]] = 1
    elif drop == "extra":
        predictions["not-a-question"] = "ignored"
        na_probs.pop(ids[0])
    options = {"na_probs": na_probs, "na_prob_thresh": threshold} if with_probs else {}
    want = _outcome(lambda: evaluate_squad(dataset, predictions, version=version, layer="spec", **options))
    with _kernel(kernel):
        got = _outcome(lambda: evaluate_squad(dataset, predictions, version=version, **options))
    assert got == want
    if isinstance(want, dict):
        assert list(got) == list(want)


def test_the_kernel_refuses_what_it_cannot_read_exactly():
    """The one-pass kernel hands odd inputs back (None) for the checked path to name;
    ``v2_parts`` raises TypeError (numpy takes over) on a probability it cannot order as
    Python does. Without the kernel built there is nothing to check."""
    from bleuprint.impl import native

    if native.squad is None:
        pytest.skip("the C kernel is not built (test_native.py::test_squad_kernel_is_built fails then, so this is not silent)")
    k = native.squad
    qas = {"paragraphs": [{"qas": [{"id": "a", "answers": [{"text": "x"}]}]}]}
    assert k.questions([qas]) == (["a"], [["x"]])
    assert k.questions([]) is None  # no question: the checked walk says so
    assert k.questions([qas, qas]) is None  # a repeated id
    assert k.questions([{"paragraphs": ({"qas": []},)}]) is None  # a tuple
    assert k.gather(["a"], {"a": "x"}, {"a": 0.5}, True) == (["x"], [0.5])
    assert k.gather(["a"], {}, None, False) == ([None], None)
    assert k.gather(["a"], {}, None, True) is None  # v2.0 needs every prediction
    assert k.gather(["a"], {"a": "x", "b": 1}, None, True) is None  # a non-str prediction, even unused
    for odd in (float("nan"), True, 2 ** 53 + 1, "0.5"):
        assert k.gather(["a"], {"a": "x"}, {"a": odd}, True) is None
    with pytest.raises(TypeError):
        k.v2_parts([[1, 1.0, 1]], ["x"], [["x"]], [2 ** 54], 1.0)
