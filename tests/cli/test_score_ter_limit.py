"""``bleuprint score -m ter`` on a line beyond ``bleuprint.metrics.ter.spec.MAX_WORDS`` TER words
(2,000): one line on standard error, ``bleuprint: hyps[i]: ...`` naming the segment by
its index in the files (line i + 1), both lengths and the limit, exit status 1, nothing
on standard output and no traceback; with the fast implementation and with ``--impl
spec``, in one piece and chunk by chunk behind the progress bar, and through the real
entry point (``python -m bleuprint score``) on the 100,000-word line that ended in a
MemoryError's traceback."""

from __future__ import annotations

import importlib
import os
import subprocess
import sys
from pathlib import Path

import pytest

from bleuprint.cli import score_compute
from cli_harness import run_bleuprint

LIMIT = importlib.import_module("bleuprint.metrics.ter.spec").MAX_WORDS
ROOT = Path(__file__).resolve().parents[2]


def _message(index: int, n_hyp: int, n_ref: int) -> str:
    return (f"bleuprint: hyps[{index}]: TER of a {n_hyp}-word hypothesis against a {n_ref}-word reference is beyond "
            f"the limit of {LIMIT} words per line; split the segment or leave it out\n")


def _write(folder: Path, name: str, lines: list[str]) -> None:
    (folder / name).write_text("\n".join(lines) + "\n", encoding="utf-8")


@pytest.mark.parametrize("impl", ["impl", "spec"])
def test_a_long_line_is_one_message_and_status_1(tmp_path, monkeypatch, impl):
    _write(tmp_path, "ref.txt", ["a b c", "d e f", "g h i"])
    _write(tmp_path, "sys.txt", ["a b c", " ".join(f"w{i}" for i in range(LIMIT + 1)), "g h i"])
    got = run_bleuprint(["ref.txt", "-i", "sys.txt", "-m", "ter", "--impl", impl], tmp_path, None, {}, monkeypatch)
    assert (got.status, got.stdout, got.stderr) == (1, "", _message(1, LIMIT + 1, 3))


def test_chunk_by_chunk_the_message_names_the_segment_of_the_files(tmp_path, monkeypatch):
    """1,200 segments of TER are above the progress bar's threshold, so the statistics are
    computed in chunks (of 66 segments): the refusal still names line 1,101 as
    ``hyps[1100]``, not by its place in its chunk, before any chunk is scored (so before
    any bar is drawn: standard error holds that one line)."""
    monkeypatch.setattr(score_compute, "PROGRESS_THRESHOLD", 300_000)
    refs = [f"a{i % 7} b c" for i in range(1200)]
    hyps = list(refs)
    hyps[1100] = " ".join(f"w{i}" for i in range(LIMIT + 1))
    _write(tmp_path, "ref.txt", refs)
    _write(tmp_path, "sys.txt", hyps)
    got = run_bleuprint(["ref.txt", "-i", "sys.txt", "-m", "ter"], tmp_path, None, {}, monkeypatch)
    assert got.status == 1 and got.stdout == ""
    # Refused in its chunk (the 17th, from segment 1,056) it would read hyps[44].
    assert got.stderr == _message(1100, LIMIT + 1, 3)


def test_the_entry_point_prints_no_traceback_for_100000_words(tmp_path):
    words = " ".join(f"w{i % 5000}" for i in range(100_000))
    _write(tmp_path, "ref.txt", ["a b", words])
    _write(tmp_path, "sys.txt", ["a b", "x" + words])
    environment = dict(os.environ, PYTHONPATH=os.pathsep.join([str(ROOT), os.environ.get("PYTHONPATH", "")]))
    done = subprocess.run([sys.executable, "-m", "bleuprint", "score", "ref.txt", "-i", "sys.txt", "-m", "ter"],
                          cwd=tmp_path, capture_output=True, text=True, timeout=120, env=environment)
    assert (done.returncode, done.stdout, done.stderr) == (1, "", _message(1, 100_000, 100_000))
