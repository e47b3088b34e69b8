"""Meteor 1.5's statistics and score (``edu.cmu.meteor.scorer.MeteorStats`` and
``MeteorScorer.computeMetrics``), in Java double arithmetic and the jar's order of
operations.

The statistics line (``MeteorStats.toString``, the answer to ``SCORE``), 23 numbers:

====  =====================================================================
0, 1  hypothesis length, reference length (words)
2, 3  function words in the hypothesis, in the reference
4-7   exact stage: hypothesis content matches, reference content matches,
      hypothesis function-word matches, reference function-word matches
8-11  the same for the stem stage, 12-15 synonym, 16-19 paraphrase
20    chunks
21,22 hypothesis words matched, reference words matched
====  =====================================================================

computeMetrics (alpha 0.85, beta 0.2, gamma 0.6, delta 0.75; stage weights 1.0 0.6 0.8
0.6, the jar's "rank" task defaults)::

    weighted length  = delta (len - function) + (1 - delta) function   (each side)
    weighted matches = sum over stages of content * w * delta, then of function * w * (1 - delta)
    P = hyp weighted matches / hyp weighted length, R = the reference's
    Fmean = 1 / ((1 - alpha) / P + alpha / R)
    frag = 0 when every word of both sides is matched in 1 chunk,
           else chunks / ((hyp word matches + ref word matches) / 2)
    score = Fmean (1 - gamma frag^beta); NaN (an empty side, no match) -> 0; max(score, 0)

The corpus score (``EVAL ||| s1 ||| s2 ...``, the number pycocoevalcap reports) is
computeMetrics of the SUMMED statistics (``MeteorStats.addStats``), where a segment whose
own frag was 0 by the one-chunk rule adds no chunks.
"""

from __future__ import annotations

import math

ALPHA, BETA, GAMMA, DELTA = 0.85, 0.2, 0.6, 0.75
WEIGHTS = (1.0, 0.6, 0.8, 0.6)
STATS_LENGTH = 23
CHUNKS = 20


def jdiv(a: float, b: float) -> float:
    """Java's double division (x/0 is +-Infinity or NaN, never an error)."""
    if b == 0.0:
        if a == 0.0 or math.isnan(a):
            return math.nan
        return math.copysign(math.inf, a) * math.copysign(1.0, b)
    return a / b


def jpow(a: float, b: float) -> float:
    """``Math.pow`` for the cases met here (a >= 0 or NaN, b > 0)."""
    if math.isnan(a) or math.isnan(b):
        return math.nan
    return math.pow(a, b)


def totals(stats) -> tuple:
    """(hyp total matches, ref total matches) as the ``MeteorStats(String)`` constructor
    sums them: per stage content then function."""
    t = r = 0.0
    for stage in range(4):
        t += stats[4 + 4 * stage]
        r += stats[5 + 4 * stage]
        t += stats[6 + 4 * stage]
        r += stats[7 + 4 * stage]
    return t, r


def is_perfect(stats) -> bool:
    """Every word of both sides matched and one chunk: the jar's no-penalty rule."""
    t, r = totals(stats)
    return t == stats[0] and r == stats[1] and stats[CHUNKS] == 1


def precision_recall(stats, delta=DELTA, weights=WEIGHTS) -> tuple:
    """computeMetrics' weighted precision and recall, in the jar's order of operations:
    a side's length weighs content words delta and function words 1 - delta; its matches
    add, stage by stage, content matches times the stage weight times delta, then
    function matches times the stage weight times 1 - delta."""
    test_len, ref_len = float(stats[0]), float(stats[1])
    test_fw, ref_fw = float(stats[2]), float(stats[3])
    test_wlen = (delta * (test_len - test_fw)) + ((1.0 - delta) * test_fw)
    ref_wlen = (delta * (ref_len - ref_fw)) + ((1.0 - delta) * ref_fw)
    test_wm = ref_wm = 0.0
    for i in range(len(weights)):
        test_wm += float(stats[4 + 4 * i]) * weights[i] * delta
    for i in range(len(weights)):
        ref_wm += float(stats[5 + 4 * i]) * weights[i] * delta
    for i in range(len(weights)):
        test_wm += float(stats[6 + 4 * i]) * weights[i] * (1.0 - delta)
    for i in range(len(weights)):
        ref_wm += float(stats[7 + 4 * i]) * weights[i] * (1.0 - delta)
    return jdiv(test_wm, test_wlen), jdiv(ref_wm, ref_wlen)


def compute_metrics(stats, alpha=ALPHA, beta=BETA, gamma=GAMMA, delta=DELTA, weights=WEIGHTS,
                    one_chunk_rule=True) -> float:
    """``MeteorScorer.computeMetrics`` on a stats line (23 numbers); returns the score."""
    chunks = float(stats[CHUNKS])
    test_words, ref_words = float(stats[21]), float(stats[22])
    precision, recall = precision_recall(stats, delta, weights)
    f_mean = jdiv(1.0, jdiv(1.0 - alpha, precision) + jdiv(alpha, recall))
    if one_chunk_rule and is_perfect(stats):  # testTotalMatches == testLength && ... && chunks == 1
        frag = 0.0
    else:
        frag = jdiv(chunks, (test_words + ref_words) / 2)
    penalty = gamma * jpow(frag, beta)
    score = f_mean * (1.0 - penalty)
    if math.isnan(score):
        return 0.0
    return max(score, 0.0)


def add_stats(total: list, stats) -> None:
    """``MeteorStats.addStats`` into ``total`` (23 numbers): every field summed, except
    that a segment under the one-chunk rule adds no chunks."""
    perfect = is_perfect(stats)
    for k in range(STATS_LENGTH):
        if k == CHUNKS and perfect:
            continue
        total[k] += stats[k]


def corpus_score(rows, **parameters) -> float:
    """The jar's ``EVAL`` final line: computeMetrics of the summed statistics."""
    total = [0] * STATS_LENGTH
    for row in rows:
        if len(row) != STATS_LENGTH:
            raise ValueError(f"a Meteor stats line has {STATS_LENGTH} numbers, got {len(row)}")
        add_stats(total, row)
    return compute_metrics(total, **parameters)


def parts(stats, alpha=ALPHA, beta=BETA, gamma=GAMMA, delta=DELTA, weights=WEIGHTS) -> dict:
    """The named intermediate values of ``compute_metrics`` (precision, recall, fMean,
    frag, fragPenalty, score), computed the same way; non-finite ones given as 0."""
    precision, recall = precision_recall(stats, delta, weights)
    f_mean = jdiv(1.0, jdiv(1.0 - alpha, precision) + jdiv(alpha, recall))
    if is_perfect(stats):
        frag = 0.0
    else:
        frag = jdiv(float(stats[CHUNKS]), (float(stats[21]) + float(stats[22])) / 2)
    values = {"precision": precision, "recall": recall, "fMean": f_mean, "frag": frag,
              "fragPenalty": gamma * jpow(frag, beta)}
    # a value the jar leaves NaN or infinite (an empty side, no match) is given as 0,
    # the rule the jar applies to the score
    values = {k: (v if math.isfinite(v) else 0.0) for k, v in values.items()}
    values["score"] = compute_metrics(stats, alpha, beta, gamma, delta, weights)
    return values
