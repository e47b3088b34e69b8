"""No package reaches into another package's private names (issue #13, item 5).

Packages as ``source_graph`` defines them: spec, impl, compat, oracles, mutants, core,
metrics, cli, reproduce, ...; each top-level module (verify, strategies) its own. In a
file of package P, each of these is a violation when the name is private and belongs to
another package Q:

1. ``from Q.module import _name`` (a private function, constant or module);
2. ``module._name`` (or ``module.sub._name``) on a name bound to a module of Q by an
   import or ``importlib.import_module("...")``;
3. ``obj._name`` on any other object when only classes of other packages define
   ``_name`` (a method, a class attribute or ``self._name = ...``) and none of P's do:
   the attribute of another package's object. Files that import ``sacrebleu`` are left
   out of this rule only: sacreBLEU's private attributes (``_mean``, ``_ci``,
   ``_extract_corpus_statistics``) are what the oracles read, on purpose
   (``bleuprint.oracles.sacrebleu_oracle``), and compat mirrors some of their names.

What another package needs is made public where it is defined.
"""

from __future__ import annotations

from pathlib import Path

from source_graph import ROOT, is_private, package_of, private_attributes_by_package, read, source_files

def private_name_violations(root: Path = ROOT, skip: tuple = ()) -> list[str]:
    """``path:line: text`` for every use of another package's private name (module doc)
    in the files of ``root/bleuprint`` but those in ``skip``."""
    defined = private_attributes_by_package(root)
    found = []
    for name, path in source_files(root).items():
        relative = path.relative_to(root).as_posix()
        if relative in skip:
            continue
        own = package_of(name)
        source = read(path, root)
        for use in source.uses:
            if package_of(use.module) == own:
                continue
            private_module = any(is_private(part) for part in use.module.split("."))
            if private_module or (use.attribute is not None and is_private(use.attribute)):
                found.append(f"{relative}:{use.line}: {use.text}")
        if source.imports_sacrebleu:
            continue
        for line, attribute in source.object_attributes:
            owners = defined.get(attribute, set())
            if owners and own not in owners:
                found.append(f"{relative}:{line}: .{attribute} (defined by {', '.join(sorted(owners))})")
    return found


def test_no_package_uses_another_packages_private_names():
    found = private_name_violations(ROOT)
    assert not found, "private names used across packages:\n" + "\n".join(found)


def test_private_name_violations_detects_each_rule(tmp_path):
    """The checker itself, on a planted tree: each rule caught, same-package and public
    uses let through, a sacreBLEU reader exempt from rule 3 only, ``skip`` honoured."""
    files = {
        "bleuprint/__init__.py": "",
        "bleuprint/compat/__init__.py": "",
        "bleuprint/compat/printing.py": "_RESET = 1\nPUBLIC = 2\n",
        "bleuprint/compat/metrics.py": "class BLEU:\n    def __init__(self):\n        self._force = 1\n"
                                       "    def _options(self):\n        return {}\n",
        "bleuprint/spec/__init__.py": "",
        "bleuprint/spec/significance.py": "def _prepare():\n    pass\n",
        "bleuprint/spec/intervals.py": "from . import significance\nsignificance._prepare()\n",
        "bleuprint/cli.py": "from .compat.printing import _RESET, PUBLIC\n"
                            "def f(metric):\n    return metric._force, metric._options(), metric._unknown\n",
        "bleuprint/mutants/__init__.py": "",
        "bleuprint/mutants/faults.py": "import importlib\nS = importlib.import_module('bleuprint.spec.significance')\n"
                                       "S._prepare()\nimport bleuprint.compat.printing as P\nP._RESET\n",
        "bleuprint/oracles/__init__.py": "",
        "bleuprint/oracles/reader.py": "import sacrebleu\nfrom bleuprint.compat.printing import _RESET\n"
                                       "def f(score):\n    return score._force\n",
    }
    for relative, text in files.items():
        path = tmp_path / relative
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
    found = private_name_violations(tmp_path)
    assert found == [
        "bleuprint/cli.py:1: from bleuprint.compat.printing import _RESET",
        "bleuprint/cli.py:3: ._force (defined by compat)",
        "bleuprint/cli.py:3: ._options (defined by compat)",
        "bleuprint/mutants/faults.py:3: S._prepare",
        "bleuprint/mutants/faults.py:5: P._RESET",
        "bleuprint/oracles/reader.py:2: from bleuprint.compat.printing import _RESET",
    ]
    assert private_name_violations(tmp_path, ("bleuprint/cli.py", "bleuprint/mutants/faults.py",
                                              "bleuprint/oracles/reader.py")) == []
