"""The Accumulator for TER, whose second column (the average reference length) is
fractional: sums are kept exact (Fractions), and a sharded TER equals the one-call TER
(issue #13 item 2: TER used to be refused).

Tolerance: equal to the one-call score within 1e-9 on the 0-100 scale, and bit for bit
when every average length is whole (one reference per segment); statistics: the edit
sum exactly, the length sum exactly as a rational number.
"""

from __future__ import annotations

import json
import random
from fractions import Fraction

import pytest

import bleuprint.impl as impl
from bleuprint import spec
from bleuprint.core.value import metric as configured

WORDS = "the cat sat on a mat dog barked , . today".split()


def _corpus(seed: int, refs_per_segment):
    rng = random.Random(seed)
    line = lambda: " ".join(rng.choice(WORDS) for _ in range(rng.randint(0, 9)))  # noqa: E731
    hyps = [line() for _ in range(40)]
    refs = [[line() or "x" for _ in range(refs_per_segment(rng))] for _ in hyps]
    return hyps, refs


def test_three_references_of_different_lengths_by_hand():
    """Segment 1: "a b" against "a b" (2 words) and "a b c d" (4): edits 0, average length
    3; segment 2: "x" against "y" (1) and "y z" (2): 1 edit (x->y against "y"), average
    1.5. Sum [1, 4.5]: TER = 100 * 1 / 4.5 = 22.2222...; shards [0, 3] + [1, 3/2]."""
    hyps, refs = ["a b", "x"], [["a b", "a b c d"], ["y", "y z"]]
    first = impl.Accumulator("ter").add(hyps[:1], refs[:1])
    second = impl.Accumulator("ter").add(hyps[1:], refs[1:])
    merged = first.merge(second)
    assert merged._stats == [1, Fraction(9, 2)]
    assert merged.score() == 100 * 1 / 4.5 == spec.ter(hyps, refs)


@pytest.mark.parametrize("seed", range(5))
def test_sharded_ter_equals_the_one_call_ter(seed):
    hyps, refs = _corpus(seed, lambda rng: rng.randint(1, 3))
    one_call = spec.ter(hyps, refs)
    cut = random.Random(seed).randint(1, len(hyps) - 1)
    shards = impl.Accumulator("ter").add(hyps[:cut], refs[:cut]).merge(
        impl.Accumulator("ter").add(hyps[cut:], refs[cut:]))
    assert abs(shards.score() - one_call) <= 1e-9
    rows = spec.sentence_stats("ter", hyps, refs)
    assert shards.stats[0] == rows[:, 0].sum()
    assert shards._stats[1] == sum(Fraction(x) for x in rows[:, 1].tolist())


@pytest.mark.parametrize("seed", range(3))
def test_one_reference_per_segment_is_bit_for_bit(seed):
    hyps, refs = _corpus(seed, lambda rng: 1)
    accumulator = impl.Accumulator("ter")
    for start in range(0, len(hyps), 7):
        accumulator.add(hyps[start:start + 7], refs[start:start + 7])
    assert accumulator.score() == spec.ter(hyps, refs)


def test_fractional_sums_travel_as_text_and_are_checked():
    hyps, refs = ["a b", "x"], [["a b", "a b c d"], ["y", "y z"]]
    accumulator = impl.Accumulator(configured("ter", case_sensitive=True)).add(hyps, refs)
    data = json.loads(json.dumps(accumulator.to_dict()))
    assert data["stats"] == [1, "9/2"]
    assert impl.Accumulator.from_dict(data) == accumulator
    with pytest.raises(ValueError, match=r"stats\[1\] must be an int >= 0 or a fraction"):
        impl.Accumulator.from_dict({**data, "stats": [1, "nine halves"]})
    with pytest.raises(ValueError, match=r"stats\[0\] must be an int >= 0"):
        impl.Accumulator.from_dict({**data, "stats": ["1/2", 3]})
