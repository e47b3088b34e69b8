"""WER, CER, MER, WIL and WIP as jiwer 4.0.0 computes them, as five registered metrics
sharing one statistics definition (the definition: ``bleuprint.metrics.wer.spec``; fast:
``bleuprint.metrics.wer.impl``; jiwer's own API and argument order:
``bleuprint.compat.jiwer``).

=======  ============================================  ==========  =================================
metric   jiwer's function                              unit        value of the summed row
=======  ============================================  ==========  =================================
``wer``  ``wer`` / ``process_words(...).wer``          words       (S + D + I) / (H + S + D)
``cer``  ``cer`` / ``process_characters(...).cer``     characters  (S + D + I) / (H + S + D)
``mer``  ``mer`` / ``process_words(...).mer``          words       (S + D + I) / (H + S + D + I)
``wil``  ``wil`` / ``process_words(...).wil``          words       1 - WIP
``wip``  ``wip`` / ``process_words(...).wip``          words       (H / N_ref) (H / N_hyp)
=======  ============================================  ==========  =================================

Shape ``SUM``: a segment's row is ``[H, S, D, I, N_ref, N_hyp]`` (hits, substitutions,
deletions, insertions, reference and hypothesis lengths) of rapidfuzz 3.14.6's alignment
of its one reference with its hypothesis; the corpus value is the measure of the summed
row, jiwer's pooling (a list of pairs is not a mean of sentence values), with jiwer 4.0's
rules when every reference is empty (WER = the number of insertions; spec docstring).
Bootstrap intervals, paired tests, shards and batches come from the shape.

Scale 1 (jiwer's fractions: WER 0.25, not 25), so every number equals jiwer's. WER and CER
can exceed 1. ``refs[i]`` must hold exactly one reference (jiwer has no multi-reference
WER): more is a ValueError. No options: jiwer's default transforms only (the signature
names them).

Argument order: every bleuprint function takes ``(hyps, refs)``; jiwer's take
``(reference, hypothesis)``: ``bleuprint.compat.jiwer`` keeps jiwer's.
"""

from __future__ import annotations

from ...core import Metric, Shape, register
from . import spec as S

SPEC = "bleuprint.metrics.wer.spec:"


class JiwerMeasure(Metric):
    """One of jiwer's measures (module doc): the row is ``spec.segment_row`` in the
    measure's unit, the score ``spec.measure_from_counts``."""

    scale = 1
    shape = Shape.SUM
    options = ()
    #: jiwer's name of the measure, and the unit it is computed on.
    measure = ""
    unit = "words"

    def segment_stats(self, hyp: str, refs: list) -> list:
        return S.segment_row(hyp, refs, self.unit)

    def score(self, combined: list, n_segments: int) -> float:
        return float(S.measure_from_counts(list(combined), self.measure))

    def parts(self, combined: list, n_segments: int) -> dict:
        values = S.check_row(list(combined))
        return dict(zip(S.COLUMNS, values))

    def stats_matrix(self, hyps, refs, context=None):
        from .impl import counts_matrix

        return counts_matrix(hyps, refs, self.unit)

    def fast_score(self, combined: list, n_segments: int) -> float:
        return float(S.measure_from_counts([int(v) for v in combined], self.measure))

    def batch_scores(self, sums, n_segments, float32):
        import numpy as np

        from .impl import wer_batch

        rows = np.asarray(sums)
        return wer_batch(rows, self.measure), np.ones(rows.shape[0], dtype=bool)


class Wer(JiwerMeasure):
    name = "wer"
    #: Lower scores are better (``bleuprint.core.value.higher_is_better``).
    higher_is_better = False
    title = "word error rate as jiwer 4.0.0 (pooled; rapidfuzz 3.14.6's alignment)"
    measure = "wer"


class Cer(JiwerMeasure):
    name = "cer"
    #: Lower scores are better (``bleuprint.core.value.higher_is_better``).
    higher_is_better = False
    title = "character error rate as jiwer 4.0.0 (every inner space a character; pooled)"
    measure = "cer"
    unit = "characters"


class Mer(JiwerMeasure):
    name = "mer"
    #: Lower scores are better (``bleuprint.core.value.higher_is_better``).
    higher_is_better = False
    title = "match error rate as jiwer 4.0.0 (pooled; rapidfuzz 3.14.6's alignment)"
    measure = "mer"


class Wil(JiwerMeasure):
    name = "wil"
    #: Lower scores are better (``bleuprint.core.value.higher_is_better``).
    higher_is_better = False
    title = "word information lost as jiwer 4.0.0 (pooled; rapidfuzz 3.14.6's alignment)"
    measure = "wil"


class Wip(JiwerMeasure):
    name = "wip"
    title = "word information preserved as jiwer 4.0.0 (pooled; rapidfuzz 3.14.6's alignment)"
    measure = "wip"


WER = register(Wer())
CER = register(Cer())
MER = register(Mer())
WIL = register(Wil())
WIP = register(Wip())
