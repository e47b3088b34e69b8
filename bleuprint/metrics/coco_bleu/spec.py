"""BLEU-1..4 as pycocoevalcap 1.2's ``Bleu(4)`` computes it on tokenized captions (the
COCO caption evaluation; Papineni et al. 2002 with David Chiang's ``bleu_scorer`` rules,
as modified for coco-caption by Hao Fang and Tsung-Yi Lin).

Read beside the definition (pycocoevalcap ``bleu/bleu_scorer.py``, ``compute_score`` with
``option='closest'``, which ``Bleu.compute_score`` always passes):

* **Words**: a caption is already tokenized; its words are ``str.split()`` (any run of
  Unicode white space; no lowercasing, no punctuation rule). PTB tokenization, which the
  COCO pipeline runs first in Java, is not implemented: give captions already tokenized.
* **A segment (one image)**: ``testlen`` = the hypothesis' word count; ``reflen`` = the
  "closest" reference length, the length l of a reference minimising (|l - testlen|, l),
  so ties go to the shorter reference (``closest_ref_length``); for k = 1..4,
  ``guess_k`` = max(0, testlen - k + 1), the hypothesis' k-grams, and ``correct_k`` = the
  sum over its distinct k-grams g of min(count of g in the hypothesis, max over the
  references of the count of g), clipping against the largest count in any one reference.
  The row is ``[testlen, reflen, guess_1..4, correct_1..4]`` (``coco_bleu_stats``).
* **Score of (summed) statistics** (``coco_bleu_from_stats``), BLEU-n for n = ``order``:
  with small = 1e-9 and tiny = 1e-15, the product over k = 1..n of
  (correct_k + tiny) / (guess_k + small), taken in that order, raised to 1/n; then, with
  ratio = (testlen + tiny) / (reflen + small), times exp(1 - 1/ratio) when ratio < 1.
  The epsilons are part of the definition: a perfect match scores below 1 (a 7-word one
  0.99999999967, a 5-word one 0.99999999948: every factor and the ratio are just below
  1), an order with no hypothesis n-gram contributes a factor of 1e-15 / 1e-9 = 1e-6
  (not 0), and zero matches give tiny non-zero values.
* **Corpus** (``coco_bleu``): the rows are summed (the corpus reflen is the sum of each
  image's closest length), then scored; an image's own score (pycocoevalcap's per-image
  list) is the score of its row alone.

No numpy here; one function per definition.
"""

from __future__ import annotations

import math
from collections import Counter

from ...spec.inputs import check_corpus, check_counts, check_positive_int

#: pycocoevalcap's constants (``compute_score``'s ``small`` and ``tiny``).
SMALL = 1e-9
TINY = 1e-15
#: BLEU-1..4: the statistics always hold the four orders.
MAX_ORDER = 4
WIDTH = 2 + 2 * MAX_ORDER


def words(caption: str) -> list[str]:
    """A tokenized caption's words: ``str.split()``."""
    return caption.split()


def ngram_counts(tokens: list[str], n: int = MAX_ORDER) -> Counter:
    """Counts of every k-gram (a tuple of words) for k = 1..n."""
    counts = Counter()
    for k in range(1, n + 1):
        for i in range(len(tokens) - k + 1):
            counts[tuple(tokens[i:i + k])] += 1
    return counts


def closest_ref_length(testlen: int, reflens: list[int]) -> int:
    """The reference length closest to ``testlen``; on a tie, the shorter one."""
    return min((abs(length - testlen), length) for length in reflens)[1]


def max_ref_counts(refs: list[str]) -> Counter:
    """For every k-gram of any reference, its largest count in one reference."""
    most = Counter()
    for ref in refs:
        for gram, count in ngram_counts(words(ref)).items():
            most[gram] = max(most[gram], count)
    return most


def coco_bleu_stats(hyp: str, refs: list[str]) -> list:
    """One image's row ``[testlen, reflen, guess_1..4, correct_1..4]`` (module doc)."""
    tokens = words(hyp)
    testlen = len(tokens)
    reflen = closest_ref_length(testlen, [len(words(ref)) for ref in refs])
    guess = [max(0, testlen - k + 1) for k in range(1, MAX_ORDER + 1)]
    most = max_ref_counts(refs)
    correct = [0] * MAX_ORDER
    for gram, count in ngram_counts(tokens).items():
        correct[len(gram) - 1] += min(most[gram], count)
    return [testlen, reflen] + guess + correct


def check_order(order: object) -> int:
    """BLEU-n's n: an int in 1..4."""
    order = check_positive_int(order, "order")
    if order > MAX_ORDER:
        raise ValueError(f"order must be 1, 2, 3 or 4 (pycocoevalcap's Bleu(4) reports BLEU-1..4), got {order}")
    return order


def coco_bleu_from_stats(stats: list, order: int = 4) -> float:
    """BLEU-``order`` of (summed) statistics, with pycocoevalcap's epsilons (module doc)."""
    order = check_order(order)
    testlen, reflen, *rest = check_counts(stats, WIDTH, "coco_bleu statistics",
                                          at_most=[(2 + MAX_ORDER + k, 2 + k) for k in range(MAX_ORDER)])
    guess, correct = rest[:MAX_ORDER], rest[MAX_ORDER:]
    bleu = 1.0
    for k in range(order):
        bleu *= float(correct[k] + TINY) / (guess[k] + SMALL)
    value = bleu ** (1.0 / order)
    ratio = (testlen + TINY) / (reflen + SMALL)
    if ratio < 1:
        value *= math.exp(1 - 1 / ratio)
    return value


def coco_bleu(hyps, refs, order: int = 4) -> float:
    """Corpus BLEU-``order`` of tokenized captions: ``refs[i]`` the references of
    ``hyps[i]``; the rows summed, then scored."""
    hyps, refs = check_corpus(hyps, refs)
    order = check_order(order)
    rows = [coco_bleu_stats(h, r) for h, r in zip(hyps, refs)]
    return coco_bleu_from_stats([sum(column) for column in zip(*rows)], order)
