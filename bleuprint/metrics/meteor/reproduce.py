"""meteor's hooks of the reproduce tool (``bleuprint.hooks``): moved from the metric's class."""

from __future__ import annotations

#: "METEOR" alone is the captioning world's number, the jar's; "METEOR-nltk" is the other metric's.
claim_prefixes = ("METEOR", "METEOR-1.5")


def score_name(definition, **options) -> str:
    """``METEOR-1.5``: the name says which METEOR (nltk's is ``METEOR-nltk``)."""
    return "METEOR-1.5"
