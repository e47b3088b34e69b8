"""The mutants' protocol (``bleuprint.hooks``): what the catalogue of planted faults asks
a metric, with its defaults. A metric tunes it in ``bleuprint/metrics/NAME/faults.py``,
the module that holds its planted faults."""

from __future__ import annotations

from ..hooks import Protocol


def spec_entry_points(definition) -> tuple[str, ...]:
    """``"module:function"`` targets of the spec functions that compute this metric
    (the mutants' sanity fault x00 breaks them all); by default its own methods."""
    cls = type(definition)
    return tuple(f"{cls.__module__}:{cls.__qualname__}.{name}" for name in ("segment_stats", "score"))


def faults(definition) -> list:
    """This metric's planted faults of its spec (``bleuprint.mutants.model.Mutant``),
    contributed to the mutants catalogue; none by default."""
    return []


MUTANTS_PROTOCOL = Protocol("mutants", "faults", {
    "spec_entry_points": spec_entry_points,
    "faults": faults,
})
mutant_hooks = MUTANTS_PROTOCOL.of
