"""distinct-n's hooks of the inputs tool (``bleuprint.spec.inputs``): the size of its dense rows, checked
before any row is built."""

from __future__ import annotations

from . import spec as S


def check_corpus_limits(definition, hyps, refs, n=2) -> None:
    """The dense rows' size (``spec.check_dense``), before any row is built."""
    S.check_dense(len(hyps), len(S.corpus_items(hyps, S.check_n(n))) + 1)
