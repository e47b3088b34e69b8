"""The lesson's metrics, fast: the same values and errors as ``bleuprint.metrics.lesson.spec``
(``tests/impl/test_lesson_diff.py`` checks them for equality with Hypothesis).

Where the speed comes from:

* every distinct line is tokenized once per call (``spec.TOKEN_RE`` on the lowercased
  line) and its tokens numbered in one vocabulary of the call;
* BLEU's clipped n-gram matches of every (prediction, target) pair, and the pooled
  corpus BLEU's (clipped by the largest count in one target), come from the compiled
  ``ngram_matches`` kernel (``bleuprint/impl/csrc/ngrams.c``) on those ids; without the
  kernel, the spec's counting;
* with the compiled ``_lesson`` kernel (``csrc/lesson.c``), the lines are lowercased
  once, joined, and tokenized and numbered in C (``word_ids``: runs of
  ``Py_UNICODE_ISALNUM`` or ``_``, re's ``\\w``), and the LCS lengths of every pair come
  from its one-row table (``lcs_lengths``);
* without it the LCS is computed bit-parallel (Allison and Dix 1986; Hyyro 2004's form): with one
  bit per prediction token, V starts all ones and for each target token x,
  U = V & M[x], V = (V + U) | (V - U), where M[x] has the bits of the prediction's
  positions holding x; the LCS length is the number of zero bits among V's low |pred|
  bits. One big-int step per target token instead of a row of the table;
* fastest, with the compiled ``_lesson`` kernel and plain inputs (lists or tuples of
  ``str``): the whole per-example computation in one C pass over the corpus
  (``rows``: type checks, the stripped comparison of exact match, or one ``str.lower``
  of the joined lines, then tokens, ids, clipped n-gram counts, LCS, F1 and BLEU with the
  spec's floating-point operations in the spec's order, ``math.fsum``'s correctly
  rounded sum included), float64 rows back; any other input takes the routes below;
* the final floating-point arithmetic is the spec's own functions (``bleu_from_counts``,
  ``f_beta``), so the values are the spec's to the bit.
"""

from __future__ import annotations

import itertools
import math
import re
from collections import Counter

import numpy as np

from . import spec as S
from ...impl import native

__all__ = ["lesson_matrix", "corpus_bleu_matrix", "lesson_corpus_mean", "lesson_corpus_bleu"]


_TOKEN_OR_SEPARATOR = re.compile(r"\w+|\x00", re.UNICODE)


class _Lines:
    r"""The distinct lines of a call, tokenized together, and their token ids.

    The distinct lines are joined by NUL (not a word character, neither cased nor
    case-ignorable, so lowercasing the joined text lowercases each line as on its own:
    Python's final-sigma rule stops at it), lowercased once and tokenized by one
    ``findall`` of ``\w+|\x00``; the NULs mark where each line's tokens end. A line that
    holds a NUL itself sends the call to one ``findall`` per line."""

    def __init__(self, predictions, targets) -> None:
        index: dict[str, int] = {}
        count = itertools.count()
        self.hyp_line = list(map(index.setdefault, predictions, count))
        self.ref_line = [list(map(index.setdefault, ts, count)) for ts in targets]
        lines = list(index)
        if len(lines) != len(predictions) + sum(map(len, targets)):  # repeats: renumber densely
            dense = {k: i for i, k in enumerate(index.values())}
            self.hyp_line = [dense[k] for k in self.hyp_line]
            self.ref_line = [[dense[k] for k in ks] for ks in self.ref_line]
        joined = "\x00".join(lines)
        vocab = {"\x00": 0}
        plain = joined.count("\x00") == len(lines) - 1
        if plain and native.lesson is not None:
            raw_ids, raw_counts = native.lesson.word_ids(joined.lower())
            self.ids = np.frombuffer(raw_ids, np.int64)
            self.lengths = np.frombuffer(raw_counts, np.int64)
            flat = self.ids.tolist()
            ends = np.cumsum(self.lengths).tolist()
            self.tokens = [flat[a:b] for a, b in zip([0, *ends[:-1]], ends)]
        elif plain:
            words = _TOKEN_OR_SEPARATOR.findall(joined.lower())
            ids = np.fromiter(map(vocab.setdefault, words, itertools.count(1)), np.int64, len(words))
            ends = np.flatnonzero(ids == 0)
            bounds = [-1, *ends.tolist(), len(words)]
            self.tokens = [words[a + 1:b] for a, b in zip(bounds[:-1], bounds[1:])]
            self.ids = ids[ids != 0]
            self.lengths = np.diff(np.array(bounds, np.int64)) - 1
        else:
            self.tokens = [S.TOKEN_RE.findall(line.lower()) for line in lines]
            flat = list(itertools.chain.from_iterable(self.tokens))
            self.ids = np.fromiter(map(vocab.setdefault, flat, itertools.count(1)), np.int64, len(flat))
            self.lengths = np.fromiter(map(len, self.tokens), np.int64, len(self.tokens))

    def arrays(self):
        return self.ids, np.cumsum(self.lengths) - self.lengths, self.lengths


def _index(predictions, targets):
    lines = _Lines(predictions, targets)
    return lines, lines.hyp_line, lines.ref_line


def _matches(lines: _Lines, hyp_line, ref_line, clip_max: bool):
    """The kernel's clipped matches: one row of 4 per target (``clip_max`` False) or per
    example (True); None without the kernel."""
    if native.ngrams is None:
        return None
    tok, start, length = lines.arrays()
    counts = np.fromiter(map(len, ref_line), np.int64, len(ref_line))
    offsets = np.concatenate(([0], np.cumsum(counts)))
    flat_refs = np.fromiter((k for ks in ref_line for k in ks), np.int64, int(offsets[-1]))
    if len(tok) == 0:
        tok = np.zeros(1, np.int64)
    raw = native.ngram_matches(tok, start, length, np.array(hyp_line, np.int64), offsets, flat_refs,
                               S.MAX_ORDER, clip_max)
    return np.frombuffer(raw, np.int64).reshape(-1, S.MAX_ORDER).tolist()


def _totals(c: int) -> list[int]:
    return [max(c - n + 1, 0) for n in range(1, S.MAX_ORDER + 1)]


def _spec_matches(candidate, references, clip: bool):
    return [S.modified_precision_counts(candidate, references, n)[0] for n in range(1, S.MAX_ORDER + 1)]


def _bleu_values(lines, hyp_line, ref_line) -> list[float]:
    per_target = _matches(lines, hyp_line, ref_line, False)
    tokens = lines.tokens
    log, exp, fsum, w = math.log, math.exp, math.fsum, 1 / S.MAX_ORDER
    values, k = [], 0
    for h, rs in zip(hyp_line, ref_line):
        c = len(tokens[h])
        t1, t2, t3, t4 = _totals(c)
        best = 0.0
        for j, r in enumerate(rs):
            m1, m2, m3, m4 = per_target[k + j] if per_target is not None else _spec_matches(tokens[h], [tokens[r]], True)
            ref_len = len(tokens[r])
            if c == 0 or ref_len == 0:
                value = 0.0
            else:  # spec.bleu_from_counts, its operations in its order
                value = (1.0 if c > ref_len else exp(1 - ref_len / c)) * exp(fsum(
                    [w * log((m1 + 1) / (t1 + 1)), w * log((m2 + 1) / (t2 + 1)),
                     w * log((m3 + 1) / (t3 + 1)), w * log((m4 + 1) / (t4 + 1))]))
            if j == 0 or value > best:
                best = value
        k += len(rs)
        values.append(best)
    return values


def _lcs(masks: dict, width: int, other: list) -> int:
    v = (1 << width) - 1
    full = v
    for x in other:
        u = v & masks.get(x, 0)
        v = (v + u) | (v - u)
    return width - (v & full).bit_count()


def _masks(tokens: list) -> dict:
    masks: dict = {}
    for i, t in enumerate(tokens):
        masks[t] = masks.get(t, 0) | (1 << i)
    return masks


def _rouge_values(lines, hyp_line, ref_line) -> list[float]:
    tokens = lines.tokens
    kernel = native.lesson
    if kernel is not None and lines.ids.dtype == np.int64:
        ids, starts, lengths = lines.arrays()
        a = np.fromiter((h for h, rs in zip(hyp_line, ref_line) for _ in rs), np.int64)
        b = np.fromiter((r for rs in ref_line for r in rs), np.int64)
        lcs = np.frombuffer(kernel.lcs_lengths(np.ascontiguousarray(ids), starts, lengths, a, b), np.int64).tolist()
        values, k = [], 0
        for h, rs in zip(hyp_line, ref_line):
            p = len(tokens[h])
            best = 0.0
            for j, r in enumerate(rs):
                n = lcs[k + j]
                value = 0.0 if n == 0 else S.f_beta(n / p, n / len(tokens[r]), 1.0)
                if j == 0 or value > best:
                    best = value
            k += len(rs)
            values.append(best)
        return values
    values = []
    for h, rs in zip(hyp_line, ref_line):
        pred = tokens[h]
        masks = _masks(pred) if pred and rs else None
        best = 0.0
        for j, r in enumerate(rs):
            ref = tokens[r]
            lcs = _lcs(masks, len(pred), ref) if pred and ref else 0
            value = 0.0 if lcs == 0 else S.f_beta(lcs / len(pred), lcs / len(ref), 1.0)
            if j == 0 or value > best:
                best = value
        values.append(best)
    return values


def _f1_values(lines, hyp_line, ref_line) -> list[float]:
    tokens = lines.tokens
    counters: dict[int, Counter] = {}

    def counts(k: int) -> Counter:
        got = counters.get(k)
        if got is None:
            got = counters[k] = Counter(tokens[k])
        return got

    values = []
    for h, rs in zip(hyp_line, ref_line):
        pred = tokens[h]
        best = 0.0
        for j, r in enumerate(rs):
            target = tokens[r]
            if not pred or not target:
                value = 1.0 if pred == target else 0.0
            else:
                cp, ct = counts(h), counts(r)
                if len(cp) > len(ct):
                    cp, ct = ct, cp
                overlap = 0
                for t, n in cp.items():
                    m = ct.get(t)
                    if m:
                        overlap += n if n < m else m
                if overlap == 0:
                    value = 0.0
                else:
                    precision = overlap / len(pred)
                    recall = overlap / len(target)
                    value = 2 * precision * recall / (precision + recall)
            if j == 0 or value > best:
                best = value
        values.append(best)
    return values


def _exact_values(predictions, targets) -> list[float]:
    values = []
    for p, ts in zip(predictions, targets):
        if not ts:
            values.append(0.0)
            continue
        pred = p.strip()
        values.append(1.0 if any(pred == t.strip() for t in ts) else 0.0)
    return values


#: The kernel's ``rows`` code of each dispatcher name (``csrc/lesson.c``), and the pooled BLEU's.
_ROW_CODES = {"exact_match": 0, "accuracy": 0, "f1": 1, "bleu_4": 2, "rouge_l": 3}
_POOLED_CODE = 4
#: False sends every call to the general routes (the differential tests use it).
USE_ROWS = True


def _kernel_rows(code: int, predictions, targets):
    """The kernel's rows of the whole corpus (bytearray), or None when the kernel is absent
    or the inputs are not plain lists/tuples of ``str`` (the general route checks them and
    raises the spec's errors)."""
    kernel = native.lesson
    if not USE_ROWS or kernel is None:
        return None
    return kernel.rows(code, predictions, targets)


def lesson_values(metric_name: str, predictions, targets) -> list[float]:
    """Every example's ``spec.score(metric_name, ...)``, checked as the spec checks."""
    metric_name = S.check_metric_name(metric_name)
    raw = _kernel_rows(_ROW_CODES[metric_name], predictions, targets)
    if raw is not None:
        return np.frombuffer(raw, np.float64).tolist()
    predictions, targets = S.check_examples(predictions, targets)
    if metric_name in ("exact_match", "accuracy"):
        return _exact_values(predictions, targets)
    lines, hyp_line, ref_line = _index(predictions, targets)
    if metric_name == "f1":
        return _f1_values(lines, hyp_line, ref_line)
    if metric_name == "bleu_4":
        return _bleu_values(lines, hyp_line, ref_line)
    return _rouge_values(lines, hyp_line, ref_line)


def lesson_matrix(metric_name: str, predictions, targets, whole: bool = False) -> np.ndarray:
    """The N x 1 matrix of per-example scores (int64 0/1 where ``whole``)."""
    raw = _kernel_rows(_ROW_CODES[S.check_metric_name(metric_name)], predictions, targets)
    if raw is not None:
        rows = np.frombuffer(raw, np.float64).reshape(-1, 1)
        return rows.astype(np.int64) if whole else rows
    values = lesson_values(metric_name, predictions, targets)
    if whole:
        return np.array(values, dtype=np.int64).reshape(len(values), 1)
    return np.array(values, dtype=np.float64).reshape(len(values), 1)


def lesson_corpus_mean(metric_name: str, predictions, targets) -> float:
    """``spec.corpus_mean``, fast."""
    values = lesson_values(metric_name, predictions, targets)
    total = 0.0
    for value in values:
        total += value
    return total / len(values)


def corpus_bleu_matrix(predictions, targets) -> np.ndarray:
    """The N x 10 int64 matrix of ``spec.corpus_bleu_row`` of every example."""
    raw = _kernel_rows(_POOLED_CODE, predictions, targets)
    if raw is not None:
        return np.frombuffer(raw, np.int64).reshape(-1, 2 * S.MAX_ORDER + 2)
    predictions, targets = S.check_examples(predictions, targets, allow_empty=False)
    lines, hyp_line, ref_line = _index(predictions, targets)
    matches = _matches(lines, hyp_line, ref_line, True)
    tokens = lines.tokens
    rows = []
    for i, (h, rs) in enumerate(zip(hyp_line, ref_line)):
        c = len(tokens[h])
        m = matches[i] if matches is not None else _spec_matches(tokens[h], [tokens[r] for r in rs], True)
        rows.append(m + _totals(c) + [c, S.closest_length(c, [len(tokens[r]) for r in rs])])
    return np.array(rows, dtype=np.int64).reshape(len(rows), 2 * S.MAX_ORDER + 2)


def lesson_corpus_bleu(predictions, targets) -> float:
    """``spec.corpus_bleu``, fast."""
    sums = corpus_bleu_matrix(predictions, targets).sum(axis=0).tolist()
    return S.corpus_bleu_from_sums(sums)
