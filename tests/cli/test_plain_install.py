"""The command line of a plain install (``pip install bleuprint``, no extras): issue #33 item 1.

bleuprint's run-time dependencies are numpy and regex. Scoring, reproducing a score,
auditing a callable and verifying a port must need nothing else; a command that does
need a test-only package (``fuzz``: Hypothesis; ``mutants run``: pytest) says so in one
line with a non-zero status.

Each test runs bleuprint in a fresh interpreter in which every package outside the
standard library, numpy, regex and bleuprint is hidden (``HIDE``: every finder of
``sys.meta_path`` is wrapped so that it does not find them, as if they were not
installed: ``import hypothesis`` raises ModuleNotFoundError and
``importlib.util.find_spec("hypothesis")`` is None). .ci/run also installs the project
without extras into a fresh venv and scores a file.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

import bleuprint
from bleuprint.cli import build_parser

#: The checkout under test (its bleuprint is the one the child imports).
ROOT = Path(bleuprint.__file__).resolve().parents[1]

#: The top-level packages a plain install has besides the standard library.
RUNTIME = ("numpy", "regex", "bleuprint")

#: Run first in the child: hides every other package (module doc), and checks that the
#: hiding works on a package the parent has (so a broken hide cannot pass unnoticed).
HIDE = f"""
import importlib.util, sys
_ALLOWED = set(sys.stdlib_module_names) | set({RUNTIME!r})

class _Hidden:
    def __init__(self, finder):
        self.finder = finder

    def find_spec(self, name, path=None, target=None):
        if name.partition(".")[0] not in _ALLOWED:
            return None
        find = getattr(self.finder, "find_spec", None)
        return find(name, path, target) if find is not None else None

    def invalidate_caches(self):
        getattr(self.finder, "invalidate_caches", lambda: None)()

    def find_distributions(self, *args, **kwargs):  # importlib.metadata: the hidden have none
        find = getattr(self.finder, "find_distributions", None)
        found = find(*args, **kwargs) if find is not None else ()
        return (d for d in found if (d.metadata["Name"] or "").lower() in _ALLOWED)

for _name in [n for n in sys.modules if n.partition(".")[0] not in _ALLOWED | {{"__main__"}}]:
    del sys.modules[_name]
sys.meta_path[:] = [_Hidden(f) for f in sys.meta_path]
assert importlib.util.find_spec("pytest") is None, "the hide does not hide pytest"
import importlib.metadata
try:
    importlib.metadata.version("pytest")
except importlib.metadata.PackageNotFoundError:
    pass
else:
    raise AssertionError("the hide does not hide pytest's metadata")
"""

#: The child for many commands at once: runs ``bleuprint.cli.main(argv)`` for every argv
#: of the JSON list in argv[1] and prints one JSON line: per argv, the exit status, standard
#: output and standard error (an exception that escapes is its traceback, status None).
MANY_CHILD = HIDE + """
import contextlib, io, json, traceback
from bleuprint.cli import main
results = []
for argv in json.loads(sys.argv[1]):
    out, err, status = io.StringIO(), io.StringIO(), None
    try:
        with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
            status = main(argv)
    except SystemExit as stop:
        status = stop.code if isinstance(stop.code, int) else (0 if stop.code is None else 1)
    except BaseException:
        err.write(traceback.format_exc())
    results.append({"argv": argv, "status": status, "stdout": out.getvalue(), "stderr": err.getvalue()})
print(json.dumps(results))
"""

#: The child for one command, as the ``bleuprint`` script runs it.
COMMAND_CHILD = HIDE + """
import runpy
sys.argv = ["bleuprint", *sys.argv[1:]]
runpy.run_module("bleuprint", run_name="__main__", alter_sys=True)
"""


def _env() -> dict:
    env = {k: v for k, v in os.environ.items() if not k.startswith(("SACREBLEU", "PYTHON"))}
    env["PYTHONPATH"] = str(ROOT)
    env["PYTHONIOENCODING"] = "utf-8"
    return env


def run_plain(argv: list[str], cwd) -> subprocess.CompletedProcess:
    """``bleuprint ARGV`` in a child that sees only the standard library, numpy, regex
    and bleuprint."""
    return subprocess.run([sys.executable, "-c", COMMAND_CHILD, *argv], cwd=cwd, env=_env(),
                          capture_output=True, text=True, encoding="utf-8", timeout=300)


def run_plain_many(argvs: list[list[str]], cwd) -> list[dict]:
    """``bleuprint ARGV`` for each of ``argvs``, in one plain child (``MANY_CHILD``)."""
    done = subprocess.run([sys.executable, "-c", MANY_CHILD, json.dumps(argvs)], cwd=cwd, env=_env(),
                          capture_output=True, text=True, encoding="utf-8", timeout=300)
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout.strip().splitlines()[-1])


def command_paths(parser: argparse.ArgumentParser, prefix: tuple = ()) -> list[tuple]:
    """Every command and subcommand of ``parser``, as the words that select it: ``()``,
    ``("score",)``, ``("mutants", "run")``, ... (read from argparse's subparsers, so a new
    command is covered without naming it here)."""
    found = [prefix]
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            for name, sub in action.choices.items():
                found += command_paths(sub, prefix + (name,))
    return found


def test_command_paths_reach_the_subcommands():
    """The enumeration the help test relies on sees nested subcommands (a walk that
    stopped at the first level would leave ``mutants run`` untested)."""
    paths = command_paths(build_parser())
    assert ("mutants", "run") in paths and ("vectors", "export") in paths and ("score",) in paths


def test_every_help_and_the_version_run_without_test_packages():
    """``bleuprint --help``, ``--version`` and every command's and subcommand's ``--help``
    exit 0 with only the run-time dependencies importable. Before the fix every one of
    them ended in "ImportError: bleuprint.strategies needs the Hypothesis library" (the
    parser imported the fuzzer)."""
    argvs = [[*path, "--help"] for path in command_paths(build_parser())] + [["--version"], ["score", "--version"]]
    results = run_plain_many(argvs, ROOT)
    failed = [f"{' '.join(r['argv'])}: status {r['status']}: {r['stderr'].strip()[-600:]}"
              for r in results if r["status"] != 0 or not r["stdout"].strip()]
    assert not failed, "\n".join(failed)


def test_score_without_test_packages_gives_sacrebleus_bleu(corpus_dir):
    """A real ``bleuprint score REF -i SYS -m bleu`` in the plain child: its score equals
    sacreBLEU's ``corpus_bleu`` computed here, in the parent (where sacreBLEU is
    installed), within 1e-9 on the 0-100 scale (printed with 10 decimals, so rounding
    adds at most 5e-11)."""
    sacrebleu = pytest.importorskip("sacrebleu")
    done = run_plain(["score", "ref.txt", "-i", "sysA.txt", "-m", "bleu", "-b", "-w", "10"], corpus_dir)
    assert done.returncode == 0, done.stderr
    refs = (corpus_dir / "ref.txt").read_text(encoding="utf-8").split("\n")[:-1]
    hyps = (corpus_dir / "sysA.txt").read_text(encoding="utf-8").split("\n")[:-1]
    expected = sacrebleu.corpus_bleu([h.rstrip() for h in hyps], [[r.rstrip() for r in refs]]).score
    assert float(done.stdout.strip()) == pytest.approx(expected, abs=1e-9, rel=0)


def test_reproduce_without_test_packages(corpus_dir):
    """``bleuprint reproduce`` in the plain child, given sacreBLEU's own score line (computed
    here, in the parent): the claim holds (status 0) and the recomputed score is sacreBLEU's
    within 1e-9; the same claim plus 1 does not hold (status 1)."""
    sacrebleu = pytest.importorskip("sacrebleu")
    refs = (corpus_dir / "ref.txt").read_text(encoding="utf-8").split("\n")[:-1]
    hyps = (corpus_dir / "sysA.txt").read_text(encoding="utf-8").split("\n")[:-1]
    metric = sacrebleu.BLEU()
    score = metric.corpus_score([h.rstrip() for h in hyps], [[r.rstrip() for r in refs]])
    signature = str(metric.get_signature())
    base = ["reproduce", "ref.txt", "-i", "sysA.txt", "-S", signature, "-f", "json", "-c"]
    held, refuted = run_plain_many([base + [f"{score.score:.1f}"], base + [f"{score.score + 1:.1f}"]], corpus_dir)
    assert held["status"] == 0, held["stderr"]
    assert json.loads(held["stdout"])["recomputed"] == pytest.approx(score.score, abs=1e-9, rel=0)
    assert refuted["status"] == 1, refuted["stderr"]


def test_audit_of_a_callable_without_hypothesis():
    """``bleuprint audit FILE:FUNCTION`` in the plain child compares the real text (the
    Hypothesis search is left out, and the report says so): an exact copy of the spec's
    BLEU (``tests/audit/libraries.py:exact_bleu``) is equal on every case (status 0), BLEU
    on 0-1 declared as 0-100 (``bleu_fraction``) differs (status 1), explained as the scale.
    Before the fix the audit ended in a traceback (ModuleNotFoundError: hypothesis)."""
    argvs = [["audit", f"tests/audit/libraries.py:{name}", "--as", "bleu", "--json", "-"]
             for name in ("exact_bleu", "bleu_fraction")]
    exact, fraction = run_plain_many(argvs, ROOT)
    assert exact["status"] == 0, exact["stderr"]
    subject = json.loads(exact["stdout"])["subjects"][0]
    assert subject["realText"]["cases"] > 0 and subject["realText"]["equal"] == subject["realText"]["cases"]
    assert subject["examples"] == 0 and "Hypothesis" in subject["message"]
    assert fraction["status"] == 1, fraction["stderr"]
    classes = json.loads(fraction["stdout"])["subjects"][0]["classes"]
    assert [c["explanation"]["variant"] for c in classes] == ["scale_down"]


def test_verify_port_without_test_packages():
    """``bleuprint verify --port`` in the plain child: the test port answering with the spec
    passes (status 0), the one whose BLEU takes the shortest reference fails (status 1)."""
    port = f"{sys.executable} {ROOT / 'tests' / 'ports' / 'fake_port.py'}"
    right, wrong = run_plain_many([["verify", "--port", f"{port} correct bleu", "--json", "-"],
                                   ["verify", "--port", f"{port} shortest_ref bleu", "--json", "-"]], ROOT)
    assert right["status"] == 0, right["stderr"] + right["stdout"][-2000:]
    assert wrong["status"] == 1, wrong["stderr"]


#: Commands that need a test-only package, and the package (``TEST_ONLY_PACKAGES``' name).
NEEDING = [
    (["fuzz", "--port", "no-such-port", "--metric", "bleu"], "Hypothesis"),
    (["mutants", "run"], "pytest"),
    (["mutants", "grade", "tests/spec"], "pytest"),
    (["mutants", "explain", "matrix.json"], "Hypothesis"),
    (["verify", "--with-mutants"], "pytest"),
]


def test_commands_needing_a_test_package_say_so_in_one_line():
    """Each command of ``NEEDING``, in the plain child, exits with status 2 and one line on
    standard error naming the package and the pip command, before doing any work (before
    the fix: a traceback, or for ``verify --with-mutants`` one after a minute of checks)."""
    results = run_plain_many([argv for argv, _ in NEEDING], ROOT)
    for (argv, package), result in zip(NEEDING, results):
        lines = result["stderr"].strip().splitlines()
        assert result["status"] == 2 and len(lines) == 1, (argv, result["stderr"])
        assert package in lines[0] and "pip install 'bleuprint[test]'" in lines[0], (argv, lines)


def test_mutants_list_without_test_packages():
    """``bleuprint mutants list`` needs no test package: in the plain child it lists every
    planted mutant of the catalogue (one line each, as many as the parent's catalogue)."""
    from bleuprint.mutants.catalogue import all_mutants

    (result,) = run_plain_many([["mutants", "list"]], ROOT)
    assert result["status"] == 0, result["stderr"]
    assert [line.split()[0] for line in result["stdout"].splitlines()] == [m.id for m in all_mutants()]
