"""Planted faults of coco BLEU (``bleuprint.metrics.coco_bleu.spec``), issue 18 item 5's
classic mistakes, contributed to the mutants catalogue by ``faults``."""

from __future__ import annotations

import math
from collections import Counter

from ...mutants.model import Mutant

CB = "bleuprint.metrics.coco_bleu.spec:"


def no_epsilons(original):
    """Plain BLEU: m/t (0 for an order without n-grams) and c/r, no 1e-9 / 1e-15."""
    def coco_bleu_from_stats(stats, order=4):
        testlen, reflen, *rest = stats
        guess, correct = rest[:4], rest[4:]
        bleu = 1.0
        for k in range(order):
            bleu *= correct[k] / guess[k] if guess[k] else 0.0
        value = bleu ** (1.0 / order)
        if reflen and testlen < reflen:
            value *= math.exp(1 - reflen / testlen) if testlen else 0.0
        return value
    return coco_bleu_from_stats


def shortest(original):
    """The shortest reference length instead of the closest."""
    return lambda testlen, reflens: min(reflens)


def ties_to_longer(original):
    """Closest reference length with ties going to the longer reference."""
    return lambda testlen, reflens: min((abs(length - testlen), -length) for length in reflens)[1] * -1


def summed_reference_counts(original):
    """Clipping against the sum of the references' counts, not the largest in one."""
    from . import spec

    def max_ref_counts(refs):
        total = Counter()
        for ref in refs:
            total.update(spec.ngram_counts(spec.words(ref)))
        return total
    return max_ref_counts


def _witness(hyps, refs, **options):
    def run():
        from bleuprint.spec import corpus_score, metric

        return corpus_score(metric("coco_bleu", **options), hyps, refs)
    return run


MUTANTS = [
    Mutant("c10", "metrics.coco_bleu.spec.coco_bleu_from_stats", "coco BLEU without its epsilons",
           "18. coco BLEU's epsilons (a perfect match scores 0.99999999967)", "test_perfect_match_is_not_one",
           {CB + "coco_bleu_from_stats": no_epsilons}, _witness(["a b c d"], [["a b c d"]])),
    Mutant("c11", "metrics.coco_bleu.spec.closest_ref_length", "coco BLEU with the shortest reference length",
           "18. coco BLEU's closest reference length", "test_closest_not_shortest_reference_length",
           {CB + "closest_ref_length": shortest}, _witness(["a b c"], [["a", "a b c d"]], order=1)),
    Mutant("c12", "metrics.coco_bleu.spec.closest_ref_length", "coco BLEU closest length ties to the longer",
           "18. coco BLEU's closest length ties go to the shorter", "test_closest_length_tie_takes_the_shorter",
           {CB + "closest_ref_length": ties_to_longer}, _witness(["a b c"], [["a b", "a b c d"]])),
    Mutant("c13", "metrics.coco_bleu.spec.max_ref_counts", "coco BLEU clips against summed reference counts",
           "18. coco BLEU clipping (max count in one reference)", "test_clipping_is_against_one_reference",
           {CB + "max_ref_counts": summed_reference_counts}, _witness(["a a a a"], [["a a", "a a"]], order=1)),
]


def spec_entry_points(definition) -> tuple[str, ...]:
    return ("bleuprint.metrics.coco_bleu.spec:coco_bleu_stats", "bleuprint.metrics.coco_bleu.spec:coco_bleu")


def faults(definition) -> list:
    return list(MUTANTS)
