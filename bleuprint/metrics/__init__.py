"""The built-in metrics, each in its own folder (``bleuprint/metrics/NAME/``: the
definition and its registration in ``__init__.py``, the literal definition ``spec.py``,
the fast version ``impl.py``, and, where it has them, its planted faults ``faults.py`` and
its option strategy ``strategies.py``). The registry imports this package on its first
look-up.

The line below is the one registration line of a metric; its order is the order in which
the metrics are listed everywhere.
"""

from . import exact_match, bleu, chrf, ter, rouge, squad, lesson, cider, coco_bleu, wer, distinct, perplexity, self_bleu, meteor, meteor_nltk, bertscore, embedding_similarity, model_score, moverscore  # noqa: F401  (isort: skip; the order is the listing order)
