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


def spec_modules(definition) -> tuple[str, ...]:
    """Spec modules besides the metric's own ``spec.py`` and its entry points' modules whose
    code its generated mutants change (``bleuprint.mutants.scopes``); none by default."""
    return ()


MUTANTS_PROTOCOL = Protocol("mutants", "faults", {
    "spec_entry_points": spec_entry_points,
    "faults": faults,
    "spec_modules": spec_modules,
})
mutant_hooks = MUTANTS_PROTOCOL.of


def derivation(definition, name: str, stats: list, options: dict):
    """A score written out by hand from its summed statistics, for the killing tests
    ``bleuprint mutants explain`` prints: ``(docstring lines, test body lines, expression)``,
    or None (the default: the score is asserted as an exact fraction, or left to the
    student). ``name`` is the registered metric (one folder may define several)."""
    return None


#: How ``explain`` derives a score by hand; a metric tunes it in ``metrics/NAME/teaching.py``.
TEACHING_PROTOCOL = Protocol("teaching", "teaching", {"derivation": derivation})
teaching_hooks = TEACHING_PROTOCOL.of
