"""The built-in metrics, each in its own folder (``bleuprint/metrics/NAME/``: the
definition and its registration in ``__init__.py``, the literal definition ``spec.py``,
the fast version ``impl.py``, and, where it has them, its planted faults ``faults.py`` and
its option strategy ``strategies.py``).

``INDEX`` below is the one registration line of a metric: its name, the folder whose
``__init__.py`` registers it, its aliases and its public names (``register``'s ``api_names``), in
the order in which the metrics are listed everywhere. The registry reads it on its first
look-up and imports a folder only when one of its metrics is looked up, so that scoring
BLEU loads BLEU's folder and no other metric's (``bleuprint.core.registry.add_index``).
``tests/model/test_metric_index.py`` holds it to what the folders register.
"""

#: ``(name, folder, aliases, api_names)`` of every built-in metric, in listing order.
INDEX = (
    ('exact_match', 'exact_match', (), ('exact_match',)),
    ('bleu', 'bleu', (),
     ('corpus_bleu', 'sentence_bleu', 'bleu_stats', 'bleu_from_stats', 'SMOOTH_DEFAULTS', 'SMOOTH_METHODS')),
    ('chrf', 'chrf', (), ('chrf', 'sentence_chrf', 'chrf_stats', 'chrf_from_stats')),
    ('ter', 'ter', (), ('ter', 'sentence_ter', 'ter_stats', 'ter_from_stats', 'tokenize_tercom')),
    ('rouge', 'rouge', (), ('rouge', 'rouge_all')),
    ('squad', 'squad', (), ('squad',)),
    ('lesson_exact_match', 'lesson', (), ()),
    ('lesson_f1', 'lesson', (), ()),
    ('lesson_bleu4', 'lesson', (), ()),
    ('lesson_rouge_l', 'lesson', (), ()),
    ('lesson_accuracy', 'lesson', (), ()),
    ('lesson_corpus_bleu', 'lesson', (), ()),
    ('cider', 'cider', (), ('cider',)),
    ('coco_bleu', 'coco_bleu', (), ('coco_bleu',)),
    ('wer', 'wer', (), ('wer', 'cer', 'mer', 'wil', 'wip', 'wer_stats', 'cer_stats')),
    ('cer', 'wer', (), ()),
    ('mer', 'wer', (), ()),
    ('wil', 'wer', (), ()),
    ('wip', 'wer', (), ()),
    ('distinct_n', 'distinct', (), ('distinct_n',)),
    ('distinct_n_mean', 'distinct', (), ()),
    ('perplexity', 'perplexity', (), ('perplexity',)),
    ('cross_entropy', 'perplexity', (), ('cross_entropy',)),
    ('self_bleu', 'self_bleu', (), ('self_bleu',)),
    ('meteor', 'meteor', ('meteor-1.5',), ('meteor',)),
    ('meteor_nltk', 'meteor_nltk', ('meteor-nltk',), ('meteor_nltk',)),
    ('bertscore', 'bertscore', (), ('bertscore',)),
    ('embedding_similarity', 'embedding_similarity', (), ('embedding_similarity',)),
    ('model_score', 'model_score', (), ('model_score', 'comet_compare', 'compare_scores')),
    ('moverscore', 'moverscore', (), ()),
)


def index_entries() -> list:
    """``INDEX`` as the registry's ``add_index`` takes it: each folder as its module."""
    return [(name, f"{__name__}.{folder}", aliases, api_names) for name, folder, aliases, api_names in INDEX]
