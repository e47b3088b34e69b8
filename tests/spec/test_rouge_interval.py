"""bleuprint's own seeded bootstrap interval of corpus ROUGE, through the metric model:
deterministic for a seed, the same in spec and impl, different for another seed (so the
determinism check can fail), and containing the point estimate (the corpus mean).

Exact equality between runs and layers (the same draws and the same arithmetic);
containment is lo <= score <= hi, checked on every ``interval_options`` configuration.
"""

from __future__ import annotations

import numpy as np
import pytest

from bleuprint import impl, spec
from bleuprint.core import get_metric
from bleuprint.core.value import metric as configured
from bleuprint.vectors.hooks import vector_hooks

HYPS = ["the cat sat on the mat", "a b c\nd e f", "nothing shared", "x y z", "the dog barks\nloudly",
        "one two three four", "b a", "same same"]
REFS = [["the cat is on the mat"], ["d e f\na b c"], ["at all"], ["x z y", "x y"], ["a dog barks\nvery loudly"],
        ["one two four"], ["a b"], ["same"]]


@pytest.mark.parametrize("options", vector_hooks(get_metric("rouge")).interval_options())
def test_the_rouge_interval_is_seeded_and_contains_the_score(options):
    first = impl.bootstrap(configured("rouge", **options), HYPS, REFS, n_boot=200, rng=np.random.default_rng(11))
    again = impl.bootstrap(configured("rouge", **options), HYPS, REFS, n_boot=200, rng=np.random.default_rng(11))
    literal = spec.bootstrap(configured("rouge", **options), HYPS, REFS, n_boot=200, rng=np.random.default_rng(11))
    other = impl.bootstrap(configured("rouge", **options), HYPS, REFS, n_boot=200, rng=np.random.default_rng(12))
    assert first == again
    assert (literal.score, literal.lo, literal.hi, literal.mean) == (first.score, first.lo, first.hi, first.mean)
    assert first.scores != other.scores
    assert first.score == spec.corpus_score(configured("rouge", **options), HYPS, REFS)
    assert first.lo <= first.score <= first.hi
    assert first.lo < first.hi


def test_rouge_has_its_own_interval_configurations():
    assert {"rouge_type": "rougeLsum", "measure": "recall"} in vector_hooks(get_metric("rouge")).interval_options()
