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

from .spec import check_questions, check_value, check_version

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


def squad(preds, golds, version: str = "1.1", value: str = "f1") -> float:
    """``spec.squad``, from the kernel's rows."""
    check_value(value)
    rows = squad_rows(preds, golds, version)
    column = 1 if value == "f1" else 0
    total = len(rows) if version == "1.1" else sum(r[2] for r in rows)
    if total == 0:
        raise ValueError("no question has a prediction: SQuAD v2.0's score is undefined")
    return 100.0 * sum(r[column] for r in rows) / total


def squad_v2_report(rows, preds, golds, na_probs, threshold: float = 1.0) -> dict:
    """``spec.squad_v2_report``, fast (the same values: every mean is Python's ``sum`` over
    the same objects in the same order, the best-threshold walks add the same numbers in the
    same order). The kernel's ``v2_parts`` (csrc/squad.c) gathers the thresholded columns and
    walks in C where it is built and can read the inputs exactly; else numpy: one sequential
    ``np.cumsum`` from the unanswerable count, whose first maximum is the spec's first strict
    improvement, questions in the spec's order (Python's stable sort of ``na_probs``, exact
    where a double is not: ints beyond 2**53)."""
    from ...impl import native

    if native.squad is not None and type(rows) is list and type(preds) is list and type(golds) is list \
            and type(na_probs) is list and rows:
        try:
            parts = native.squad.v2_parts(rows, preds, golds, na_probs, float(threshold))
        except TypeError:  # something it cannot read exactly: numpy below
            parts = None
        if parts is not None:
            return _report_of_parts(parts, na_probs)
    return _numpy_v2_report(rows, preds, golds, na_probs, threshold)


def _report_of_parts(parts, na_probs) -> dict:
    em, f, em_has, f_has, em_no, f_no, best_em, at_em, best_f, at_f, answered = parts
    n = len(em)
    report = {"exact": 100.0 * sum(em) / n, "f1": 100.0 * sum(f) / n, "total": n}
    for label, split_em, split_f in (("HasAns", em_has, f_has), ("NoAns", em_no, f_no)):
        if split_em:
            report[f"{label}_exact"] = 100.0 * sum(split_em) / len(split_em)
            report[f"{label}_f1"] = 100.0 * sum(split_f) / len(split_f)
            report[f"{label}_total"] = len(split_em)
    report["best_exact"] = 100.0 * best_em / answered
    report["best_exact_thresh"] = 0.0 if at_em < 0 else na_probs[at_em]
    report["best_f1"] = 100.0 * best_f / answered
    report["best_f1_thresh"] = 0.0 if at_f < 0 else na_probs[at_f]
    return report


def _numpy_v2_report(rows, preds, golds, na_probs, threshold: float = 1.0) -> dict:
    from itertools import compress

    n = len(rows)
    em_raw, f_raw, _ = zip(*rows)
    answerable = [len(g) > 0 for g in golds]
    unanswerable = [not a for a in answerable]
    over = [p > threshold for p in na_probs]  # Python's comparisons: exact for ints beyond 2**53 too
    em = [float(u) if o else e for e, o, u in zip(em_raw, over, unanswerable)]
    f = [float(u) if o else s for s, o, u in zip(f_raw, over, unanswerable)]
    report = {"exact": 100.0 * sum(em) / n, "f1": 100.0 * sum(f) / n, "total": n}
    for label, mask in (("HasAns", answerable), ("NoAns", unanswerable)):
        count = sum(mask)
        if count:
            report[f"{label}_exact"] = 100.0 * sum(compress(em, mask)) / count
            report[f"{label}_f1"] = 100.0 * sum(compress(f, mask)) / count
            report[f"{label}_total"] = count
    order = np.array(sorted(range(n), key=na_probs.__getitem__), dtype=np.intp).reshape(n)  # the spec's sort
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


def official_report(dataset, predictions, version: str, na_probs, threshold: float) -> dict | None:
    """``official.evaluate_squad``'s report in one pass of the kernel (csrc/squad.c: the
    dataset walk, the gathering of predictions and probabilities, the rows, the v2.0
    report's pieces), or None where the kernel is not built or the inputs are not plain
    well-formed JSON values (then the checked path runs and names any problem). Options
    are checked by the caller."""
    from ...impl import native

    kernel = native.squad
    if kernel is None:
        return None
    import gc

    collecting = gc.isenabled()
    gc.disable()  # the walk and the rows make two lists a question: no collection passes over the dataset meanwhile
    try:
        return _official_report(kernel, dataset, predictions, version, na_probs, threshold)
    finally:
        if collecting:
            gc.enable()


def _official_report(kernel, dataset, predictions, version, na_probs, threshold):
    articles = dataset.get("data") if type(dataset) is dict else dataset
    walked = kernel.questions(articles) if type(articles) is list else None
    if walked is None:
        return None
    ids, golds = walked
    v2 = version == "2.0"
    if not v2 and not all(golds):
        return None  # v1.1 needs a gold answer per question: the checked path says which
    gathered = kernel.gather(ids, predictions, na_probs, v2)
    if gathered is None:
        return None
    preds, probs = gathered
    rows = kernel.rows(preds, golds, v2)
    if not v2:
        n = len(rows)
        return {"exact_match": 100.0 * sum([r[0] for r in rows]) / n, "f1": 100.0 * sum([r[1] for r in rows]) / n}
    report = squad_v2_report(rows, preds, golds, [0.0] * len(ids) if probs is None else probs, threshold)
    if probs is None:
        for key in ("best_exact", "best_exact_thresh", "best_f1", "best_f1_thresh"):
            del report[key]
    return report
