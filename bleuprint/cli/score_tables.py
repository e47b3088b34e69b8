"""The text that sacreBLEU 2.5.1's command line prints (``utils.py``:
``print_single_results``, ``print_results_table`` and the table it gets from the
``tabulate`` package in its ``fancy_grid`` style; behaviour read, not code copied).

* One system: one line per metric. In JSON, a single object, or several joined as
  ``[\\n`` + ``,\\n``.join + ``\\n]``. In text, several lines are aligned on their first
  ``=`` (lines without one, as with ``--score-only``, are printed as they come).
* Several systems: a box-drawing table (first column right-aligned, the others centred,
  each column at least two wider than its header, one space of padding, a rule between
  rows; a cell with a line break spans several lines, top-aligned), a blank line, the
  paired-test explanation when a paired test ran, then the metric signatures. In JSON, a
  list of one object per system (indent 4, ASCII escapes).
* Several systems with ``-f latex``: the same cells (a paired test's p-value after a space
  instead of a line break) in tabulate's ``latex_booktabs`` style: ``\\begin{tabular}{rcc...}``
  and ``\\toprule``, the header row, ``\\midrule``, one row per system, ``\\bottomrule`` and
  ``\\end{tabular}``; a row is its cells padded to the column widths as in the text table
  (widths measured before escaping), each with one space either side, joined by ``&`` and
  ended by ``\\\\``; LaTeX's special characters are escaped after padding (``LATEX_ESCAPES``),
  so an escaped cell is wider than its column. The rest (blank line, explanation,
  signatures) is as in text.

Colours: sacreBLEU colours the baseline, headers and p-values through colorama, which
strips them when standard output is not a terminal; bleuprint colours only a terminal
(and never with ``NO_COLOR`` or ``--no-color``), so piped output is the same bytes.
"""

from __future__ import annotations

import json
import re
import unicodedata

_COLOURS = {"red": "\x1b[31m", "green": "\x1b[32m", "yellow": "\x1b[33m", "cyan": "\x1b[36m"}
#: Ends a colour; ``bleuprint score`` also writes it as it exits on a terminal.
RESET = "\x1b[0m"


class Painter:
    """Wraps text in ANSI colours when ``enabled``."""

    def __init__(self, enabled: bool):
        self.enabled = enabled

    def __call__(self, text: str, colour: str) -> str:
        return f"{_COLOURS[colour]}{text}{RESET}" if self.enabled else text


_ANSI = re.compile(r"\x1b\[[0-9;]*m")


def display_width(text: str) -> int:
    """Terminal columns of ``text``: wide (W/F) characters count 2, combining marks 0,
    ANSI colour codes 0 (tabulate measures with ``wcwidth`` when it is installed)."""
    width = 0
    for ch in _ANSI.sub("", text):
        if unicodedata.combining(ch) or ch in "\u200b":
            continue
        width += 2 if unicodedata.east_asian_width(ch) in ("W", "F") else 1
    return width


def _pad(text: str, width: int, align: str) -> str:
    gap = width - display_width(text)
    if align == "right":
        return " " * gap + text
    left = gap // 2
    return " " * left + text + " " * (gap - left)


def fancy_grid(headers: list[str], columns: list[list[str]]) -> str:
    """The table (module doc); ``columns[j][i]`` is the cell of row i in column j."""
    aligns = ["right"] + ["center"] * (len(headers) - 1)
    columns = [[cell.strip() for cell in column] for column in columns]
    multiline = any("\n" in c or "\r" in c for column in columns for c in column) or any(
        "\n" in h or "\r" in h for h in headers)
    widths = []
    for header, column in zip(headers, columns):
        cell_widths = [display_width(line) for cell in column for line in (re.split("[\r\n]", cell)
                                                                          if multiline else [cell])]
        widths.append(max(max(cell_widths, default=0), display_width(header) + 2))

    def rule(left, fill, mid, right):
        return left + mid.join(fill * (w + 2) for w in widths) + right

    def row(cells):
        split = [cell.splitlines() or [""] if multiline else [cell] for cell in cells]
        height = max(len(lines) for lines in split)
        out = []
        for k in range(height):
            parts = [_pad(lines[k], w, a) if k < len(lines) else " " * w
                     for lines, w, a in zip(split, widths, aligns)]
            out.append(("│ " + " │ ".join(parts) + " │").rstrip())
        return out

    lines = [rule("╒", "═", "╤", "╕")]
    lines += row(headers)
    lines.append(rule("╞", "═", "╪", "╡"))
    n_rows = len(columns[0]) if columns else 0
    for i in range(n_rows):
        lines += row([column[i] for column in columns])
        if i < n_rows - 1:
            lines.append(rule("├", "─", "┼", "┤"))
    lines.append(rule("╘", "═", "╧", "╛"))
    return "\n".join(lines)


#: tabulate 0.10's replacements of LaTeX's special characters, one character at a time.
LATEX_ESCAPES = {"&": r"\&", "%": r"\%", "$": r"\$", "#": r"\#", "_": r"\_", "^": r"\^{}", "{": r"\{",
                 "}": r"\}", "~": r"\textasciitilde{}", "\\": r"\textbackslash{}", "<": r"\ensuremath{<}",
                 ">": r"\ensuremath{>}"}


def latex_booktabs(headers: list[str], columns: list[list[str]]) -> str:
    """The LaTeX table (module doc); ``columns[j][i]`` is the cell of row i in column j."""
    aligns = ["right"] + ["center"] * (len(headers) - 1)
    columns = [[cell.strip() for cell in column] for column in columns]
    widths = [max(max((display_width(cell) for cell in column), default=0), display_width(header) + 2)
              for header, column in zip(headers, columns)]

    def row(cells):
        padded = [" " + "".join(LATEX_ESCAPES.get(ch, ch) for ch in _pad(cell, w, a)) + " "
                  for cell, w, a in zip(cells, widths, aligns)]
        return "&".join(padded) + "\\\\"

    alignment = "".join("r" if a == "right" else "c" for a in aligns)
    lines = ["\\begin{tabular}{" + alignment + "}", "\\toprule", row(headers), "\\midrule"]
    n_rows = len(columns[0]) if columns else 0
    lines += [row([column[i] for column in columns]) for i in range(n_rows)]
    lines += ["\\bottomrule", "\\end{tabular}"]
    return "\n".join(lines)


def single_results(results: list[str], is_json: bool, paint: Painter) -> str:
    """The output of one system's scores (module doc), without the final newline."""
    if is_json:
        return "[\n" + ",\n".join(results) + "\n]" if len(results) > 1 else results[0]
    if "μ" in results[0]:
        pattern = re.compile(r"(\(μ = [0-9\.]+ ± [0-9\.]+\))")
        results = [pattern.sub(lambda m: paint(m.group(), "cyan"), line) for line in results]
    if len(results) == 1:
        return results[0]
    out, aligned = [], []
    for line in results:
        if "=" in line:
            aligned.append((line.index("=") - 1, line))
        else:
            out.append(line)
    if aligned:
        width = max(cut for cut, _ in aligned)
        out += [f"{line[:cut]:>{width}}{line[cut:]}" for cut, line in aligned]
    return "\n".join(out)


def _p_value_text(p: float, paint: Painter) -> str:
    text = f"(p = {p:.4f})"
    return paint(text, "red") if p > 0.05 else text + "*"


def paired_cells(rows, width: int, paint: Painter, multiline: bool) -> tuple[list[str], bool]:
    """Cells of one metric's column in a paired test, and whether it has bootstrap means."""
    cells, bootstrap = [], False
    for row in rows:
        text = f"{row.score:.{width}f}"
        if row.mean is not None:
            bootstrap = True
            text += f" ({row.mean:.{width}f} ± {row.ci:.{width}f})"
        if row.p_value is not None:
            text += ("\n" if multiline else " ") + _p_value_text(row.p_value, paint)
        cells.append(text)
    return cells, bootstrap


def results_table(system_names: list[str], metric_cells: dict, signatures: dict, paint: Painter,
                  paired: tuple[str, int] | None, latex: bool = False) -> str:
    """The multi-system text output (module doc), its table in LaTeX when ``latex``.
    ``metric_cells``: metric name -> cells (already formatted); ``paired``: ``(test, n)``
    when a paired test ran, else None."""
    names = list(system_names)
    headers = [paint("System", "cyan")] + [paint(name, "cyan") for name in metric_cells]
    baseline = ""
    if names and names[0].startswith("Baseline:"):
        baseline = names[0]
        names[0] = paint(names[0], "yellow")
    columns = [names] + [list(cells) for cells in metric_cells.values()]
    if baseline:
        for column in columns[1:]:
            column[0] = paint(column[0], "yellow")
    out = [(latex_booktabs if latex else fancy_grid)(headers, columns), ""]
    if paired is not None:
        test, n = paired
        kind = "bootstrap resampling" if test == "bs" else "approximate randomization"
        what = "resampling trials" if test == "bs" else "trials"
        message = f"Paired {kind} test with {n} {what}"
        bline, null = paint("baseline", "yellow"), paint("Null hypothesis", "green")
        out += ["-" * len(message), message, "-" * len(message),
                f" - Each system is pairwise compared to {paint(baseline, 'yellow')}."]
        out.append("   Actual system score / bootstrap estimated true mean / 95% CI are provided for each metric."
                   if test == "bs" else "   Actual system score is provided for each metric.")
        out += [
            "",
            f" - {null}: the system and the {bline} translations are essentially",
            f"   generated by the same underlying process. For a given system and the {bline},",
            "   the p-value is roughly the probability of the absolute score difference (delta)",
            f"   or higher occurring due to chance, under the assumption that the {null.lower()} is correct.",
            "",
            f" - Assuming a significance threshold of 0.05, the {null.lower()} can be rejected",
            '   for p-values < 0.05 (marked with "*"). This means that the delta is unlikely to be attributed',
            f"   to chance, hence the system is significantly \"different\" than the {bline}.",
            f"   Otherwise, the p-values are {paint('highlighted in red', 'red')}.",
            "",
            f" - NOTE: Significance does not tell whether a system is \"better\" than the {bline} but rather",
            "   emphasizes the \"difference\" of the systems in terms of the replicability of the delta.",
            "",
        ]
    out += ["-----------------", "Metric signatures", "-----------------"]
    out += [f" - {name:<10} {signature}" for name, signature in signatures.items()]
    return "\n".join(out)


def results_json(system_names: list[str], metric_values: dict) -> str:
    """The multi-system JSON output: ``metric_values`` maps a metric name to one value per
    system (a formatted string, or a dict of a paired-test row)."""
    rows = []
    for i, name in enumerate(system_names):
        row = {"system": name}
        for metric, values in metric_values.items():
            row[metric] = values[i]
        rows.append(row)
    return json.dumps(rows, indent=4)
