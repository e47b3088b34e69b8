"""jiwer 4.0.0's answer for one corpus as an ``OracleResult``: the WER family's
``corpus_oracle``, which ``bleuprint verify`` scores the real corpus with and the vector
check re-scores the family's vector files with. Oracle side: imported by the verifier, the
vector check and tests, never by the metrics' spec or impl.

A segment's row is ``[H, S, D, I, N_ref, N_hyp]`` from jiwer's ``process_words`` (or
``process_characters`` for CER) of that one pair, with the lengths of jiwer's transformed
sequences; the score is jiwer's measure of the whole list in one call (its own pooling).
jiwer has no signature.
"""

from __future__ import annotations

from ...core.oracle_result import OracleResult


def _row(output) -> list:
    ref_len = sum(len(r) for r in output.references)
    hyp_len = sum(len(h) for h in output.hypotheses)
    return [output.hits, output.substitutions, output.deletions, output.insertions, ref_len, hyp_len]


def oracle_jiwer(hyps, refs, measure: str = "wer", **options) -> OracleResult:
    """``refs[i]``: the one reference of ``hyps[i]`` (a list of one str). ``measure``: wer,
    cer, mer, wil or wip (the metric's name)."""
    from .oracle_cases import require_jiwer

    if options:
        raise TypeError(f"jiwer's measures here take no options, got {', '.join(sorted(options))}")
    jiwer = require_jiwer()
    references = []
    for k, group in enumerate(refs):
        if len(group) != 1:
            raise ValueError(f"refs[{k}] has {len(group)} references: jiwer takes one per hypothesis")
        references.append(group[0])
    process = jiwer.process_characters if measure == "cer" else jiwer.process_words
    rows = [_row(process(r, h)) for r, h in zip(references, hyps)]
    whole = process(references, list(hyps))
    score = whole.cer if measure == "cer" else getattr(whole, measure)
    return OracleResult(score=float(score), corpus_stats=[sum(c) for c in zip(*rows)], sentence_stats=rows,
                        signature="", signature_short="")


def oracle_wer(hyps, refs, **options) -> OracleResult:
    return oracle_jiwer(hyps, refs, "wer", **options)


def oracle_cer(hyps, refs, **options) -> OracleResult:
    return oracle_jiwer(hyps, refs, "cer", **options)


def oracle_mer(hyps, refs, **options) -> OracleResult:
    return oracle_jiwer(hyps, refs, "mer", **options)


def oracle_wil(hyps, refs, **options) -> OracleResult:
    return oracle_jiwer(hyps, refs, "wil", **options)


def oracle_wip(hyps, refs, **options) -> OracleResult:
    return oracle_jiwer(hyps, refs, "wip", **options)
