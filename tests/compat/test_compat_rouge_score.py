"""bleuprint.compat.rouge_score against rouge-score 0.1.2 live (the oracle, imported here
only): the same ``score`` (target first), ``score_multi`` (best target per type),
``Score`` tuples and, with numpy's global generator seeded the same way, the same
``BootstrapAggregator`` low/mid/high.

Tolerances: scores are compared with ``==`` (the same float operations); aggregates within
1e-12 (the means of resampled rows may be summed in another order than rouge-score's).
"""

from __future__ import annotations

import random

import numpy as np
import pytest
from hypothesis import example, given
from hypothesis import strategies as st

from bleuprint.compat import SPEC
from bleuprint.compat.rouge_score import rouge_scorer, scoring
from bleuprint.core import get_metric

oracle_scorer = pytest.importorskip("rouge_score.rouge_scorer", reason="rouge-score 0.1.2 is the oracle (test extra)")
oracle_scoring = pytest.importorskip("rouge_score.scoring", reason="rouge-score 0.1.2 is the oracle (test extra)")

ALL_TYPES = ["rouge1", "rouge2", "rouge3", "rougeL", "rougeLsum"]
PIECES = ["a", "b", "c", "A", "ab", "1", "x9", "é", "\u212a", "_", "'", "-", ".", "我", " ", " ", " ", "\n", "\n",
          "\t"]
texts = st.lists(st.sampled_from(PIECES), max_size=20).map("".join)


def random_texts(seed: int, count: int) -> list[str]:
    rng = random.Random(seed)
    return ["".join(rng.choice(PIECES) for _ in range(rng.randrange(0, 25))) for _ in range(count)]


def as_tuples(scores: dict) -> dict:
    return {key: tuple(value) for key, value in scores.items()}


# ---------------------------------------------------------------------------- score, score_multi


@given(texts, texts)
@example("a b c\nd e f", "d e f\na b c")
@example("the cat", "")
def test_score_equals_rouge_score(target, prediction):
    ours = rouge_scorer.RougeScorer(ALL_TYPES).score(target, prediction)
    theirs = oracle_scorer.RougeScorer(ALL_TYPES).score(target, prediction)
    assert list(ours) == list(theirs)
    assert as_tuples(ours) == as_tuples(theirs)
    assert all(isinstance(score, scoring.Score) for score in ours.values())


def test_score_on_many_seeded_pairs_with_both_backends():
    """400 seeded random pairs, impl and spec, every type: equal to rouge-score; and the
    argument order matters (target first: swapping it swaps P and R)."""
    ours, theirs = rouge_scorer.RougeScorer(ALL_TYPES), oracle_scorer.RougeScorer(ALL_TYPES)
    spec_scorer = rouge_scorer.RougeScorer(ALL_TYPES)
    spec_scorer.backend = SPEC
    pool = random_texts(17, 800)
    for target, prediction in zip(pool[::2], pool[1::2]):
        expected = as_tuples(theirs.score(target, prediction))
        assert as_tuples(ours.score(target, prediction)) == expected
        assert as_tuples(spec_scorer.score(target, prediction)) == expected
    swapped = ours.score("a b", "a b c d")["rouge1"]
    assert (swapped.precision, swapped.recall) == (0.5, 1.0)  # P = 2/4 of the prediction, R = 2/2


def test_score_multi_picks_the_best_target_per_type():
    """The breadth notes' case: targets ["a b c d", "a c b e"], prediction "a b c e".
    rouge1: target 1 shares a, b, c (F 3/4), target 2 all four tokens (F 1): the 2nd.
    rouge2: the prediction's bigrams are ab, bc, ce; target 1's ab, bc, cd share 2
    (P = R = F = 2/3), target 2's ac, cb, be share none (F 0): the 1st."""
    targets, prediction = ["a b c d", "a c b e"], "a b c e"
    ours = rouge_scorer.RougeScorer(ALL_TYPES).score_multi(targets, prediction)
    theirs = oracle_scorer.RougeScorer(ALL_TYPES).score_multi(targets, prediction)
    assert as_tuples(ours) == as_tuples(theirs)
    assert ours["rouge1"].fmeasure == 1.0
    assert ours["rouge2"] == (2 / 3, 2 / 3, pytest.approx(2 / 3, abs=1e-15))


@given(st.lists(texts, min_size=1, max_size=4), texts)
@example(["a b", "a"], "a b c d")
@example(["a", "a b c d"], "a b")
def test_score_multi_equals_rouge_score(targets, prediction):
    ours = rouge_scorer.RougeScorer(ALL_TYPES).score_multi(targets, prediction)
    theirs = oracle_scorer.RougeScorer(ALL_TYPES).score_multi(targets, prediction)
    assert as_tuples(ours) == as_tuples(theirs)


def test_only_rougelsum_and_type_order():
    """rouge-score's speed path (the only type is rougeLsum) and the dict's order (that of
    rouge_types, duplicates once)."""
    ours = rouge_scorer.RougeScorer(["rougeLsum"]).score("a b\nc", "c\na b")
    assert as_tuples(ours) == as_tuples(oracle_scorer.RougeScorer(["rougeLsum"]).score("a b\nc", "c\na b"))
    types = ["rougeL", "rouge2", "rougeL"]
    assert list(rouge_scorer.RougeScorer(types).score("a b", "a")) == list(oracle_scorer.RougeScorer(types).score("a b", "a"))


class WhitespaceTokenizer:
    """A user's tokenizer: white space only, case kept (so "A" and "a" differ)."""

    def tokenize(self, text):
        return text.split()


def test_a_users_tokenizer_is_used_as_rouge_score_uses_it():
    pool = random_texts(5, 200) + ["A a b\nb a", "x y\n\nz"]
    ours = rouge_scorer.RougeScorer(ALL_TYPES, tokenizer=WhitespaceTokenizer())
    theirs = oracle_scorer.RougeScorer(ALL_TYPES, tokenizer=WhitespaceTokenizer())
    for target, prediction in zip(pool[::2], pool[1::2]):
        assert as_tuples(ours.score(target, prediction)) == as_tuples(theirs.score(target, prediction))
        targets = [target, prediction[::-1], target.upper()]
        assert as_tuples(ours.score_multi(targets, prediction)) == as_tuples(theirs.score_multi(targets, prediction))


def test_stemming_equals_rouge_score():
    pool = random_texts(9, 100) + ["running runs ran\nthe cats are flying", "run run cat\nflies"]
    pool += ["connection connected connecting", "generously generous genes"]
    ours = rouge_scorer.RougeScorer(ALL_TYPES, use_stemmer=True)
    theirs = oracle_scorer.RougeScorer(ALL_TYPES, use_stemmer=True)
    for target, prediction in zip(pool[::2], pool[1::2]):
        assert as_tuples(ours.score(target, prediction)) == as_tuples(theirs.score(target, prediction))
        assert as_tuples(ours.score_multi([target, prediction], prediction[:5])) == \
            as_tuples(theirs.score_multi([target, prediction], prediction[:5]))


# ---------------------------------------------------------------------------- refusals


def test_refusals_name_the_problem():
    with pytest.raises(TypeError, match="bare str"):
        rouge_scorer.RougeScorer("rouge1")
    with pytest.raises(ValueError, match="Invalid rouge type: 'rouge10'"):
        rouge_scorer.RougeScorer(["rouge10"])
    with pytest.raises(ValueError, match="punkt"):
        rouge_scorer.RougeScorer(["rougeLsum"], split_summaries=True)
    with pytest.raises(TypeError, match="tokenize"):
        rouge_scorer.RougeScorer(["rouge1"], tokenizer=str.split)
    scorer = rouge_scorer.RougeScorer(["rouge1"])
    with pytest.raises(ValueError, match="at least one target"):
        scorer.score_multi([], "a")
    with pytest.raises(TypeError, match="bare str"):
        scorer.score_multi("a b", "a")
    with pytest.raises(TypeError, match="prediction must be a str"):
        scorer.score("a", None)
    with pytest.raises(TypeError, match=r"targets\[1\] must be a str"):
        scorer.score_multi(["a", 3], "a")


# ---------------------------------------------------------------------------- BootstrapAggregator


def aggregate_both(pairs, types, seed, **kwargs):
    ours_scorer, theirs_scorer = rouge_scorer.RougeScorer(types), oracle_scorer.RougeScorer(types)
    ours, theirs = scoring.BootstrapAggregator(**kwargs), oracle_scoring.BootstrapAggregator(**kwargs)
    for target, prediction in pairs:
        ours.add_scores(ours_scorer.score(target, prediction))
        theirs.add_scores(theirs_scorer.score(target, prediction))
    np.random.seed(seed)
    ours_result = ours.aggregate()
    np.random.seed(seed)
    theirs_result = theirs.aggregate()
    return ours_result, theirs_result


@pytest.mark.parametrize("seed, count, kwargs", [(0, 30, {}), (42, 7, {"confidence_interval": 0.9, "n_samples": 300}),
                                                 (2024, 1, {"n_samples": 50}), (7, 60, {"confidence_interval": 0.5, "n_samples": 300})])
def test_bootstrap_aggregator_equals_rouge_score_draw_for_draw(seed, count, kwargs):
    pool = random_texts(seed + 1, 2 * count)
    ours, theirs = aggregate_both(list(zip(pool[::2], pool[1::2])), ALL_TYPES, seed, **kwargs)
    assert list(ours) == list(theirs)
    for score_type in theirs:
        assert isinstance(ours[score_type], scoring.AggregateScore)
        for ours_bound, theirs_bound in zip(ours[score_type], theirs[score_type]):
            assert isinstance(ours_bound, scoring.Score)
            assert np.allclose(ours_bound, theirs_bound, rtol=0, atol=1e-12)


def test_bootstrap_draws_depend_on_the_seed_and_mid_is_a_median():
    """Another seed gives other draws (so the test above can fail), and "mid" is the
    median of the bootstrap means: on three segments with F 0, 0 and 1 the mean is 1/3,
    while the median of means of 3-draw resamples is a multiple of 1/3 (here 1/3 or 0)."""
    pairs = [("a", "b"), ("c", "d"), ("e", "e")]
    first, _ = aggregate_both(pairs, ["rouge1"], 1)
    second, _ = aggregate_both(pairs * 5, ["rouge1"], 2)
    assert first["rouge1"] != second["rouge1"]
    assert first["rouge1"].mid.fmeasure * 3 == pytest.approx(round(first["rouge1"].mid.fmeasure * 3), abs=1e-12)


def test_aggregator_refusals():
    with pytest.raises(ValueError, match=r"\[0, 1\]"):
        scoring.BootstrapAggregator(confidence_interval=1.5)
    with pytest.raises(ValueError, match="positive"):
        scoring.BootstrapAggregator(n_samples=0)
    with pytest.raises(TypeError, match="n_samples must be an int"):
        scoring.BootstrapAggregator(n_samples=10.0)
    with pytest.raises(TypeError, match="dict"):
        scoring.BootstrapAggregator().add_scores([1, 2, 3])


def test_fmeasure_and_score_fields():
    assert scoring.fmeasure(0.5, 1.0) == oracle_scoring.fmeasure(0.5, 1.0) == 2 * 0.5 / 1.5
    assert scoring.fmeasure(0, 0) == 0.0
    assert scoring.Score._fields == oracle_scoring.Score._fields
    assert scoring.AggregateScore._fields == oracle_scoring.AggregateScore._fields
    assert issubclass(rouge_scorer.RougeScorer, scoring.BaseScorer)
