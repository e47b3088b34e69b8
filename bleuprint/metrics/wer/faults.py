"""Planted faults of the WER family's spec (``bleuprint.metrics.wer.spec``), contributed to
the mutants catalogue by each metric's ``faults`` (each fault once, by the first metric it
reaches): the classic mistakes of issue 18 item 5 and the traps of jiwer 4.0.0 /
rapidfuzz 3.14.6 (breadth-oracles.md section 5)."""

from __future__ import annotations

import re

from ...mutants.model import Mutant
from . import spec as W
from . import SPEC

WS = "bleuprint.metrics.wer.spec:"


def mean_of_sentences(original):
    """The corpus measure as the mean of sentence measures, not of the pooled counts."""
    def _corpus(measure, hyps, refs):
        from ...spec.inputs import check_corpus

        hyps, refs = check_corpus(hyps, refs)
        values = [float(W.measure_from_counts(W.segment_row(h, r, W.UNIT_OF[measure]), measure))
                  for h, r in zip(hyps, refs)]
        return sum(values) / len(values)
    return _corpus


def split_on_any_white_space(original):
    """Words split on any white space (``str.split()``), not on the space only."""
    return lambda text: text.split()


def insert_before_delete(original):
    """The back-trace tries an insertion before a deletion (another equally cheap
    alignment: WER unchanged, MER/WIL/WIP changed)."""
    def back_trace(ref, hyp):
        table = W.distance_table(ref, hyp)
        i, j = len(ref), len(hyp)
        hits = substitutions = deletions = insertions = 0
        while i > 0 and j > 0:
            if table[i][j] == table[i][j - 1] + 1:
                insertions += 1
                j -= 1
            elif table[i][j] == table[i - 1][j] + 1:
                deletions += 1
                i -= 1
            else:
                hits += ref[i - 1] == hyp[j - 1]
                substitutions += ref[i - 1] != hyp[j - 1]
                i -= 1
                j -= 1
        return hits, substitutions, deletions + i, insertions + j
    return back_trace


def cer_collapses_spaces(original):
    """CER with runs of white space collapsed to one space (the word transform's rule)."""
    return lambda text: list(re.sub(r"\s\s+", " ", text).strip())


def empty_reference_rate_one(original):
    """Every reference empty: WER 1 (a rate) when something was inserted, as jiwer before
    4.0 is often patched, instead of jiwer 4.0's count of insertions."""
    def measure_from_counts(summed, measure="wer"):
        values = W.check_row(summed)
        if values[4] == 0 and measure in ("wer", "cer"):
            return 1.0 if values[5] else 0.0
        return original(summed, measure)
    return measure_from_counts


def no_affix_step(original):
    """The whole table read back, without matching the common prefix and suffix first
    (rapidfuzz strips them before its back-trace: ref "a b c", hyp "b c c" is S 2, not
    H 2, D 1, I 1)."""
    return lambda ref, hyp, whole_pair=True: W.back_trace(ref, hyp)


def lowercased_words(original):
    """Words lowercased (jiwer's default transform keeps case)."""
    return lambda text: original(text.lower())


def mer_is_wer(original):
    """MER with WER's denominator (H + S + D), forgetting the insertions."""
    def measure_from_counts(summed, measure="wer"):
        return original(summed, "wer" if measure == "mer" else measure)
    return measure_from_counts


def cer_without_strip(original):
    """CER counting the leading and trailing white space of each line."""
    return lambda text: list(text)


def collapse_spaces_only(original):
    """Runs of the space character collapsed, not runs of any white space: two tabs stay
    inside one word."""
    return lambda text: [w for w in re.sub(r"  +", " ", text).strip().split(" ") if w]


def aligned_the_other_way(original):
    """The alignment of (hypothesis, reference), deletions and insertions swapped back:
    rapidfuzz's choice is not symmetric (ref "b c", hyp "a b" is H 1, D 1, I 1; the other
    way S 2)."""
    def alignment_counts(ref, hyp, whole_pair=True):
        hits, substitutions, deletions, insertions = original(hyp, ref, whole_pair)
        return hits, substitutions, insertions, deletions
    return alignment_counts


def _witness(call):
    return lambda: call(W)


#: (mutant, the metrics it reaches, in registration order).
FAULTS = [
    (Mutant("w01", "metrics.wer.spec._corpus", "WER averaged over sentences instead of pooled",
            "18. WER pooled over the corpus (jiwer sums the counts)", "test_corpus_is_pooled_not_averaged",
            {WS + "_corpus": mean_of_sentences},
            _witness(lambda W: W.wer(["a b c d", "f"], [["a b c d"], ["e"]]))),
     ("wer", "cer", "mer", "wil", "wip")),
    (Mutant("w02", "metrics.wer.spec.words", "WER words split on any white space",
            "18. jiwer splits words on a space only", "test_single_tab_or_no_break_space_is_inside_a_word",
            {WS + "words": split_on_any_white_space},
            _witness(lambda W: W.wer_stats("a b", ["a\tb"]))),
     ("wer", "mer", "wil", "wip")),
    (Mutant("w03", "metrics.wer.spec.back_trace", "back-trace tries an insertion before a deletion",
            "18. rapidfuzz's choice among equally cheap alignments", "test_tie_rule_hand_examples",
            {WS + "back_trace": insert_before_delete},
            _witness(lambda W: W.wer_stats("b c", ["a b"]))),
     ("wer", "cer", "mer", "wil", "wip")),
    (Mutant("w04", "metrics.wer.spec.characters", "CER collapses runs of white space",
            "18. CER keeps every space", "test_cer_keeps_every_inner_space",
            {WS + "characters": cer_collapses_spaces},
            _witness(lambda W: W.cer_stats("ab c", ["ab  c"]))),
     ("cer",)),
    (Mutant("w05", "metrics.wer.spec.measure_from_counts", "empty references: WER 1 instead of the insertions",
            "18. jiwer 4.0's empty-reference rule", "test_empty_references_follow_jiwer_4",
            {WS + "measure_from_counts": empty_reference_rate_one},
            _witness(lambda W: W.wer(["a b"], [[""]]))),
     ("wer", "cer", "mer", "wil", "wip")),
    (Mutant("w06", "metrics.wer.spec.alignment_counts", "no common prefix/suffix step before the back-trace",
            "18. rapidfuzz's choice among equally cheap alignments", "test_affix_step_decides_the_split",
            {WS + "alignment_counts": no_affix_step},
            _witness(lambda W: W.wer_stats("b c c", ["a b c"]))),
     ("wer", "cer", "mer", "wil", "wip")),
    (Mutant("w07", "metrics.wer.spec.words", "WER words lowercased",
            "18. jiwer keeps case", "test_case_is_kept",
            {WS + "words": lowercased_words},
            _witness(lambda W: W.wer_stats("a b", ["A b"]))),
     ("wer", "mer", "wil", "wip")),
    (Mutant("w08", "metrics.wer.spec.measure_from_counts", "MER with WER's denominator",
            "18. MER's denominator counts the insertions", "test_measures_hand_example",
            {WS + "measure_from_counts": mer_is_wer},
            _witness(lambda W: W.mer(["a b c"], [["a b"]]))),
     ("mer",)),
    (Mutant("w09", "metrics.wer.spec.characters", "CER counts leading and trailing white space",
            "18. jiwer strips each line", "test_cer_strips_the_ends",
            {WS + "characters": cer_without_strip},
            _witness(lambda W: W.cer_stats(" ab ", ["ab"]))),
     ("cer",)),
    (Mutant("w10", "metrics.wer.spec.words", "only runs of spaces collapse, not runs of any white space",
            "18. jiwer collapses runs of any white space (re \\s\\s+)", "test_runs_of_any_white_space_separate",
            {WS + "words": collapse_spaces_only},
            _witness(lambda W: W.wer_stats("a b", ["a\t\tb"]))),
     ("wer", "mer", "wil", "wip")),
    (Mutant("w11", "metrics.wer.spec.alignment_counts", "alignment of (hypothesis, reference), D and I swapped back",
            "18. rapidfuzz's alignment is not symmetric", "test_tie_rule_hand_examples",
            {WS + "alignment_counts": aligned_the_other_way},
            _witness(lambda W: W.wer_stats("a b", ["b c"]))),
     ("wer", "cer", "mer", "wil", "wip")),
]


def mutants_of(metric_name: str) -> list:
    """The faults contributed by ``metric_name``: each fault once, by the first metric it
    reaches."""
    return [mutant for mutant, reached in FAULTS if reached[0] == metric_name]


def spec_entry_points(definition) -> tuple[str, ...]:
    return (SPEC + "segment_row", SPEC + "measure_from_counts")


def faults(definition) -> list:
    return mutants_of(definition.name)
