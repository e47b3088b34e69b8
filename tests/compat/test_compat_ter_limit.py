"""``bleuprint.compat``'s TER refuses a line beyond ``bleuprint.metrics.ter.spec.MAX_WORDS`` TER
words (2,000), with either backend and with the compiled kernel switched off: a
ValueError that names the segment (``hyps[i]``, its position in the hypotheses), both
lengths and the limit, before any search. sacreBLEU 2.5.1 computes such a line, in time
and memory that grow with the product of the lengths (62 s and 307 MiB for 2,000 words
against 2,000 on the project's machine; 20,000 words against 20,000 fail with a
MemoryError within 4 GiB), so it is not run here; the limit's docstring gives the
measurements."""

from __future__ import annotations

import importlib

import pytest

from bleuprint import compat
from bleuprint.compat import backends
from bleuprint.impl import native

LIMIT = importlib.import_module("bleuprint.metrics.ter.spec").MAX_WORDS
OVER = " ".join(f"w{i}" for i in range(LIMIT + 1))
REFUSED = f"is beyond the limit of {LIMIT} words per line"


@pytest.fixture(params=["impl", "impl-numpy", "spec"])
def ter_metric(request, monkeypatch):
    """A fresh ``compat.TER`` on the fast implementation (with its compiled kernel, and
    with ``native.ter`` set to None: the numpy fallback) or on the specification."""
    metric = compat.TER()
    if request.param == "impl-numpy":
        monkeypatch.setattr(native, "ter", None)
    if request.param == "spec":
        metric.backend = backends.SPEC
    return metric


def test_corpus_score_names_the_segment_and_the_limit(ter_metric):
    hyps = ["a b", OVER, "c"]
    with pytest.raises(ValueError, match=rf"^hyps\[1\]: TER of a {LIMIT + 1}-word hypothesis against a 1-word "
                                         rf"reference {REFUSED}"):
        ter_metric.corpus_score(hyps, [["a b", "x", "c"]])
    with pytest.raises(ValueError, match=rf"^hyps\[2\]: TER of a 1-word hypothesis against a {LIMIT + 1}-word "
                                         rf"reference \(reference 2 of 2\) {REFUSED}"):
        ter_metric.corpus_score(["a", "b", "c"], [["a", "b", "c"], ["a", "b", OVER]])


def test_sentence_score_and_the_functions(ter_metric):
    with pytest.raises(ValueError, match=rf"^hyps\[0\]: TER of a 1-word hypothesis against a {LIMIT + 1}-word "
                                         rf"reference {REFUSED}"):
        ter_metric.sentence_score("a", [OVER])
    with pytest.raises(ValueError, match=rf"^hyps\[1\]: TER of a {LIMIT + 1}-word hypothesis .* {REFUSED}"):
        compat.corpus_ter(["a", OVER], [["a", "b"]])
    with pytest.raises(ValueError, match=rf"^hyps\[0\]: TER of a {LIMIT + 1}-word hypothesis .* {REFUSED}"):
        compat.sentence_ter(OVER, ["a"])
