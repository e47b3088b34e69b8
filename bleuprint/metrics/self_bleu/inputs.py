"""self-BLEU's hooks of the inputs tool (``bleuprint.spec.inputs``)."""

from __future__ import annotations

#: The fewest outputs a corpus can have (one output has no other output as reference).
min_segments = 2
