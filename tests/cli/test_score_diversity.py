"""``bleuprint score -m distinct_n distinct_n_mean -i out.txt`` and ``-m perplexity
cross_entropy -i logprobs.txt``: no reference file; a line of a log-probability file is a
sentence's white-space separated log-probabilities (``read_segment``). Expected values by
hand (in each docstring), printed with ``-w 15`` and compared within 1e-12."""

from __future__ import annotations

import json
import math

import pytest

from tests.cli_harness import run_bleuprint

OUTPUTS = ["a b a", "a b a", "b c", ""]
LOGPROBS = ["-0.5", "-1 -1  -1"]


@pytest.fixture
def files(tmp_path):
    (tmp_path / "out.txt").write_text("\n".join(OUTPUTS) + "\n", encoding="utf-8")
    (tmp_path / "lp.txt").write_text("\n".join(LOGPROBS) + "\n", encoding="utf-8")
    return tmp_path


def test_distinct_from_one_file(files, monkeypatch):
    """Bigrams ab ba | ab ba | bc | none: 3 distinct of 5 = 0.6; sentence mean (1 + 1 + 1 +
    0) / 4 = 0.75; n=1: a b a a b a b c: 3 distinct of 8 = 0.375. The signatures say the
    order, the variant and that no reference was read."""
    got = run_bleuprint("-i out.txt -m distinct_n distinct_n_mean -w 15 -f json".split(), files, None, {},
                        monkeypatch)
    assert (got.status, got.stderr) == (0, "")
    found = {d["name"]: d for d in json.loads(got.stdout)}
    first, second = found["distinct_n"], found["distinct_n_mean"]
    assert first["score"] == pytest.approx(0.6, abs=1e-12) and second["score"] == pytest.approx(0.75, abs=1e-12)
    assert "variant:corpus" in first["signature"] and "variant:sentence-mean" in second["signature"]
    assert "nrefs" not in first["signature"]
    got = run_bleuprint("-i out.txt -m distinct_n --metric-option n=1 -w 15 -f json".split(), files, None, {},
                        monkeypatch)
    assert got.status == 0, got.stderr
    assert json.loads(got.stdout)["score"] == pytest.approx(0.375, abs=1e-12)


def test_perplexity_from_log_probabilities(files, monkeypatch):
    """[-0.5] and [-1, -1, -1]: pooled CE 3.5 / 4 = 0.875 nats, PPL e^0.875 = 2.398875;
    bits 0.875 / ln 2 = 1.262358; sentence-mean PPL (e^0.5 + e) / 2 = 2.183501."""
    got = run_bleuprint("-i lp.txt -m perplexity cross_entropy -w 15 -f json".split(), files, None, {}, monkeypatch)
    assert (got.status, got.stderr) == (0, "")
    found = {d["name"]: d for d in json.loads(got.stdout)}
    ppl, ce = found["perplexity"], found["cross_entropy"]
    assert ppl["score"] == pytest.approx(math.exp(0.875), abs=1e-12)
    assert ce["score"] == pytest.approx(0.875, abs=1e-12)
    got = run_bleuprint("-i lp.txt -m cross_entropy --metric-option base=2 -w 15 -f json".split(), files, None, {},
                        monkeypatch)
    assert json.loads(got.stdout)["score"] == pytest.approx(0.875 / math.log(2), abs=1e-12)
    got = run_bleuprint("-i lp.txt -m perplexity --metric-option variant=sentence-mean -w 15 -f json".split(), files,
                        None, {}, monkeypatch)
    assert json.loads(got.stdout)["score"] == pytest.approx((math.exp(0.5) + math.e) / 2, abs=1e-12)


def test_a_bad_line_is_named(files, monkeypatch):
    """A positive log-probability and a non-number are refused with the line's number."""
    (files / "bad.txt").write_text("-1 -2\n-1 0.5\n", encoding="utf-8")
    got = run_bleuprint("-i bad.txt -m perplexity".split(), files, None, {}, monkeypatch)
    assert got.status != 0 and "line 2" in got.stderr and "above 0" in got.stderr
    (files / "bad.txt").write_text("-1 x\n", encoding="utf-8")
    got = run_bleuprint("-i bad.txt -m cross_entropy".split(), files, None, {}, monkeypatch)
    assert got.status != 0 and "line 1" in got.stderr and "'x'" in got.stderr
