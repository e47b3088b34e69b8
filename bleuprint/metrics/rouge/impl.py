"""ROUGE, fast: the same values as ``bleuprint.metrics.rouge.spec`` (checked by
``tests/impl/test_rouge_diff.py``), computed with

* one compiled regular expression for the tokens (``[a-z0-9]+`` runs of the lowercased
  text are exactly the spec's tokens) and a cache of each distinct line's tokens;
* with ``use_stemmer``, each distinct token's Porter stem computed once (a dict filled by
  ``porter.stem``, the spec's stemmer: the stems are the definition's own);
* ROUGE-L's LCS length by the bit-parallel algorithm of Allison and Dix (1986) / Hyyrö
  (2004) on Python integers (one word-wide step per prediction token), instead of the
  quadratic table;
* Lsum's back-trace on its own table (rows as lists; a prototype: no faster route yet).

The result is an N x 3 float64 matrix of ``[P, R, F]`` rows, each value computed with the
same Python float operations, in the same order, as the spec's.
"""

from __future__ import annotations

import re
from collections import Counter

import numpy as np

from ...spec.inputs import check_corpus
from .porter import stem
from .spec import check_rouge_type, check_use_stemmer, fmeasure

_TOKEN = re.compile(r"[a-z0-9]+")


def _tokens(text: str, cache: dict) -> list[str]:
    tokens = cache.get(text)
    if tokens is None:
        tokens = _TOKEN.findall(text.lower())
        stems = cache.get(_STEMS)
        if stems is not None:
            tokens = [_stem(token, stems) for token in tokens]
        cache[text] = tokens
    return tokens


#: The key of a token cache under which, when stemming, the dict token -> stem is kept
#: (not a str, so no text can collide with it).
_STEMS = ("stems",)


def _stem(token: str, stems: dict) -> str:
    """rouge-score's stemming of one token (the spec's ``stem_tokens``: tokens of more
    than 3 characters only; a Porter stem of ``[a-z0-9]+`` is never empty), once per
    distinct token."""
    if len(token) <= 3:
        return token
    found = stems.get(token)
    if found is None:
        found = stems[token] = stem(token)
    return found


def _token_cache(use_stemmer: bool) -> dict:
    """A fresh token cache; with ``use_stemmer`` it holds the stem dict (``_STEMS``)."""
    return {_STEMS: {}} if check_use_stemmer(use_stemmer) else {}


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


def _rouge_lsum(target: str, prediction: str, cache: dict) -> tuple:
    targets = [_tokens(line, cache) for line in target.split("\n") if line]
    predictions = [_tokens(line, cache) for line in prediction.split("\n") if line]
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


def rouge_stats_matrix(hyps, refs, rouge_type: str = "rouge1", use_stemmer: bool = False) -> np.ndarray:
    """The N x 3 float64 matrix of ``[P, R, F]`` rows (the spec's ``rouge_stats``)."""
    hyps, refs = check_corpus(hyps, refs)
    check_rouge_type(rouge_type)
    cache = _token_cache(use_stemmer)
    out = np.empty((len(hyps), 3), dtype=np.float64)
    for row, (hyp, targets) in enumerate(zip(hyps, refs)):
        best = None
        if rouge_type == "rougeLsum":
            for target in targets:
                scores = _rouge_lsum(target, hyp, cache)
                if best is None or scores[2] > best[2]:
                    best = scores
        else:
            prediction = _tokens(hyp, cache)
            for target in targets:
                tokens = _tokens(target, cache)
                scores = (_rouge_l(tokens, prediction) if rouge_type == "rougeL"
                          else _rouge_n(tokens, prediction, int(rouge_type[5:])))
                if best is None or scores[2] > best[2]:
                    best = scores
        out[row] = best
    return out


def rouge(hyps, refs, rouge_type: str = "rouge1", measure: str = "fmeasure", use_stemmer: bool = False) -> float:
    """Corpus ROUGE (the spec's ``rouge``)."""
    from .spec import MEASURES, check_measure

    rows = rouge_stats_matrix(hyps, refs, rouge_type, use_stemmer)
    return sum(rows[:, MEASURES.index(check_measure(measure))].tolist()) / len(rows)
