"""squad's hooks of the signature tool (``bleuprint.hooks``): moved from the metric's class."""

from __future__ import annotations

from .spec import check_version
#: The short keys of its signature (``bleuprint.spec.signature``, ``short=True``).
signature_abbreviations = {"script": "s", "norm": "nr", "value": "val"}


#: The signature's last key (``bleuprint.spec.signature.signature_version``): the numbers are those of the
#: official evaluation scripts, ``evaluate-v1.1.py`` and ``evaluate-v2.0.py`` (the
#: ``script`` key says which), never re-released, so they need no version number beyond
#: their own. Not sacreBLEU's (it has no SQuAD), and not transformers 4.57.6's: that is
#: only the pinned oracle of the goldens, a port of v2.0 alone (it has no v1.1 rules: a
#: missing prediction is skipped there, scored 0 by v1.1), so naming it would tell a
#: reader to reproduce v1.1 numbers with a tool that gives others.
signature_version = "squad-official-scripts"


def signature_fields(definition, version="1.1", value="f1", **_) -> list:
    """``script:v1.1`` or ``script:v2.0`` (the evaluation script: its empty and
    missing-prediction rules), ``norm:official`` (the scripts' normaliser: lowercase,
    ASCII punctuation removed, then the articles a/an/the, white space collapsed; the
    only one this metric has), ``value:f1`` or ``value:exact``; then
    ``version:squad-official-scripts`` (``signature_version``). sacreBLEU has no SQuAD
    signature: the keys are this metric's own."""
    return [("script", f"v{check_version(version)}"), ("norm", "official"), ("value", value)]
