"""bleuprint.impl.sentence_scores against bleuprint.spec.sentence_scores, and both against
sacreBLEU 2.5.1's ``sentence_score`` called in a loop (issue #16).

* Differential, every registered metric (through the registry, each under the options its
  ``option_strategy`` draws): the impl array equals the spec's list element by element
  with ``==`` (bit-identical, no tolerance), and the named parts equal too.
* The oracle: the spec's loop is sacreBLEU's ``BLEU(effective_order=True)`` /
  ``CHRF()`` / ``TER()`` ``.sentence_score`` loop, score for score (``==``), on fixed
  corpora and on drawn ones. (``effective_order=True`` is BLEU's sentence default,
  ``Option.sentence_default``, as in sacreBLEU's ``sentence_bleu``.)
* Errors: the same exception type as the spec; ``parts`` must be a bool.
"""

from __future__ import annotations

import numpy as np
import pytest
import sacrebleu
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from bleuprint import impl, spec
from bleuprint.core import get_metric, metric_names
from bleuprint.strategies import corpora, metric_options
from bleuprint.core.options import sentence_defaults
from bleuprint.core.value import metric as configured
from bleuprint.strategies import strategy_hooks
from bleuprint.verify_hooks import verify_hooks
from bleuprint.spec.inputs import input_hooks


def cases(name: str):
    """A corpus of the metric's segments (``bleuprint.strategies.corpus_strategy``; at most 6 segments
    of text with references, made one the metric accepts by ``bleuprint.strategies.fit_corpus``) and its options."""
    definition = get_metric(name)
    if definition.references and input_hooks(definition).segment_kind == "text":
        fitted = corpora(max_size=6).map(strategy_hooks(definition).fit_corpus)
        return st.tuples(fitted, metric_options(name))
    return st.tuples(strategy_hooks(definition).corpus_strategy(), metric_options(name))


@pytest.mark.parametrize("name", metric_names())
@settings(suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_impl_sentence_scores_equal_spec_bit_for_bit(name, data):
    (hyps, refs), options = data.draw(cases(name))
    want = spec.sentence_scores(configured(name, **options), hyps, refs)
    got = impl.sentence_scores(configured(name, **options), hyps, refs)
    assert isinstance(got, np.ndarray) and got.dtype == np.float64 and got.shape == (len(hyps),)
    assert isinstance(want, list) and all(isinstance(x, float) for x in want)
    assert got.tolist() == want, [(i, w, g) for i, (w, g) in enumerate(zip(want, got.tolist())) if w != g]


@pytest.mark.parametrize("name", metric_names())
@given(data=st.data())
def test_impl_parts_equal_spec(name, data):
    (hyps, refs), options = data.draw(cases(name))
    want_scores, want_parts = spec.sentence_scores(configured(name, **options), hyps, refs, parts=True)
    got_scores, got_parts = impl.sentence_scores(configured(name, **options), hyps, refs, parts=True)
    assert got_scores.tolist() == want_scores
    assert all(isinstance(values, np.ndarray) and len(values) == len(hyps) for values in got_parts.values())
    assert {key: values.tolist() for key, values in got_parts.items()} == want_parts


@pytest.mark.parametrize("name", metric_names())
@given(data=st.data())
def test_scores_of_rows_equal_spec_and_sentence_scores(name, data):
    """Scoring a statistics matrix row by row (what the CLI's ``--sentence-level`` and the
    compat classes do) is the same in both layers, and, under the sentence defaults, the
    same as ``sentence_scores`` (for a metric whose rows depend on the corpus, by
    definition: its sentence scores are its rows of the whole corpus scored alone)."""
    (hyps, refs), options = data.draw(cases(name))
    definition = get_metric(name)
    chosen = {**sentence_defaults(definition), **options}
    matrix = impl.stats_matrix(configured(name, **chosen), hyps, refs)
    got = impl.scores_of_rows(configured(name, **chosen), matrix)
    assert got.tolist() == spec.scores_of_rows(configured(name, **chosen), matrix.tolist())
    assert got.tolist() == spec.sentence_scores(configured(name, **options), hyps, refs)


def test_chrf_parts_by_hand():
    """hyp "ab", ref "abc", n=2: unigrams h=2, r=3, m=2 (P=1, R=2/3); bigrams h=1, r=2,
    m=1 (P=1, R=1/2). precision = 100 * (1 + 1) / 2 = 100, recall = 100 * (2/3 + 1/2) / 2
    = 58.33...; the score is F2 of them: 5 * 1 * 0.58333 / (4 * 1 + 0.58333) = 63.636...
    (tolerance 1e-9 on the 0..100 scale)."""
    scores, parts = impl.sentence_scores(configured("chrf", n=2), ["ab"], [["abc"]], parts=True)
    assert parts["precision"][0] == pytest.approx(100.0, abs=1e-9)
    assert parts["recall"][0] == pytest.approx(100 * (2 / 3 + 1 / 2) / 2, abs=1e-9)
    recall = (2 / 3 + 1 / 2) / 2
    assert scores[0] == pytest.approx(100 * 5 * recall / (4 + recall), abs=1e-9)
    _, spec_parts = spec.sentence_scores(configured("chrf", n=2), ["ab"], [["abc"]], parts=True)
    assert spec_parts == {key: values.tolist() for key, values in parts.items()}


def metrics_with_parts() -> list:
    """The registered metrics whose score has named parts (``Metric.parts`` of a probe
    corpus's row is not empty)."""
    found = []
    for name in metric_names():
        definition = get_metric(name)
        hyps, refs = input_hooks(definition).probe_corpus()
        hyps, refs = hyps * input_hooks(definition).min_segments, None if refs is None else refs * input_hooks(definition).min_segments
        if impl.sentence_scores(name, hyps, refs, parts=True)[1]:
            found.append(name)
    return found


@pytest.mark.parametrize("name", metrics_with_parts())
def test_parts_have_one_shape_in_both_layers(name):
    """Issue 33 item 4: ``sentence_scores(..., parts=True)`` gives ``(scores, parts)`` with
    ``parts`` a dict of columns in both layers, ``parts[name][i]`` segment ``i``'s value
    (the spec a list per name, impl an array whose first axis is the segments), the same
    names in the same order, and the same values (exactly, as the differential test
    above; bit-identical scores). Before, the spec gave a list of per-segment dicts. On
    the metric's seeded generated corpus (``bleuprint.verify_hooks.generated_corpus``, verify's)."""
    import random

    definition = get_metric(name)
    hyps, refs = verify_hooks(definition).generated_corpus(random.Random(33))
    want_scores, want_parts = spec.sentence_scores(name, hyps, refs, parts=True)
    got_scores, got_parts = impl.sentence_scores(name, hyps, refs, parts=True)
    assert isinstance(want_parts, dict) and isinstance(got_parts, dict)
    assert list(want_parts) == list(got_parts) and want_parts
    for key in want_parts:
        assert isinstance(want_parts[key], list) and len(want_parts[key]) == len(hyps), key
        assert isinstance(got_parts[key], np.ndarray) and got_parts[key].shape[0] == len(hyps), key
        assert got_parts[key].tolist() == want_parts[key], key
    assert got_scores.tolist() == want_scores
    # scores_of_rows (the CLI's and compat's route) gives its parts in the same shape.
    chosen = configured(name).sentence_level()
    matrix = impl.stats_matrix(chosen, hyps, refs)
    _, spec_row_parts = spec.scores_of_rows(chosen, matrix.tolist(), parts=True)
    _, impl_row_parts = impl.scores_of_rows(chosen, matrix, parts=True)
    assert spec_row_parts == {key: values.tolist() for key, values in impl_row_parts.items()}


def test_chrf_parts_without_an_effective_order_are_zero():
    """An empty hypothesis has no n-gram of any order (h = 0 everywhere): no order counts,
    P and R are 0, as the score is."""
    scores, parts = impl.sentence_scores("chrf", [""], [["abc"]], parts=True)
    assert scores.tolist() == [0.0] and parts["precision"].tolist() == [0.0] and parts["recall"].tolist() == [0.0]


def sacrebleu_loop(name: str, hyps, refs) -> list[float]:
    scorer = {"bleu": lambda: sacrebleu.BLEU(effective_order=True), "chrf": sacrebleu.CHRF,
              "ter": sacrebleu.TER}[name]()
    return [scorer.sentence_score(h, list(r)).score for h, r in zip(hyps, refs)]


FIXED = [
    (["the cat sat on the mat", "a b", "", "hello world ."],
     [["the cat is on the mat"], ["a b c"], ["x"], ["hello world !", "hello"]]),
    (["Das ist ein Test.", "völlig anders", "ein ein ein ein"],
     [["Das ist ein Test.", "Dies ist ein Test"], ["ganz anders", "anders"], ["ein"]]),
]


@pytest.mark.parametrize("name", ["bleu", "chrf", "ter"])
@pytest.mark.parametrize("corpus", FIXED)
def test_sentence_scores_equal_sacrebleu_loop_on_fixed_corpora(name, corpus):
    hyps, refs = corpus
    want = sacrebleu_loop(name, hyps, refs)
    assert spec.sentence_scores(name, hyps, refs) == want
    assert impl.sentence_scores(name, hyps, refs).tolist() == want


@pytest.mark.parametrize("name", ["bleu", "chrf", "ter"])
@given(corpus=corpora(max_size=5))
def test_sentence_scores_equal_sacrebleu_loop_on_drawn_corpora(name, corpus):
    hyps, refs = corpus
    want = sacrebleu_loop(name, hyps, refs)
    assert impl.sentence_scores(name, hyps, refs).tolist() == want


def test_empty_corpus_and_bad_arguments_refused_like_spec():
    for bad in ((["a"], [["a"], ["b"]]), (["a"], [[]]), ([1], [["a"]])):
        with pytest.raises((TypeError, ValueError)) as want:
            spec.sentence_scores("bleu", *bad)
        with pytest.raises(want.type):
            impl.sentence_scores("bleu", *bad)
    for layer in (spec, impl):
        with pytest.raises(TypeError):
            layer.sentence_scores("bleu", ["a"], [["a"]], parts=1)
        with pytest.raises(TypeError):
            layer.sentence_scores(configured("bleu", no_such_option=1), ["a"], [["a"]])
