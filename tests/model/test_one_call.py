"""``corpus_score(metric(name, **options), hyps, refs)``: the one-call form of every registered
metric, in the spec and in impl (issue #13: a new metric needs no function of its own in
``bleuprint.spec`` or ``bleuprint.impl`` to be scored in one call)."""

from __future__ import annotations

import random

import pytest

import bleuprint.impl as impl
from bleuprint import spec
from bleuprint.core import Metric, get_metric, metric_names, register, unregister
from bleuprint.core.value import metric as configured
from bleuprint.verify_hooks import verify_hooks
from bleuprint.spec.inputs import corpus_references, input_hooks

HYPS = ["the cat sat on the mat", "a dog", "hello there", ""]
REFS = [["the cat sat on a mat"], ["the dog barked"], ["hello there"], ["x"]]

#: The built-in metrics' own one-call spec functions (their sacreBLEU-parity API).
OWN_FUNCTION = {
    "bleu": lambda h, r, **o: spec.corpus_bleu(h, r, **o),
    "chrf": lambda h, r, **o: spec.chrf(h, r, **o),
    "ter": lambda h, r, **o: spec.ter(h, r, **o),
    "exact_match": lambda h, r, **o: spec.exact_match(h, [refs[0] for refs in r], **o),
}


@pytest.mark.parametrize("name", metric_names())
def test_corpus_score_is_the_metrics_own_function(name):
    """For every registered metric, impl's ``corpus_score`` is within 1e-9 (on the
    metric's scale) of the spec's; for a built-in metric, the spec's also equals its own
    function exactly (same definition, same arithmetic)."""
    hyps, refs = corpus_of(name)
    expected = spec.corpus_score(name, hyps, refs)
    if name in OWN_FUNCTION:
        assert expected == OWN_FUNCTION[name](hyps, refs)
    assert impl.corpus_score(name, hyps, refs) == pytest.approx(expected, abs=1e-9, rel=0)


def corpus_of(name: str) -> tuple:
    """HYPS and REFS, without the references for a metric that has none; a metric whose
    segments are not text gets its own seeded corpus (``bleuprint.verify_hooks.generated_corpus``)."""
    definition = get_metric(name)
    if input_hooks(definition).segment_kind != "text":
        return verify_hooks(definition).generated_corpus(random.Random(0))
    return HYPS, corpus_references(definition, REFS)


class LongestWord(Metric):
    name = "longest_word_test"
    title = "the length of the longest hypothesis word, over the corpus"
    scale = 1

    def segment_stats(self, hyp, refs) -> list:
        return [max((len(w) for w in hyp.split()), default=0)]

    def score(self, combined, n_segments) -> float:
        return combined[0] / n_segments


def test_a_registered_metric_is_scored_in_one_call():
    """Longest words: "the cat sat on the mat" 3, "a dog" 3, "hello there" 5, "" 0:
    rows [3], [3], [5], [0]; sum 11 over 4 segments: 2.75 in both layers; unknown option
    refused."""
    register(LongestWord())
    try:
        assert spec.corpus_score("longest_word_test", HYPS, REFS) == 2.75
        assert impl.corpus_score("longest_word_test", HYPS, REFS) == 2.75
        with pytest.raises(TypeError, match="unknown option"):
            spec.corpus_score(configured("longest_word_test", lowercase=True), HYPS, REFS)
    finally:
        unregister("longest_word_test")
    with pytest.raises(ValueError, match="unknown metric"):
        spec.corpus_score("longest_word_test", HYPS, REFS)
