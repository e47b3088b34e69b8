"""meteor_nltk's hooks of the verify tool (``bleuprint.hooks``): moved from the metric's class."""

from __future__ import annotations

from ...verify_hooks import labelled_configurations
from . import wordnet_available


def missing_data(definition, options: dict) -> str:
    """Why these options cannot be computed on this machine ("" when they can): with
    synonyms and no WordNet found, ``find_wordnet``'s message (what is missing, how to
    install it): ``bleuprint.verify_hooks.missing_data``, read by verify, which leaves such cases
    out with that line as a note."""
    if not options.get("synonyms", True):
        return ""
    try:
        from .wordnet import find_wordnet

        find_wordnet(options.get("wordnet"))
    except ValueError:
        from .install_wordnet import INSTALL_COMMAND

        return f"WordNet 3.0 not found (install it: {INSTALL_COMMAND}, then export NLTK_DATA=DIR)"
    return ""


def layer_functions(definition, layer) -> dict:
    return {"corpus": layer.meteor_nltk} if hasattr(layer, "meteor_nltk") else {}


def real_corpus_configurations(definition) -> tuple:
    """ted-ende against nltk live: without synonyms always, with WordNet where found."""
    configurations = [({"synonyms": False}, "exact+stem")]
    if wordnet_available():
        configurations.insert(0, ({}, "defaults"))
    return tuple(configurations)


def verify_configurations(definition) -> tuple:
    """Without synonyms (always), and, where WordNet is found, with it: the defaults and
    the jar's parameters. Without WordNet the synonym rows are left out (the metric's
    ``wordnet_available``)."""
    plain = [{"synonyms": False}, {"synonyms": False, "fmean_alpha": 0.85, "beta": 0.2, "gamma": 0.6},
             {"synonyms": False, "fmean_alpha": 0.0, "gamma": 1.0}]
    with_wordnet = [{}, {"fmean_alpha": 0.5, "beta": 1.0, "gamma": 0.0}] if wordnet_available() else []
    return labelled_configurations(*with_wordnet, *plain)
