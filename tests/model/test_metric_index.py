"""The metric index (``bleuprint.metrics.INDEX``) and what a first use loads (issue #40,
item 5): the registry knows every built-in metric by its name, aliases and public names
without importing its folder, so ``import bleuprint``, a first ``corpus_bleu`` and
``bleuprint score -m bleu`` load BLEU's folder and no other metric's, and none of the
tools. These tests hold the index to what the folders register (a metric added, renamed or
given an alias without its line in the index fails the first) and the loads to that list
(an import added at a module's top that pulls another metric, Hypothesis or a tool back
into the start-up fails the others). Speed itself is measured by benchmarks/startup.py."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

import bleuprint
from bleuprint.metrics import INDEX

ROOT = Path(bleuprint.__file__).parent.parent
METRICS = ROOT / "bleuprint" / "metrics"

#: Packages that neither a first BLEU score nor ``bleuprint score -m bleu`` may load: the
#: tools, the test-only packages and the outside references.
TOOLS = ("bleuprint.verify", "bleuprint.mutants", "bleuprint.audit", "bleuprint.vectors", "bleuprint.ports",
         "bleuprint.strategies", "bleuprint.oracles", "bleuprint.conformance", "bleuprint.metaeval",
         "bleuprint.dask", "bleuprint.encoder", "bleuprint.reproduce.search", "bleuprint.reproduce.claims",
         "hypothesis", "pytest", "sacrebleu", "dask")


def _loaded(code: str) -> list[str]:
    """The modules loaded after running ``code`` in a fresh interpreter (this tree's copy)."""
    done = subprocess.run([sys.executable, "-c", code + "\nimport json, sys\nprint(json.dumps(sorted(sys.modules)))"],
                          capture_output=True, text=True, check=True, cwd=ROOT)
    return json.loads(done.stdout.splitlines()[-1])


def _metric_folders(loaded: list[str]) -> set[str]:
    return {name.split(".")[2] for name in loaded if name.startswith("bleuprint.metrics.")}


def _tools(loaded: list[str]) -> list[str]:
    return [name for name in loaded if any(name == tool or name.startswith(tool + ".") for tool in TOOLS)]


def test_the_index_is_what_the_folders_register():
    """Importing every folder of ``bleuprint/metrics`` registers exactly the metrics of the
    index, each from the folder the index names, with its aliases and public names; and
    the registry lists them in the index's order."""
    code = ("import importlib, json, pkgutil\n"
            "import bleuprint.metrics as package\n"
            "from bleuprint.core import get_metric, metric_names\n"
            "from bleuprint.core.registry import metric_aliases, metric_api_names\n"
            "for found in pkgutil.iter_modules(package.__path__):\n"
            "    importlib.import_module(f'bleuprint.metrics.{found.name}')\n"
            "registered = {name: [type(m).__module__.split('.')[2], list(metric_aliases(name)),\n"
            "                     list(metric_api_names(name)[0])]\n"
            "              for name, m in ((name, get_metric(name)) for name in metric_names())}\n"
            "print(json.dumps([registered, list(metric_names())]))\n")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True, cwd=ROOT)
    registered, listed = json.loads(done.stdout)
    indexed = {name: [folder, list(aliases), list(api_names)] for name, folder, aliases, api_names in INDEX}
    assert registered == indexed
    assert listed == [name for name, *_ in INDEX]


def test_a_look_up_imports_the_one_folder():
    """Looking up ``chrf``, or ``meteor`` by its alias, imports that folder alone; listing
    the names and naming a metric's public function import none."""
    loaded = _loaded("from bleuprint.core import metric_names\n"
                     "names = metric_names()\n"
                     "import bleuprint.impl as impl\n"
                     "assert 'corpus_bleu' in impl.__all__ and 'chrf' in names\n")
    assert _metric_folders(loaded) == set()
    loaded = _loaded("from bleuprint.core import get_metric\n"
                     "assert get_metric('chrf').name == 'chrf' and get_metric('meteor-1.5').name == 'meteor'\n")
    assert _metric_folders(loaded) == {"chrf", "meteor"}


def test_a_first_corpus_bleu_loads_bleu_alone():
    """``import bleuprint`` loads no metric and no numpy; a first ``corpus_bleu`` loads
    BLEU's folder, no other metric's, no tool and no compiled kernel but BLEU's
    (``_ngrams``) and the shared resampling one."""
    loaded = _loaded("import bleuprint\n")
    assert _metric_folders(loaded) == set() and "numpy" not in loaded and _tools(loaded) == []
    loaded = _loaded("import bleuprint\n"
                     "assert round(bleuprint.corpus_bleu(['the cat sat on the mat'], [['the cat sat on the mat']]), 6) == 100\n")
    assert _metric_folders(loaded) == {"bleu"}
    assert _tools(loaded) == []
    kernels = {name for name in loaded if name.startswith("bleuprint.impl._")}
    assert kernels <= {"bleuprint.impl._ngrams", "bleuprint.impl._resample"}


def _kernels_built() -> bool:
    from bleuprint.impl import native

    return native.ngrams is not None and native.resample is not None


@pytest.mark.skipif(not _kernels_built(), reason="the compiled kernels are not built")
def test_a_first_small_corpus_bleu_imports_no_numpy():
    """A first ``corpus_bleu`` and ``sentence_bleu`` of a small corpus load no numpy (the
    compiled kernels on plain Python objects, ``bleuprint.metrics.bleu.plain_impl``); a large
    corpus does (the vectorised route). The numbers of both routes are held equal by
    ``tests/impl/test_bleu_plain_impl.py``.

    The scores, by hand: the first segment matches its reference (6 tokens: 6, 5, 4, 3
    n-grams matched of 6, 5, 4, 3), "a dog" against "the dog" matches 1 of 2 unigrams and
    0 of 1 bigram; so c = r = 8, BP = 1, precisions 7/8, 5/6, 4/4, 3/3 and BLEU =
    100 (35/48)^(1/4) = 92.40739. "the cat sat" against a 6-token reference: every n-gram
    of orders 1-3 matches, order 4 has none (effective order 3), BP = exp(1 - 6/3), so
    100 e^-1 = 36.787944."""
    loaded = _loaded("import bleuprint\n"
                     "assert round(bleuprint.corpus_bleu(['the cat sat on the mat', 'a dog'], "
                     "[['the cat sat on the mat'], ['the dog']]), 6) == 92.40739\n"
                     "assert round(bleuprint.sentence_bleu('the cat sat', ['the cat sat on the mat']), 6) == 36.787944\n")
    assert "numpy" not in loaded
    loaded = _loaded("import bleuprint\n"
                     "from bleuprint.metrics.bleu.plain_impl import MAX_SEGMENTS\n"
                     "n = MAX_SEGMENTS + 1\n"
                     "bleuprint.corpus_bleu(['the cat'] * n, [['the cat']] * n)\n")
    assert "numpy" in loaded


@pytest.mark.skipif(not _kernels_built(), reason="the compiled kernels are not built")
def test_bleuprint_score_of_a_small_file_imports_no_numpy(tmp_path):
    """``bleuprint score REF -i HYP -m bleu`` on a small file loads no numpy (the streamed
    sums of ``bleuprint.impl.hooks``' numpy-free route) and prints the score: "the cat sat on
    a mat" against "the cat sat on the mat" (``_score_small_file``). The in-memory path's
    matrix gives the same sums (``tests/cli/test_score_stream.py``)."""
    _, loaded = _score_small_file(tmp_path)
    assert "numpy" not in loaded


def _score_small_file(tmp_path) -> tuple[list, list]:
    """``(argv, modules loaded)`` of ``bleuprint score REF -i HYP -m bleu -b`` on one segment
    in a fresh interpreter, which checks the printed score: "the cat sat on a mat" against
    "the cat sat on the mat" matches 5/6, 3/5, 2/4 and 1/3 n-grams (BP 1), so BLEU =
    100 (5/6 * 3/5 * 2/4 * 1/3)^(1/4) = 53.7 (printed with one decimal)."""
    ref, hyp = tmp_path / "ref.txt", tmp_path / "hyp.txt"
    ref.write_text("the cat sat on the mat\n", encoding="utf-8")
    hyp.write_text("the cat sat on a mat\n", encoding="utf-8")
    argv = ["score", str(ref), "-i", str(hyp), "-m", "bleu", "-b"]
    return argv, _loaded("import contextlib, io\n"
                         "from bleuprint.cli import main\n"
                         "out = io.StringIO()\n"
                         "with contextlib.redirect_stdout(out):\n"
                         f"    assert main({argv!r}) == 0\n"
                         "assert out.getvalue().strip() == '53.7', out.getvalue()\n")


def test_bleuprint_score_loads_its_command_alone(tmp_path):
    """``bleuprint score REF -i HYP -m bleu`` imports no other command's module, no other
    metric's folder and no tool; and the score is the full parser's."""
    argv, loaded = _score_small_file(tmp_path)
    assert _metric_folders(loaded) == {"bleu"}
    assert _tools(loaded) == []
    commands = {name for name in loaded if name.startswith("bleuprint.cli.")}
    assert commands.isdisjoint({"bleuprint.cli.verify", "bleuprint.cli.mutants", "bleuprint.cli.reproduce",
                                "bleuprint.cli.vectors", "bleuprint.cli.fuzz", "bleuprint.cli.audit",
                                "bleuprint.cli.conformance", "bleuprint.cli.meta_eval"})
    from bleuprint.cli import build_parser

    full, alone = build_parser().parse_args(argv), build_parser("score").parse_args(argv)
    assert vars(full) == vars(alone)
