"""``bleuprint score`` streamed: the files read and scored ``CHUNK_LINES`` lines at a time.

A corpus score needs only the column sums of the statistics matrix (``bleuprint.spec.corpus``;
sacreBLEU ``metrics/base.py`` sums the segments' statistics, then scores the sum), and the
rows of a metric without a corpus-wide context do not depend on each other. So where
nothing needs the whole matrix, the command reads every file in lockstep, computes each
chunk's statistics for every metric and system, adds their column sums to ``StreamedSums``
and drops the chunk: memory holds one chunk of lines and rows, not the files (issue 33
item 9: 1,000,000 BLEU segments of two 100 MB files took 586 MiB in memory).

The sums are the ones the in-memory path takes (``bleuprint.compat.backends.column_sums``
of the whole matrix), to the bit: integer columns as exact ints, and a fractional column
(TER's average reference length, a log-probability sum) added one row after another in
float64, the running sum carried from chunk to chunk, so the additions are the same ones
in the same order. The scores and the printed output are therefore those of the in-memory
path (``tests/cli/test_score_stream.py`` checks both for every metric that streams).

Streamed: one or more system files (``-i``), no ``--confidence``, no paired test, no
``-sl``, no test-set option (``-t``, ``--origlang``, ...), and every metric given with ``-m`` without a corpus-wide
context (``needs_context(bleuprint.core.metric)``: CIDEr-D and self-BLEU need a pass over the whole corpus
before any row, distinct-n's rows are as wide as its vocabulary). Anything else, and any
input the in-memory path refuses (unreadable or undecodable files, a reference line with
the wrong number of fields, files of different lengths, an empty system, a segment a
metric refuses), goes to the in-memory path, which reports it exactly as it always did:
``streamed_sums`` returns None and nothing has been written to standard output; standard error
only had a progress bar.
"""

from __future__ import annotations

import gzip
from itertools import islice

from .score_arguments import resolve_metric, test_set_requested
from .score_compute import check_limits, chunk_size, corpus_scores, plain_sums, progress_for, shared_rouge, statistics
from .score_inputs import open_text, split_fields
from .score_metrics import build_metrics
from .score_output import CorpusScores
from .usage import UsageError
from ..spec.inputs import input_hooks
from ..core.metric import needs_context

#: Lines of every file read, and segments scored, at a time.
CHUNK_LINES = 20_000


class FallBack(Exception):
    """An input the in-memory path reports (module doc)."""


class StreamedSums:
    """``column_sums`` (``bleuprint.compat.backends``) of the concatenation of the chunks
    given to ``add``, without keeping them: per column an exact integer sum, a float64 sum
    carried row by row in order (what ``numpy.cumsum`` of the whole column ends with), the
    largest magnitude and whether every value was whole; ``sums()`` picks for each column
    what ``column_sums`` picks for the whole matrix."""

    def __init__(self):
        self.rows = 0
        self.integer = None  # whether the rows are of an integer dtype (the first chunk's)
        self.ints = self.floats = self.whole = self.largest = None

    def add(self, chunk) -> None:
        import numpy as np

        chunk = np.asarray(chunk)
        if chunk.shape[0] == 0:
            return
        integer = chunk.dtype.kind in "iu"
        if self.ints is None:
            width = chunk.shape[1]
            self.integer, self.ints, self.floats = integer, [0] * width, [None] * width
            self.whole, self.largest = [True] * width, [0.0] * width
        elif chunk.shape[1] != len(self.ints) or integer != self.integer:
            raise FallBack("rows of another width or type than the first chunk's")
        self.rows += chunk.shape[0]
        if integer:
            for c, total in enumerate(chunk.sum(axis=0, dtype=np.int64).tolist()):
                self.ints[c] += total
            return
        values = chunk.astype(np.float64)
        for c in range(values.shape[1]):
            column = values[:, c]
            if self.whole[c] and np.all(column == np.floor(column)):
                self.ints[c] += int(column.astype(np.int64).sum())
            else:
                self.whole[c] = False
            self.largest[c] = max(self.largest[c], float(np.abs(column).max(initial=0)))
            if self.floats[c] is not None:  # carry the running sum: the same additions, in order
                column = np.concatenate(([self.floats[c]], column))
            self.floats[c] = float(np.cumsum(column)[-1])

    def add_sums(self, sums: list, rows: int) -> None:
        """``add`` of an integer chunk of ``rows`` rows given by its column sums (Python
        ints: ``score_compute.plain_sums``)."""
        if self.ints is None:
            width = len(sums)
            self.integer, self.ints, self.floats = True, [0] * width, [None] * width
            self.whole, self.largest = [True] * width, [0.0] * width
        elif len(sums) != len(self.ints) or not self.integer:
            raise FallBack("rows of another width or type than the first chunk's")
        self.rows += rows
        for c, total in enumerate(sums):
            self.ints[c] += total

    def sums(self) -> list:
        if self.integer:
            return list(self.ints)
        return [self.ints[c] if self.whole[c] and self.largest[c] < 2**52 else self.floats[c]
                for c in range(len(self.ints))]


def streams(args) -> bool:
    """Whether ``args`` are scored streamed (module doc)."""
    if not args.input or len(set(args.input)) != len(args.input):
        return False
    if args.sentence_level or args.confidence or args.paired_bs or args.paired_ar:
        return False
    if test_set_requested(args):
        return False  # a test set's options (-t, --origlang, --subset, ...): the in-memory path
    if args.newline_escape is not None and not args.newline_escape:
        return False
    resolved = [resolve_metric(name) for name in args.metrics]
    return all(found is not None and not needs_context(found[0]) for found in resolved)


def _count_lines(path: str) -> int:
    """The lines of ``path`` (split at ``\\n`` only), for the progress bar."""
    opener = gzip.open if path.endswith(".gz") else open
    count, last = 0, b"\n"
    with opener(path, "rb") as handle:
        for block in iter(lambda: handle.read(1 << 20), b""):
            count += block.count(b"\n")
            last = block[-1:]
    return count + (last != b"\n")


def _chunks(args):
    """``(system chunks, reference stream chunks)`` of ``CHUNK_LINES`` lines, every file
    read in lockstep; FallBack on any input the in-memory path refuses."""
    handles = []
    try:
        for path in [*args.refs, *args.input]:
            handles.append(open_text(path, args.encoding))
        n_refs, escape = len(args.refs), args.newline_escape
        while True:
            lines = [[line.rstrip() for line in islice(handle, CHUNK_LINES)] for handle in handles]
            lengths = {len(chunk) for chunk in lines}
            if len(lengths) != 1:
                raise FallBack("files of different lengths")
            if not lengths.pop():
                return
            ref_lines, systems = lines[:n_refs], lines[n_refs:]
            refs = ref_lines
            if args.num_refs > 1 and n_refs:  # as score_inputs.read_references (no file: no streams)
                refs = [[] for _ in range(max(n_refs, args.num_refs))]
                for stream in ref_lines:
                    split_fields(stream, args.num_refs, refs,
                                 lambda lineno, found: FallBack("a reference line with another number of fields"))
            if escape:
                systems = [[line.replace(escape, "\n") for line in system] for system in systems]
                refs = [[line.replace(escape, "\n") for line in stream] for stream in refs]
            yield systems, refs
    except (OSError, EOFError, UnicodeDecodeError):
        raise FallBack("an unreadable file") from None
    finally:
        for handle in handles:
            handle.close()


def _refuses_some_segments(definition) -> bool:
    """Whether the metric refuses some segments (a length limit: ``check_corpus_limits``, or
    lines it parses: ``read_segment``), which the in-memory path checks before any work."""
    from ..spec.inputs import INPUTS

    return bool({"check_corpus_limits", "read_segment"} & set(INPUTS.overrides(definition)))


class Streamed:
    """The streamed executor (module doc)."""

    def results(self, request, console) -> CorpusScores | None:
        """The corpus scores of the files ``request`` names; None when the in-memory
        executor is to run instead."""
        streamed = streamed_sums(request, console.stderr, console.log)
        if streamed is None:
            return None
        metrics, sums = streamed
        if len(sums) > 1:
            console.log(f"Found {len(sums)} systems.")
        return CorpusScores(list(request.input), corpus_scores(metrics, sums))


def streamed_sums(args, stderr, log) -> tuple[dict, list] | None:
    """The statistics of the files ``args`` name, summed chunk by chunk: ``(metrics,
    sums)``, ``sums[i][name]`` the ``(column sums, segments)`` of system i for the metric
    ``metrics[name]`` (``bleuprint.cli.score_compute.corpus_scores`` scores them); None
    when the in-memory path is to run instead (module doc)."""
    if not streams(args):
        return None
    try:
        metrics = build_metrics(args)
    except (ValueError, TypeError):
        return None
    try:
        n_lines = _count_lines(args.input[0])
    except OSError:
        return None
    progress = progress_for(metrics, n_lines * len(args.input), args.quiet, stderr)
    periods = [0] * len(args.input)
    summed = {name: [StreamedSums() for _ in args.input] for name in metrics}
    ref_counts = {name: set() for name in metrics}
    checked = [metric for metric in metrics.values() if _refuses_some_segments(metric.definition)]
    try:
        if progress.enabled and checked:
            # What a metric refuses is refused before any bar is drawn, as in memory
            # (``score_compute.statistics_in_chunks``): a first pass over the files checks the segments.
            for systems, refs in _chunks(args):
                for metric in checked:
                    for system in systems:
                        check_limits(metric, system, refs)
        for systems, refs in _chunks(args):
            for i, system in enumerate(systems):
                periods[i] += sum(1 for line in system if line.endswith(" ."))
            shared = shared_rouge(metrics, systems, refs, progress)
            for name, metric in metrics.items():
                if name in shared:  # several ROUGE types: one all-types call per system
                    for i, rows in enumerate(shared[name]):
                        summed[name][i].add(rows)
                    ref_counts[name].add(metric.num_refs)
                    continue
                step = chunk_size(metric) if progress.enabled else None
                for i, system in enumerate(systems):
                    for start in range(0, len(system), step or len(system)):
                        stop = min(len(system), start + step) if step else len(system)
                        lines, ref_lines = system[start:stop], [stream[start:stop] for stream in refs]
                        sums = plain_sums(metric, lines, ref_lines)
                        if sums is None:
                            summed[name][i].add(statistics(metric, lines, ref_lines))
                        else:  # a small chunk, without numpy
                            summed[name][i].add_sums(sums, stop - start)
                        progress.advance(stop - start, name)
                        ref_counts[name].add(metric.num_refs)
    except (FallBack, ValueError, TypeError, UsageError):
        if progress.enabled and 0 < progress.done < progress.total:
            stderr.write("\n")  # end the bar drawn so far
        return None
    if any(s.rows == 0 for s in summed[next(iter(metrics))]):
        return None  # an empty system: the in-memory path names it
    for name, metric in metrics.items():  # sacreBLEU's -1: a count that varies between segments
        metric.num_refs = ref_counts[name].pop() if len(ref_counts[name]) == 1 else -1
    for name, count in zip(args.input, periods):
        if count >= 100 and any(metric.warns for metric in metrics.values()):
            log(f"{name}: that's 100 lines that end in a tokenized period ('.'): it looks like you forgot "
                "to detokenize your test data, which may hurt your score (--force silences this).")
    return metrics, [{name: (summed[name][i].sums(), summed[name][i].rows) for name in metrics}
                     for i in range(len(args.input))]
