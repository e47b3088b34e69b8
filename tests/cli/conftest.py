"""Small generated corpora for the command-line tests (written to a temporary folder)."""

from __future__ import annotations

import gzip
import random

import pytest

from cli_harness import LATEX_NAME

_WORDS = ("the cat sat on mat dog barked loudly today hello world , . ! ? 3.14 1,000 e-mail don't "
          "Über naïve 東京 (hi) &amp; — “quoted”").split()


def _sentence(rng: random.Random, least: int) -> str:
    return " ".join(rng.choice(_WORDS) for _ in range(rng.randint(least, 12)))


def _noisy(rng: random.Random, ref: str, allow_empty: bool) -> str:
    words = ref.split()
    if words and rng.random() < 0.5:
        words[rng.randrange(len(words))] = rng.choice(_WORDS)
    if rng.random() < 0.3:
        rng.shuffle(words)
    line = " ".join(words)
    if rng.random() < 0.2:
        line = line.upper()
    if rng.random() < 0.1:
        line = "  " + line + " \t "  # leading white space kept, trailing stripped
    return line if (line.strip() or allow_empty) else "x"


@pytest.fixture(scope="session")
def corpus_dir(tmp_path_factory):
    """Files: ``ref.txt`` (30 lines, some empty), ``ref2.txt`` (a second reference),
    ``reftab.txt`` (two tab-separated references per line), ``reftab_bad.txt`` (line 6 has
    one field), ``sysA/B/C.txt`` (three systems), ``short.txt`` (27 lines), ``stdin3.txt``
    (three systems in tab-separated columns), ``stdin_bad.txt`` (line 4 has one column),
    ``stdin1.txt`` (one system), ``stdin_crlf.txt`` (CR LF line ends, one lone CR),
    ``ref_cr.txt`` (a carriage return inside line 3), ``ref.txt.gz``, and a fourth system
    named ``LATEX_NAME``."""
    rng = random.Random(20261129)
    folder = tmp_path_factory.mktemp("cli_corpus")
    n = 30
    refs = [_sentence(rng, 0 if i % 9 else 1) for i in range(n)]
    refs[4] = ""
    full = [_sentence(rng, 1) for _ in range(n)]

    def write(name, lines):
        (folder / name).write_text("\n".join(lines) + "\n", encoding="utf-8")

    write("ref.txt", refs)
    write("ref2.txt", [_noisy(rng, r, True) for r in refs])
    write("reftab.txt", [a + "\t" + _noisy(rng, a, False) for a in full])
    write("reftab_bad.txt", [a + ("\t" + _noisy(rng, a, False) if i != 5 else "") for i, a in enumerate(full)])
    write("reffull.txt", full)
    for name in "ABC":
        write(f"sys{name}.txt", [_noisy(rng, r, True) for r in refs])
    # a system whose name holds every character LaTeX's table escapes (-f latex)
    write(LATEX_NAME, [_noisy(rng, r, True) for r in refs])
    write("short.txt", [_noisy(rng, r, True) for r in refs[:-3]])
    columns = [[_noisy(rng, r, False) for r in full] for _ in range(3)]
    write("stdin3.txt", ["\t".join(c[i] for c in columns) for i in range(n)])
    write("stdin_bad.txt", ["\t".join(c[i] for c in columns) if i != 3 else columns[0][i] for i in range(n)])
    write("stdin1.txt", columns[0])
    # Windows line ends and a lone carriage return: standard input is read with universal
    # newlines by sacreBLEU, files with "\n" only.
    crlf = "\r\n".join(columns[1][:n - 1]) + "\r" + columns[1][n - 1] + "\r\n"
    (folder / "stdin_crlf.txt").write_bytes(crlf.encode("utf-8"))
    (folder / "ref_cr.txt").write_bytes(("\n".join(line + ("\rtail" if i == 2 else "") for i, line in enumerate(full))
                                         + "\n").encode("utf-8"))
    with gzip.open(folder / "ref.txt.gz", "wt", encoding="utf-8") as handle:
        handle.write("\n".join(refs) + "\n")
    return folder
