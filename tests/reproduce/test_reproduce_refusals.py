"""``bleuprint reproduce`` on claims it cannot use: one line on standard error and exit
status 2, never a traceback (issue #12 items 2 and 3).

The corpus is three lines written here; no score is computed, so no oracle is needed.
"""

from __future__ import annotations

import os
import subprocess
import sys

import pytest

from bleuprint.reproduce import audit, parse_claim


@pytest.fixture(scope="module")
def files(tmp_path_factory):
    folder = tmp_path_factory.mktemp("reproduce")
    (folder / "hyp.txt").write_text("the cat sat\na dog\nhello world\n", encoding="utf-8")
    (folder / "ref.txt").write_text("the cat sat down\na dog barked\nhello there world\n", encoding="utf-8")
    return folder


def _reproduce(folder, *argv: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "bleuprint", "reproduce", "ref.txt", "-i", "hyp.txt", *argv],
                          cwd=folder, capture_output=True, text=True, encoding="utf-8", timeout=120,
                          env={**os.environ, "PYTHONIOENCODING": "utf-8"})


@pytest.mark.parametrize("claim", ["BLEU = ", "BLEU|nrefs:1|case:mixed = ", "chrF2 =", "abc", "{\"name\": \"BLEU\"}",
                                   "{\"score\": "])
def test_unreadable_claims_get_one_line_and_status_2(files, claim):
    """An empty score after '=' used to end in an IndexError traceback; JSON without a
    score in a KeyError, and broken JSON in a JSONDecodeError traceback."""
    done = _reproduce(files, "--claim", claim)
    assert done.returncode == 2 and done.stdout == ""
    assert "Traceback" not in done.stderr and len(done.stderr.splitlines()) == 1
    assert done.stderr.startswith("bleuprint: cannot read")


def test_metric_option_contradicting_the_claim_stops(files):
    """``--claim "chrF2 = 60.4" -m bleu`` used to search BLEU for 60.4 without a word."""
    done = _reproduce(files, "--claim", "chrF2 = 60.4", "-m", "bleu")
    assert done.returncode == 2 and done.stdout == ""
    assert len(done.stderr.splitlines()) == 1
    assert "chrf score" in done.stderr and "-m" in done.stderr and "bleu" in done.stderr


def test_metric_option_agreeing_with_the_claim_searches(files):
    """The same claim with ``-m chrf bleu`` searches (the claim's metric is among them)."""
    done = _reproduce(files, "--claim", "chrF2 = 60.4", "-m", "chrf", "bleu", "-f", "json")
    assert done.returncode in (0, 1) and "Traceback" not in done.stderr and done.stdout.startswith("{")


def test_audit_api_refuses_the_contradiction():
    with pytest.raises(ValueError, match=r"is a chrf score, but the metrics to search \(-m\) are bleu"):
        audit(["a b"], [["a b"]], parse_claim("chrF2 = 60.4"), metrics=["bleu"])


def test_claim_name_contradicting_its_signature_stops():
    """A BLEU line whose signature is chrF's (nc/nw fields) cannot be read as either."""
    with pytest.raises(ValueError, match="names 'BLEU' .* signature is chrf's"):
        parse_claim("BLEU = 30.1", signature="nrefs:1|case:mixed|eff:yes|nc:6|nw:0|space:no|version:2.5.1")


@pytest.mark.parametrize("flags, flag", [("-nr 0", "-nr/--num-refs"), ("-nr -1", "-nr/--num-refs"),
                                         ("--top 0", "--top"), ("--top -1", "--top"),
                                         ("--max-subsets 0", "--max-subsets"),
                                         ("--max-ter-pairs -1", "--max-ter-pairs")])
def test_meaningless_numbers_get_one_line_naming_the_flag_and_status_2(files, flags, flag):
    """Issue #33 item 5's siblings: -nr 0 said "FATAL: line 1: expected 0 fields" (status
    17), --top -1 listed "the first -1 values", --max-subsets 0 searched no reference
    subset, --max-ter-pairs -1 was taken as 0; all with status 0 or 1, which here means
    the claim does (not) hold. Now one line naming the flag, status 2 (run in-process)."""
    import io

    from bleuprint.cli import build_parser
    from bleuprint.cli.reproduce import run

    args = build_parser().parse_args(["reproduce", str(files / "ref.txt"), "-i", str(files / "hyp.txt"),
                                      "--claim", "30.0", *flags.split()])
    out, err = io.StringIO(), io.StringIO()
    assert run(args, stdout=out, stderr=err) == 2 and out.getvalue() == ""
    assert len(err.getvalue().splitlines()) == 1 and err.getvalue().startswith(f"bleuprint: {flag} "), err.getvalue()
