"""The README's "Audit a library" output is real: ``bleuprint audit nltk --metric chrf``
prints every line the README shows, in order (a line ``...`` there stands for lines left
out; timings, which differ from run to run, are blanked on both sides). The audit's real
text includes ted-ende from ``../shared`` where it is present (``bleuprint.audit.search``),
and the README shows such a run: the test needs the corpus (``ted_corpus_path``) and is
skipped where it is absent."""

from __future__ import annotations

import shlex
import subprocess
import sys
from pathlib import Path

from readme_console import console_commands, missing_line


ROOT = Path(__file__).resolve().parents[2]


def _audit_examples() -> list[tuple[list[str], list[str]]]:
    """(arguments after ``bleuprint``, shown lines) of each ``$ bleuprint audit`` console command."""
    return [(shlex.split(command)[1:], shown) for command, shown in console_commands()
            if shlex.split(command)[:2] == ["bleuprint", "audit"]]


def test_the_readme_shows_real_audit_output(ted_corpus_path):
    import nltk  # noqa: F401  (the test extra's: the README's audit example is nltk's chrF)
    from bleuprint.verify import TED_PATH

    assert TED_PATH.resolve() == ted_corpus_path.resolve()  # the corpus the audit reads is the fixture's
    examples = _audit_examples()
    assert examples, "the README shows a bleuprint audit run"
    for arguments, shown in examples:
        done = subprocess.run([sys.executable, "-m", "bleuprint", *arguments], capture_output=True, text=True,
                              timeout=300, cwd=ROOT)
        assert done.returncode in (0, 1), done.stderr
        missing = missing_line(shown, done.stdout)
        assert missing is None, (f"README line not in the output of bleuprint {' '.join(arguments)}:\n"
                                 f"{missing}\n--- real output:\n{done.stdout}")
