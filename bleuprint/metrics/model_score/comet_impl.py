"""``comet_compare`` fast (the definition: ``comet_spec``): the splits of every system at once
with numpy, whose float32 reduction is the order the spec states (the differential test
holds them equal, ``==``); the t-test is the spec's."""

from __future__ import annotations

from itertools import combinations

import numpy as np

from .comet_spec import (EPS, NUM_SPLITS, SAMPLE_RATIO, SEED, CometPair, check_parameters, check_systems,
                         paired_t_test, sample_size)


def comet_compare(systems, num_splits: int = NUM_SPLITS, sample_ratio: float = SAMPLE_RATIO,
                  seed: int = SEED) -> list[CometPair]:
    """``comet_spec.comet_compare``, the same values."""
    check_parameters(num_splits, sample_ratio, seed)
    names, rows = check_systems(systems)
    scores = np.array(rows, dtype=np.float32)
    n = scores.shape[1]
    ids = np.random.RandomState(seed).choice(n, size=(sample_size(n, sample_ratio), num_splits), replace=True)
    splits = np.take(scores, ids, axis=1).mean(axis=1)  # systems x S, float32
    out = []
    for i, j in combinations(range(len(names)), 2):
        delta = splits[i] - splits[j]
        t, p = paired_t_test(rows[i], rows[j])
        out.append(CometPair(names[i], names[j], float(np.mean(splits[i])), float(np.mean(splits[j])),
                             float(np.count_nonzero(np.abs(delta) < EPS)) / num_splits,
                             float(np.count_nonzero(delta >= EPS)) / num_splits,
                             float(np.count_nonzero(delta <= -EPS)) / num_splits, t, p))
    return out
