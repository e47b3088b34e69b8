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

from .sacrebleu_oracle import (
    OracleResult,
    _check_corpus,
    _check_references,
    _check_sentence,
    _run,
    require_sacrebleu,
    to_streams,
)

#: bleuprint option names and defaults, as ``bleuprint.metrics.ter.spec`` spells them (the same as
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


def oracle_ter(hyps, refs, **options) -> OracleResult:
    """sacreBLEU's corpus TER. Options as ``bleuprint.metrics.ter.spec``: normalized=False,
    no_punct=False, asian_support=False, case_sensitive=False."""
    hyps, refs = _check_corpus(hyps, refs)
    options = _ter_options(options)
    return _run(_ter_metric(options), hyps, to_streams(refs))


def oracle_sentence_ter(hyp, refs, **options) -> OracleResult:
    """sacreBLEU's ``sentence_score`` for TER: the one-sentence corpus ``[hyp]``."""
    hyps = [_check_sentence(hyp)]
    refs = _check_references(refs, "refs")
    options = _ter_options(options)
    return _run(_ter_metric(options), hyps, to_streams([refs]))


def oracle_tokenize_tercom(line: str, **options) -> str:
    """The output of sacreBLEU's ``TercomTokenizer`` with these options on ``line`` exactly
    as given (TER itself right-strips the line first)."""
    if not isinstance(line, str):
        raise TypeError(f"line must be a str, got {type(line).__name__}")
    options = _ter_options(options)
    return _ter_metric(options).tokenizer(line)
