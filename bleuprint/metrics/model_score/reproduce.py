"""model_score's tuning of ``bleuprint reproduce`` (``bleuprint.reproduce.hooks``): a
model's score has no bound (COMET's can be negative)."""

from __future__ import annotations

value_range = (float("-inf"), None)
