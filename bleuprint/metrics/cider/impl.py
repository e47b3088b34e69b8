"""CIDEr-D, fast (the spec: ``bleuprint.metrics.cider.spec``): the compiled kernel
``bleuprint/impl/csrc/cider.c`` where it is built, else numpy; both perform the spec's
floating-point operations in the spec's order, so their scores are the spec's floats
(asserted ``==`` by tests/impl/test_coco_diff.py and tests/spec/test_coco_goldens.py; the
documented tolerance is 1e-9).

numpy's path (``numpy_rows``; also the path for a context given from outside: shards):

* words get ids through one dict; the k-gram starting at a position gets the id of the
  pair (id of its (k-1)-gram, id of its last word), made dense by ``np.unique``, so every
  distinct n-gram of the corpus has one integer;
* the raw counts of each caption's n-grams are ``np.unique`` of (caption, n-gram) keys;
  df is the number of distinct (image, n-gram) pairs among the references' keys (or, for
  a context given from outside, the context's Counter looked up once per distinct n-gram);
* weights, norms, the clipped products of each reference with its image's hypothesis
  n-grams (looked up with ``np.searchsorted``) and the sums over references are laid out
  so that every ``np.bincount`` adds in the spec's order (``numpy_rows``' docstring).
"""

from __future__ import annotations

import math

import numpy as np

from ...spec.inputs import check_corpus
from .spec import N_ORDERS, SIGMA


def _captions(hyps: list, refs: list):
    """Word ids of every caption (the hypotheses first, then each image's references),
    the caption offsets, each reference caption's image and the words of each caption."""
    vocabulary: dict = {}
    captions = list(hyps) + [ref for group in refs for ref in group]
    tokens = [caption.split() for caption in captions]
    ids = np.fromiter((vocabulary.setdefault(t, len(vocabulary)) for words in tokens for t in words),
                      dtype=np.int64)
    lengths = np.fromiter((len(words) for words in tokens), dtype=np.int64, count=len(tokens))
    ref_image = np.repeat(np.arange(len(refs), dtype=np.int64),
                          np.fromiter((len(g) for g in refs), dtype=np.int64, count=len(refs)))
    return ids, lengths, ref_image, tokens, max(len(vocabulary), 1)


def _ngram_entries(ids, lengths, vocabulary_size):
    """For every caption, its distinct n-grams and their counts: arrays (caption, gram id,
    order index 0..3, count, a position of the gram), sorted by (caption, gram id)."""
    n_tokens = ids.shape[0]
    caption_of = np.repeat(np.arange(lengths.shape[0], dtype=np.int64), lengths)
    ends = np.repeat(np.cumsum(lengths), lengths)  # one past each position's caption end
    positions = np.arange(n_tokens, dtype=np.int64)
    grams, captions, orders, starts = [], [], [], []
    previous = ids  # id of the k-gram starting at each position (valid where it fits)
    offset = 0
    for k in range(1, N_ORDERS + 1):
        if k > 1:
            last = np.zeros(n_tokens, dtype=np.int64)
            if n_tokens >= k:
                last[:n_tokens - k + 1] = ids[k - 1:]
            previous = previous * vocabulary_size + last
        valid = positions + k <= ends
        keys = previous[valid]
        if keys.size:
            dense_ids, inverse = np.unique(keys, return_inverse=True)
            dense = np.zeros_like(previous)
            dense[valid] = inverse
            previous = dense  # keep the dense ids small for the next order's pairs
            grams.append(inverse + offset)
            offset += dense_ids.size
        else:
            previous = np.zeros_like(previous)
            grams.append(keys)
        captions.append(caption_of[valid])
        orders.append(np.full(keys.size, k - 1, dtype=np.int64))
        starts.append(positions[valid])
    gram = np.concatenate(grams)
    caption = np.concatenate(captions)
    order = np.concatenate(orders)
    start = np.concatenate(starts)
    total = max(offset, 1)
    keys, first, counts = np.unique(caption * total + gram, return_index=True, return_counts=True)
    return caption[first], gram[first], order[first], counts, start[first], total, keys


def _kernel_rows(hyps: list, refs: list):
    """The compiled kernel's scores (``bleuprint/impl/csrc/cider.c``: the spec's operations
    in the spec's order) for the corpus's own context; None without the kernel."""
    from ...impl import native
    from ...impl.tokenizers import bleu_token_ids

    if native.cider is None:
        return None
    captions = list(hyps) + [ref for group in refs for ref in group]
    ids, lengths, _ = bleu_token_ids(captions, "none")
    per_image = np.fromiter((len(group) for group in refs), dtype=np.int64, count=len(refs))
    scores = native.cider.cider_rows(np.ascontiguousarray(ids, dtype=np.int64).tobytes(),
                                     np.ascontiguousarray(lengths, dtype=np.int64).tobytes(),
                                     per_image.tobytes(), SIGMA)
    return np.frombuffer(scores, dtype=np.float64).reshape(len(hyps), 1).copy()


def cider_rows(hyps, refs, context=None) -> np.ndarray:
    """Every image's CIDEr-D (float64, N x 1): with the corpus's own context (the compiled
    kernel where it is built, else numpy), or with ``context`` ``(N, df)`` of a larger
    corpus (shards: numpy)."""
    hyps, refs = check_corpus(hyps, refs)
    if context is None:
        rows = _kernel_rows(hyps, refs)
        if rows is not None:
            return rows
    return numpy_rows(hyps, refs, context)


def numpy_rows(hyps: list, refs: list, context=None) -> np.ndarray:
    """``cider_rows`` without the kernel (checked corpus), with the spec's floats: every
    sum runs in the spec's order (``np.bincount`` adds its weights in array order, and the
    arrays are laid out in the order the spec adds: a caption's distinct n-grams by order,
    then first position; a reference's products in its hypothesis' n-gram order; the
    references of an image in order), the logarithms and the penalty are Python's
    ``math.log`` and ``math.e ** x`` (numpy's may round differently), the rest IEEE
    operations, element by element, that numpy and Python round alike."""
    n_hyps = len(hyps)
    ids, lengths, ref_image, tokens, vocabulary_size = _captions(hyps, refs)
    caption, gram, order, counts, start, total, keys = _ngram_entries(ids, lengths, vocabulary_size)
    n_captions = lengths.shape[0]
    # document frequencies and idf (Python's log of each distinct df)
    if context is None:
        is_ref = caption >= n_hyps
        pairs = np.unique(ref_image[caption[is_ref] - n_hyps] * total + gram[is_ref])
        df = np.bincount(pairs % total, minlength=total)
        n_images = n_hyps
    else:
        n_images, table = context
        tokens_flat = [t for words in tokens for t in words]
        df = np.zeros(total, dtype=np.int64)
        seen = np.full(total, -1, dtype=np.int64)
        seen[gram] = np.arange(gram.shape[0])
        for g in np.flatnonzero(seen >= 0).tolist():
            e = int(seen[g])
            p = int(start[e])
            df[g] = table.get(tuple(tokens_flat[p:p + int(order[e]) + 1]), 0)
    distinct_df, where_df = np.unique(df, return_inverse=True)
    log_n = math.log(float(n_images))
    idf = np.array([log_n - math.log(max(1.0, int(d))) for d in distinct_df.tolist()])[where_df.reshape(-1)]
    weight_by_key = counts.astype(np.float64) * idf[gram]  # entries in key order (caption, gram id)
    # the spec's order of a caption's n-grams: caption, then order, then first position
    spec_order = np.lexsort((start, order, caption))
    caption_s, gram_s, order_s, weight_s = caption[spec_order], gram[spec_order], order[spec_order], \
        weight_by_key[spec_order]
    squares = np.bincount(caption_s * N_ORDERS + order_s, weights=weight_s * weight_s,
                          minlength=n_captions * N_ORDERS).reshape(n_captions, N_ORDERS)
    norms = np.sqrt(squares)
    # every (reference, hypothesis n-gram) pair, references in order, each its image's
    # hypothesis n-grams in the spec's order
    per_caption = np.bincount(caption_s, minlength=n_captions)
    first_of = np.concatenate(([0], np.cumsum(per_caption)[:-1]))
    n_refs = n_captions - n_hyps
    ref_ids = np.arange(n_refs, dtype=np.int64)
    image = ref_image
    sizes = per_caption[image]
    pair_ref = np.repeat(ref_ids, sizes)
    offsets = np.arange(pair_ref.shape[0], dtype=np.int64) - np.repeat(np.cumsum(sizes) - sizes, sizes)
    pair_entry = np.repeat(first_of[image], sizes) + offsets
    hyp_gram, hyp_weight, hyp_order = gram_s[pair_entry], weight_s[pair_entry], order_s[pair_entry]
    wanted = (pair_ref + n_hyps) * total + hyp_gram
    if keys.size:
        at = np.minimum(np.searchsorted(keys, wanted), keys.size - 1)
        ref_weight = np.where(keys[at] == wanted, weight_by_key[at], 0.0)
    else:
        ref_weight = np.zeros(wanted.shape[0])
    products = np.minimum(hyp_weight, ref_weight) * ref_weight
    dots = np.bincount(pair_ref * N_ORDERS + hyp_order, weights=products,
                       minlength=n_refs * N_ORDERS).reshape(n_refs, N_ORDERS)
    norm_h, norm_r = norms[image], norms[n_hyps:]
    both = (norm_h != 0) & (norm_r != 0)
    values = np.where(both, dots / np.where(both, norm_h * norm_r, 1.0), dots)
    bigrams = np.maximum(lengths - 1, 0)
    deltas = (bigrams[image] - bigrams[n_hyps:]).tolist()
    penalty_of = {d: math.e ** (-(float(d) ** 2) / (2 * SIGMA ** 2)) for d in set(deltas)}
    values = values * np.array([penalty_of[d] for d in deltas])[:, None] if n_refs else values
    totals = np.stack([np.bincount(image, weights=values[:, n], minlength=n_hyps) for n in range(N_ORDERS)],
                      axis=1)
    mean = ((totals[:, 0] + totals[:, 1]) + totals[:, 2]) + totals[:, 3]
    scores = mean / N_ORDERS / np.bincount(image, minlength=n_hyps) * 10.0
    return scores.reshape(n_hyps, 1)


def cider(hyps, refs) -> float:
    """Corpus CIDEr-D (the spec's ``cider``): fsum of the images' scores over N."""
    rows = cider_rows(hyps, refs)
    return math.fsum(rows[:, 0].tolist()) / rows.shape[0]
