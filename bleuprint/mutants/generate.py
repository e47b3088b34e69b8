"""Generated mutants of the specification: the standard operators of
``bleuprint.mutants.operators`` applied to the source of the spec modules of every
registered metric (its scopes: ``bleuprint.mutants.scopes``), each one a
``Mutant`` switched on by ``bleuprint.mutants.switch.replaced``, like the planted ones.

* **A mutant of a function body** (or of a parameter's default) patches that function: the
  factory compiles the mutated ``def`` (decorators left out; a ``functools.cache`` wrapper
  keeps wrapping it, its cache cleared by the switch) in the module's globals.
* **A mutant of a module-level table** (an upper-case name: rules, ranges, limits,
  constants) patches every function of the spec layer that reads the name (the same
  object, however it was imported): the factory gives a copy of the function whose
  globals hold the mutated table. A table that no function reads (only import-time code
  does) gets no mutant.

Every mutant has a stable id (``g`` + the first letter of its scope + ``-`` + six hex digits of a
hash of the module, the function or table, the operator, the text it changes, what it
becomes and the occurrence: the same source gives the same ids), its location (file, line
and column span) and its unified diff. ``kind`` says what changed: ``code``, ``table``,
``default`` (a parameter's default value) or ``message`` (only an error message: the
string of a ``raise``, or the name a ``check_*`` call puts in its message).
"""

from __future__ import annotations

import ast
import difflib
import hashlib
import importlib
import inspect
import re
import sys
import types
from functools import lru_cache
from pathlib import Path

from . import operators
from .model import Mutant
from .scopes import is_spec_module as _is_spec_module, spec_scopes

_TABLE_NAME = re.compile(r"_?[A-Z][A-Z0-9_]*$")
_FUTURE = 0
try:  # the spec modules use postponed annotations; compile the mutated def the same way
    import __future__

    _FUTURE = __future__.annotations.compiler_flag
except AttributeError:  # pragma: no cover
    pass


def _no_witness():
    """Generated mutants have no hand-written witness: ``bleuprint.mutants.search`` finds one."""
    return None


def scopes() -> dict[str, tuple[str, str]]:
    """The spec modules ``bleuprint mutants run --generated`` mutates by default, read from
    the registry (``bleuprint.mutants.scopes``): scope name -> (module, the id letter, the
    scope's first letter)."""
    return {scope: (module, scope[0]) for scope, module in spec_scopes().items()}


def _load_spec_layer() -> None:
    """Import every scope's spec module, so that readers of a shared table in any of them
    are found."""
    for module, _ in scopes().values():
        importlib.import_module(module)


def _plain(obj):
    """The plain function behind ``obj`` (a function, or a ``functools.cache`` wrapper)."""
    if hasattr(obj, "cache_clear") and isinstance(getattr(obj, "__wrapped__", None), types.FunctionType):
        return obj.__wrapped__
    return obj if isinstance(obj, types.FunctionType) else None


def _names_read(code: types.CodeType) -> set:
    names = set(code.co_names)
    for const in code.co_consts:
        if isinstance(const, types.CodeType):
            names |= _names_read(const)
    return names


def readers(module_name: str, table: str) -> list[str]:
    """Targets ``"module:function"`` of the spec-layer functions that read ``table`` of
    ``module_name`` (the same object under that name in their globals)."""
    value = getattr(importlib.import_module(module_name), table)
    found = []
    for name, module in sorted(sys.modules.items()):
        if module is None or not _is_spec_module(name):
            continue
        for attribute, obj in sorted(vars(module).items()):
            function = _plain(obj)
            if function is None or function.__module__ != name or function.__name__ != attribute:
                continue
            if function.__globals__.get(table, _no_witness) is value and table in _names_read(function.__code__):
                found.append(f"{name}:{attribute}")
    return found


def _char_column(line: str, byte_offset: int) -> int:
    """ast's column (UTF-8 bytes) as characters."""
    return len(line.encode("utf-8")[:byte_offset].decode("utf-8", errors="ignore"))


class _Site:
    """One mutation: the node's span in the file, its source text and what replaces it."""

    def __init__(self, lines, node, new, operator, kind):
        self.start, self.end = _span(lines, node, node)
        self.old = self._segment(lines)
        self.new = "pass" if new is None else ast.unparse(new)
        self.operator, self.kind = operator, kind
        if operator.startswith("table: ") and isinstance(node, (ast.Tuple, ast.List, ast.Set, ast.Dict)):
            self._container_edit(lines, node, new)

    def _container_edit(self, lines, node, new):
        """A dropped or exchanged element of a table, as an edit of its own text (not the
        whole table rewritten on one line)."""
        old_items = node.keys if isinstance(node, ast.Dict) else node.elts
        new_items = new.keys if isinstance(new, ast.Dict) else new.elts
        i = next((k for k in range(len(new_items)) if ast.dump(old_items[k]) != ast.dump(new_items[k])),
                 len(new_items))
        end_of = (lambda k: node.values[k]) if isinstance(node, ast.Dict) else (lambda k: old_items[k])
        if len(new_items) < len(old_items):  # element i dropped
            if i + 1 < len(old_items):  # the element and its comma
                self.start, (line, column) = _span(lines, old_items[i], end_of(i))
                rest = lines[line - 1][column:]
                if rest.lstrip().startswith(","):
                    column += len(rest) - len(rest.lstrip()) + 1
                    column += len(lines[line - 1][column:]) - len(lines[line - 1][column:].lstrip(" "))
                self.end = (line, column)
            else:
                _, self.start = _span(lines, end_of(i - 1), end_of(i - 1))
                _, self.end = _span(lines, end_of(i), end_of(i))
            self.old, self.new = self._segment(lines), ""
        else:  # elements i and i + 1 exchanged
            first, second = _span(lines, old_items[i], end_of(i)), _span(lines, old_items[i + 1], end_of(i + 1))
            self.start, self.end = first[0], second[1]
            text_first = self._segment(lines, *first)
            text_second = self._segment(lines, *second)
            between = self._segment(lines, first[1], second[0])
            self.old, self.new = self._segment(lines), text_second + between + text_first

    def _segment(self, lines, start=None, end=None) -> str:
        (l1, c1), (l2, c2) = start or self.start, end or self.end
        if l1 == l2:
            return lines[l1 - 1][c1:c2]
        return "\n".join([lines[l1 - 1][c1:]] + lines[l1:l2 - 1] + [lines[l2 - 1][:c2]])

    def mutated_lines(self, lines) -> list[str]:
        (l1, c1), (l2, c2) = self.start, self.end
        return lines[: l1 - 1] + (lines[l1 - 1][:c1] + self.new + lines[l2 - 1][c2:]).split("\n") + lines[l2:]


def _span(lines, first, last):
    """``((line, column), (line, column))`` of the text from ``first``'s start to ``last``'s end."""
    return ((first.lineno, _char_column(lines[first.lineno - 1], first.col_offset)),
            (last.end_lineno, _char_column(lines[last.end_lineno - 1], last.end_col_offset)))


def _walk(node, path=()):
    """``(path, node)`` for ``node`` and its descendants (path: the (field, index) steps)."""
    yield path, node
    for name, index, child in operators.children(node):
        yield from _walk(child, path + ((name, index),))


def _follow(node, path):
    for name, index in path[:-1]:
        node = getattr(node, name) if index is None else getattr(node, name)[index]
    return node


def _function_sites(function: ast.FunctionDef, modules):
    """``(path, operator, new, kind)`` for every mutation of ``function``'s body and defaults."""
    body = function.body
    skip = set()
    if body and isinstance(body[0], ast.Expr) and isinstance(body[0].value, ast.Constant):
        skip.add(id(body[0]))  # the docstring
    for start, field in ((function.args, "defaults"), (function.args, "kw_defaults")):
        for i, default in enumerate(getattr(start, field)):
            if default is None:
                continue
            for path, node in _walk(default, (("args", None), (field, i))):
                for operator, new in operators.code_replacements(node, modules):
                    yield path, operator, new, "default"
    for i, statement in enumerate(body):
        if id(statement) in skip:
            continue
        yield from _statement_sites(statement, (("body", i),), modules)


def _statement_sites(root, base, modules):
    stack = [(base, root, False)]
    while stack:
        path, node, message = stack.pop(0)
        if isinstance(node, (ast.JoinedStr, ast.FunctionDef, ast.Lambda, ast.ClassDef)) and not message:
            continue
        if isinstance(node, ast.Raise):
            message = True
        if message:  # inside a raise: only the message's strings
            if isinstance(node, ast.Constant) and isinstance(node.value, str):
                yield path, "constant", ast.Constant("" if node.value else "XX"), "message"
        else:
            for operator, new in operators.code_replacements(node, modules):
                kind = "code"
                if operator == "constant" and isinstance(node, ast.Constant) and isinstance(node.value, str):
                    kind = "message" if _is_check_name(path, root, base) else "code"
                yield path, operator, new, kind
        children = [(path + ((name, index),), child, message) for name, index, child in operators.children(node)
                    if not (isinstance(node, ast.arg) or name in ("annotation", "returns"))]
        stack[0:0] = children


def _is_check_name(path, root, base) -> bool:
    """True when the string at ``path`` is an argument of a ``check_*`` call (the name the
    check puts in its error message)."""
    parent = root
    for name, index in path[len(base):-1]:
        parent = getattr(parent, name) if index is None else getattr(parent, name)[index]
    if isinstance(parent, ast.keyword):
        return False
    return (isinstance(parent, ast.Call) and isinstance(parent.func, ast.Name)
            and parent.func.id.startswith("check_"))


def _parameter(function: ast.FunctionDef, path) -> str:
    """The parameter whose default the site at ``path`` (under ``args.defaults`` or
    ``args.kw_defaults``) belongs to."""
    field, index = path[1]
    if field == "kw_defaults":
        return function.args.kwonlyargs[index].arg
    params = function.args.posonlyargs + function.args.args
    return params[len(params) - len(function.args.defaults) + index].arg


def _table_sites(value: ast.AST):
    """``(path, operator, new)`` for every mutation of a table's expression: containers at
    the top level only (an element of a rule is not dropped), constants at any depth."""
    for path, node in _walk(value):
        if path and not isinstance(node, ast.Constant):
            continue
        for operator, new in operators.table_replacements(node):
            yield path, operator, new


def _replace(root, path, new):
    """Put ``new`` (a copy, placed at the old node's position; ``pass`` for None) at ``path``."""
    parent = _follow(root, path)
    name, index = path[-1]
    old = getattr(parent, name) if index is None else getattr(parent, name)[index]
    new = ast.Pass() if new is None else _copy(new)
    for node in ast.walk(new):
        ast.copy_location(node, old)
    operators.replace_child(parent, name, index, new)


def _function_factory(module_name: str, function_index: int, path, new):
    """A switch factory compiling the mutated ``def`` (module doc)."""
    def factory(original):
        module = importlib.import_module(module_name)
        tree = _module_tree(module_name)
        function = _copy(tree.body[function_index])
        function.decorator_list = []
        _replace(function, path, new)
        code = compile(ast.Module([function], []), inspect.getsourcefile(module), "exec",
                       flags=_FUTURE, dont_inherit=True)
        namespace: dict = {}
        exec(code, original.__globals__, namespace)
        return namespace[function.name]
    return factory


def _table_factory(module_name: str, statement_index: int, table: str, path, new):
    """A switch factory for one reader of a mutated table: the reader with the mutated
    value in a copy of its globals (module doc)."""
    cache: dict = {}

    def value():
        if "value" not in cache:
            module = importlib.import_module(module_name)
            expression = _copy(_module_tree(module_name).body[statement_index].value)
            if path:
                _replace(expression, path, new)
            else:
                expression = ast.copy_location(_copy(new), expression)
            code = compile(ast.fix_missing_locations(ast.Expression(expression)), inspect.getsourcefile(module),
                           "eval", flags=_FUTURE, dont_inherit=True)
            cache["value"] = eval(code, dict(vars(module)))
        return cache["value"]

    def factory(original):
        namespace = dict(original.__globals__)
        namespace[table] = value()
        copy = types.FunctionType(original.__code__, namespace, original.__name__, original.__defaults__,
                                  original.__closure__)
        copy.__kwdefaults__ = original.__kwdefaults__
        return copy
    return factory


@lru_cache(maxsize=None)
def _module_source(module_name: str) -> tuple[str, str]:
    path = inspect.getsourcefile(importlib.import_module(module_name))
    return path, Path(path).read_text(encoding="utf-8")


@lru_cache(maxsize=None)
def _module_tree(module_name: str) -> ast.Module:
    return ast.parse(_module_source(module_name)[1])


def _copy(node):
    import copy

    return copy.deepcopy(node)


def _pitfalls() -> dict:
    """Target -> the pitfalls of the planted mutants that change it (the pitfall a generated
    mutant of the same function belongs to)."""
    from .catalogue import all_mutants

    found: dict = {}
    for mutant in all_mutants():
        if mutant.id == "x00":
            continue
        for target in mutant.targets:
            found.setdefault(target, [])
            if mutant.pitfall not in found[target]:
                found[target].append(mutant.pitfall)
    return found


def _relative(path: str) -> str:
    root = Path(__file__).resolve().parents[2]
    try:
        return Path(path).resolve().relative_to(root).as_posix()
    except ValueError:
        return Path(path).as_posix()


def module_mutants(module_name: str, letter: str, pitfalls: dict | None = None) -> list[Mutant]:
    """Every generated mutant of one spec module, in source order."""
    _load_spec_layer()
    module = importlib.import_module(module_name)
    path, source = _module_source(module_name)
    lines = source.split("\n")
    tree = _module_tree(module_name)
    modules = frozenset(name for name, value in vars(module).items() if isinstance(value, types.ModuleType))
    pitfalls = _pitfalls() if pitfalls is None else pitfalls
    short = module_name.removeprefix("bleuprint.")
    shown_path = _relative(path)
    seen: dict = {}
    out, digests = [], []

    def make(where, site, patches, note, parameter=""):
        key = (module_name, where, site.operator, site.old, site.new)
        seen[key] = seen.get(key, 0) + 1
        digest = hashlib.sha1(repr(key + (seen[key],)).encode("utf-8")).hexdigest()
        digests.append(digest)
        mutated = site.mutated_lines(lines)
        diff = "".join(difflib.unified_diff([l + "\n" for l in lines], [l + "\n" for l in mutated],
                                            shown_path, shown_path, n=1))
        found = [p for t in patches for p in pitfalls.get(t, [])]
        old = " ".join(site.old.split())
        old = old if len(old) <= 60 else old[:57] + "..."
        new = " ".join(site.new.split()) if site.new.strip() else site.new
        new = new if len(new) <= 60 else new[:57] + "..."
        return Mutant(
            f"g{letter}-{digest[:6]}", f"{short}.{where}", f"{site.operator}: `{old}` -> `{new}`{note}",
            "; ".join(dict.fromkeys(found)) or "-", "generated", patches, _no_witness, semantic=False,
            kind=site.kind, location=(shown_path, site.start[0], site.start[1] + 1, site.end[0], site.end[1] + 1),
            diff=diff, operator=site.operator, parameter=parameter)

    for index, statement in enumerate(tree.body):
        if isinstance(statement, ast.FunctionDef):
            function = _plain(getattr(module, statement.name, None))
            if function is None or function.__module__ != module_name:
                continue
            target = f"{module_name}:{statement.name}"
            for site_path, operator, new, kind in _function_sites(statement, modules):
                parent = _follow(statement, site_path)
                name, i = site_path[-1]
                node = getattr(parent, name) if i is None else getattr(parent, name)[i]
                site = _Site(lines, node, new, operator, kind)
                out.append(make(statement.name, site, {target: _function_factory(module_name, index, site_path, new)},
                                "", _parameter(statement, site_path) if kind == "default" else ""))
        elif isinstance(statement, (ast.Assign, ast.AnnAssign)):
            targets = statement.targets if isinstance(statement, ast.Assign) else [statement.target]
            if len(targets) != 1 or not isinstance(targets[0], ast.Name) or not _TABLE_NAME.match(targets[0].id):
                continue
            table = targets[0].id
            reading = readers(module_name, table)
            if not reading or statement.value is None:
                continue
            for site_path, operator, new in _table_sites(statement.value):
                node = statement.value if not site_path else None
                if site_path:
                    parent = _follow(statement.value, site_path)
                    name, i = site_path[-1]
                    node = getattr(parent, name) if i is None else getattr(parent, name)[i]
                site = _Site(lines, node, new, operator, "table")
                patches = {t: _table_factory(module_name, index, table, site_path, new) for t in reading}
                out.append(make(table, site, patches, f" (read by {', '.join(t.split(':')[1] for t in reading)})"))
    return _lengthened(out, digests, module_name)


def _lengthened(mutants: list[Mutant], digests: list[str], module_name: str) -> list[Mutant]:
    """``mutants`` with the ids that share their six hex digits with another mutant of the
    module given ten (the digest's next four): the others keep their ids however many
    mutants the module has."""
    import dataclasses

    counts: dict = {}
    for m in mutants:
        counts[m.id] = counts.get(m.id, 0) + 1
    out = [dataclasses.replace(m, id=m.id + d[6:10]) if counts[m.id] > 1 else m for m, d in zip(mutants, digests)]
    ids = [m.id for m in out]
    if len(set(ids)) != len(ids):
        raise RuntimeError(f"generated mutant ids collide in {module_name}")
    return out


def generated_mutants(chosen=None) -> list[Mutant]:
    """The generated mutants of the named scopes (default: every scope of ``scopes()``), in
    scope order then source order; RuntimeError if two of them share an id."""
    known = scopes()
    chosen = list(known) if not chosen else list(chosen)
    unknown = [s for s in chosen if s not in known]
    if unknown:
        raise ValueError(f"unknown scope(s) {', '.join(unknown)}; known: {', '.join(known)}")
    pitfalls = _pitfalls()
    out = []
    for scope in chosen:
        module_name, letter = known[scope]
        out += module_mutants(module_name, letter, pitfalls)
    ids = [m.id for m in out]
    if len(set(ids)) != len(ids):
        raise RuntimeError("generated mutant ids collide across scopes")
    return out


def get(mutant_id: str) -> Mutant:
    """The generated mutant ``mutant_id`` (ValueError if no scope has it): searched in the
    scopes of its letter."""
    if len(mutant_id) > 2 and mutant_id[0] == "g":
        for module_name, letter in scopes().values():
            if letter == mutant_id[1]:
                for mutant in module_mutants(module_name, letter):
                    if mutant.id == mutant_id:
                        return mutant
    raise ValueError(f"unknown mutant {mutant_id!r}")
