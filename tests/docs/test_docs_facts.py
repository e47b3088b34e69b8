"""What the README, the documentation site's pages (``docs/``), ``bleuprint/impl/native.py``
and ``pyproject.toml`` say about the code's own make-up is what the code has (issue 33
item 8): the number and names of the C kernels (``docs/overview.md``), the metrics' scales
(``docs/design.md``), the sacreBLEU versions of the package description, the number of
planted mutants the vectors are measured against (``docs/tutorials/port-author.md``), and
the README's table of the registered metrics and their oracles (issue 41)."""

from __future__ import annotations

import re
import sys
from pathlib import Path
from bleuprint.oracles.hooks import oracle_hooks

ROOT = Path(__file__).resolve().parents[2]
README = (ROOT / "README.md").read_text(encoding="utf-8")
#: The pages the README's chapters moved to (issue 41): the kernels, the vectors' figures.
OVERVIEW = (ROOT / "docs" / "overview.md").read_text(encoding="utf-8")
PORT_TUTORIAL = (ROOT / "docs" / "tutorials" / "port-author.md").read_text(encoding="utf-8")
NUMBER_WORDS = {"one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8,
                "nine": 9, "ten": 10, "eleven": 11, "twelve": 12,
                "thirteen": 13}


def _kernels() -> dict:
    """setup.py's ``KERNELS`` (module name: C source), read without running setup()."""
    text = (ROOT / "setup.py").read_text(encoding="utf-8")
    return dict(re.findall(r'"(_\w+)": "(bleuprint/impl/csrc/\w+\.c)"', text))


def _count_before(text: str, words: str) -> int:
    found = re.search(rf"\b(\w+) {words}", text)
    assert found, f"no '... {words}' in the text"
    return NUMBER_WORDS[found.group(1).lower()]


def test_the_kernel_table_is_read_whole():
    """``_kernels()`` reads setup.py's ``KERNELS`` with a pattern; here the dict literal is
    evaluated by ``ast`` instead, so a kernel the pattern missed would fail this test (the
    counts below are only as good as this reading)."""
    import ast

    tree = ast.parse((ROOT / "setup.py").read_text(encoding="utf-8"))
    table = next(ast.literal_eval(node.value) for node in ast.walk(tree)
                 if isinstance(node, ast.Assign) and getattr(node.targets[0], "id", None) == "KERNELS")
    assert table == _kernels() and table


def test_the_overview_counts_and_names_every_kernel():
    section = OVERVIEW[OVERVIEW.index("## Compiled kernels"):]
    section = section[:section.index("\n#")] if "\n#" in section else section
    assert _count_before(section, "C extension modules") == len(_kernels())
    for name in _kernels():
        assert f"`{name}`" in section, f"docs/overview.md's kernel section does not name {name}"


def test_native_counts_and_lists_every_kernel():
    from bleuprint.impl import native

    doc = native.__doc__
    assert _count_before(doc, "C extension modules") == len(_kernels())
    listed = set(re.findall(r"^\* ``(\w+)``", doc, re.M))
    attributes = {module: attribute for attribute, module in native.KERNELS.items()}
    assert set(attributes) == set(_kernels())
    assert listed == set(attributes.values())


def test_design_names_every_scale_of_the_registry():
    """design.md's "the scale is 100, 10 (CIDEr-D) or 1" lists every metric's scale."""
    from bleuprint.core import get_metric, metric_names

    design = (ROOT / "docs" / "design.md").read_text(encoding="utf-8")
    sentence = re.search(r"the scale is\s+([^.]*)\.", design).group(1)
    stated = {int(n) for n in re.findall(r"\b\d+\b", sentence)}
    assert {get_metric(name).scale for name in metric_names()} == stated


def test_the_package_description_names_every_sacrebleu_version():
    if sys.version_info >= (3, 11):
        import tomllib
    else:  # pragma: no cover
        tomllib = __import__("tomli")
    from bleuprint.spec.sacrebleu_versions import SUPPORTED_VERSIONS

    description = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]["description"]
    for version in SUPPORTED_VERSIONS:
        assert version in description


def test_the_port_tutorial_counts_the_planted_mutants():
    """"... kills every planted mutant that any vector kills: 125 of the 127": 127 is the
    catalogue (the 54 vectors and 125 are those of ``bleuprint vectors export``'s index)."""
    from bleuprint.mutants.catalogue import all_mutants

    found = re.search(r"core\s+suite of ([\d,]+) vectors .*? (\d+) of the (\d+)\.", PORT_TUTORIAL, re.S)
    assert found, "docs/tutorials/port-author.md does not state the core suite's figures"
    assert int(found.group(3)) == len(list(all_mutants()))


def test_the_port_tutorial_counts_the_port_faults():
    """"... and K of the N port faults": N is the catalogue of port faults
    (``bleuprint.mutants.port_faults``; K is ``bleuprint vectors export``'s index), and
    no more are said to be killed than there are."""
    from bleuprint.mutants.port_faults import all_port_faults

    found = re.search(r"(\d+) of the (\d+) port faults", PORT_TUTORIAL)
    assert found, "docs/tutorials/port-author.md does not state the port faults' figures"
    assert int(found.group(2)) == len(all_port_faults()) >= int(found.group(1))


def test_the_readme_lists_every_metric_with_its_oracle():
    """The README's metrics table has one row per registered metric, in registry order,
    naming each pinned oracle with its version (``bleuprint.oracles.hooks.oracle_versions``), "-" for a
    metric checked by hand computations only; no row for a metric that is not registered."""
    from bleuprint.core import get_metric, metric_names

    rows = re.findall(r"^\| `(\w+)` \| .* \| ([^|]+) \|$", README, re.M)
    assert [name for name, _ in rows] == list(metric_names())
    for name, oracle in rows:
        pinned = oracle_hooks(get_metric(name)).oracle_versions
        expected = ", ".join(f"{distribution} {version}" for distribution, version in pinned.items()) or "-"
        assert oracle.strip() == expected, f"README: {name}'s oracle is {oracle.strip()!r}, the registry's {expected!r}"
