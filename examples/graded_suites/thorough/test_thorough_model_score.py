"""A thorough suite for COMET's ``comet-compare`` statistics (``bleuprint.spec.comet_compare``),
in the style of test_thorough_metaeval.py: its seeded splits cannot be followed by hand, so the
expected values are the goldens generated from COMET's own code that ship with bleuprint
(``bleuprint.metrics.model_score.oracle_cases``), compared exactly (the same float32
arithmetic, seed for seed)."""

import pytest

from bleuprint import spec
from bleuprint.oracles.goldens import load_goldens

CASES = load_goldens("comet_compare")["cases"]


@pytest.mark.parametrize("case", CASES, ids=[c["id"] for c in CASES])
def test_split_means_ties_and_wins_are_comets(case):
    got = spec.comet_compare(case["systems"], case["num_splits"], case["sample_ratio"], case["seed"])
    assert len(got) == len(case["pairs"])
    for mine, theirs in zip(got, case["pairs"]):
        boot = theirs["bootstrap_resampling"]
        assert (mine.x_mean, mine.y_mean, mine.ties, mine.x_wins, mine.y_wins) == (
            boot["x-mean"], boot["y-mean"], boot["ties (%)"], boot["x_wins (%)"], boot["y_wins (%)"])
