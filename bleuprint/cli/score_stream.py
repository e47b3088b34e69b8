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
context (``Metric.needs_context``: CIDEr-D and self-BLEU need a pass over the whole corpus
before any row, distinct-n's rows are as wide as its vocabulary). Anything else, and any
input the in-memory path refuses (unreadable or undecodable files, a reference line with
the wrong number of fields, files of different lengths, an empty system, a segment a
metric refuses), goes to the in-memory path, which reports it exactly as it always did:
``run`` returns None and nothing has been written to standard output; standard error
only had a progress bar.
"""

from __future__ import annotations

import gzip
from itertools import islice

import numpy as np

from ..compat.printing import results_json, results_table, single_results
from ..core import Metric, get_metric

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
    if any(value not in (None, False) for key, value in vars(args).items() if key.startswith("testset_")):
        return False  # a test set's options (-t, --origlang, --subset, ...): the in-memory path
    if args.newline_escape is not None and not args.newline_escape:
        return False
    from .score import resolve_metric

    resolved = [resolve_metric(name) for name in args.metrics]
    return all(found is not None and not found[0].needs_context for found in resolved)


def _open(path: str, encoding: str):
    if path.endswith(".gz"):
        return gzip.open(path, mode="rt", encoding=encoding, newline="\n")
    return open(path, encoding=encoding, newline="\n")


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
            handles.append(_open(path, args.encoding))
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
            if args.num_refs > 1 and n_refs:  # as score.read_references (no file: no streams)
                refs = [[] for _ in range(max(n_refs, args.num_refs))]
                for stream in ref_lines:
                    for line in stream:
                        fields = line.split("\t", args.num_refs - 1)
                        if len(fields) != args.num_refs:
                            raise FallBack("a reference line with another number of fields")
                        for k, field in enumerate(fields):
                            refs[k].append(field)
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

    return (type(definition).check_corpus_limits is not Metric.check_corpus_limits
            or "read_segment" in INPUTS.overrides(definition))


def run(args, stdout, stderr, paint, log) -> int | None:
    """Score ``args`` streamed and print what the in-memory path prints; the exit status,
    or None when the in-memory path is to run instead (module doc)."""
    from . import score as command

    if not streams(args):
        return None
    try:
        metrics = command.build_metrics(args)
    except (ValueError, TypeError):
        return None
    definitions = {name: get_metric(metric.metric_name) for name, metric in metrics.items()}
    try:
        n_lines = _count_lines(args.input[0])
    except OSError:
        return None
    work = n_lines * len(args.input) * sum(command._cost(d, args.impl) for d in definitions.values())
    progress = command.Progress(n_lines * len(args.input) * len(metrics),
                                work > command.PROGRESS_THRESHOLD and not args.quiet, stderr)
    unforced = [metric for metric in metrics.values() if not metric.force]
    for metric in unforced:
        metric.force = True
    periods = [0] * len(args.input)
    sums = {name: [StreamedSums() for _ in args.input] for name in metrics}
    ref_counts = {name: set() for name in metrics}
    checked = [metric for name, metric in metrics.items() if _refuses_some_segments(definitions[name])]
    try:
        if progress.enabled and checked:
            # What a metric refuses is refused before any bar is drawn, as in memory
            # (``score._statistics``): a first pass over the files checks the segments.
            for systems, refs in _chunks(args):
                for metric in checked:
                    for system in systems:
                        metric.check_limits(system, refs)
        for systems, refs in _chunks(args):
            for i, system in enumerate(systems):
                periods[i] += sum(1 for line in system if line.endswith(" ."))
            shared = command._shared_rouge(metrics, systems, refs, args.impl, progress)
            for name, metric in metrics.items():
                if name in shared:  # several ROUGE types: one all-types call per system
                    for i, rows in enumerate(shared[name]):
                        sums[name][i].add(rows)
                    ref_counts[name].add(metric.num_refs)
                    continue
                step = max(10, command.CHUNK_COST // command._cost(definitions[name], args.impl))
                for i, system in enumerate(systems):
                    for start in range(0, len(system), step if progress.enabled else len(system)):
                        stop = min(len(system), start + step) if progress.enabled else len(system)
                        sums[name][i].add(metric.statistics(system[start:stop],
                                                            [stream[start:stop] for stream in refs]))
                        progress.advance(stop - start, name)
                        ref_counts[name].add(metric.num_refs)
    except (FallBack, ValueError, TypeError, command.UsageError):
        if progress.enabled and 0 < progress.done < progress.total:
            stderr.write("\n")  # end the bar drawn so far
        return None
    if any(s.rows == 0 for s in sums[next(iter(metrics))]):
        return None  # an empty system: the in-memory path names it
    for name, metric in metrics.items():  # sacreBLEU's -1: a count that varies between segments
        metric.num_refs = ref_counts[name].pop() if len(ref_counts[name]) == 1 else -1

    if unforced:
        for name, count in zip(args.input, periods):
            if count >= 100:
                log(f"{name}: that's 100 lines that end in a tokenized period ('.'): it looks like you forgot "
                    "to detokenize your test data, which may hurt your score (--force silences this).")

    def score(name: str, i: int):
        metric, summed = metrics[name], sums[name][i]
        if isinstance(metric, command.RegisteredScorer):
            return metric.score_from_statistics(summed.sums(), summed.rows)
        return metric.score_from_statistics(summed.sums())

    def emit(text: str) -> None:
        stdout.write(text + "\n")

    if len(args.input) == 1:
        lines = []
        for name in sorted(metrics):
            signature = metrics[name].get_signature().format(args.short if args.format != "json" else False)
            lines.append(score(name, 0).format(command._width(args, metrics[name]), args.score_only, signature,
                                               args.format == "json"))
        emit(single_results(lines, args.format == "json", paint))
        return 0
    log(f"Found {len(args.input)} systems.")
    cells, signatures = {}, {}
    for i in range(len(args.input)):
        for name in sorted(metrics):
            result = score(name, i)
            signatures[result.name] = metrics[name].get_signature().format(args.short)
            cells.setdefault(result.name, []).append(result.format(command._width(args, metrics[name]), True))
    if args.format == "json":
        emit(results_json(list(args.input), cells))
    else:
        emit(results_table(list(args.input), cells, signatures, paint, None, args.format == "latex"))
    return 0
