"""bleuprint's modules, and what each one's source imports and reaches into, read with
``ast`` (nothing is imported): the static half of the layer tests.

A module's *package* is the part of bleuprint it belongs to: the first name under
``bleuprint`` (``bleuprint.spec.bleu`` -> ``spec``, ``bleuprint.metrics.bleu`` ->
``metrics``, ``bleuprint.cli.score`` -> ``cli``); a top-level module is a package of its own
(``bleuprint.verify`` -> ``verify``); ``bleuprint/__init__.py`` is ``bleuprint``.
A name is *private* when it starts with ``_`` and is not a dunder (``_RESET``, not
``__all__``).

Every function takes the checkout ``root`` (by default this one), so that the checks can
be tried on a planted source tree.
"""

from __future__ import annotations

import ast
from dataclasses import dataclass, field
from pathlib import Path

#: The checkout these tests belong to.
ROOT = Path(__file__).resolve().parents[2]
EXTENSION_SUFFIXES = (".so", ".pyd")


def module_name(path: Path, root: Path = ROOT) -> str:
    """``bleuprint/spec/__init__.py`` -> ``bleuprint.spec``; an extension module
    ``bleuprint/impl/_ngrams.cpython-311-x86_64-linux-gnu.so`` -> ``bleuprint.impl._ngrams``."""
    parts = list(path.relative_to(root).parts)
    parts[-1] = parts[-1].split(".")[0]
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def source_files(root: Path = ROOT) -> dict[str, Path]:
    """Every Python source file of ``root/bleuprint``, by module name."""
    return {module_name(path, root): path for path in sorted((root / "bleuprint").rglob("*.py"))}


def all_modules(root: Path = ROOT) -> set[str]:
    """The names of every module of ``root/bleuprint``, sources and extension modules."""
    extensions = {module_name(path, root) for path in (root / "bleuprint").rglob("*")
                  if path.suffix in EXTENSION_SUFFIXES}
    return set(source_files(root)) | extensions


def package_of(name: str) -> str:
    """The package a module belongs to (module doc)."""
    parts = name.split(".")
    return parts[1] if len(parts) > 1 else parts[0]


def is_private(name: str) -> bool:
    return name.startswith("_") and not (name.startswith("__") and name.endswith("__"))


@dataclass(frozen=True)
class Use:
    """One use of a bleuprint module at ``line``: the absolute ``module`` named, the
    ``attribute`` taken from it (None when the use is the module itself), and the source
    ``text`` that does it."""

    line: int
    module: str
    attribute: str | None
    text: str


@dataclass
class SourceFile:
    """What one file does with other modules: ``uses`` of bleuprint modules, and
    ``object_attributes``: ``(line, name)`` for every ``expression._name`` whose expression
    is not ``self``, ``cls``, ``super()`` or a name bound to a module."""

    uses: list[Use] = field(default_factory=list)
    object_attributes: list[tuple[int, str]] = field(default_factory=list)
    imports_sacrebleu: bool = False


class _Reader(ast.NodeVisitor):
    """Collects the bleuprint modules a file imports (``import``, ``from ... import``,
    ``importlib.import_module("...")`` with a literal name), the local names they bind,
    and the attribute chains taken from those names (``corpus._check``,
    ``spec.corpus._check``)."""

    def __init__(self, name: str, is_package: bool, modules: set[str]):
        self.name, self.is_package, self.modules = name, is_package, modules
        self.bound: dict[str, str] = {}
        self.found = SourceFile()

    def _absolute(self, node: ast.ImportFrom) -> str:
        if node.level == 0:
            return node.module or ""
        base = self.name.split(".") if self.is_package else self.name.split(".")[:-1]
        base = base[: len(base) - (node.level - 1)]
        return ".".join(base + ([node.module] if node.module else []))

    def visit_ImportFrom(self, node: ast.ImportFrom) -> None:
        source = self._absolute(node)
        if source.split(".")[0] == "sacrebleu":
            self.found.imports_sacrebleu = True
        if source.split(".")[0] != "bleuprint":
            return
        for alias in node.names:
            full = f"{source}.{alias.name}"
            text = f"from {source} import {alias.name}"
            if full in self.modules:
                self.bound[alias.asname or alias.name] = full
                self.found.uses.append(Use(node.lineno, full, None, text))
            else:
                self.found.uses.append(Use(node.lineno, source, alias.name, text))

    def visit_Import(self, node: ast.Import) -> None:
        for alias in node.names:
            top = alias.name.split(".")[0]
            self.found.imports_sacrebleu |= top == "sacrebleu"
            if top != "bleuprint":
                continue
            self.bound[alias.asname or "bleuprint"] = alias.name if alias.asname else "bleuprint"
            self.found.uses.append(Use(node.lineno, alias.name, None, f"import {alias.name}"))

    def visit_Assign(self, node: ast.Assign) -> None:
        target = _import_module_argument(node.value)
        if target is not None and target.split(".")[0] == "bleuprint":
            for name in node.targets:
                if isinstance(name, ast.Name):
                    self.bound[name.id] = target
        self.generic_visit(node)

    def visit_Call(self, node: ast.Call) -> None:
        target = _import_module_argument(node)
        if target is not None and target.split(".")[0] == "bleuprint":
            self.found.uses.append(Use(node.lineno, target, None, f"importlib.import_module({target!r})"))
        self.generic_visit(node)

    def visit_Attribute(self, node: ast.Attribute) -> None:
        chain, base = [], node
        while isinstance(base, ast.Attribute):
            chain.insert(0, base.attr)
            base = base.value
        if isinstance(base, ast.Name) and base.id in self.bound:
            module, text = self.bound[base.id], f"{base.id}.{'.'.join(chain)}"
            for attribute in chain:
                if f"{module}.{attribute}" not in self.modules:
                    self.found.uses.append(Use(node.lineno, module, attribute, text))
                    break
                module = f"{module}.{attribute}"
                self.found.uses.append(Use(node.lineno, module, None, text))
            return  # the inner nodes of this chain are read
        if is_private(node.attr) and not _is_self(node.value):
            self.found.object_attributes.append((node.lineno, node.attr))
        self.generic_visit(node)


def _is_self(node) -> bool:
    if isinstance(node, ast.Name):
        return node.id in ("self", "cls")
    return isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == "super"


def _import_module_argument(node) -> str | None:
    """The literal module name of ``importlib.import_module("...")`` (or ``import_module``)."""
    if not isinstance(node, ast.Call) or not node.args or not isinstance(node.args[0], ast.Constant):
        return None
    function = node.func
    called = function.attr if isinstance(function, ast.Attribute) else getattr(function, "id", None)
    if called != "import_module" or not isinstance(node.args[0].value, str):
        return None
    return node.args[0].value


def read(path: Path, root: Path = ROOT) -> SourceFile:
    """What the file at ``path`` (in ``root/bleuprint``) does with other modules."""
    reader = _Reader(module_name(path, root), path.name == "__init__.py", all_modules(root))
    reader.visit(ast.parse(path.read_text(encoding="utf-8"), filename=str(path)))
    return reader.found


def imported_modules(path: Path, root: Path = ROOT) -> list[tuple[int, str, str]]:
    """``(line, module, text)`` for every bleuprint module the file imports or reaches. A
    name taken from the top-level package that is not a module counts as
    ``bleuprint.impl`` (the top level gives impl's names)."""
    found = []
    for use in read(path, root).uses:
        if use.module == "bleuprint" and use.attribute and not use.attribute.startswith("__"):
            found.append((use.line, "bleuprint.impl", use.text))
        else:
            found.append((use.line, use.module, use.text))
    return found


def private_attributes_by_package(root: Path = ROOT) -> dict[str, set[str]]:
    """The private names that bleuprint's classes define (methods, class attributes, and
    ``self._x = ...`` in their methods), each with the packages whose classes define it."""
    defined: dict[str, set[str]] = {}
    for name, path in source_files(root).items():
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if not isinstance(node, ast.ClassDef):
                continue
            for item in ast.walk(node):
                names = []
                if isinstance(item, (ast.FunctionDef, ast.AsyncFunctionDef)):
                    names.append(item.name)
                elif isinstance(item, (ast.Assign, ast.AnnAssign)):
                    for target in item.targets if isinstance(item, ast.Assign) else [item.target]:
                        if isinstance(target, ast.Name):
                            names.append(target.id)
                        elif isinstance(target, ast.Attribute) and _is_self(target.value):
                            names.append(target.attr)
                for found in names:
                    if is_private(found):
                        defined.setdefault(found, set()).add(package_of(name))
    return defined
