"""sacreBLEU 2.5.1's TER, asked directly, in bleuprint's per-hypothesis layout.

The same contract as ``sacrebleu_oracle`` (BLEU, chrF): ``refs[i]`` is the list of
references of ``hyps[i]``, transposed to sacreBLEU's reference streams by ``to_streams``;
every call builds a fresh ``sacrebleu.TER`` object; the per-sentence rows come from
``Metric._extract_corpus_statistics`` and the score from ``Metric._aggregate_and_compute``,
the two steps that sacreBLEU's ``corpus_score`` and ``sentence_score`` consist of.

TER's statistics per sentence are ``[edits, average reference length]`` (an int and a
float); the corpus statistics are their element-wise sum (``sacrebleu.utils.sum_of_lists``).
"""

from __future__ import annotations

import copy
from collections.abc import Sequence

from .sacrebleu_oracle import OracleResult, require_sacrebleu, to_streams

#: bleuprint option names and defaults, as ``bleuprint.spec.ter`` spells them (the same as
#: sacreBLEU's ``TER()`` arguments).
TER_DEFAULTS = {
    "normalized": False,
    "no_punct": False,
    "asian_support": False,
    "case_sensitive": False,
}


def _ter_options(given: dict) -> dict:
    unknown = sorted(set(given) - set(TER_DEFAULTS))
    if unknown:
        raise TypeError(f"unknown option(s) for TER: {', '.join(unknown)}")
    for name, value in given.items():
        if not isinstance(value, bool):
            raise TypeError(f"TER option {name} must be a bool, got {type(value).__name__}")
    return {**TER_DEFAULTS, **given}


def _ter_metric(options: dict):
    return require_sacrebleu().TER(**options)


def _check_hypotheses(hyps) -> list[str]:
    if isinstance(hyps, str) or not isinstance(hyps, Sequence):
        raise TypeError(f"hyps must be a list of hypothesis strings, got {type(hyps).__name__}")
    if len(hyps) == 0:
        raise ValueError("empty corpus: hyps has no sentences")
    for i, hyp in enumerate(hyps):
        if not isinstance(hyp, str):
            raise TypeError(f"hyps[{i}] must be a str, got {type(hyp).__name__}")
    return list(hyps)


def _run(metric, hyps: list[str], streams: list[list]) -> OracleResult:
    """Rows, summed statistics, score and signatures from one fresh TER object."""
    from sacrebleu.utils import sum_of_lists

    rows = [list(row) for row in metric._extract_corpus_statistics(hyps, streams)]
    corpus_stats = list(sum_of_lists(copy.deepcopy(rows)))
    result = metric._aggregate_and_compute(copy.deepcopy(rows))
    signature = metric.get_signature()
    return OracleResult(
        score=float(result.score),
        corpus_stats=corpus_stats,
        sentence_stats=rows,
        signature=signature.format(),
        signature_short=signature.format(short=True),
    )


def oracle_ter(hyps, refs, **options) -> OracleResult:
    """sacreBLEU's corpus TER. Options as ``bleuprint.spec.ter``: normalized=False,
    no_punct=False, asian_support=False, case_sensitive=False."""
    hyps = _check_hypotheses(hyps)
    if isinstance(refs, str) or not isinstance(refs, Sequence):
        raise TypeError(f"refs must be a list with one list of references per hypothesis, got {type(refs).__name__}")
    if len(refs) != len(hyps):
        # sacreBLEU would silently truncate to the shorter of the two.
        raise ValueError(f"mismatched lengths: {len(hyps)} hypotheses but {len(refs)} reference lists")
    options = _ter_options(options)
    return _run(_ter_metric(options), hyps, to_streams(refs))


def oracle_sentence_ter(hyp, refs, **options) -> OracleResult:
    """sacreBLEU's ``sentence_score`` for TER: the one-sentence corpus ``[hyp]``."""
    if not isinstance(hyp, str):
        raise TypeError(f"hyp must be a str, got {type(hyp).__name__}")
    if isinstance(refs, str):
        raise TypeError("refs must be a list of reference strings, got a bare str")
    options = _ter_options(options)
    return _run(_ter_metric(options), [hyp], to_streams([refs]))


def oracle_tokenize_tercom(line: str, **options) -> str:
    """The output of sacreBLEU's ``TercomTokenizer`` with these options on ``line`` exactly
    as given (TER itself right-strips the line first)."""
    if not isinstance(line, str):
        raise TypeError(f"line must be a str, got {type(line).__name__}")
    options = _ter_options(options)
    return _ter_metric(options).tokenizer(line)
