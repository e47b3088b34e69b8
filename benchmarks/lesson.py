"""Timing of the lesson family (``bleuprint.metrics.lesson.impl``) against its oracles, side
by side in one process (issue 17 item 6: at least 20x).

Corpus: the first ``--segments`` hypotheses of the 13 systems of
``<repo>/../shared/corpora/ted-ende.json`` (real German MT output) with their reference,
cycled if needed. Per metric, each repetition runs the oracles and then ours, interleaved;
printed are medians of wall-clock and CPU (``time.process_time``) seconds, the speed-ups
in CPU time, and the largest difference between the values.

Oracles:

* lesson_bleu4: nltk 3.10.4 ``sentence_bleu`` per pair with the lesson's add-one smoothing
  function (``oracle_cases.add_one_everywhere``), the lesson's tokenizer; it differs from
  the lesson where no unigram matches (nltk returns 0), so "differing" counts those;
* lesson_rouge_l: rouge-score 0.1.2 ``rougeL`` with the lesson's tokenizer, and the
  lesson's own ``lcs_length`` (a numpy table, as the lesson prints it; reconstructed here
  only, never in the package);
* lesson_corpus_bleu: nltk ``corpus_bleu`` with the same smoothing;
* lesson_f1 and lesson_exact_match: the lesson's code as it prints it or describes it
  (exact match printed; F1 with ``Counter``), i.e. the spec's literal functions.

    python benchmarks/lesson.py [--segments 3000] [--repeat 3]
"""

from __future__ import annotations

import argparse
import itertools
import json
import statistics
import sys
import time
from collections import Counter
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))


def timed(function):
    wall, cpu = time.perf_counter(), time.process_time()
    value = function()
    return value, time.perf_counter() - wall, time.process_time() - cpu


# -- the lesson's own code, reconstructed for timing only --------------------------------------

def lesson_lcs_length(a, b):
    import numpy as np

    n, m = len(a), len(b)
    if n == 0 or m == 0:
        return 0
    dp = np.zeros((n + 1, m + 1), dtype=np.int32)
    for i in range(n):
        for j in range(m):
            if a[i] == b[j]:
                dp[i + 1, j + 1] = dp[i, j] + 1
            else:
                dp[i + 1, j + 1] = max(dp[i + 1, j], dp[i, j + 1])
    return int(dp[n, m])


def lesson_rouge_l(prediction, target, tokenize):
    p, t = tokenize(prediction), tokenize(target)
    lcs = lesson_lcs_length(p, t)
    if lcs == 0:
        return 0.0
    precision, recall = lcs / len(p), lcs / len(t)
    return 2 * precision * recall / (precision + recall)


def lesson_exact_match(prediction, targets):
    if not targets:
        return 0.0
    pred = prediction.strip()
    return 1.0 if any(pred == t.strip() for t in targets) else 0.0


def lesson_f1(prediction, target, tokenize):
    p, t = tokenize(prediction), tokenize(target)
    if not p or not t:
        return float(p == t)
    overlap = sum((Counter(p) & Counter(t)).values())
    if overlap == 0:
        return 0.0
    precision, recall = overlap / len(p), overlap / len(t)
    return 2 * precision * recall / (precision + recall)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--segments", type=int, default=3000)
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--lesson-lcs-segments", type=int, default=300,
                        help="segments for the lesson's numpy LCS (it is very slow); its time is scaled up")
    args = parser.parse_args()

    from nltk.translate import bleu_score
    from rouge_score import rouge_scorer

    from bleuprint.metrics.lesson import impl
    from bleuprint.metrics.lesson.oracle_cases import LessonTokens, add_one_everywhere
    from bleuprint.metrics.lesson.spec import tokenize

    data = json.loads((REPO.parent / "shared" / "corpora" / "ted-ende.json").read_text(encoding="utf-8"))
    pairs = [(h, r) for outputs in data["systems"].values() for h, r in zip(outputs, data["references"][0])]
    pairs = list(itertools.islice(itertools.cycle(pairs), args.segments))
    hyps, refs = [h for h, _ in pairs], [[r] for _, r in pairs]
    print(f"{len(hyps)} segment pairs of ted-ende, one target each; medians of {args.repeat} runs")

    scorer = rouge_scorer.RougeScorer(["rougeL"], tokenizer=LessonTokens())

    def nltk_bleu4():
        return [max(bleu_score.sentence_bleu([tokenize(t)], tokenize(h), smoothing_function=add_one_everywhere)
                    for t in ts) for h, ts in zip(hyps, refs)]

    def nltk_corpus():
        return [bleu_score.corpus_bleu([[tokenize(t) for t in ts] for ts in refs], [tokenize(h) for h in hyps],
                                       smoothing_function=add_one_everywhere)]

    def rouge_score_l():
        return [scorer.score_multi(ts, h)["rougeL"].fmeasure for h, ts in zip(hyps, refs)]

    k = args.lesson_lcs_segments

    def lesson_lcs():
        return [max(lesson_rouge_l(h, t, tokenize) for t in ts) for h, ts in zip(hyps[:k], refs[:k])]

    rows = [
        ("lesson_bleu4", "nltk sentence_bleu", nltk_bleu4, lambda: impl.lesson_values("bleu_4", hyps, refs), 1.0),
        ("lesson_rouge_l", "rouge-score rougeL", rouge_score_l, lambda: impl.lesson_values("rouge_l", hyps, refs), 1.0),
        ("lesson_rouge_l", "the lesson's numpy lcs", lesson_lcs, lambda: impl.lesson_values("rouge_l", hyps, refs),
         len(hyps) / k),
        ("lesson_corpus_bleu", "nltk corpus_bleu", nltk_corpus, lambda: [impl.lesson_corpus_bleu(hyps, refs)], 1.0),
        ("lesson_f1", "the lesson's Counter F1",
         lambda: [max(lesson_f1(h, t, tokenize) for t in ts) for h, ts in zip(hyps, refs)],
         lambda: impl.lesson_values("f1", hyps, refs), 1.0),
        ("lesson_exact_match", "the lesson's exact_match",
         lambda: [lesson_exact_match(h, ts) for h, ts in zip(hyps, refs)],
         lambda: impl.lesson_values("exact_match", hyps, refs), 1.0),
    ]
    print(f"{'metric':20} {'oracle':26} {'oracle CPU s':>12} {'oracle wall':>11} {'ours CPU s':>10} "
          f"{'ours wall':>9} {'x CPU':>7} {'x wall':>7}  max|diff| differing")
    for metric, oracle_name, oracle, ours, scale in rows:
        o_cpu, o_wall, i_cpu, i_wall = [], [], [], []
        for _ in range(args.repeat):
            want, w, c = timed(oracle)
            o_wall.append(w * scale)
            o_cpu.append(c * scale)
            got, w, c = timed(ours)
            i_wall.append(w)
            i_cpu.append(c)
        n = len(want)
        diffs = [abs(a - b) for a, b in zip(got[:n], want)]
        differing = sum(d > 1e-9 for d in diffs)
        oc, ow, ic, iw = (statistics.median(x) for x in (o_cpu, o_wall, i_cpu, i_wall))
        print(f"{metric:20} {oracle_name:26} {oc:12.3f} {ow:11.3f} {ic:10.4f} {iw:9.4f} {oc / ic:7.1f} "
              f"{ow / iw:7.1f}  {max(diffs):.1e} {differing}/{n}")


if __name__ == "__main__":
    main()
