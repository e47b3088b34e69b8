"""bleuprint's nltk METEOR (spec, impl and the registered metric) against every golden case
generated from nltk 3.10.4's ``meteor_score`` (``bleuprint/oracles/goldens/meteor_nltk.json``,
built by ``bleuprint.metrics.meteor_nltk.oracle_cases``). nltk is not needed here; the cases
with ``synonyms`` need the WordNet 3.0 files (skipped without them, naming the installer).

Tolerances: every segment's score must be *equal* to nltk's float (the same float
operations in the same order); the corpus mean within 1e-12 (``math.fsum`` on both sides).
"""

from __future__ import annotations

import pytest

from bleuprint.metrics.meteor_nltk import impl, spec
from bleuprint.oracles.goldens import golden_cases
from bleuprint.spec import corpus_score
from bleuprint.core.value import metric as configured

CASES = golden_cases("meteor_nltk")
TOLERANCE = 1e-12


def _needs_wordnet(case):
    if case["options"]["synonyms"]:
        from bleuprint.metrics.meteor_nltk.install_wordnet import INSTALL_COMMAND
        from bleuprint.metrics.meteor_nltk.wordnet import find_wordnet

        try:
            find_wordnet()
        except ValueError:
            pytest.skip(f"WordNet 3.0 is not installed: run `{INSTALL_COMMAND}` and export NLTK_DATA=DIR")


def _by_id(cases):
    return pytest.mark.parametrize("case", cases, ids=[case["id"] for case in cases])


def test_goldens_cover_the_families():
    """Hand cases and random pools, each with and without synonyms, and the parameters."""
    families = {case["family"] for case in CASES}
    assert {"meteor_nltk:hand", "meteor_nltk:hand:no-synonyms", "meteor_nltk:parameters",
            "meteor_nltk:random:mixed", "meteor_nltk:random:things:no-synonyms"} <= families
    assert len(CASES) >= 250
    assert {(c["options"].get("fmean_alpha"), c["options"].get("beta"), c["options"].get("gamma"))
            for c in CASES} >= {(0.85, 0.2, 0.6), (None, None, None)}


@_by_id(CASES)
def test_spec_rows_equal_nltk(case):
    _needs_wordnet(case)
    rows = [spec.meteor_nltk_stats(h, r, **case["options"]) for h, r in zip(case["hyps"], case["refs"])]
    assert rows == case["sentence_stats"]
    assert spec.meteor_nltk(case["hyps"], case["refs"], **case["options"]) == pytest.approx(case["score"],
                                                                                           abs=TOLERANCE)


@_by_id(CASES)
def test_impl_rows_equal_nltk(case):
    _needs_wordnet(case)
    assert impl.meteor_nltk_rows(case["hyps"], case["refs"], **case["options"]) == case["sentence_stats"]
    assert impl.meteor_nltk(case["hyps"], case["refs"], **case["options"]) == pytest.approx(case["score"],
                                                                                           abs=TOLERANCE)


def test_registered_metric_scores_the_goldens():
    """The registry's corpus score of every case without synonyms (the mean of the rows)."""
    for case in CASES:
        if not case["options"]["synonyms"]:
            assert corpus_score(configured("meteor_nltk", **case["options"]), case["hyps"],
                                case["refs"]) == pytest.approx(case["score"], abs=TOLERANCE)
