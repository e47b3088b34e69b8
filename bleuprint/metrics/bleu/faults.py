"""Planted faults of BLEU (``bleuprint.metrics.bleu.spec``) and of the corpus layout.

Each factory takes a pristine copy of the original function and returns the faulty one.
The faults are the course's pitfalls (s01-s10), faults real libraries shipped (r-ids) and
one per BLEU feature beyond the course (f-ids)."""

from __future__ import annotations

import math

from ... import spec
from . import spec as B
from ...spec import inputs as I
from ...mutants.model import Mutant

M = "bleuprint.metrics.bleu.spec:"
L = "bleuprint.spec.inputs:"


def unclipped_matches(original):
    def clipped_matches(hyp_tokens, ref_tokens, n):
        bound = B.max_reference_counts(ref_tokens, n)
        return sum(count for gram, count in B.ngram_counts(hyp_tokens, n).items() if bound[gram] > 0)
    return clipped_matches


def shortest_reference(original):
    return lambda hyp_len, ref_lens: min(ref_lens)


def first_on_tie(original):
    def closest_ref_length(hyp_len, ref_lens):
        best = ref_lens[0]
        for ref_len in ref_lens[1:]:
            if abs(hyp_len - ref_len) < abs(hyp_len - best):
                best = ref_len
        return best
    return closest_ref_length


def penalty_both_ways(original):
    return lambda sys_len, ref_len: math.exp(1 - ref_len / sys_len) if sys_len > 0 else 0.0


def inverted_penalty(original):
    def brevity_penalty(sys_len, ref_len):
        if sys_len >= ref_len:
            return 1.0
        return math.exp(1 - sys_len / ref_len)
    return brevity_penalty


def mean_of_sentences(original):
    def corpus_bleu(hyps, refs, tokenize="13a", *, lowercase=False, smooth_method="exp", smooth_value=None,
                    max_ngram_order=4, effective_order=False):
        hyps, refs = I.check_corpus(hyps, refs)
        scores = [
            B.bleu_from_stats(B.bleu_stats(h, r, tokenize, lowercase=lowercase, max_ngram_order=max_ngram_order),
                              smooth_method=smooth_method, smooth_value=smooth_value, effective_order=effective_order)
            for h, r in zip(hyps, refs)
        ]
        return sum(scores) / len(scores)
    return corpus_bleu


def _with_precisions(combine):
    """A bleu_from_stats whose final combination of precisions is ``combine``."""
    def bleu_from_stats(stats, *, smooth_method="exp", smooth_value=None, effective_order=False, max_ngram_order=None):
        order = (len(stats) - 2) // 2
        matches, totals = list(stats[2:2 + order]), list(stats[2 + order:])
        bp = B.brevity_penalty(int(stats[0]), int(stats[1]))
        if not any(matches):
            return 0.0
        precisions, eff = B.bleu_precisions(matches, totals, smooth_method, smooth_value, effective_order)
        return combine(bp, precisions[:eff], matches[:eff])
    return bleu_from_stats


def arithmetic_mean(original):
    return _with_precisions(lambda bp, p, m: bp * sum(p) / len(p))


def drop_zero_orders(original):
    def combine(bp, precisions, matches):
        kept = [p for p, m in zip(precisions, matches) if m > 0]
        return bp * math.exp(sum(math.log(p) for p in kept) / len(kept))
    return _with_precisions(combine)


def no_early_exit(original):
    def bleu_from_stats(stats, *, smooth_method="exp", smooth_value=None, effective_order=False, max_ngram_order=None):
        order = (len(stats) - 2) // 2
        bp = B.brevity_penalty(int(stats[0]), int(stats[1]))
        precisions, eff = B.bleu_precisions(stats[2:2 + order], stats[2 + order:], smooth_method, smooth_value,
                                            effective_order)
        return bp * math.exp(sum([B.log_or_floor(p) for p in precisions[:eff]]) / eff)
    return bleu_from_stats


def exp_smoothing_off(original):
    def bleu_precisions(matches, totals, smooth_method="exp", smooth_value=None, effective_order=False):
        return original(matches, totals, "none" if smooth_method == "exp" else smooth_method, smooth_value,
                        effective_order)
    return bleu_precisions


def tiny_floor(original):
    def bleu_precisions(matches, totals, smooth_method="exp", smooth_value=None, effective_order=False):
        if smooth_method != "exp":
            return original(matches, totals, smooth_method, smooth_value, effective_order)
        precisions, eff = original(matches, totals, "none", None, effective_order)
        floored = [p if p > 0 or totals[i] == 0 else 100 * 1e-10 for i, p in enumerate(precisions)]
        return floored, eff
    return bleu_precisions


def floor_not_in_percent(original):
    def bleu_precisions(matches, totals, smooth_method="exp", smooth_value=None, effective_order=False):
        precisions, eff = original(matches, totals, smooth_method, smooth_value, effective_order)
        if smooth_method == "floor":
            value = 0.1 if smooth_value is None else smooth_value
            precisions = [value / totals[i] if matches[i] == 0 and p > 0 else p for i, p in enumerate(precisions)]
        return precisions, eff
    return bleu_precisions


def floor_default_001(original):
    def bleu_precisions(matches, totals, smooth_method="exp", smooth_value=None, effective_order=False):
        if smooth_method == "floor" and smooth_value is None:
            smooth_value = 0.01
        return original(matches, totals, smooth_method, smooth_value, effective_order)
    return bleu_precisions


def add_k_on_unigrams(original):
    def bleu_precisions(matches, totals, smooth_method="exp", smooth_value=None, effective_order=False):
        if smooth_method == "add-k" and len(matches) > 0:
            k = 1 if smooth_value is None else smooth_value
            matches, totals = [matches[0] + k] + list(matches[1:]), [totals[0] + k] + list(totals[1:])
        return original(matches, totals, smooth_method, smooth_value, effective_order)
    return bleu_precisions


def effective_order_ignored(original):
    def bleu_precisions(matches, totals, smooth_method="exp", smooth_value=None, effective_order=False):
        return original(matches, totals, smooth_method, smooth_value, False)
    return bleu_precisions


def effective_order_by_matches(original):
    def bleu_precisions(matches, totals, smooth_method="exp", smooth_value=None, effective_order=False):
        precisions, eff = original(matches, totals, smooth_method, smooth_value, effective_order)
        if effective_order:
            with_matches = [n for n in range(1, len(matches) + 1) if matches[n - 1] > 0]
            eff = with_matches[-1] if with_matches else eff
        return precisions, eff
    return bleu_precisions


def always_lowercase(original):
    return lambda line, tokenize="13a", lowercase=False: original(line, tokenize, True)


def order_fixed_at_4(original):
    def bleu_stats(hyp, refs, tokenize="13a", *, lowercase=False, max_ngram_order=4):
        return original(hyp, refs, tokenize, lowercase=lowercase, max_ngram_order=4)
    return bleu_stats


HAND_HYP, HAND_REF = "the cat sat on the mat", "the cat is on the mat"

#: BLEU's own faults, contributed to the catalogue by ``bleuprint.metrics.bleu.BLEU.faults``.
MUTANTS = [
    Mutant("s01", "metrics.bleu.spec.clipped_matches", "n-gram matches are not clipped by the reference counts",
           "1. counting n-gram matches without clipping", "test_clipping",
           {M + "clipped_matches": unclipped_matches},
           lambda: spec.bleu_stats("the the the the", ["the cat"])),
    Mutant("s02", "metrics.bleu.spec.closest_ref_length",
           "the brevity penalty uses the shortest reference, not the closest (also shipped by real libraries)",
           "2. brevity penalty against the shortest reference", "test_closest_reference_length",
           {M + "closest_ref_length": shortest_reference},
           lambda: spec.bleu_stats("a b c", ["a", "a b c d"])),
    Mutant("s03", "metrics.bleu.spec.brevity_penalty", "the brevity penalty is applied to long hypotheses too",
           "2. brevity penalty applied to long hypotheses", "test_brevity_penalty",
           {M + "brevity_penalty": penalty_both_ways},
           lambda: spec.corpus_bleu(["a b c d e f"], [["a b c d"]])),
    Mutant("s04", "metrics.bleu.spec.corpus_bleu", "corpus BLEU is the mean of sentence BLEUs",
           "3. corpus BLEU as the mean of sentence BLEUs", "test_corpus_pools_statistics",
           {M + "corpus_bleu": mean_of_sentences},
           lambda: spec.corpus_bleu([HAND_HYP, "a b c d"], [[HAND_REF], ["a b c e"]])),
    Mutant("s07", "metrics.bleu.spec.bleu_from_stats", "arithmetic mean of the precisions instead of the geometric mean",
           "5. arithmetic mean of precisions", "test_hand_example_bleu",
           {M + "bleu_from_stats": arithmetic_mean},
           lambda: spec.corpus_bleu([HAND_HYP], [[HAND_REF]])),
    Mutant("s08", "metrics.bleu.spec.bleu_precisions", "exp smoothing is not applied (a zero order zeroes the score)",
           "5. no smoothing", "test_smoothing_and_zero_orders",
           {M + "bleu_precisions": exp_smoothing_off},
           lambda: spec.corpus_bleu([HAND_HYP], [[HAND_REF]])),
    Mutant("s10", "metrics.bleu.spec.bleu_tokens", "BLEU is case-insensitive (always lowercases)",
           "6. a different case rule", "test_case_counts",
           {M + "bleu_tokens": always_lowercase},
           lambda: spec.bleu_stats("The cat", ["the cat"])),
    Mutant("r01", "metrics.bleu.spec.closest_ref_length",
           "of two equally close references the first is taken, not the shorter",
           "2. closest reference length (tie rule)", "test_closest_reference_length",
           {M + "closest_ref_length": first_on_tie},
           lambda: spec.bleu_stats("a b c", ["a b c d", "a b"])),
    Mutant("r03", "metrics.bleu.spec.brevity_penalty", "inverted brevity penalty exp(1 - c/r)",
           "2. brevity penalty", "test_brevity_penalty",
           {M + "brevity_penalty": inverted_penalty},
           lambda: spec.sentence_bleu("a b c", ["a b c d"])),
    Mutant("r04", "metrics.bleu.spec.bleu_from_stats", "orders with zero matches are dropped from the mean instead of smoothed",
           "5. smoothing skipped when an order has zero matches", "test_hand_example_bleu",
           {M + "bleu_from_stats": drop_zero_orders},
           lambda: spec.corpus_bleu([HAND_HYP], [[HAND_REF]])),
    Mutant("r06", "metrics.bleu.spec.bleu_precisions",
           "a 1e-10 precision floor instead of exp smoothing (a BLEU tutorial's code)",
           "5. the wrong smoothing", "test_hand_example_bleu",
           {M + "bleu_precisions": tiny_floor},
           lambda: spec.corpus_bleu([HAND_HYP], [[HAND_REF]])),
    Mutant("f04", "metrics.bleu.spec.bleu_precisions", "floor smoothing gives v/t instead of 100 v/t (not in percent)",
           "floor smoothing", "floor smoothing by hand",
           {M + "bleu_precisions": floor_not_in_percent},
           lambda: spec.corpus_bleu([HAND_HYP], [[HAND_REF]], smooth_method="floor"), semantic=False),
    Mutant("f05", "metrics.bleu.spec.bleu_precisions", "add-k also adds k to the unigram counts",
           "add-k smoothing", "add-k smoothing by hand",
           {M + "bleu_precisions": add_k_on_unigrams},
           lambda: spec.sentence_bleu("a b", ["a c"], smooth_method="add-k"), semantic=False),
    Mutant("f06", "metrics.bleu.spec.bleu_precisions", "effective_order has no effect",
           "effective order", "effective order by hand",
           {M + "bleu_precisions": effective_order_ignored},
           lambda: spec.sentence_bleu("the cat", ["the cat sat"]), semantic=False),
    Mutant("f07", "metrics.bleu.spec.bleu_precisions",
           "effective order counts the orders with matches instead of the orders with hypothesis n-grams",
           "effective order", "effective order by hand",
           {M + "bleu_precisions": effective_order_by_matches},
           lambda: spec.sentence_bleu("a b c d e", ["a b x d e"]), semantic=False),
    Mutant("f13", "metrics.bleu.spec.bleu_stats", "max_ngram_order is ignored (always 4)",
           "max_ngram_order", "max order 1 and 6 by hand",
           {M + "bleu_stats": order_fixed_at_4},
           lambda: spec.corpus_bleu([HAND_HYP], [[HAND_REF]], max_ngram_order=2), semantic=False),
    Mutant("f15", "metrics.bleu.spec.bleu_from_stats", "no early 0.0 when nothing matches (smoothing then scores it)",
           "the no-match rule (sacreBLEU #141)", "no match at all gives 0",
           {M + "bleu_from_stats": no_early_exit},
           lambda: spec.corpus_bleu(["a b c d"], [["e f g h"]]), semantic=False),
    Mutant("f19", "metrics.bleu.spec.bleu_precisions", "floor smoothing's default value is 0.01 instead of 0.1",
           "floor smoothing default", "floor smoothing by hand",
           {M + "bleu_precisions": floor_default_001},
           lambda: spec.corpus_bleu([HAND_HYP], [[HAND_REF]], smooth_method="floor"), semantic=False),
]

#: Faults of the corpus layout (``bleuprint.spec.inputs``), shared by every metric: the
#: catalogue lists them itself.


def spec_entry_points(definition) -> tuple[str, ...]:
    return ("bleuprint.metrics.bleu.spec:bleu_stats", "bleuprint.metrics.bleu.spec:corpus_bleu",
            "bleuprint.metrics.bleu.spec:sentence_bleu")


def faults(definition) -> list:
    return list(MUTANTS)
