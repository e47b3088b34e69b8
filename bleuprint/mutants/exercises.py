"""Exercises as data: what a course grades a student's test suite against.

An exercise is a JSON file in ``bleuprint/mutants/exercise_data/`` (schema
``bleuprint-exercise/1``, documented in that folder's README.md) naming

* its contract: the module path the students' tests import (``contract.module``), the
  bleuprint module that provides it (``contract.provider``; absent when the path is
  importable as it is, e.g. ``bleuprint.spec``) and the public functions;
* its mutants: planted ones by id, and optionally generated ones of a scope
  (``bleuprint.mutants.scopes``: a metric's spec module) restricted to named spec functions;
* its rule: the fraction of its mutants to kill (``threshold``) and the mutants that must
  all die (``required``: ``"semantic"`` for every semantic one, or a list of ids);
* optionally the registered metrics its contract computes (``metrics``): the search for
  killing inputs spends its effort on those alone, and a score is derived by hand with
  the metric's ``teaching`` module;
* the hint level a teacher gives: ``pitfall`` (the pitfall only), ``input`` (the pitfall
  and the killing input) or ``test`` (the whole killing test).

``load`` validates a file and refuses a bad one with a ValueError naming the field.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path

SCHEMA = "bleuprint-exercise/1"
DATA = Path(__file__).resolve().parent / "exercise_data"
HINT_LEVELS = ("pitfall", "input", "test")
_FIELDS = {"schema", "name", "title", "contract", "mutants", "rule", "hints", "killing_tests", "metrics"}


@dataclass(frozen=True)
class GeneratedScope:
    """Generated mutants of one scope, kept when they change one of ``functions`` (all of the
    scope's when ``functions`` is empty)."""

    scope: str
    functions: tuple[str, ...] = ()


@dataclass(frozen=True)
class Exercise:
    name: str
    title: str
    contract_module: str
    contract_provider: str | None
    functions: tuple[str, ...]
    planted: tuple[str, ...]
    generated: tuple[GeneratedScope, ...]
    threshold: float
    required: str | tuple[str, ...]
    hints: str
    #: A pytest file of ``exercise_data`` with one hand-derived killing test per mutant, or None.
    killing_tests: Path | None = None
    #: The registered metrics the contract computes: the search for killing inputs draws
    #: its inputs for these only (empty: every metric whose spec reaches the mutant).
    metrics: tuple[str, ...] = ()

    def mutants(self, scopes=None) -> list:
        """The exercise's mutants (planted in the file's order, then generated); with
        ``scopes``, only those whose code lies in one of the named scopes (module doc of
        ``bleuprint.mutants.scopes``)."""
        from . import project
        from .scopes import in_scopes

        chosen = project.lookup(self.planted) if self.planted else []
        if self.generated:
            from .generate import generated_mutants

            for part in self.generated:
                wanted = set(part.functions)
                chosen += [m for m in generated_mutants([part.scope])
                           if not wanted or m.function.rsplit(".", 1)[-1] in wanted]
        return in_scopes(chosen, scopes) if scopes else chosen

    def required_ids(self, mutants) -> list[str]:
        """The ids of ``mutants`` that the rule requires to die."""
        if self.required == "semantic":
            return [m.id for m in mutants if m.semantic]
        present = {m.id for m in mutants}
        return [i for i in self.required if i in present]


def _need(data: dict, key: str, kind, where: str):
    if key not in data:
        raise ValueError(f"{where}: missing field {key!r}")
    value = data[key]
    if not isinstance(value, kind) or isinstance(value, bool) and kind is not bool:
        raise ValueError(f"{where}: field {key!r} must be {getattr(kind, '__name__', kind)}, got {value!r}")
    return value


def _strings(value, where: str) -> tuple[str, ...]:
    if not isinstance(value, list) or not all(isinstance(v, str) and v for v in value):
        raise ValueError(f"{where}: must be a list of non-empty strings, got {value!r}")
    if len(set(value)) != len(value):
        raise ValueError(f"{where}: repeated entries in {value!r}")
    return tuple(value)


def from_dict(data: dict, where: str = "exercise") -> Exercise:
    """The exercise the JSON ``data`` describes; ValueError naming the first bad field."""
    from .contract import check_path
    from .scopes import spec_scopes

    if not isinstance(data, dict):
        raise ValueError(f"{where}: an exercise is a JSON object")
    unknown = set(data) - _FIELDS
    if unknown:
        raise ValueError(f"{where}: unknown field(s) {', '.join(sorted(unknown))}")
    if data.get("schema") != SCHEMA:
        raise ValueError(f"{where}: field 'schema' must be {SCHEMA!r}, got {data.get('schema')!r}")
    contract = _need(data, "contract", dict, where)
    module = check_path(_need(contract, "module", str, f"{where}: contract"))
    provider = contract.get("provider")
    if provider is not None and not isinstance(provider, str):
        raise ValueError(f"{where}: contract.provider must be a module name or absent")
    functions = _strings(_need(contract, "functions", list, f"{where}: contract"), f"{where}: contract.functions")
    mutants = _need(data, "mutants", dict, where)
    planted = _strings(mutants.get("planted", []), f"{where}: mutants.planted") if mutants.get("planted") else ()
    generated = []
    known = spec_scopes() if mutants.get("generated") else {}
    for i, part in enumerate(mutants.get("generated", [])):
        scope = _need(part, "scope", str, f"{where}: mutants.generated[{i}]")
        if scope not in known:
            raise ValueError(f"{where}: mutants.generated[{i}].scope {scope!r} is not one of {', '.join(known)}")
        named = part.get("functions", [])
        generated.append(GeneratedScope(scope, _strings(named, f"{where}: mutants.generated[{i}].functions")
                                        if named else ()))
    if not planted and not generated:
        raise ValueError(f"{where}: an exercise needs at least one mutant (mutants.planted or mutants.generated)")
    rule = _need(data, "rule", dict, where)
    threshold = rule.get("threshold")
    if isinstance(threshold, bool) or not isinstance(threshold, (int, float)) or not 0 < threshold <= 1:
        raise ValueError(f"{where}: rule.threshold must be a number in (0, 1], got {threshold!r}")
    required = rule.get("required", "semantic")
    if required != "semantic":
        required = _strings(required, f"{where}: rule.required")
        missing = set(required) - set(planted)
        if missing and not generated:
            raise ValueError(f"{where}: rule.required names mutants the exercise does not have: {', '.join(sorted(missing))}")
    hints = data.get("hints", "test")
    if hints not in HINT_LEVELS:
        raise ValueError(f"{where}: hints must be one of {', '.join(HINT_LEVELS)}, got {hints!r}")
    killing = data.get("killing_tests")
    if killing is not None and (not isinstance(killing, str) or not (DATA / killing).is_file()):
        raise ValueError(f"{where}: killing_tests {killing!r} is not a file of {DATA}")
    metrics = _strings(data["metrics"], f"{where}: metrics") if "metrics" in data else ()
    if metrics:
        from ..core import metric_names

        unknown_metrics = [m for m in metrics if m not in metric_names()]
        if unknown_metrics:
            raise ValueError(f"{where}: metrics names unregistered metric(s) {', '.join(unknown_metrics)}: "
                             f"one of {', '.join(metric_names())}")
    name = _need(data, "name", str, where)
    return Exercise(name, _need(data, "title", str, where), module, provider, functions, planted,
                    tuple(generated), float(threshold), required, hints, DATA / killing if killing else None,
                    metrics)


def load(path: str | Path) -> Exercise:
    """The exercise in the JSON file ``path``."""
    path = Path(path)
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError) as error:
        raise ValueError(f"cannot read the exercise {path}: {error}") from None
    return from_dict(data, str(path.name))


def shipped() -> dict[str, Path]:
    """The exercises bleuprint ships: name -> file."""
    found = {}
    for path in sorted(DATA.glob("*.json")):
        found[json.loads(path.read_text(encoding="utf-8"))["name"]] = path
    return found


def get(name_or_path: str) -> Exercise:
    """A shipped exercise by name, or an exercise file by path; ValueError naming the choices."""
    files = shipped()
    if name_or_path in files:
        return load(files[name_or_path])
    if name_or_path.endswith(".json") and Path(name_or_path).is_file():
        return load(name_or_path)
    raise ValueError(f"unknown exercise {name_or_path!r}: one of {', '.join(files)}, or the path of an exercise JSON file")
