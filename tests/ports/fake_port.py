"""A port for the tests of ``bleuprint verify --port``, answering with ``bleuprint.spec``.

Usage: ``python fake_port.py MODE [METRIC ...]`` (the metrics it lists; default
exact_match and chrf). Modes:

* ``correct``: the spec's answers, with statistics;
* ``shortest_ref``: BLEU's reference length is the shortest reference's, not the closest
  (course pitfall 2), in the statistics and the score;
* ``crash``: exits with status 3 on a corpus whose only hypothesis is empty;
* ``hang``: never answers a corpus of three segments;
* ``garbage``: prints a line that is not JSON for a hypothesis with upper case;
* ``skip``: answers ``skipped`` for chrF with word_order > 0 (chrF++);
* ``bad_hello``: answers ``start`` with protocol 2.
"""

import json
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from bleuprint.spec import corpus  # noqa: E402


def answer(mode: str, request: dict) -> dict:
    seq, metric, options = request["seq"], request["metric"], request["options"]
    hyps, refs = request["hyps"], request["refs"]
    if mode == "crash" and hyps == [""]:
        sys.exit(3)
    if mode == "hang" and len(hyps) == 3:
        time.sleep(60)
    if mode == "skip" and metric == "chrf" and options.get("word_order", 0) > 0:
        return {"seq": seq, "skipped": True, "message": "chrF++ (word_order > 0) is not implemented"}
    try:
        rows = corpus.segment_rows(metric, hyps, refs, **options)
        if mode == "shortest_ref" and metric == "bleu":
            for row, these in zip(rows, refs):
                row[1] = min(corpus.segment_rows(metric, [hyps[0]], [[r]], **options)[0][1] for r in these)
        summed = [sum(column) for column in zip(*rows)]
        score = corpus.score_from_stats(metric, summed, len(rows), **options)
    except (TypeError, ValueError) as exc:
        return {"seq": seq, "error": str(exc)}
    return {"seq": seq, "score": score, "stats": rows}


def main() -> int:
    mode = sys.argv[1]
    metrics = sys.argv[2:] or ["exact_match", "chrf"]
    for line in sys.stdin:
        request = json.loads(line)
        if request["cmd"] == "start":
            reply = {"protocol": 2 if mode == "bad_hello" else 1, "metrics": metrics,
                     "implementation": {"name": f"fake-{mode}", "language": "python", "version": "0"}}
        elif request["cmd"] == "stop":
            return 0
        else:
            if mode == "garbage" and any(h != h.lower() for h in request["hyps"]):
                print("this is not json", flush=True)
                continue
            reply = answer(mode, request)
        print(json.dumps(reply), flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
