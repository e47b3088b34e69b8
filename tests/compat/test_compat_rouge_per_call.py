"""The compat scorer's direct per-call path (``RougeScorer.score`` / ``score_multi`` through
the compiled ``PairScorer``, which keeps its token vocabulary and stems between calls) and
``score_batch``, against rouge-score 0.1.2 live: every ``Score`` *equal* (``==``).

One scorer per stemming mode is shared by all of a test's examples, so later examples are
scored with the state the earlier ones left (the cache is what is being tested).
"""

from __future__ import annotations

import pickle
from types import SimpleNamespace

import pytest
from hypothesis import example, given
from hypothesis import strategies as st

from bleuprint.compat import SPEC
from bleuprint.compat.rouge_score import rouge_scorer, scoring
from bleuprint.impl import native
from bleuprint.metrics.rouge import impl, spec

oracle_scorer = pytest.importorskip("rouge_score.rouge_scorer", reason="rouge-score 0.1.2 is the oracle (test extra)")
needs_kernel = pytest.mark.skipif(native.rouge is None, reason="the compiled ROUGE kernel is not built")

TYPES = ["rouge1", "rouge2", "rouge3", "rougeL", "rougeLsum"]
PIECES = ["a", "b", "c", "A", "ab", "1", "x9", "é", "\u212a", "\u0130", "_", "'", ".", "我", " ", " ", " ", "\n", "\n",
          "\n\n", "\t", "running", "Runs", "cats", "happiness", "relational", "agreed", "studies", "dying", "news",
          "yyyy", "1990s"]
texts = st.lists(st.sampled_from(PIECES), max_size=24).map("".join)

OURS = {stem: rouge_scorer.RougeScorer(TYPES, use_stemmer=stem) for stem in (False, True)}
THEIRS = {stem: oracle_scorer.RougeScorer(TYPES, use_stemmer=stem) for stem in (False, True)}


def as_tuples(scores: dict) -> dict:
    return {key: tuple(value) for key, value in scores.items()}


@needs_kernel
def test_the_default_scorer_takes_the_direct_path():
    assert all(scorer._pair is not None for scorer in OURS.values())
    assert rouge_scorer.RougeScorer(TYPES, tokenizer=type("T", (), {"tokenize": staticmethod(str.split)})())._pair is None


@given(texts, texts, st.booleans())
@example("a b c\nd e f", "d e f\na b c", False)
@example("running cats\nhappiness", "the cat runs\n\nhappy", True)
@example("", "a", True)
def test_score_equals_rouge_score(target, prediction, stem):
    ours = OURS[stem].score(target, prediction)
    theirs = THEIRS[stem].score(target, prediction)
    assert list(ours) == list(theirs)
    assert as_tuples(ours) == as_tuples(theirs)
    assert all(type(score) is scoring.Score for score in ours.values())


@given(st.lists(texts, min_size=1, max_size=4), texts, st.booleans())
@example(["a b", "a"], "a b c d", False)
@example(["running", "runs cats\nrunning"], "runs\ncats", True)
def test_score_multi_equals_rouge_score(targets, prediction, stem):
    assert as_tuples(OURS[stem].score_multi(targets, prediction)) == \
        as_tuples(THEIRS[stem].score_multi(targets, prediction))


@given(st.lists(st.tuples(texts, texts), max_size=8), st.booleans())
def test_score_batch_equals_rouge_score_in_a_loop(pairs, stem):
    targets, predictions = [t for t, _ in pairs], [p for _, p in pairs]
    ours = OURS[stem].score_batch(targets, predictions)
    theirs = [THEIRS[stem].score(t, p) for t, p in pairs]
    assert [as_tuples(s) for s in ours] == [as_tuples(s) for s in theirs]
    assert all(type(score) is scoring.Score for scores in ours for score in scores.values())


def test_score_batch_over_threads_equals_rouge_score(monkeypatch):
    """A batch split over the kernel's threads (one segment per part) gives the loop's dicts."""
    monkeypatch.setattr(impl, "SPLIT_MIN_SEGMENTS", 1)
    pool = ["the cat sat\non the mat", "a cat runs", "running cats\n\nhappiness", "", "é 我", "news of the day"]
    targets, predictions = pool * 3, pool[::-1] * 3
    for stem in (False, True):
        assert [as_tuples(s) for s in OURS[stem].score_batch(targets, predictions)] == \
            [as_tuples(THEIRS[stem].score(t, p)) for t, p in zip(targets, predictions)]


def test_repeated_types_and_the_spec_backend(monkeypatch):
    """A repeated type is one key, in first-seen order, as in rouge-score's dict; with
    ``backend = SPEC`` set after construction the spec's rows are used (counted here)."""
    types = ["rougeL", "rouge2", "rougeL"]
    ours, theirs = rouge_scorer.RougeScorer(types), oracle_scorer.RougeScorer(types)
    assert as_tuples(ours.score("a b\nc", "c a b")) == as_tuples(theirs.score("a b\nc", "c a b"))
    assert [as_tuples(s) for s in ours.score_batch(["a b"], ["b a"])] == [as_tuples(theirs.score("a b", "b a"))]
    calls = []
    hooks = rouge_scorer.input_hooks

    def counting(metric):
        rows = hooks(metric).rows
        return SimpleNamespace(rows=lambda *a, **k: calls.append(k) or rows(*a, **k))

    monkeypatch.setattr(rouge_scorer, "input_hooks", counting)
    ours.backend = SPEC
    assert as_tuples(ours.score("a b", "b a")) == as_tuples(theirs.score("a b", "b a"))
    assert {c["rouge_type"] for c in calls} == {"rougeL", "rouge2"}


def test_refusals_name_the_problem():
    scorer = OURS[True]
    with pytest.raises(TypeError, match="target must be a str, got int"):
        scorer.score(3, "a")
    with pytest.raises(TypeError, match="prediction must be a str, got NoneType"):
        scorer.score("a", None)
    with pytest.raises(TypeError, match=r"targets\[1\] must be a str"):
        scorer.score_multi(["a", b"b"], "a")
    with pytest.raises(ValueError, match="differ in length: 2 != 1"):
        scorer.score_batch(["a", "b"], ["a"])
    with pytest.raises(TypeError, match=r"predictions\[0\] must be a str"):
        scorer.score_batch(["a"], [None])
    with pytest.raises(TypeError, match="bare str"):
        scorer.score_batch("ab", "ab")
    assert scorer.score_batch([], []) == []
    assert as_tuples(scorer.score("a", "a")) == as_tuples(THEIRS[True].score("a", "a"))  # still usable


def test_scores_are_rouge_scores_named_tuples():
    score = OURS[False].score("the cat", "the cat sat")["rouge1"]
    assert score == scoring.Score(precision=2 / 3, recall=1.0, fmeasure=0.8)  # hand: 2 of 3, 2 of 2, 2PR/(P+R)
    assert score._asdict() == {"precision": 2 / 3, "recall": 1.0, "fmeasure": 0.8}
    assert pickle.loads(pickle.dumps(score)) == score


def _toy_stem(word: str):
    """A stand-in stemmer with a dropped token: ``impl._stemmed``'s contract (None drops)."""
    return None if word == "abab" else word[:-1] if word.endswith("s") else word


@needs_kernel
@given(st.lists(st.sampled_from(["abab", "cats", "cat", "bats", "bat", "as", "s", "\n", " "]), max_size=14).map(" ".join),
       st.lists(st.lists(st.sampled_from(["abab", "cats", "cat", "bats", "\n", " "]), max_size=14).map(" ".join),
                min_size=1, max_size=3))
@example("abab cats\nabab", ["cat abab\ncats"])
def test_pair_scorer_drops_stemmed_tokens_as_the_batch_kernel(prediction, targets):
    """The per-call path with a stemmer that drops a token equals the batch kernel's rows
    (whose dropping is checked against the Python route in ``test_rouge_diff``)."""
    codes = [impl.TYPE_CODES[t] for t in spec.ROUGE_TYPES]
    pair = native.rouge.PairScorer(codes, spec.ROUGE_TYPES, scoring.Score, _toy_stem)
    saved = impl._stemmer
    impl._stemmer = lambda: lambda w: "a-b" if w == "abab" else _toy_stem(w)
    try:
        rows = impl.rouge_rows([prediction], [targets], spec.ROUGE_TYPES, True)[0].tolist()
    finally:
        impl._stemmer = saved
    for _ in range(2):  # the second call reads the stems cached by the first
        assert [list(s) for s in pair.score_multi(targets, prediction).values()] == rows


@needs_kernel
@pytest.mark.slow
def test_the_token_state_is_cleared_past_its_limit_and_scores_stay_equal():
    """Past 2**20 distinct tokens the scorer starts a new vocabulary; the scores after it
    are rouge-score's."""
    scorer = rouge_scorer.RougeScorer(["rouge1"])
    huge = " ".join(f"w{k}" for k in range((1 << 20) + 10))
    assert scorer.score(huge, "w1 w2 zz")["rouge1"].precision == 2 / 3
    scorer._pair.score("x y", "y z")  # the clearing call
    for target, prediction in [("running cats", "the cat runs"), ("w5 w6", "w6 w5 w5")]:
        assert as_tuples(scorer.score(target, prediction)) == \
            as_tuples(oracle_scorer.RougeScorer(["rouge1"]).score(target, prediction))
