"""TER's hooks of the inputs tool (``bleuprint.spec.inputs``): the lengths its alignment allows."""

from __future__ import annotations

from .spec import check_corpus_lengths


def check_corpus_limits(definition, hyps, refs, **options) -> None:
    check_corpus_lengths(hyps, refs, **options)
