"""The grading commands a teacher meets first, run as the README and the teacher tutorial
write them (``test_docs_examples.py`` only parses the documents' commands). The README's
first one once graded the course's suite without ``--exercise``, so pytest could not
import it and the command ended in a traceback.

Each runs in a fresh folder holding a link to the checkout's ``examples/`` (the commands
name ``examples/...`` and write their files beside it).
"""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

from readme_console import README, ROOT, shell_commands

TUTORIAL = ROOT / "docs" / "tutorials" / "teacher.md"


def section_commands(path, heading: str) -> list[list[str]]:
    """The argv (after the program) of every bleuprint command of the first code block
    after the heading ``heading`` of ``path``, in order."""
    lines = path.read_text(encoding="utf-8").splitlines()
    start = lines.index(heading) + 1
    block = next(k for k in range(start, len(lines)) if lines[k].startswith("```"))
    end = next(k for k in range(block + 1, len(lines)) if lines[k].startswith("```"))
    return [argv for _, line, _, argv in shell_commands([path]) if block + 1 < line <= end]


def run(argv: list[str], folder) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "bleuprint", *argv], capture_output=True, text=True,
                          cwd=folder, timeout=900)


@pytest.fixture
def folder(tmp_path):
    (tmp_path / "examples").symlink_to(ROOT / "examples", target_is_directory=True)
    return tmp_path


def test_the_readmes_grade_command_grades(folder):
    """The README's ``bleuprint mutants grade ...`` prints ``GRADE: FAIL`` with status 1
    (the suite misses pitfalls on purpose), and its ``grade.json`` holds the grade, with
    survivors, and the kill matrix; no traceback."""
    commands = section_commands(README, "## Grade a test suite")
    grade = next(argv for argv in commands if argv[:2] == ["mutants", "grade"])
    done = run(grade, folder)
    assert done.returncode == 1 and "Traceback" not in done.stderr, done.stderr[-3000:]
    assert done.stdout.rstrip().endswith("GRADE: FAIL")
    written = json.loads((folder / grade[grade.index("--json") + 1]).read_text(encoding="utf-8"))
    assert written["grade"]["passed"] is False and written["grade"]["survivors"] and written["matrix"]


@pytest.mark.slow
@pytest.mark.parametrize("path, heading, statuses", [
    (README, "## Grade a test suite", [1, 0]),
    (TUTORIAL, "# Grade a test suite: planted and generated mutants", [1, 0, 0]),
])
def test_the_first_grading_block_runs_in_order(folder, path, heading, statuses):
    """Every command of the block in order: the grade fails the suite (status 1), then
    ``explain`` and ``report`` read what it wrote and succeed (status 0); each file a
    command names with ``--json``, ``--findings``, ``--stryker`` or ``--html`` exists
    afterwards."""
    commands = section_commands(path, heading)
    assert [argv[:2] for argv in commands][:1] == [["mutants", "grade"]] and len(commands) == len(statuses)
    for argv, status in zip(commands, statuses):
        done = run(argv, folder)
        assert done.returncode == status and "Traceback" not in done.stderr, (argv, done.stderr[-3000:])
        for flag in ("--json", "--findings", "--stryker", "--html"):
            if flag in argv:
                assert (folder / argv[argv.index(flag) + 1]).exists(), (argv, flag)
