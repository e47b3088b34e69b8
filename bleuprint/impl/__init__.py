"""bleuprint.impl: the fast implementation of the metrics of ``bleuprint.spec``.

Every public name of ``bleuprint.spec`` is here with the same signature (parameter names,
order, kinds, defaults; ``tests/impl/test_api_parity.py``) and the same results
(statistics exactly equal, scores within 1e-9; the differential tests under
``tests/impl/``). Its trust comes from those tests against the spec, never from reading
it. Constants and string formatting (tokenizer names, smoothing defaults, signatures)
are the spec's own objects, re-exported.

Beyond the spec: the vectorised statistics matrices (``bleu_stats_matrix``,
``chrf_stats_matrix``, ``exact_match_matrix``, ``stats_matrix``) and streaming / sharded
accumulation (``Accumulator``, ``bleuprint.impl.accumulate``).
"""

from importlib.util import find_spec

from ..core.lazy import lazy_names
from ..spec.exports import DEFINED_IN as _SPEC_DEFINED_IN, NAMES as _SPEC_NAMES


def _fast_twin(module: str) -> str:
    """The module of ``bleuprint.impl`` that computes what the spec's ``module`` defines:
    ``bleuprint.spec.X`` -> ``bleuprint.impl.X``, ``bleuprint.metrics.NAME.spec`` ->
    ``bleuprint.metrics.NAME.impl``; the spec's own module where it has no twin (the
    signatures, the sacreBLEU versions, SentencePiece, the registry and the values: one
    object shared by both layers)."""
    if module.startswith("bleuprint.spec."):
        twin = "bleuprint.impl." + module.removeprefix("bleuprint.spec.")
    elif module.endswith(".spec"):
        twin = module.removesuffix(".spec") + ".impl"
    else:
        return module
    return twin if find_spec(twin) is not None else module


class _FastTwins(dict):
    """``{name: module}`` whose ``get`` gives the module's fast twin (``_fast_twin``), looked
    for when the name is first used: looking for a metric folder's ``impl`` imports the
    folder, which importing this package must not do for every folder."""

    def get(self, name, default=None):
        return _fast_twin(self[name]) if name in self else default


#: Where each public name is defined: every name of ``bleuprint.spec`` from its fast twin
#: (``_fast_twin``, on first use), then impl's own. A registered metric's names (its ``api_names``)
#: come from the registry (``bleuprint.core.lazy``). The names are imported on first use
#: (PEP 562): the metrics' own modules (``bleuprint/metrics/NAME/``) read this package's
#: shared modules, so importing it must not import them back.
_DEFINED_IN = _FastTwins({
    **_SPEC_DEFINED_IN,
    "SACREBLEU_VERSION": "bleuprint.spec.signature",
    "signature": "bleuprint.spec.signature",
    "Accumulator": "bleuprint.impl.accumulate",
    "bleu_stats_matrix": "bleuprint.metrics.bleu.impl",
    "chrf_stats_matrix": "bleuprint.metrics.chrf.impl",
    "stats_matrix": "bleuprint.impl.corpus",
    "exact_match_matrix": "bleuprint.metrics.exact_match.impl",
    "ter_stats_matrix": "bleuprint.metrics.ter.impl",
    "mauve": "bleuprint.metrics.mauve.impl",
    "mauve_over_seeds": "bleuprint.metrics.mauve.impl",
})

#: The package's own public names: those of ``bleuprint.spec``, then impl's own;
#: ``__all__`` adds the registered metrics' ``api_names`` (``bleuprint.core.lazy``).
_NAMES = [*_SPEC_NAMES, *(name for name in _DEFINED_IN if name not in _SPEC_NAMES)]

__getattr__, __dir__ = lazy_names(globals(), _DEFINED_IN, "impl")
