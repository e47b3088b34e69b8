"""Extract the Python code of a seed document (``../shared/seeds/*.txt``) into a module.

The seeds are plain text in which code and prose alternate without fences: a code block is
a run of blank-line-separated paragraphs that together parse as Python (an indented
paragraph that continues a function is joined to the block before it, because only the
joined text parses). A paragraph that is a bare name (a heading such as ``Layout``) is
prose, not code. The code is written into a temporary directory at test time and
imported from there: it is never copied into the repository.

Two minimal, generic adjustments make the extracted text importable:

* **Demo code is dropped.** Only imports, ``def``/``class`` statements and assignments to
  UPPER_CASE names (constants by convention, such as a compiled ``TOKEN_RE``) are kept at
  the top level; every other top-level statement (example calls, prints, a ``pip
  install`` through ``subprocess``) would run on import and is left out.
* **Missing imports are added.** A name that the kept code reads but never binds, and
  that is not a builtin, is imported when a module of that name exists here (``re``), or
  under a conventional alias (``np`` for ``numpy``); an import the kept code never reads
  (a demo's ``import sacrebleu``) is dropped. Names that stay unbound (functions the
  seed describes but does not quote) are listed by ``unbound_names``.
"""

from __future__ import annotations

import ast
import builtins
import importlib.util
import sys
from pathlib import Path

#: Conventional aliases a lesson may use without importing (``np.zeros``).
ALIASES = {"np": "numpy", "pd": "pandas"}


def _parses(text: str) -> bool:
    try:
        ast.parse(text)
    except SyntaxError:
        return False
    return True


def _is_code(tree: ast.Module) -> bool:
    """A parsed paragraph is code unless it is nothing but bare names or constants
    (a one-word heading parses as the expression ``Layout``)."""
    return any(not (isinstance(node, ast.Expr) and isinstance(node.value, (ast.Name, ast.Constant)))
               for node in tree.body)


def code_blocks(text: str) -> list[str]:
    """The code blocks of a seed's text, in order (see the module docstring)."""
    paragraphs = [p for p in text.replace("\r\n", "\n").split("\n\n") if p.strip()]
    blocks: list[str] = []
    current = ""
    for paragraph in paragraphs:
        paragraph = paragraph.rstrip()
        if current and _parses(current + "\n\n" + paragraph):
            current = current + "\n\n" + paragraph
            continue
        if current:
            blocks.append(current)
            current = ""
        if _parses(paragraph) and _is_code(ast.parse(paragraph)):
            current = paragraph
    if current:
        blocks.append(current)
    return blocks


def _kept(node: ast.stmt) -> bool:
    if isinstance(node, (ast.Import, ast.ImportFrom, ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
        return True
    if isinstance(node, (ast.Assign, ast.AnnAssign)):
        targets = node.targets if isinstance(node, ast.Assign) else [node.target]
        return all(isinstance(t, ast.Name) and t.id.isupper() for t in targets)
    return False


def _bound_names(tree: ast.Module) -> set[str]:
    bound = set()
    for node in ast.walk(tree):
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            bound.add(node.name)
        elif isinstance(node, ast.arg):
            bound.add(node.arg)
        elif isinstance(node, ast.Name) and isinstance(node.ctx, (ast.Store, ast.Del)):
            bound.add(node.id)
        elif isinstance(node, (ast.Import, ast.ImportFrom)):
            for alias in node.names:
                bound.add((alias.asname or alias.name).split(".")[0])
        elif isinstance(node, ast.ExceptHandler) and node.name:
            bound.add(node.name)
    return bound


def _free_names(tree: ast.Module) -> set[str]:
    loaded = {n.id for n in ast.walk(tree) if isinstance(n, ast.Name) and isinstance(n.ctx, ast.Load)}
    return loaded - _bound_names(tree) - set(dir(builtins))


def module_source(text: str) -> str:
    """The importable source of a seed: its code blocks, demo code dropped, missing
    imports added in front."""
    body = [node for block in code_blocks(text) for node in ast.parse(block).body if _kept(node)]
    loaded = {n.id for node in body for n in ast.walk(node) if isinstance(n, ast.Name)}
    body = [node for node in body if not isinstance(node, (ast.Import, ast.ImportFrom))
            or any((a.asname or a.name).split(".")[0] in loaded for a in node.names)]
    tree = ast.Module(body=body, type_ignores=[])
    header = []
    for name in sorted(_free_names(tree)):
        module = ALIASES.get(name, name)
        if importlib.util.find_spec(module) is not None:
            header.append(f"import {module}" + (f" as {name}" if module != name else ""))
    return "\n".join(header + [ast.unparse(tree)]) + "\n"


def literals(text: str) -> dict:
    """The seed's top-level ``name = <literal>`` assignments (a demo's inputs, such as a
    tutorial's ``candidate4``), evaluated with ``ast.literal_eval``; nothing is run."""
    found = {}
    for block in code_blocks(text):
        for node in ast.parse(block).body:
            if isinstance(node, ast.Assign) and len(node.targets) == 1 and isinstance(node.targets[0], ast.Name):
                try:
                    found[node.targets[0].id] = ast.literal_eval(node.value)
                except (ValueError, TypeError, SyntaxError, RecursionError):
                    continue
    return found


def unbound_names(source: str) -> set[str]:
    """Names the extracted module reads and never binds (what the seed does not quote)."""
    return _free_names(ast.parse(source))


def extract(seed: Path, directory: Path, name: str) -> Path:
    """Write the seed's code as ``directory/name.py`` and return that path."""
    path = Path(directory) / f"{name}.py"
    path.write_text(module_source(Path(seed).read_text(encoding="utf-8")), encoding="utf-8")
    return path


def load(path: Path):
    """Import the module at ``path`` (under its file name) and return it."""
    path = Path(path)
    spec = importlib.util.spec_from_file_location(f"_seed_{path.stem}", path)
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    return module
