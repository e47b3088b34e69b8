"""A thorough oracle test suite for WER, CER, MER, WIL and WIP as jiwer 4.0.0 computes them
(an example for the grader), in the style of test_thorough.py: every expected number is
worked out by hand in the docstring; the metrics are reached through
``bleuprint.spec.corpus_score`` and ``sentence_stats`` (hypotheses first, ``refs[i] =
[reference]``). Scale 1; within 1e-9.

Rows are [H, S, D, I, N_ref, N_hyp]. Words: runs of 2+ white-space characters become one
space, the ends are stripped, words are split on " " only; characters: the stripped line.
WER = (S + D + I) / N_ref, MER = (S + D + I) / (H + S + D + I), WIP = (H / N_ref)(H / N_hyp),
WIL = 1 - WIP, all of pooled counts; every reference empty: WER = I, MER = 1, WIP = 0.
rapidfuzz's alignment: the common prefix and suffix first, then the table read back from
the end, a deletion before an insertion before the diagonal.
"""

import pytest

from bleuprint.spec import corpus_score, sentence_stats, wer

TOL = 1e-9


def row(metric, hyp, ref):
    return sentence_stats(metric, [hyp], [[ref]]).tolist()[0]


def test_pooled_not_averaged():
    """refs 'a b c d', 'e', hyps 'a b c d', 'f': summed H 4, S 1 over 5 words: WER 0.2
    (the mean of sentence WERs is 0.5), through the registry and through the one-call wer."""
    assert corpus_score("wer", ["a b c d", "f"], [["a b c d"], ["e"]]) == pytest.approx(0.2, abs=TOL)
    assert wer(["a b c d", "f"], [["a b c d"], ["e"]]) == pytest.approx(0.2, abs=TOL)


def test_a_single_tab_is_inside_a_word():
    """'a\\tb' is one word: against 'a b' one substitution and one insertion, WER 2/1."""
    assert corpus_score("wer", ["a b"], [["a\tb"]]) == pytest.approx(2.0, abs=TOL)
    assert row("wer", "a b", "a\tb") == [0, 1, 0, 1, 1, 2]


def test_two_tabs_separate():
    """'a\\t\\tb': the run of two white-space characters becomes a space: words a, b, WER 0."""
    assert corpus_score("wer", ["a b"], [["a\t\tb"]]) == pytest.approx(0.0, abs=TOL)


def test_case_kept():
    """'A b' vs 'a b': one substitution in 2 words."""
    assert corpus_score("wer", ["a b"], [["A b"]]) == pytest.approx(0.5, abs=TOL)


def test_tie_rule():
    """ref 'a b', hyp 'b c': S 2 (MER 1); ref 'b c', hyp 'a b': H 1, D 1, I 1 (MER 2/3,
    WIL 1 - (1/2)(1/2) = 0.75)."""
    assert row("mer", "b c", "a b") == [0, 2, 0, 0, 2, 2]
    assert corpus_score("mer", ["a b"], [["b c"]]) == pytest.approx(2 / 3, abs=TOL)
    assert corpus_score("wil", ["a b"], [["b c"]]) == pytest.approx(0.75, abs=TOL)


def test_affix_first():
    """ref 'a b c', hyp 'b c c': the suffix 'c' first, then 'a b' vs 'b c' is S 2: H 1, S 2
    (the whole table's back-trace would give H 2, D 1, I 1)."""
    assert row("wer", "b c c", "a b c") == [1, 2, 0, 0, 3, 3]


def test_cer_keeps_spaces_and_strips_ends():
    """'ab  c' (5 characters) vs 'ab c': one space deleted, CER 1/5; ' ab ' vs 'ab': 0."""
    assert corpus_score("cer", ["ab c"], [["ab  c"]]) == pytest.approx(0.2, abs=TOL)
    assert corpus_score("cer", [" ab "], [["ab"]]) == pytest.approx(0.0, abs=TOL)


def test_empty_references():
    """'' vs 'a b': WER = 2 insertions (a count); MER 1; both empty: WER 0, WIP 1."""
    assert corpus_score("wer", ["a b"], [[""]]) == pytest.approx(2.0, abs=TOL)
    assert corpus_score("mer", ["a b"], [[""]]) == pytest.approx(1.0, abs=TOL)
    assert corpus_score("wip", [""], [[""]]) == pytest.approx(1.0, abs=TOL)


def test_mer_counts_insertions():
    """ref 'a b', hyp 'a b c': I 1: MER 1/3 (WER 1/2); WIP (2/2)(2/3)."""
    assert corpus_score("mer", ["a b c"], [["a b"]]) == pytest.approx(1 / 3, abs=TOL)
    assert corpus_score("wip", ["a b c"], [["a b"]]) == pytest.approx(2 / 3, abs=TOL)
