"""pyter3's ``pyter.ter`` (pure Python) as an audit subject.

``pyter.ter(hypothesis_words, reference_words)`` is a sentence TER on a 0-1 scale against one
reference: greedy shifts (the shift that lowers the edit distance most, until none does)
then the Levenshtein distance, over the reference's length. It neither lowercases nor
normalises, so the closest configuration is bleuprint's ter with ``case_sensitive=True``.
Its shift search has none of Tercom's limits (shift length, distance, only shifting words
that are not already matched), which the audit may find. The adapter splits both sides
with ``str.split()``.
"""

from __future__ import annotations

from ..subject import Subject
from ._common import as_float, one_segment, require

#: The target name (``bleuprint audit pyter3``), also the subjects' library.
TARGET = "pyter3"
OPTIONS = {"case_sensitive": True, "normalized": False, "no_punct": False, "asian_support": False}


def subjects() -> list[Subject]:
    module, version = require("pyter3", "pyter")

    def score(hyps, refs):
        hyp, references = one_segment(hyps, refs)
        return as_float(module.ter(hyp.split(), references[0].split()))

    return [Subject(library=TARGET, version=version, metric="ter",
                    call="pyter.ter(hypothesis.split(), reference.split())", level="sentence", scale=1.0,
                    options=dict(OPTIONS), score=score, max_refs=1, name="pyter3:ter",
                    notes="both sides tokenised with str.split(); single reference")]
