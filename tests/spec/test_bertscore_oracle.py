"""BERTScore's definition against bert_score 0.3.13's ``greedy_cos_idf`` (the goldens of
``bleuprint/metrics/bertscore/oracle_cases.py``), and the two named differences, each
shown on the oracle's own numbers.

Tolerance ``TOL = 1e-5`` absolute, because bert_score computes in float32 (torch) and the
definition in float64 on the same float32-exact inputs: float32's unit roundoff is
u = 2^-24 ~ 6e-8; a cosine of d <= 8 coordinates (two normalisations and a dot product)
carries about (d + 4)u ~ 7e-7, P and R are weighted means of cosines (same order), F =
2PR/(P+R) magnifies that by (|P| + |R|)/|P + R| <= 8 on these cases (the builder keeps
|P + R| >= 0.25), and rescaling divides by 1 - b ~ 0.17 and rounds b to float32. The
largest difference measured on the goldens is 1.2e-7 unrescaled and 7e-7 rescaled; the
named differences below are above 0.2.
"""

from __future__ import annotations

import importlib.util
import random

import pytest

from bleuprint import spec
from bleuprint.metrics.bertscore import spec as S
from bleuprint.oracles.goldens import load_goldens
from bleuprint.core.value import metric

TOL = 1e-5
CASES = load_goldens("bertscore")["cases"]
NAMES = ("precision", "recall", "f1")

needs_bert_score = pytest.mark.skipif(
    importlib.util.find_spec("bert_score") is None or importlib.util.find_spec("torch") is None,
    reason="bert-score and torch are not installed (pip install 'bert-score==0.3.13' 'torch==2.13.0')")


def _by_kind(kind: str) -> list:
    return [pytest.param(c, id=c["id"]) for c in CASES if c["kind"] == kind]


def _largest_difference(got, case) -> float:
    return max(abs(g[k] - e) for k, name in enumerate(NAMES) for g, e in zip(got, case[name]))


@pytest.mark.parametrize("case", _by_kind("alone"))
def test_definition_equals_bert_score_one_pair_at_a_time(case):
    """Every segment's P, R and F within TOL of bert_score's (module doc)."""
    got = S.bertscore_segments(case["hyps"], case["refs"], **case["options"])
    assert _largest_difference(got, case) <= TOL


@pytest.mark.parametrize("case", _by_kind("alone"))
def test_corpus_score_is_the_mean_f1_of_bert_score(case):
    """The registered metric's corpus score is the mean over segments of bert_score's F1
    (what its users report, ``F.mean()``), and its parts the mean P and R (TOL)."""
    score = spec.corpus_score(metric("bertscore", **case["options"]), case["hyps"], case["refs"])
    n = len(case["f1"])
    assert score == pytest.approx(sum(case["f1"]) / n, abs=TOL)
    _, parts = spec.sentence_scores(metric("bertscore", **case["options"]), case["hyps"], case["refs"], parts=True)
    for name in NAMES:
        assert parts[name] == pytest.approx(case[name], abs=TOL)


@pytest.mark.skipif(importlib.util.find_spec("bert_score") is None,
                    reason="bert-score is not installed: its shipped baseline files are read from it")
@pytest.mark.parametrize("case", _by_kind("baseline"))
def test_rescaled_definition_equals_bert_score(case):
    """Rescaled with bert_score's shipped en/roberta-large baseline (layer 17), read from
    the installed package: within TOL."""
    got = S.bertscore_segments(case["hyps"], case["refs"], **case["options"])
    assert _largest_difference(got, case) <= TOL


@pytest.mark.parametrize("case", _by_kind("padding-floor"))
def test_padding_floor_is_a_named_difference(case):
    """bert_score scoring the short pair (a hypothesis token whose every cosine is
    negative) in one batch with a longer pair raises its precision: the padded slots are
    cosines of 0 after ``sim * mask``. The definition equals the pair alone (TOL) and
    differs from the batched value by more than 0.2; the batched value is the definition
    with every token's best cosine floored at 0 (the hand computation of the floor: P =
    sum_i w_i * max(0, max_j cos))."""
    got = S.bertscore_segments(case["hyps"], case["refs"], **case["options"])
    alone, batched = case["alone"], case["batched"]
    assert max(abs(g[k] - alone[n][i]) for i, g in enumerate(got) for k, n in enumerate(NAMES)) <= TOL
    assert abs(got[0][0] - batched["precision"][0]) > 0.2
    hyp, ref = S.check_segment(case["hyps"][0], "h"), S.check_segment(case["refs"][0][0], "r")
    cos = S.cosine_matrix(hyp, ref)
    floored_p = sum(max(0.0, max(row)) for row in cos) / len(cos)
    assert batched["precision"][0] == pytest.approx(floored_p, abs=TOL)


@pytest.mark.parametrize("case", _by_kind("two-token"))
def test_two_token_rule_is_a_named_difference(case):
    """bert_score takes a two-token hypothesis or reference for an empty one ([CLS]
    [SEP]) and sets P and R to 0, but leaves F as computed: its F (TOL) is the
    definition's, whose P and R are not 0 and give that F as 2PR/(P+R)."""
    (p, r, f), = S.bertscore_segments(case["hyps"], case["refs"])
    assert case["precision"] == [0.0] and case["recall"] == [0.0]
    assert abs(p) > 0.1 and abs(r) > 0.1
    assert f == pytest.approx(case["f1"][0], abs=TOL)
    assert f == pytest.approx(2 * p * r / (p + r), abs=1e-12)


def test_goldens_cover_every_option_set_and_kind():
    """The fixture holds what the module doc says (so a builder change cannot empty it)."""
    kinds = {c["kind"] for c in CASES}
    assert kinds == {"alone", "baseline", "padding-floor", "two-token"}
    options = {tuple(sorted(c["options"].items())) for c in CASES if c["kind"] == "alone"}
    assert len(options) == 4
    assert any(len(group) > 1 for c in CASES for group in c["refs"])


@needs_bert_score
@pytest.mark.no_mutants  # a live oracle run (torch); the goldens and hand tests kill every planted mutant
@pytest.mark.parametrize("seed", range(4))
@pytest.mark.parametrize("options", [{"idf": False, "multi_ref": "max"}, {"idf": True, "multi_ref": "best-f"}])
def test_definition_equals_bert_score_live(seed, options):
    """Fresh seeded corpora beyond the goldens, scored live by bert_score one pair at a
    time (corpora the oracle cannot score, a weight sum of 0 or |P + R| < 0.25, are
    drawn again, as in the builder): within TOL."""
    from bleuprint.metrics.bertscore import oracle_cases as C
    from bleuprint.metrics.bertscore import oracle_adapter as O

    rng = random.Random(1000 + seed)
    while True:
        hyps, refs = C.generated_corpus(rng)
        if C._weights_ok(hyps, refs, options["idf"]) and C._well_conditioned(hyps, refs, options["idf"]):
            break
    expected = O.segment_scores(hyps, refs, **options)
    got = S.bertscore_segments(hyps, refs, **options)
    assert max(abs(g[k] - e[k]) for g, e in zip(got, expected) for k in range(3)) <= TOL
