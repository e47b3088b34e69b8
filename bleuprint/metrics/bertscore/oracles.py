"""bertscore's hooks of the oracles tool (``bleuprint.hooks``): moved from the metric's class."""

from __future__ import annotations


#: The oracle's answers are its own values per segment (checked by the spec's oracle
#: test at the oracle's float32 tolerance), not scored cases in ``bleuprint verify``'s
#: layout, so they are an extra golden: verify compares impl with the spec on
#: generated corpora instead.
extra_goldens = (("bertscore", "bleuprint.metrics.bertscore.oracle_cases"),)
oracle_versions = {"bert-score": "0.3.13", "torch": "2.13.0+cpu"}
