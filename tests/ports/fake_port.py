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
* ``skip_tokenize``: answers ``skipped`` for BLEU with a tokenizer other than 13a and
  none (as the example ports do), the spec's answers otherwise;
* ``skip_all``: answers ``skipped`` to every ``run`` (so also at the defaults);
* ``bad_hello``: answers ``start`` with protocol 2;
* ``v1_strings``: a port written before vector schema v2, whose every hypothesis must be a
  string: it exits with status 3 on a null hypothesis (a missing prediction), the spec's
  answers otherwise;
* ``skip_null``: answers ``skipped`` for a null hypothesis or an empty reference list, the
  spec's answers otherwise.

Faults for ``bleuprint fuzz --port`` (each written here, not by switching the spec's
mutant on, so that the fuzzer's diagnosis is checked against an independent fault):

* ``unclipped``: BLEU's n-gram matches are not clipped by the reference counts (every
  hypothesis n-gram found in some reference counts fully: mutant s01);
* ``lowercase``: BLEU always lowercases, whatever its lowercase option (mutant s10);
* ``last_ref``: chrF keeps the statistics of the last reference, not the best (mutant s14);
* ``crash_two``: exits with status 3 on any corpus of two or more segments;
* ``utf16_chrf``: chrF counts UTF-16 code units, as a JavaScript port's string length and
  indexing do (an astral character is two characters: port fault pf04);
* ``js_trim``: exact match strips with JavaScript's ``trim()``: U+FEFF is stripped,
  U+001C-U+001F and U+0085 are not (port fault pf02; not the unstripped s17);
* ``space_tab_strip``: exact match strips only spaces and tabs at the ends (no catalogued
  fault: neither s17, which strips nothing, nor C's isspace, which strips \\n too).

``shortest_ref`` (above) is mutant s02.

In every mode, when ``FAKE_PORT_LOG`` names a file, each ``run`` request is appended to
it as one JSON line (what the fuzzer sent, in order).
"""

import json
import os
import sys
import time
from pathlib import Path
from bleuprint.core.value import metric as configured

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from bleuprint.spec import corpus  # noqa: E402


def answer(mode: str, request: dict) -> dict:
    seq, metric, options = request["seq"], request["metric"], request["options"]
    hyps, refs = request["hyps"], request["refs"]
    if mode == "crash" and hyps == [""]:
        sys.exit(3)
    if mode == "crash_two" and len(hyps) >= 2:
        sys.exit(3)
    if mode == "hang" and len(hyps) == 3:
        time.sleep(60)
    if mode == "skip" and metric == "chrf" and options.get("word_order", 0) > 0:
        return {"seq": seq, "skipped": True, "message": "chrF++ (word_order > 0) is not implemented"}
    if mode == "skip_tokenize" and metric == "bleu" and options.get("tokenize") not in ("13a", "none"):
        return {"seq": seq, "skipped": True, "message": "only the 13a and none tokenizers are implemented"}
    if mode == "v1_strings" and any(h is None for h in hyps):
        sys.exit(3)
    if mode == "skip_null" and (any(h is None for h in hyps) or any(r == [] for r in refs)):
        return {"seq": seq, "skipped": True, "message": "missing predictions and unanswerable questions"}
    if mode == "skip_all":
        return {"seq": seq, "skipped": True, "message": "nothing is implemented"}
    if mode == "utf16_chrf" and metric == "chrf" and isinstance(refs, list):
        hyps = [utf16(h) for h in hyps]
        refs = [[utf16(r) for r in these] if isinstance(these, list) else these for these in refs]
    if mode in ("js_trim", "space_tab_strip") and metric == "exact_match" and isinstance(refs, list):
        chars = JS_TRIM if mode == "js_trim" else " \t"
        try:
            matched = [any(h.strip(chars) == r.strip(chars) for r in these) for h, these in zip(hyps, refs)]
        except (TypeError, AttributeError) as exc:
            return {"seq": seq, "error": str(exc)}
        return {"seq": seq, "score": sum(matched) / len(matched), "stats": [[float(m)] for m in matched]}
    if mode == "lowercase" and metric == "bleu":
        options = {**options, "lowercase": True}
    try:
        if mode == "last_ref" and metric == "chrf" and isinstance(refs, list):
            refs = [these[-1:] if isinstance(these, list) else these for these in refs]
        rows = corpus.segment_rows(configured(metric, **options), hyps, refs)
        if mode == "shortest_ref" and metric == "bleu":
            for row, hyp, these in zip(rows, hyps, refs):
                row[1] = min(corpus.segment_rows(configured(metric, **options), [hyp], [[r]])[0][1] for r in these)
        if mode == "unclipped" and metric == "bleu":
            for row, hyp, these in zip(rows, hyps, refs):
                row[2:2 + options["max_ngram_order"]] = unclipped_matches(hyp, these, options)
        summed = [sum(column) for column in zip(*rows)]
        score = corpus.score_from_stats(configured(metric, **options), summed, len(rows))
    except (TypeError, ValueError) as exc:
        return {"seq": seq, "error": str(exc)}
    return {"seq": seq, "score": score, "stats": rows}


#: JavaScript's WhiteSpace and LineTerminator (ECMA-262 12.2, 12.3), what ``trim()`` strips.
JS_TRIM = ("\t\n\v\f\r \u00a0\u1680\u2000\u2001\u2002\u2003\u2004\u2005\u2006\u2007\u2008\u2009\u200a"
           "\u2028\u2029\u202f\u205f\u3000\ufeff")


def utf16(text):
    """``text`` as a string of its UTF-16 code units (an astral character: two surrogates)."""
    if not isinstance(text, str):
        return text
    data = text.encode("utf-16-le", "surrogatepass")
    return "".join(chr(int.from_bytes(data[i:i + 2], "little")) for i in range(0, len(data), 2))


def unclipped_matches(hyp: str, refs: list, options: dict) -> list:
    """Per order, the count of hypothesis n-grams that occur in any reference, unclipped."""
    from bleuprint.metrics.bleu.spec import bleu_tokens

    def grams(tokens, n):
        return [tuple(tokens[i:i + n]) for i in range(len(tokens) - n + 1)]

    hyp_tokens = bleu_tokens(hyp, options["tokenize"], options["lowercase"])
    ref_tokens = [bleu_tokens(ref, options["tokenize"], options["lowercase"]) for ref in refs]
    found = []
    for n in range(1, options["max_ngram_order"] + 1):
        seen = {gram for tokens in ref_tokens for gram in grams(tokens, n)}
        found.append(sum(1 for gram in grams(hyp_tokens, n) if gram in seen))
    return found


def main() -> int:
    mode = sys.argv[1]
    metrics = sys.argv[2:] or ["exact_match", "chrf"]
    log = os.environ.get("FAKE_PORT_LOG")
    for line in sys.stdin:
        request = json.loads(line)
        if request["cmd"] == "start":
            if mode == "slow_start":  # an interpreter that takes its time to start
                time.sleep(1.0)
            reply = {"protocol": 2 if mode == "bad_hello" else 1, "metrics": metrics,
                     "implementation": {"name": f"fake-{mode}", "language": "python", "version": "0"}}
        elif request["cmd"] == "stop":
            return 0
        else:
            if log:
                with open(log, "a", encoding="utf-8") as file:
                    file.write(json.dumps(request) + "\n")
            if mode == "garbage" and any(isinstance(h, str) and h != h.lower() for h in request["hyps"]):
                print("this is not json", flush=True)
                continue
            reply = answer(mode, request)
        print(json.dumps(reply), flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
