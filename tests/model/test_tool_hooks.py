"""The metric model of issue #34: ``bleuprint.core.Metric`` is the definition of a metric,
each tool owns its hooks (``bleuprint.hooks``), and ``bleuprint.core`` imports no tool.

These tests hold the model: a tool hook added back to ``Metric``, a tool imported by
core, an override written as a method of a metric's class (the old style: the tools no
longer read it, so it would be silently ignored) or an override misspelt in
``metrics/NAME/<tool>.py`` each fails one of them."""

from __future__ import annotations

import inspect
import json
import subprocess
import sys
from pathlib import Path

import pytest

import bleuprint
from bleuprint.core import Metric, get_metric, metric_names
from bleuprint.core.registry import hook_parameters
from bleuprint.hooks import Protocol, defined_overrides, protocols

METRICS = Path(bleuprint.__file__).parent / "metrics"

#: The definition of a metric (issue #34, item 2): what it is, its options, whether a
#: segment has references, the spec's statistics, score and parts, the corpus context, and
#: impl's vectorised overrides. Nothing a single tool asks for: its other names are the
#: registry's, its sentence-level defaults its options' data, the spec's rows of a corpus
#: the inputs' protocol's, a paired test's trial scores the paired tests' protocol's.
DEFINITION = {
    # what the metric is
    "name", "title", "scale", "shape", "options", "references", "fractional_columns",
    # the spec layer
    "corpus_context", "combine_contexts", "segment_stats", "score", "parts",
    # impl's vectorised overrides
    "stats_matrix", "fast_score", "batch_scores", "batch_parts", "pair_rows",
}

FORBIDDEN_IN_CORE = ("bleuprint.vectors", "bleuprint.verify", "bleuprint.mutants", "bleuprint.reproduce",
                     "bleuprint.audit", "bleuprint.strategies", "bleuprint.metrics", "hypothesis", "numpy")


def test_core_imports_no_tool():
    """``import bleuprint.core`` (and making a metric value class) loads no tool, no
    metric, no Hypothesis and no numpy: the tools reach the metrics, never the reverse."""
    code = ("import json, sys\n"
            "import bleuprint.core\n"
            "from bleuprint.core import Metric, Option, Shape, register\n"
            "print(json.dumps(sorted(sys.modules)))\n")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True,
                          cwd=Path(bleuprint.__file__).parent.parent)
    loaded = json.loads(done.stdout)
    found = [m for m in loaded if any(m == bad or m.startswith(bad + ".") for bad in FORBIDDEN_IN_CORE)]
    assert found == []


def _public_members(cls) -> set:
    return {name for name in vars(cls) if not name.startswith("_")}


def test_metric_holds_the_definition_only():
    """``Metric``'s public members are the definition (``DEFINITION``): a hook of a tool
    (vectors, verify, mutants, reproduce, strategies, ...) belongs to that tool's
    protocol, not here. (A new member of the definition is added to ``DEFINITION``.)"""
    assert _public_members(Metric) - DEFINITION == set()


def test_no_tool_hook_is_a_member_of_metric():
    """No protocol's name is a member of ``Metric``: a tool asks ``protocol.of(metric)``."""
    for protocol in protocols():
        assert protocol.names() & set(dir(Metric)) == set(), protocol.tool


@pytest.mark.parametrize("name", metric_names())
def test_no_metric_overrides_a_tool_hook_in_its_class(name):
    """A registered metric's class (and its bases) defines no name of a tool's protocol:
    the tools read overrides from ``metrics/NAME/<tool>.py`` only, so a method written in
    the old style would be silently ignored."""
    cls = type(get_metric(name))
    names = set()
    for base in cls.__mro__:
        if base is not Metric and issubclass(base, Metric):
            names |= set(vars(base))
    stale = {protocol.tool: sorted(protocol.names() & names) for protocol in protocols()}
    assert {tool: names for tool, names in stale.items() if names} == {}


def _tool_modules():
    for protocol in protocols():
        for path in sorted(METRICS.glob(f"*/{protocol.module}.py")):
            yield pytest.param(protocol, path, id=f"{path.parent.name}/{path.name}")


@pytest.mark.parametrize("protocol,path", list(_tool_modules()))
def test_every_override_is_a_name_the_tool_knows(protocol, path):
    """Each override in ``metrics/NAME/<tool>.py`` (``defined_overrides``: a public function
    whose first parameter is ``definition``, or a public lower-case constant) is one of the
    tool's hook names: a misspelt override would otherwise be silently ignored."""
    assert defined_overrides(path) - protocol.names() == set()


def test_a_misspelt_override_is_caught(tmp_path):
    """The check above can fail: a module defining ``vector_corpus`` (no s) is reported."""
    vectors = next(p for p in protocols() if p.tool == "vectors")
    module = tmp_path / "vectors.py"
    module.write_text("def vector_corpus(definition):\n    return []\n\n\ndef helper(x):\n    return x\n")
    assert defined_overrides(module) - vectors.names() == {"vector_corpus"}


def test_tune_refuses_a_name_the_tool_does_not_know():
    protocol = Protocol("a tool", "a_tool", {"hook": lambda definition: 1})

    class Made(Metric):
        name = "made_test"

    with pytest.raises(TypeError, match="hooks"):
        protocol.tune(Made, hok=lambda definition: 2)
    protocol.tune(Made, hook=lambda definition: 2)
    assert protocol.of(Made()).hook() == 2


def test_keyword_hooks_take_no_name_an_option_may_have():
    """A tool hook that receives the metric's options as keywords (``**options``) has its
    other parameters among ``hook_parameters``, which ``register`` refuses as option
    names: an option can never be taken for one of them."""
    reserved = hook_parameters()
    for protocol in protocols():
        for name, default in protocol.defaults.items():
            if not callable(default):
                continue
            parameters = inspect.signature(default).parameters.values()
            if any(p.kind is p.VAR_KEYWORD for p in parameters):
                own = {p.name for p in parameters if p.kind not in (p.VAR_KEYWORD, p.VAR_POSITIONAL)}
                assert own <= reserved, (protocol.tool, name)
