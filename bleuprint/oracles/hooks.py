"""The oracles' protocol (``bleuprint.hooks``): what the golden fixtures' generator, the
verifier and the vectors' check ask a metric about the outside reference it is checked
against, with its defaults (none). A metric names its oracle in
``bleuprint/metrics/NAME/oracles.py``; this module imports no oracle."""

from __future__ import annotations

from ..hooks import Protocol

#: The name of this metric's golden fixture of its oracle's answers
#: (``bleuprint/oracles/goldens/<golden>.json``); "" for none.
golden = ""
#: The module whose ``build_cases()`` computes that fixture from the oracle (read only
#: by the generator and verify, never imported by the metric); "" for
#: ``bleuprint.oracles.cases_<golden>``. A metric in its own folder keeps it there
#: (``bleuprint.metrics.NAME.oracle_cases``).
golden_builder = ""
#: The pinned outside references the golden fixture comes from, ``{distribution:
#: version}`` (``{"sacrebleu": "2.5.1"}``): what vector files name as their oracle
#: (``specVersion.oracle``); empty for a metric without one.
oracle_versions: dict = {}
#: ``"module:function"`` of the oracles' corpus adapter, called as ``f(hyps, refs,
#: **options)`` and returning an ``OracleResult`` (``bleuprint.oracles.sacrebleu_oracle``):
#: what ``bleuprint verify`` scores the real corpus with and the vector check re-scores
#: vectors with. Named, not imported, so the metric never imports its oracle; "" for none.
corpus_oracle = ""
#: Further fixtures of this metric's oracle that are not scored cases (``bleuprint
#: verify`` does not read them; the generator builds them and the tests check them
#: fresh): ``(name, module)`` pairs, the module holding ``build_cases()``. For example
#: the stems of ROUGE's Porter stemmer.
extra_goldens: tuple = ()

ORACLES = Protocol("oracles", "oracles", {
    "golden": golden,
    "golden_builder": golden_builder,
    "oracle_versions": oracle_versions,
    "corpus_oracle": corpus_oracle,
    "extra_goldens": extra_goldens,
})
oracle_hooks = ORACLES.of
