"""self-BLEU's hooks of the inputs tool (``bleuprint.spec.inputs``)."""

from __future__ import annotations

#: The fewest outputs a corpus can have (one output has no other output as reference).
min_segments = 2


def rows(definition, hyps, refs=None, context=None, variant="evalsuite", gram=None) -> list[list]:
    from ...spec.inputs import input_hooks
    from .spec import self_bleu_rows

    hyps, _ = input_hooks(definition).check_inputs(hyps, refs)
    return self_bleu_rows(hyps, variant, gram, context)
