"""SQuAD v1.1 / v2.0 exact match and F1 as one registered metric (the definition:
``bleuprint.metrics.squad.spec``; the fast version: ``bleuprint.metrics.squad.impl``).

Shape ``MEAN``: a question's row is ``[EM, F1, answered]`` (EM and F1 on 0..1, maxed over
the gold answers; ``answered`` 0 for a missing prediction, given as ``None`` in place of
the hypothesis). The corpus value is 100 x the sum of the chosen column (option ``value``:
``f1`` or ``exact``) over the version's denominator: every question in v1.1 (a missing
prediction scores 0), the answered questions in v2.0 (a missing prediction is skipped).
``refs[i]`` is the list of gold answers of question i (empty: unanswerable, v2.0 only).

On files (``bleuprint score -m squad -i PRED.txt GOLD1.txt GOLD2.txt ...``): one line per
question in every file; line i of the k-th reference file is question i's k-th gold answer
(or ``-nr K`` tab-separated fields). An unanswerable question (v2.0) is an empty line in
every reference file: v2.0 drops gold answers that normalize to "", which scores it exactly
as an empty gold list. A question with fewer gold answers than there are files repeats one
of them (in v1.1 an empty line is a gold answer "", which an empty prediction matches).
A missing prediction cannot be written in a line file (an empty line is the empty
answer): use ``bleuprint squad DATA.json PRED.json`` (``official.evaluate_squad``) for it.
Options: ``--metric-option version=2.0``, ``--metric-option value=exact``.

v2.0's no-answer threshold and best-threshold search read the whole corpus and a
no-answer probability per question: ``spec.squad_v2_evaluate`` / ``spec.best_threshold``.
"""

from __future__ import annotations

from ...core import Metric, Option, Shape, register
from ...spec.inputs import check_statistic, input_hooks
from .spec import VALUES, VERSIONS, check_version, question_scores, squad_from_sums


class Squad(Metric):
    name = "squad"
    title = "SQuAD exact match and F1 (official v1.1 and v2.0 evaluation scripts)"
    scale = 100
    shape = Shape.MEAN
    fractional_columns = (1,)
    options = (
        Option("version", str, "1.1", "the evaluation script: 1.1 (empty vs empty F1 0, missing predictions "
               "score 0) or 2.0 (F1 1 when both are empty, unanswerable questions, missing predictions skipped)",
               choices=VERSIONS),
        Option("value", str, "f1", "the reported number: f1 or exact (exact match)", stage="score", choices=VALUES),
    )

    def segment_stats(self, hyp, refs, version="1.1") -> list:
        return question_scores(hyp, refs, check_version(version))

    def score(self, combined, n_segments, version="1.1", value="f1") -> float:
        version = check_version(version)
        if len(combined) != 3:
            raise ValueError(f"squad statistics have 3 columns (EM, F1, answered), got {len(combined)}")
        em, f, answered = (float(check_statistic(x, f"summed[{k}]", whole=k != 1)) for k, x in enumerate(combined))
        if answered > n_segments or em > answered or f > answered:
            raise ValueError(f"squad statistics must satisfy EM, F1 <= answered <= n_segments={n_segments}, "
                             f"got {list(combined)!r}")
        return squad_from_sums([em, f, answered], n_segments, version, value)

    def parts(self, combined, n_segments, version="1.1", value="f1") -> dict:
        return {"exact": self.score(combined, n_segments, version, "exact"),
                "f1": self.score(combined, n_segments, version, "f1"),
                "answered": int(combined[2])}

    def stats_matrix(self, hyps, refs, context=None, version="1.1", **_):
        from .impl import squad_matrix

        return squad_matrix(hyps, refs, version)

    def batch_scores(self, sums, n_segments, float32, version="1.1", value="f1"):
        import numpy as np

        sums = np.asarray(sums, dtype=np.float64)
        total = np.full(sums.shape[0], float(n_segments)) if check_version(version) == "1.1" else sums[:, 2]
        column = sums[:, 1] if value == "f1" else sums[:, 0]
        with np.errstate(divide="ignore", invalid="ignore"):
            return 100.0 * column / total, np.ones(sums.shape[0], dtype=bool)

    # -- the official scripts' interface (bleuprint.metrics.squad.official) -----------------

    def layer_rows(self, hyps, refs, version="1.1", layer="impl") -> list:
        """Every question's ``[EM, F1, answered]`` from ``layer`` ("impl" or "spec")."""
        if layer == "spec":
            return input_hooks(self).rows(hyps, refs, version=version)
        from .impl import squad_rows

        return squad_rows(hyps, refs, version)

    def v2_report(self, rows, preds, golds, na_probs, threshold, layer="impl") -> dict:
        """The v2.0 report of checked inputs from their rows (``spec.squad_v2_report`` or
        its fast twin ``impl.squad_v2_report``)."""
        if layer == "spec":
            from .spec import squad_v2_report
        else:
            from .impl import squad_v2_report
        return squad_v2_report(rows, preds, golds, na_probs, threshold)

    def quick_official_report(self, dataset, predictions, version, na_probs, threshold):
        """``official.evaluate_squad``'s impl report in one kernel pass
        (``impl.official_report``), or None where the checked path must run."""
        from .impl import official_report

        return official_report(dataset, predictions, version, na_probs, threshold)


SQUAD = register(Squad())
