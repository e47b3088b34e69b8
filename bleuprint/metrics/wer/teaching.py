"""WER and CER derived by hand from their counts, for the killing tests that ``bleuprint
mutants explain`` prints (issue 39: a student's test asserts a value whose derivation is
written out, never a float copied from an implementation's output). MER, WIL and WIP are
left to the student's own derivation (the caller then falls back to a plain fraction)."""

from __future__ import annotations


def derivation(definition, name: str, stats: list, options: dict) -> tuple[list[str], list[str], str] | None:
    """``(docstring lines, test body lines, expression)`` for the error rate (``name`` wer
    or cer) of the pooled counts ``[H, S, D, I, N_ref, N_hyp]``
    (``spec.measure_from_counts``); None for the other measures."""
    if name not in ("wer", "cer"):
        return None
    hits, substitutions, deletions, insertions, ref_len, hyp_len = (int(x) for x in stats)
    doc = [f"Pooled over the corpus: H = {hits} hits, S = {substitutions} substitutions, "
           f"D = {deletions} deletions, I = {insertions} insertions; {ref_len} reference {'words' if name == 'wer' else 'characters'}."]
    if ref_len == 0:
        doc.append("No reference units: the rate is I (jiwer's rule for an empty reference side).")
        return doc, [], str(insertions)
    doc.append("Error rate = (S + D + I) / (H + S + D).")
    return doc, [], f"({substitutions} + {deletions} + {insertions}) / ({hits} + {substitutions} + {deletions})"
