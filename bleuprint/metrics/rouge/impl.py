"""ROUGE, fast: the same values as ``bleuprint.metrics.rouge.spec`` (checked by
``tests/impl/test_rouge_diff.py``).

With the compiled kernel (``bleuprint.impl.native.rouge``, ``csrc/rouge.c``), one call
tokenizes every text of the corpus (rouge-score's tokens, interned as int32 ids; the
kernel's docstring says why reading the code points gives exactly the spec's lowercased
``[a-z0-9]`` runs), ``use_stemmer`` maps each *distinct* token once through the Porter
stemmer (``.porter.stem``, tokens longer than 3 characters, as rouge-score) and remaps the
ids with numpy, and a second call computes, for every segment and every requested type at
once, ROUGE-N's clipped overlap (a hash table of the target's n-grams), ROUGE-L's LCS
length (bit-parallel, Allison and Dix 1986 / Hyyro 2004, one machine word per 64 target
tokens) and Lsum's union LCS (the DP table and rouge-score's back-trace, the spec's
``lcs_positions``), choosing the first best target per type; segments are split over
``native.THREADS`` threads (the kernel releases the GIL).

Without the kernel (no C compiler, ``BLEUPRINT_NO_NATIVE=1``), the Python code below:

* one compiled regular expression for the tokens (``[a-z0-9]+`` runs of the lowercased
  text are exactly the spec's tokens) and a cache of each distinct line's tokens;
* ROUGE-L's LCS length by the same bit-parallel algorithm on Python integers;
* Lsum's back-trace on its own table (rows as lists).

The results are float64 ``[P, R, F]`` rows, each value computed with the same IEEE double
operations, in the same order, as the spec's Python floats.
"""

from __future__ import annotations

import re
from collections import Counter

import numpy as np

from ...impl import native
from ...spec.inputs import check_corpus
from .spec import ALL_TYPES, check_rouge_type, check_rouge_types, check_use_stemmer, fmeasure

_TOKEN = re.compile(r"[a-z0-9]+")
_VALID = re.compile(r"[a-z0-9]+")

#: The kernel's code of each ROUGE type: n for rougeN, 0 for rougeL, -1 for rougeLsum.
TYPE_CODES = {**{f"rouge{n}": n for n in range(1, 10)}, "rougeL": 0, "rougeLsum": -1}

#: Fewest segments per part when the kernel call is split over threads (read at call
#: time; tests set 1).
SPLIT_MIN_SEGMENTS = 500


def _stemmer():
    from .porter import stem  # the stemming option's own module (lazy: only when asked)

    return stem


def _stemmed(token: str, stem) -> str | None:
    """rouge-score's treatment of one token under ``use_stemmer``: stemmed when longer than
    3 characters, then kept only if it is still a ``[a-z0-9]+`` run (None: dropped)."""
    if len(token) > 3:
        token = stem(token)
    return token if _VALID.fullmatch(token) else None


def token_stemmer():
    """rouge-score's treatment of one token under ``use_stemmer`` as a callable: the
    token's Porter stem (tokens longer than 3 characters), or None when the result is not
    a ``[a-z0-9]+`` run (dropped). ``bleuprint.compat.rouge_score`` gives it to the
    compiled ``PairScorer``, which calls it once per distinct token."""
    stem = _stemmer()
    return lambda token: _stemmed(token, stem)


def _tokens(text: str, cache: dict, stem=None) -> list[str]:
    tokens = cache.get(text)
    if tokens is None:
        tokens = _TOKEN.findall(text.lower())
        if stem is not None:
            tokens = [t for t in (_stemmed(t, stem) for t in tokens) if t is not None]
        cache[text] = tokens
    return tokens


def _lcs_length(a: list[str], b: list[str]) -> int:
    """The LCS length of two token lists, bit-parallel over the positions of ``a``."""
    masks: dict = {}
    for i, token in enumerate(a):
        masks[token] = masks.get(token, 0) | (1 << i)
    full = (1 << len(a)) - 1
    v = full
    for token in b:
        m = masks.get(token)
        if m:
            u = v & m
            v = ((v + u) | (v - u)) & full
    return len(a) - bin(v).count("1")


def _lcs_positions(target: list[str], prediction: list[str]) -> list[int]:
    """The target positions of rouge-score's back-traced LCS (the spec's
    ``lcs_positions``): the table row by row as lists, then the same walk from the end."""
    width = len(prediction) + 1
    rows = [[0] * width]
    for t in target:
        above = rows[-1]
        row = [0] * width
        left = 0
        for j, p in enumerate(prediction, 1):
            if t == p:
                left = above[j - 1] + 1
            else:
                up = above[j]
                if up > left:
                    left = up
            row[j] = left
        rows.append(row)
    i, j, positions = len(target), len(prediction), []
    while i > 0 and j > 0:
        if target[i - 1] == prediction[j - 1]:
            positions.append(i - 1)
            i -= 1
            j -= 1
        elif rows[i][j - 1] > rows[i - 1][j]:
            j -= 1
        else:
            i -= 1
    return positions


def _rouge_n(target: list[str], prediction: list[str], n: int) -> tuple:
    if n == 1:
        t, p = Counter(target), Counter(prediction)
    else:
        t = Counter(zip(*(target[i:] for i in range(n))))
        p = Counter(zip(*(prediction[i:] for i in range(n))))
    overlap = sum(min(c, p[g]) for g, c in t.items())
    precision = overlap / max(max(len(prediction) - n + 1, 0), 1)
    recall = overlap / max(max(len(target) - n + 1, 0), 1)
    return precision, recall, fmeasure(precision, recall)


def _rouge_l(target: list[str], prediction: list[str]) -> tuple:
    if not target or not prediction:
        return 0.0, 0.0, 0.0
    lcs = _lcs_length(target, prediction)
    precision, recall = lcs / len(prediction), lcs / len(target)
    return precision, recall, fmeasure(precision, recall)


def _rouge_lsum(target: str, prediction: str, cache: dict, stem=None) -> tuple:
    targets = [_tokens(line, cache, stem) for line in target.split("\n") if line]
    predictions = [_tokens(line, cache, stem) for line in prediction.split("\n") if line]
    m = sum(map(len, targets))
    n = sum(map(len, predictions))
    if not m or not n:
        return 0.0, 0.0, 0.0
    target_left = Counter(token for s in targets for token in s)
    prediction_left = Counter(token for s in predictions for token in s)
    hits = 0
    for sentence in targets:
        union = set()
        for candidate in predictions:
            if sentence and candidate:
                union.update(_lcs_positions(sentence, candidate))
        for token in [sentence[i] for i in sorted(union)]:
            if target_left[token] > 0 and prediction_left[token] > 0:
                hits += 1
                target_left[token] -= 1
                prediction_left[token] -= 1
    precision, recall = hits / n, hits / m
    return precision, recall, fmeasure(precision, recall)


def _python_rows(hyps, refs, rouge_type: str, stem) -> np.ndarray:
    """The N x 3 rows of one type without the kernel."""
    cache: dict = {}
    out = np.empty((len(hyps), 3), dtype=np.float64)
    for row, (hyp, targets) in enumerate(zip(hyps, refs)):
        best = None
        if rouge_type == "rougeLsum":
            for target in targets:
                scores = _rouge_lsum(target, hyp, cache, stem)
                if best is None or scores[2] > best[2]:
                    best = scores
        else:
            prediction = _tokens(hyp, cache, stem)
            for target in targets:
                tokens = _tokens(target, cache, stem)
                scores = (_rouge_l(tokens, prediction) if rouge_type == "rougeL"
                          else _rouge_n(tokens, prediction, int(rouge_type[5:])))
                if best is None or scores[2] > best[2]:
                    best = scores
        out[row] = best
    return out


def _flatten(hyps, refs):
    """Every text in the kernel's order (each prediction, then its targets) and the
    int64 offsets ``seg_text`` of each segment's first text; the corpus is validated
    (``check_corpus``) unless it is a plain list of lists of str, whose types the kernel
    checks (and a failure there is reported by ``check_corpus``'s messages)."""
    if type(hyps) is list and type(refs) is list and hyps and len(hyps) == len(refs) and all(
            type(r) is list and r for r in refs):
        texts = []
        for h, r in zip(hyps, refs):
            texts.append(h)
            texts.extend(r)
    else:
        hyps, refs = check_corpus(hyps, refs)
        texts = [t for h, r in zip(hyps, refs) for t in (h, *r)]
    seg = np.zeros(len(refs) + 1, dtype=np.int64)
    np.cumsum(np.fromiter(map(len, refs), np.int64, len(refs)) + 1, out=seg[1:])
    return hyps, refs, texts, seg


def _kernel_tokens(kernel, texts: list, use_stemmer: bool):
    """The kernel's token ids of ``texts`` (module doc), stemmed if asked: each distinct
    token stemmed once, the ids remapped to the stems' ids, and dropped tokens (a stem that
    is no longer a ``[a-z0-9]+`` run) removed from the id array and its offsets."""
    ids, text_tok, sent_tok, text_sent, bound, vocab = kernel.token_ids(texts, use_stemmer)
    ids = np.frombuffer(ids, np.int32)
    text_tok, sent_tok = np.frombuffer(text_tok, np.int64), np.frombuffer(sent_tok, np.int64)
    text_sent = np.frombuffer(text_sent, np.int64)
    if use_stemmer:
        stem, of_stem = _stemmer(), {}
        remap = np.fromiter((-1 if s is None else of_stem.setdefault(s, len(of_stem))
                             for s in (_stemmed(w, stem) for w in vocab)), np.int32, len(vocab))
        ids, bound = remap[ids], max(len(of_stem), 1)
        keep = ids >= 0
        if not keep.all():
            before = np.zeros(len(ids) + 1, dtype=np.int64)
            np.cumsum(keep, out=before[1:])
            ids, text_tok, sent_tok = ids[keep], before[text_tok], before[sent_tok]
    return ids, text_tok, sent_tok, text_sent, max(bound, 1)


def rouge_rows(hyps, refs, rouge_types=("rouge1",), use_stemmer: bool = False) -> np.ndarray:
    """The N x T x 3 float64 array of ``[P, R, F]`` rows, one for each of the ``T``
    ``rouge_types`` (the spec's ``rouge_stats`` for each type: its own best target)."""
    rouge_types = check_rouge_types(rouge_types)
    check_use_stemmer(use_stemmer)
    kernel = native.rouge
    if kernel is None or len(rouge_types) > 16:
        hyps, refs = check_corpus(hyps, refs)
        stem = _stemmer() if use_stemmer else None
        return np.stack([_python_rows(hyps, refs, t, stem) for t in rouge_types], axis=1)
    hyps, refs, texts, seg = _flatten(hyps, refs)
    try:
        return _text_rows(kernel, texts, seg, rouge_types, use_stemmer)
    except TypeError:
        check_corpus(hyps, refs)  # names the offending text
        raise


def rouge_pair_parts(hyps: list, targets: list, rouge_types=("rouge1",), use_stemmer: bool = False):
    """The rows of ``rouge_rows(hyps, [[t] for t in targets], ...)`` for lists of str of one
    length (one target a segment: ``compat.rouge_score``'s ``score_batch``), the kernel's
    text order made by interleaving the two lists instead of walking lists of references:
    the float64 bytes of the kernel's parts in segment order (segment, type, P R F), which
    ``_rouge.rows_dicts`` reads without joining them, or the N x T x 3 array where the
    kernel is not used. A text that is not a str is a TypeError from the kernel (the
    caller names it)."""
    rouge_types = check_rouge_types(rouge_types)
    check_use_stemmer(use_stemmer)
    kernel = native.rouge
    if kernel is None or len(rouge_types) > 16 or type(hyps) is not list or type(targets) is not list \
            or len(hyps) != len(targets) or not hyps:
        return rouge_rows(hyps, [[t] for t in targets], rouge_types, use_stemmer)
    texts = [None] * (2 * len(hyps))
    texts[0::2], texts[1::2] = hyps, targets
    return _text_parts(kernel, texts, np.arange(0, len(texts) + 1, 2, dtype=np.int64), rouge_types, use_stemmer)


def _text_parts(kernel, texts: list, seg: np.ndarray, rouge_types: tuple, use_stemmer: bool) -> list:
    """The kernel's rows of ``texts`` in its order (``_flatten``'s: each prediction, then
    its targets; ``seg`` each segment's first text), as the float64 bytes of each part of
    the segments split over the threads, in order."""
    ids, text_tok, sent_tok, text_sent, bound = _kernel_tokens(kernel, texts, use_stemmer)
    codes = [TYPE_CODES[t] for t in rouge_types]
    bounds = native.split_points(len(seg) - 1, native.parts(), SPLIT_MIN_SEGMENTS)

    def part(a: int, b: int):
        return lambda: kernel.rouge_rows(ids, text_tok, sent_tok, text_sent, seg, bound, codes, a, b)

    return native.run_parallel([part(a, b) for a, b in zip(bounds[:-1], bounds[1:])])


def _text_rows(kernel, texts: list, seg: np.ndarray, rouge_types: tuple, use_stemmer: bool) -> np.ndarray:
    """``_text_parts``' rows as one N x T x 3 array."""
    results = _text_parts(kernel, texts, seg, rouge_types, use_stemmer)
    out = np.frombuffer(results[0] if len(results) == 1 else b"".join(results), np.float64)
    return out.reshape(len(seg) - 1, len(rouge_types), 3)


def rouge_all(hyps, refs, rouge_types=ALL_TYPES, use_stemmer: bool = False) -> dict:
    """Every segment's ``[P, R, F]`` of every type of ``rouge_types`` in one pass (the
    spec's ``rouge_all``): ``{type: N x 3 float64 array}`` in the order of
    ``rouge_types``, row k being segment k's ``[P, R, F]`` against its best target for
    that type (each type chooses its own). Each text is tokenized, and each distinct
    token stemmed, once for all the types (module doc); the same numbers as one
    ``rouge_stats_matrix`` call per type.

    ``rouge_types``: distinct names of ``ROUGE_TYPES`` (default rouge1, rouge2, rougeL,
    rougeLsum); ``use_stemmer``: rouge-score's option (Porter stems of tokens longer than 3
    characters)."""
    rouge_types = check_rouge_types(rouge_types)
    rows = rouge_rows(hyps, refs, rouge_types, use_stemmer)
    return {t: np.ascontiguousarray(rows[:, k, :]) for k, t in enumerate(rouge_types)}


def rouge_stats_matrix(hyps, refs, rouge_type: str = "rouge1", use_stemmer: bool = False) -> np.ndarray:
    """The N x 3 float64 matrix of ``[P, R, F]`` rows (the spec's ``rouge_stats``)."""
    return rouge_rows(hyps, refs, (check_rouge_type(rouge_type),), use_stemmer)[:, 0, :].copy()


def rouge(hyps, refs, rouge_type: str = "rouge1", measure: str = "fmeasure", use_stemmer: bool = False) -> float:
    """Corpus ROUGE (the spec's ``rouge``)."""
    from .spec import MEASURES, check_measure

    rows = rouge_stats_matrix(hyps, refs, rouge_type, use_stemmer)
    return sum(rows[:, MEASURES.index(check_measure(measure))].tolist()) / len(rows)
