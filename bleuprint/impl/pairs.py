"""Pairwise sentence scores of any registered metric, fast: the matrices of
``bleuprint.spec.pairwise`` (MBR decoding, issue #16), scored a bounded chunk at a time.

(The module is ``pairs``, not ``pairwise``: a submodule named like the package's public
function would shadow it once imported.)

``pairwise`` asks the metric for the statistics rows of every (hypothesis, reference)
pair (``Metric.pair_rows``, in chunks of at most ``CHUNK`` rows) and scores each chunk with
the metric's ``batch_scores`` as one-segment sums in double precision, straight into the
output: the memory is the output, what the metric prepares for the lines (BLEU's and
chrF's unit ids) and one chunk. The scores are those of ``bleuprint.impl.sentence_scores``
(the same rows, the same scorer), hence bit-identical to the spec's loop.

``shared_pair_rows`` is the shared-work route of a metric whose row is made of line
lengths and clipped n-gram matches (BLEU, chrF): every distinct line of a run of blocks is
prepared once (tokens or characters as integer ids), and the compiled kernel
(``csrc/pairs.c``) builds each block's reference n-gram table once and reads every pair's matches
off it, parts of the chunks on ``native.THREADS`` threads.
"""

from __future__ import annotations

import numpy as np

from ..spec.corpus import as_metric
from ..spec.pairs import pairwise_layout
from . import native
from .sentences import sentence_scores

__all__ = ["CHUNK", "pairwise", "shared_pair_rows"]

#: Most pairs whose rows are held at once (read at call time: tests set it small). About
#: 2.4 MB of chrF rows; the scorer's temporaries are a few times that.
CHUNK = 1 << 14


def pairwise(metric, hyps, refs=None, *, groups=None):
    """The sentence score of ``metric`` of every hypothesis against every reference alone
    (``bleuprint.spec.pairwise``, whose cells these equal bit for bit).

    Without ``groups``: an (N, M) float64 array (``refs=None``: N x N, ``hyps`` against
    itself, the diagonal each line against itself, computed like any other cell: an MBR
    decoder masks it if it must). With ``groups``: a (G, k, k) float64 array when every
    group has k lines, else a list of G 2-D arrays (views of one buffer).

    The metric is checked as the spec checks it: the value first, then the lines and
    groups, then the option values the metric refuses, by scoring the first cell alone."""
    metric = as_metric(metric)
    definition = metric.definition
    hyps, refs, blocks = pairwise_layout(hyps, refs, groups)
    sentence_scores(metric, [hyps[0]], [[refs[0]]])  # the spec's first cell: its errors
    chosen = metric.sentence_level()
    stats_options = chosen.stats_options()
    score_options = chosen.score_options()
    sizes = [(h1 - h0, r1 - r0) for h0, h1, r0, r1 in blocks]
    total = sum(a * b for a, b in sizes)
    flat = np.empty(total, dtype=np.float64)
    at = 0
    for rows in definition.pair_rows(hyps, refs, blocks, CHUNK, **stats_options):
        count = len(rows)
        if at + count > total:
            raise RuntimeError(f"{definition.name}.pair_rows gave more than the {total} rows of the pairs")
        flat[at : at + count] = definition.batch_scores(rows, 1, False, **score_options)[0]
        at += count
    if at != total:
        raise RuntimeError(f"{definition.name}.pair_rows gave {at} rows for {total} pairs")
    if groups is None:
        return flat.reshape(sizes[0])
    if len(set(sizes)) == 1:
        return flat.reshape(len(sizes), *sizes[0])
    ends = np.cumsum([a * b for a, b in sizes]).tolist()
    return [flat[end - a * b : end].reshape(a, b) for (a, b), end in zip(sizes, ends)]


def _runs(blocks: list, chunk: int) -> list:
    """``blocks`` (hypothesis range x reference range) as runs of kernel work, each
    ``(blocks of the run, large)``: consecutive whole blocks of at most ``chunk`` pairs in
    all together (``large`` False), and a larger block alone (``large`` True)."""
    runs, current, pairs = [], [], 0
    for block in blocks:
        h0, h1, r0, r1 = block
        size = (h1 - h0) * (r1 - r0)
        if current and pairs + size > chunk:
            runs.append((current, False))
            current, pairs = [], 0
        if size <= chunk:
            current.append(block)
            pairs += size
        else:
            runs.append(([block], True))
    if current:
        runs.append((current, False))
    return runs


def shared_pair_rows(hyps: list, refs: list, blocks: list, chunk: int, streams_of, rows_of):
    """``Metric.pair_rows`` by the shared-work route (module doc), or None without the
    compiled kernel (the caller then takes the default route).

    ``streams_of(lines)``: the unit streams of the distinct ``lines``, a list of
    ``(ids, counts, order)`` (int64 unit ids of every line one after another, the count of
    each line, the highest n-gram order; order 0: none counted). ``rows_of(hyp_line,
    ref_line, streams, matches)``: the statistics rows of the pairs (the lines' indices
    into ``lines``), given the streams and the matches of each, a (pairs, order) int64
    array.

    A run of whole blocks (``_runs``) is cut into ``native.parts()`` pieces counted on the
    threads at once (``block_matches``: each block's reference table built once). A large
    block's reference table is built once (``ref_table``; per range of ``chunk``
    references when one row is wider than that), kept while the block lasts, and slices
    of hypothesis rows of at most ``chunk`` pairs are read against it
    (``table_matches``), ``native.parts()`` slices at a time."""
    kernel = native.pairs
    if kernel is None:
        return None
    return _shared_rows(kernel, hyps, refs, blocks, chunk, streams_of, rows_of)


def _shared_rows(kernel, hyps, refs, blocks, chunk, streams_of, rows_of):
    step = native.parts()
    for run, large in _runs(blocks, chunk):
        index: dict = {}
        for h0, h1, r0, r1 in run:
            for line in hyps[h0:h1]:
                index.setdefault(line, len(index))
            for line in refs[r0:r1]:
                index.setdefault(line, len(index))
        streams = [(np.ascontiguousarray(ids, dtype=np.int64), np.ascontiguousarray(counts, dtype=np.int64), order)
                   for ids, counts, order in streams_of(list(index))]
        starts = [np.cumsum(counts) - counts for _, counts, _ in streams]
        counted = [s for s, stream in enumerate(streams) if stream[2] > 0]
        lookup = index.__getitem__
        hyp_ids = [np.fromiter(map(lookup, hyps[h0:h1]), np.int64, h1 - h0) for h0, h1, _, _ in run]
        ref_ids = [np.fromiter(map(lookup, refs[r0:r1]), np.int64, r1 - r0) for _, _, r0, r1 in run]

        def rows(pair_hyp, pair_ref, found):
            matches = [np.frombuffer(next(found), np.int64).reshape(len(pair_hyp), order) if order > 0
                       else np.zeros((len(pair_hyp), 0), np.int64)
                       for _, _, order in streams]
            return rows_of(pair_hyp, pair_ref, streams, matches)

        if not large:
            cuts = native.split_points(len(run), step, 1)
            pieces = [_piece_lines(range(a, b), hyp_ids, ref_ids) for a, b in zip(cuts[:-1], cuts[1:])]
            calls = [(lambda p=p, s=s: kernel.block_matches(streams[s][0], starts[s], streams[s][1], p[0], p[1],
                                                            p[2], streams[s][2]))
                     for p in pieces for s in counted]
            found = iter(native.run_parallel(calls) if calls else ())
            for piece in pieces:
                yield rows(piece[3], piece[4], found)
            continue
        hl, rl = hyp_ids[0], ref_ids[0]
        width = min(len(rl), chunk)
        ranges = [(b, min(b + width, len(rl))) for b in range(0, len(rl), width)]
        table_calls = [(lambda a=a, b=b, s=s: kernel.ref_table(streams[s][0], starts[s], streams[s][1], rl[a:b],
                                                               streams[s][2]))
                       for a, b in ranges for s in counted]
        tables = iter(native.run_parallel(table_calls) if table_calls else ())
        tables = [{s: next(tables) for s in counted} for _ in ranges]
        rows_per_slice = max(chunk // width, 1)
        slices = [(a, min(a + rows_per_slice, len(hl)), k) for k in range(len(ranges))
                  for a in range(0, len(hl), rows_per_slice)] if len(ranges) == 1 else \
                 [(a, a + 1, k) for a in range(len(hl)) for k in range(len(ranges))]
        for first in range(0, len(slices), step):
            batch = slices[first : first + step]
            calls = [(lambda a=a, b=b, k=k, s=s: kernel.table_matches(tables[k][s], streams[s][0], starts[s],
                                                                      streams[s][1], hl[a:b]))
                     for a, b, k in batch for s in counted]
            found = iter(native.run_parallel(calls) if calls else ())
            for a, b, k in batch:
                lo, hi = ranges[k]
                yield rows(np.repeat(hl[a:b], hi - lo), np.tile(rl[lo:hi], b - a), found)


def _piece_lines(members, hyp_ids: list, ref_ids: list):
    """``block_matches``' arguments for the run's blocks ``members`` (whose line indices are
    ``hyp_ids[k]`` and ``ref_ids[k]``): the hypothesis and reference line indices, the
    blocks as rows ``(hyp_off, n_hyp, ref_off, n_ref)`` into them, and each pair's two
    line indices, row-major."""
    hyp_parts = [hyp_ids[k] for k in members]
    ref_parts = [ref_ids[k] for k in members]
    n_hyp = np.array([len(x) for x in hyp_parts], dtype=np.int64)
    n_ref = np.array([len(x) for x in ref_parts], dtype=np.int64)
    kblocks = np.stack([np.cumsum(n_hyp) - n_hyp, n_hyp, np.cumsum(n_ref) - n_ref, n_ref], axis=1)
    pair_hyp = np.concatenate([np.repeat(h, len(r)) for h, r in zip(hyp_parts, ref_parts)])
    pair_ref = np.concatenate([np.tile(r, len(h)) for h, r in zip(hyp_parts, ref_parts)])
    return np.concatenate(hyp_parts), np.concatenate(ref_parts), np.ascontiguousarray(kblocks), pair_hyp, pair_ref
