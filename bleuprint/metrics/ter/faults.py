"""Planted faults of TER (``bleuprint.metrics.ter.spec`` and the Tercom tokenizer)."""

from __future__ import annotations

import importlib

from ... import spec
from ...spec.inputs import check_references
from ...mutants.model import Mutant

# The package attribute `bleuprint.metrics.ter.spec` is the ter *function*; take the module.
T = importlib.import_module("bleuprint.metrics.ter.spec")
M = "bleuprint.metrics.ter.spec:"
TOK = "bleuprint.metrics.ter.tercom:"


def swapped(original):
    def edits_with_shifts(hyp, ref):
        if not hyp:
            return len(ref), len(hyp)
        return original(ref, hyp)
    return edits_with_shifts


def spans_up_to_nine(original):
    def matching_spans(hyp, ref):
        return ((h, r, length) for h, r, length in original(hyp, ref) if length <= 9)
    return matching_spans


def keep_shift_at_cap(original):
    def edits_with_shifts(hyp, ref):
        if not ref:
            return len(hyp), 0
        shifts, checked, words = 0, 0, hyp
        while True:
            gain, shifted, checked = T.best_shift(words, ref, checked)
            if gain <= 0:
                break
            shifts += 1
            words = shifted
            if checked >= T.MAX_SHIFT_CANDIDATES:
                break
        return shifts + T.edit_distance_with_trace(words, ref)[0], len(ref)
    return edits_with_shifts


def best_reference_length(original):
    def ter_stats(hyp, refs, *, normalized=False, no_punct=False, asian_support=False, case_sensitive=False):
        options = dict(normalized=normalized, no_punct=no_punct, asian_support=asian_support,
                       case_sensitive=case_sensitive)
        refs = check_references(refs)
        hyp_words = T.ter_words(hyp, **options)
        results = [T.edits_with_shifts(hyp_words, T.ter_words(ref, **options)) for ref in refs]
        edits, length = min(results, key=lambda pair: pair[0])
        return [edits, float(length)]
    return ter_stats


def zero_length_scores_zero(original):
    def ter_from_stats(stats):
        edits, length = stats
        return 100 * (edits / length) if length > 0 else 0.0
    return ter_from_stats


def option_ignored(name):
    def factory(original):
        def tokenize_tercom(line, **options):
            options[name] = False
            return original(line, **options)
        return tokenize_tercom
    return factory


def always_lowercase(original):
    def tokenize_tercom(line, **options):
        options["case_sensitive"] = False
        return original(line, **options)
    return tokenize_tercom


TWENTY = [f"w{i}" for i in range(20)]

MUTANTS = [
    Mutant("r07", "metrics.ter.spec.edits_with_shifts", "TER with hypothesis and reference swapped (torchmetrics 1.9.0)",
           "TER direction", "test_hypothesis_and_reference_are_not_swapped",
           {M + "edits_with_shifts": swapped},
           lambda: spec.ter_stats("a b", ["a b c d"])),
    Mutant("r08", "metrics.ter.spec.matching_spans", "TER shifts are capped at 9 words, not 10 (torchmetrics 1.9.0)",
           "TER shift size", "test_two_swapped_blocks_of_ten_take_one_shift",
           {M + "matching_spans": spans_up_to_nine},
           lambda: spec.sentence_ter(" ".join(TWENTY[10:] + TWENTY[:10]), [" ".join(TWENTY)])),
    Mutant("f22", "metrics.ter.spec.edits_with_shifts", "the shift found when the 1,000-candidate cap is hit is applied",
           "TER candidate cap", "test_the_candidate_cap_discards_the_shift_found",
           {M + "edits_with_shifts": keep_shift_at_cap},
           lambda: spec.sentence_ter(" ".join(["a"] * 20 + ["b"] * 20), [" ".join(["b"] * 20 + ["a"] * 20)]),
           semantic=False),
    Mutant("f23", "metrics.ter.spec.ter_stats", "TER normalises by the best reference's length, not the average",
           "TER average reference length", "test_edits_and_length_from_different_references",
           {M + "ter_stats": best_reference_length},
           lambda: spec.ter_stats("a b", ["", "a b c"]), semantic=False),
    Mutant("f24", "metrics.ter.spec.ter_from_stats", "a corpus with zero reference length scores 0, not 100",
           "TER zero-length rule", "test_corpus_rule_for_zero_reference_length",
           {M + "ter_from_stats": zero_length_scores_zero},
           lambda: spec.ter(["a b"], [[""]]), semantic=False),
    Mutant("f25", "spec.tercom_tokenizer.tokenize_tercom", "TER's normalized option is ignored",
           "TER normalisation", "tokenizer normalized by hand",
           {TOK + "tokenize_tercom": option_ignored("normalized")},
           lambda: spec.ter(["Jim's car."], [["jim 's car ."]], normalized=True), semantic=False),
    Mutant("f26", "spec.tercom_tokenizer.tokenize_tercom", "TER's no_punct option is ignored",
           "TER punctuation", "tokenizer no_punct by hand",
           {TOK + "tokenize_tercom": option_ignored("no_punct")},
           lambda: spec.ter(["a , b ."], [["a b"]], no_punct=True), semantic=False),
    Mutant("f27", "spec.tercom_tokenizer.tokenize_tercom", "TER always lowercases (case_sensitive ignored)",
           "TER case", "tokenizer case_sensitive by hand",
           {TOK + "tokenize_tercom": always_lowercase},
           lambda: spec.ter(["A b"], [["a b"]], case_sensitive=True), semantic=False),
]


def spec_entry_points(definition) -> tuple[str, ...]:
    return ("bleuprint.metrics.ter.spec:ter_stats", "bleuprint.metrics.ter.spec:ter", "bleuprint.metrics.ter.spec:sentence_ter")


def faults(definition) -> list:
    return list(MUTANTS)
