"""rouge's hooks of the verify tool (``bleuprint.hooks``): moved from the metric's class."""

from __future__ import annotations

from ...verify_hooks import labelled_configurations


def real_corpus_configurations(definition) -> tuple:
    """ted-ende against rouge-score live: ROUGE-L, and ROUGE-2 with the stemmer."""
    return (({"rouge_type": "rougeL"}, "ROUGE-L"), ({"rouge_type": "rouge2", "use_stemmer": True}, "ROUGE-2 stemmed"))


def verify_configurations(definition) -> tuple:
    return labelled_configurations({}, {"rouge_type": "rouge2"}, {"rouge_type": "rougeL"},
                                   {"rouge_type": "rougeLsum"}, {"rouge_type": "rougeL", "measure": "recall"},
                                   *({"rouge_type": t, "use_stemmer": True} for t in
                                     ("rouge1", "rouge2", "rougeL", "rougeLsum")))
