"""embedding_similarity's hooks of the oracles tool (``bleuprint.hooks``): moved from the metric's class."""

from __future__ import annotations


#: The oracle's answers are its own values per segment (checked by the spec's oracle
#: test at the oracle's float32 tolerance), not scored cases in ``bleuprint verify``'s
#: layout, so they are an extra golden: verify compares impl with the spec on
#: generated corpora instead.
extra_goldens = (("embedding_similarity", "bleuprint.metrics.embedding_similarity.oracle_cases"),)
oracle_versions = {"scipy": "1.17.1", "scikit-learn": "1.9.1"}
