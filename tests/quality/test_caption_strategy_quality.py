"""The caption corpora of ``bleuprint.metrics.cider.strategies`` (CIDEr-D's and coco BLEU's
property tests) produce the hard cases, and often enough: each rate over 300
derandomized corpora against a stated minimum, about half of the rate measured when the
strategy was written (in brackets)."""

from __future__ import annotations

import pytest

from bleuprint.metrics.cider.strategies import PUNCTUATION, caption_corpora
from bleuprint.metrics.coco_bleu.spec import closest_ref_length, coco_bleu_stats
from tests.quality.test_strategy_quality import measure

DRAWS = 300


def _images(corpus):
    return list(zip(*corpus))


def _shared_ngram(corpus):
    hyps, refs = corpus
    seen = [set().union(*(set(r.split()) for r in group)) for group in refs]
    return any(len([s for s in seen if w in s]) >= 2 for s in seen for w in s)


def _tie(hyp, refs):
    lengths = sorted({len(r.split()) for r in refs})
    n = len(hyp.split())
    return any(abs(a - n) == abs(b - n) and a != b for a in lengths for b in lengths)


FEATURES = {  # name: (predicate on (hyps, refs), minimum rate) [measured]
    "empty hypothesis": (lambda c: any(not h.split() for h in c[0]), 0.25),              # [0.47]
    "1-word caption": (lambda c: any(len(x.split()) == 1 for h, g in _images(c) for x in [h, *g]), 0.25),  # [0.47]
    "repeated word": (lambda c: any(len(set(h.split())) < len(h.split()) for h in c[0]), 0.3),  # [0.60]
    "image without a match": (lambda c: any(coco_bleu_stats(h, g)[6] == 0 for h, g in _images(c)), 0.3),  # [0.59]
    "hypothesis equals a reference": (lambda c: any(h.split() in [r.split() for r in g] for h, g in _images(c)),
                                      0.3),                                               # [0.65]
    "several references": (lambda c: any(len(g) >= 2 for g in c[1]), 0.4),               # [0.83]
    "closest-length tie": (lambda c: any(_tie(h, g) for h, g in _images(c)), 0.15),     # [0.35]
    "shorter than the closest": (lambda c: any(len(h.split()) < closest_ref_length(len(h.split()),
                                                                                    [len(r.split()) for r in g])
                                               for h, g in _images(c)), 0.2),           # [0.44]
    "word shared by two images' references": (_shared_ngram, 0.3),                       # [0.61]
    "punctuation token": (lambda c: any(t in PUNCTUATION for h, g in _images(c) for x in [h, *g]
                                        for t in x.split()), 0.35),                        # [0.70]
    "non-ASCII token": (lambda c: any(not t.isascii() for x in c[0] for t in x.split()), 0.3),  # [0.58]
    "white space other than a space": (lambda c: any(ch in x for h, g in _images(c) for x in [h, *g]
                                                     for ch in "\t\n\u00a0\u3000"), 0.45),  # [0.90]
    "one image": (lambda c: len(c[0]) == 1, 0.15),                                       # [0.34]
    "several images": (lambda c: len(c[0]) >= 3, 0.2),                                   # [0.45]
}


@pytest.fixture(scope="module")
def rates():
    return measure(caption_corpora(), DRAWS, {name: f for name, (f, _) in FEATURES.items()})


@pytest.mark.parametrize("feature", list(FEATURES))
def test_caption_corpora_produce_each_hard_case(rates, feature):
    assert rates[feature] >= FEATURES[feature][1], f"{feature}: {rates[feature]:.2f}"
