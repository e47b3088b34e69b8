"""wer's hooks of the vectors tool (``bleuprint.hooks``): moved from the metric's class."""

from __future__ import annotations

from . import spec as S
from ...spec.inputs import fit_references


def vector_corpora(definition) -> list:
    """The shared hard cases, each segment with its first reference only (jiwer takes
    one; the multi-reference flags dropped, the comment says so), then the family's own
    (``cases.wer_corpora``: ties, white space, empty references; ``cases.random_corpora``)."""
    from dataclasses import replace

    from ...vectors.corpora import hard_corpora
    from .cases import random_corpora, wer_corpora

    multi = ("MultipleReferences", "VariableReferenceCount", "ReferenceLengthTie", "ClosestReference")
    corpora = []
    for corpus in hard_corpora():
        if all(len(r) == 1 for r in corpus.refs):
            corpora.append(corpus)
            continue
        flags = tuple(f for f in corpus.flags if f not in multi) or ("Basic",)
        corpora.append(replace(corpus, comment=corpus.comment + " (first reference only)", flags=flags,
                               refs=fit_references(definition, corpus.refs)))
    return corpora + wer_corpora() + random_corpora()


def vector_intermediates(definition, hyps, refs, **_) -> dict:
    """The elements each line is aligned on (``hypUnits``, ``refUnits``)."""
    return {"hypUnits": [S.units(h, definition.unit) for h in hyps],
            "refUnits": [[S.units(r, definition.unit) for r in g] for g in refs]}
