"""bleuprint on Dask: corpus scores and evaluation matrices past one machine, the same
numbers bit for bit (issue #21). Needs the ``dask`` extra: ``pip install 'bleuprint[dask]'``.

* ``score(corpus, metric, client=...)`` (``metric`` a configured metric or a name) and
  ``accumulate(corpus, metrics, ...)`` (``bleuprint.dask.scoring``): a Dask bag or dataframe, or files read lazily
  (``TextFiles``, ``JsonLines``, ``ParquetFiles``: ``bleuprint.dask.sources``), mapped part
  by part to ``bleuprint.impl.Accumulator``\\ s on the workers and merged in Dask's tree
  reduction; the score is computed on the client.
* ``evaluation_matrix(...)`` (``bleuprint.dask.matrix``): systems x test sets x metrics with
  bootstrap intervals and paired tests, as a table (text, JSON, CSV).

A tool layer: it reads the registry and impl; neither the spec nor impl imports it
(``tests/layers``).
"""

from __future__ import annotations

try:
    import dask  # noqa: F401
    import dask.bag  # noqa: F401
except ImportError as error:  # pragma: no cover - the extra is installed by the test extra
    raise ImportError("bleuprint.dask needs Dask: pip install 'bleuprint[dask]'") from error

from .matrix import MatrixResult, evaluation_matrix, resampling_bytes
from .scoring import MetricJob, SegmentError, accumulate, contexts, score
from .sources import BagSource, DataFrameSource, JsonLines, ParquetFiles, SourceError, TextFiles

__all__ = ["BagSource", "DataFrameSource", "JsonLines", "MatrixResult", "MetricJob", "ParquetFiles", "SegmentError", "SourceError",
           "TextFiles", "accumulate", "contexts", "evaluation_matrix", "resampling_bytes", "score"]
