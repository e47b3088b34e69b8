"""bleuprint.vectors: language-neutral test vectors of every registered metric.

Wycheproof-style JSON files, one per metric and option family (``build``), from the
hard-case corpora of ``corpora`` and the families of ``Metric.vector_families`` (default:
``families``); ``export`` writes them with an index, and the JSON Schemas they follow are
shipped in ``schemas/``. Expected values come from the specification; the command
``bleuprint vectors export`` also checks them against sacreBLEU
(``bleuprint.oracles.vectors_check``): this package imports no oracle.
"""

from .build import FILE_SCHEMA, GENERATOR_VERSION, INDEX_SCHEMA, build_files, dumps
from .export import export, index_document, load_schema

__all__ = ["FILE_SCHEMA", "GENERATOR_VERSION", "INDEX_SCHEMA", "build_files", "dumps", "export", "index_document",
           "load_schema"]
