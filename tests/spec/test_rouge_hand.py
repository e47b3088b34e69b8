"""ROUGE hand examples (each computed in its docstring) and bad input, on the spec.

These pin the quirks of rouge-score 0.1.2 listed in breadth-oracles.md section 1
independently of the goldens (which check the same points against the oracle).
"""

from __future__ import annotations

import pytest

from bleuprint.core import get_metric
from bleuprint.metrics.rouge import impl, spec


def test_tokenizer_keeps_only_ascii_letter_and_digit_runs():
    """lower(), then every non-[a-z0-9] character separates: "Café naïve" -> caf, na, ve;
    "don't" -> don, t; Chinese has no tokens; the Kelvin sign lowercases to ASCII k;
    "_" separates."""
    assert spec.tokenize("Café naïve") == ["caf", "na", "ve"]
    assert spec.tokenize("don't") == ["don", "t"]
    assert spec.tokenize("我们的中国") == []
    assert spec.tokenize("\u212aELVIN") == ["kelvin"]
    assert spec.tokenize("a_b 3.14") == ["a", "b", "3", "14"]


def test_identical_non_ascii_text_scores_zero():
    """Both sides tokenize to nothing: ROUGE-1 P = 0/max(0,1) = 0, so F = 0."""
    assert spec.rouge_stats("我们的中国", ["我们的中国"], "rouge1") == [0.0, 0.0, 0.0]
    assert spec.rouge_stats("我们的中国", ["我们的中国"], "rougeL") == [0.0, 0.0, 0.0]


def test_rouge_n_clips_and_f_is_plain_f1():
    """hyp "a a b" vs ref "a b c": unigram overlap min(2,1)+min(1,1) = 2; P = 2/3,
    R = 2/3, F = 2/3. Bigrams: hyp {aa, ab}, ref {ab, bc}: overlap 1, P = R = F = 1/2.
    hyp "a" vs ref "a b c d": P = 1, R = 1/4, F = 2*(1/4)/(5/4) = 0.4 (with beta it would
    not be 0.4)."""
    assert spec.rouge_stats("a a b", ["a b c"], "rouge1") == pytest.approx([2 / 3] * 3)
    assert spec.rouge_stats("a a b", ["a b c"], "rouge2") == pytest.approx([0.5] * 3)
    assert spec.rouge_stats("a", ["a b c d"], "rouge1") == pytest.approx([1.0, 0.25, 0.4])


def test_lsum_unions_lcs_over_lines_and_differs_from_l():
    """hyp "a b c\\nd e f" vs ref "d e f\\na b c": whole-text LCS is 3 of 6 tokens
    (rougeL 0.5); bigrams: 5 each side, 4 shared (ab bc de ef; "c d" vs "f a" differ):
    rouge2 0.8; Lsum: each ref line has a full LCS with one hyp line: hits 6 of 6, 1.0."""
    hyp, ref = "a b c\nd e f", ["d e f\na b c"]
    assert spec.rouge_stats(hyp, ref, "rougeL")[2] == pytest.approx(0.5)
    assert spec.rouge_stats(hyp, ref, "rouge2")[2] == pytest.approx(0.8)
    assert spec.rouge_stats(hyp, ref, "rougeLsum")[2] == pytest.approx(1.0)


def test_lsum_without_newlines_equals_l():
    """One sentence on each side: the union of one LCS is that LCS, clipping changes
    nothing, so Lsum = L: "a b c d" vs "a c d e": LCS a c d = 3, P = R = F = 3/4."""
    assert spec.rouge_stats("a b c d", ["a c d e"], "rougeLsum") == spec.rouge_stats("a b c d", ["a c d e"], "rougeL")
    assert spec.rouge_stats("a b c d", ["a c d e"], "rougeL") == pytest.approx([0.75] * 3)


def test_lsum_back_trace_tie_rule():
    """ref sentence "a b" against prediction sentences ["b a"]: the LCS table of ref
    (rows) x candidate (columns) has table[2][2] = 1 with table[2][1] = 1 = table[1][2]:
    not strictly greater, so the back-trace moves up (i -= 1), then at (1, 2) "a" == "a"
    matches: position 0 ("a"). Moving left on ties would have found "b" (position 1).
    So lcs_positions gives [0]."""
    assert spec.lcs_positions(["a", "b"], ["b", "a"]) == [0]


def test_lsum_back_trace_tie_changes_the_score():
    """hyp "c a" (one sentence), ref sentences "c" and "a c" (3 tokens). Ref "c": the
    only LCS is "c" (position 0). Ref "a c" vs "c a": the table's rows are a: [0, 0, 1],
    c: [0, 1, 1]; at (2, 2) "c" != "a" and table[2][1] = 1 is not > table[1][2] = 1, so
    up, then "a" == "a": the LCS is "a". Hits: c (ref c's 2, hyp c's 1), then a: 2. P = 2/2,
    R = 2/3, F = 0.8. Moving left on the tie would pick "c" again, whose hyp count is used
    up: 1 hit, P 1/2."""
    assert spec.rouge_stats("c a", ["c\na c"], "rougeLsum") == pytest.approx([1.0, 2 / 3, 0.8])


def test_lsum_hits_are_clipped_by_remaining_counts():
    """ref lines "a b", "a b" (4 tokens) vs one hyp line "a b" (2 tokens): each ref line's
    union LCS is a, b, but the hyp has one a and one b: hits 2 (the second line finds the
    counts used up). P = 2/2 = 1, R = 2/4, F = 2/3."""
    assert spec.rouge_stats("a b", ["a b\na b"], "rougeLsum") == pytest.approx([1.0, 0.5, 2 / 3])


def test_lsum_drops_empty_lines_but_keeps_space_lines():
    """"a\\n\\nb": lines "a", "b" (the empty one dropped); "a\\n \\nb": lines "a", " ", "b"
    with the middle one tokenizing to nothing. hyp "a b" (one line) vs "a\\n \\nb": the
    union LCS of each ref line is its one token (none for " "): hits 2 of 2, 1.0."""
    assert spec.sentences("a\n\nb") == [["a"], ["b"]]
    assert spec.sentences("a\n \nb") == [["a"], [], ["b"]]
    assert spec.rouge_stats("a b", ["a\n \nb"], "rougeLsum") == [1.0, 1.0, 1.0]


def test_empty_sides():
    """rougeL with an empty side is (0, 0, 0); rouge1 of "" vs "a b": overlap 0, 0/1 and
    0/2, F 0."""
    assert spec.rouge_stats("", ["a b"], "rougeL") == [0.0, 0.0, 0.0]
    assert spec.rouge_stats("a b", [""], "rouge1") == [0.0, 0.0, 0.0]
    assert spec.rouge_stats("", [""], "rougeLsum") == [0.0, 0.0, 0.0]


def test_best_target_is_chosen_per_type():
    """targets "a b c d", "a c b e", prediction "a b c e". rouge1: target 1 shares a b c
    (P = R = F = 3/4), target 2 shares all four (F 1): the second is taken. rouge2:
    prediction bigrams ab bc ce; target 1 has ab bc cd (2 shared, F 2/3), target 2 has
    ac cb be (0 shared): the first is taken. One choice for both types would get one of
    them wrong."""
    targets, prediction = ["a b c d", "a c b e"], "a b c e"
    assert spec.rouge_stats(prediction, targets, "rouge1") == pytest.approx([1.0, 1.0, 1.0])
    assert spec.rouge_stats(prediction, targets, "rouge2") == pytest.approx([2 / 3] * 3)


def test_first_target_wins_a_tie_in_f_with_different_p_and_r():
    """prediction "a b" vs "a b c d" (P 1, R 1/2, F 2/3) and vs "a" (P 1/2, R 1, F 2/3):
    equal F, rouge-score's argmax takes the first target, so the row depends on the order:
    [1, 1/2, 2/3] one way, [1/2, 1, 2/3] the other."""
    assert spec.rouge_stats("a b", ["a b c d", "a"], "rouge1") == pytest.approx([1.0, 0.5, 2 / 3])
    assert spec.rouge_stats("a b", ["a", "a b c d"], "rouge1") == pytest.approx([0.5, 1.0, 2 / 3])


def test_corpus_value_is_the_mean_of_segment_values():
    """Segments "a" vs "a" (F 1) and "a" vs "b" (F 0): mean 0.5, not a pooled count."""
    assert spec.rouge(["a", "a"], [["a"], ["b"]]) == 0.5
    metric = get_metric("rouge")
    rows = metric.stats_matrix(["a", "a"], [["a"], ["b"]])
    assert metric.score(rows.sum(axis=0).tolist(), 2) == 0.5


@pytest.mark.parametrize("layer", [spec.rouge, impl.rouge], ids=["spec", "impl"])
def test_bad_input_is_refused_with_a_clear_error(layer):
    with pytest.raises(TypeError, match="bare str"):
        layer(["a"], ["a"])  # a bare string as targets
    with pytest.raises(ValueError, match="mismatched|length"):
        layer(["a", "b"], [["a"]])
    with pytest.raises(ValueError):
        layer(["a"], [[]])  # an empty target list
    with pytest.raises(TypeError):
        layer([1], [["a"]])
    with pytest.raises(TypeError):
        layer(["a"], [[None]])
    with pytest.raises(ValueError, match="rouge_type"):
        layer(["a"], [["a"]], rouge_type="rouge0")
    with pytest.raises(ValueError, match="measure"):
        layer(["a"], [["a"]], measure="f1")
