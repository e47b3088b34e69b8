"""meteor_nltk's hooks of the reproduce tool (``bleuprint.hooks``): moved from the metric's class."""

from __future__ import annotations

#: "METEOR" alone is the jar's (``meteor``); nltk's is named for what it is.
claim_prefixes = ("METEOR-nltk",)


def score_name(definition, **options) -> str:
    """``METEOR-nltk``: the name says which METEOR (the jar's is ``METEOR-1.5``)."""
    return "METEOR-nltk"


def options_from_signature(definition, fields, stated) -> tuple[dict, list]:
    options = dict(stated)
    for key, name in (("alpha", "fmean_alpha"), ("beta", "beta"), ("gamma", "gamma")):
        if key in fields:
            options[name] = float(fields[key])
    if "syn" in fields:
        options["synonyms"] = fields["syn"] != "none"
    return options, []
