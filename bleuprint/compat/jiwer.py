"""bleuprint.compat.jiwer: jiwer 4.0.0's measures with **jiwer's argument order**
(reference first), computed by the registered ``wer`` family (``bleuprint.metrics.wer``:
the same numbers, of the same types, as jiwer with its default transforms)::

    from bleuprint.compat import jiwer
    jiwer.wer("the cat sat", "the cat sit")          # reference, then hypothesis: 0.333...
    jiwer.wer(["a b c d", "e"], ["a b c d", "f"])    # lists are pooled: 0.2
    out = jiwer.process_words(reference, hypothesis)
    out.hits, out.substitutions, out.deletions, out.insertions, out.wer, out.mer, out.wil, out.wip

**The order differs from bleuprint's own functions.** ``bleuprint.wer(hyps, refs)`` (and
every registry function: ``corpus_score("wer", hyps, refs)``, ``bleuprint score``) takes the
hypotheses first and ``refs[i]`` as the *list* holding hyps[i]'s one reference, like every
bleuprint metric; the functions here take ``(reference, hypothesis)``, each a str or a list
of str, like jiwer. A call here with a list of lists (bleuprint's ``refs`` layout) is
certainly not jiwer's and is refused (TypeError); two lists of strings are taken in
jiwer's order, as jiwer takes them: this module cannot know which list is which, and does
not guess.

As jiwer 4.0.0: a str is one sentence; the two sides must have as many sentences
(ValueError); counts are pooled over the list; if every reference is empty WER is the number
of insertions (an int), MER and WIL are 1 and WIP 0 (ints) when something was inserted, and
WER 0, MER 0, WIP 1 when both sides are empty; ``wer([], [])`` is 0 (jiwer's empty list is
one empty sentence). Not here: custom ``reference_transform`` / ``hypothesis_transform``
(refused: only jiwer's defaults are reproduced), ``alignments`` and jiwer's visualisation
helpers.
"""

from __future__ import annotations

from dataclasses import dataclass

__all__ = ["CharacterOutput", "WordOutput", "cer", "mer", "process_characters", "process_words", "wer", "wil", "wip"]


@dataclass(frozen=True)
class WordOutput:
    """``process_words``' result (jiwer's ``WordOutput`` without ``alignments``):
    ``references`` / ``hypotheses`` are the transformed sentences (lists of words)."""

    references: list
    hypotheses: list
    wer: float
    mer: float
    wil: float
    wip: float
    hits: int
    substitutions: int
    insertions: int
    deletions: int


@dataclass(frozen=True)
class CharacterOutput:
    """``process_characters``' result (jiwer's ``CharacterOutput`` without ``alignments``)."""

    references: list
    hypotheses: list
    cer: float
    hits: int
    substitutions: int
    insertions: int
    deletions: int


def _sentences(value, what: str) -> list:
    if isinstance(value, str):
        return [value]
    if not isinstance(value, list):
        raise TypeError(f"{what} must be a str or a list of str (jiwer's input), got {type(value).__name__}")
    for k, item in enumerate(value):
        if isinstance(item, (list, tuple)):
            raise TypeError(f"{what}[{k}] is a {type(item).__name__}: bleuprint.compat.jiwer takes jiwer's "
                            f"(reference, hypothesis), each a str or a list of str; bleuprint's own "
                            f"wer(hyps, refs) takes refs[i] = [reference]")
        if not isinstance(item, str):
            raise TypeError(f"{what}[{k}] must be a str, got {type(item).__name__}")
    return value


def _no_transforms(options: dict) -> None:
    if options:
        raise TypeError(f"bleuprint.compat.jiwer reproduces jiwer's default transforms only; "
                        f"unsupported argument(s): {', '.join(sorted(options))}")


def _process(reference, hypothesis, unit: str):
    from ..metrics.wer import impl
    from ..metrics.wer.spec import units

    references = _sentences(reference, "reference")
    hypotheses = _sentences(hypothesis, "hypothesis")
    if len(references) != len(hypotheses):
        raise ValueError(f"reference and hypothesis must have as many sentences (jiwer's rule), got "
                         f"{len(references)} and {len(hypotheses)}")
    if not references:  # jiwer: an empty list is one empty sentence
        references, hypotheses = [""], [""]
    rows = impl.counts_matrix(hypotheses, [[r] for r in references], unit)
    summed = rows.sum(axis=0).tolist()
    return summed, [units(r, unit) for r in references], [units(h, unit) for h in hypotheses]


def process_words(reference, hypothesis, **transforms) -> WordOutput:
    """jiwer's ``process_words(reference, hypothesis)``: pooled counts and measures."""
    from ..metrics.wer.spec import measure_from_counts

    _no_transforms(transforms)
    summed, refs, hyps = _process(reference, hypothesis, "words")
    hits, substitutions, deletions, insertions = summed[:4]
    values = {m: measure_from_counts(summed, m) for m in ("wer", "mer", "wil", "wip")}
    return WordOutput(refs, hyps, values["wer"], values["mer"], values["wil"], values["wip"],
                      hits, substitutions, insertions, deletions)


def process_characters(reference, hypothesis, **transforms) -> CharacterOutput:
    """jiwer's ``process_characters(reference, hypothesis)``: every inner space a character."""
    from ..metrics.wer.spec import measure_from_counts

    _no_transforms(transforms)
    summed, refs, hyps = _process(reference, hypothesis, "characters")
    hits, substitutions, deletions, insertions = summed[:4]
    return CharacterOutput(refs, hyps, measure_from_counts(summed, "cer"), hits, substitutions, insertions, deletions)


def wer(reference, hypothesis, **transforms):
    """jiwer's ``wer(reference, hypothesis)`` (reference first)."""
    return process_words(reference, hypothesis, **transforms).wer


def mer(reference, hypothesis, **transforms):
    """jiwer's ``mer(reference, hypothesis)`` (reference first)."""
    return process_words(reference, hypothesis, **transforms).mer


def wil(reference, hypothesis, **transforms):
    """jiwer's ``wil(reference, hypothesis)`` (reference first)."""
    return process_words(reference, hypothesis, **transforms).wil


def wip(reference, hypothesis, **transforms):
    """jiwer's ``wip(reference, hypothesis)`` (reference first)."""
    return process_words(reference, hypothesis, **transforms).wip


def cer(reference, hypothesis, **transforms):
    """jiwer's ``cer(reference, hypothesis)`` (reference first)."""
    return process_characters(reference, hypothesis, **transforms).cer
