"""BERTScore from token embeddings the user supplies, a registered metric (the
definition: ``bleuprint.metrics.bertscore.spec``; fast: ``bleuprint.metrics.bertscore.impl``).

A segment (the inputs protocol's ``segment_kind`` "embeddings") is a hypothesis's token embeddings, a
tokens x dimensions float array, or ``{"embeddings": ..., "ids": ..., "special": ...}``
with the token ids that IDF needs and the positions of special tokens; ``refs[i]`` is a
list of such segments. ``bleuprint.sentence_scores("bertscore", hyps, refs)`` gives each
segment's F1 (with ``parts=True`` its precision and recall too), ``corpus_score`` the mean
F1 over segments (bert_score users' ``F.mean()``; the option ``measure`` makes it the mean
precision or recall instead), ``bleuprint.bertscore(hyps, refs, ...)`` all of them at once.

Shape ``CORPUS_PASS``: with ``idf`` the rows depend on the document frequencies of every
reference of the corpus (the context: ``(M, ((token id, df), ...))``, shards' tables
add); without it the context is None. A row is ``[P+, P-, R+, R-, F+, F-]``, the
segment's P, R and F split into non-negative parts (cosines and so the scores may be
negative; statistics are non-negative), and the score of summed rows is the mean
``(F+ - F-) / n``, rescaled by the baseline when one is named.

Exact to bert_score 0.3.13's ``greedy_cos_idf`` called one pair at a time, within the
float32 tolerance stated in ``tests/spec/test_bertscore_oracle.py``; named differences in
the spec's module doc.
"""

from __future__ import annotations

from ...core import Metric, Option, Shape, register
from ...spec.inputs import check_statistic
from . import spec as S

IDF = Option("idf", bool, False, "weigh tokens by ln((M+1)/(df+1)) over the corpus's M references (needs token ids)",
             stage="stats", truthy=True)
MULTI_REF = Option("multi_ref", str, "max", "several references: max (bert_score: maxima of P, R and F taken "
                   "independently) or best-f (P, R and F of the reference with the largest F)", stage="stats",
                   choices=S.MULTI_REF)
MEASURE = Option("measure", str, "f1", "which per-segment value is averaged: precision, recall or f1 (the score "
                 "bert_score users report)", stage="score", choices=S.MEASURES)
BASELINE = Option("baseline", str, None, "rescale (x - b)/(1 - b) with a baseline file: LANG/MODEL (bert_score's "
                  "shipped file, read from the installed bert-score) or a path; None: no rescaling", stage="score",
                  nullable=True)
BASELINE_LAYER = Option("baseline_layer", int, None, "the row of the baseline file: the encoder layer "
                        "(0 = embeddings)", stage="score", minimum=0, nullable=True)


class BERTScore(Metric):
    name = "bertscore"
    title = "BERTScore F1 (Zhang et al., 2020) from supplied token embeddings: mean over segments"
    scale = 1
    shape = Shape.CORPUS_PASS
    fractional_columns = (0, 1, 2, 3, 4, 5)
    options = (IDF, MULTI_REF, MEASURE, BASELINE, BASELINE_LAYER)

    def corpus_context(self, hyps, refs, idf=False, multi_ref="max"):
        return S.idf_table(refs) if idf else None

    def combine_contexts(self, first, second):
        return S.combine_tables(first, second)

    def segment_stats(self, hyp, refs, idf=False, multi_ref="max", context=None) -> list:
        if idf and context is None:
            raise ValueError("bertscore with idf needs the corpus's document frequencies (the context)")
        return S.segment_row(S.check_segment(hyp, "hyp"), [S.check_segment(r, "ref") for r in refs],
                             context if idf else None, multi_ref)

    def _means(self, combined, n_segments, baseline, baseline_layer):
        values = [check_statistic(x, f"summed[{k}]", whole=False) for k, x in enumerate(combined)]
        return S.means_from_row(values, n_segments, S.check_baseline(baseline, baseline_layer))

    def score(self, combined, n_segments, measure="f1", baseline=None, baseline_layer=None) -> float:
        return self._means(combined, n_segments, baseline, baseline_layer)[S.MEASURES.index(S.check_measure(measure))]

    def parts(self, combined, n_segments, measure="f1", baseline=None, baseline_layer=None) -> dict:
        """``precision``, ``recall``, ``f1``: the means over the rows' segments."""
        p, r, f = self._means(combined, n_segments, baseline, baseline_layer)
        return {"precision": p, "recall": r, "f1": f}

    def stats_matrix(self, hyps, refs, context=None, idf=False, multi_ref="max"):
        from .impl import check_corpus, prf_matrix, row_matrix

        if idf:  # (without idf, prf_matrix checks the corpus: plain arrays go to the kernel in one call)
            hyps, refs = check_corpus(hyps, refs)
            if context is None:
                context = S.idf_table(refs)
        return row_matrix(prf_matrix(hyps, refs, context if idf else None, multi_ref))

    def batch_scores(self, sums, n_segments, float32, measure="f1", baseline=None, baseline_layer=None):
        import numpy as np

        rows = np.asarray(sums, dtype=np.float64).reshape(len(sums), -1)
        values = [self.score(row.tolist(), n_segments, measure, baseline, baseline_layer) for row in rows]
        return np.array(values, dtype=np.float64), np.ones(len(values), dtype=bool)


BERTSCORE = register(BERTScore())
