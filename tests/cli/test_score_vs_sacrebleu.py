"""``bleuprint score`` against sacreBLEU 2.5.1's command line: for each flag set, the exit
status and standard output must be identical, byte for byte (signatures, widths, JSON
keys, alignment, the multi-system and paired-test tables).

sacreBLEU runs as a subprocess (``python -m sacrebleu``), bleuprint in-process; both in the
folder of the generated files (``conftest.py``), with the same ``SACREBLEU_SEED``.
Bootstrap and paired-test numbers are compared through the printed digits (seed for
seed; the exact values are checked by ``tests/compat``).
"""

from __future__ import annotations

import pytest

from cli_harness import LATEX_NAME, needs_sacrebleu, run_bleuprint, run_sacrebleu

#: The golden and live checks, rerun against sacreBLEU 2.6.0 by .ci/sacrebleu-2.6.0.sh; bleuprint's
#: signatures are asked for under the installed sacreBLEU's version.
pytestmark = [pytest.mark.sacrebleu_live, pytest.mark.usefixtures("as_installed_sacrebleu")]

#: (flags, stdin file or None, SACREBLEU_SEED or None). Each is one sacreBLEU subprocess.
FLAG_SETS = [
    # one system, defaults (JSON), three metrics, orders given on the command line
    ("ref.txt -i sysA.txt", None, None),
    ("ref.txt -i sysA.txt -m ter bleu chrf -f text", None, None),
    ("ref.txt ref2.txt -i sysA.txt -m bleu chrf ter -w 3", None, None),
    # tab-separated references
    ("reftab.txt -nr 2 -i sysA.txt -m bleu chrf ter -f text -sh", None, None),
    ("reftab_bad.txt -nr 2 -i sysA.txt", None, None),  # exit 17
    ("ref.txt -i short.txt", None, None),  # length mismatch: exit 1
    # BLEU options
    ("ref.txt -i sysA.txt -tok intl -lc -s floor -sv 0.2 -f text -sh", None, None),
    ("ref.txt -i sysA.txt -tok char -s add-k -sv 0.5 -b", None, None),
    ("ref.txt -i sysA.txt -tok zh -s none -m bleu chrf -b -f text --force", None, None),
    ("ref.txt -i sysA.txt -tok none -s add-k -f text -w 0", None, None),
    # chrF and TER options
    ("ref.txt -i sysA.txt -m chrf -cc 4 -cw 2 --chrf-beta 3 --chrf-whitespace --chrf-eps-smoothing "
     "--chrf-lowercase -f text", None, None),
    ("ref.txt -i sysA.txt -m ter --ter-case-sensitive --ter-normalized --ter-no-punct --ter-asian-support",
     None, None),
    # the word-only chrF (-cc 0): JSON and text, an interval, a paired test, sentence level
    ("ref.txt -i sysA.txt -m chrf -cc 0 -cw 2", None, None),
    ("ref.txt ref2.txt -i sysA.txt -m chrf bleu -cc 0 -cw 3 --chrf-eps-smoothing --chrf-lowercase --chrf-beta 1 "
     "--confidence -cin 100 -f text", None, None),
    ("ref.txt -i sysA.txt sysB.txt sysC.txt -m chrf -cc 0 -cw 1 --chrf-whitespace -f text --paired-bs -pbsn 100",
     None, None),
    ("ref.txt -i sysA.txt -sl -m chrf -cc 0 -cw 2 -f text", None, None),
    # confidence intervals, seeds
    ("ref.txt -i sysA.txt -m bleu chrf ter --confidence -cin 200 -f text", None, None),
    ("ref.txt -i sysA.txt -m bleu chrf ter -ci -cin 100", None, "7"),
    ("ref.txt -i sysA.txt -m bleu chrf --confidence -cin 50 -f text -sh", None, "007"),
    # several systems: table, JSON, paired tests
    ("ref.txt -i sysA.txt sysB.txt sysC.txt -m bleu chrf ter -f text -w 2", None, None),
    ("ref.txt -i sysA.txt sysB.txt sysC.txt -m bleu chrf ter", None, None),
    ("ref.txt -i sysA.txt sysB.txt sysC.txt -m bleu chrf ter -f text --paired-bs -pbsn 200", None, None),
    ("ref.txt -i sysA.txt sysB.txt sysC.txt -m chrf bleu -f text --paired-ar -parn 500 -w 2 -sh", None, "3"),
    ("ref.txt -i sysA.txt sysB.txt sysA.txt -m bleu --paired-ar -parn 100", None, None),  # JSON; baseline repeated
    ("ref.txt -i sysA.txt sysC.txt -m bleu -tok char -s add-k -sv 0.5 --paired-ar -parn 300 -f text", None, None),
    # several systems in LaTeX (tabulate's latex_booktabs): plain, both paired tests (the p-value
    # after a space), a system name with every character the table escapes, the -ci refusal
    ("ref.txt -i sysA.txt sysB.txt sysC.txt -m bleu chrf ter -f latex", None, None),
    ("ref.txt -i sysA.txt sysB.txt sysC.txt -m bleu chrf ter -f latex --paired-bs -pbsn 100 -w 2", None, None),
    ("ref.txt -i sysA.txt sysC.txt -m chrf bleu -f latex --paired-ar -parn 200 -sh", None, "5"),
    (f"ref.txt -i {LATEX_NAME} sysB.txt -m bleu -f latex --paired-bs -pbsn 50", None, None),
    ("ref.txt -i sysA.txt sysB.txt -f latex -ci", None, None),  # exit 1
    ("reffull.txt -m bleu chrf -f latex --paired-ar -parn 100", "stdin3.txt", None),
    # sentence level
    ("ref.txt -i sysA.txt -sl -m bleu -w 2", None, None),
    ("ref.txt -i sysA.txt -sl -m ter -b", None, None),
    ("ref.txt -i sysA.txt -sl -m bleu chrf", None, None),  # exit 1
    # standard input: one system, several systems, ragged columns
    ("reffull.txt -m bleu chrf -f text", "stdin1.txt", None),
    ("reffull.txt -m bleu chrf ter -f text --paired-bs -pbsn 50", "stdin3.txt", None),
    ("reffull.txt -m bleu", "stdin_bad.txt", None),  # exit 17
    ("reffull.txt -m bleu chrf", "stdin_crlf.txt", None),  # CR LF and CR both end lines on standard input
    ("ref_cr.txt -i sysA.txt -m chrf --chrf-whitespace -f text", None, None),  # a CR inside a reference line stays in the line
    ("ref.txt.gz -i sysB.txt -m bleu chrf -f text", None, None),
    # a target language picks BLEU's tokenizer; latex is text for one system; metrics repeated
    ("ref.txt -i sysA.txt -l en-zh -f latex -m bleu chrf bleu -nc -j 2 -e utf-8", None, None),
    ("ref.txt -i sysA.txt sysB.txt -m bleu -f text --paired-bs -pbsn 0", None, None),  # 0: default, header says 0
    # refusals
    ("ref.txt -i sysA.txt sysB.txt --confidence", None, None),
    ("ref.txt -i sysA.txt --paired-bs", None, None),
    ("ref.txt -i sysA.txt sysA.txt", None, None),
]


@needs_sacrebleu
@pytest.mark.parametrize("flags, stdin_file, seed", FLAG_SETS, ids=[f[0] for f in FLAG_SETS])
def test_same_stdout_and_status_as_sacrebleu(corpus_dir, monkeypatch, flags, stdin_file, seed):
    argv = flags.split()
    stdin = None
    if stdin_file:
        with open(corpus_dir / stdin_file, encoding="utf-8", newline="") as handle:
            stdin = handle.read()
    env = {"SACREBLEU_SEED": seed} if seed else {}
    expected = run_sacrebleu(argv, corpus_dir, stdin, env)
    got = run_bleuprint(argv, corpus_dir, stdin, env, monkeypatch)
    assert got.status == expected.status, got.stderr
    assert got.stdout == expected.stdout


SPEC_FLAG_SETS = [
    "ref.txt ref2.txt -i sysB.txt -m bleu chrf ter -f text --confidence -cin 100",
    "ref.txt -i sysA.txt sysB.txt -m bleu chrf -s add-k -sv 0.5 -f text --paired-ar -parn 300",
    "ref.txt -i sysA.txt sysC.txt -m ter chrf -f text --paired-bs -pbsn 100",
    "ref.txt -i sysA.txt sysB.txt -m chrf -cc 0 -cw 2 -f text --paired-ar -parn 200",
]


@needs_sacrebleu
@pytest.mark.parametrize("flags", SPEC_FLAG_SETS)
def test_spec_implementation_prints_the_same(corpus_dir, monkeypatch, flags):
    """``--impl spec`` (the literal specification) against sacreBLEU: the three metrics, two
    references and a bootstrap interval; both paired tests (with add-k 0.5, which sacreBLEU
    truncates in its approximate-randomization trials)."""
    argv = flags.split()
    expected = run_sacrebleu(argv, corpus_dir)
    got = run_bleuprint(argv + ["--impl", "spec"], corpus_dir, None, {}, monkeypatch)
    assert (got.status, got.stdout) == (expected.status, expected.stdout)


@needs_sacrebleu
def test_sacrebleu_format_environment_variable(corpus_dir, monkeypatch):
    """``SACREBLEU_FORMAT=text`` overrides the default JSON output, as in sacreBLEU."""
    argv = "ref.txt -i sysC.txt -m bleu chrf".split()
    expected = run_sacrebleu(argv, corpus_dir, None, {"SACREBLEU_FORMAT": "text"})
    got = run_bleuprint(argv, corpus_dir, None, {"SACREBLEU_FORMAT": "text"}, monkeypatch)
    assert got.stdout == expected.stdout
    assert expected.stdout.lstrip().startswith("BLEU|")  # text, not the default JSON


def _run_on_terminal(argv: list[str], cwd) -> bytes:
    """Standard output of ``argv`` when it is a terminal (a pseudo-terminal), as bytes."""
    import os
    import pty
    import subprocess
    import sys
    from pathlib import Path

    main, secondary = pty.openpty()
    env = {k: v for k, v in os.environ.items() if not k.startswith("SACREBLEU") and k != "NO_COLOR"}
    env["PYTHONPATH"] = str(Path(__file__).resolve().parents[2])
    process = subprocess.Popen([sys.executable, *argv], cwd=cwd, stdout=secondary, stderr=subprocess.DEVNULL,
                               stdin=subprocess.DEVNULL, env=env)
    os.close(secondary)
    chunks = []
    while True:
        try:
            chunk = os.read(main, 65536)
        except OSError:  # the other end closed
            break
        if not chunk:
            break
        chunks.append(chunk)
    process.wait(timeout=120)
    os.close(main)
    return b"".join(chunks)


@needs_sacrebleu
def test_same_colours_on_a_terminal(corpus_dir):
    """On a terminal sacreBLEU colours the headers, the baseline and the p-values (and its
    colorama resets the terminal at exit); bleuprint prints the same bytes."""
    flags = "ref.txt -i sysA.txt sysB.txt -m bleu chrf --paired-bs -pbsn 50 -f text".split()
    expected = _run_on_terminal(["-m", "sacrebleu", *flags], corpus_dir)
    got = _run_on_terminal(["-m", "bleuprint", "score", *flags], corpus_dir)
    assert b"\x1b[33m" in expected  # the test did run on a terminal
    assert got == expected


@needs_sacrebleu
def test_latex_table_escapes_a_system_name(corpus_dir, monkeypatch):
    """The LaTeX flag sets above compare real tables: sacreBLEU prints a booktabs tabular with
    the system name escaped (``\\\\&``, ``\\\\textbackslash{}``, ``\\\\ensuremath{<}`` ...), and
    bleuprint the same bytes."""
    argv = f"ref.txt -i sysA.txt {LATEX_NAME} -m bleu chrf -f latex".split()
    expected = run_sacrebleu(argv, corpus_dir)
    got = run_bleuprint(argv, corpus_dir, None, {}, monkeypatch)
    assert expected.stdout.startswith("\\begin{tabular}{rcc}\n\\toprule\n")
    assert r"s\$\&\_\%\#\{x\}\textasciitilde{}\^{}\ensuremath{<}b\ensuremath{>}\textbackslash{}.txt" in expected.stdout
    assert got.stdout == expected.stdout
