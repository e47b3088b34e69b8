"""ROUGE as rouge-score 0.1.2 computes it, as a registered metric (the definition:
``bleuprint.metrics.rouge.spec``; the fast version: ``bleuprint.metrics.rouge.impl``).

One metric, ``rouge``, with the ROUGE type as an option (``rouge_type``: ``rouge1`` ..
``rouge9``, ``rougeL``, ``rougeLsum``, rouge-score's names) and the measure that is the
score (``measure``: precision, recall or fmeasure). One metric rather than one per type
because the types share every function, and a type chosen per segment is exactly
rouge-score's "best target per type": the CLI's ``-m rouge1 rouge2 rougeL rougeLsum``
(issue 17 item 4) can map each name to this metric with that option.

Shape ``MEAN``: a segment's row is ``[P, R, F]`` of the type against its best target
(the first with the highest F); the corpus value is the mean of the chosen column.

``use_stemmer`` (rouge-score's option of that name): tokens longer than 3 characters are
replaced by their Porter stems as nltk 3.10.4 computes them (``bleuprint.metrics.rouge.porter``,
written from Porter 1980 and nltk's departures; nltk is not imported).

Not yet: ``split_summaries`` (nltk punkt),
rouge-score's BootstrapAggregator recipe, the RougeScorer compat class.
"""

from __future__ import annotations

from ...core import Metric, Option, Shape, register
from ...core.metric import labelled_configurations
from .spec import MEASURES, ROUGE_TYPES, rouge_from_stats, rouge_stats


class Rouge(Metric):
    name = "rouge"
    title = "ROUGE-N / ROUGE-L / ROUGE-Lsum (Lin, 2004) as rouge-score 0.1.2"
    scale = 1
    shape = Shape.MEAN
    fractional_columns = (0, 1, 2)
    options = (
        Option("rouge_type", str, "rouge1", "rouge-score's ROUGE type: rougeN (n-gram order N), rougeL "
               "(whole-text LCS) or rougeLsum (union LCS over newline-separated sentences)",
               stage="stats", choices=ROUGE_TYPES),
        Option("measure", str, "fmeasure", "which per-segment value is averaged: precision, recall or fmeasure (F1)",
               stage="score", choices=MEASURES),
        Option("use_stemmer", bool, False, "replace each token longer than 3 characters by its Porter stem "
               "(nltk 3.10.4's PorterStemmer, NLTK_EXTENSIONS mode), as rouge-score's use_stemmer=True",
               stage="stats"),
    )

    def segment_stats(self, hyp, refs, rouge_type="rouge1", use_stemmer=False) -> list:
        return rouge_stats(hyp, refs, rouge_type, use_stemmer)

    def score(self, combined, n_segments, measure="fmeasure") -> float:
        return rouge_from_stats(list(combined), n_segments, measure)

    def stats_matrix(self, hyps, refs, context=None, rouge_type="rouge1", use_stemmer=False):
        from .impl import rouge_stats_matrix

        return rouge_stats_matrix(hyps, refs, rouge_type, use_stemmer)

    def batch_scores(self, sums, n_segments, float32, measure="fmeasure"):
        import numpy as np

        from .spec import check_measure

        column = MEASURES.index(check_measure(measure))
        sums = np.asarray(sums, dtype=np.float64)
        return sums[:, column] / n_segments, np.ones(sums.shape[0], dtype=bool)

    # -- mutants ------------------------------------------------------------------------------

    def spec_entry_points(self) -> tuple[str, ...]:
        return ("bleuprint.metrics.rouge.spec:rouge_stats", "bleuprint.metrics.rouge.spec:rouge")

    def faults(self) -> list:
        from .faults import MUTANTS

        return list(MUTANTS)

    # -- verify and goldens -----------------------------------------------------------------

    api_names = ("rouge",)
    golden = "rouge"
    golden_builder = "bleuprint.metrics.rouge.oracle_cases"
    oracle_versions = {"rouge-score": "0.1.2", "nltk": "3.10.4"}
    corpus_oracle = "bleuprint.metrics.rouge.oracle_adapter:oracle_rouge"
    extra_goldens = (("rouge_stems", "bleuprint.metrics.rouge.oracle_stems"),)

    def verify_configurations(self) -> tuple:
        return labelled_configurations({}, {"rouge_type": "rouge2"}, {"rouge_type": "rougeL"},
                                       {"rouge_type": "rougeLsum"}, {"rouge_type": "rougeL", "measure": "recall"},
                                       *({"rouge_type": t, "use_stemmer": True} for t in
                                         ("rouge1", "rouge2", "rougeL", "rougeLsum")))

    def vector_corpora(self) -> list:
        """The shared hard cases, then ROUGE's own: newline sentences (Lsum differs from
        L), an F tie between targets with different P and R (the first wins), and a
        back-trace tie (the LCS picked decides Lsum's union)."""
        from ...vectors.corpora import Corpus, hard_corpora

        return hard_corpora() + [
            Corpus("ROUGE-Lsum: the same sentences in another order (Lsum 1, L 0.5)", ("UnusualWhitespace",),
                   ["a b c\nd e f"], [["d e f\na b c"]]),
            Corpus("ROUGE: two targets with equal F and different P, R (the first is taken)",
                   ("MultipleReferences",), ["a b", "a b"], [["a b c d", "a"], ["a", "a b c d"]]),
            Corpus("ROUGE-Lsum: a back-trace tie (up, not left, on equal cells)", ("UnusualWhitespace",),
                   ["c a"], [["c\na c"]]),
        ]

    def vector_intermediates(self, hyps, refs, use_stemmer=False, **_) -> dict:
        """rouge-score's tokens of each line (``hypTokens``, ``refTokens``), stemmed when
        the vector's options ask for it."""
        from .spec import tokenize

        return {"hypTokens": [tokenize(h, use_stemmer) for h in hyps],
                "refTokens": [[tokenize(r, use_stemmer) for r in g] for g in refs]}


ROUGE = register(Rouge())
