"""SQuAD v1.1 and v2.0 exact match and F1, literally as the official evaluation scripts
(``evaluate-v1.1.py``, ``evaluate-v2.0.py``; Rajpurkar et al. 2016, 2018) define them.

The definition, one function each:

* ``normalize_answer``: lowercase; remove every character of ``string.punctuation``
  (ASCII only); replace each ``\\b(a|an|the)\\b`` (Python's Unicode ``\\b``) by a space;
  collapse white space (``str.split`` and a single space). The order matters:
  punctuation goes first, so ``"an-apple"`` becomes ``"anapple"`` and keeps its article.
* ``exact(gold, pred)``: 1 when the normalized strings are equal, else 0.
* ``f1(gold, pred, version)``: the multiset overlap of the normalized tokens,
  F1 = 2PR/(P+R) with P = overlap/|pred|, R = overlap/|gold|. The empty rules differ:
  v1.1 returns 0 whenever the overlap is 0 (so empty vs empty is F1 0 while EM is 1);
  v2.0 returns ``int(gold tokens == pred tokens)`` when either side has no token (empty
  vs empty is F1 1).
* ``question_scores(pred, golds, version)``: EM and F1 each maxed over the gold answers
  (independently). v1.1 needs at least one gold answer. v2.0 first drops the gold answers
  that normalize to "" and uses ``[""]`` when none remain (an unanswerable question).
* Missing predictions (``None`` as the hypothesis, this package's representation of a
  question absent from the prediction file): v1.1 counts the question in the
  denominator with EM 0 and F1 0; v2.0 leaves it out of the overall denominator.
* v2.0's no-answer threshold (``apply_no_answer_threshold``) and best-threshold search
  (``best_threshold``) need the whole corpus (a no-answer probability per question).

Scores are on the 0..100 scale, as the scripts print them.
"""

from __future__ import annotations

import re
import string
from collections import Counter
from collections.abc import Sequence

from ...spec.inputs import check_choice, check_not_empty

VERSIONS = ("1.1", "2.0")
VALUES = ("f1", "exact")

PUNCTUATION = frozenset(string.punctuation)
ARTICLES = re.compile(r"\b(a|an|the)\b", re.UNICODE)


# -- inputs ------------------------------------------------------------------------------------

def check_version(version: object) -> str:
    return check_choice(version, VERSIONS, "SQuAD version")


def check_value(value: object) -> str:
    return check_choice(value, VALUES, "SQuAD value")


def check_prediction(pred: object, what: str) -> str | None:
    """A prediction: a str, or None for a question with no prediction."""
    if pred is not None and not isinstance(pred, str):
        raise TypeError(f"{what} must be a str (or None for a missing prediction), got {type(pred).__name__}")
    return pred


def check_gold_answers(golds: object, what: str, version: str) -> list[str]:
    """One question's gold answers: a list of strings, never a bare string; empty only in
    v2.0 (an unanswerable question; v1.1's script fails on it)."""
    if isinstance(golds, str):
        raise TypeError(f"{what} must be a list of gold answer strings, got a bare str {golds[:30]!r}; "
                        f"wrap it: [{golds[:30]!r}]")
    if not isinstance(golds, Sequence):
        raise TypeError(f"{what} must be a sequence of gold answer strings, got {type(golds).__name__}")
    if len(golds) == 0 and version == "1.1":
        raise ValueError(f"{what} is empty: SQuAD v1.1 needs at least one gold answer per question "
                         "(v2.0 reads an empty list as unanswerable)")
    for k, gold in enumerate(golds):
        if not isinstance(gold, str):
            raise TypeError(f"{what}[{k}] must be a str, got {type(gold).__name__}")
    return list(golds)


def check_questions(preds: object, golds: object, version: str) -> tuple[list, list]:
    """N predictions (str or None) and N lists of gold answers."""
    if isinstance(preds, str) or not isinstance(preds, Sequence):
        raise TypeError(f"predictions must be a sequence of strings (None: missing), got {type(preds).__name__}")
    check_not_empty(preds, "predictions")
    if isinstance(golds, str) or not isinstance(golds, Sequence):
        raise TypeError(f"gold answers must be a sequence with one list of answers per question, "
                        f"got {type(golds).__name__}")
    if len(golds) != len(preds):
        raise ValueError(f"mismatched lengths: {len(preds)} predictions but {len(golds)} gold answer lists")
    return ([check_prediction(p, f"predictions[{i}]") for i, p in enumerate(preds)],
            [check_gold_answers(g, f"refs[{i}]", version) for i, g in enumerate(golds)])


# -- one answer pair ---------------------------------------------------------------------------

def lower(text: str) -> str:
    return text.lower()


def remove_punctuation(text: str) -> str:
    """Drop every character of ``string.punctuation`` (ASCII only: curly quotes stay)."""
    return "".join(ch for ch in text if ch not in PUNCTUATION)


def remove_articles(text: str) -> str:
    """Each whole word a, an, the (Unicode word boundaries) becomes a space."""
    return ARTICLES.sub(" ", text)


def fix_white_space(text: str) -> str:
    return " ".join(text.split())


def normalize_answer(text: str) -> str:
    """lower, then punctuation, then articles, then white space (this order)."""
    return fix_white_space(remove_articles(remove_punctuation(lower(text))))


def answer_tokens(text: str) -> list[str]:
    return normalize_answer(text).split()


def exact(gold: str, pred: str) -> int:
    """1 when the normalized answers are equal, else 0."""
    return int(normalize_answer(gold) == normalize_answer(pred))


def f1(gold: str, pred: str, version: str = "1.1"):
    """Token F1 of the normalized answers with the version's empty rule (module doc).
    An int (0 or 1) where the rule decides, else a float, as the scripts return them."""
    gold_tokens, pred_tokens = answer_tokens(gold), answer_tokens(pred)
    if version == "2.0" and (len(gold_tokens) == 0 or len(pred_tokens) == 0):
        return int(gold_tokens == pred_tokens)
    overlap = sum((Counter(gold_tokens) & Counter(pred_tokens)).values())
    if overlap == 0:
        return 0
    precision = overlap / len(pred_tokens)
    recall = overlap / len(gold_tokens)
    return 2 * precision * recall / (precision + recall)


# -- one question ------------------------------------------------------------------------------

def scored_gold_answers(golds: list[str], version: str) -> list[str]:
    """The gold answers a question is scored against: v1.1 all of them; v2.0 those that
    do not normalize to "", or ``[""]`` when none remain."""
    if version == "1.1":
        return list(golds)
    kept = [gold for gold in golds if normalize_answer(gold)]
    return kept if kept else [""]


def question_scores(pred: str | None, golds: list[str], version: str = "1.1") -> list:
    """``[EM, F1, answered]`` of one question (EM and F1 on the 0..1 scale, each maxed over
    the gold answers; ``answered`` 0 for a missing prediction, whose EM and F1 are 0)."""
    if pred is None:
        return [0, 0, 0]
    golds = scored_gold_answers(golds, version)
    return [max(exact(gold, pred) for gold in golds), max(f1(gold, pred, version) for gold in golds), 1]


def has_answer(golds: list[str]) -> bool:
    """v2.0's HasAns split: the question's gold list is non-empty as given (before dropping
    answers that normalize to "")."""
    return len(golds) > 0


# -- the corpus --------------------------------------------------------------------------------

def denominator(n_questions: int, answered, version: str):
    """v1.1: every question; v2.0: the questions with a prediction."""
    return n_questions if version == "1.1" else answered


def squad_from_sums(sums: list, n_questions: int, version: str = "1.1", value: str = "f1") -> float:
    """100 x the summed column (``[EM, F1, answered]`` summed over the questions) chosen by
    ``value``, over the version's denominator."""
    value = check_value(value)
    total = denominator(n_questions, sums[2], version)
    if total == 0:
        raise ValueError("no question has a prediction: SQuAD v2.0's score is undefined")
    return 100.0 * (sums[1] if value == "f1" else sums[0]) / total


def sum_rows(rows: list) -> list:
    """The rows summed column by column, in question order."""
    sums = [0, 0, 0]
    for row in rows:
        sums = [a + b for a, b in zip(sums, row)]
    return sums


def squad(preds, golds, version: str = "1.1", value: str = "f1") -> float:
    """SQuAD EM or F1 (``value``) of a corpus on the 0..100 scale."""
    version = check_version(version)
    check_value(value)
    preds, golds = check_questions(preds, golds, version)
    rows = [question_scores(p, g, version) for p, g in zip(preds, golds)]
    return squad_from_sums(sum_rows(rows), len(rows), version, value)


# -- v2.0: the no-answer threshold and its best value --------------------------------------------

def check_na_probs(na_probs: object, n: int) -> list[float]:
    if isinstance(na_probs, str) or not isinstance(na_probs, Sequence):
        raise TypeError(f"na_probs must be a sequence of numbers, one per question, got {type(na_probs).__name__}")
    if len(na_probs) != n:
        raise ValueError(f"mismatched lengths: {n} questions but {len(na_probs)} no-answer probabilities")
    for i, p in enumerate(na_probs):
        if isinstance(p, bool) or not isinstance(p, (int, float)):
            raise TypeError(f"na_probs[{i}] must be a number, got {type(p).__name__}")
        if p != p:
            raise ValueError(f"na_probs[{i}] is NaN")
    return list(na_probs)


def apply_no_answer_threshold(score: float, na_prob: float, answerable: bool, threshold: float = 1.0) -> float:
    """One answered question's score after the threshold: when ``na_prob > threshold`` the
    system is taken to say "no answer", which scores ``float(not answerable)``."""
    return float(not answerable) if na_prob > threshold else score


def best_threshold(preds: list, scores: list, na_probs: list[float], answerable: list[bool]) -> tuple[float, float]:
    """v2.0's best-threshold search over one score column (EM or F1 per question, 0..1,
    None for a missing prediction): start from the score of answering nothing (the number
    of unanswerable questions), walk the questions in increasing ``na_prob`` (ties in
    question order), answering one more each step: an answerable question adds its score,
    an unanswerable one subtracts 1 when its raw prediction is a non-empty string (else 0).
    The best total is the first maximum (strictly greater), its threshold that step's
    ``na_prob`` (0.0 if no step beats answering nothing). Returns ``(100 x best / number of
    answered questions, threshold)``; missing predictions are skipped in the walk."""
    current = sum(1 for a in answerable if not a)
    best, threshold = current, 0.0
    order = sorted(range(len(preds)), key=lambda i: na_probs[i])
    for i in order:
        if preds[i] is None:
            continue
        if answerable[i]:
            current += scores[i]
        elif preds[i]:
            current -= 1
        if current > best:
            best, threshold = current, na_probs[i]
    answered = sum(1 for p in preds if p is not None)
    return 100.0 * best / answered, threshold


def squad_v2_evaluate(preds, golds, na_probs=None, threshold: float = 1.0) -> dict:
    """The v2.0 script's report: ``exact``, ``f1``, ``total`` after the threshold, the
    ``HasAns_*`` and ``NoAns_*`` splits (those present), and ``best_exact``,
    ``best_exact_thresh``, ``best_f1``, ``best_f1_thresh``. ``na_probs`` defaults to 0.0
    for every question. The script fails (KeyError) on a question without a prediction,
    since each split reads every question of the dataset: here a ValueError names them."""
    preds, golds = check_questions(preds, golds, "2.0")
    missing = [i for i, p in enumerate(preds) if p is None]
    if missing:
        raise ValueError(f"the v2.0 evaluation needs a prediction for every question: missing for "
                         f"question(s) {', '.join(map(str, missing[:20]))}{' ...' if len(missing) > 20 else ''} "
                         f"({len(missing)} of {len(preds)})")
    na_probs = [0.0] * len(preds) if na_probs is None else check_na_probs(na_probs, len(preds))
    rows = [question_scores(p, g, "2.0") for p, g in zip(preds, golds)]
    return squad_v2_report(rows, preds, golds, na_probs, threshold)


def squad_v2_report(rows: list, preds: list, golds: list, na_probs: list[float], threshold: float = 1.0) -> dict:
    """``squad_v2_evaluate``'s report from the questions' ``[EM, F1, answered]`` rows (every
    question predicted; inputs already checked): the threshold applied to each row, the
    means overall and per split, then ``best_threshold`` on the raw EM and F1 columns."""
    answerable = [has_answer(g) for g in golds]
    em = [apply_no_answer_threshold(r[0], q, a, threshold) for r, q, a in zip(rows, na_probs, answerable)]
    f = [apply_no_answer_threshold(r[1], q, a, threshold) for r, q, a in zip(rows, na_probs, answerable)]
    n = len(preds)
    report = {"exact": 100.0 * sum(em) / n, "f1": 100.0 * sum(f) / n, "total": n}
    for label, wanted in (("HasAns", True), ("NoAns", False)):
        split = [i for i in range(n) if answerable[i] == wanted]
        if split:
            report[f"{label}_exact"] = 100.0 * sum(em[i] for i in split) / len(split)
            report[f"{label}_f1"] = 100.0 * sum(f[i] for i in split) / len(split)
            report[f"{label}_total"] = len(split)
    report["best_exact"], report["best_exact_thresh"] = best_threshold(preds, [r[0] for r in rows], na_probs,
                                                                       answerable)
    report["best_f1"], report["best_f1_thresh"] = best_threshold(preds, [r[1] for r in rows], na_probs, answerable)
    return report
