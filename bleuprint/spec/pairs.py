"""Pairwise sentence scores of any registered metric, for MBR decoding: the literal loop
(issue #16).

Minimum Bayes risk decoding scores every candidate of a source against every other
candidate (the pseudo-references) and keeps the one with the best expected score. The
matrix it needs is that of sentence scores: cell ``[i, j]`` is the score of ``hyps[i]``
against the single reference ``refs[j]``, sacreBLEU's ``sentence_score(hyps[i],
[refs[j]])``, that is ``bleuprint.spec.sentence_scores(metric, [hyps[i]], [[refs[j]]])``.
``pairwise`` computes exactly that, one cell after another: what
``bleuprint.impl.pairwise`` is checked against. (The module is ``pairs``, not
``pairwise``: a submodule named like the package's public function would shadow it.)
"""

from __future__ import annotations

from collections.abc import Sequence

from .corpus import as_metric
from .inputs import check_text
from .sentences import sentence_scores

__all__ = ["pairwise", "pairwise_layout"]


def _lines(value, what: str) -> list[str]:
    """A non-empty sequence of strings (not a bare string)."""
    if isinstance(value, str) or not isinstance(value, Sequence):
        got = "a bare str" if isinstance(value, str) else type(value).__name__
        raise TypeError(f"{what} must be a sequence of str (one line each), got {got}")
    if len(value) == 0:
        raise ValueError(f"{what} is empty: pairwise needs at least one line")
    return [check_text(line, f"{what}[{k}]") for k, line in enumerate(value)]


def pairwise_layout(hyps, refs=None, groups=None) -> tuple[list[str], list[str], list[tuple[int, int, int, int]]]:
    """``(hyps, refs, blocks)``: the lines checked, ``refs`` the hypotheses themselves when
    None, and the blocks of the matrices asked for, ``(h0, h1, r0, r1)`` each (the
    hypotheses ``hyps[h0:h1]`` against the references ``refs[r0:r1]``): one block of
    every hypothesis against every reference without ``groups``, else one per group.

    ``groups``: a sequence of positive ints summing to ``len(hyps)``, the sizes of
    consecutive runs of hypotheses (the candidates of one source each); ``refs`` is then
    None or as long as ``hyps`` and split by the same sizes. TypeError or ValueError
    naming the problem otherwise."""
    hyps = _lines(hyps, "hyps")
    refs = hyps if refs is None else _lines(refs, "refs")
    if groups is None:
        return hyps, refs, [(0, len(hyps), 0, len(refs))]
    if isinstance(groups, str) or not isinstance(groups, Sequence):
        raise TypeError(f"groups must be a sequence of positive ints (the size of each group), "
                        f"got {type(groups).__name__}")
    if len(groups) == 0:
        raise ValueError("groups is empty: it must list the size of each group")
    for k, size in enumerate(groups):
        if isinstance(size, bool) or not isinstance(size, int):
            raise TypeError(f"groups[{k}] must be an int, got {type(size).__name__}")
        if size < 1:
            raise ValueError(f"groups[{k}] must be >= 1, got {size}")
    if sum(groups) != len(hyps):
        raise ValueError(f"groups sum to {sum(groups)} but there are {len(hyps)} hypotheses")
    if len(refs) != len(hyps):
        raise ValueError(f"with groups, refs must have as many lines as hyps (split by the same sizes): "
                         f"{len(hyps)} hypotheses, {len(refs)} references")
    blocks, start = [], 0
    for size in groups:
        blocks.append((start, start + size, start, start + size))
        start += size
    return hyps, refs, blocks


def pairwise(metric, hyps, refs=None, *, groups=None):
    """The sentence score of ``metric`` of every hypothesis against every reference alone:
    cell ``[i][j]`` is ``sentence_scores(metric, [hyps[i]], [[refs[j]]])[0]`` (the
    metric's sentence defaults, such as BLEU's effective order, overridden by the options
    ``metric`` was given).

    * ``refs`` a list of M str: a list of N lists of M floats (N = ``len(hyps)``).
    * ``refs=None``: ``hyps`` against itself (N x N). The diagonal is the score of each
      line against itself, computed like any other cell (not left out, not NaN): an MBR
      decoder that must not count a candidate as its own pseudo-reference masks it.
    * ``groups`` (sizes of consecutive runs of hypotheses, ``pairwise_layout``): one
      matrix per group, each group's hypotheses against its own references (``refs=None``:
      against themselves): a list of G nested lists.

    The metric is checked first (``as_metric``), then the lines and groups, then every
    cell in order, so an option value the metric refuses is reported by the first cell."""
    metric = as_metric(metric)
    hyps, refs, blocks = pairwise_layout(hyps, refs, groups)
    matrices = [[[sentence_scores(metric, [hyps[i]], [[refs[j]]])[0] for j in range(r0, r1)]
                 for i in range(h0, h1)]
                for h0, h1, r0, r1 in blocks]
    return matrices[0] if groups is None else matrices
