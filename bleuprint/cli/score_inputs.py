"""The inputs of ``bleuprint score``: the systems' lines and the reference streams.

sacreBLEU's rules: files are read as UTF-8 (``-e``), ``.gz`` transparently, lines split at
``\\n`` only, every line right-stripped; with ``-nr K`` each reference line must split
into exactly K tab-separated fields; standard input may carry several systems in
tab-separated columns (universal newlines there, as sacreBLEU reads it). The references
of ``-t`` come from sacreBLEU's cache (``bleuprint.cli.testsets``), and ``--origlang`` /
``--subset`` keep some of its segments. Where sacreBLEU would compute something other than
asked (references of another length than the system), bleuprint stops with a message
naming the files and counts.
"""

from __future__ import annotations

import gzip
import io
import sys
from dataclasses import dataclass

from . import score_files, score_segments
from . import testsets as testset_options
from .usage import UsageError


def open_text(path: str, encoding: str):
    """``path`` opened for reading lines split at ``\\n`` only (``.gz`` transparently)."""
    if path.endswith(".gz"):
        return gzip.open(path, mode="rt", encoding=encoding, newline="\n")
    return open(path, encoding=encoding, newline="\n")


def read_lines(path: str, encoding: str) -> list[str]:
    arrays = score_segments.read_array_file(path)  # .npy/.npz: one array a segment, not lines
    if arrays is not None:
        return arrays
    try:
        with open_text(path, encoding) as handle:
            return [line.rstrip() for line in handle]
    except OSError as exc:
        raise UsageError(f"cannot read {path!r}: {exc.strerror or exc}") from None
    except UnicodeDecodeError as exc:
        raise UsageError(f"{path!r} is not valid {encoding}: {exc}") from None


def split_fields(lines: list[str], num_refs: int, streams: list[list[str]], failure) -> None:
    """Append each line's ``num_refs`` tab-separated fields to ``streams`` (one list per
    field); ``failure(lineno, found)`` raises for a line with another number of fields."""
    for lineno, line in enumerate(lines, 1):
        fields = line.split("\t", num_refs - 1)
        if len(fields) != num_refs:
            raise failure(lineno, len(fields))
        for k, field in enumerate(fields):
            streams[k].append(field)


def read_references(paths: list[str], num_refs: int, encoding: str) -> list[list[str]]:
    """Reference streams: one per file, or ``num_refs`` from tab-separated fields."""
    streams = [[] for _ in range(max(len(paths), num_refs))]
    for r, path in enumerate(paths):
        lines = read_lines(path, encoding)
        if num_refs == 1:
            streams[r].extend(lines)
            continue
        split_fields(lines, num_refs, streams, lambda lineno, found: UsageError(
            f"FATAL: line {lineno}: expected {num_refs} fields, but found {found}.", 17))
    return streams


def read_stdin_systems(stream) -> list[list[str]]:
    """Systems from tab-separated columns of standard input (sacreBLEU reads the first
    line's fields without stripping each field, the later ones stripped)."""
    first = stream.readline().rstrip().split("\t")
    systems = [[field] for field in first]
    for line in stream:
        fields = line.rstrip().split("\t")
        if len(fields) != len(systems):
            raise UsageError("FATAL: the number of tab-delimited fields in the input stream differ across lines.", 17)
        for column, field in zip(systems, fields):
            column.append(field.rstrip())
    return systems


@dataclass
class Corpus:
    """What is scored: ``systems[i]`` the lines of the system named ``names[i]``, ``refs``
    the reference streams (``refs[r][i]``: reference r of segment i), both after
    ``--origlang``/``--subset``; ``full_system`` and ``full_refs`` the first system and the
    streams before them (``--detail`` regroups the whole test set)."""

    systems: list
    names: list
    refs: list
    full_system: list
    full_refs: list


def _test_set_references(args, log) -> tuple[list[list[str]], list[str]]:
    """The reference streams of ``-t`` (``testsets.references``) and their labels."""
    if args.bleu_tokenize == "none":
        log("You are turning off BLEU's internal tokenizer presumably to supply your own tokenized files.")
        log("Published numbers will not be comparable to other papers.")
    refs = testset_options.references(args)
    if not refs:
        log(f"No references found for test set {args.testset_test_set}/{args.langpair}.")
    return refs, [f"{args.testset_test_set} ({args.langpair}) reference {k + 1}" for k in range(len(refs))]


def _systems(args, stdin, log) -> tuple[list, list]:
    """The systems' lines and names: standard input's columns, or the files of ``-i``."""
    if args.input is None:
        if stdin is None:
            stdin = io.TextIOWrapper(sys.stdin.buffer, encoding=args.encoding)
        systems = read_stdin_systems(stdin)
        names = [f"System {i + 1}" for i in range(len(systems))]
    elif score_files.reads_own_files(args.metrics):  # a metric's own formats (model_score)
        names, systems = score_files.read_systems(args.metrics, args.input)
    else:
        systems, names = [], []
        for path in args.input:
            if path in names:
                if (args.paired_bs or args.paired_ar) and path == names[0]:
                    log(f"Ignoring {path!r} as it was also given as the baseline.")
                    continue
                raise UsageError([f"{path!r} already used to name a system.",
                                  "Make sure to have a different basename for each system."])
            systems.append(read_lines(path, args.encoding))
            names.append(path)
    return systems, names


def read_corpus(args, stdin, log) -> Corpus:
    """The systems and references that ``args`` name, checked as sacreBLEU checks them
    (and where it would truncate, refused: module doc)."""
    if args.testset_test_set is not None:
        refs, ref_labels = _test_set_references(args, log)
    else:
        refs = read_references(args.refs, args.num_refs, args.encoding) if args.refs else []
        ref_labels = [repr(path) for path in (args.refs * len(refs) if len(args.refs) == 1 else args.refs)]
    if args.newline_escape is not None and not args.newline_escape:
        raise UsageError("--newline-escape needs a non-empty TEXT")
    systems, names = _systems(args, stdin, log)
    if not systems:
        raise UsageError("no system output given: -i needs at least one file")
    if args.newline_escape:
        systems = [[line.replace(args.newline_escape, "\n") for line in system] for system in systems]
        refs = [[line.replace(args.newline_escape, "\n") for line in stream] for stream in refs]
    paired_mode = args.paired_bs or args.paired_ar
    if paired_mode:
        names = (["Baseline"] + [f"System {i + 1}" for i in range(len(systems) - 1)] if args.input is None
                 else [f"Baseline: {names[0]}"] + names[1:])
    if args.sentence_level:
        if len(systems) > 1:
            raise UsageError("Only one system can be evaluated in sentence-level mode.")
        if args.confidence or paired_mode:
            raise UsageError("Statistical tests are unavailable in sentence-level mode.")
    if paired_mode and len(systems) == 1:
        raise UsageError("Paired tests require multiple input systems given to --input (-i).")
    if len(systems) > 1 and args.confidence:
        raise UsageError("Use paired tests (--paired) for multiple systems.")
    for name, system in zip(names, systems):
        if len(system) == 0:
            raise UsageError(f"{name}: the system output has no sentence")
        for label, stream in zip(ref_labels, refs):
            if len(stream) != len(system):
                raise UsageError(
                    f"System and reference streams have different lengths: {name} has {len(system)} lines, "
                    f"reference {label} has {len(stream)} (sacreBLEU would stop here too; bleuprint never "
                    f"truncates)")
    full_system, full_refs = systems[0], refs
    kept = testset_options.keep(args)
    if kept is not None:
        if refs and len(kept) != len(refs[0]):
            raise UsageError(f"sacreBLEU's cache disagrees with itself: the raw file of {args.testset_test_set} "
                             f"({args.langpair}) has {len(kept)} segments, its reference file {len(refs[0])}")
        systems = [[line for line, k in zip(system, kept) if k] for system in systems]
        refs = [[line for line, k in zip(stream, kept) if k] for stream in refs]
        if not systems[0]:
            raise UsageError(f"Test set {args.testset_test_set!r} contains no sentence with"
                             + (f" origlang={args.testset_origlang}" if args.testset_origlang else "")
                             + (f" subset={args.testset_subset}" if args.testset_subset else ""))
    systems, refs = score_segments.prepare(args, systems, refs, names, ref_labels, log, UsageError)
    return Corpus(systems, names, refs, full_system, full_refs)
