"""self_bleu's hooks of the cli tool (``bleuprint.hooks``): moved from the metric's class."""

from __future__ import annotations

cost = 4


def scale_for(definition, variant="evalsuite", **_) -> int:
    """Texygen's variant reports on nltk's 0..1 scale, EvalSuite's on sacreBLEU's 0..100."""
    return 1 if variant == "texygen" else 100
