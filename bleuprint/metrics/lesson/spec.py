"""The classical-metrics lesson (seed 003, "Classical Metrics"), literally: its tokenizer,
its five per-example metrics, its dispatcher, its corpus mean and its pooled corpus BLEU.

Source: ``../shared/seeds/003_89c7ad1d7d84cdc9.txt`` (the lesson; its ``main.py`` is
described there, not shipped: where the lesson leaves a case open this module says what it
chose, marked "choice"). One function per definition, pure Python, no caching.

* ``tokenize(text)``: ``re.findall(r"\\w+", text.lower())`` with Python's Unicode ``\\w``
  (letters, digits and ``_`` of every script: "Café_au lait" -> ["café_au", "lait"]).
  Token F1, BLEU-4 and ROUGE-L use it; exact match and accuracy do not.
* ``exact_match(prediction, targets)``: 1.0 when ``prediction.strip()`` equals
  ``t.strip()`` for some target, else 0.0; an empty target list scores 0.0. No case
  folding, no punctuation removal ("Paris." does not match "Paris").
* ``accuracy(prediction, targets)``: ``exact_match`` on the whole target list.
* ``f1_score(prediction, target)``: multiset overlap of the tokens; P = overlap/|pred|,
  R = overlap/|target|, F1 = 2PR/(P+R); overlap 0 gives 0.0. The lesson says its code
  "covers the empty-prediction and empty-target cases" without the rule: choice, the
  SQuAD-style rule the lesson points to (SQuAD v2.0's): when either side has no token the
  score is 1.0 if both have none, else 0.0.
* ``bleu4(prediction, reference)``: for n = 1..4, the clipped n-gram matches m_n (each
  candidate n-gram count clipped by its count in the one reference) and the candidate's
  n-gram total t_n = max(c - n + 1, 0); smoothed precision p_n = (m_n + 1) / (t_n + 1) on
  every order ("add one to both numerator and denominator of every n-gram precision"); the
  geometric mean exp(sum of w_n log p_n), w_n = 1/4 (Papineni et al. 2002's form; the
  sum correctly rounded, ``math.fsum``); brevity penalty 1 when c > r, else
  exp(1 - r/c) (c, r: token counts of candidate and reference). Choice: an empty
  candidate or an empty reference scores 0.0 (the penalty is undefined for c = 0, and
  nothing can match an empty reference).

  The lesson calls this smoothing "method 1" of Lin and Och; no library computes it:
  nltk's ``method1`` adds an epsilon to zero numerators only, ``method2`` (Lin and Och's
  add-one) adds one to orders 2..4 and leaves unigrams unsmoothed, and sacreBLEU's
  ``add-k`` adds k to orders 2..4 only as well (``tests/spec/test_lesson_hand.py`` shows
  the difference on one example).
* ``lcs_length(a, b)``: the longest-common-subsequence length, by the dynamic-programming
  table the lesson writes (here in lists instead of a numpy array: same recurrence).
* ``rouge_l(prediction, reference, beta=1.0)``: P = lcs/|pred|, R = lcs/|ref|,
  F_beta = (1 + beta^2) P R / (R + beta^2 P); lcs 0 (also an empty side) gives 0.0. The
  dispatcher uses beta = 1 (F1).
* ``score(metric_name, prediction, targets)``: 0.0 for an empty target list; exact match
  and accuracy against the whole list; the max over targets of f1, bleu_4 and rouge_l;
  ValueError for an unknown name.
* ``corpus_mean``: the mean of the per-example ``score`` values.
* ``corpus_bleu``: clipped matches, candidate n-gram totals and lengths summed over the
  corpus, then the same add-one precisions, geometric mean and brevity penalty on the
  sums. The lesson pools one reference per prediction; with several targets (choice,
  Papineni et al.'s multi-reference rule, as nltk's ``corpus_bleu`` does) each n-gram is
  clipped by its largest count in any target and r is the closest target length (the
  shorter on ties). It needs at least one target per example.
"""

from __future__ import annotations

import math
import re
from collections import Counter
from collections.abc import Sequence

#: The lesson's tokenizer pattern (Python's ``re``: ``\w`` is Unicode for str patterns).
TOKEN_RE = re.compile(r"\w+", re.UNICODE)
#: BLEU-4's orders.
MAX_ORDER = 4
#: The dispatcher's names (the lesson's ``score``), in the lesson's order.
METRIC_NAMES = ("exact_match", "f1", "bleu_4", "rouge_l", "accuracy")


# -- inputs ------------------------------------------------------------------------------------

def check_prediction(prediction: object, what: str = "prediction") -> str:
    if not isinstance(prediction, str):
        raise TypeError(f"{what} must be a str, got {type(prediction).__name__}")
    return prediction


def check_targets(targets: object, what: str = "targets", *, allow_empty: bool = True) -> list[str]:
    """One example's targets: a list (sequence) of strings, never a bare string (the
    lesson's ``any(... for t in targets)`` would compare single characters); empty only
    where ``allow_empty``."""
    if isinstance(targets, str):
        raise TypeError(f"{what} must be a list of target strings, got a bare str {targets[:30]!r}; "
                        f"wrap it: [{targets[:30]!r}]")
    if not isinstance(targets, Sequence):
        raise TypeError(f"{what} must be a sequence of target strings, got {type(targets).__name__}")
    if not allow_empty and len(targets) == 0:
        raise ValueError(f"{what} is empty: the pooled corpus BLEU needs at least one target per example")
    for k, target in enumerate(targets):
        if not isinstance(target, str):
            raise TypeError(f"{what}[{k}] must be a str, got {type(target).__name__}")
    return list(targets)


def check_examples(predictions: object, targets: object, *, allow_empty: bool = True) -> tuple[list, list]:
    """A dataset: N predictions and N target lists."""
    if isinstance(predictions, str) or not isinstance(predictions, Sequence):
        raise TypeError(f"predictions must be a sequence of strings, got {type(predictions).__name__}")
    if len(predictions) == 0:
        raise ValueError("empty dataset: there are no predictions")
    if isinstance(targets, str) or not isinstance(targets, Sequence):
        raise TypeError(f"targets must be a sequence with one list of targets per prediction, "
                        f"got {type(targets).__name__}")
    if len(targets) != len(predictions):
        raise ValueError(f"mismatched lengths: {len(predictions)} predictions but {len(targets)} target lists")
    preds = [check_prediction(p, f"predictions[{i}]") for i, p in enumerate(predictions)]
    return preds, [check_targets(t, f"targets[{i}]", allow_empty=allow_empty) for i, t in enumerate(targets)]


def check_metric_name(metric_name: object) -> str:
    if not isinstance(metric_name, str):
        raise TypeError(f"metric_name must be a str, one of {', '.join(METRIC_NAMES)}; "
                        f"got {type(metric_name).__name__}")
    if metric_name not in METRIC_NAMES:
        raise ValueError(f"unknown metric_name: {metric_name!r} (expected one of {', '.join(METRIC_NAMES)})")
    return metric_name


# -- the tokenizer -----------------------------------------------------------------------------

def tokenize(text: str) -> list[str]:
    """The lesson's tokenizer: lowercase, then every run of ``\\w`` characters (Unicode
    letters, digits and underscore); punctuation and white space are dropped."""
    return TOKEN_RE.findall(text.lower())


# -- exact match and accuracy ------------------------------------------------------------------

def exact_match(prediction: str, targets: list[str]) -> float:
    """1.0 when the stripped prediction equals some stripped target, else 0.0; an empty
    target list scores 0.0 (the lesson's ``exact_match``)."""
    if not targets:
        return 0.0
    pred = prediction.strip()
    return 1.0 if any(pred == t.strip() for t in targets) else 0.0


def accuracy(prediction: str, targets: list[str]) -> float:
    """The lesson's accuracy: ``exact_match`` on the whole target list."""
    return exact_match(prediction, targets)


# -- token F1 ----------------------------------------------------------------------------------

def f1_score(prediction: str, target: str) -> float:
    """Token F1 of one prediction against one target (module doc: multiset overlap, and
    the empty rule chosen)."""
    pred_tokens = tokenize(prediction)
    target_tokens = tokenize(target)
    if not pred_tokens or not target_tokens:
        return 1.0 if pred_tokens == target_tokens else 0.0
    overlap = sum((Counter(pred_tokens) & Counter(target_tokens)).values())
    if overlap == 0:
        return 0.0
    precision = overlap / len(pred_tokens)
    recall = overlap / len(target_tokens)
    return 2 * precision * recall / (precision + recall)


# -- BLEU-4 ------------------------------------------------------------------------------------

def ngram_counts(tokens: list[str], n: int) -> Counter:
    """The multiset of the n-grams (tuples of n consecutive tokens) of ``tokens``."""
    return Counter(tuple(tokens[i:i + n]) for i in range(len(tokens) - n + 1))


def modified_precision_counts(candidate: list[str], references: list[list[str]], n: int) -> tuple[int, int]:
    """``(m_n, t_n)``: the candidate's n-gram matches, each n-gram's count clipped by its
    largest count in a reference, and the candidate's number of n-grams (max(c-n+1, 0))."""
    counts = ngram_counts(candidate, n)
    reference_counts = [ngram_counts(reference, n) for reference in references]
    matches = 0
    for gram, count in counts.items():
        matches += min(count, max(rc[gram] for rc in reference_counts))
    return matches, sum(counts.values())


def smoothed_precision(matches: int, total: int) -> float:
    """The lesson's smoothing: add one to the numerator and the denominator, on every order."""
    return (matches + 1) / (total + 1)


def brevity_penalty(c: int, r: int) -> float:
    """1 when the candidate is longer than the reference, else exp(1 - r/c) (c > 0)."""
    if c > r:
        return 1.0
    return math.exp(1 - r / c)


def bleu_from_counts(matches: list[int], totals: list[int], c: int, r: int) -> float:
    """BP(c, r) times the geometric mean of the four add-one precisions; 0.0 when c or r is 0."""
    if c == 0 or r == 0:
        return 0.0
    weighted_logs = [(1 / MAX_ORDER) * math.log(smoothed_precision(m, t)) for m, t in zip(matches, totals)]
    return brevity_penalty(c, r) * math.exp(math.fsum(weighted_logs))


def bleu4(prediction: str, reference: str) -> float:
    """The lesson's sentence BLEU-4 of one prediction against one reference (module doc)."""
    candidate = tokenize(prediction)
    ref = tokenize(reference)
    matches, totals = [], []
    for n in range(1, MAX_ORDER + 1):
        m, t = modified_precision_counts(candidate, [ref], n)
        matches.append(m)
        totals.append(t)
    return bleu_from_counts(matches, totals, len(candidate), len(ref))


# -- ROUGE-L -----------------------------------------------------------------------------------

def lcs_length(a: list, b: list) -> int:
    """The length of a longest common subsequence of ``a`` and ``b``: the table
    dp[i+1][j+1] = dp[i][j] + 1 when a[i] == b[j], else max(dp[i+1][j], dp[i][j+1])."""
    n, m = len(a), len(b)
    if n == 0 or m == 0:
        return 0
    dp = [[0] * (m + 1) for _ in range(n + 1)]
    for i in range(n):
        for j in range(m):
            if a[i] == b[j]:
                dp[i + 1][j + 1] = dp[i][j] + 1
            else:
                dp[i + 1][j + 1] = max(dp[i + 1][j], dp[i][j + 1])
    return dp[n][m]


def f_beta(precision: float, recall: float, beta: float = 1.0) -> float:
    """(1 + beta^2) P R / (R + beta^2 P), 0.0 when P and R are 0."""
    b2 = beta * beta
    denominator = recall + b2 * precision
    if denominator == 0:
        return 0.0
    return (1 + b2) * precision * recall / denominator


def rouge_l(prediction: str, reference: str, beta: float = 1.0) -> float:
    """ROUGE-L F_beta of the prediction's and the reference's tokens (module doc)."""
    pred_tokens = tokenize(prediction)
    ref_tokens = tokenize(reference)
    lcs = lcs_length(pred_tokens, ref_tokens)
    if lcs == 0:
        return 0.0
    precision = lcs / len(pred_tokens)
    recall = lcs / len(ref_tokens)
    return f_beta(precision, recall, beta)


# -- the dispatcher and the corpus -------------------------------------------------------------

def score(metric_name: str, prediction: str, targets: list[str]) -> float:
    """The lesson's single entry point: a float in [0, 1] (module doc)."""
    metric_name = check_metric_name(metric_name)
    prediction = check_prediction(prediction)
    targets = check_targets(targets)
    if not targets:
        return 0.0
    if metric_name == "exact_match":
        return exact_match(prediction, targets)
    if metric_name == "f1":
        return max(f1_score(prediction, t) for t in targets)
    if metric_name == "bleu_4":
        return max(bleu4(prediction, t) for t in targets)
    if metric_name == "rouge_l":
        return max(rouge_l(prediction, t) for t in targets)
    return accuracy(prediction, targets)


def corpus_mean(metric_name: str, predictions, targets) -> float:
    """The mean of the per-example scores (the lesson's ``corpus_mean``)."""
    metric_name = check_metric_name(metric_name)
    predictions, targets = check_examples(predictions, targets)
    total = 0.0
    for prediction, example_targets in zip(predictions, targets):
        total += score(metric_name, prediction, example_targets)
    return total / len(predictions)


def closest_length(c: int, lengths: list[int]) -> int:
    """The target length closest to ``c``, the shorter on ties."""
    return min(lengths, key=lambda r: (abs(r - c), r))


def corpus_bleu_row(prediction: str, targets: list[str]) -> list[int]:
    """One example's pooled statistics: [m_1..m_4, t_1..t_4, c, r]."""
    candidate = tokenize(prediction)
    references = [tokenize(t) for t in targets]
    matches, totals = [], []
    for n in range(1, MAX_ORDER + 1):
        m, t = modified_precision_counts(candidate, references, n)
        matches.append(m)
        totals.append(t)
    return matches + totals + [len(candidate), closest_length(len(candidate), [len(r) for r in references])]


def corpus_bleu_from_sums(sums: list) -> float:
    """The pooled BLEU of summed rows [m_1..m_4, t_1..t_4, c, r]."""
    return bleu_from_counts(list(sums[:MAX_ORDER]), list(sums[MAX_ORDER:2 * MAX_ORDER]),
                            sums[2 * MAX_ORDER], sums[2 * MAX_ORDER + 1])


def corpus_bleu(predictions, targets) -> float:
    """The lesson's ``corpus_bleu``: counts and lengths pooled over the dataset, then the
    add-one precisions, their geometric mean and the brevity penalty (module doc)."""
    predictions, targets = check_examples(predictions, targets, allow_empty=False)
    sums = [0] * (2 * MAX_ORDER + 2)
    for prediction, example_targets in zip(predictions, targets):
        row = corpus_bleu_row(prediction, example_targets)
        sums = [a + b for a, b in zip(sums, row)]
    return corpus_bleu_from_sums(sums)
