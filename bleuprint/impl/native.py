"""The compiled kernels of ``bleuprint.impl``, or None where they are not available.

Three C extension modules (sources in ``bleuprint/impl/csrc/``, built by ``pip install``
through ``setup.py``) do the per-token loops that numpy cannot vectorise well:

* ``ngrams``: token ids of a tokenized corpus and clipped n-gram matches (BLEU, chrF);
* ``ter``: Tercom's shift search and banded edit distance;
* ``resample``: sacreBLEU's bootstrap indices drawn and summed without materialising them.

They compute the same numbers as the numpy code they replace, which stays as the
fallback: the build is optional (no C compiler, no kernels), and ``BLEUPRINT_NO_NATIVE=1``
switches them off, which the test suite uses to check the numpy paths as well. Callers
read the attributes of this module at call time, so a test can also set one to None.
Trust comes from the differential tests against ``bleuprint.spec``, as for all of impl.
"""

from __future__ import annotations

import importlib
import os

import numpy as np

__all__ = ["CHUNK_CHARS", "DISABLED", "available", "line_chunks", "ngrams", "resample", "ter"]

#: True when the environment asks for the numpy code only.
DISABLED = os.environ.get("BLEUPRINT_NO_NATIVE", "") not in ("", "0")


def _load(name: str):
    if DISABLED:
        return None
    try:
        return importlib.import_module(f"bleuprint.impl.{name}")
    except ImportError:
        return None


ngrams = _load("_ngrams")
ter = _load("_terkernel")
resample = _load("_resample")


def available() -> dict[str, bool]:
    """Which kernels are loaded (for ``bleuprint verify`` and the benchmarks)."""
    return {"ngrams": ngrams is not None, "ter": ter is not None, "resample": resample is not None}


#: About this many characters per string handed to a kernel. Whole-corpus strings made
#: every pass memory-bound on a large corpus (a 100,000-segment corpus joins to 48 MB, and
#: tokenizing it took 30 times as long as a tenth of it); chunks stay in the CPU caches.
CHUNK_CHARS = 1 << 20


def line_chunks(lines: list[str], size: int | None = None) -> list[list[str]]:
    """``lines`` cut into consecutive runs of whole lines of about ``size`` characters
    (default ``CHUNK_CHARS``, read at call time so that tests can make chunks tiny)."""
    size = CHUNK_CHARS if size is None else size
    if not lines:
        return []
    ends = np.cumsum(np.fromiter(map(len, lines), np.int64, len(lines)) + 1)
    cuts = np.searchsorted(ends, np.arange(size, int(ends[-1]), size), side="right")
    bounds = [0, *sorted(set(cuts.tolist()) - {0, len(lines)}), len(lines)]
    return [lines[a:b] for a, b in zip(bounds[:-1], bounds[1:])]
