"""A TER score derived by hand from its statistics, for the killing tests that
``bleuprint mutants explain`` prints (issue 39: a student's test asserts a value whose
derivation is written out, never a float copied from an implementation's output)."""

from __future__ import annotations


def derivation(definition, name: str, stats: list, options: dict) -> tuple[list[str], list[str], str] | None:
    """``(docstring lines, test body lines, expression)`` for TER of the summed statistics
    ``[E, L]`` (edits, average reference length), as ``spec.ter_from_stats`` defines it."""
    edits, length = stats
    doc = [f"E = {edits:g} edits (insertions, deletions, substitutions and shifts) over the corpus,",
           f"L = {length:g} reference words (the average over each segment's references, summed)."]
    if length > 0:
        doc.append("TER = 100 * E / L.")
        return doc, [], f"100 * {edits!r} / {length!r}"
    doc.append("L = 0: TER = 100 when there are edits, 0 when there are none.")
    return doc, [], "100.0" if edits > 0 else "0.0"
