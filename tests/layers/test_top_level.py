"""The lazy top level (``bleuprint/__init__.py``): impl's public names on first use, and
``__version__`` from the installed distribution's metadata (one source with
``bleuprint --version``). Each check runs in a fresh interpreter, so that nothing this
test process imported earlier hides a name that only an eager import would provide."""

from __future__ import annotations

import os
import subprocess
import sys

from source_graph import ROOT


def run(code: str) -> str:
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env=env, cwd=ROOT,
                            timeout=120)
    assert result.returncode == 0, result.stderr
    return result.stdout


def test_impl_names_on_first_use():
    """``bleuprint.X``, ``from bleuprint import X``, ``from bleuprint import *``,
    ``__all__`` and ``dir`` give impl's public names, as the same objects."""
    out = run("""
import sys
import bleuprint
assert "bleuprint.impl" not in sys.modules
from bleuprint import corpus_bleu
import bleuprint.impl as impl
assert corpus_bleu is impl.corpus_bleu and bleuprint.Accumulator is impl.Accumulator
assert bleuprint.__all__ == list(impl.__all__)
assert set(impl.__all__) <= set(dir(bleuprint))
namespace = {}
exec("from bleuprint import *", namespace)
assert sorted(k for k in namespace if k != "__builtins__") == sorted(impl.__all__)
assert all(namespace[name] is getattr(impl, name) for name in impl.__all__)
assert bleuprint.spec.corpus_bleu is not None  # a subpackage, on first use too
try:
    bleuprint.no_such_name
except AttributeError as error:
    assert "no_such_name" in str(error)
else:
    raise AssertionError("bleuprint.no_such_name did not raise AttributeError")
print("ok")
""")
    assert out.strip() == "ok"


def test_version_comes_from_the_distribution_metadata():
    """``bleuprint.__version__`` is what ``importlib.metadata.version("bleuprint")`` says
    (replaced here by a stand-in that answers 9.8.7, so that a version typed into the
    source cannot pass), and ``bleuprint --version`` prints the same."""
    out = run("""
import importlib.metadata
importlib.metadata.version = lambda name: "9.8.7" if name == "bleuprint" else None
import bleuprint
from bleuprint.cli import bleuprint_version
print(bleuprint.__version__, bleuprint_version())
""")
    assert out.split() == ["9.8.7", "9.8.7"]


def test_version_without_an_installed_distribution():
    out = run("""
import importlib.metadata
def version(name):
    raise importlib.metadata.PackageNotFoundError(name)
importlib.metadata.version = version
import bleuprint
print(bleuprint.__version__)
""")
    assert out.strip() == "unknown (not installed)"
