"""Every console example of the README and the site's pages (``$ COMMAND`` followed by
the output the page shows) is run by a test that compares the output with what the page
shows (issue 41 item 4). Four kinds have their own test, which needs what they need:
``bleuprint score`` (``tests/docs/test_readme_console.py``, against sacreBLEU itself),
``bleuprint audit`` (``tests/audit/test_readme_audit.py``, nltk) and the port runs with a
planted fault and ``bleuprint conformance`` (``tests/ports/test_example_ports.py``, the built ports) and ``bleuprint
meta-eval`` on the WMT MQM excerpt (``tests/metaeval/test_wmt_mqm.py``). The others run
here, in a folder holding the TED files of ``examples/ted_files.py`` (the pages say to run
them there): each shown line, in order, must be a line of the real output (``...``
stands for lines left out; timings are blanked on both sides)."""

from __future__ import annotations

import shlex
import subprocess
import sys
from pathlib import Path

import pytest

from readme_console import console_commands, missing_line

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "examples"))
from ted_files import write_files  # noqa: E402

#: The console examples another test runs: how to recognise them, and that test.
RUN_ELSEWHERE = {
    "tests/docs/test_readme_console.py": lambda words: words[:2] == ["bleuprint", "score"],
    "tests/audit/test_readme_audit.py": lambda words: words[:2] == ["bleuprint", "audit"],
    "tests/ports/test_example_ports.py": lambda words: ((bool(words) and words[0].startswith("BLEUPRINT_PORT_FAULT=")
                                                         and words[1:2] == ["bleuprint"])
                                                        or words[:2] == ["bleuprint", "conformance"]),
    # run in the folder of the shipped WMT MQM excerpt, not the TED files' folder
    "tests/metaeval/test_wmt_mqm.py": lambda words: words[:2] == ["bleuprint", "meta-eval"],
}


def _runner(command: str) -> str | None:
    words = shlex.split(command)
    return next((test for test, claims in RUN_ELSEWHERE.items() if claims(words)), None)


EXAMPLES = console_commands()
HERE = [(command, shown) for command, shown in EXAMPLES if _runner(command) is None]


def test_every_console_example_has_a_test_that_runs_it():
    """Each console command is claimed by one of the four tests, or is a ``bleuprint``
    command run below; the tests that run the others still find theirs."""
    for command, _ in EXAMPLES:
        words = shlex.split(command)
        assert _runner(command) or words[0] == "bleuprint", f"no test runs the console example: $ {command}"
    for test in RUN_ELSEWHERE:
        assert any(_runner(command) == test for command, _ in EXAMPLES), f"no console example left for {test}"
        assert (ROOT / test).exists()
    assert HERE, "the documents show no other console example (bleuprint reproduce's run)"


@pytest.fixture(scope="module")
def ted_folder(ted_corpus_path, tmp_path_factory):
    folder = tmp_path_factory.mktemp("ted")
    write_files(ted_corpus_path, folder)
    return folder


@pytest.mark.parametrize("command, shown", HERE, ids=[c[:60] for c, _ in HERE])
def test_the_console_example_prints_what_the_page_shows(ted_folder, command, shown):
    words = shlex.split(command)
    done = subprocess.run([sys.executable, "-m", "bleuprint", *words[1:]], cwd=ted_folder, capture_output=True,
                          text=True, timeout=300, encoding="utf-8")
    assert done.returncode in (0, 1), done.stderr[-2000:]
    missing = missing_line(shown, done.stdout)
    assert missing is None, f"$ {command}\nshown, not printed: {missing}\n--- real output:\n{done.stdout}"
