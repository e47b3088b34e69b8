"""What a planted mutant is: a stable id, the function(s) it changes, the fault, the pitfall it
stands for, the property expected to kill it, and a witness input on which it differs from
the specification (so that no mutant is equivalent)."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Callable

SPEC = "bleuprint.spec"


@dataclass(frozen=True)
class Mutant:
    """One planted fault of ``bleuprint.spec``.

    ``patches`` maps ``"module:function"`` to a factory that receives a pristine copy of the
    original function and returns the faulty replacement. ``witness`` calls the public API
    of ``bleuprint.spec`` and returns a value (or raises); under the mutant the value, or
    the exception, differs. ``semantic`` marks a fault that a grading suite must kill
    (every pitfall and every fault a real library shipped).
    """

    id: str
    function: str
    fault: str
    pitfall: str
    kills_it: str
    patches: dict = field(repr=False)
    witness: Callable[[], object] = field(repr=False)
    semantic: bool = True
    #: Generated mutants (``bleuprint.mutants.generate``) say where and how the source
    #: changes: ``location`` is ``(path, start line, start column, end line, end column)``
    #: (1-based, end exclusive, as Stryker's report counts), ``diff`` the unified diff, and
    #: ``kind`` what was mutated: ``"code"``, ``"table"`` (a module-level rule, range, limit
    #: or constant), ``"default"`` (a parameter's default value) or ``"message"`` (only an
    #: error message). Planted mutants have ``kind = "planted"`` and no location.
    kind: str = "planted"
    location: tuple | None = None
    diff: str = ""
    operator: str = ""
    #: For a ``default`` mutant: the parameter whose default it changes.
    parameter: str = ""

    @property
    def targets(self) -> tuple[str, ...]:
        return tuple(self.patches)


def outcome(call: Callable[[], object]) -> tuple[str, object]:
    """The result of ``call()``, or the exception type's name: what the witness compares."""
    try:
        return ("value", call())
    except Exception as exc:  # the witness compares failures too
        return ("raises", type(exc).__name__)


def lazy_witness(module: str, call: Callable) -> Callable[[], object]:
    """A mutant's witness that imports ``module`` (a spec module, or ``bleuprint.spec`` for
    the registered metrics' public functions) only when it runs, and returns
    ``call(module)``: the catalogue can then be listed without importing every spec."""
    def run():
        import importlib

        return call(importlib.import_module(module))
    return run
