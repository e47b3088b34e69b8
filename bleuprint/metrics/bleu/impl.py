"""BLEU, fast: the statistics of a whole corpus in a few numpy passes.

Same definitions, signatures, defaults and errors as ``bleuprint.metrics.bleu.spec`` (sacreBLEU
2.5.1's BLEU); ``tests/impl/test_bleu_diff.py`` checks statistics for exact equality and
scores for bit-identity against the spec.

The core is ``bleu_stats_matrix``: one row ``[c, r, m_1..m_N, t_1..t_N]`` per sentence.

With the compiled kernel, a corpus whose hypotheses seldom repeat goes to ``bleu_rows``
(``csrc/ngrams.c``, ``_fused_rows``): each sentence tokenized and counted on its own, in
tables sized to it, with no corpus vocabulary. Otherwise (repeats: several systems on
one test set; no kernel; inputs the spec's checks must judge):

* Every distinct line (hypothesis or reference) is tokenized once, by the corpus
  tokenizers of ``bleuprint.impl.tokenizers``, into integer token ids; every distinct
  sentence (hypothesis and its references) is counted once, and the distinct sentences
  are counted in chunks of about 2**15 entries (independent; cache-sized arrays).
* Every token position of every hypothesis and of every reference (references repeated
  for each sentence that uses them) is one *entry*, tagged with its sentence.
* For order n, each entry whose n-gram fits in its line gets the key
  (sentence, n-gram); keys are made dense by one sort. The dense id of the n-gram at
  position p and the token at p + n give the key of the (n+1)-gram at p, so n-grams are
  never spelled out.
* Per key: h = occurrences in the hypothesis, b = the largest number of occurrences in
  one reference; the clipped matches of a sentence are the sum of min(h, b) over its keys
  (Papineni et al. 2002, section 2.1).
* Pruning: an (n+1)-gram can match only if both n-grams it contains occur in the
  hypothesis *and* in a reference of the same sentence; other entries are dropped before
  the next order. Dropping every occurrence of an (n+1)-gram together keeps the counts of
  the remaining ones exact.

The score is ``bleu_scores``: every row of a 2-D array of statistics sums at once (a
corpus, bootstrap resamples, paired trials), with the spec's floating-point operations in
the spec's order and types; ``bleu_from_stats`` is its one-row call.

This module is where impl's ``corpus_bleu`` and ``sentence_bleu`` are made, so importing it
imports no numpy (each function imports what it uses): a first small call scores without
it (``bleuprint.metrics.bleu.plain_impl``).
"""

from __future__ import annotations

import math
from itertools import chain

from .spec import LOG_ZERO, SMOOTH_DEFAULTS, SMOOTH_METHODS, check_bleu_stats
from ...spec.inputs import (
    check_choice,
    check_corpus,
    check_positive_int,
    check_smooth_value,
)
from ...spec.tokenizers import BLEU_TOKENIZERS, OUTSIDE_TOKENIZERS, TOKENIZERS
from ...impl import native
from ...impl.tokenizers_outside import outside_tokenized
from ...core.one_call import one_call_functions

__all__ = [
    "SMOOTH_DEFAULTS",
    "SMOOTH_METHODS",
    "bleu_from_stats",
    "bleu_scores",
    "bleu_stats",
    "bleu_stats_matrix",
    "corpus_bleu",
    "sentence_bleu",
]


_CHUNK = 1 << 15  # entries per chunk of sentences (measured best between 2**14 and 2**16)


def _ranges(starts: np.ndarray, lengths: np.ndarray) -> np.ndarray:
    """Concatenation of ``arange(s, s + l)`` for every pair (s, l), vectorised."""
    import numpy as np

    total = int(lengths.sum())
    if total == 0:
        return np.zeros(0, np.int64)
    ends = np.cumsum(lengths)
    shift = np.repeat(starts - (ends - lengths), lengths)
    return np.arange(total, dtype=np.int64) + shift


def _groups(keys: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Sort non-negative int64 ``keys`` into groups of equal keys: returns ``order`` (a
    permutation sorting the keys), ``ranks`` (``ranks[k]`` = the group of
    ``keys[order[k]]``, 0, 1, ... in key order) and ``distinct`` (the key of each group).

    When the key and the position fit together in 63 bits, one value sort of
    ``key << b | position`` replaces the slower argsort."""
    import numpy as np

    n = len(keys)
    if n == 0:
        empty = np.zeros(0, np.int64)
        return empty, empty, empty
    index_bits = max(int(n - 1).bit_length(), 1)
    key_bits = int(keys.max()).bit_length()
    if key_bits + index_bits <= 63:
        packed = np.sort((keys << index_bits) | np.arange(n, dtype=np.int64))
        order = packed & ((1 << index_bits) - 1)
        sorted_keys = packed >> index_bits
    else:
        order = np.argsort(keys, kind="stable")
        sorted_keys = keys[order]
    new = np.empty(n, dtype=bool)
    new[0] = True
    np.not_equal(sorted_keys[1:], sorted_keys[:-1], out=new[1:])
    ranks = np.cumsum(new) - 1
    return order, ranks, sorted_keys[new]


def _max_ref_counts(ranks: np.ndarray, slots: np.ndarray, n_keys: int, n_slots: int) -> np.ndarray:
    """For each group, the largest number of its members that share one reference slot."""
    import numpy as np

    _, pair_ranks, distinct = _groups(ranks * n_slots + slots)
    counts = np.bincount(pair_ranks, minlength=len(distinct))
    best = np.zeros(n_keys, np.int64)
    np.maximum.at(best, distinct // n_slots, counts)
    return best


def _check_corpus(hyps, refs) -> tuple[list[str], list[list[str]]]:
    """``spec.inputs.check_corpus``, with a fast path for the common valid case (lists
    of lists of exact ``str``); anything else goes through the spec's checks, which
    accept or refuse it with their own messages."""
    if (
        type(hyps) is list
        and type(refs) is list
        and 0 < len(hyps) == len(refs)
        and set(map(type, hyps)) == {str}
        and set(map(type, refs)) <= {list, tuple}
        and min(map(len, refs)) > 0
        and set(map(type, chain.from_iterable(refs))) == {str}
    ):
        return hyps, refs
    return check_corpus(hyps, refs)


def _length_stats(hyp_len, ref_len, ref_counts, order) -> np.ndarray:
    """Statistics rows with the length columns filled in (matches 0): c, the closest
    reference length (ties to the shorter one) and the n-gram totals of the hypothesis."""
    import numpy as np

    n_sent = len(hyp_len)
    ref_sent = np.repeat(np.arange(n_sent), ref_counts)
    scale = int(ref_len.max(initial=0)) + 1
    closeness = np.abs(ref_len - hyp_len[ref_sent]) * scale + ref_len
    closest = np.minimum.reduceat(closeness, np.cumsum(ref_counts) - ref_counts) % scale

    stats = np.zeros((n_sent, 2 + 2 * order), dtype=np.int64)
    stats[:, 0] = hyp_len
    stats[:, 1] = closest
    for n in range(1, order + 1):
        stats[:, 1 + order + n] = np.maximum(hyp_len - n + 1, 0)
    return stats


def _kernel_stats(hyp_line, ref_line, ref_counts, tok, tok_len, order) -> np.ndarray:
    """``_pair_stats`` of all the sentences at once, the matches counted by the compiled
    kernel (``csrc/ngrams.c``: per sentence, min(hypothesis count, largest count in one
    reference) summed over the hypothesis n-grams, Papineni et al. 2002, section 2.1),
    the sentences in parts on ``native.THREADS`` threads."""
    import numpy as np

    stats = _length_stats(tok_len[hyp_line], tok_len[ref_line], ref_counts, order)
    tok_start = np.cumsum(tok_len) - tok_len
    ref_offsets = np.concatenate(([0], np.cumsum(ref_counts)))
    matches = native.ngram_matches(tok, tok_start, tok_len, hyp_line, ref_offsets, ref_line, order, True)
    stats[:, 2 : 2 + order] = np.frombuffer(matches, np.int64).reshape(len(hyp_line), order)
    return stats


def _pair_stats(hyp_line, ref_line, ref_counts, tok, tok_len, vocab, order) -> np.ndarray:
    """The statistics rows of sentences given as token-line indices: hypothesis
    ``hyp_line[i]`` and references ``ref_line`` (``ref_counts[i]`` of them for sentence
    i, in order); line k's tokens are ``tok[start_k : start_k + tok_len[k]]``."""
    import numpy as np

    n_sent = len(hyp_line)
    tok_start = np.cumsum(tok_len) - tok_len
    hyp_len = tok_len[hyp_line]
    ref_len = tok_len[ref_line]
    ref_sent = np.repeat(np.arange(n_sent), ref_counts)
    stats = _length_stats(hyp_len, ref_len, ref_counts, order)

    # Entries: hypothesis tokens first, then reference tokens, each tagged with its
    # sentence, its reference slot and the number of tokens left in its line.
    n_h = int(hyp_len.sum())
    lens = np.concatenate((hyp_len, ref_len))
    ids = tok[_ranges(np.concatenate((tok_start[hyp_line], tok_start[ref_line])), lens)]
    n_entries = len(ids)
    left = np.repeat(np.cumsum(lens), lens) - np.arange(n_entries)  # tokens to the line end
    sent = np.concatenate((np.repeat(np.arange(n_sent), hyp_len), np.repeat(ref_sent, ref_len)))
    n_slots = int(ref_counts.max())
    if n_slots > 1:
        ref_slot = np.arange(len(ref_line)) - np.repeat(np.cumsum(ref_counts) - ref_counts, ref_counts)
        slot = np.concatenate((np.zeros(n_h, np.int64), np.repeat(ref_slot, ref_len)))

    alive = np.arange(n_entries, dtype=np.int64)  # entries whose n-gram may still match
    for n in range(1, order + 1):
        if n == 1:
            keys = sent * vocab + ids
        else:
            keys = prev_rank[alive] * vocab + ids[alive + (n - 1)]
        perm, ranks, distinct = _groups(keys)
        n_keys = len(distinct)
        from_hyp = perm < np.searchsorted(alive, n_h)  # alive is increasing
        h = np.bincount(ranks[from_hyp], minlength=n_keys)
        if n_slots == 1:
            b = np.bincount(ranks[~from_hyp], minlength=n_keys)
        else:
            b = _max_ref_counts(ranks[~from_hyp], slot[alive[perm[~from_hyp]]], n_keys, n_slots)
        clipped = np.minimum(h, b)
        key_sent = distinct // vocab if n == 1 else prev_sent[distinct // vocab]
        stats[:, 1 + n] = np.bincount(key_sent, weights=clipped, minlength=n_sent).astype(np.int64)
        if n == order:
            break
        # Keep the entries whose n-gram and next n-gram both occur on both sides.
        in_shared = (clipped > 0)[ranks]
        entries = alive[perm[in_shared]]
        shared = np.zeros(n_entries + 1, dtype=bool)
        shared[entries] = True
        prev_rank = np.empty(n_entries, np.int64)
        prev_rank[entries] = ranks[in_shared]
        prev_sent = key_sent
        alive = np.flatnonzero(shared[:-1] & shared[1:])
        alive = alive[left[alive] > n]
        if len(alive) == 0:
            break
    return stats


def bleu_stats_matrix(
    hyps: list[str],
    refs: list[list[str]],
    tokenize: str = "13a",
    *,
    lowercase: bool = False,
    max_ngram_order: int = 4,
) -> np.ndarray:
    """The BLEU statistics of every sentence: an int64 array of shape (N, 2 + 2 * order),
    row i = ``bleuprint.metrics.bleu.spec.bleu_stats(hyps[i], refs[i], ...)``.

    With the compiled kernel and hypotheses that seldom repeat, each sentence is counted
    on its own (``_fused_rows``); otherwise every distinct line is tokenized once and
    sentences with the same hypothesis and the same references (in the same order) are
    computed once (``_checked_matrix``).

    A tokenizer of an outside library (MeCab, SentencePiece) first tokenizes each
    distinct line once (``_outside_corpus``); the rest is the ``none`` tokenizer's route."""
    if tokenize in OUTSIDE_TOKENIZERS:
        hyps, refs, tokenize, lowercase = _outside_corpus(hyps, refs, tokenize, lowercase, max_ngram_order)
    rows = _fused_rows(hyps, refs, tokenize, lowercase, max_ngram_order)
    if rows is not None:
        return rows
    hyps, refs, indexed = _indexed_corpus(hyps, refs)
    return _checked_matrix(hyps, refs, tokenize, lowercase, max_ngram_order, indexed)


def _outside_corpus(hyps, refs, tokenize, lowercase, order):
    """The corpus checked (the spec's checks, in its order) with every line replaced by
    the output of the outside tokenizer ``tokenize`` (``outside_tokenized``: lowercased if
    asked, right-stripped, tokenized, each distinct line once), and the options of the
    route that counts it: ``(hyps, refs, "none", False)``."""
    hyps, refs = _check_corpus(hyps, refs)
    check_positive_int(order, "max_ngram_order")
    counts = [len(group) for group in refs]
    tokenized = outside_tokenized(hyps + list(chain.from_iterable(refs)), tokenize, lowercase)
    out_refs, at = [], len(hyps)
    for count in counts:
        out_refs.append(tokenized[at : at + count])
        at += count
    return tokenized[: len(hyps)], out_refs, "none", False


#: The smallest share of distinct hypotheses for which ``_fused_rows`` counts (tests set 0
#: or 2 to reach both routes). Fewer means the lines repeat (several systems on one test
#: set: ted-ende's 13 systems have 59% distinct hypotheses and every reference 13 times),
#: and the route of ``_checked_matrix``, which tokenizes each distinct line once and counts
#: each distinct sentence once, is faster (ted-ende x13: 0.010 s against 0.018 s); a few
#: repeats (one system has 523 distinct of 529) do not pay for that route's extra passes.
_FUSED_MIN_DISTINCT = 0.9


def _fused_rows(hyps, refs, tokenize, lowercase, order):
    """``bleu_stats_matrix`` by the compiled ``bleu_rows`` (``csrc/ngrams.c``): each
    sentence tokenized and counted on its own, its tokens numbered in a small table of its
    own (no corpus vocabulary, no line index), the sentences in up to ``native.parts()``
    consecutive parts on ``native.THREADS`` threads (a part's rows depend on its own
    sentences only). None without the kernel, when the hypotheses repeat
    (``_FUSED_MIN_DISTINCT``), or for inputs that are not plain lists of str (the checked
    route then accepts or refuses them with the spec's messages)."""
    import numpy as np
    from ...impl.tokenizers import kernel_line_args

    kernel = native.ngrams
    if kernel is None or not (type(hyps) is list and type(refs) is list and 0 < len(hyps) == len(refs)):
        return None
    if type(tokenize) is not str or tokenize not in TOKENIZERS or type(order) is not int or order < 1:
        return None  # the checked route's checks, in its order, say what is wrong
    try:
        if len(set(hyps)) < _FUSED_MIN_DISTINCT * len(hyps):
            return None
    except TypeError:  # an unhashable hypothesis: not plain
        return None
    if lowercase:
        hyps, refs = _check_corpus(hyps, refs)
        hyps = [hyp.lower() for hyp in hyps]
        refs = [[ref.lower() for ref in rs] for rs in refs]
    texts = chain(hyps, chain.from_iterable(refs)) if tokenize == "intl" else ()
    try:
        mode, table, strip_left = kernel_line_args(tokenize, texts, kernel)
    except TypeError:  # intl's join of something that is not str
        return None
    bounds = native.split_points(len(hyps), native.parts(), native.SPLIT_MIN_SENTENCES)

    def part(a: int, b: int):
        return lambda: kernel.bleu_rows(hyps, refs, a, b, mode, table, strip_left, order)

    found = native.run_parallel([part(a, b) for a, b in zip(bounds[:-1], bounds[1:])])
    if any(rows is None for rows in found):
        return None
    return np.frombuffer(b"".join(found) if len(found) > 1 else found[0], np.int64).reshape(-1, 2 + 2 * order)


def _indexed_corpus(hyps, refs):
    """``(hyps, refs, indexed)``: the corpus checked as ``_check_corpus`` checks it, and
    its lines indexed by the kernel's ``line_index`` (None without the kernel, or when the
    corpus is not plain lists of str and the spec's checks decide)."""
    kernel = native.ngrams
    indexed = None if kernel is None else kernel.line_index(hyps, refs)
    if indexed is None:
        hyps, refs = _check_corpus(hyps, refs)
    return hyps, refs, indexed


def _line_index(hyps, refs) -> tuple[list[str], np.ndarray, np.ndarray]:
    """The distinct lines of a checked corpus (hypotheses, then the references flattened)
    in order of first occurrence, the id of every line among them, and the number of
    references of each hypothesis (what the kernel's ``line_index`` returns)."""
    import numpy as np

    n_sent = len(hyps)
    ref_counts = np.fromiter(map(len, refs), np.int64, n_sent)
    flat_refs = list(chain.from_iterable(refs))
    # the id of a line is the position of its first occurrence, compacted
    first_seen: dict[str, int] = {}
    n_lines = n_sent + len(flat_refs)
    line_of = np.fromiter(map(first_seen.setdefault, chain(hyps, flat_refs), range(n_lines)), np.int64, n_lines)
    is_first = np.zeros(n_lines, dtype=bool)
    is_first[line_of] = True
    return list(first_seen), (np.cumsum(is_first) - 1)[line_of], ref_counts


def _checked_matrix(hyps, refs, tokenize, lowercase, max_ngram_order, indexed=None) -> np.ndarray:
    """``bleu_stats_matrix`` of a corpus that passed ``_check_corpus`` (or the kernel's
    ``line_index``, whose result ``indexed`` is)."""
    import numpy as np
    from ...impl.tokenizers import bleu_token_ids

    check_choice(tokenize, BLEU_TOKENIZERS, "tokenizer")
    check_positive_int(max_ngram_order, "max_ngram_order")
    n_sent = len(hyps)

    if indexed is None:
        distinct_lines, line_of, ref_counts = _line_index(hyps, refs)
    else:
        distinct_lines, ids, counts = indexed
        line_of, ref_counts = np.frombuffer(ids, np.int64), np.frombuffer(counts, np.int64)
    hyp_line, ref_line = line_of[:n_sent], line_of[n_sent:]

    # Distinct sentences (hypothesis, references).
    if len(ref_line) == n_sent:
        _, first, inverse = np.unique(hyp_line * len(distinct_lines) + ref_line, return_index=True, return_inverse=True)
        first_refs = first
    else:
        seen: dict = {}
        sentences = [(hyp, *rs) for hyp, rs in zip(hyps, refs)]
        inverse = np.fromiter(map(seen.setdefault, sentences, range(n_sent)), np.int64, n_sent)
        first, inverse = np.unique(inverse, return_inverse=True)
        starts = np.cumsum(ref_counts) - ref_counts
        first_refs = _ranges(starts[first], ref_counts[first])
    inverse = inverse.reshape(-1)

    tok, tok_len, vocab = bleu_token_ids(distinct_lines, tokenize, lowercase)
    hyp_line, ref_line, ref_counts = hyp_line[first], ref_line[first_refs], ref_counts[first]
    if native.ngrams is not None:
        return _kernel_stats(hyp_line, ref_line, ref_counts, tok, tok_len, max_ngram_order)[inverse]
    # Sentences are independent: count them in chunks of about _CHUNK entries, whose
    # arrays stay in the CPU caches (same results, fewer cache misses in the sorts).
    ref_offsets = np.concatenate(([0], np.cumsum(ref_counts)))
    ref_tokens = np.concatenate(([0], np.cumsum(tok_len[ref_line])))
    entries = np.cumsum(tok_len[hyp_line]) + ref_tokens[ref_offsets[1:]]
    cuts = np.searchsorted(entries, np.arange(_CHUNK, int(entries[-1]), _CHUNK), side="right")
    bounds = [0, *np.unique(cuts).tolist(), len(hyp_line)]
    rows = np.concatenate([
        _pair_stats(
            hyp_line[a:b], ref_line[ref_offsets[a] : ref_offsets[b]], ref_counts[a:b],
            tok, tok_len, vocab, max_ngram_order,
        )
        for a, b in zip(bounds[:-1], bounds[1:])
        if b > a
    ])
    return rows[inverse]


def bleu_from_stats(
    stats,
    *,
    smooth_method: str = "exp",
    smooth_value=None,
    effective_order: bool = False,
    max_ngram_order: int | None = None,
) -> float:
    """BLEU on the 0..100 scale from (summed) statistics ``[c, r, m_1..m_N, t_1..t_N]``:
    ``bleu_scores`` of the one row (the definition: ``bleuprint.metrics.bleu.spec.bleu_from_stats``,
    sacreBLEU ``BLEU.compute_bleu``), after the spec's own checks (``check_smooth_value``,
    ``check_bleu_stats``). The entries of a numpy array (a first entry that is a numpy
    scalar) are taken as the Python numbers they hold, so the arithmetic is double, the
    spec's on Python numbers; in a list of Python numbers, a ``numpy.float32`` entry enters
    float32 arithmetic where the spec's would (``mixed.row_flags``)."""
    import numpy as np
    from ...impl.mixed import row_flags

    check_choice(smooth_method, SMOOTH_METHODS, "smooth_method")
    check_smooth_value(smooth_value)
    stats, order = check_bleu_stats(stats, max_ngram_order)
    if isinstance(stats[0], np.generic):
        stats = [x.item() for x in stats]
    values, _ = bleu_scores(np.array([stats], dtype=np.float64), row_flags(stats), smooth_method=smooth_method,
                            smooth_value=smooth_value, effective_order=effective_order)
    return float(values[0])


#: The smoothing methods the kernel's ``bleu_scores`` computes (add-k is numpy's only).
_KERNEL_SMOOTHING = {"exp": 0, "floor": 1, "none": 2}
#: The highest order the kernel takes.
_KERNEL_MAX_ORDER = 64


def bleu_scores(sums, float32=False, *, smooth_method: str = "exp", smooth_value=None,
                effective_order: bool = False, max_ngram_order: int | None = None):
    """BLEU of every row of the 2-D array ``sums`` (statistics sums ``[c, r, m_1..m_N,
    t_1..t_N]``, one row each: a corpus, bootstrap resamples, paired trials), performing
    ``bleuprint.metrics.bleu.spec.bleu_from_stats``' operations in its order and types:
    ``(values, python_float)``, float64 scores and a flag per row that is always true (BLEU's
    score is a Python float in sacreBLEU, through ``math.exp``).

    ``float32`` says which statistics are ``numpy.float32`` (sacreBLEU's resample sums):
    a bool, a bool per row, or a bool per entry; the precisions of those rows are then
    float32 arithmetic (NumPy >= 2 rules, ``bleuprint.impl.mixed``), the brevity penalty,
    the logs and their sum double. The rows are not checked (they are sums of checked
    rows); the options are.

    The compiled kernel (``_resample.bleu_scores``) scores the rows where it applies (not
    add-k; at most 64 orders; one arithmetic per row), the numpy code below elsewhere; the
    tests hold both to the spec."""
    import numpy as np

    check_choice(smooth_method, SMOOTH_METHODS, "smooth_method")
    check_smooth_value(smooth_value)
    sums = np.asarray(sums, dtype=np.float64)
    if sums.ndim != 2 or sums.shape[1] < 4 or sums.shape[1] % 2:
        raise ValueError(f"BLEU sums must be a 2-D array of rows of 2 + 2N numbers (N >= 1), got shape {sums.shape}")
    order = (sums.shape[1] - 2) // 2
    if max_ngram_order is not None and check_positive_int(max_ngram_order, "max_ngram_order") != order:
        raise ValueError(f"sums of width {sums.shape[1]} are for order {order}, not max_ngram_order={max_ngram_order}")
    value = SMOOTH_DEFAULTS[smooth_method] if smooth_value is None else smooth_value
    python_float = np.ones(sums.shape[0], dtype=bool)
    flags = np.asarray(float32, dtype=bool)
    if flags.ndim == 2 and np.all(flags == flags[:, :1]):
        flags = flags[:, 0]  # one arithmetic per row
    kernel = native.resample
    if kernel is not None and smooth_method in _KERNEL_SMOOTHING and order <= _KERNEL_MAX_ORDER and flags.ndim < 2:
        rows = np.ascontiguousarray(sums)
        is32 = np.ascontiguousarray(np.broadcast_to(flags, rows.shape[:1]), dtype=np.uint8)
        out = np.empty(rows.shape[0], dtype=np.float64)
        kernel.bleu_scores(rows, is32, _KERNEL_SMOOTHING[smooth_method], float(value or 0), bool(effective_order), out)
        return out, python_float
    return _numpy_bleu_scores(sums, flags, order, smooth_method, value, effective_order), python_float


def _numpy_bleu_scores(sums, float32, order, smooth_method, value, effective_order) -> np.ndarray:
    """``bleu_scores``' values in numpy: the spec's loop over the orders, every order of
    every row at once. The loop stops at the first zero total: ``running`` marks the orders
    it reaches; exp smoothing's factor is 2^j at the j-th zero-match order reached; the
    logs are added left to right (``numpy.add.accumulate``; an order outside the mean adds
    0.0, which leaves the sum as it is)."""
    import numpy as np
    from ...impl.mixed import Mixed, math_map, table as mixed_table

    sys_len, ref_len = sums[:, 0], sums[:, 1]
    stats = mixed_table(sums, float32)
    m, t = stats[:, 2 : 2 + order], stats[:, 2 + order :]
    any_match = np.any(m.value != 0, axis=1)
    shorter = (sys_len < ref_len) & (sys_len > 0)
    with np.errstate(divide="ignore", invalid="ignore"):
        ratio = 1 - ref_len / sys_len
    bp = np.where(shorter, math_map(math.exp, ratio, shorter, 0.0), np.where(sys_len >= ref_len, 1.0, 0.0))
    if smooth_method == "add-k":  # k is added to m_n and t_n for n >= 2, before the zero-total test
        later = np.arange(order) > 0
        m, t = (m + value).where(later, m), (t + value).where(later, t)
    running = np.logical_and.accumulate(t.value != 0, axis=1)
    reached = running.sum(axis=1)
    eff_order = np.where(reached > 0, reached, order) if effective_order else np.full(len(sums), order)
    zero = m.value == 0
    if smooth_method == "exp":
        factor = np.ldexp(1.0, np.cumsum(running & zero, axis=1))  # Python floats 2, 4, 8, ... (exact)
        smoothed = Mixed.of(100.0) / (Mixed(factor) * t)
    elif smooth_method == "floor":
        smoothed = Mixed.of(100.0 * value) / t
    else:
        smoothed = Mixed.of(0.0)
    precisions = ((Mixed.of(100.0) * m) / t).where(~zero, smoothed).where(running, 0.0).value
    logs = math_map(math.log, precisions, precisions != 0, float(LOG_ZERO))
    in_mean = np.arange(order) < eff_order[:, None]
    log_sum = np.add.accumulate(np.where(in_mean, logs, 0.0), axis=1)[:, -1]
    scores = bp * math_map(math.exp, log_sum / eff_order, np.ones(len(sums), dtype=bool), 0.0)
    return np.where(any_match, scores, 0.0)


# ``corpus_bleu``, ``sentence_bleu`` and ``bleu_stats``: declared once in ``api.py``, made from the registered
# definition on first use (``bleuprint.core.one_call``).
__getattr__ = one_call_functions(__name__)
