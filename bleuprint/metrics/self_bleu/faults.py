"""Planted faults of self-BLEU (``bleuprint.metrics.self_bleu.spec``), issue 18's classic
mistakes, contributed to the mutants catalogue by ``faults``."""

from __future__ import annotations

from collections import Counter

from ...mutants.model import Mutant

SB = "bleuprint.metrics.self_bleu.spec:"


def itself_among_references(original):
    """Texygen's ``get_bleu``: every output is scored against all outputs, itself included."""
    return lambda output, context: Counter(context)


def every_output(original):
    """Texygen's first-500 rule missing: every output is scored."""
    return lambda outputs, variant: list(outputs)


def exp_smoothing_in_texygen(original):
    """Texygen's variant smoothed as sacreBLEU's exp (nltk method3: the k-th zero-match order
    gets 1 / (2^k * max(1, t_n))) instead of method1's 0.1 / max(1, t_n)."""
    def precisions(matches, totals):
        out, k = [], 1
        for m, t in zip(matches, totals):
            if m:
                out.append(m / max(1, t))
            else:
                out.append(1 / (2 ** k * max(1, t)))
                k += 1
        return out
    return precisions


def floor_smoothing_in_evalsuite(original):
    """EvalSuite's variant smoothed as nltk's method1 (sacreBLEU's floor 0.1) instead of exp."""
    def evalsuite_bleu(stats):
        from ..bleu.spec import bleu_from_stats

        return bleu_from_stats(stats, smooth_method="floor", smooth_value=0.1, effective_order=True)
    return evalsuite_bleu


def _witness(call):
    def run():
        from . import spec

        return call(spec)
    return run


MUTANTS = [
    Mutant("e01", "metrics.self_bleu.spec.other_outputs", "self-BLEU includes the output among its own references",
           "18. self-BLEU including the sentence itself (Texygen's get_bleu)",
           "test_an_output_is_not_its_own_reference",
           {SB + "other_outputs": itself_among_references},
           _witness(lambda spec: spec.self_bleu(["a b c d", "w x y z"]))),
    Mutant("e02", "metrics.self_bleu.spec.first_outputs", "self-BLEU (texygen) scores every output, not the first 500",
           "18. Texygen's first-500 rule missing", "test_texygen_scores_the_first_500_outputs_only",
           {SB + "first_outputs": every_output},
           _witness(lambda spec: spec.self_bleu(["a b c"] * 500 + ["x y z"], "texygen"))),
    Mutant("e03", "metrics.self_bleu.spec.texygen_precisions", "self-BLEU (texygen) with exp smoothing, not method1",
           "18. self-BLEU smoothed as the other variant", "test_texygen_smooths_with_method1",
           {SB + "texygen_precisions": exp_smoothing_in_texygen},
           _witness(lambda spec: spec.self_bleu(["a b c", "a b d"], "texygen"))),
    Mutant("e04", "metrics.self_bleu.spec.evalsuite_bleu", "self-BLEU (evalsuite) with floor smoothing, not exp",
           "18. self-BLEU smoothed as the other variant", "test_evalsuite_smooths_with_exp",
           {SB + "evalsuite_bleu": floor_smoothing_in_evalsuite},
           _witness(lambda spec: spec.self_bleu(["a b c d", "a b c e"]))),
]


def spec_entry_points(definition) -> tuple[str, ...]:
    return ("bleuprint.metrics.self_bleu.spec:output_bleu", "bleuprint.metrics.self_bleu.spec:self_bleu")


def faults(definition) -> list:
    return list(MUTANTS)
