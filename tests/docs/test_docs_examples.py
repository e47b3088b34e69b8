"""The README and ``docs/*.md`` say only what is true of the code (issue 33 item 8).

- Every bleuprint command of their code blocks (a line starting with ``bleuprint`` or
  ``python -m bleuprint``, after ``$ `` in a console block) is parsed by the real parser
  (``bleuprint.cli.build_parser``; nothing runs): an unknown flag, a bad choice or a
  missing argument fails with the file and line. A synopsis's notation is read as its
  first reading: ``[--x V]`` as ``--x V``, ``A|B`` as ``A``, ``...`` left out.
- In the prose, a paragraph that names a command in backticks (```bleuprint score ...```)
  names in backticks only flags of the commands of its section (heading to heading: in
  backticks or as a code block's command); anywhere, a long and a short flag written as a
  pair (```--confidence`/`-ci```) are one flag's two spellings.
- Every ```` ```python ```` block runs, statement by statement, the blocks of one file in
  order with the names of the earlier ones (the sacreBLEU version reset to the default
  before each). Where a statement shows its result in its comment it is checked: the
  comment of a ``print(...)`` (on its line, or alone on the next) is the printed text; the
  comment of an expression starts with its value as a Python literal (what follows, an
  explanation, is not read), ``...`` standing for any part. A ``>>>`` block is a doctest.
  Blocks that need what a machine may lack or the reader supplies are in ``SKIPPED`` or
  ``CONDITIONAL`` with the reason (printed as "not run"); a statement whose result depends
  on the machine is in ``MACHINE_DEPENDENT`` (run, not compared, where its condition
  fails); a block that needs the TED corpus gets it from the one fixture (``../shared``).
"""

from __future__ import annotations

import ast
import contextlib
import doctest
import io
import re
from pathlib import Path

import pytest

from readme_console import DOCUMENTS, code_blocks, document_name, paragraphs, shell_commands
from bleuprint.verify_hooks import verify_hooks
from bleuprint.core.options import option_defaults

#: Blocks not run, by (file, a line of the block): why.
SKIPPED = {
    ("docs/tutorials/scale.md", "from distributed import Client"): "needs a running Dask scheduler and the files it names",
    ("docs/tutorials/scale.md", "result = evaluation_matrix("): "needs the Dask client and files of the block before",
    ("docs/audit.md", "from bleuprint.audit import subject_from_callable"): "audits the reader's own mylib.py",
}
#: Blocks that run only where their condition holds: (file, a line of the block): (condition, why).
CONDITIONAL = {
    ("docs/how-to/tokenizers.md", 'bleuprint.corpus_bleu(["猫が好きです"], [["犬が好きです"]], tokenize="ja-mecab")'):
        (lambda: _importable("MeCab") and _importable("ipadic"), "needs mecab-python3 and ipadic (sacreBLEU's ja extra)"),
    ("docs/how-to/meteor.md",
     "bleuprint.meteor(hyps, refs)                        # 0.43730220194464914: Meteor 1.5's corpus score (summed statistics)"):
        (lambda: not _missing("meteor") and not _missing("meteor_nltk"), "needs Meteor's data and nltk's WordNet"),
}
#: Statements whose shown result holds only on some machines: (file, the statement's
#: line): (condition, why); elsewhere they run and their result is not compared.
MACHINE_DEPENDENT = {
    ("docs/how-to/python-api.md", """bleuprint.signature("bleu")                   # 'nrefs:1|case:mixed|eff:no|tok:13a|smooth:exp|version:2.5.1' (with sacreBLEU 2.5.1 installed)"""):
        (lambda: _installed_sacrebleu() == "2.5.1", "the default version follows the installed sacreBLEU"),
}
#: Names a block uses without defining them, where they are a placeholder (``[...]``):
#: (file, a line of the block): function of the TED corpus' path giving them.
PROVIDED = {
    ("docs/how-to/score-like-sacrebleu.md", "from bleuprint.compat import BLEU, CHRF, TER, sentence_bleu"):
        lambda path: _ted_facebook(path),
}


def _missing(metric: str) -> str:
    from bleuprint.core import get_metric

    definition = get_metric(metric)
    return verify_hooks(definition).missing_data(option_defaults(definition))


def _installed_sacrebleu() -> str | None:
    from importlib import metadata

    try:
        return metadata.version("sacrebleu")
    except metadata.PackageNotFoundError:
        return None


def _importable(name: str) -> bool:
    import importlib.util

    return importlib.util.find_spec(name) is not None


def _ted_facebook(path: Path) -> dict:
    import json

    data = json.loads(path.read_text(encoding="utf-8"))
    return {"hyps": data["systems"]["Facebook-AI"], "refs": [data["references"][0]]}


# ---------------------------------------------------------------------------- commands


def _synopsis_words(argv: list[str]) -> list[str]:
    """``argv`` with a synopsis's notation read (module doc)."""
    words = []
    for word in argv:
        if word == "...":
            continue
        word = word.strip("[]") if word.startswith("[") or word.endswith("]") else word
        word = word[:-3] if word.endswith("...") and len(word) > 3 else word
        if "|" in word and all(re.fullmatch(r"[\w.-]+", part) for part in word.split("|")):
            word = word.split("|")[0]
        if word:
            words.append(word)
    return words


BLOCK_COMMANDS = shell_commands(DOCUMENTS)


def test_the_documents_have_commands():
    files = {name for name, *_ in BLOCK_COMMANDS}
    assert {"README.md", "docs/audit.md", "docs/port-protocol.md"} <= files and len(BLOCK_COMMANDS) >= 30


def _parse(argv: list[str]) -> str | None:
    """None when the real parser takes ``argv``, else what it says (its usage error). A
    synopsis's placeholder (``N`` in ``[--examples N]``) where a number goes is read as 1."""
    from bleuprint.cli import build_parser

    for _ in range(len(argv) + 1):
        err = io.StringIO()
        try:
            with contextlib.redirect_stderr(err), contextlib.redirect_stdout(io.StringIO()):
                build_parser().parse_args(argv)
            return None
        except SystemExit as stop:
            if stop.code in (0, None):
                return None
            message = err.getvalue().strip().splitlines()[-1] if err.getvalue().strip() else f"exit {stop.code}"
        placeholder = re.search(r"invalid (?:int|float) value: '([A-Z]+)'", message)
        if placeholder is None or placeholder.group(1) not in argv:
            return message
        argv = [("1" if word == placeholder.group(1) else word) for word in argv]
    return message


def test_the_extraction_and_the_parse_catch_what_they_should(tmp_path):
    """On a made-up document: commands found with their lines (``$ ``, ``\\`` joining,
    ``python -m bleuprint``, a pipe cut off), and the parse refusing an unknown flag, a bad
    choice and a missing argument while taking a synopsis."""
    document = tmp_path / "doc.md"
    document.write_text("# t\n\n```console\n$ bleuprint score r -i h -c | head\nsacrebleu r\n```\n\n"
                        "```sh\npython -m bleuprint verify \\\n  --port x  # a comment\n```\n", encoding="utf-8")
    found = [(line, argv) for _, line, _, argv in shell_commands([document])]
    assert found == [(4, ["score", "r", "-i", "h", "-c"]), (9, ["verify", "--port", "x"])]
    assert "unrecognized arguments: -c" in _parse(found[0][1])
    assert "invalid choice" in _parse(["score", "r", "-i", "h", "-m", "blue"])
    assert "expected one argument" in _parse(["fuzz", "--port", "x", "--metric"])
    assert _parse(_synopsis_words(["fuzz", "--port", "C", "--metric", "bleu", "[--examples", "N]"])) is None


@pytest.mark.parametrize("name, line, command, argv", BLOCK_COMMANDS,
                         ids=[f"{c[0]}:{c[1]}" for c in BLOCK_COMMANDS])
def test_every_command_of_the_documents_parses(name, line, command, argv):
    problem = _parse(_synopsis_words(argv))
    assert problem is None, f"{name}:{line}: {command}\n  {problem}"


# ---------------------------------------------------------------------------- flags in the prose


def _subcommand_options() -> dict:
    """``{subcommand: {option string: the action}}`` of the real parser (top level: "")."""
    import argparse

    from bleuprint.cli import build_parser

    def every_option(parser) -> dict:  # a command's own and its subcommands' (mutants run ...)
        found = dict(parser._option_string_actions)
        for action in parser._actions:
            if isinstance(action, argparse._SubParsersAction):
                for sub in action.choices.values():
                    found.update(every_option(sub))
        return found

    parser = build_parser()
    options = {"": dict(parser._option_string_actions)}
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            for name, sub in action.choices.items():
                options[name] = every_option(sub)
    return options


FLAG = r"-{1,2}[A-Za-z][\w-]*"


def _sections(path: Path) -> list[tuple[int, int, set]]:
    """``(first line, last line, commands named)`` of every section of ``path`` (from a
    heading to the next): the ``bleuprint SUB`` commands of its prose and its code blocks."""
    from readme_console import _without_blocks

    raw = path.read_text(encoding="utf-8")
    prose = _without_blocks(raw).splitlines()
    starts = [1] + [k + 1 for k, line in enumerate(prose) if line.startswith("#") and k > 0] + [len(prose) + 1]
    lines = raw.splitlines()
    sections = []
    for first, after in zip(starts, starts[1:]):
        text = "\n".join(lines[first - 1:after - 1])
        named = set(re.findall(r"(?:`|^\s*(?:\$ )?)bleuprint (\w[\w-]*)", text, re.M))
        sections.append((first, after - 1, named))
    return sections


def _prose_flag_problems() -> list[str]:
    options = _subcommand_options()
    problems = []
    for path in DOCUMENTS:
        sections = _sections(path)
        for line, text in paragraphs(path):
            own = set(re.findall(r"`(?:\$ )?bleuprint (\w[\w-]*)", text)) & set(options)
            if not own:
                continue
            named = own | next(named for first, last, named in sections if first <= line <= last) & set(options)
            known = {}
            for command in named:
                known.update(options[command])
            for span in re.finditer(rf"`({FLAG})`(?:/`({FLAG})`)?", text):
                where = f"{document_name(path)}:{line + text[:span.start()].count(chr(10))}"
                first, second = span.group(1), span.group(2)
                for flag in filter(None, (first, second)):
                    if flag not in known:
                        problems.append(f"{where}: `{flag}` is no flag of bleuprint {', '.join(sorted(named))}")
    for path in DOCUMENTS:
        for line, text in paragraphs(path):
            for span in re.finditer(rf"`(--[\w-]+)`/`(-(?!-)[\w-]+)`|`(-(?!-)[\w-]+)`/`(--[\w-]+)`", text):
                first, second = [flag for flag in span.groups() if flag]
                both = [known for known in options.values() if first in known and second in known]
                if both and not any(known[first] is known[second] for known in both):
                    where = f"{document_name(path)}:{line + text[:span.start()].count(chr(10))}"
                    problems.append(f"{where}: `{first}`/`{second}` are two flags, not one flag's two spellings")
    return problems


def test_the_prose_names_only_real_flags_of_the_command_it_describes():
    problems = _prose_flag_problems()
    assert not problems, "\n".join(problems)


# ---------------------------------------------------------------------------- python examples


def _python_blocks() -> list[tuple[str, int, str]]:
    blocks = []
    for path in DOCUMENTS:
        name = document_name(path)
        blocks += [(name, first, text) for language, first, text in code_blocks(path)
                   if language == "python" or text.lstrip().startswith(">>>")]
    return blocks


BLOCKS = _python_blocks()


def _listed(table: dict, name: str, text: str):
    """The entry of ``table`` for the block ``text`` of ``name`` (one of its lines), or None."""
    lines = {line.strip() for line in text.splitlines()}
    return next((value for (file, line), value in table.items() if file == name and line in lines), None)


def test_the_skip_lists_name_real_blocks():
    """A skip whose block was edited away would hide nothing: every key is still a block's line."""
    keys = {(name, line.strip()) for name, _, text in BLOCKS for line in text.splitlines()}
    assert set(SKIPPED) | set(CONDITIONAL) | set(PROVIDED) | set(MACHINE_DEPENDENT) <= keys


def _shown_value(comment: str):
    """The longest start of ``comment`` that is a Python literal: ``(True, value)``, else
    ``(False, None)``."""
    words = comment.split(" ")
    for end in range(len(words), 0, -1):
        piece = " ".join(words[:end]).rstrip(":,")
        try:
            return True, ast.literal_eval(piece)
        except (ValueError, SyntaxError, TypeError, MemoryError, RecursionError):
            continue
    return False, None


def _matches(shown, value) -> bool:
    """``value`` is what ``shown`` shows: ``...`` stands for anything (inside a string, for
    any characters); numbers compare exactly; numpy arrays as lists."""
    if shown is Ellipsis:
        return True
    if hasattr(value, "tolist") and not isinstance(value, (str, bytes)):
        value = value.tolist()
    if isinstance(shown, str):
        if not isinstance(value, str):
            return False
        pattern = ".*".join(re.escape(part) for part in shown.split("..."))
        return re.fullmatch(pattern, value, re.S) is not None
    if isinstance(shown, (list, tuple)):
        return (isinstance(value, (list, tuple)) and len(value) == len(shown)
                and all(_matches(s, v) for s, v in zip(shown, value)))
    if isinstance(shown, dict):
        return (isinstance(value, dict) and set(value) == set(shown)
                and all(_matches(shown[k], value[k]) for k in shown))
    return bool(shown == value)


def _comments(text: str) -> dict[int, str]:
    """``{line number in the block: comment text}`` of every ``#`` comment."""
    import tokenize

    found = {}
    for token in tokenize.generate_tokens(io.StringIO(text).readline):
        if token.type == tokenize.COMMENT:
            found[token.start[0]] = token.string[1:].strip()
    return found


def _shown_for(statement, comments: dict, lines: list[str]) -> str | None:
    """The comment that shows ``statement``'s result: on its last line, else alone on the
    line after it."""
    own = comments.get(statement.end_lineno)
    following = statement.end_lineno + 1
    if own is None and following <= len(lines) and lines[following - 1].strip().startswith("#"):
        return comments.get(following)
    return own


def _is_print(statement) -> bool:
    return (isinstance(statement, ast.Expr) and isinstance(statement.value, ast.Call)
            and isinstance(statement.value.func, ast.Name) and statement.value.func.id == "print")


def _is_placeholder(statement) -> bool:
    """``hyps = [...]``: an assignment of a value with ``...`` in it, which the reader fills in."""
    return isinstance(statement, ast.Assign) and any(
        isinstance(node, ast.Constant) and node.value is Ellipsis for node in ast.walk(statement.value))


def run_block(text: str, namespace: dict, where: str, name: str = "") -> list[str]:
    """Run ``text`` (a block of the document ``name``) in ``namespace``; the problems (a
    shown result that differs)."""
    if text.lstrip().startswith(">>>"):
        test = doctest.DocTestParser().get_doctest(text, namespace, where, where, 0)
        out = io.StringIO()
        runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS)
        runner.run(test, out=out.write)
        return [out.getvalue()] if runner.failures else []
    tree = ast.parse(text)
    comments, lines, problems = _comments(text), text.splitlines(), []
    for statement in tree.body:
        if _is_placeholder(statement):
            continue
        shown = _shown_for(statement, comments, lines)
        condition, _ = MACHINE_DEPENDENT.get((name, lines[statement.lineno - 1].strip()), (lambda: True, ""))
        if not condition():
            shown = None
        code = ast.Module(body=[statement], type_ignores=[])
        if isinstance(statement, ast.Expr) and not _is_print(statement):
            value = eval(compile(ast.Expression(statement.value), where, "eval"), namespace)
            ok, literal = _shown_value(shown) if shown else (False, None)
            if ok and not _matches(literal, value):
                problems.append(f"{where}+{statement.lineno - 1}: {lines[statement.lineno - 1].strip()}\n"
                                f"  shows {literal!r}, gives {value!r}")
            continue
        printed = io.StringIO()
        with contextlib.redirect_stdout(printed):
            exec(compile(code, where, "exec"), namespace)
        if _is_print(statement) and shown is not None and printed.getvalue().rstrip("\n") != shown:
            problems.append(f"{where}+{statement.lineno - 1}: {lines[statement.lineno - 1].strip()}\n"
                            f"  shows {shown!r}, prints {printed.getvalue().rstrip()!r}")
    return problems


@pytest.mark.parametrize("document", sorted({name for name, _, _ in BLOCKS}))
def test_every_python_example_gives_what_it_shows(document, request):
    """The blocks of ``document`` in order (module doc), each checked statement by statement."""
    from bleuprint import set_sacrebleu_version

    namespace, problems, skipped = {"__name__": "readme_example"}, [], []
    for name, first, text in BLOCKS:
        if name != document:
            continue
        where = f"{name}:{first}"
        if _listed(SKIPPED, name, text):
            skipped.append(f"{where}: {_listed(SKIPPED, name, text)}")
            continue
        condition, why = _listed(CONDITIONAL, name, text) or (lambda: True, "")
        if not condition():
            skipped.append(f"{where}: {why}")
            continue
        if _listed(PROVIDED, name, text):
            try:
                corpus = request.getfixturevalue("ted_corpus_path")
            except pytest.skip.Exception as absent:
                skipped.append(f"{where}: {absent}")
                continue
            namespace.update(_listed(PROVIDED, name, text)(corpus))
        set_sacrebleu_version(None)
        try:
            problems += run_block(text, namespace, where, name)
        except Exception as error:  # noqa: BLE001: any error of an example is the finding
            problems.append(f"{where}: raised {type(error).__name__}: {error}")
        finally:
            set_sacrebleu_version(None)
    assert not problems, "\n".join(problems)
    if skipped:
        print("not run:", *skipped, sep="\n  ")
