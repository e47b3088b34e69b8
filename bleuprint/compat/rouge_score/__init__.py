"""bleuprint.compat.rouge_score: rouge-score 0.1.2's Python API, computed by the registered
``rouge`` metric (``bleuprint.metrics.rouge``).

A drop-in for code written against rouge-score; only the import changes::

    from bleuprint.compat.rouge_score import rouge_scorer, scoring
    scorer = rouge_scorer.RougeScorer(["rouge1", "rougeL"], use_stemmer=False)
    scores = scorer.score(target, prediction)          # the target comes first
    best = scorer.score_multi(targets, prediction)     # best target per ROUGE type
    aggregator = scoring.BootstrapAggregator()
    aggregator.add_scores(scores)
    result = aggregator.aggregate()                    # {type: AggregateScore(low, mid, high)}

``rouge_scorer`` holds ``RougeScorer``; ``scoring`` holds ``Score``, ``BaseScorer``,
``AggregateScore``, ``BootstrapAggregator`` and ``fmeasure``. The differences from
rouge-score (each refuses what bleuprint cannot compute exactly, rather than computing
something else) are listed in ``rouge_scorer``'s docstring.
"""

from . import rouge_scorer, scoring

__all__ = ["rouge_scorer", "scoring"]
