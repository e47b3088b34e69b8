"""Planted faults of the corpus layout (``bleuprint.spec.inputs``), which every metric
reads: the course's pitfall 4, the wrong reference layout."""

from __future__ import annotations

from .. import spec
from ..spec import inputs as I
from .model import Mutant

L = "bleuprint.spec.inputs:"


def characters_as_references(original):
    def check_references(refs, what="refs"):
        if isinstance(refs, str):
            return list(refs)
        return original(refs, what)
    return check_references


def reference_streams(original):
    def check_corpus(hyps, refs):
        hyps = I.check_hypotheses(hyps)
        segments = [list(segment) for segment in zip(*refs)]
        n = min(len(hyps), len(segments))
        return hyps[:n], [I.check_references(r) for r in segments[:n]]
    return check_corpus


MUTANTS = [
    Mutant("s05", "spec.inputs.check_references", "a bare string of references is iterated as characters",
           "4. the wrong reference layout: a bare string", "test_references_are_per_hypothesis",
           {L + "check_references": characters_as_references},
           lambda: spec.bleu_stats("a b", "a b")),
    Mutant("s06", "spec.inputs.check_corpus", "references are read as sacreBLEU's streams (and truncated)",
           "4. the wrong reference layout: sacreBLEU's streams", "test_references_are_per_hypothesis",
           {L + "check_corpus": reference_streams},
           lambda: spec.corpus_bleu(["a b", "x y"], [["a b"], ["c d"]], max_ngram_order=2)),
]
