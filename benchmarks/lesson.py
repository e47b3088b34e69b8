"""Timing of the lesson family (``bleuprint.metrics.lesson.impl``) against its oracles, side
by side in one process (issue 17 item 6: at least 20x).

Corpus: ``--segments`` (default 10,000) hypotheses of the 13 systems of
``<repo>/../shared/corpora/ted-ende.json`` (real German MT output; 6,877 pairs, cycled)
with their reference; every third example also has the next system's output of the same
segment as a second target, and every fifth of those a third (several targets per
example for a third of the corpus). Per metric, each repetition runs the oracles and then
ours, interleaved; printed are the best (least) of the runs' wall-clock and CPU
(``time.process_time``) seconds per call (a call under 0.05 s, ours or an oracle's, is
repeated to 0.05 s), the speed-ups in CPU time, and the largest difference between the values.

Oracles:

* lesson_bleu4: nltk 3.10.4 ``sentence_bleu`` per pair with the lesson's add-one smoothing
  function (``oracle_cases.add_one_everywhere``), the lesson's tokenizer; it differs from
  the lesson where no unigram matches (nltk returns 0), so "differing" counts those;
* lesson_rouge_l: rouge-score 0.1.2 ``rougeL`` with the lesson's tokenizer, and the
  lesson's own ``lcs_length`` (a numpy table, as the lesson prints it; reconstructed here
  only, never in the package);
* lesson_corpus_bleu: nltk ``corpus_bleu`` with the same smoothing;
* lesson_f1 and lesson_exact_match: the lesson's code as it prints it or describes it
  (exact match printed; F1 with ``Counter``), i.e. the spec's literal functions, run as
  that code is used: a Python loop calling it once per example.

Ours is one corpus-level call: ``impl.lesson_matrix`` (the N x 1 float64 rows the metric
sums) and ``impl.lesson_corpus_bleu``. ``--check`` also compares our rows with the spec's
``score`` on every example (exact equality; slow).

    python benchmarks/lesson.py [--segments 10000] [--repeat 5] [--check]
"""

from __future__ import annotations

import argparse
import itertools
import json
import sys
import time
from collections import Counter
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))


def timed(function, times: int = 1):
    """The value of ``function()`` and its wall and CPU seconds per call, over ``times`` calls."""
    wall, cpu = time.perf_counter(), time.process_time()
    for _ in range(times):
        value = function()
    return value, (time.perf_counter() - wall) / times, (time.process_time() - cpu) / times


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
    parser.add_argument("--segments", type=int, default=10000)
    parser.add_argument("--repeat", type=int, default=5)
    parser.add_argument("--check", action="store_true", help="our rows == the spec's, every example")
    parser.add_argument("--lesson-lcs-segments", type=int, default=300,
                        help="segments for the lesson's numpy LCS (it is very slow); its time is scaled up")
    args = parser.parse_args()

    from nltk.translate import bleu_score
    from rouge_score import rouge_scorer

    from bleuprint.metrics.lesson import impl
    from bleuprint.metrics.lesson.oracle_cases import LessonTokens, add_one_everywhere
    from bleuprint.metrics.lesson.spec import tokenize

    data = json.loads((REPO.parent / "shared" / "corpora" / "ted-ende.json").read_text(encoding="utf-8"))
    systems = list(data["systems"].values())
    reference = data["references"][0]
    examples = []
    for s, outputs in enumerate(systems):
        other, third = systems[(s + 1) % len(systems)], systems[(s + 2) % len(systems)]
        for i, (h, r) in enumerate(zip(outputs, reference)):
            examples.append((h, [r], other[i], third[i]))
    hyps, refs = [], []
    for k, (h, ts, second, third) in enumerate(itertools.islice(itertools.cycle(examples), args.segments)):
        targets = list(ts)
        if k % 3 == 0:
            targets.append(second)
            if k % 15 == 0:
                targets.append(third)
        hyps.append(h)
        refs.append(targets)
    print(f"{len(hyps)} examples of ted-ende, {sum(map(len, refs))} targets "
          f"({sum(len(r) > 1 for r in refs)} examples with several); best of {args.repeat} runs")
    if args.check:
        from bleuprint.metrics.lesson import spec as L

        for name in L.METRIC_NAMES:
            want = [L.score(name, h, ts) for h, ts in zip(hyps, refs)]
            got = impl.lesson_matrix(name, hyps, refs)[:, 0].tolist()
            print(f"check {name}: {sum(a != b for a, b in zip(got, want))} of {len(want)} rows differ from the spec")
        rows = impl.corpus_bleu_matrix(hyps, refs).tolist()
        want = [L.corpus_bleu_row(h, ts) for h, ts in zip(hyps, refs)]
        print(f"check corpus_bleu rows: {sum(a != b for a, b in zip(rows, want))} differ; value equal: "
              f"{impl.lesson_corpus_bleu(hyps, refs) == L.corpus_bleu(hyps, refs)}")

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
        ("lesson_bleu4", "nltk sentence_bleu", nltk_bleu4, lambda: impl.lesson_matrix("bleu_4", hyps, refs)[:, 0], 1.0),
        ("lesson_rouge_l", "rouge-score rougeL", rouge_score_l, lambda: impl.lesson_matrix("rouge_l", hyps, refs)[:, 0], 1.0),
        ("lesson_rouge_l", "the lesson's numpy lcs", lesson_lcs, lambda: impl.lesson_matrix("rouge_l", hyps, refs)[:, 0],
         len(hyps) / k),
        ("lesson_corpus_bleu", "nltk corpus_bleu", nltk_corpus, lambda: [impl.lesson_corpus_bleu(hyps, refs)], 1.0),
        ("lesson_f1", "the lesson's Counter F1",
         lambda: [max(lesson_f1(h, t, tokenize) for t in ts) for h, ts in zip(hyps, refs)],
         lambda: impl.lesson_matrix("f1", hyps, refs)[:, 0], 1.0),
        ("lesson_exact_match", "the lesson's exact_match",
         lambda: [lesson_exact_match(h, ts) for h, ts in zip(hyps, refs)],
         lambda: impl.lesson_matrix("exact_match", hyps, refs)[:, 0], 1.0),
    ]
    print(f"{'metric':20} {'oracle':26} {'oracle CPU s':>12} {'oracle wall':>11} {'ours CPU s':>10} "
          f"{'ours wall':>9} {'x CPU':>7} {'x wall':>7}  max|diff| differing")
    for metric, oracle_name, oracle, ours, scale in rows:
        o_cpu, o_wall, i_cpu, i_wall = [], [], [], []
        for _ in range(args.repeat):
            _, once, _ = timed(oracle)
            want, w, c = timed(oracle, max(1, int(0.05 / max(once, 1e-6))))  # the same rule as ours
            o_wall.append(w * scale)
            o_cpu.append(c * scale)
            _, once, _ = timed(ours)
            got, w, c = timed(ours, max(1, int(0.05 / max(once, 1e-6))))  # calls of a few ms: repeated to 0.05 s
            i_wall.append(w)
            i_cpu.append(c)
        n = len(want)
        diffs = [abs(a - b) for a, b in zip(got[:n], want)]
        differing = sum(d > 1e-9 for d in diffs)
        oc, ow, ic, iw = (min(x) for x in (o_cpu, o_wall, i_cpu, i_wall))
        print(f"{metric:20} {oracle_name:26} {oc:12.3f} {ow:11.3f} {ic:10.4f} {iw:9.4f} {oc / ic:7.1f} "
              f"{ow / iw:7.1f}  {max(diffs):.1e} {differing}/{n}")


if __name__ == "__main__":
    main()
