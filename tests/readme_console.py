"""The README's console examples, for the tests that rerun them (tests/docs, tests/ports,
tests/audit): every ``$ COMMAND`` in a ```` ```console ```` block with the lines shown after
it, and the check that a real run prints the shown lines. A shown line ``...`` stands for
lines left out; timings (``0.8 s``) differ from run to run and are blanked on both sides."""

from __future__ import annotations

import re
from pathlib import Path

README = Path(__file__).resolve().parents[1] / "README.md"


def console_commands(readme: Path = README) -> list[tuple[str, list[str]]]:
    """``(command, shown lines)`` of every ``$ `` line of the README's console blocks, in
    order; the shown lines are those up to the next command, blank ones dropped."""
    examples = []
    for block in re.findall(r"```console\n(.*?)```", readme.read_text(encoding="utf-8"), re.S):
        command, shown = None, []
        for line in block.splitlines() + ["$ "]:
            if line.startswith("$ "):
                if command is not None:
                    examples.append((command, [s for s in shown if s.strip()]))
                command, shown = line[2:], []
            else:
                shown.append(line)
    return examples


def without_timings(line: str) -> str:
    """``line`` with every ``<number> s`` blanked and its right end stripped."""
    return re.sub(r"\b\d+(\.\d+)? s\b", "T s", line.rstrip())


def missing_line(shown: list[str], output: str) -> str | None:
    """The first shown line (``...`` aside) that ``output`` does not print after the lines
    matched before it, timings aside; None when every shown line is printed, in order."""
    real = [without_timings(line) for line in output.splitlines()]
    position = 0
    for line in shown:
        if line.strip() == "...":
            continue
        wanted = without_timings(line)
        if wanted not in real[position:]:
            return line
        position = real.index(wanted, position) + 1
    return None
