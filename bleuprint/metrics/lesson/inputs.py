"""The lesson metrics' hooks of the inputs tool (``bleuprint.spec.inputs``): how their examples are checked."""

from __future__ import annotations

from . import spec as S


def check_inputs(definition, hyps, refs) -> tuple[list, list]:
    """The lesson's examples (``spec.check_examples``); corpus BLEU refuses empty ones."""
    from . import LessonCorpusBleu

    if isinstance(definition, LessonCorpusBleu):
        return S.check_examples(hyps, refs, allow_empty=False)
    return S.check_examples(hyps, refs)
