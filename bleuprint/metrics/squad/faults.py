"""Planted faults of SQuAD EM/F1 (``bleuprint.metrics.squad.spec``), issue 17's classic
mistakes, contributed to the mutants catalogue by ``faults``."""

from __future__ import annotations

from ...mutants.model import Mutant

SQ = "bleuprint.metrics.squad.spec:"


def articles_first(original):
    """Articles removed before punctuation: "an-apple" loses its article."""
    from . import spec

    return lambda text: spec.fix_white_space(spec.remove_punctuation(spec.remove_articles(spec.lower(text))))


def v1_empty_rule_everywhere(original):
    """v2.0 scored with v1.1's empty rule (empty vs empty F1 0)."""
    return lambda gold, pred, version="1.1": original(gold, pred, "1.1")


def missing_skipped(original):
    """v1.1 leaves missing predictions out of the denominator (as v2.0 does)."""
    return lambda n_questions, answered, version: answered


def _witness(call):
    def run():
        from . import spec

        return call(spec)
    return run


MUTANTS = [
    Mutant("q01", "metrics.squad.spec.normalize_answer", "SQuAD articles removed before punctuation",
           "17. SQuAD normalisation in the wrong order", "test_punctuation_goes_before_articles",
           {SQ + "normalize_answer": articles_first},
           _witness(lambda spec: spec.squad(["an-apple"], [["apple"]], "1.1", "exact"))),
    Mutant("q02", "metrics.squad.spec.f1", "SQuAD v2.0 uses v1.1's empty rule (empty vs empty F1 0)",
           "17. SQuAD v1.1's empty rule in v2.0", "test_v2_empty_vs_empty_is_f1_one",
           {SQ + "f1": v1_empty_rule_everywhere},
           _witness(lambda spec: spec.squad(["the"], [[]], "2.0", "f1"))),
    Mutant("q03", "metrics.squad.spec.denominator", "SQuAD v1.1 skips missing predictions",
           "17. SQuAD missing predictions skipped in v1.1", "test_v1_missing_prediction_counts_zero",
           {SQ + "denominator": missing_skipped},
           _witness(lambda spec: spec.squad(["x", None], [["x"], ["y"]], "1.1", "f1"))),
]


def spec_entry_points(definition) -> tuple[str, ...]:
    return ("bleuprint.metrics.squad.spec:question_scores", "bleuprint.metrics.squad.spec:squad",
            "bleuprint.metrics.squad.spec:squad_v2_evaluate")


def faults(definition) -> list:
    return list(MUTANTS)
