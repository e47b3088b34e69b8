"""The names a ROUGE score goes by, each with the options it states: rouge-score's
(``rouge1`` .. ``rouge9``, ``rougeL``, ``rougeLsum``) and the papers' (``ROUGE-1``,
``ROUGE-L``, ``ROUGE-Lsum``), in any case, optionally ending in ``-P``, ``-R`` or ``-F``
for the measure (precision, recall, F1). ``bleuprint score -m`` and ``reproduce`` read a
name through this table, so both accept the same names."""

from __future__ import annotations

from .spec import ROUGE_TYPES

_MEASURE_ENDINGS = {"": None, "-p": "precision", "-r": "recall", "-f": "fmeasure"}


def _named_options() -> dict:
    """``{name in lower case: options}`` for every ROUGE type, spelling and ending."""
    table = {}
    for rouge_type in ROUGE_TYPES:
        kind = rouge_type[len("rouge"):].lower()
        for spelling in (f"rouge{kind}", f"rouge-{kind}"):
            for ending, measure in _MEASURE_ENDINGS.items():
                options = {"rouge_type": rouge_type}
                if measure is not None:
                    options["measure"] = measure
                table[spelling + ending] = options
    return table


NAMED_OPTIONS = _named_options()


def options_from_name(name: str) -> dict:
    """The options ``name`` states (``ROUGE-2-R``: rouge_type rouge2, measure recall), a
    fresh dict; {} for a name that is not a ROUGE score's."""
    return dict(NAMED_OPTIONS.get(name.lower(), {})) if isinstance(name, str) else {}
