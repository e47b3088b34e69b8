"""bleuprint.vectors: language-neutral test vectors of every registered metric.

Wycheproof-style JSON files, one per metric and option family (``build``), from the
hard-case corpora of ``corpora`` and the families of ``bleuprint.vectors.hooks.vector_families`` (default:
``families``), with the interval files of ``intervals``; ``adequacy`` measures which
planted mutant of the spec each vector kills (and picks a core suite that kills them
all); ``export`` writes the files, the core files and an index, and the JSON Schemas they
follow are shipped in ``schemas/``. Expected values come from the specification; the
command ``bleuprint vectors export`` also checks them against sacreBLEU
(``bleuprint.oracles.vectors_check``): this package imports no oracle.
"""

from .build import FILE_SCHEMA, FILE_SCHEMA_V2, FILE_SCHEMA_V3, FILE_SCHEMA_V4, FILE_SCHEMAS, GENERATOR_VERSION, INDEX_SCHEMA, build_files, dumps
from .export import STATS_SCHEMA, all_files, export, index_document, load_schema, measure, shipped_schemas

__all__ = ["FILE_SCHEMA", "FILE_SCHEMA_V2", "FILE_SCHEMA_V3", "FILE_SCHEMA_V4", "FILE_SCHEMAS", "GENERATOR_VERSION", "INDEX_SCHEMA", "STATS_SCHEMA",
           "all_files", "build_files", "dumps", "export", "index_document", "load_schema", "measure", "shipped_schemas"]
