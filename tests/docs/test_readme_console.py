"""The README's console examples of ``bleuprint score`` are real: each command, run by the
``sacrebleu`` command on the files ``examples/ted_files.py`` writes, prints the output the
README shows (a line ``...`` there stands for lines left out), and ``bleuprint score``
prints the same bytes as sacreBLEU (issue #12 item 8)."""

from __future__ import annotations

import os
import shlex
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "examples"))
from ted_files import write_files  # noqa: E402

from readme_console import console_commands  # noqa: E402

pytest.importorskip("sacrebleu", reason="sacreBLEU 2.5.1 is the oracle of the README's outputs")


#: The metrics sacreBLEU's command line has (``-m``); the documents' examples of the others
#: (BERTScore, embedding similarity) are rerun by ``test_docs_console.py`` alone.
SACREBLEU_METRICS = {"bleu", "chrf", "ter"}


def _metrics_of(command: str) -> set[str]:
    """The names after ``-m`` / ``--metrics`` in ``command`` (sacreBLEU's default, BLEU, when none)."""
    names, taking = [], False
    for word in shlex.split(command):
        if word in ("-m", "--metrics"):
            taking = True
        elif word.startswith("-"):
            taking = False
        elif taking:
            names.append(word)
    return set(names) or {"bleu"}


def _console_examples() -> list[tuple[str, list[str]]]:
    """(command, shown output lines) of every ``$ bleuprint score`` in a console block whose
    metrics sacreBLEU has."""
    return [(command, shown) for command, shown in console_commands()
            if command.startswith("bleuprint score ") and _metrics_of(command) <= SACREBLEU_METRICS]


EXAMPLES = _console_examples()


def test_the_readme_has_score_examples():
    assert len(EXAMPLES) >= 3


@pytest.fixture(scope="module")
def ted_folder(ted_corpus_path, tmp_path_factory):
    folder = tmp_path_factory.mktemp("ted")
    write_files(ted_corpus_path, folder)
    return folder


def _run(program: list[str], folder: Path) -> str:
    environment = {k: v for k, v in os.environ.items() if not k.startswith("SACREBLEU")}
    environment.update(PYTHONIOENCODING="utf-8", NO_COLOR="1")
    done = subprocess.run(program, cwd=folder, capture_output=True, text=True, encoding="utf-8", timeout=300,
                          env=environment)
    assert done.returncode == 0, done.stderr
    return done.stdout


@pytest.mark.slow
@pytest.mark.parametrize("command, shown", EXAMPLES, ids=[c[len("bleuprint score "):][:60] for c, _ in EXAMPLES])
def test_readme_output_is_sacrebleus(ted_folder, command, shown):
    argv = shlex.split(command)[2:]
    expected = _run([sys.executable, "-m", "sacrebleu", *argv], ted_folder)
    lines = expected.splitlines()
    position = 0
    for piece in "\n".join(shown).split("\n...\n"):
        piece_lines = piece.splitlines()
        for start in range(position, len(lines) - len(piece_lines) + 1):
            if lines[start:start + len(piece_lines)] == piece_lines:
                position = start + len(piece_lines)
                break
        else:
            pytest.fail(f"the README shows lines sacreBLEU does not print:\n{piece}")
    assert _run([sys.executable, "-m", "bleuprint", "score", *argv], ted_folder) == expected


def test_ted_files_writes_one_line_per_segment(ted_corpus_path, tmp_path):
    """Each file has the corpus's 529 segments, line i being segment i."""
    import json

    data = json.loads(ted_corpus_path.read_text(encoding="utf-8"))
    written = write_files(ted_corpus_path, tmp_path)
    assert [p.name for p in written] == ["ref.de"] + [f"{name}.de" for name in data["systems"]]
    assert (tmp_path / "ref.de").read_text(encoding="utf-8").split("\n")[:-1] == data["references"][0]
    assert (tmp_path / "Nemo.de").read_text(encoding="utf-8").split("\n")[:-1] == data["systems"]["Nemo"]
