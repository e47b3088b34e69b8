"""SQuAD's hooks of the inputs tool (``bleuprint.spec.inputs``): questions and their answers."""

from __future__ import annotations

from .spec import check_questions, check_version, question_scores


def check_inputs(definition, hyps, refs) -> tuple[list, list]:
    return check_questions(hyps, refs, "1.1")


def rows(definition, hyps, refs, context=None, version="1.1", **_):
    version = check_version(version)
    hyps, refs = check_questions(hyps, refs, version)
    return [question_scores(h, r, version) for h, r in zip(hyps, refs)]
