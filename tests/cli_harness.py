"""Run sacreBLEU's command line and ``bleuprint score`` on the same files and flags.

sacreBLEU runs in a subprocess (``python -m sacrebleu``), bleuprint in-process through its
own ``run`` (so the comparison costs one subprocess per flag set). Both get the same
environment variables (``SACREBLEU_SEED``, ``SACREBLEU_FORMAT``) and working directory, so
that file names printed in tables are the same.
"""

from __future__ import annotations

import io
import os
import subprocess
import sys
from dataclasses import dataclass

import pytest

from bleuprint.cli import build_parser
from bleuprint.cli.score import run

try:
    import sacrebleu  # noqa: F401

    HAVE_SACREBLEU = True
except ImportError:  # pragma: no cover
    HAVE_SACREBLEU = False

needs_sacrebleu = pytest.mark.skipif(not HAVE_SACREBLEU, reason="sacrebleu 2.5.1 is not installed")

#: Proxies on a closed local port: a download that sacreBLEU tried would fail at once
#: instead of reaching the network (tests of its test-set options).
NO_NETWORK = {"http_proxy": "http://127.0.0.1:9", "https_proxy": "http://127.0.0.1:9",
              "HTTP_PROXY": "http://127.0.0.1:9", "HTTPS_PROXY": "http://127.0.0.1:9", "no_proxy": "", "NO_PROXY": ""}

#: A system file name with each character that LaTeX's table escapes (``-f latex``); the
#: CLI corpus (``tests/cli/conftest.py``) writes a system under it.
LATEX_NAME = "s$&_%#{x}~^<b>\\.txt"


@dataclass
class Outcome:
    status: int
    stdout: str
    stderr: str


class _TTYless(io.StringIO):
    def isatty(self) -> bool:
        return False


def run_sacrebleu(argv: list[str], cwd, stdin: str | None = None, env: dict | None = None) -> Outcome:
    environment = {k: v for k, v in os.environ.items() if not k.startswith("SACREBLEU")}
    environment.update(env or {})
    environment["PYTHONIOENCODING"] = "utf-8"
    done = subprocess.run([sys.executable, "-m", "sacrebleu", *argv], cwd=cwd, input=stdin, env=environment,
                          capture_output=True, text=True, encoding="utf-8", timeout=120)
    return Outcome(done.returncode, done.stdout, done.stderr)


def run_bleuprint(argv: list[str], cwd, stdin: str | None = None, env: dict | None = None,
                  monkeypatch=None) -> Outcome:
    """``bleuprint score ARGV`` in-process; ``monkeypatch`` sets the environment."""
    for key in [k for k in os.environ if k.startswith("SACREBLEU")]:
        monkeypatch.delenv(key)
    for key, value in (env or {}).items():
        monkeypatch.setenv(key, value)
    monkeypatch.chdir(cwd)
    args = build_parser().parse_args(["score", *argv])
    out, err = _TTYless(), _TTYless()
    source = io.TextIOWrapper(io.BytesIO((stdin or "").encode("utf-8")), encoding="utf-8")
    status = run(args, stdin=source, stdout=out, stderr=err)
    return Outcome(status, out.getvalue(), err.getvalue())
