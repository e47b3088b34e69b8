"""rouge-metric 1.0.1's pure-Python ROUGE (``rouge_metric.PyRouge``, its defaults) as audit
subjects: ``PyRouge().evaluate(hyps, refs)["rouge-1"]["f"]`` (and rouge-2, rouge-l); the
closest bleuprint configuration is the rouge metric with that ``rouge_type``.

Read from the library's source (``rouge_metric/py_rouge.py``), what it does otherwise: a
text is cut into sentences at "\\n" and split with ``str.split()`` (no lowercasing, no
punctuation split off); the corpus value (``mode="average"``) is F of the mean precision and
the mean recall (``_AverageRougeAggregator.average_score``), not the mean of the F values;
with several references (``multi_ref_mode="average"``) the matches and sizes are summed over
them (the audit's variant v10 models that pooling, sumeval's too). One reference a hypothesis
here (``max_refs=1``): its audited expectations are those of one reference.
"""

from __future__ import annotations

from ..subject import Subject
from ._common import as_float, require

#: The target name (``bleuprint audit rouge-metric``), also the subjects' library.
TARGET = "rouge-metric"
KINDS = {"rouge-1": "rouge1", "rouge-2": "rouge2", "rouge-l": "rougeL"}


def subjects() -> list[Subject]:
    module, version = require("rouge-metric", "rouge_metric")
    scorer = module.PyRouge(rouge_n=(1, 2), rouge_l=True)

    def caller(kind):
        def score(hyps, refs):
            return as_float(scorer.evaluate(list(hyps), [list(r) for r in refs])[kind]["f"])
        return score

    return [Subject(library=TARGET, version=version, metric="rouge",
                    call=f"PyRouge().evaluate(hyps, refs)[{kind!r}]['f']", level="corpus", scale=1.0,
                    options={"rouge_type": rouge_type}, score=caller(kind), max_refs=1, name=f"rouge-metric:{kind}",
                    notes="one reference a hypothesis (the library pools several)")
            for kind, rouge_type in KINDS.items()]
