"""The corpus, sentence and interval rows of two checkouts of bleuprint, side by side in one run.

Issue 34 redesigned the metric model (a configured metric is a value; tools own their
hooks; one scoring path) and promised that speed would not move. This script times the
same public calls in two source trees, alternating between them, so that both sets of
figures come from the same stretch of the machine's time::

    python benchmarks/model_rows.py --before ../old-checkout --after . [--repeats 5]

Each tree must have its compiled kernels built in place (``python setup.py build_ext
--inplace``). Every repeat runs one fresh Python process per tree (``PYTHONPATH`` set to
that tree), which imports bleuprint, reads the corpus and times each row once; the rows
are then the minimum over the repeats of CPU time (``time.process_time``, all threads)
with the wall time of the same run beside it. Each row is called once untimed first (the
imports and first-use set-up it triggers are not the row), then every ``functools`` cache
of bleuprint's modules is cleared and the row is timed cold, as ``speed.py`` does. Each process also returns its scores, and
the two trees' scores must be equal to the last digit (``==`` on floats): a redesign that
changed a number is reported, not timed.

Corpus: the 13 systems of ``<repo>/../shared/corpora/ted-ende.json`` concatenated (6,877
segments, one reference each); the paired row takes system 0 as the baseline against
systems 1-12. Without the corpus the script says so and exits with status 2.

Rows (the calls are the course contract's and the generic API's, whose signatures the
redesign kept):

* corpus: ``corpus_bleu(hyps, refs)``, ``chrf(hyps, refs)``, ``chrf(..., word_order=2)``,
  ``ter(hyps, refs)``;
* sentence: ``sentence_scores("bleu", ...)``, ``sentence_scores("chrf", ...)``;
* interval: ``metric_ci("bleu", ..., n_boot=1000)`` and ``metric_ci("chrf", ...)``, seed 0;
* paired: ``paired_bootstrap("bleu", baseline, systems, refs, n=1000)``.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
TED = REPO.parent / "shared" / "corpora" / "ted-ende.json"

#: What one process runs: argv[1] is the corpus path; prints one JSON object.
WORKER = r"""
import json, sys, time
import numpy as np
import bleuprint

data = json.load(open(sys.argv[1], encoding="utf-8"))
systems = list(data["systems"].values())
reference = data["references"][0] if isinstance(data["references"][0], list) else data["references"]
hyps = [h for system in systems for h in system]
refs = [[r] for _ in systems for r in reference]
per_system_refs = [[r] for r in reference]

rows = {}
def clear_caches():
    for name, module in list(sys.modules.items()):
        if name.startswith("bleuprint") and module is not None:
            for value in list(vars(module).values()):
                if callable(getattr(value, "cache_clear", None)):
                    value.cache_clear()

def timed(label, call):
    call()  # imports and first-use set-up are not the row
    clear_caches()
    cpu, wall = time.process_time(), time.perf_counter()
    value = call()
    rows[label] = {"cpu": time.process_time() - cpu, "wall": time.perf_counter() - wall, "value": value}

timed("corpus BLEU", lambda: bleuprint.corpus_bleu(hyps, refs))
timed("corpus chrF", lambda: bleuprint.chrf(hyps, refs))
timed("corpus chrF++", lambda: bleuprint.chrf(hyps, refs, word_order=2))
timed("corpus TER", lambda: bleuprint.ter(hyps, refs))
timed("sentence BLEU", lambda: [float(x) for x in bleuprint.sentence_scores("bleu", hyps, refs)])
timed("sentence chrF", lambda: [float(x) for x in bleuprint.sentence_scores("chrf", hyps, refs)])
timed("interval BLEU", lambda: list(bleuprint.metric_ci("bleu", hyps, refs, n_boot=1000, rng=np.random.default_rng(0))))
timed("interval chrF", lambda: list(bleuprint.metric_ci("chrf", hyps, refs, n_boot=1000, rng=np.random.default_rng(0))))
def paired():
    result = bleuprint.paired_bootstrap("bleu", systems[0], systems[1:], per_system_refs, n=1000)
    return repr(result)
timed("paired BLEU", paired)
print(json.dumps(rows))
"""


def corpus_layout(path: Path) -> None:
    """Fail early, in one line, when the corpus is missing."""
    if not path.is_file():
        sys.exit(f"model_rows: the corpus {path} is absent; nothing to time")


def run_once(tree: Path, corpus: Path) -> dict:
    env = dict(os.environ, PYTHONPATH=str(tree))
    done = subprocess.run(
        [sys.executable, "-c", WORKER, str(corpus)], env=env, capture_output=True, text=True, check=False
    )
    if done.returncode != 0:
        sys.exit(f"model_rows: the run in {tree} failed: {done.stderr.strip().splitlines()[-1:]}")
    return json.loads(done.stdout)


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--before", type=Path, required=True, help="the checkout before the change")
    parser.add_argument("--after", type=Path, default=REPO, help="the checkout after it (default: this one)")
    parser.add_argument("--repeats", type=int, default=5)
    parser.add_argument("--corpus", type=Path, default=TED)
    parser.add_argument("--json", type=Path, help="also write the rows here")
    args = parser.parse_args(argv)
    corpus_layout(args.corpus)
    trees = {"before": args.before.resolve(), "after": args.after.resolve()}
    runs = {name: [] for name in trees}
    for _ in range(args.repeats):
        for name, tree in trees.items():
            runs[name].append(run_once(tree, args.corpus))
    load = os.getloadavg()[0]
    print(f"rows: minimum CPU s over {args.repeats} interleaved runs (wall s of that run); load {load:.2f}")
    print(f"{'row':<16} {'before':>18} {'after':>18} {'after/before':>12}  equal")
    table = []
    for label in runs["before"][0]:
        best = {}
        for name in trees:
            fastest = min(runs[name], key=lambda run: run[label]["cpu"])[label]
            best[name] = fastest
        equal = all(run[label]["value"] == runs["before"][0][label]["value"] for name in trees for run in runs[name])
        ratio = best["after"]["cpu"] / best["before"]["cpu"] if best["before"]["cpu"] else float("nan")
        cells = [f"{best[n]['cpu']:.3f} ({best[n]['wall']:.3f})" for n in trees]
        print(f"{label:<16} {cells[0]:>18} {cells[1]:>18} {ratio:>12.2f}  {'yes' if equal else 'NO'}")
        table.append({"row": label, "before": best["before"], "after": best["after"], "equal": equal})
    if args.json:
        args.json.write_text(json.dumps({"load": load, "repeats": args.repeats, "rows": table}, indent=1))
    return 0 if all(row["equal"] for row in table) else 1


if __name__ == "__main__":
    raise SystemExit(main())
