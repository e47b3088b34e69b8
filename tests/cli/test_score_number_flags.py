"""``bleuprint score``'s numeric flags (issue #33 item 5): a value that argparse reads as an
int but that means nothing is refused with one line naming the flag, status 1, nothing on
standard output. Before: ``-w -3`` stopped with "Format specifier missing precision"
(sacreBLEU's traceback's words, no flag named); ``-ci -cin 0`` (or 1, or -5) printed the
score without the interval asked for; ``-pbsn -2`` silently ran 1000 resamples; a huge
``-cin``/``-pbsn``/``-parn`` ended in a numpy MemoryError traceback; ``-cc -1`` said
"char_order must be ...", not the flag.

Bounds: ``-w`` 0 to 1074 (a double's exact decimal expansion ends within 1074 decimals);
``-cin`` >= 2 with ``--confidence`` (an interval needs two resamples); ``-pbsn``/``-parn``
>= 0 (0 is sacreBLEU's documented default); ``-cc``/``-cw`` >= 0."""

from __future__ import annotations

import pytest

from bleuprint.cli.score_arguments import MAX_WIDTH
from cli_harness import run_bleuprint

#: Far more resamples than any machine holds (their sums alone: 10**15 x columns x 8 bytes).
HUGE = str(10**15)


@pytest.fixture
def files(tmp_path):
    (tmp_path / "ref.txt").write_text("the cat sat on the mat\nhello world , this is it\n", encoding="utf-8")
    (tmp_path / "a.txt").write_text("the cat sat on a mat\nhello world this is it\n", encoding="utf-8")
    (tmp_path / "b.txt").write_text("the dog sat on a mat\nhello world it is\n", encoding="utf-8")
    return tmp_path


#: (flags after ``ref.txt -i a.txt``, the flag the line must name).
REFUSED = [
    ("-w -3", "-w/--width"),
    (f"-w {MAX_WIDTH + 1}", "-w/--width"),
    ("-ci -cin 1", "-cin/--confidence-n"),
    ("-ci -cin 0", "-cin/--confidence-n"),
    ("-ci -cin -5", "-cin/--confidence-n"),
    (f"-ci -cin {HUGE}", "-cin/--confidence-n"),
    (f"-m wer -ci -cin {HUGE}", "-cin/--confidence-n"),
    ("b.txt -pbs -pbsn -2", "-pbsn/--paired-bs-n"),
    ("b.txt -par -parn -1", "-parn/--paired-ar-n"),
    (f"b.txt -pbs -pbsn {HUGE}", "-pbsn/--paired-bs-n"),
    (f"b.txt -par -parn {HUGE}", "-parn/--paired-ar-n"),
    (f"b.txt -m wer -par -parn {HUGE}", "-parn/--paired-ar-n"),
    ("-m chrf -cc -1", "-cc/--chrf-char-order"),
    ("-m chrf -cw -2", "-cw/--chrf-word-order"),
]


@pytest.mark.parametrize("flags, flag", REFUSED)
def test_a_meaningless_number_is_refused_naming_its_flag(files, monkeypatch, flags, flag):
    got = run_bleuprint(["ref.txt", "-i", "a.txt", *flags.split()], files, None, {}, monkeypatch)
    assert (got.status, got.stdout) == (1, ""), got.stderr
    lines = [line for line in got.stderr.splitlines() if line != "bleuprint: Found 2 systems."]
    assert len(lines) == 1 and lines[0].startswith(f"bleuprint: {flag}"), got.stderr


def test_the_widest_width_prints_the_double_exactly(files, monkeypatch):
    """``-w 1074`` (the bound) is accepted and prints the score's exact decimal expansion:
    read back, it is the same double as ``-w 17`` gives (17 decimals of a score between 1
    and 100 are more than the 17 significant digits that identify a double)."""
    widest = run_bleuprint(["ref.txt", "-i", "a.txt", "-b", "-w", str(MAX_WIDTH)], files, None, {}, monkeypatch)
    usual = run_bleuprint(["ref.txt", "-i", "a.txt", "-b", "-w", "17"], files, None, {}, monkeypatch)
    assert widest.status == usual.status == 0, widest.stderr + usual.stderr
    assert len(widest.stdout.strip().split(".")[1]) == MAX_WIDTH
    assert float(widest.stdout) == float(usual.stdout)


@pytest.mark.parametrize("flags", ["-w 0", "-ci -cin 2", "b.txt -pbs -pbsn 0", "b.txt -par -parn 0",
                                   "-m chrf -cc 0 -cw 2"])
def test_the_edges_that_mean_something_are_accepted(files, monkeypatch, flags):
    """The lowest accepted values score (status 0): 0 decimals, a two-resample interval,
    sacreBLEU's 0 for the default number of resamples or trials, a word-only chrF."""
    got = run_bleuprint(["ref.txt", "-i", "a.txt", *flags.split()], files, None, {}, monkeypatch)
    assert got.status == 0, got.stderr
