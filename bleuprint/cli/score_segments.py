"""``bleuprint score`` on segments that are not text: token or sentence embeddings read
from array files or JSON lines, or computed from text by ``--encoder``.

* **Array files.** A hypothesis or reference file ending in ``.npy`` or ``.npz`` holds one
  array per segment: a ``.npz`` of ``numpy.savez(path, *arrays)`` (keys ``arr_0``,
  ``arr_1``, ... in segment order; ragged token counts allowed), or a ``.npy`` whose first
  axis is the segment (N x tokens x dims for bertscore, N x dims for
  embedding_similarity). Read with ``allow_pickle=False``: object arrays are refused.
* **Lines.** Any other file is read as lines, each parsed by the metric's
  ``read_segment`` (bertscore: a JSON array tokens x dims, or the mapping form with
  ``ids`` and ``special``; embedding_similarity: a JSON array or numbers separated by
  white space), references as well as hypotheses.
* **Encoder.** ``-m bertscore --encoder PATH_OR_PACKAGE [--encoder-layer N]`` encodes every
  line of text files (``bleuprint.encoder``, the optional ``encoder`` extra: one forward
  pass a distinct line), then scores the segments as supplied embeddings. The source
  (directory, or pinned package and the sha256 checked) and the layer go to standard
  error as one line, unless ``-q``.

Every flag of ``bleuprint score`` applies unchanged (``-sl``, ``--confidence``, paired
tests, ``--metric-option``). Refusals are one line with exit status 1, naming the file
and the line or segment: a line that is not a segment (not JSON, not numbers), ragged
rows, NaN or infinity, a zero-length segment, dimensions that differ between a hypothesis
and its reference, an unreadable array file; with ``--encoder``, no torch or transformers,
a pinned package not installed or whose archive's sha256 differs, an empty line, a layer
the encoder lacks. Metrics of different kinds of segment (text, token embeddings, sentence
embeddings) are scored in separate runs.

The command calls this module at four points: ``add_arguments`` (the flags),
``read_array_file`` (in its file reader), ``check`` (with its other argument checks,
before anything is read) and ``prepare`` (once the files are read: the segments).
"""

from __future__ import annotations

from ..spec.inputs import input_hooks

ARRAY_SUFFIXES = (".npy", ".npz")


def is_array_file(path: str) -> bool:
    return isinstance(path, str) and path.lower().endswith(ARRAY_SUFFIXES)


def read_array_file(path: str) -> list | None:
    """The segments of an array file (module doc), or None for any other file (lines).
    ValueError naming the file when it cannot be read as one."""
    if not is_array_file(path):
        return None
    import zipfile

    import numpy as np

    try:
        loaded = np.load(path, allow_pickle=False)
    except OSError as error:
        raise ValueError(f"cannot read {path!r}: {error.strerror or error}") from None
    except (ValueError, zipfile.BadZipFile, EOFError) as error:
        raise ValueError(f"{path!r} is not a numpy array file without objects ({error})") from None
    if isinstance(loaded, np.ndarray):
        if loaded.ndim < 2:
            raise ValueError(f"{path!r} holds a {loaded.ndim}-dimensional array: its first axis must be the "
                             "segments (N x dims, or N x tokens x dims)")
        return list(loaded)
    with loaded:
        keys = list(loaded.files)
        expected = [f"arr_{k}" for k in range(len(keys))]
        if sorted(keys, key=lambda key: (len(key), key)) != expected:
            raise ValueError(f"{path!r}: expected the arrays of numpy.savez(path, *segments), named arr_0 to "
                             f"arr_{len(keys) - 1}, got {', '.join(keys[:5])}{' ...' if len(keys) > 5 else ''}")
        return [loaded[key] for key in expected]


def _kinds(args) -> dict:
    """``{name given with -m: (metric, segment kind)}``."""
    from .score_arguments import resolve_metric

    out = {}
    for name in args.metrics:
        found = resolve_metric(name)
        out[name] = (found[0] if found else None, input_hooks(found[0]).segment_kind if found else None)
    return out


def check(args, error) -> None:
    """``error`` (the command's UsageError) unless the flags and files fit the metrics."""
    kinds = _kinds(args)
    arrays = [path for path in [*(args.refs or []), *(args.input or [])] if is_array_file(path)]
    if len({kind for _, kind in kinds.values()}) > 1:
        raise error("these metrics take different kinds of segment (" + ", ".join(
            f"{name}: {kind}" for name, (_, kind) in kinds.items()) + "): score them in separate runs")
    kind = next(iter(kinds.values()))[1]
    if arrays and kind == "text":
        raise error(f"{arrays[0]!r} is an array file, but -m {' '.join(args.metrics)} scores text lines")
    if arrays and args.num_refs != 1:
        raise error(f"-nr/--num-refs {args.num_refs} splits text lines on tabs; give each reference's array "
                    f"file separately ({arrays[0]!r} is one)")
    if arrays and args.newline_escape is not None:
        raise error(f"--newline-escape edits text lines; {arrays[0]!r} is an array file")
    if getattr(args, "encoder", None) is None:
        if getattr(args, "encoder_layer", None) is not None:
            raise error("--encoder-layer needs --encoder")
        return
    if kind != "embeddings":
        raise error(f"--encoder computes token embeddings, which -m bertscore takes; not -m {' '.join(args.metrics)} "
                    "(score those in another run)")
    if arrays:
        raise error(f"--encoder encodes text files; {arrays[0]!r} is an array file (embeddings already)")


def _parsed(definition, lines: list, label: str, error) -> list:
    """Each text line as the metric's segment (``read_segment``); array entries as they are."""
    out = []
    for number, line in enumerate(lines, 1):
        if not isinstance(line, str):
            out.append(line)
            continue
        try:
            out.append(input_hooks(definition).read_segment(line))
        except (TypeError, ValueError) as refused:
            raise error(f"{label} line {number}: {refused}") from None
    return out


def prepare(args, systems: list, refs: list, names: list, ref_labels: list, log, error) -> tuple[list, list]:
    """The systems and reference streams as the metrics' segments: encoded by
    ``--encoder``, or parsed by the metric (lines), or as read (array files); text
    metrics' lines unchanged. ``error``: the command's UsageError."""
    definition, kind = next(iter(_kinds(args).values()))
    if getattr(args, "encoder", None) is not None:
        return _encoded(args, systems, refs, names, ref_labels, log, error)
    if kind == "text" or definition is None:
        return systems, refs
    systems = [_parsed(definition, system, name, error) for name, system in zip(names, systems)]
    refs = [_parsed(definition, stream, f"reference {label}", error) for label, stream in zip(ref_labels, refs)]
    return systems, refs


def _encoded(args, systems, refs, names, ref_labels, log, error) -> tuple[list, list]:
    from ..encoder import EncoderUnavailable, load

    for label, lines in [*zip(names, systems), *((f"reference {label}", stream) for label, stream in zip(ref_labels,
                                                                                                         refs))]:
        for number, line in enumerate(lines, 1):  # refused before the encoder is loaded
            if not line.strip():
                raise error(f"{label} line {number} is empty: BERTScore has no token to match (bert_score "
                            "scores it 0 by its two-token rule)")
    try:
        encoder = load(args.encoder, args.encoder_layer)
    except EncoderUnavailable as missing:
        raise error(str(missing)) from None
    log("encoder: " + ", ".join(f"{key} {value}" for key, value in encoder.record.items()))
    systems = [encoder.segments(system, f"{name} line") for name, system in zip(names, systems)]
    refs = [encoder.segments(stream, f"reference {label} line") for label, stream in zip(ref_labels, refs)]
    return systems, refs
