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

_ORACLES = {
    ("bleu", "corpus"): sacrebleu_oracle.oracle_bleu,
    ("chrf", "corpus"): sacrebleu_oracle.oracle_chrf,
    ("bleu", "sentence"): sacrebleu_oracle.oracle_sentence_bleu,
    ("chrf", "sentence"): sacrebleu_oracle.oracle_sentence_chrf,
}


def corpus_oracle(golden: str):
    """sacreBLEU's corpus score (an adapter returning ``OracleResult``) of the metric whose
    golden fixture is ``golden`` (``Metric.golden``): what ``bleuprint verify`` scores the
    real corpus with. ValueError naming the fixtures that have one otherwise."""
    from .sacrebleu_ter import oracle_ter

    adapters = {**{metric: oracle for (metric, level), oracle in _ORACLES.items() if level == "corpus"},
                "ter": oracle_ter}
    if golden not in adapters:
        raise ValueError(f"no sacreBLEU corpus oracle for the golden {golden!r}: "
                         f"expected one of {', '.join(adapters)}")
    return adapters[golden]


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
