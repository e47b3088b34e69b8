"""coco BLEU, fast: the statistics are those of sacreBLEU's BLEU with ``tokenize="none"``
and 4 orders (words by ``str.split()``, clipping against the largest count in one
reference, the closest reference length with ties to the shorter), so the registered
``bleu`` metric's kernel computes them (reached through the registry) and its columns are
put in coco's order; the score is the spec's formula on Python floats (bit-identical).
Checked against ``bleuprint.metrics.coco_bleu.spec`` by tests/impl/test_coco_diff.py."""

from __future__ import annotations

import math

import numpy as np

from .spec import MAX_ORDER, SMALL, TINY, check_order, coco_bleu_from_stats

#: sacreBLEU's row ``[c, r, m_1..m_4, t_1..t_4]`` -> coco's ``[testlen, reflen, guess_1..4, correct_1..4]``.
COLUMNS = [0, 1, 6, 7, 8, 9, 2, 3, 4, 5]


def coco_bleu_stats_matrix(hyps, refs) -> np.ndarray:
    """Every image's row (int64, N x 10)."""
    from ...core import get_metric

    # the bleu metric checks the corpus (bleuprint.spec.inputs.check_corpus's messages)
    matrix = get_metric("bleu").stats_matrix(hyps, refs, tokenize="none", max_ngram_order=MAX_ORDER)
    return np.ascontiguousarray(np.asarray(matrix, dtype=np.int64)[:, COLUMNS])


def per_image_scores(rows, n: int = 4) -> list[list[float]]:
    """pycocoevalcap's per-image lists: ``[[BLEU-k of every row] for k = 1..n]``, each
    row scored alone with the spec's operations in the spec's order, so the same floats as
    ``coco_bleu_from_stats`` on each row (the rows are not checked): the running product
    of (m_k + tiny) / (t_k + small) in numpy (each IEEE operation as Python's), then the
    root and the brevity penalty with Python's ``**`` and ``math.exp`` (numpy's may
    round differently)."""
    n = check_order(n)
    rows = np.asarray(rows, dtype=np.float64).reshape(-1, 2 + 2 * MAX_ORDER)
    ratio = ((rows[:, 0] + TINY) / (rows[:, 1] + SMALL)).tolist()
    penalty = [math.exp(1 - 1 / r) if r < 1 else None for r in ratio]
    product = np.ones(rows.shape[0])
    out = []
    for k in range(n):
        product = product * ((rows[:, 2 + MAX_ORDER + k] + TINY) / (rows[:, 2 + k] + SMALL))
        root = 1.0 / (k + 1)
        out.append([b ** root if p is None else b ** root * p for b, p in zip(product.tolist(), penalty)])
    return out


def coco_bleu(hyps, refs, order: int = 4) -> float:
    """Corpus BLEU-``order`` (the spec's ``coco_bleu``)."""
    order = check_order(order)
    rows = coco_bleu_stats_matrix(hyps, refs)
    return coco_bleu_from_stats([int(x) for x in rows.sum(axis=0)], order)
