"""Speed of bleuprint's SQuAD EM/F1 against transformers 4.57.6's ``squad_metrics`` (the
packaged port of the official v2.0 script, the oracle), side by side in one process.

Usage::

    python benchmarks/squad.py                 # median of 5
    python benchmarks/squad.py --repeats 3 --json squad.json

Questions: made from ``<repo>/../shared/corpora/ted-ende.json`` (13 systems x 529
segments, two questions per system and segment: 13,754 questions; without the file, a
seeded synthetic corpus of the same size). A question's gold answers are 1 to 3 spans of 2
to 8 words of the reference segment; its prediction a span of the system's output at about
the same place; every third question (seeded) is unanswerable (no gold answer), a tenth of
the predictions are empty. The same data goes to both sides; nothing is cached between
calls (bleuprint's normalisation memo lives for one call).

Rows timed, for v2.0 on every question and for v1.1 on the questions where the two
scripts agree (transformers has only the v2.0 rules; v1.1 differs only on answers that
normalize to "" and on unanswerable questions: the v1.1 rows keep the questions with a gold
answer whose prediction and gold answers all normalize to something, about half of them):

* ``scores``: every question's EM and F1 and the overall numbers: transformers'
  ``get_raw_scores`` + ``make_eval_dict`` against ``bleuprint.impl.corpus_score``-level
  work (``squad.impl.squad_rows`` and the column sums).
* ``report``: the whole report (v2.0: with no-answer probabilities and a threshold; the
  official script's logic as transformers runs it: ``squad_evaluate``; v1.1: its
  ``exact`` and ``f1`` without probabilities) against
  ``bleuprint.metrics.squad.official.evaluate_squad`` on the dataset's JSON structure.

Wall-clock and process CPU time (the machine may be shared: CPU time is the steadier
figure), median over the repeats (the first line says whether the C kernel csrc/squad.c is
used; ``BLEUPRINT_NO_NATIVE=1`` times the Python fallback), the speed-up (transformers / bleuprint) and whether the
results are equal (every row; every report value within 1e-9). Goal of issue 17: 20x.
"""

from __future__ import annotations

import argparse
import contextlib
import io
import json
import platform
import random
import statistics
import sys
import time
from pathlib import Path
from types import SimpleNamespace

HERE = Path(__file__).resolve().parent
REPO = HERE.parent
sys.path.insert(0, str(REPO))

from bleuprint.impl import native  # noqa: E402
from bleuprint.metrics.squad.impl import squad_rows  # noqa: E402
from bleuprint.metrics.squad.official import evaluate_squad  # noqa: E402
from bleuprint.metrics.squad.spec import normalize_answer  # noqa: E402

TED = REPO.parent / "shared" / "corpora" / "ted-ende.json"
GOAL = 20
AGREEMENT = 1e-9
SEED = 17


def _span(rng: random.Random, words: list[str], start: int | None = None) -> str:
    if not words:
        return ""
    length = rng.randint(2, 8)
    start = rng.randrange(len(words)) if start is None else max(0, min(start + rng.randint(-2, 2), len(words) - 1))
    return " ".join(words[start:start + length])


def questions():
    """``(preds, golds, na_probs, source)``: the benchmark's questions (module doc)."""
    rng = random.Random(SEED)
    if TED.is_file():
        data = json.loads(TED.read_text(encoding="utf-8"))
        pairs = [(hyp, ref) for outputs in data["systems"].values()
                 for hyp, ref in zip(outputs, data["references"][0])]
        source = f"ted-ende ({len(pairs)} system segments)"
    else:
        vocabulary = ["the", "a", "an", "cat", "dog", "Paris", "U.S.", "1,000", "don't", "naïve", "-", "year"]
        pairs = [(" ".join(rng.choice(vocabulary) for _ in range(20)),
                  " ".join(rng.choice(vocabulary) for _ in range(20))) for _ in range(6877)]
        source = "synthetic"
    preds, golds, na_probs = [], [], []
    for hyp, ref in pairs:
        hyp_words, ref_words = hyp.split(), ref.split()
        for _ in range(2):
            start = rng.randrange(max(1, len(ref_words)))
            if rng.random() < 1 / 3:
                golds.append([])
            else:
                golds.append([_span(rng, ref_words, start) for _ in range(rng.randint(1, 3))])
            preds.append("" if rng.random() < 0.1 else _span(rng, hyp_words, start))
            na_probs.append(round(rng.random(), 3))
    return preds, golds, na_probs, source


def timed(call):
    wall, cpu = time.perf_counter(), time.process_time()
    value = call()
    return value, time.perf_counter() - wall, time.process_time() - cpu


def oracle():
    from transformers.data.metrics import squad_metrics

    return squad_metrics


def theirs_scores(m, examples, predictions):
    with contextlib.redirect_stdout(io.StringIO()):
        exact, f1 = m.get_raw_scores(examples, predictions)
    return exact, f1, m.make_eval_dict(exact, f1)


def ours_scores(preds, golds, version):
    rows = squad_rows(preds, golds, version)
    n = len(rows)
    return rows, {"exact": 100.0 * sum(r[0] for r in rows) / n, "f1": 100.0 * sum(r[1] for r in rows) / n,
                  "total": n}


def v1_questions(preds, golds):
    """The indices of the questions on which v1.1 and v2.0 score alike (module doc)."""
    return [i for i, (p, gs) in enumerate(zip(preds, golds))
            if gs and normalize_answer(p) and all(normalize_answer(g) for g in gs)]


def inputs(preds, golds, na_probs):
    """Both sides' inputs: transformers' examples, prediction and probability dicts, and
    the SQuAD JSON dataset."""
    ids = [str(i) for i in range(len(preds))]
    examples = [SimpleNamespace(qas_id=qid, answers=[{"text": g} for g in gs]) for qid, gs in zip(ids, golds)]
    dataset = {"data": [{"paragraphs": [{"qas": [{"id": qid, "answers": [{"text": g} for g in gs]}
                                                 for qid, gs in zip(ids, golds)]}]}]}
    return ids, examples, dict(zip(ids, preds)), dict(zip(ids, na_probs)), dataset


def _median(pairs, k):
    return statistics.median(p[k] for p in pairs)


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeats", type=int, default=5)
    parser.add_argument("--threshold", type=float, default=0.5)
    parser.add_argument("--json", type=Path, help="also write the results here")
    args = parser.parse_args(argv)
    import transformers

    m = oracle()
    preds, golds, na_probs, source = questions()
    keep = v1_questions(preds, golds)
    sets = {"2.0": (preds, golds, na_probs),
            "1.1": ([preds[i] for i in keep], [golds[i] for i in keep], [na_probs[i] for i in keep])}
    print(f"SQuAD on {len(preds):,} questions from {source} (v1.1 rows: {len(keep):,} of them); transformers "
          f"{transformers.__version__}, Python {platform.python_version()}; median of {args.repeats}; "
          f"C kernel: {native.squad is not None}")
    results = []
    for version, (v_preds, v_golds, v_probs) in sets.items():
        ids, examples, predictions, probs, dataset = inputs(v_preds, v_golds, v_probs)
        for name in ("scores", "report"):
            times_theirs, times_ours = [], []
            for _ in range(args.repeats):
                if name == "scores":
                    expected, wall, cpu = timed(lambda: theirs_scores(m, examples, predictions))
                    times_theirs.append((wall, cpu))
                    found, wall, cpu = timed(lambda: ours_scores(v_preds, v_golds, version))
                    times_ours.append((wall, cpu))
                elif version == "2.0":
                    expected, wall, cpu = timed(lambda: dict(m.squad_evaluate(examples, predictions, probs,
                                                                              args.threshold)))
                    times_theirs.append((wall, cpu))
                    found, wall, cpu = timed(lambda: evaluate_squad(dataset, predictions, version="2.0",
                                                                    na_probs=probs, na_prob_thresh=args.threshold))
                    times_ours.append((wall, cpu))
                else:
                    expected, wall, cpu = timed(lambda: dict(m.squad_evaluate(examples, predictions)))
                    times_theirs.append((wall, cpu))
                    found, wall, cpu = timed(lambda: evaluate_squad(dataset, predictions, version="1.1"))
                    times_ours.append((wall, cpu))
            if name == "scores":
                exact, f1, overall = expected
                rows, mine = found
                equal = all(r[0] == exact[q] and r[1] == f1[q] for r, q in zip(rows, ids)) and all(
                    abs(mine[k] - overall[k]) <= AGREEMENT for k in mine)
            elif version == "2.0":
                equal = set(found) == set(expected) and all(abs(found[k] - expected[k]) <= AGREEMENT for k in found)
            else:
                equal = set(found) == {"exact_match", "f1"} and abs(found["exact_match"] - expected["exact"]) \
                    <= AGREEMENT and abs(found["f1"] - expected["f1"]) <= AGREEMENT
            row = {"row": f"v{version} {name}", "questions": len(ids),
                   "transformers_wall": _median(times_theirs, 0), "transformers_cpu": _median(times_theirs, 1),
                   "bleuprint_wall": _median(times_ours, 0), "bleuprint_cpu": _median(times_ours, 1),
                   "equal": equal}
            row["speedup_wall"] = row["transformers_wall"] / row["bleuprint_wall"]
            row["speedup_cpu"] = row["transformers_cpu"] / row["bleuprint_cpu"]
            results.append(row)
    print(f"{'row':11} {'transformers wall/cpu s':>24} {'bleuprint wall/cpu s':>22} {'x wall':>7} {'x cpu':>7} equal")
    for r in results:
        print(f"{r['row']:11} {r['transformers_wall']:11.3f} /{r['transformers_cpu']:7.3f}     "
              f"{r['bleuprint_wall']:9.3f} /{r['bleuprint_cpu']:7.3f}   {r['speedup_wall']:7.1f} "
              f"{r['speedup_cpu']:7.1f} {r['equal']}")
    print(f"goal: {GOAL}x; met: {all(r['speedup_cpu'] >= GOAL for r in results)}")
    if args.json:
        args.json.write_text(json.dumps({"questions": len(preds), "source": source, "kernel": native.squad is not None,
                                         "results": results}, indent=1))
    return 0 if all(r["equal"] for r in results) else 1


if __name__ == "__main__":
    sys.exit(main())
