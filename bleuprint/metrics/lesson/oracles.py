"""The lesson family's oracle (``bleuprint.oracles.hooks``): held by ``lesson_bleu4`` alone."""

from __future__ import annotations


def _holder(definition) -> bool:
    from . import LessonBleu4

    return isinstance(definition, LessonBleu4)


def golden(definition) -> str:
    """The family's one golden fixture (its cases name their own metric: lesson_bleu4,
    lesson_rouge_l and lesson_corpus_bleu, the ones a library computes)."""
    return "lesson" if _holder(definition) else ""


def golden_builder(definition) -> str:
    return "bleuprint.metrics.lesson.oracle_cases" if _holder(definition) else ""


def oracle_versions(definition) -> dict:
    """Where a library computes the same quantity: nltk's sentence_bleu and corpus_bleu
    (with the lesson's smoothing), rouge-score's LCS (with the lesson's tokenizer)."""
    return {"nltk": "3.10.4", "rouge-score": "0.1.2"} if _holder(definition) else {}
