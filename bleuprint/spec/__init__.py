"""bleuprint.spec: the literal, slow specification of the metrics.

One function per definition, each docstring stating the definition and its source, to
be read beside the papers and sacreBLEU 2.5.1's documented behaviour. No caching and no
vectorising: this package is what ``bleuprint.impl`` is checked against, and it is
itself checked against sacreBLEU (``bleuprint.oracles``).

Layout: ``hyps`` is a list of N strings; ``refs[i]`` is the list of references of
``hyps[i]`` (sacreBLEU's API takes the transpose).
"""

from ..core.lazy import lazy_names

# Bound now, not on first use: the submodule of the same name would shadow the function.
from .signature import SACREBLEU_VERSION, signature

#: The names are imported on first use (PEP 562): the metrics' own modules
#: (``bleuprint/metrics/NAME/``) read this package's shared modules, so importing it must
#: not import them back. Where each is defined: ``bleuprint.spec.exports``; a registered
#: metric's own names come from the registry (``bleuprint.core.lazy``), and ``__all__``
#: adds them after the package's own.
from .exports import DEFINED_IN as _DEFINED_IN, NAMES as _NAMES

__getattr__, __dir__ = lazy_names(globals(), _DEFINED_IN, "spec")
