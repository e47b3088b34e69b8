"""Hand examples of the WER family (``bleuprint.metrics.wer.spec``), each computation
written out. Rows are ``[H, S, D, I, N_ref, N_hyp]``; bleuprint's functions take
``(hyps, refs)`` with ``refs[i] = [reference]``. Floats are compared exactly (the spec
performs jiwer's few double operations; the expected values are the same expressions)."""

from __future__ import annotations

import pytest

from bleuprint.core import get_metric
from bleuprint.metrics.wer import spec as S
from bleuprint.spec.inputs import input_hooks


def test_tie_rule_hand_examples():
    """ref "a b", hyp "b c" (no common prefix or suffix). The table D[i][j] (i: reference
    words, j: hypothesis words): D[0] = [0, 1, 2], D[1] = [1, 1, 2], D[2] = [2, 1, 2]. At
    (2, 2): D[1][2] + 1 = 3 != 2, no deletion; D[2][1] + 1 = 2 != D[1][1] = 1, no insertion;
    diagonal b/c: a substitution. At (1, 1): D[0][1] + 1 = 2 != 1; D[1][0] + 1 = 2 !=
    D[0][0] = 0; diagonal a/b: a substitution. So H 0, S 2.

    ref "b c", hyp "a b": D[0] = [0, 1, 2], D[1] = [1, 1, 1], D[2] = [2, 2, 2]. At (2, 2):
    D[1][2] + 1 = 2 = D[2][2]: delete "c". At (1, 2): D[0][2] + 1 = 3 != 1; D[1][1] + 1 = 2 !=
    D[0][1] = 1; diagonal b/b: a hit. At (0, 1): "a" is inserted. So H 1, D 1, I 1.
    WER is 2/2 = 1 both ways; MER 2/2 = 1 vs 2/3; WIL 1 vs 1 - (1/2)(1/2)."""
    assert S.wer_stats("b c", ["a b"]) == [0, 2, 0, 0, 2, 2]
    assert S.wer_stats("a b", ["b c"]) == [1, 0, 1, 1, 2, 2]
    assert S.mer(["b c"], [["a b"]]) == 1.0
    assert S.mer(["a b"], [["b c"]]) == 2 / 3
    assert S.wil(["a b"], [["b c"]]) == 1 - (1 / 2) * (1 / 2)
    assert S.wer(["b c"], [["a b"]]) == S.wer(["a b"], [["b c"]]) == 1.0


def test_affix_step_decides_the_split():
    """ref "a b c", hyp "b c c": the common suffix "c" is matched first, leaving ref "a b",
    hyp "b c": S 2 (the first example of the tie test), plus the suffix hit: H 1, S 2.
    Without the affix step the whole table's back-trace gives H 2, D 1, I 1 (same WER 2/3,
    MER 2/3 vs 2/4)."""
    assert S.alignment_counts(["a", "b", "c"], ["b", "c", "c"]) == (1, 2, 0, 0)
    assert S.back_trace(["a", "b", "c"], ["b", "c", "c"]) == (2, 0, 1, 1)
    assert S.wer_stats("b c c", ["a b c"]) == [1, 2, 0, 0, 3, 3]
    assert S.mer(["b c c"], [["a b c"]]) == 2 / 3


def test_single_tab_or_no_break_space_is_inside_a_word():
    """jiwer splits on " " only: "a\\tb" and "a\\u00a0b" are one word each, so against "a b":
    S 1 (the one reference word against "a") and I 1: WER (1 + 1) / 1 = 2."""
    assert S.words("a\tb") == ["a\tb"]
    assert S.words("a\u00a0b") == ["a\u00a0b"]
    assert S.wer_stats("a b", ["a\tb"]) == [0, 1, 0, 1, 1, 2]
    assert S.wer(["a b"], [["a\u00a0b"]]) == 2.0


def test_runs_of_any_white_space_separate():
    """Runs of two or more white-space characters (re's \\s\\s+) become one space first:
    "a\\t\\tb", "a \\tb", "a\\n\\nb" are the words a, b; ends are stripped."""
    assert S.words("a\t\tb") == ["a", "b"]
    assert S.words("a \tb") == ["a", "b"]
    assert S.words("a\n\nb") == ["a", "b"]
    assert S.words("  x  y\t") == ["x", "y"]
    assert S.wer_stats("a b", ["a\t\tb"]) == [2, 0, 0, 0, 2, 2]


def test_case_is_kept():
    """"A b" vs "a b": "A" != "a", S 1, H 1: WER 1/2."""
    assert S.wer_stats("a b", ["A b"]) == [1, 1, 0, 0, 2, 2]
    assert S.wer(["a b"], [["A b"]]) == 0.5


def test_cer_keeps_every_inner_space():
    """CER: ref "ab  c" is a, b, space, space, c (5); hyp "ab c" is 4 characters. The affix
    step matches "ab " and "c"; one space is deleted: H 4, D 1: CER 1/5 = 0.2."""
    assert S.characters("ab  c") == ["a", "b", " ", " ", "c"]
    assert S.cer_stats("ab c", ["ab  c"]) == [4, 0, 1, 0, 5, 4]
    assert S.cer(["ab c"], [["ab  c"]]) == 0.2


def test_cer_strips_the_ends():
    """" ab " is stripped to "ab" before CER: against "ab", H 2, CER 0."""
    assert S.cer_stats(" ab ", ["ab"]) == [2, 0, 0, 0, 2, 2]
    assert S.cer([" ab\t"], [["ab"]]) == 0.0


def test_corpus_is_pooled_not_averaged():
    """refs "a b c d", "e"; hyps "a b c d", "f": rows [4,0,0,0,4,4] and [0,1,0,0,1,1],
    summed [4,1,0,0,5,5]: WER 1/5 = 0.2 (the mean of sentence WERs would be (0 + 1)/2)."""
    hyps, refs = ["a b c d", "f"], [["a b c d"], ["e"]]
    assert S.corpus_counts(hyps, refs) == [4, 1, 0, 0, 5, 5]
    assert S.wer(hyps, refs) == 0.2
    assert S.cer(hyps, refs) == 1 / 8  # "a b c d" is 7 characters, "e" 1: one substitution in 8


def test_measures_hand_example():
    """ref "a b", hyp "a b c": H 2, I 1. WER 1/2; MER 1/(2 + 1) = 1/3; WIP (2/2)(2/3);
    WIL 1 - 2/3."""
    hyps, refs = ["a b c"], [["a b"]]
    assert S.wer(hyps, refs) == 0.5
    assert S.mer(hyps, refs) == 1 / 3
    assert S.wip(hyps, refs) == (2 / 2) * (2 / 3)
    assert S.wil(hyps, refs) == 1 - (2 / 2) * (2 / 3)


def test_empty_references_follow_jiwer_4():
    """Every reference empty: WER = the number of insertions (2 for "" vs "a b": a count,
    not a rate), MER 1, WIP 0, WIL 1; both sides empty: WER 0, MER 0, WIP 1, WIL 0. An empty
    reference inside a non-empty corpus only adds insertions: refs "a", "" and hyps "a",
    "x y" sum to [1,0,0,2,1,3]: WER 2/1 = 2.0, MER 2/3."""
    assert S.measure_from_counts([0, 0, 0, 2, 0, 2], "wer") == 2
    assert S.wer(["a b"], [[""]]) == 2.0
    assert S.mer(["a b"], [[""]]) == 1.0 and S.wip(["a b"], [[""]]) == 0.0 and S.wil(["a b"], [[""]]) == 1.0
    assert (S.wer([""], [[" "]]), S.mer([""], [[""]]), S.wip([""], [[""]]), S.wil([""], [[""]])) == (0, 0, 1, 0)
    assert S.cer(["ab"], [[""]]) == 2.0
    assert S.wer(["a", "x y"], [["a"], [""]]) == 2.0
    assert S.mer(["a", "x y"], [["a"], [""]]) == 2 / 3


def test_empty_hypothesis_with_references():
    """ref "a b", hyp "": D 2: WER 1, MER 1, WIP 0 (jiwer's rule for N_hyp = 0), WIL 1."""
    assert S.wer_stats("", ["a b"]) == [0, 0, 2, 0, 2, 0]
    assert (S.wer([""], [["a b"]]), S.wip([""], [["a b"]]), S.wil([""], [["a b"]])) == (1.0, 0, 1)


def test_more_than_one_reference_is_refused():
    """jiwer aligns one reference per hypothesis: two are a ValueError naming the rule."""
    with pytest.raises(ValueError, match="exactly one reference"):
        S.wer(["a"], [["a", "b"]])
    with pytest.raises(ValueError, match="exactly one reference"):
        input_hooks(get_metric("wer")).rows(["a"], [["a", "b"]])


def test_jiwer_order_is_refused_where_certain():
    """refs as a list of strings (jiwer's layout) is never bleuprint's: TypeError pointing
    to bleuprint.compat.jiwer. Bad counts are refused, never scored."""
    with pytest.raises(TypeError, match="compat.jiwer"):
        S.wer(["a b"], ["a b"])
    with pytest.raises(ValueError, match="hits \\+ substitutions \\+ deletions"):
        S.measure_from_counts([1, 0, 0, 0, 2, 1])
    with pytest.raises(ValueError):
        S.measure_from_counts([1, 0, 0, -1, 1, 0])
    with pytest.raises(ValueError, match="6"):
        S.measure_from_counts([1, 0, 0, 0])
    with pytest.raises(TypeError):
        S.wer([None], [["a"]])


def test_registered_metrics_pool_rows():
    """Through the registry: rows summed, then each metric's measure (the corpus test's
    sums [4,1,0,0,5,5]: WER 0.2, MER 1/5, WIP (4/5)(4/5))."""
    hyps, refs = ["a b c d", "f"], [["a b c d"], ["e"]]
    rows = get_metric("wer").stats_matrix(hyps, refs)
    assert rows.sum(axis=0).tolist() == [4, 1, 0, 0, 5, 5]
    summed = rows.sum(axis=0).tolist()
    assert get_metric("wer").score(summed, 2) == 0.2
    assert get_metric("mer").score(summed, 2) == 1 / 5
    assert get_metric("wip").score(summed, 2) == (4 / 5) * (4 / 5)
    assert get_metric("wil").score(summed, 2) == 1 - (4 / 5) * (4 / 5)
    assert get_metric("cer").stats_matrix(hyps, refs).sum(axis=0).tolist() == [7, 1, 0, 0, 8, 8]
