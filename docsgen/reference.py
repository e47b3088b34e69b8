"""The documentation site's generated reference (issue 41 item 3): one page per registered
metric and one per command of the ``bleuprint`` command line, written from the code at
build time so that they cannot drift from it. Nothing here is committed as Markdown: the
MkDocs hook (``docsgen/hooks.py``) adds these pages to the site on every build, and the
tests (``tests/docs``) read the same pages to run their examples.

A metric page is made of what the metric model holds: the title and the docstrings of
the metric's package and its spec module (the definition and its sources), every
``Option`` (type, default, allowed values, ``None``, the stage that reads it), the scale,
shape, signature fields, oracle and version, the planted mutants of its spec (the quirks
and pitfalls they guard, from the mutants catalogue), a worked example whose numbers are
computed here (from the metric's own ordinary vector corpus), and its vector files with
the flags of their inputs. The command pages come from ``bleuprint.cli.build_parser``:
every command and subcommand, its usage and each argument.
"""

from __future__ import annotations

import argparse
import importlib
import inspect
import re
from pathlib import Path
from bleuprint.vectors.hooks import vector_hooks
from bleuprint.mutants.hooks import mutant_hooks
from bleuprint.verify_hooks import verify_hooks
from bleuprint.oracles.hooks import oracle_hooks
from bleuprint.spec.signature import signature_hooks
from bleuprint.cli.hooks import cli_hooks
from bleuprint.core.options import option_defaults
from bleuprint.core import metric_aliases
from bleuprint.spec.inputs import input_hooks

#: Where the generated pages go inside the site (relative to ``docs/``).
METRICS_DIR = "reference/metrics"
CLI_DIR = "reference/cli"
#: The width the usage lines are wrapped to (argparse's own wrapping, whatever the terminal).
USAGE_WIDTH = 90


# ---------------------------------------------------------------------------- text helpers


def _markdown_of_docstring(text: str | None) -> str:
    """A docstring as Markdown: reST's ````x```` made ``x``; indented blocks kept."""
    if not text:
        return ""
    text = inspect.cleandoc(text)
    return re.sub(r"``(.+?)``", r"`\1`", text)


def _cell(value) -> str:
    """``value`` for a Markdown table cell (pipes escaped, one line)."""
    text = str(value).replace("|", "\\|").replace("\n", " ")
    return text


def _code(value) -> str:
    """``value``'s Python literal in backticks (a cell)."""
    return "`" + repr(value).replace("|", "\\|") + "`"


# ---------------------------------------------------------------------------- metrics


def _allowed(option) -> str:
    parts = []
    if option.choices is not None:
        choices = ", ".join(f"`{c}`" for c in option.choices)
        parts.append(choices)
        if option.outside:
            parts.append("(" + ", ".join(f"`{c}`" for c in option.outside) + " need a package or file from outside)")
    if option.minimum is not None or option.maximum is not None:
        low = "" if option.minimum is None else f"{option.minimum} <= "
        high = "" if option.maximum is None else f" <= {option.maximum}"
        parts.append(f"{low}value{high}")
    if not parts:
        parts.append("any " + {bool: "bool", int: "int", float: "finite number", str: "str"}[option.kind])
    if option.nullable:
        parts.append("or `None`")
    return _cell(" ".join(parts))


STAGES = {"stats": "statistics", "score": "score", "both": "statistics and score"}


def _options_section(metric) -> list[str]:
    lines = ["## Options", ""]
    if not metric.options:
        return lines + ["This metric has no options.", ""]
    lines += ["Each option is a `bleuprint.core.Option`; `--metric-option NAME=VALUE` gives it on the command "
              "line (sacreBLEU's own flags for BLEU, chrF and TER).", "",
              '<div class="options-table" markdown>', "",
              "| option | type | default | allowed | read by | meaning |", "|---|---|---|---|---|---|"]
    for option in metric.options:
        described = option.describe()
        lines.append(f"| `{option.name}` | {described['type']} | {_code(option.default)} | {_allowed(option)} | "
                     f"{STAGES[option.stage]} | {_cell(option.doc)} |")
    lines += ["", "</div>", ""]
    return lines


def _facts_section(metric) -> list[str]:
    from bleuprint.spec.signature import signed_metrics

    defaults = option_defaults(metric)
    scale = cli_hooks(metric).scale_for(**defaults)
    rows = [
        ("name (registry key, `-m`)", f"`{metric.name}`" + (
            " (also " + ", ".join(f"`{a}`" for a in metric_aliases(metric.name)) + ")"
            if metric_aliases(metric.name) else "")),
        ("scale", f"0 to {metric.scale}" if scale == metric.scale
         else f"0 to {metric.scale} (at the defaults 0 to {scale})"),
        ("shape of the statistics", f"`{metric.shape.name}` ({metric.shape.value})"),
        ("references", "yes: `refs[i]` is the list of references of `hyps[i]`" if metric.references
         else "none: the metric scores the outputs alone"),
        ("segment", "a string" if input_hooks(metric).segment_kind == "text" else f"`{input_hooks(metric).segment_kind}`"),
    ]
    if input_hooks(metric).max_references is not None:
        rows.append(("references a segment", f"at most {input_hooks(metric).max_references}"))
    if input_hooks(metric).min_segments > 1:
        rows.append(("segments a corpus", f"at least {input_hooks(metric).min_segments}"))
    if metric.name in signed_metrics():
        fields = signature_hooks(metric).signature_fields(**defaults) or []
        rows.append(("signature fields (defaults)", ", ".join(f"`{k}:{v}`" for k, v in fields) or "none of its own"))
        rows.append(("signature version", f"`{signature_hooks(metric).signature_version}`" if signature_hooks(metric).signature_version
                     else "the sacreBLEU version chosen (2.5.1 or 2.6.0)"))
    else:
        rows.append(("signature", "none"))
    if oracle_hooks(metric).oracle_versions:
        rows.append(("oracle (pinned)", ", ".join(f"{d} {v}" for d, v in oracle_hooks(metric).oracle_versions.items())))
    else:
        rows.append(("oracle", "none: the definition in the docstrings, checked by hand computations"))
    if oracle_hooks(metric).golden:
        rows.append(("golden fixture", f"`bleuprint/oracles/goldens/{oracle_hooks(metric).golden}.json`"))
    module = type(metric).__module__
    rows.append(("defined in", f"`{module.replace('.', '/')}`"))
    lines = ["## At a glance", "", "| property | value |", "|---|---|"]
    lines += [f"| {key} | {_cell(value) if '`' not in value else value} |" for key, value in rows]
    return lines + [""]


def _mutants_section(metric) -> list[str]:
    faults = list(mutant_hooks(metric).faults())
    lines = ["## Quirks and pitfalls, guarded by planted mutants", ""]
    if not faults:
        return lines + ["Where bleuprint departs from the oracle on purpose: "
                        "[Deliberate differences](../../differences.md). No planted mutant of its own (the shared faults of the layout, tokenizers, signatures and "
                        "intervals still apply: `bleuprint mutants list`).", ""]
    lines += ["Where bleuprint departs from the oracle on purpose, and why: "
              "[Deliberate differences](../../differences.md).", ""]
    lines += ["Each row is a fault planted in this metric's specification (`bleuprint mutants list`); the "
              "project's tests must kill every one. A fault that a real library shipped has an `r` id.", "",
              "| mutant | what it gets wrong | pitfall | killed by |", "|---|---|---|---|"]
    for fault in faults:
        lines.append(f"| `{fault.id}` | {_cell(fault.fault)} | {_cell(fault.pitfall)} | {_cell(fault.kills_it)} |")
    return lines + [""]


def _example_corpus(metric):
    """The metric's ordinary vector corpus: the first flagged ``Basic``, else its first."""
    corpora = vector_hooks(metric).vector_corpora()
    return next((c for c in corpora if "Basic" in c.flags), corpora[0])


def _example_section(metric) -> list[str]:
    import bleuprint
    from bleuprint.spec.signature import signed_metrics

    lines = ["## Worked example", ""]
    missing = verify_hooks(metric).missing_data(option_defaults(metric))
    corpus = _example_corpus(metric)
    if missing:
        return lines + [f"Not computed when this site was built: {missing}", ""]
    hyps, refs = corpus.hyps, corpus.refs
    args = ", hyps, refs" if metric.references else ", hyps"
    rows = bleuprint.sentence_stats(metric.name, hyps, refs).tolist()
    score = bleuprint.corpus_score(metric.name, hyps, refs)
    sentence = bleuprint.sentence_scores(metric.name, hyps, refs).tolist()
    lines += [f"The input of the vector files' case \"{corpus.comment}\"; the numbers in the comments were "
              "computed when this page was built, and a test runs the block and compares them.", "",
              "```python", "import bleuprint", "", f"hyps = {hyps!r}"]
    if metric.references:
        lines.append(f"refs = {refs!r}")
    lines += [f"bleuprint.sentence_stats({metric.name!r}{args}).tolist()",
              f"# {rows!r}",
              f"bleuprint.corpus_score({metric.name!r}{args})",
              f"# {float(score)!r}",
              f"bleuprint.sentence_scores({metric.name!r}{args}).tolist()",
              f"# {sentence!r}"]
    if metric.name in signed_metrics():
        nrefs = f", nrefs={len(refs[0])}" if metric.references and len({len(r) for r in refs}) == 1 else ""
        signature = bleuprint.signature(metric.name, **({"nrefs": len(refs[0])} if nrefs else {}))
        lines += [f"bleuprint.signature({metric.name!r}{nrefs})", f"# {signature!r}"]
    return lines + ["```", ""]


def _vectors_section(metric) -> list[str]:
    from bleuprint.vectors.build import file_name
    from bleuprint.vectors.corpora import NOTES

    lines = ["## Vector files", "",
             "`bleuprint vectors export DIR` writes these files for this metric (the format: "
             "[the port protocol](../../port-protocol.md)); each varies the options named, the others at their "
             "defaults. A file whose every case the specification refuses is left out.", "",
             "| file | options varied |", "|---|---|"]
    for family, option_dicts in vector_hooks(metric).vector_families():
        names = sorted({key for options in option_dicts for key in options if not key.startswith("__")})
        lines.append(f"| `{file_name(metric.name, family)}` | {', '.join(f'`{n}`' for n in names) or 'none (defaults)'} |")
    flags = []
    for corpus in list(vector_hooks(metric).vector_corpora()) + list(vector_hooks(metric).invalid_vector_corpora()):
        flags += [flag for flag in corpus.flags if flag not in flags]
    lines += ["", "Flags of their inputs (each test names the pitfalls its input is about; at export the planted "
              "mutants a vector kills are added as flags too, and `bleuprint vectors stats` lists them):", "",
              "| flag | input | what a port that fails it usually did |", "|---|---|---|"]
    for flag in flags:
        note = NOTES.get(flag)
        if note:
            lines.append(f"| `{flag}` | {_cell(note['description'])} | {_cell(note['effect'])} |")
        else:
            lines.append(f"| `{flag}` | | |")
    return lines + [""]


def metric_page(name: str) -> str:
    """The reference page of the registered metric ``name`` (module doc)."""
    from bleuprint.core import get_metric

    metric = get_metric(name)
    package = importlib.import_module(type(metric).__module__)
    lines = [f"# `{metric.name}`", "", f"**{_cell(metric.title)}**", ""]
    lines += ["<!-- generated from the registry by docsgen/reference.py at build time -->", ""]
    lines += _facts_section(metric)
    lines += _options_section(metric)
    lines += ["## Definition", ""]
    lines += [_markdown_of_docstring(package.__doc__), ""]
    try:
        spec = importlib.import_module(type(metric).__module__ + ".spec")
    except ImportError:
        spec = None
    if spec is not None and spec.__doc__:
        lines += [f"From `{spec.__name__}` (the literal definition):", "", _markdown_of_docstring(spec.__doc__), ""]
    guides = _guides(metric.name)
    if guides:
        lines += ["Guides that use it: " + ", ".join(f"[{title}](../../{path})" for path, title in guides) + ".", ""]
    lines += _example_section(metric)
    lines += _mutants_section(metric)
    lines += _vectors_section(metric)
    return "\n".join(lines) + "\n"


DOCS = Path(__file__).resolve().parents[1] / "docs"


def _guides(name: str) -> list[tuple[str, str]]:
    """``(path, title)`` of the hand-written pages (``docs/``, not the reference) that
    name the metric in backticks (`` `bleu` ``), read when the site is built."""
    found = []
    for path in sorted(DOCS.rglob("*.md")):
        relative = path.relative_to(DOCS).as_posix()
        text = path.read_text(encoding="utf-8")
        if relative.startswith("reference/") or f"`{name}`" not in text:
            continue
        title = next((line[2:].strip() for line in text.splitlines() if line.startswith("# ")), relative)
        found.append((relative, title.replace("`", "")))
    return found


def metric_index() -> str:
    from bleuprint.core import get_metric, metric_names

    lines = ["# Metrics", "", "Every registered metric (`bleuprint.core.metric_names()`), in registry order; each "
             "page is generated from the metric model when the site is built.", "",
             "| metric | what it is | scale | shape | oracle |", "|---|---|---|---|---|"]
    for name in metric_names():
        metric = get_metric(name)
        oracle = ", ".join(f"{d} {v}" for d, v in oracle_hooks(metric).oracle_versions.items()) or "definition"
        lines.append(f"| [`{name}`]({name}.md) | {_cell(metric.title)} | {metric.scale} | "
                     f"`{metric.shape.name}` | {oracle} |")
    return "\n".join(lines) + "\n"


# ---------------------------------------------------------------------------- command line


def command_parsers() -> dict[str, argparse.ArgumentParser]:
    """``{"score": parser, "mutants run": parser, ...}``: every command and subcommand of
    the real parser, in the order ``--help`` lists them."""
    from bleuprint.cli import build_parser

    found = {}

    def walk(parser, prefix):
        for action in parser._actions:
            if isinstance(action, argparse._SubParsersAction):
                for name, sub in action.choices.items():
                    if any(sub is seen for seen in found.values()):
                        continue  # an alias of a command already listed
                    found[(prefix + " " + name).strip()] = sub
                    walk(sub, prefix + " " + name)

    walk(build_parser(), "")
    return found


def _help_of(parser, action) -> str:
    formatter = parser._get_formatter()
    if action.help in (None, argparse.SUPPRESS):
        return ""
    return formatter._expand_help(action)


def _argument_rows(parser) -> list[str]:
    rows = []
    for action in parser._actions:
        if isinstance(action, (argparse._HelpAction, argparse._SubParsersAction)) or action.help == argparse.SUPPRESS:
            continue
        if action.option_strings:
            metavar = ""
            if action.nargs != 0:
                formatter = parser._get_formatter()
                metavar = " " + formatter._format_args(action, formatter._get_default_metavar_for_optional(action))
            name = ", ".join(f"`{s}{metavar}`" for s in action.option_strings)
        else:
            formatter = parser._get_formatter()
            name = f"`{formatter._format_args(action, formatter._get_default_metavar_for_positional(action))}`"
        default = "" if action.default in (None, argparse.SUPPRESS, False) or action.nargs == 0 else _code(action.default)
        choices = ", ".join(f"`{c}`" for c in action.choices) if action.choices and len(action.choices) <= 30 else ""
        if action.choices and len(action.choices) > 30:
            choices = f"{len(action.choices)} values (see `--help`)"
        rows.append(f"| {name} | {_cell(_help_of(parser, action))} | {default} | {choices} |")
    return rows


def command_page(top: str, parsers: dict) -> str:
    """The page of the top-level command ``top`` and its subcommands."""
    lines = [f"# `bleuprint {top}`", "", "<!-- generated from bleuprint.cli.build_parser at build time -->", ""]
    for name, parser in parsers.items():
        if name != top and not name.startswith(top + " "):
            continue
        level = "##" if name != top else ""
        if level:
            lines += [f"{level} `bleuprint {name}`", ""]
        if parser.description:
            lines += [_cell(parser.description), ""]
        formatter = parser.formatter_class(prog=parser.prog, width=USAGE_WIDTH)
        formatter.add_usage(parser.usage, parser._actions, parser._mutually_exclusive_groups)
        lines += ["```text", formatter.format_help().strip("\n"), "```", ""]
        rows = _argument_rows(parser)
        if rows:
            lines += ["| argument | meaning | default | choices |", "|---|---|---|---|", *rows, ""]
        subcommands = [n for n in parsers if n.startswith(name + " ") and n.count(" ") == name.count(" ") + 1]
        if subcommands:
            lines += ["Subcommands: " + ", ".join(f"`{n.split(' ')[-1]}`" for n in subcommands) + ".", ""]
        if parser.epilog:
            lines += [_cell(parser.epilog), ""]
    return "\n".join(lines) + "\n"


def cli_index(parsers: dict) -> str:
    from bleuprint.cli import build_parser

    lines = ["# Command line", "", _cell(build_parser().description or ""), "",
             "Every command, generated from the argument parsers when the site is built.", "",
             "| command | what it does |", "|---|---|"]
    for name, parser in parsers.items():
        if " " in name:
            continue
        summary = (parser.description or "").split(". ")[0]
        lines.append(f"| [`bleuprint {name}`]({name}.md) | {_cell(summary)} |")
    return "\n".join(lines) + "\n"


# ---------------------------------------------------------------------------- the site


def pages() -> dict[str, str]:
    """``{path under docs/: Markdown}`` of every generated page."""
    from bleuprint.core import metric_names

    out = {f"{METRICS_DIR}/index.md": metric_index()}
    for name in metric_names():
        out[f"{METRICS_DIR}/{name}.md"] = metric_page(name)
    parsers = command_parsers()
    out[f"{CLI_DIR}/index.md"] = cli_index(parsers)
    for name in parsers:
        if " " not in name:
            out[f"{CLI_DIR}/{name}.md"] = command_page(name, parsers)
    return out


def nav(generated: dict[str, str]) -> list:
    """The navigation entries of the generated pages (a "Reference" section's children)."""
    from bleuprint.core import metric_names

    metrics = [{"Metrics": f"{METRICS_DIR}/index.md"}] + [
        {name: f"{METRICS_DIR}/{name}.md"} for name in metric_names()]
    commands = [{"Command line": f"{CLI_DIR}/index.md"}] + [
        {f"bleuprint {path.rsplit('/', 1)[1][:-3]}": path} for path in generated
        if path.startswith(CLI_DIR + "/") and not path.endswith("index.md")]
    return [{"Metrics": metrics}, {"Command line": commands}]
