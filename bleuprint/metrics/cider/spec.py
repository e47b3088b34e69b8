"""CIDEr-D as pycocoevalcap 1.2's ``Cider`` computes it (n = 4, sigma = 6) on tokenized
captions (Vedantam, Zitnick and Parikh 2015, "CIDEr: Consensus-based Image Description
Evaluation", section 3 and the CIDEr-D modifications of section 6; pycocoevalcap
``cider/cider_scorer.py``).

Read beside the definition:

* **Words and n-grams**: ``str.split()`` words (PTB tokenization is not implemented);
  for each caption the raw count of every k-gram, k = 1..4 (``ngram_counts``). Raw
  counts: the term frequency is *not* divided by the caption's length.
* **Context** (``corpus_context``): N, the number of images, and the document frequency
  df(g) of each n-gram g: the number of images whose *references* (any of them) contain
  g. The hypotheses never count. Shards' contexts add (``combine_contexts``).
* **Weights** (``tfidf``): for a caption, per order, w(g) = count(g) * (log N - log
  max(1, df(g))); its norm per order is sqrt(sum of w(g)^2); its "length" is its number
  of **bigrams** (pycocoevalcap counts only n-grams of size 2 into its length), so a
  1-word and an empty caption both have length 0.
* **Similarity** of the hypothesis h with one reference r, per order n (``similarity``):
  sum over h's n-grams of min(w_h(g), w_r(g)) * w_r(g) (CIDEr-D's clipping), divided by
  norm_h * norm_r when both are non-zero (else left as it is, which is 0), times the
  Gaussian length penalty exp(-(len_h - len_r)^2 / (2 sigma^2)).
* **An image** (``cider_segment``): the similarities summed over its references, per
  order; the mean over the 4 orders (an order with no n-gram contributes 0, so a perfect
  3-word caption scores 7.5, not 10); divided by the number of references; times 10.
* **Corpus** (``cider``): the mean over images, computed as the correctly rounded sum
  (``math.fsum``) divided by N, which is what a sharded ``Accumulator`` (exact sums of
  its fractional column) gives too. pycocoevalcap takes ``np.mean`` (pairwise
  summation): the two agree to the last few bits (within 1e-12 on the goldens).

An image scored alone always gets 0 (N = 1 and every reference n-gram has df 1: every
weight is log 1 - log 1 = 0), and adding an image changes every score (N and df change).
If no reference of the corpus has a word, every weight of every reference is 0 and so is
every score (pycocoevalcap fails there, on ``max()`` of no document frequency; its API in
``bleuprint.compat.pycocoevalcap`` raises a ValueError instead).

No numpy here; one function per definition.
"""

from __future__ import annotations

import math
from collections import Counter

from ...spec.inputs import check_corpus

#: pycocoevalcap's defaults: n-grams up to 4, the penalty's sigma 6.
N_ORDERS = 4
SIGMA = 6.0


def words(caption: str) -> list[str]:
    """A tokenized caption's words: ``str.split()``."""
    return caption.split()


def ngram_counts(caption: str, n: int = N_ORDERS) -> Counter:
    """The raw count of every k-gram (a tuple of words), k = 1..n."""
    tokens = words(caption)
    counts = Counter()
    for k in range(1, n + 1):
        for i in range(len(tokens) - k + 1):
            counts[tuple(tokens[i:i + k])] += 1
    return counts


def document_frequency(refs: list) -> Counter:
    """df: for each n-gram, the number of images (``refs[i]`` the references of image i)
    whose references contain it."""
    df = Counter()
    for references in refs:
        df.update({gram for ref in references for gram in ngram_counts(ref)})
    return df


def corpus_context(hyps: list, refs: list) -> tuple:
    """``(N, df)``: the number of images and the document frequencies of the
    *references* (``hyps`` are the images' hypotheses, which never count)."""
    return (len(refs), document_frequency(refs))


def combine_contexts(first: tuple, second: tuple) -> tuple:
    """The context of two shards together: the image counts and the df counters add."""
    return (first[0] + second[0], first[1] + second[1])


def idf(gram: tuple, context: tuple) -> float:
    """log N - log max(1, df(g))."""
    n_images, df = context
    return math.log(float(n_images)) - math.log(max(1.0, df[gram]))


def tfidf(caption: str, context: tuple) -> tuple:
    """``(weights, norms, length)``: per order a dict of w(g) = count * idf, per order the
    Euclidean norm, and the number of bigrams."""
    weights = [{} for _ in range(N_ORDERS)]
    squares = [0.0] * N_ORDERS
    length = 0
    for gram, count in ngram_counts(caption).items():
        order = len(gram) - 1
        weights[order][gram] = float(count) * idf(gram, context)
        squares[order] += weights[order][gram] * weights[order][gram]
        if order == 1:
            length += count
    return weights, [math.sqrt(s) for s in squares], length


def length_penalty(length_hyp: int, length_ref: int, sigma: float = SIGMA) -> float:
    """The Gaussian penalty exp(-delta^2 / (2 sigma^2)), delta the difference in bigrams,
    computed as pycocoevalcap writes it: e raised to that power (``math.e ** x``, which
    differs from ``math.exp(x)`` in the last bit for most x)."""
    delta = float(length_hyp - length_ref)
    return math.e ** (-(delta ** 2) / (2 * sigma ** 2))


def similarity(hyp: tuple, ref: tuple) -> list[float]:
    """Per order, the clipped cosine of the hypothesis' and one reference's weights, times
    the length penalty (module doc); ``hyp`` and ``ref`` are ``tfidf`` triples."""
    (w_hyp, norm_hyp, len_hyp), (w_ref, norm_ref, len_ref) = hyp, ref
    values = []
    for n in range(N_ORDERS):
        value = 0.0
        for gram, weight in w_hyp[n].items():
            value += min(weight, w_ref[n].get(gram, 0.0)) * w_ref[n].get(gram, 0.0)
        if norm_hyp[n] != 0 and norm_ref[n] != 0:
            value /= norm_hyp[n] * norm_ref[n]
        values.append(value * length_penalty(len_hyp, len_ref))
    return values


def cider_segment(hyp: str, refs: list[str], context: tuple) -> float:
    """One image's CIDEr-D: 10 x (mean over orders of the similarities summed over the
    references) / number of references."""
    vector = tfidf(hyp, context)
    totals = [0.0] * N_ORDERS
    for ref in refs:
        for n, value in enumerate(similarity(vector, tfidf(ref, context))):
            totals[n] += value
    total = 0.0
    for value in totals:  # in order (not sum(), whose rounding changed in Python 3.12)
        total += value
    mean = total / N_ORDERS
    return mean / len(refs) * 10.0


def cider_from_stats(summed: list, n_images: int) -> float:
    """The corpus value of summed rows (``[sum of image scores]``): the mean over images."""
    from ...spec.inputs import check_counts, check_positive_int

    (total,) = check_counts(summed, 1, "cider statistics", fractional=(0,))
    return total / check_positive_int(n_images, "n_segments")


def cider(hyps, refs) -> float:
    """Corpus CIDEr-D of tokenized captions, ``refs[i]`` the references of image i: the
    fsum of the images' scores divided by N."""
    hyps, refs = check_corpus(hyps, refs)
    context = corpus_context(hyps, refs)
    return math.fsum(cider_segment(h, r, context) for h, r in zip(hyps, refs)) / len(hyps)
