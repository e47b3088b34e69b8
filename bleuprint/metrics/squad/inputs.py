"""SQuAD's hooks of the inputs tool (``bleuprint.spec.inputs``): questions and their answers."""

from __future__ import annotations

from .spec import check_questions


def check_inputs(definition, hyps, refs) -> tuple[list, list]:
    return check_questions(hyps, refs, "1.1")
