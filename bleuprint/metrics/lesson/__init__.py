"""The classical-metrics lesson of seed 003 as a family of registered metrics (the
definitions: ``bleuprint.metrics.lesson.spec``; fast: ``bleuprint.metrics.lesson.impl``).

One folder registers six metrics (the registry keys them by name; nothing requires one
metric a folder):

=====================  ==========================  =====  ======================================
metric                 the lesson's name           shape  row of one example
=====================  ==========================  =====  ======================================
``lesson_exact_match`` ``score("exact_match")``    MEAN   ``[1]`` or ``[0]``
``lesson_f1``          ``score("f1")``             MEAN   ``[best token F1 over the targets]``
``lesson_bleu4``       ``score("bleu_4")``         MEAN   ``[best add-one BLEU-4 over the targets]``
``lesson_rouge_l``     ``score("rouge_l")``        MEAN   ``[best ROUGE-L F1 over the targets]``
``lesson_accuracy``    ``score("accuracy")``       MEAN   ``[1]`` or ``[0]``
``lesson_corpus_bleu`` ``corpus_bleu``             SUM    ``[m_1..m_4, t_1..t_4, c, r]``
=====================  ==========================  =====  ======================================

The MEAN metrics' corpus value is the lesson's ``corpus_mean``: the sum of the rows over
the number of examples, on the 0..1 scale. ``refs[i]`` is the list of targets of example
i; an empty list scores 0 (the lesson's rule), except for ``lesson_corpus_bleu``, which
pools the clipped counts and lengths of every example against its targets and needs at
least one.
"""

from __future__ import annotations

from ...core import Metric, Shape, register
from ...spec.inputs import check_counts, check_statistic
from . import spec as S

SPEC = "bleuprint.metrics.lesson.spec:"


class LessonFamily(Metric):
    """What every metric of the family shares: its planted faults (``faults.mutants_of``)
    and its vector corpora (the shared hard cases, then the lesson's own)."""


class LessonMean(LessonFamily):
    """A per-example lesson metric: the row is ``[spec.score(lesson_name, hyp, refs)]``."""

    scale = 1
    shape = Shape.MEAN
    fractional_columns = (0,)
    #: The lesson's dispatcher name.
    lesson_name = ""
    #: The spec functions its value goes through (for the mutants' sanity fault).
    entry_points: tuple = ()

    def segment_stats(self, hyp: str, refs: list) -> list:
        value = S.score(self.lesson_name, hyp, refs)
        return [int(value)] if not self.fractional_columns else [value]

    def score(self, combined: list, n_segments: int) -> float:
        if len(combined) != 1:
            raise ValueError(f"{self.name} statistics have 1 column, got {len(combined)}")
        total = check_statistic(combined[0], "summed[0]", whole=not self.fractional_columns)
        if total > n_segments:
            raise ValueError(f"summed[0] (the sum of per-example scores in 0..1) must be at most "
                             f"n_segments={n_segments}, got {total!r}")
        return (total if isinstance(total, int) else float(total)) / n_segments

    def stats_matrix(self, hyps, refs, context=None):
        from .impl import lesson_matrix

        return lesson_matrix(self.lesson_name, hyps, refs, whole=not self.fractional_columns)

    def batch_scores(self, sums, n_segments, float32):
        import numpy as np

        sums = np.asarray(sums, dtype=np.float64)
        return sums[:, 0] / n_segments, np.ones(sums.shape[0], dtype=bool)


class LessonExactMatch(LessonMean):
    name = "lesson_exact_match"
    title = "the lesson's exact match (stripped strings, any target; seed 003)"
    lesson_name = "exact_match"
    fractional_columns = ()
    entry_points = ("exact_match",)


class LessonAccuracy(LessonMean):
    name = "lesson_accuracy"
    title = "the lesson's accuracy (its exact match on the whole target list; seed 003)"
    lesson_name = "accuracy"
    fractional_columns = ()
    entry_points = ("accuracy",)


class LessonF1(LessonMean):
    name = "lesson_f1"
    title = "the lesson's token F1 (\\w+ tokens of lowercased text, best target; seed 003)"
    lesson_name = "f1"
    entry_points = ("f1_score",)


class LessonBleu4(LessonMean):
    name = "lesson_bleu4"
    title = "the lesson's sentence BLEU-4 with add-one on every order, best target (seed 003)"
    lesson_name = "bleu_4"
    entry_points = ("bleu4",)


class LessonRougeL(LessonMean):
    name = "lesson_rouge_l"
    title = "the lesson's ROUGE-L F1 on its \\w+ tokens, best target (seed 003)"
    lesson_name = "rouge_l"
    entry_points = ("rouge_l",)


N_COLUMNS = 2 * S.MAX_ORDER + 2


class LessonCorpusBleu(LessonFamily):
    """The lesson's pooled ``corpus_bleu``: rows ``[m_1..m_4, t_1..t_4, c, r]`` summed, then
    the add-one BLEU-4 of the sums (``spec.corpus_bleu_from_sums``)."""

    name = "lesson_corpus_bleu"
    title = "the lesson's pooled corpus BLEU-4 with add-one on every order (seed 003)"
    scale = 1
    shape = Shape.SUM

    def segment_stats(self, hyp: str, refs: list) -> list:
        return S.corpus_bleu_row(hyp, refs)

    def score(self, combined: list, n_segments: int) -> float:
        at_most = tuple((n, S.MAX_ORDER + n) for n in range(S.MAX_ORDER))
        values = check_counts(combined, N_COLUMNS, "summed", at_most=at_most)
        return S.corpus_bleu_from_sums([int(v) for v in values])

    def parts(self, combined: list, n_segments: int) -> dict:
        values = [int(v) for v in check_counts(combined, N_COLUMNS, "summed")]
        return {"matches": values[:S.MAX_ORDER], "totals": values[S.MAX_ORDER:2 * S.MAX_ORDER],
                "hyp_len": values[-2], "ref_len": values[-1]}

    def stats_matrix(self, hyps, refs, context=None):
        from .impl import corpus_bleu_matrix

        return corpus_bleu_matrix(hyps, refs)

    def batch_scores(self, sums, n_segments, float32):
        import numpy as np

        rows = np.asarray(sums)
        values = [self.score(row.tolist(), n_segments) for row in rows]
        return np.array(values, dtype=np.float64), np.ones(rows.shape[0], dtype=bool)


LESSON_EXACT_MATCH = register(LessonExactMatch())
LESSON_F1 = register(LessonF1())
LESSON_BLEU4 = register(LessonBleu4())
LESSON_ROUGE_L = register(LessonRougeL())
LESSON_ACCURACY = register(LessonAccuracy())
LESSON_CORPUS_BLEU = register(LessonCorpusBleu())
