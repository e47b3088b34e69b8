"""BERTScore's definition by hand (``bleuprint.metrics.bertscore.spec``), its options and
its refusals. Scores within 1e-12 of the hand values (a few float64 roundings)."""

from __future__ import annotations

import math

import pytest

import bleuprint
from bleuprint import spec
from bleuprint.metrics.bertscore import spec as S
from bleuprint.core.value import metric

H = [[1.0, 0.0], [0.0, 1.0]]
A = [[2.0, 0.0]]
B = [[0.0, 3.0], [1.0, 1.0]]
R2 = 1 / math.sqrt(2)


def test_greedy_matching_by_hand():
    """h0 = (1, 0), h1 = (0, 1) against the single token (2, 0): cosines 1 and 0, so
    P = (1 + 0)/2 = 0.5, R = max(1, 0) = 1, F = 2 * 0.5 * 1 / 1.5 = 2/3."""
    (p, r, f), = S.bertscore_segments([H], [[A]])
    assert (p, r, f) == pytest.approx((0.5, 1.0, 2 / 3), abs=1e-12)


def test_two_reference_rules_by_hand():
    """Against A: (0.5, 1, 2/3). Against B = (0, 3), (1, 1): cos(h0, .) = 0, 1/sqrt2 and
    cos(h1, .) = 1, 1/sqrt2, so P = (1/sqrt2 + 1)/2, R = (1 + 1/sqrt2)/2, F the same,
    0.853553. ``max`` takes each maximum: (0.853553, 1, 0.853553), whose F is not
    2PR/(P+R) = 0.921; ``best-f`` reports B's row, the one with the largest F."""
    b = (1 + R2) / 2
    (p, r, f), = S.bertscore_segments([H], [[A, B]])
    assert (p, r, f) == pytest.approx((b, 1.0, b), abs=1e-12)
    assert f != pytest.approx(2 * p * r / (p + r), abs=1e-3)
    (p, r, f), = S.bertscore_segments([H], [[A, B]], multi_ref="best-f")
    assert (p, r, f) == pytest.approx((b, b, b), abs=1e-12)


def test_best_f_takes_the_first_of_equal_references():
    """Two references with the same F: ``best-f`` reports the first one's P and R. A'
    = (1, 0), (5, 0) gives P = 0.5, R = 1 (F 2/3) like A, so the row is A's."""
    (p, r, f), = S.bertscore_segments([H], [[[[1.0, 0.0], [5.0, 0.0]], A]], multi_ref="best-f")
    assert (p, r, f) == pytest.approx((0.5, 1.0, 2 / 3), abs=1e-12)


def test_idf_weights_by_hand():
    """References: segment 0 has ids (5, 6), segment 1 has (5, 7); M = 2, df(5) = 2, df(6)
    = df(7) = 1: idf(5) = ln(3/3) = 0, idf(6) = ln(3/2), unseen ids ln 3. Hypothesis 0 has
    ids (8, 5) on h0, h1: weights (ln 3, 0) / ln 3 = (1, 0), so P = cos(h0, best) = max(
    cos(h0, r0), cos(h0, r1)); with r0 = (1, 1) (id 5) and r1 = (0, 1) (id 6): P =
    1/sqrt2; R = the weight of r1 alone (1) times max_i cos(h_i, r1) = 1."""
    hyp = {"embeddings": H, "ids": [8, 5]}
    ref0 = {"embeddings": [[1.0, 1.0], [0.0, 1.0]], "ids": [5, 6]}
    ref1 = {"embeddings": [[1.0, 1.0], [1.0, 0.0]], "ids": [5, 7]}
    table = S.idf_table([[S.check_segment(ref0, "r0")], [S.check_segment(ref1, "r1")]])
    assert table == (2, ((5, 2), (6, 1), (7, 1)))
    assert S.idf(6, table) == pytest.approx(math.log(1.5), abs=1e-15)
    assert S.idf(8, table) == pytest.approx(math.log(3), abs=1e-15)
    (p, r, f), _ = S.bertscore_segments([hyp, hyp], [[ref0], [ref1]], idf=True)
    assert (p, r) == pytest.approx((R2, 1.0), abs=1e-12)


def test_special_positions_weigh_nothing_but_are_matched():
    """Position 0 special: the hypothesis's weights are (0, 1), P = max cos(h1, .) =
    cos((0,1), (0,3)) = 1. The reference's special token [(0, 3)] stays a match candidate
    for the hypothesis: R over B with position 0 special = max_i cos(h_i, (1, 1)) = 1/sqrt2."""
    (p, r, _), = S.bertscore_segments([{"embeddings": H, "special": [0]}], [[{"embeddings": B, "special": [0]}]])
    assert (p, r) == pytest.approx((1.0, R2), abs=1e-12)


def test_negative_cosines_are_not_floored():
    """h = (1, 0) against r = (-1, 0): cosine -1, so P = R = F = -1 (bert_score batched
    would floor P and R at 0)."""
    assert S.bertscore_segments([[[1.0, 0.0]]], [[[[-1.0, 0.0]]]])[0] == (-1.0, -1.0, -1.0)
    assert spec.corpus_score("bertscore", [[[1.0, 0.0]]], [[[[-1.0, 0.0]]]]) == -1.0


def test_f_is_zero_where_p_plus_r_is_zero():
    """h = (1, 0), (-1, 0) against r = (1, 0): P = (1 - 1)/2 = 0, R = max(1, -1) = 1, F =
    2 * 0 * 1 / 1 = 0; and P = 0.5, R = -0.5 (P + R = 0) gives F = 0 (bert_score: -inf)."""
    (p, r, f), = S.bertscore_segments([[[1.0, 0.0], [-1.0, 0.0]]], [[[[1.0, 0.0]]]])
    assert (p, r, f) == (0.0, 1.0, 0.0)
    assert S.f1(0.5, -0.5) == 0.0


def test_rescaling_with_a_baseline_file(tmp_path):
    """A file with layer 1 = (0.5, 0.25, 0.5): (x - b)/(1 - b): P 0.5 -> 0, R 1 -> 1, F 2/3
    -> 1/3. The corpus score rescales the mean F the same way."""
    path = tmp_path / "base.tsv"
    path.write_text("LAYER,P,R,F\n0,0.9,0.9,0.9\n1,0.5,0.25,0.5\n", encoding="utf-8")
    (p, r, f), = S.bertscore_segments([H], [[A]], baseline=str(path), baseline_layer=1)
    assert (p, r, f) == pytest.approx((0.0, 1.0, 1 / 3), abs=1e-12)
    assert spec.corpus_score(metric("bertscore", baseline=str(path), baseline_layer=1), [H], [[A]]) == pytest.approx(
        1 / 3, abs=1e-12)
    with pytest.raises(ValueError, match="needs baseline_layer"):
        S.bertscore_segments([H], [[A]], baseline=str(path))
    with pytest.raises(ValueError, match="layers 0..1"):
        S.bertscore_segments([H], [[A]], baseline=str(path), baseline_layer=2)


def test_shipped_baseline_read_from_installed_bert_score():
    """``en/roberta-large`` names bert_score's shipped file; its row 17 is read from the
    installed package (never from bleuprint). Without bert-score: a ValueError saying so."""
    import importlib.util

    if importlib.util.find_spec("bert_score") is None:
        with pytest.raises(ValueError, match="bert-score is not installed"):
            S.baseline_values("en/roberta-large", 17)
        return
    from importlib.metadata import distribution

    text = distribution("bert-score").locate_file("bert_score/rescale_baseline/en/roberta-large.tsv").read_text()
    assert S.baseline_values("en/roberta-large", 17) == tuple(float(x) for x in text.splitlines()[18].split(",")[1:])
    with pytest.raises(ValueError, match="no baseline 'xx/none'"):
        S.baseline_values("xx/none", 0)


def test_python_interface():
    """``bleuprint.bertscore`` (hypotheses first) gives per-segment lists and the means;
    ``sentence_scores`` the F1 of each segment, with ``parts=True`` P and R too;
    ``corpus_score`` the mean F1."""
    out = bleuprint.bertscore([H, H], [[A], [A, B]])
    b = (1 + R2) / 2
    assert out["f1"] == pytest.approx([2 / 3, b], abs=1e-12)
    assert out["f1_mean"] == pytest.approx((2 / 3 + b) / 2, abs=1e-12)
    scores, parts = bleuprint.sentence_scores("bertscore", [H, H], [[A], [A, B]], parts=True)
    assert list(scores) == pytest.approx([2 / 3, b], abs=1e-12)
    assert list(parts["recall"]) == pytest.approx([1.0, 1.0], abs=1e-12)
    assert bleuprint.corpus_score("bertscore", [H, H], [[A], [A, B]]) == pytest.approx((2 / 3 + b) / 2, abs=1e-12)


@pytest.mark.parametrize("hyps, refs, error, message", [
    ([[[1.0, 0.0], [1.0]]], [[A]], ValueError, r"hyps\[0\] is ragged"),
    ([H], [[[[1.0, float("nan")]]]], ValueError, r"refs\[0\]\[0\]\[0\]\[1\] is nan"),
    ([[[1.0, float("inf")]]], [[A]], ValueError, r"hyps\[0\]\[0\]\[1\] is inf"),
    ([[]], [[A]], ValueError, r"hyps\[0\] has no token"),
    ([H, H], [[A], [[[1.0, 0.0, 0.0]]]], ValueError, "dimension mismatch in segment 1"),
    ([[[0.0, 0.0]]], [[A]], ValueError, r"hyps\[0\]\[0\] is the zero vector"),
    ([H], [[]], ValueError, r"refs\[0\] is empty"),
    ([H], [A], TypeError, r"refs\[0\]"),
    ([H], None, TypeError, "needs references"),
    ([H, H], [[A]], ValueError, "mismatched lengths"),
    (["the cat"], [[A]], TypeError, r"hyps\[0\]"),
    ([[[True, 0.0]]], [[A]], TypeError, r"hyps\[0\]\[0\]\[0\] must be a number"),
    ([{"embeddings": H, "ids": [1]}], [[A]], ValueError, "2 token vectors but 1 ids"),
    ([{"embeddings": H, "special": [2]}], [[A]], ValueError, "position 2"),
    ([{"embeddings": H, "special": [0, 1]}], [[A]], ValueError, "every token weight is 0"),
    ([{"vectors": H}], [[A]], TypeError, "unknown key"),
])
def test_bad_input_is_refused_naming_the_segment(hyps, refs, error, message):
    for function in (S.bertscore, bleuprint.bertscore):
        with pytest.raises(error, match=message):
            function(hyps, refs)


def test_idf_needs_ids_and_refuses_zero_weights():
    """idf without ids is refused; a single reference makes every one of its tokens ln(2/2)
    = 0 (bert_score's NaN, its issue #6): refused, naming the segment."""
    with pytest.raises(ValueError, match="idf needs token ids"):
        S.bertscore([H], [[A]], idf=True)
    with pytest.raises(ValueError, match="segment 0, reference 0 \\(reference\\): every token weight is 0"):
        S.bertscore([{"embeddings": H, "ids": [1, 2]}], [[{"embeddings": A, "ids": [3]}]], idf=True)


def test_pairwise_matrices_are_of_text_lines_only():
    """``pairwise`` (MBR's matrices) reads text lines: token embeddings are refused by both
    layers with a TypeError naming the first line, not scored."""
    for layer in (spec, bleuprint.impl):
        with pytest.raises(TypeError, match=r"hyps\[0\] must be a str"):
            layer.pairwise("bertscore", [H], [A])
        with pytest.raises(TypeError, match=r"hyps\[0\] must be a str"):
            layer.pairwise("embedding_similarity", [[1.0, 2.0]], [[1.0, 2.0]])
