"""SQuAD EM and F1, fast: the same rows and errors as ``bleuprint.metrics.squad.spec``.

Speed: a C kernel (``bleuprint/impl/csrc/squad.c``) computes the rows where it is built;
the Python fallback (``BLEUPRINT_NO_NATIVE=1``): punctuation removed by one ``str.translate`` (a deletion table of
``string.punctuation``, the same characters the spec drops one by one), each distinct
answer string normalized and counted once per call (a dict), overlap counted on
``Counter``s; the matrix is built once with numpy.
"""

from __future__ import annotations

import re
import string
from collections import Counter

import numpy as np

from .spec import check_questions, check_version

_DELETE = str.maketrans("", "", string.punctuation)
_ARTICLES = re.compile(r"\b(a|an|the)\b", re.UNICODE)


def _tokens_of(text: str, memo: dict) -> tuple:
    got = memo.get(text)
    if got is None:
        tokens = _ARTICLES.sub(" ", text.lower().translate(_DELETE)).split()
        got = memo[text] = (tokens, Counter(tokens), " ".join(tokens))
    return got


def _f1(gold, pred, v2: bool):
    gold_tokens, gold_counts, _ = gold
    pred_tokens, pred_counts, _ = pred
    if v2 and (not gold_tokens or not pred_tokens):
        return int(gold_tokens == pred_tokens)
    overlap = sum((gold_counts & pred_counts).values())
    if overlap == 0:
        return 0
    precision = overlap / len(pred_tokens)
    recall = overlap / len(gold_tokens)
    return 2 * precision * recall / (precision + recall)


def squad_rows(hyps, refs, version: str = "1.1") -> list:
    """Every question's ``[EM, F1, answered]``: the compiled kernel
    (``bleuprint.impl.native.squad``, csrc/squad.c) where it is built, else Python."""
    from ...impl import native

    version = check_version(version)
    v2 = version == "2.0"
    if native.squad is not None and type(hyps) is list and type(refs) is list and hyps and len(hyps) == len(refs):
        try:
            return native.squad.rows(hyps, refs, v2)
        except TypeError:  # a bad input (or a tuple): the spec's checks below name it
            pass
    hyps, refs = check_questions(hyps, refs, version)
    memo: dict = {}
    empty = _tokens_of("", memo)
    rows = []
    for pred, golds in zip(hyps, refs):
        if pred is None:
            rows.append([0, 0, 0])
            continue
        p = _tokens_of(pred, memo)
        gs = [_tokens_of(g, memo) for g in golds]
        if v2:
            gs = [g for g in gs if g[2]] or [empty]
        rows.append([max(int(g[2] == p[2]) for g in gs), max(_f1(g, p, v2) for g in gs), 1])
    return rows


def squad_matrix(hyps, refs, version: str = "1.1") -> np.ndarray:
    """The N x 3 float64 matrix ``[EM, F1, answered]`` of every question."""
    rows = squad_rows(hyps, refs, version)
    return np.array(rows, dtype=np.float64).reshape(len(rows), 3)


def squad(hyps, refs, version: str = "1.1", value: str = "f1") -> float:
    rows = squad_rows(hyps, refs, version)
    column = 1 if value == "f1" else 0
    total = len(rows) if version == "1.1" else sum(r[2] for r in rows)
    if total == 0:
        raise ValueError("no question has a prediction: SQuAD v2.0's score is undefined")
    return 100.0 * sum(r[column] for r in rows) / total


def squad_v2_report(rows, preds, golds, na_probs, threshold: float = 1.0) -> dict:
    """``spec.squad_v2_report``, fast (the same values: every sum is Python's ``sum`` over
    the same numbers in the same order; the best-threshold walk is one sequential
    ``np.cumsum`` from the unanswerable count, whose first maximum is the spec's first
    strict improvement, questions ordered by a stable sort of ``na_probs``)."""
    from itertools import compress

    n = len(rows)
    em_raw, f_raw, _ = zip(*rows)
    answerable = [len(g) > 0 for g in golds]
    unanswerable = [not a for a in answerable]
    probs = np.asarray(na_probs, dtype=np.float64)
    over = (probs > threshold).tolist()
    em = [float(u) if o else e for e, o, u in zip(em_raw, over, unanswerable)]
    f = [float(u) if o else s for s, o, u in zip(f_raw, over, unanswerable)]
    report = {"exact": 100.0 * sum(em) / n, "f1": 100.0 * sum(f) / n, "total": n}
    for label, mask in (("HasAns", answerable), ("NoAns", unanswerable)):
        count = sum(mask)
        if count:
            report[f"{label}_exact"] = 100.0 * sum(compress(em, mask)) / count
            report[f"{label}_f1"] = 100.0 * sum(compress(f, mask)) / count
            report[f"{label}_total"] = count
    order = np.argsort(probs, kind="stable")
    has = np.asarray(answerable, dtype=bool)
    penalty = np.where(np.fromiter((bool(p) for p in preds), bool, n), -1.0, 0.0)
    start = float(sum(unanswerable))
    for key, raw in (("exact", em_raw), ("f1", f_raw)):
        steps = np.where(has, np.asarray(raw, dtype=np.float64), penalty)[order]
        walk = np.cumsum(np.concatenate(([start], steps)))
        best = int(np.argmax(walk))
        report[f"best_{key}"] = 100.0 * float(walk[best]) / n
        report[f"best_{key}_thresh"] = 0.0 if best == 0 else na_probs[int(order[best - 1])]
    return report
