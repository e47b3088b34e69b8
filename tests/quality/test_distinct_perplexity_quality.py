"""The strategies of distinct-n and perplexity produce their hard cases, and often enough
(issue 18 item 3). Rates over derandomized draws (generate phase only), compared with
minima set at about half of the rates measured when the strategies were written (in each
docstring)."""

from __future__ import annotations

import math
from collections import Counter

from hypothesis import HealthCheck, Phase, given, settings

from bleuprint.metrics.distinct.strategies import distinct_corpora
from bleuprint.metrics.perplexity.strategies import logprob_corpora

DRAWS = 300


def measure(strategy, features: dict) -> dict:
    hits, seen = Counter(), []

    @settings(max_examples=DRAWS, derandomize=True, database=None, phases=[Phase.generate], deadline=None,
              suppress_health_check=list(HealthCheck))
    @given(strategy)
    def record(value):
        seen.append(1)
        for name, holds in features.items():
            if holds(value):
                hits[name] += 1

    record()
    assert len(seen) >= 0.9 * DRAWS
    return {name: hits[name] / len(seen) for name in features}


def _bigrams(output):
    words = output.split()
    return list(zip(words, words[1:]))


DISTINCT_MINIMA = {
    "an empty output": (lambda c: any(not o.split() for o in c[0]), 0.25),
    "a one-token output": (lambda c: any(len(o.split()) == 1 for o in c[0]), 0.3),
    "a bigram repeated within an output": (lambda c: any(len(set(_bigrams(o))) < len(_bigrams(o)) for o in c[0]), 0.1),
    "a bigram shared by two outputs": (lambda c: len(c[0]) > 1 and len({g for o in c[0] for g in set(_bigrams(o))})
                                       < sum(len(set(_bigrams(o))) for o in c[0]), 0.1),
    "no bigram in the whole corpus": (lambda c: not any(_bigrams(o) for o in c[0]), 0.15),
    "white space other than a space": (lambda c: any(ch.isspace() and ch != " " for o in c[0] for ch in o), 0.35),
    "a non-ASCII token": (lambda c: any(not ch.isascii() and not ch.isspace() for o in c[0] for ch in o), 0.4),
    "punctuation": (lambda c: any(ch in ",." for o in c[0] for ch in o), 0.1),
}


def test_distinct_strategy_hard_cases():
    """Measured when written (300 draws): empty 0.49, one-token 0.64, repeat within 0.23,
    shared 0.23, no bigram 0.33, other white space 0.70, non-ASCII 0.79, punctuation 0.22."""
    rates = measure(distinct_corpora(), {name: f for name, (f, _) in DISTINCT_MINIMA.items()})
    low = {name: rate for name, rate in rates.items() if rate < DISTINCT_MINIMA[name][1]}
    assert not low, f"hard cases too rare: {low} (all rates: {rates})"


def _values(c):
    return [x for s in c[0] for x in s]


PERPLEXITY_MINIMA = {
    "a log-probability of 0.0": (lambda c: any(x == 0.0 for x in _values(c)), 0.35),
    "-0.0": (lambda c: any(x == 0.0 and math.copysign(1, x) < 0 for x in _values(c)), 0.15),
    "a magnitude below 1e-290 (not 0)": (lambda c: any(0 < -x < 1e-290 for x in _values(c)), 0.2),
    "a value below -500": (lambda c: any(x < -500 for x in _values(c)), 0.3),
    "a one-token sentence": (lambda c: any(len(s) == 1 for s in c[0]), 0.4),
    "sentences of different lengths": (lambda c: len({len(s) for s in c[0]}) > 1, 0.25),
    "one sentence": (lambda c: len(c[0]) == 1, 0.1),
}


def test_perplexity_strategy_hard_cases():
    """Measured when written (300 draws): 0.0 0.70, -0.0 0.33, tiny 0.42, below -500 0.68,
    one token 0.83, different lengths 0.55, one sentence 0.23."""
    rates = measure(logprob_corpora(), {name: f for name, (f, _) in PERPLEXITY_MINIMA.items()})
    low = {name: rate for name, rate in rates.items() if rate < PERPLEXITY_MINIMA[name][1]}
    assert not low, f"hard cases too rare: {low} (all rates: {rates})"


if __name__ == "__main__":
    print(measure(distinct_corpora(), {name: f for name, (f, _) in DISTINCT_MINIMA.items()}))
    print(measure(logprob_corpora(), {name: f for name, (f, _) in PERPLEXITY_MINIMA.items()}))
