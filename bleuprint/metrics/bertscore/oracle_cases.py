"""BERTScore's golden cases from bert_score 0.3.13 (``oracle_adapter``; read only by the
generator and verify): ``python -m bleuprint.oracles.generate bertscore``.

Kinds of case:

* ``alone``: seeded corpora (``cases.generated_corpus``: coordinates multiples of 1/64,
  2..8 dimensions, no two-token sequence), every option set of ``OPTION_SETS``, each pair
  scored by ``greedy_cos_idf`` in a call of its own; the values are P, R and F per
  segment. idf corpora are kept only where bert_score's weights of every sequence have a
  non-zero sum (else it returns NaN, which the definition refuses). A corpus is kept only
  if every pair has |P + R| >= 0.25 under the oracle, since F = 2PR/(P+R) magnifies
  float32 errors by about (|P| + |R|)/|P + R| (at most 8 here).
* ``baseline``: ``alone`` corpora rescaled with bert_score's shipped
  ``en/roberta-large`` file, layer 17 (its default layer for that model), as
  ``bert_score.score`` does (float32).
* ``padding-floor``: pairs whose hypothesis has a token with only negative cosines, scored
  alone and in one batch with a longer pair (bert_score's padding floor).
* ``two-token``: a two-token hypothesis or reference (bert_score's empty-sequence rule).
"""

from __future__ import annotations

import random

from . import oracle_adapter as O
from .cases import generated_corpus

OPTION_SETS = ({"idf": False, "multi_ref": "max"}, {"idf": True, "multi_ref": "max"},
               {"idf": False, "multi_ref": "best-f"}, {"idf": True, "multi_ref": "best-f"})
BASELINE, BASELINE_LAYER = "en/roberta-large", 17
CORPORA_PER_SET = 6


def _weights_ok(hyps, refs, idf: bool) -> bool:
    weights = O.idf_dict(refs, idf)
    return all(sum(weights[t] for t in s["ids"]) > 0 for s in hyps + [r for g in refs for r in g])


def _values(scores) -> dict:
    return {"precision": [s[0] for s in scores], "recall": [s[1] for s in scores], "f1": [s[2] for s in scores]}


def _well_conditioned(hyps, refs, idf) -> bool:
    weights = O.idf_dict(refs, idf)
    for h, group in zip(hyps, refs):
        for p, r, _ in O.pairs_alone([h] * len(group), group, weights):
            if abs(p + r) < 0.25:
                return False
    return True


def alone_cases(rng) -> list[dict]:
    cases = []
    for options in OPTION_SETS:
        kept = 0
        while kept < CORPORA_PER_SET:
            hyps, refs = generated_corpus(rng)
            if not _weights_ok(hyps, refs, options["idf"]) or not _well_conditioned(hyps, refs, options["idf"]):
                continue
            scores = O.segment_scores(hyps, refs, **options)
            cases.append({"id": f"alone-{len(cases)}", "kind": "alone", "options": dict(options), "hyps": hyps,
                          "refs": refs, **_values(scores)})
            kept += 1
    return cases


def baseline_cases(rng) -> list[dict]:
    from .spec import baseline_path

    path = baseline_path(BASELINE)
    cases = []
    while len(cases) < 3:
        hyps, refs = generated_corpus(rng)
        if not _well_conditioned(hyps, refs, False):
            continue
        scores = O.rescaled(O.segment_scores(hyps, refs), path, BASELINE_LAYER)
        cases.append({"id": f"baseline-{len(cases)}", "kind": "baseline",
                      "options": {"baseline": BASELINE, "baseline_layer": BASELINE_LAYER}, "hyps": hyps, "refs": refs,
                      **_values(scores)})
    return cases


def _plain(vectors: list) -> dict:
    return {"embeddings": vectors, "ids": list(range(1000, 1000 + len(vectors))), "special": []}


#: A 3x3 pair whose third hypothesis token has only negative cosines, and a longer pair.
NEGATIVE_TOKEN = ([[1.0, 0.0, 0.0], [0.0, 1.0, 0.0], [-1.0, -1.0, -1.0]],
                  [[1.0, 0.25, 0.0], [0.0, 1.0, 0.5], [1.0, 1.0, 0.0]])
ALL_NEGATIVE = ([[1.0, 0.5, 0.0], [0.5, 1.0, 0.25], [0.25, 0.0, 1.0]],
                [[-1.0, -0.5, -0.25], [-0.5, -1.0, 0.0], [0.0, -0.25, -1.0]])
LONGER = ([[1.0, 0.0, 0.0]] * 2 + [[0.0, 1.0, 0.0]] * 3, [[0.5, 0.5, 0.0]] * 6)


def padding_floor_cases() -> list[dict]:
    weights = O.idf_dict([], False)
    cases = []
    for name, (hyp, ref) in (("negative-token", NEGATIVE_TOKEN), ("all-negative", ALL_NEGATIVE)):
        hyps, refs = [_plain(hyp), _plain(LONGER[0])], [_plain(ref), _plain(LONGER[1])]
        cases.append({"id": f"padding-floor-{name}", "kind": "padding-floor", "options": {},
                      "hyps": hyps, "refs": [[r] for r in refs],
                      "alone": _values(O.pairs_alone(hyps, refs, weights)),
                      "batched": _values(O.pairs_batched(hyps, refs, weights))})
    return cases


def two_token_cases() -> list[dict]:
    weights = O.idf_dict([], False)
    hyp2 = [[1.0, 0.5, 0.0], [-0.25, 1.0, 0.5]]
    ref3 = [[1.0, 0.0, 0.25], [0.0, 1.0, 0.0], [0.5, -0.5, 1.0]]
    cases = []
    for name, hyp, ref in (("hypothesis", hyp2, ref3), ("reference", ref3, hyp2), ("negative", [[1.0, 0.0, 0.0]],
                                                                                   [[-1.0, 0.25, 0.0], [-0.5, -1.0, 0.5]])):
        hyps, refs = [_plain(hyp)], [_plain(ref)]
        cases.append({"id": f"two-token-{name}", "kind": "two-token", "options": {}, "hyps": hyps,
                      "refs": [[r] for r in refs], **_values(O.pairs_alone(hyps, refs, weights))})
    return cases


def build_cases() -> list[dict]:
    rng = random.Random(35)
    return alone_cases(rng) + baseline_cases(rng) + padding_floor_cases() + two_token_cases()
