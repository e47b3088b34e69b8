"""bertscore's hooks of the signature tool (``bleuprint.hooks``): moved from the metric's class."""

from __future__ import annotations

from . import spec as S
signature_version = "bert-score-0.3.13"
signature_abbreviations = {"idf": "idf", "multi_ref": "mr", "rescale": "rs", "measure": "m"}


def signature_fields(definition, idf=False, multi_ref="max", baseline=None, baseline_layer=None, measure="f1",
                     **_) -> list:
    """``idf`` (yes/no), ``multi_ref``, ``rescale`` (none, or the baseline and its layer),
    and ``measure`` where it is not f1 (the signatures of F1, the usual score, unchanged)."""
    rescaled = "none" if baseline is None else f"{baseline}@L{baseline_layer}"
    fields = [("idf", "yes" if idf else "no"), ("multi_ref", S.check_multi_ref(multi_ref)), ("rescale", rescaled)]
    return fields if S.check_measure(measure) == "f1" else fields + [("measure", measure)]
