"""cider's hooks of the reproduce tool (``bleuprint.hooks``): moved from the metric's class."""

from __future__ import annotations

claim_prefixes = ("CIDEr-D", "CIDEr")
