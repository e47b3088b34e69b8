"""rouge's hooks of the reproduce tool (``bleuprint.hooks``): moved from the metric's class."""

from __future__ import annotations

from . import names
from .spec import MEASURES
from ...core.options import option_names


def score_name(definition, **options) -> str:
    """rouge-score's name of the ROUGE type (``rouge1``, ``rougeL``, ``rougeLsum``), with
    ``-P`` or ``-R`` when the measure is precision or recall."""
    rouge_type = options.get("rouge_type", "rouge1")
    suffix = {"fmeasure": "", "precision": "-P", "recall": "-R"}.get(options.get("measure", "fmeasure"), "")
    return rouge_type + suffix


def options_from_name(definition, name: str) -> dict:
    """``rouge2`` / ``ROUGE-2``: rouge_type rouge2; ``rougeLsum`` / ``ROUGE-Lsum``:
    rougeLsum; a ``-P`` / ``-R`` / ``-F`` ending names the measure (``names``)."""
    return names.options_from_name(name)


def search_space(definition, hint: str = "") -> list[dict]:
    """The ROUGE type the claim's name states (``ROUGE-L``: rougeL), else rouge1, rouge2,
    rougeL and rougeLsum; x the measure it states (else each) x stemming."""
    stated = options_from_name(definition, hint.split("|", 1)[0].strip()) if hint else {}
    types = [stated["rouge_type"]] if "rouge_type" in stated else ["rouge1", "rouge2", "rougeL", "rougeLsum"]
    measures = [stated["measure"]] if "measure" in stated else list(MEASURES)
    return [dict(rouge_type=rouge_type, measure=measure, use_stemmer=stem)
            for rouge_type in types for measure in measures for stem in (False, True)]


def options_from_signature(definition, fields, stated) -> tuple[dict, list]:
    """``type``, ``measure`` and (where the metric has it) ``stem`` read back."""
    options = dict(stated)
    if "type" in fields:
        options["rouge_type"] = fields["type"]
    if "measure" in fields:
        options["measure"] = fields["measure"]
    if fields.get("stem") == "yes" or ("stem" in fields and "use_stemmer" in option_names(definition)):
        options["use_stemmer"] = fields["stem"] == "yes"
    return options, []
