"""The WER family's strategies (``bleuprint.metrics.wer.strategies``) produce its hard
cases, and often enough: each rate over 300 derandomized corpora is compared with a
minimum set at about half of the rate measured when the strategy was written (in
``MINIMA``' comments). Features are measured with the spec (``bleuprint.metrics.wer.spec``).

A *tie that matters*: a pair on which another order of the back-trace rules (an
insertion tried before a deletion) gives a different H/S/D/I split, i.e. a pair on which a
wrong tie rule would be caught by the differential tests.
"""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, Phase, given, settings

from bleuprint.metrics.wer import spec as S
from bleuprint.metrics.wer.faults import insert_before_delete, no_affix_step
from bleuprint.metrics.wer.strategies import corpora

DRAWS = 300


def _pairs(corpus):
    hyps, refs = corpus
    return [(r[0], h) for h, r in zip(hyps, refs)]


_other_rule = insert_before_delete(S.back_trace)
_no_affix = no_affix_step(S.alignment_counts)


def _tie_matters(ref, hyp):
    a, b = S.words(ref), S.words(hyp)
    p, s = S.common_affix(a, b)
    middle = (a[p:len(a) - s], b[p:len(b) - s])
    return _other_rule(*middle) != S.back_trace(*middle)


def _affix_matters(ref, hyp):
    a, b = S.words(ref), S.words(hyp)
    return _no_affix(a, b) != S.alignment_counts(a, b)


def _lone_separator_inside(text):
    return any(c in w for w in S.words(text) for c in "\t\n\u00a0\u3000")


FEATURES = {
    "empty line": lambda c: any(not S.words(t) for p in _pairs(c) for t in p),
    "one-word line": lambda c: any(len(S.words(t)) == 1 for p in _pairs(c) for t in p),
    "tie that matters": lambda c: any(_tie_matters(r, h) for r, h in _pairs(c)),
    "affix step matters": lambda c: any(_affix_matters(r, h) for r, h in _pairs(c)),
    "zero hits with words": lambda c: any(S.wer_stats(h, [r])[0] == 0 and S.words(r) and S.words(h)
                                          for r, h in _pairs(c)),
    "separator inside a word": lambda c: any(_lone_separator_inside(t) for p in _pairs(c) for t in p),
    "run of white space": lambda c: any(S._RUNS_OF_SPACE.search(t.strip()) for p in _pairs(c) for t in p),
    "white space at an end": lambda c: any(t != t.strip() for p in _pairs(c) for t in p),
    "non-ASCII": lambda c: any(not t.isascii() for p in _pairs(c) for t in p),
    "case variant": lambda c: any("A" in t for p in _pairs(c) for t in p),
    "several segments": lambda c: len(c[0]) > 1,
    "every reference empty": lambda c: all(not S.words(r) for r, _ in _pairs(c)),
}

#: Minimum rates (about half of those measured when written, in the comments).
MINIMA = {
    "empty line": 0.19,               # measured 0.38
    "one-word line": 0.25,            # 0.51
    "tie that matters": 0.06,         # 0.12
    "affix step matters": 0.03,       # 0.06
    "zero hits with words": 0.08,     # 0.16
    "separator inside a word": 0.16,  # 0.32
    "run of white space": 0.16,       # 0.32
    "white space at an end": 0.26,    # 0.52
    "non-ASCII": 0.21,                # 0.42
    "case variant": 0.035,            # 0.07
    "several segments": 0.30,         # 0.60
    "every reference empty": 0.045,   # 0.09
}


@pytest.fixture(scope="module")
def rates():
    hits = dict.fromkeys(FEATURES, 0)
    seen = []

    @settings(max_examples=DRAWS, derandomize=True, database=None, phases=[Phase.generate], deadline=None,
              suppress_health_check=list(HealthCheck))
    @given(corpora())
    def record(corpus):
        seen.append(1)
        for name, holds in FEATURES.items():
            hits[name] += bool(holds(corpus))

    record()
    assert len(seen) >= 0.9 * DRAWS
    return {name: count / len(seen) for name, count in hits.items()}


@pytest.mark.parametrize("feature", list(MINIMA))
def test_wer_corpora_produce_each_hard_case(rates, feature):
    assert rates[feature] >= MINIMA[feature], f"{feature}: {rates[feature]:.3f} < {MINIMA[feature]}"
