"""The documents' console examples, for the tests that rerun them (tests/docs, tests/ports,
tests/audit): every ``$ COMMAND`` in a ```` ```console ```` block of the README or a page of
the documentation site (``docs/``, every folder) with the lines shown after it, and the
check that a real run prints the shown lines. Also every bleuprint command and code block
of those documents and of the site's generated reference pages (``docsgen.reference``,
written to a temporary folder once per process: ``DOCUMENTS``), which
``tests/docs/test_docs_examples.py`` parses and runs. A shown line ``...`` stands for
lines left out; timings (``0.8 s``) differ from run to run and are blanked on both sides."""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
README = ROOT / "README.md"
#: The README and every hand-written page of the site (``docs/``, ``mkdocs.yml``'s docs_dir).
HAND_DOCUMENTS = [README, *sorted((ROOT / "docs").rglob("*.md"))]


def console_commands(paths=None) -> list[tuple[str, list[str]]]:
    """``(command, shown lines)`` of every ``$ `` line of the documents' console blocks (by
    default the README and the site's hand-written pages), in order; the shown lines are
    those up to the next command, blank ones dropped."""
    examples = []
    text = "\n".join(path.read_text(encoding="utf-8") for path in (paths or HAND_DOCUMENTS))
    for block in re.findall(r"```console\n(.*?)```", text, re.S):
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


# ------------------------------------------------------------------ every document's examples

def _generated_documents() -> list[Path]:
    """The site's generated reference pages (``docsgen.reference.pages``), written under a
    temporary ``docs/`` folder of this process, so that they are read like the others."""
    import sys
    import tempfile

    if str(ROOT) not in sys.path:
        sys.path.insert(0, str(ROOT))
    from docsgen.reference import pages

    folder = Path(tempfile.mkdtemp(prefix="bleuprint-site-"))
    written = []
    for name, text in pages().items():
        path = folder / "docs" / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
        written.append(path)
    return written


GENERATED_DOCUMENTS = _generated_documents()
DOCUMENTS = HAND_DOCUMENTS + GENERATED_DOCUMENTS


def document_name(path: Path) -> str:
    """``README.md``, ``docs/how-to/reproduce.md``, ``docs/reference/metrics/bleu.md``: the
    path from the checkout's root (a generated page: as ``mkdocs build`` places it)."""
    parts = path.parts
    if path == README or "docs" not in parts[:-1]:
        return path.name
    return "/".join(parts[len(parts) - 1 - parts[::-1].index("docs"):])

#: Where a command of bleuprint's own parser starts a line of a code block (after ``$ ``).
COMMAND_STARTS = ("bleuprint ", "python -m bleuprint ")
#: Shell words after which a command's own words end.
SHELL_OPERATORS = {"|", "||", "&&", ";", ">", ">>", "<", "2>", "2>&1", "&"}


def code_blocks(path: Path) -> list[tuple[str, int, str]]:
    """``(language, line of the first code line, text)`` of every fenced block of ``path``."""
    text = path.read_text(encoding="utf-8")
    return [(found.group(1), text[:found.start()].count("\n") + 2, found.group(2))
            for found in re.finditer(r"^```(\w*)\n(.*?)^```", text, re.S | re.M)]


def _argv(command: str) -> list[str]:
    """The words of a command line up to its first shell operator, ``# comments`` left out."""
    import shlex

    words = []
    for word in shlex.split(command, comments=True):
        if word in SHELL_OPERATORS:
            break
        words.append(word)
    return words


def shell_commands(paths=None) -> list[tuple[str, int, str, list[str]]]:
    """``(file name, line, command, argv after the program)`` of every bleuprint command
    of the documents: lines of code blocks that start (after ``$ ``) with ``bleuprint`` or
    ``python -m bleuprint`` (a ``\\`` at the end joins the next line)."""
    found = []
    for path in paths or DOCUMENTS:
        blocks = code_blocks(path)
        for _, first, text in blocks:
            lines = text.splitlines()
            k = 0
            while k < len(lines):
                start, line = k, lines[k].strip()
                while line.endswith("\\") and k + 1 < len(lines):
                    k += 1
                    line = line[:-1] + " " + lines[k].strip()
                k += 1
                line = line[2:] if line.startswith("$ ") else line
                program = next((p for p in COMMAND_STARTS if line.startswith(p)), None)
                if program is not None:
                    found.append((document_name(path), first + start, line, _argv(line)[len(program.split()):]))
    return found


def _without_blocks(text: str) -> str:
    """``text`` with every fenced block's lines blanked (so that line numbers stay)."""
    return re.sub(r"^```.*?^```", lambda block: "\n" * block.group(0).count("\n"), text, flags=re.S | re.M)


def paragraphs(path: Path) -> list[tuple[int, str]]:
    """``(first line, text)`` of every blank-line separated paragraph of the prose."""
    text = _without_blocks(path.read_text(encoding="utf-8"))
    found, line = [], 1
    for piece in re.split(r"(\n[ \t]*\n)", text):
        if piece.strip() and not re.fullmatch(r"\n[ \t]*\n", piece):
            found.append((line + len(piece) - len(piece.lstrip("\n")), piece))
        line += piece.count("\n")
    return found
