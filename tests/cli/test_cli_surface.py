"""The command line's own surface: options are matched whole (no argparse prefix
matching), sacreBLEU's test-set options beside reference files, and ``--version``.

Issue #12 items 4 and 5. sacreBLEU 2.5.1's ``-t`` is ``--test-set``; with prefix matching
argparse read it as ``-tok`` and scored with the char tokenizer.
"""

from __future__ import annotations

import argparse
import os
import shutil
import subprocess
import sys
from importlib.metadata import version
from pathlib import Path

import pytest

from bleuprint.cli import build_parser
from cli_harness import NO_NETWORK, needs_sacrebleu, run_bleuprint, run_sacrebleu


def _parsers(parser: argparse.ArgumentParser, path=("bleuprint",)):
    """Every parser of the command line, with the words that reach it."""
    yield path, parser
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            for name, sub in action.choices.items():
                yield from _parsers(sub, path + (name,))


def _abbreviations():
    """(parser path, option, a strict prefix of it that names no other option)."""
    for path, parser in _parsers(build_parser()):
        options = set(parser._option_string_actions)
        for option in sorted(options):
            long = option.startswith("--")
            if len(option) < (4 if long else 3):
                continue
            prefix = option[:-1]
            if prefix not in options and prefix not in ("-", "--"):
                yield path, option, prefix


ABBREVIATIONS = list(_abbreviations())
#: Arguments that make each command's line valid, so that only the prefix can be wrong.
_VALID_ARGUMENTS = {("score",): ["ref"], ("reproduce",): ["ref", "-i", "hyp", "--claim", "1"],
                    ("mutants", "grade"): ["suite"], ("mutants", "explain"): ["matrix.json"],
                    ("vectors", "export"): ["out"], ("compare-scores",): ["scores.tsv"]}


def test_every_parser_has_options_to_abbreviate():
    """The walk reaches every subcommand (so the next test covers them all)."""
    reached = {path for path, _, _ in ABBREVIATIONS}
    for command in (("bleuprint", "score"), ("bleuprint", "reproduce"), ("bleuprint", "verify"),
                    ("bleuprint", "mutants", "run")):
        assert command in reached


def _parser_at(path):
    for found, parser in _parsers(build_parser()):
        if found == path:
            return parser
    raise LookupError(path)


@pytest.mark.parametrize("path, option, prefix", ABBREVIATIONS, ids=[f"{' '.join(p[1:])}:{o}" for p, o, _ in
                                                                     ABBREVIATIONS])
def test_a_prefix_of_an_option_is_not_that_option(path, option, prefix):
    """``bleuprint score -to char`` must not mean ``-tok char``: argparse's prefix matching
    (``allow_abbrev``; for single-dash options Python 3.11 matches prefixes even with it
    off) is off in every parser. The prefix, with a value the option would accept, leaves
    the option unset (it is left over, or read as a one-letter option joined to its value,
    as ``-to`` is ``-t o``), and never runs the option (``--hel`` printing the help)."""
    parser = _parser_at(path)
    action = parser._option_string_actions[option]
    value = str(list(action.choices)[0]) if action.choices else "1"
    following = {("bleuprint",): "verify", ("bleuprint", "mutants"): "list"}.get(path, value)
    valid = _VALID_ARGUMENTS.get(path[1:], [])
    try:
        namespace, _ = parser.parse_known_args(valid + [prefix, following])
    except SystemExit as stop:
        assert stop.code != 0, f"{prefix} ran {option}"
        return
    if action.dest != argparse.SUPPRESS:
        before, _ = parser.parse_known_args(valid + ([following] if following != value else []))
        assert getattr(namespace, action.dest, None) == getattr(before, action.dest, None), \
            f"{prefix} was read as {option}"


#: sacreBLEU's test-set options beside reference files, on an empty cache: (argv, whether
#: sacreBLEU 2.5.1 crashes or tries to download there).
TEST_SET_ARGV = [(["-t", "char"], False), (["-t", "wmt14", "-l", "en-de"], False), (["--list"], False),
                 (["--echo", "ref"], False), (["--citation"], False), (["-d"], False),
                 (["--download", "wmt14", "-l", "en-de"], True), (["--origlang", "de"], True),
                 (["--subset", "x"], True)]


@needs_sacrebleu
@pytest.mark.parametrize("argv, sacrebleu_fails", TEST_SET_ARGV)
def test_sacrebleu_test_set_options_with_reference_files(corpus_dir, monkeypatch, tmp_path, argv, sacrebleu_fails):
    """With reference files and no set in the cache, each test-set option does what
    sacreBLEU does (``-t char`` is the unknown test set ``char``, never ``-tok char``;
    ``--list`` lists; ``-d`` finds no subset information), with its status and standard
    output. Where sacreBLEU would download (``--download``) or crashes (``--origlang``,
    ``--subset`` without ``-t``), bleuprint stops with one line and status 1, and nothing
    is downloaded: the cache stays empty."""
    env = {**NO_NETWORK, "SACREBLEU": str(tmp_path)}
    got = run_bleuprint(["ref.txt", "-i", "sysA.txt", *argv], corpus_dir, None, env, monkeypatch)
    assert list(tmp_path.iterdir()) == []
    if sacrebleu_fails:
        assert got.status == 1 and got.stdout == ""
        assert len(got.stderr.splitlines()) == 1
        assert ("bleuprint downloads nothing" in got.stderr if argv[0] == "--download"
                else "needs a test (-t) and a language pair (-l)" in got.stderr)
        return
    expected = run_sacrebleu(["ref.txt", "-i", "sysA.txt", *argv], corpus_dir, None, env)
    assert (got.status, got.stdout) == (expected.status, expected.stdout)


def _bleuprint(*argv: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "bleuprint", *argv], capture_output=True, text=True,
                          encoding="utf-8", timeout=120, env={**os.environ, "PYTHONIOENCODING": "utf-8"})


@pytest.mark.parametrize("flag", ["--version", "-V"])
def test_bleuprint_version(flag):
    """The installed distribution's version, and the sacreBLEU versions it is exact to."""
    done = _bleuprint(flag)
    assert done.returncode == 0 and done.stderr == ""
    assert done.stdout == f"bleuprint {version('bleuprint')} (exact to sacreBLEU 2.5.1 and 2.6.0)\n"


@pytest.mark.sacrebleu_live
@needs_sacrebleu
@pytest.mark.parametrize("flag", ["--version", "-V"])
def test_score_version_is_sacrebleus_line_then_bleuprints(flag):
    """``bleuprint score --version``: the first line is what the ``sacrebleu`` command
    prints for ``--version``, the second bleuprint's own (the README documents both)."""
    script = shutil.which("sacrebleu", path=str(Path(sys.executable).parent)) or shutil.which("sacrebleu")
    if script is None:
        pytest.skip("the sacrebleu console script is not on this environment's PATH")
    expected = subprocess.run([script, flag], capture_output=True, text=True, timeout=120)
    done = _bleuprint("score", flag)
    assert done.returncode == expected.returncode == 0
    first, second = done.stdout.splitlines()
    assert first == expected.stdout.strip()
    assert second == f"bleuprint {version('bleuprint')} (exact to sacreBLEU 2.5.1 and 2.6.0)"
