"""Where a corpus scored on Dask comes from, cut into parts that a worker reads on its own.

A *part* is plain picklable data saying which segments it holds (a file and a range of
its lines, a Parquet row group, a partition of a Dask bag or dataframe). On a worker,
``part.batches(size)`` yields ``(start, hyps, refs)`` batches of at most ``size``
segments, read lazily (a file is read a line at a time from the part's byte offset, never
whole), and ``part.where(k)`` names the part's k-th segment for a message:
``hyp.003.txt:1234`` (a file and its 1-based line), ``partition 3, element 17`` (a bag).

``refs[i]`` is the list of references of ``hyps[i]``, or None for a corpus without
references (hypotheses alone: distinct-n, self-BLEU, perplexity).

Sources (each has ``parts(compute)``, where ``compute`` runs a list of delayed values on the
caller's scheduler: the line index of text files is built by tasks, one per file):

* ``TextFiles``: a glob of hypothesis files and one glob per reference stream, paired
  file by file in sorted order; lines split at ``\\n`` only and right-stripped, as
  ``bleuprint score`` (sacreBLEU's CLI) reads them; ``.gz`` files are read whole by one
  part each (they cannot be entered at an offset).
* ``JsonLines``: a glob of files of one JSON object a line, ``{"hyp": ..., "refs": [...]}``
  (key names configurable; ``refs`` may be one string).
* ``ParquetFiles``: a glob of Parquet files (pyarrow), a hypothesis column and a column of
  reference lists (or of single references), one part per row group.
* ``BagSource``: a ``dask.bag.Bag`` of ``(hyp, refs)`` pairs or ``{"hyp", "refs"}`` dicts
  (a bare hypothesis for a corpus without references).
* ``DataFrameSource``: a ``dask.dataframe.DataFrame`` with a hypothesis column and
  reference columns (one reference each, or one column of lists).
"""

from __future__ import annotations

import glob as globbing
import gzip
import io
import json
import os
from dataclasses import dataclass

from ..core import get_metric
from ..spec.inputs import input_hooks

__all__ = ["BagSource", "DataFrameSource", "JsonLines", "ParquetFiles", "SourceError", "TextFiles", "as_source"]

#: Lines a part of a text or JSON-lines file holds by default (about 2 MB of text at 100
#: bytes a line; a worker holds one batch of it at a time).
LINES_PER_PART = 20_000
_BLOCK = 1 << 20


class SourceError(ValueError):
    """The files do not make a corpus (no file matches a glob, files of different line
    counts, an unreadable file): the message names them."""


# ------------------------------------------------------------------ the line index


def line_index(path: str, every: int, shown: str = "") -> tuple[list[int], int]:
    """The byte offsets of lines 0, ``every``, 2 ``every``, ... of the file ``path`` and its
    number of lines (split at ``\\n`` only; a last line without ``\\n`` counts), read in
    blocks of 1 MiB: the file is never in memory whole. A ``.gz`` file is one part: ``[0]``
    and its line count."""
    try:
        if path.endswith(".gz"):
            count, last = 0, b"\n"
            with gzip.open(path, "rb") as handle:
                while block := handle.read(_BLOCK):
                    count += block.count(b"\n")
                    last = block[-1:]
            return [0], count + (last != b"\n")
        offsets, count, position, last = [0], 0, 0, b"\n"
        with open(path, "rb") as handle:
            while block := handle.read(_BLOCK):
                start = 0
                while True:
                    found = block.find(b"\n", start)
                    if found < 0:
                        break
                    count += 1
                    if count % every == 0:
                        offsets.append(position + found + 1)
                    start = found + 1
                position += len(block)
                last = block[-1:]
        if last == b"\n" and offsets[-1] == position and len(offsets) > 1:
            offsets.pop()  # the offset past the last line starts no line
        return offsets, count + (last != b"\n")
    except OSError as error:
        raise SourceError(f"cannot read {shown or path!r}: {error.strerror or error}") from None


def _files(pattern: str, what: str) -> list[str]:
    found = sorted(globbing.glob(os.path.expanduser(pattern)))
    if not found:
        raise SourceError(f"{what} {pattern!r} matches no file")
    return found


# ------------------------------------------------------------------ text and JSON lines


@dataclass(frozen=True)
class LinesPart:
    """Lines ``first`` .. ``first + count - 1`` (0-based) of a hypothesis file and of each of
    its reference files, starting at the byte offsets ``offsets`` (one per file)."""

    paths: tuple  # absolute: a worker's working folder is not the client's
    offsets: tuple
    first: int
    count: int
    encoding: str
    kind: str  # "text" or "jsonl"
    references: bool
    hyp_key: str = "hyp"
    refs_key: str = "refs"
    reader: str = ""  # the registered metric whose read_segment reads a text line (non-text segments), or ""
    shown: tuple = ()  # the paths as the user's glob gave them, for messages

    def _name(self, index: int) -> str:
        return self.shown[index] if self.shown else self.paths[index]

    def where(self, k: int) -> str:
        return f"{self._name(0)}:{self.first + k + 1}"

    def _lines(self, index: int):
        path = self.paths[index]
        raw = gzip.open(path, "rb") if path.endswith(".gz") else open(path, "rb")
        raw.seek(self.offsets[index])
        # Text from the part's first byte on: lines split at "\n" only, as the CLI reads them.
        with io.TextIOWrapper(raw, encoding=self.encoding, newline="\n") as handle:
            n = 0
            try:
                for n, line in enumerate(handle):
                    if n == self.count:
                        return
                    yield line
            except UnicodeDecodeError as error:
                raise SourceError(f"{self._name(index)}: near line {self.first + n + 2}: not valid {self.encoding}: "
                                  f"{error}") from None

    def _segments(self):
        if self.kind == "jsonl":
            for n, line in enumerate(self._lines(0)):
                yield self._json_segment(n, line)
            return
        streams = [self._lines(i) for i in range(len(self.paths))]
        for n, lines in enumerate(zip(*streams)):
            hyp = lines[0].rstrip()
            if self.reader:
                try:
                    hyp = input_hooks(get_metric(self.reader)).read_segment(hyp)
                except ValueError as error:
                    raise SourceError(f"{self.where(n)}: {error}") from None
            yield hyp, ([line.rstrip() for line in lines[1:]] if self.references else None)

    def _json_segment(self, n: int, line: str):
        try:
            record = json.loads(line)
        except json.JSONDecodeError as error:
            raise SourceError(f"{self.where(n)}: not a JSON object: {error}") from None
        if not isinstance(record, dict) or self.hyp_key not in record:
            raise SourceError(f"{self.where(n)}: expected a JSON object with a {self.hyp_key!r} key")
        if not self.references:
            return record[self.hyp_key], None
        if self.refs_key not in record:
            raise SourceError(f"{self.where(n)}: no {self.refs_key!r} key (the metric needs references)")
        refs = record[self.refs_key]
        return record[self.hyp_key], ([refs] if isinstance(refs, str) else refs)

    def batches(self, size: int):
        yield from _batched(self._segments(), size)


def _batched(segments, size: int):
    """``(start, hyps, refs)`` batches of at most ``size`` ``(hyp, refs)`` pairs (refs None
    throughout for a corpus without references)."""
    hyps, refs, start = [], [], 0
    for hyp, ref in segments:
        hyps.append(hyp)
        refs.append(ref)
        if len(hyps) == size:
            yield start, hyps, (None if ref is None else refs)
            start += size
            hyps, refs = [], []
    if hyps:
        yield start, hyps, (None if refs[0] is None else refs)


def _absolute(paths) -> tuple:
    return tuple(os.path.abspath(path) for path in paths)


class _LineFiles:
    """What text files and JSON lines share: the glob(s), the index, the parts."""

    kind = "text"

    def _groups(self) -> list[tuple]:
        raise NotImplementedError

    def parts(self, compute, *, references: bool = True, reader: str = "", lines_per_part: int | None = None):
        import dask

        every = lines_per_part or self.lines_per_part
        groups = self._groups(references)
        flat = sorted({path for group in groups for path in group})
        indexes = dict(zip(flat, compute([dask.delayed(line_index, pure=True)(os.path.abspath(path), every, path)
                                           for path in flat])))
        parts = []
        for group in groups:
            counts = {path: indexes[path][1] for path in group}
            if len(set(counts.values())) > 1:
                described = ", ".join(f"{path!r} has {n} lines" for path, n in counts.items())
                raise SourceError(f"the files of one shard have different line counts: {described} "
                                  "(bleuprint never truncates)")
            n_lines = counts[group[0]]
            if any(path.endswith(".gz") for path in group):  # no offsets into a compressed file: one part
                parts.append(LinesPart(_absolute(group), (0,) * len(group), 0, n_lines, self.encoding, self.kind,
                                       references, *self._keys(), reader=reader, shown=tuple(group)))
                continue
            starts = [indexes[path][0] for path in group]
            for k in range(len(starts[0])):
                first = k * every
                count = min(every, n_lines - first)
                if count <= 0:
                    continue
                parts.append(LinesPart(_absolute(group), tuple(offsets[k] for offsets in starts), first, count,
                                       self.encoding, self.kind, references, *self._keys(),
                                       reader=reader, shown=tuple(group)))
        return parts

    def _keys(self) -> tuple:
        return ("hyp", "refs")


class TextFiles(_LineFiles):
    """``hyps``: a glob of hypothesis files; ``refs``: one glob per reference stream, each
    matching as many files (paired in sorted order, file k of every glob one shard)."""

    def __init__(self, hyps: str, refs=(), *, encoding: str = "utf-8", lines_per_part: int = LINES_PER_PART):
        if isinstance(refs, str):
            refs = (refs,)
        self.hyps, self.refs = hyps, tuple(refs)
        self.encoding, self.lines_per_part = encoding, lines_per_part

    def _groups(self, references: bool):
        hyp_files = _files(self.hyps, "the hypothesis glob")
        if not references:
            return [(path,) for path in hyp_files]
        if not self.refs:
            raise SourceError("the metric needs references: give a glob of reference files")
        streams = [_files(pattern, "the reference glob") for pattern in self.refs]
        for pattern, files in zip(self.refs, streams):
            if len(files) != len(hyp_files):
                raise SourceError(f"the hypothesis glob {self.hyps!r} matches {len(hyp_files)} files but the "
                                  f"reference glob {pattern!r} matches {len(files)}")
        return [tuple(group) for group in zip(hyp_files, *streams)]


class JsonLines(_LineFiles):
    """A glob of JSON-lines files, one segment a line: ``{hyp_key: ..., refs_key: [...]}``."""

    kind = "jsonl"

    def __init__(self, pattern: str, *, hyp_key: str = "hyp", refs_key: str = "refs", encoding: str = "utf-8",
                 lines_per_part: int = LINES_PER_PART):
        self.pattern, self.hyp_key, self.refs_key = pattern, hyp_key, refs_key
        self.encoding, self.lines_per_part = encoding, lines_per_part

    def _groups(self, references: bool):
        return [(path,) for path in _files(self.pattern, "the JSON-lines glob")]

    def _keys(self) -> tuple:
        return (self.hyp_key, self.refs_key)


# ------------------------------------------------------------------ Parquet


@dataclass(frozen=True)
class ParquetPart:
    """One row group of a Parquet file."""

    path: str
    row_group: int
    first: int
    hyp_column: str
    refs_column: str | None

    def where(self, k: int) -> str:
        return f"{self.path}: row {self.first + k + 1}"

    def batches(self, size: int):
        import pyarrow.parquet as pq

        columns = [self.hyp_column] + ([self.refs_column] if self.refs_column else [])
        start = 0
        for batch in pq.ParquetFile(self.path).iter_batches(batch_size=size, row_groups=[self.row_group],
                                                            columns=columns):
            hyps = batch.column(self.hyp_column).to_pylist()
            refs = None
            if self.refs_column:
                refs = [[r] if isinstance(r, str) else r for r in batch.column(self.refs_column).to_pylist()]
            yield start, hyps, refs
            start += len(hyps)


class ParquetFiles:
    """A glob of Parquet files with a hypothesis column and a reference column (a list of
    strings a row, or one string); one part per row group. Needs pyarrow."""

    def __init__(self, pattern: str, *, hyp_column: str = "hyp", refs_column: str = "refs"):
        self.pattern, self.hyp_column, self.refs_column = pattern, hyp_column, refs_column

    def parts(self, compute, *, references: bool = True, reader: str = "", lines_per_part=None):
        try:
            import pyarrow.parquet as pq
        except ImportError:
            raise SourceError("reading Parquet needs pyarrow (pip install 'bleuprint[dask]')") from None
        parts = []
        for path in _files(self.pattern, "the Parquet glob"):
            handle = pq.ParquetFile(path)
            metadata, names = handle.metadata, set(handle.schema_arrow.names)
            for column in [self.hyp_column] + ([self.refs_column] if references else []):
                if column not in names:
                    raise SourceError(f"{path}: no column {column!r} (columns: {', '.join(sorted(names))})")
            first = 0
            for group in range(metadata.num_row_groups):
                parts.append(ParquetPart(os.path.abspath(path), group, first, self.hyp_column, self.refs_column if references else None))
                first += metadata.row_group(group).num_rows
        return parts


# ------------------------------------------------------------------ Dask collections


class _PartitionPart:
    """A partition of a bag or dataframe, materialised on the worker that reads it."""

    def __init__(self, data, index: int, reader):
        self.data, self.index, self.reader = data, index, reader

    def where(self, k: int) -> str:
        return self.reader.where(self.data, self.index, k)

    def batches(self, size: int):
        yield from _batched(self.reader.segments(self.data), size)


class BagSource:
    """A ``dask.bag.Bag`` whose elements are ``(hyp, refs)`` pairs, ``{"hyp": ..., "refs":
    ...}`` dicts, or (no references) bare hypotheses."""

    def __init__(self, bag):
        self.bag = bag

    def parts(self, compute, *, references: bool = True, reader: str = "", lines_per_part=None):
        import dask

        reader = _BagReader(references)
        return [dask.delayed(_PartitionPart)(partition, i, reader) for i, partition in enumerate(self.bag.to_delayed())]


@dataclass(frozen=True)
class _BagReader:
    references: bool

    def where(self, data, index, k) -> str:
        return f"partition {index}, element {k}"

    def segments(self, data):
        for element in data:
            if isinstance(element, dict):
                hyp, refs = element.get("hyp"), element.get("refs")
            elif self.references or isinstance(element, tuple):
                if not isinstance(element, (tuple, list)) or len(element) != 2:
                    raise TypeError(f"expected a (hyp, refs) pair, got {type(element).__name__}")
                hyp, refs = element
            else:
                hyp, refs = element, None
            if not self.references:
                yield hyp, None
            else:
                yield hyp, ([refs] if isinstance(refs, str) else refs)


class DataFrameSource:
    """A ``dask.dataframe.DataFrame``: ``hyp_column`` and ``ref_columns`` (each one
    reference of every row; a single column may hold lists of references)."""

    def __init__(self, frame, *, hyp_column: str = "hyp", ref_columns=("ref",)):
        if isinstance(ref_columns, str):
            ref_columns = (ref_columns,)
        missing = [c for c in (hyp_column, *ref_columns) if c not in frame.columns]
        if missing:
            raise SourceError(f"the dataframe has no column {', '.join(map(repr, missing))} "
                              f"(columns: {', '.join(map(str, frame.columns))})")
        self.frame, self.hyp_column, self.ref_columns = frame, hyp_column, tuple(ref_columns)

    def parts(self, compute, *, references: bool = True, reader: str = "", lines_per_part=None):
        import dask

        reader = _FrameReader(self.hyp_column, self.ref_columns if references else ())
        return [dask.delayed(_PartitionPart)(partition, i, reader)
                for i, partition in enumerate(self.frame.to_delayed())]


@dataclass(frozen=True)
class _FrameReader:
    hyp_column: str
    ref_columns: tuple

    def where(self, frame, index, k) -> str:
        return f"partition {index}, row {k} (index {frame.index[k]!r})"

    def segments(self, frame):
        hyps = frame[self.hyp_column].tolist()
        if not self.ref_columns:
            for hyp in hyps:
                yield hyp, None
            return
        columns = [frame[c].tolist() for c in self.ref_columns]
        for hyp, *refs in zip(hyps, *columns):
            if len(refs) == 1 and not isinstance(refs[0], str):
                refs = list(refs[0]) if refs[0] is not None else refs
            yield hyp, list(refs)


def as_source(corpus):
    """A source for ``corpus``: a source object as is, a Dask bag or dataframe wrapped."""
    if hasattr(corpus, "parts"):
        return corpus
    module = type(corpus).__module__ or ""
    if module.startswith("dask.bag"):
        return BagSource(corpus)
    if module.startswith("dask.dataframe") or module.startswith("dask_expr"):
        return DataFrameSource(corpus)
    raise TypeError(f"cannot score a {type(corpus).__name__}: give a dask Bag or DataFrame, or a TextFiles, "
                    "JsonLines or ParquetFiles source")
