"""The ``rouge`` package (pltrdy/rouge 1.0.1) as audit subjects: ``Rouge().get_scores(hyps,
refs, avg=True)``, one reference a hypothesis, the mean over segments (bleuprint's rouge
metric, rouge-score's definition, is the closest configuration: ``rouge_type`` rouge1,
rouge2 or rougeL, ``measure`` fmeasure).

Read from the library's source (``rouge/rouge.py``, ``rouge/rouge_score.py``), what it does
otherwise: a text is cut into sentences at every ".", each sentence's white space is
normalised and it is split at " " (no lowercasing, no other punctuation split off); n-grams
are sets by default (``exclusive=True``: each distinct n-gram once); F = 2PR / (P + R + 1e-8);
an empty hypothesis or reference raises ``ValueError``.
"""

from __future__ import annotations

from ..subject import Subject
from ._common import as_float, require

#: The target name (``bleuprint audit rouge``), also the subjects' library.
TARGET = "rouge"
KINDS = {"rouge-1": "rouge1", "rouge-2": "rouge2", "rouge-l": "rougeL"}


def subjects() -> list[Subject]:
    module, version = require("rouge", "rouge")
    scorer = module.Rouge()

    def caller(kind):
        def score(hyps, refs):
            return as_float(scorer.get_scores(list(hyps), [r[0] for r in refs], avg=True)[kind]["f"])
        return score

    return [Subject(library=TARGET, version=version, metric="rouge", call=f"Rouge().get_scores(hyps, refs, "
                    f"avg=True)[{kind!r}]['f']", level="corpus", scale=1.0,
                    options={"rouge_type": rouge_type}, score=caller(kind), max_refs=1,
                    name=f"rouge:{kind}", notes="refs: the first (only) reference of each hypothesis")
            for kind, rouge_type in KINDS.items()]
