"""bleuprint: an executable, auditable reference for text-generation metrics.

``import bleuprint`` gives the fast implementation (``bleuprint.impl``): every public name
of the specification ``bleuprint.spec``, same signatures, same results. ``bleuprint.spec``
is the literal specification; ``bleuprint.oracles`` holds the outside references it is
checked against (sacreBLEU 2.5.1 and golden fixtures generated from it).
"""

from .impl import *  # noqa: F401,F403  (the public API is impl's)
from .impl import __all__ as _impl_all

__version__ = "0.1.0"
__all__ = list(_impl_all)
