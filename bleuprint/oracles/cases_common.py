"""The shape of one golden case, shared by the case builders.

A corpus case is sacreBLEU's answer for one corpus and one set of options:

    {"id", "metric", "level", "family", "options", "hyps", "refs",
     "sentence_stats", "corpus_stats", "score", "signature", "signature_short"}

``refs[i]`` is the list of references of ``hyps[i]`` (bleuprint's layout). ``options``
are exactly the keyword options passed (bleuprint's names); a missing option means the
default of the function called. ``level`` is ``"corpus"`` (sacreBLEU ``corpus_score``) or
``"sentence"`` (``sentence_score``; then ``hyps`` has one element and ``refs`` one list).
``family`` groups cases by the option or input class they exercise, so that a verifier
can print one row per family.
"""

from __future__ import annotations

from . import sacrebleu_oracle
from .hooks import oracle_hooks

_ORACLES = {
    ("bleu", "corpus"): sacrebleu_oracle.oracle_bleu,
    ("chrf", "corpus"): sacrebleu_oracle.oracle_chrf,
    ("bleu", "sentence"): sacrebleu_oracle.oracle_sentence_bleu,
    ("chrf", "sentence"): sacrebleu_oracle.oracle_sentence_chrf,
}


def corpus_oracle(metric: str):
    """The oracles' corpus adapter (``f(hyps, refs, **options) -> OracleResult``) of the
    registered ``metric``, named by its ``bleuprint.oracles.hooks.corpus_oracle``: what ``bleuprint verify``
    scores the real corpus with. ValueError naming the metrics that have one otherwise."""
    from importlib import import_module

    from ..core import get_metric, metric_names

    named = oracle_hooks(get_metric(metric)).corpus_oracle
    if not named:
        having = [name for name in metric_names() if oracle_hooks(get_metric(name)).corpus_oracle]
        raise ValueError(f"no corpus oracle for the metric {metric!r}: expected one of {', '.join(having)}")
    module, function = named.split(":")
    return getattr(import_module(module), function)


class CaseList:
    """Collects the cases of one metric; ids are ``metric/family/NN`` numbered per family."""

    def __init__(self, metric: str):
        self.metric = metric
        self.cases: list[dict] = []
        self._numbers: dict[str, int] = {}

    def add(self, family: str, options: dict, hyps: list[str], refs: list[list[str]], level: str = "corpus") -> dict:
        number = self._numbers.get(family, 0)
        self._numbers[family] = number + 1
        oracle = _ORACLES[(self.metric, level)]
        if level == "sentence":
            if len(hyps) != 1 or len(refs) != 1:
                raise ValueError("a sentence-level case has one hypothesis and one list of references")
            result = oracle(hyps[0], refs[0], **options)
        else:
            result = oracle(hyps, refs, **options)
        case = {
            "id": f"{self.metric}/{family}/{number:02d}",
            "metric": self.metric,
            "level": level,
            "family": family,
            "options": dict(options),
            "hyps": list(hyps),
            "refs": [list(r) for r in refs],
            "sentence_stats": result.sentence_stats,
            "corpus_stats": result.corpus_stats,
            "score": result.score,
            "signature": result.signature,
            "signature_short": result.signature_short,
        }
        self.cases.append(case)
        return case
