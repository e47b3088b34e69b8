"""fastChrF's ``pairwise_chrf`` and ``aggregate_chrf`` (Rust) as audit subjects.

Both are sentence-level chrF on a 0-100 scale with sacreBLEU's defaults (``char_order=6``,
``beta=2``, ``remove_whitespace=True``, ``eps_smoothing=False``) and no word n-grams, so the
closest configuration is bleuprint's chrf with its defaults. They take batches: the adapter
calls them with a batch of one row holding the one hypothesis.

* ``pairwise_chrf([[hyp]], [[ref]])[0][0][0]``: one hypothesis against one reference.
* ``aggregate_chrf([[hyp]], [refs])[0][0]``: the library's reference-aggregated variant
  (Vamvas & Sennrich 2024), documented as *not* equal to multi-reference chrF; with one
  reference it is expected to equal chrF.
"""

from __future__ import annotations

from ..subject import Subject
from ._common import as_float, one_segment, require

#: The target name (``bleuprint audit fastchrf``), also the subjects' library.
TARGET = "fastchrf"
OPTIONS = {"n": 6, "beta": 2.0, "word_order": 0, "whitespace": False, "eps_smoothing": False}


def subjects() -> list[Subject]:
    module, version = require("fastchrf", "fastchrf")

    def pairwise(hyps, refs):
        hyp, references = one_segment(hyps, refs)
        return as_float(module.pairwise_chrf([[hyp]], [[references[0]]])[0][0][0])

    def aggregate(hyps, refs):
        hyp, references = one_segment(hyps, refs)
        return as_float(module.aggregate_chrf([[hyp]], [references])[0][0])

    common = dict(library=TARGET, version=version, metric="chrf", level="sentence", scale=100.0,
                  )
    return [
        Subject(call="fastchrf.pairwise_chrf([[hypothesis]], [[reference]])[0][0][0]",
                options=dict(OPTIONS), score=pairwise, max_refs=1, name="fastchrf:pairwise_chrf",
                notes="a batch of one row, one hypothesis and its one reference", **common),
        Subject(call="fastchrf.aggregate_chrf([[hypothesis]], [references])[0][0]",
                options=dict(OPTIONS), score=aggregate, name="fastchrf:aggregate_chrf",
                notes="a batch of one row, one hypothesis and all its references; the library's "
                      "aggregate over references is by design not multi-reference chrF", **common),
    ]
