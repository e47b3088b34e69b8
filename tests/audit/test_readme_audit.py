"""The README's "Audit a library" output is real: ``bleuprint audit nltk --metric chrf``
prints every line the README shows, in order (a line ``...`` there stands for lines left
out; timings, which differ from run to run, are blanked on both sides)."""

from __future__ import annotations

import re
import shlex
import subprocess
import sys
from pathlib import Path


ROOT = Path(__file__).resolve().parents[2]


def _audit_examples() -> list[tuple[list[str], list[str]]]:
    """(arguments after ``bleuprint``, shown lines) of each ``$ bleuprint audit`` console command."""
    examples = []
    for block in re.findall(r"```console\n(.*?)```", (ROOT / "README.md").read_text(encoding="utf-8"), re.S):
        command, shown = None, []
        for line in block.splitlines() + ["$ "]:
            if line.startswith("$ "):
                if command is not None:
                    examples.append((command, [s for s in shown if s.strip() and s.strip() != "..."]))
                words = shlex.split(line[2:])
                command = words[1:] if words[:2] == ["bleuprint", "audit"] else None
                shown = []
            else:
                shown.append(line)
    return examples


def _normalised(line: str) -> str:
    return re.sub(r"\b\d+(\.\d+)? s\b", "T s", line.rstrip())


def test_the_readme_shows_real_audit_output():
    import nltk  # noqa: F401  (the test extra's: the README's audit example is nltk's chrF)
    examples = _audit_examples()
    assert examples, "the README shows a bleuprint audit run"
    for arguments, shown in examples:
        done = subprocess.run([sys.executable, "-m", "bleuprint", *arguments], capture_output=True, text=True,
                              timeout=300, cwd=ROOT)
        assert done.returncode in (0, 1), done.stderr
        real = [_normalised(line) for line in done.stdout.splitlines()]
        position = 0
        for line in map(_normalised, shown):
            assert line in real[position:], (f"README line not in the output of bleuprint {' '.join(arguments)}:\n"
                                             f"{line}\n--- real output:\n{done.stdout}")
            position = real.index(line, position) + 1
