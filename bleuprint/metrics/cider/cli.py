"""cider's hooks of the cli tool (``bleuprint.hooks``): moved from the metric's class."""

from __future__ import annotations

cost = 2
