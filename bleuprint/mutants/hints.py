"""Hand-derived killing tests and the three hint levels a teacher chooses from.

An exercise may ship a pytest file of killing tests (``Exercise.killing_tests``), written
against its contract as a student writes them: the smallest readable input, and an
expected value that is integer statistics or a score whose derivation (a fraction, a
formula of the statistics) is written out in the docstring. Each test's docstring begins

    Kills: s01
    Pitfall: 1. counting n-gram matches without clipping
    Input: bleu_stats("the the the the", ["the cat"])

and the hint levels show, for a surviving mutant:

* ``pitfall``: the pitfall only (the student finds the input and the value);
* ``input``: the pitfall and the input (the student derives the expected value);
* ``test``: the whole test, with its derivation.
"""

from __future__ import annotations

import ast
from dataclasses import dataclass
from pathlib import Path

from .exercises import HINT_LEVELS


@dataclass(frozen=True)
class HandTest:
    mutant: str
    name: str
    pitfall: str
    input: str
    source: str  # the test function, docstring and all
    header: str  # the file's imports, which the test needs


def _field(doc: str, key: str) -> str:
    for line in doc.splitlines():
        if line.strip().startswith(key + ":"):
            return line.split(":", 1)[1].strip()
    return ""


def read(path: str | Path) -> dict[str, HandTest]:
    """Mutant id -> its hand test, from a killing-tests file (module doc); ValueError for a
    test without ``Kills:`` or a mutant with two tests."""
    path = Path(path)
    text = path.read_text(encoding="utf-8")
    tree = ast.parse(text)
    header = "\n".join(ast.get_source_segment(text, node) for node in tree.body
                       if isinstance(node, (ast.Import, ast.ImportFrom)))
    found: dict[str, HandTest] = {}
    for node in tree.body:
        if not (isinstance(node, ast.FunctionDef) and node.name.startswith("test_")):
            continue
        doc = ast.get_docstring(node) or ""
        mutant = _field(doc, "Kills")
        if not mutant:
            raise ValueError(f"{path.name}: {node.name} has no 'Kills:' line")
        if mutant in found:
            raise ValueError(f"{path.name}: {mutant} has two tests ({found[mutant].name}, {node.name})")
        found[mutant] = HandTest(mutant, node.name, _field(doc, "Pitfall"), _field(doc, "Input"),
                                 ast.get_source_segment(text, node), header)
    return found


def render(test: HandTest, level: str) -> str:
    """What a student sees at ``level`` (module doc)."""
    if level not in HINT_LEVELS:
        raise ValueError(f"hint level must be one of {', '.join(HINT_LEVELS)}, got {level!r}")
    lines = [f"pitfall: {test.pitfall}"]
    if level in ("input", "test"):
        lines.append(f"input: {test.input}")
    if level == "test":
        lines += ["", test.header, "", "", test.source]
    return "\n".join(lines)
