"""Meteor 1.5 as the jar inside pycocoevalcap 1.2 computes it
(``java -jar meteor-1.5.jar - - -stdio -l en -norm``, the jar pinned by its sha256):
the definition ``bleuprint.metrics.meteor.spec`` (aligner ``align``, scorer ``score``,
resources read from the installed jar at run time), the text layer ``normalize`` and
``snowball``, the fast version ``impl``.

Shape ``SUM``: a segment's row is the jar's ``SCORE`` answer (23 integers, listed in
``bleuprint.metrics.meteor.score``) followed by one more column, the chunks that
``EVAL`` adds for the segment when it sums statistics (``MeteorStats.addStats``: the
segment's chunks, or 0 for a segment whose every word is matched in one chunk). The
corpus score is the jar's ``EVAL`` corpus score: computeMetrics of the summed row with
that column as the chunks (pycocoevalcap's reported METEOR), never the mean of the
segment scores. Bootstrap intervals and paired tests resample segments' rows.

Scale 1 (the jar's fractions). No options: the task defaults of ``-l en`` (modules exact,
stem, synonym, paraphrase; weights 1.0 0.6 0.8 0.6; alpha 0.85, beta 0.2, gamma 0.6,
delta 0.75; beam 40). Texts holding ``|||`` or a line break are refused (the stdio
protocol cannot carry them).
"""

from __future__ import annotations

from ...core import Metric, Shape, register

SPEC = "bleuprint.metrics.meteor.spec:"
JAR_SHA256 = "1e57b4c72c0830ebe68558f1c799a624e96cbc1b6045c9f6330e26dcff6eafc2"
#: the row's columns (the jar's 23, then EVAL's chunks)
COLUMNS = ("hyp_len", "ref_len", "hyp_function", "ref_function",
           *(f"{stage}_{what}" for stage in ("exact", "stem", "synonym", "paraphrase")
             for what in ("hyp_content", "ref_content", "hyp_function", "ref_function")),
           "chunks", "hyp_matched", "ref_matched", "eval_chunks")


def eval_row(stats: list) -> list:
    """The jar's 23 numbers and the chunks EVAL adds for them."""
    from .score import CHUNKS, is_perfect

    return list(stats) + [0 if is_perfect(stats) else stats[CHUNKS]]


def summed_line(combined: list) -> list:
    """The 23-number line EVAL scores for summed rows: the eval chunks as chunks."""
    if len(combined) != len(COLUMNS):
        raise ValueError(f"Meteor: a row has {len(COLUMNS)} numbers, got {len(combined)}")
    line = list(combined[:23])
    line[20] = combined[23]
    return line


def carried(text: str) -> str:
    """``text`` as the jar's stdio protocol can carry it: line breaks become spaces and
    ``|||`` goes (the metric refuses both: module doc)."""
    return text.replace("\r", " ").replace("\n", " ").replace("|||", "")


def carried_corpus(corpus: tuple) -> tuple:
    hyps, refs = corpus
    return [carried(h) for h in hyps], [[carried(r) for r in group] for group in refs]


class Meteor15(Metric):
    name = "meteor"
    title = ("METEOR as the Meteor 1.5 jar of pycocoevalcap 1.2 computes it (-l en -norm: exact, stem, "
             "synonym, paraphrase; corpus from summed statistics)")
    scale = 1
    shape = Shape.SUM
    options = ()

    def segment_stats(self, hyp: str, refs: list) -> list:
        from . import spec

        return eval_row(spec.meteor_segment_stats(hyp, refs))

    def score(self, combined: list, n_segments: int) -> float:
        from . import score

        return float(score.compute_metrics(summed_line(list(combined))))

    def parts(self, combined: list, n_segments: int) -> dict:
        from . import score

        return score.parts(summed_line(list(combined)))

    def stats_matrix(self, hyps, refs, context=None):
        """impl's rows (``impl.meteor_rows``: the jar's 23 numbers, from the C kernel)
        followed by EVAL's chunks column (``eval_row``)."""
        import numpy as np

        from .impl import meteor_rows

        stats = meteor_rows(hyps, refs)
        extra = np.asarray([eval_row(row)[-1] for row in stats.tolist()], dtype=np.int64).reshape(-1, 1)
        return np.hstack([stats, extra])


METEOR = register(Meteor15())
