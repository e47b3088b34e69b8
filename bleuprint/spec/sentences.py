"""Sentence-level scores of any registered metric: the literal loop (issue #16).

sacreBLEU's ``sentence_score(hyp, refs)`` is ``corpus_score([hyp], [[r] for r in refs])``
(``metrics/base.py``): a one-segment corpus, scored with the metric's sentence-level
defaults (BLEU's ``use_effective_order=True``). ``sentence_scores`` is that, for every
segment, one after another: what ``bleuprint.impl.sentence_scores`` is checked against.
"""

from __future__ import annotations

from .corpus import as_metric, as_numbers, corpus_score, segment_rows
from .inputs import input_hooks, segment_references
from ..core.metric import needs_context

__all__ = ["check_parts_flag", "parts_by_name", "scores_of_rows", "sentence_scores"]


def check_parts_flag(parts) -> None:
    if not isinstance(parts, bool):
        raise TypeError(f"parts must be a bool, got {type(parts).__name__}")


def sentence_scores(metric, hyps, refs=None, parts: bool = False):
    """The score of every segment of ``metric`` alone: for each ``i`` the spec's
    ``corpus_score(metric, [hyps[i]], [refs[i]])`` under the metric's sentence defaults
    overridden by the options ``metric`` was given (``ConfiguredMetric.sentence_level``);
    a list of floats. The corpus is checked whole first (its
    inputs and the metric's limits, so an error names the segment's index in the corpus).

    A metric whose rows depend on the corpus (``needs_context(bleuprint.core.metric)``: CIDEr-D's document
    frequencies, self-BLEU's other outputs) is the exception: a segment alone has no
    corpus, so its sentence score is its row *of the whole corpus* scored alone, as
    pycocoevalcap's per-image CIDEr-D scores are (and as ``bleuprint score
    --sentence-level`` scores every metric's rows).

    With ``parts=True``: ``(scores, parts)``, ``parts`` a dict mapping each of the
    metric's part names (``Metric.parts``: BLEU's ``precisions`` and ``bp``, chrF's
    ``precision`` and ``recall``, ...) to the list of its N values, ``parts[name][i]``
    segment ``i``'s (a number, or a list of k numbers). The shape of
    ``bleuprint.impl.sentence_scores``' parts, whose values are arrays ({} for a metric
    without parts).
    """
    check_parts_flag(parts)
    chosen = as_metric(metric).sentence_level()
    definition = chosen.definition
    if needs_context(definition):
        rows = segment_rows(chosen, hyps, refs)
        return scores_of_rows(chosen, rows, parts)
    inputs = input_hooks(definition)
    hyps, refs = inputs.check_inputs(hyps, refs)
    inputs.check_corpus_limits(hyps, refs, **chosen.stats_options())

    def alone(segment_refs):
        return segment_references(definition, segment_refs)

    scores = [corpus_score(chosen, [hyp], alone(segment_refs)) for hyp, segment_refs in zip(hyps, refs)]
    if not parts:
        return scores
    score_options = chosen.score_options()
    named = [definition.parts(as_numbers(segment_rows(chosen, [hyp], alone(segment_refs))[0]), 1,
                              **score_options)
             for hyp, segment_refs in zip(hyps, refs)]
    return scores, parts_by_name(named)


def parts_by_name(named: list) -> dict:
    """Each segment's parts (a list of dicts, one per segment) as one dict of columns:
    ``{name: [segment 0's value, segment 1's, ...]}``, the names in the metric's order."""
    return {name: [segment[name] for segment in named] for name in (named[0] if named else {})}


def scores_of_rows(metric, matrix, parts: bool = False):
    """The score of every statistics row (a list of rows) scored alone, as one segment,
    under the options of ``metric`` as given (no sentence defaults): a list of floats; with
    ``parts=True`` also the rows' parts, as ``sentence_scores`` gives them (a dict of lists,
    one value per row)."""
    check_parts_flag(parts)
    value = as_metric(metric)
    definition = value.definition
    score_options = value.score_options()
    rows = [as_numbers(row) for row in matrix]
    scores = [float(definition.score(row, 1, **score_options)) for row in rows]
    if not parts:
        return scores
    return scores, parts_by_name([definition.parts(row, 1, **score_options) for row in rows])
