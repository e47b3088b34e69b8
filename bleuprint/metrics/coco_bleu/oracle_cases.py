"""Golden coco BLEU cases: corpora of tokenized captions scored by pycocoevalcap 1.2's
``Bleu(4)``, for ``bleuprint/oracles/goldens/coco_bleu.json``.

Read only by the generator (``python -m bleuprint.oracles.generate coco_bleu``), verify and
the tests; never imported by the metric. The corpora are CIDEr-D's
(``bleuprint.metrics.cider.oracle_cases.caption_corpora``) plus coco BLEU's own quirks.

Each corpus gives one case per order (``options: {"order": n}``): ``score`` is
``compute_score``'s BLEU-n (stdout silenced), ``sentence_stats`` every image's row as
pycocoevalcap's scorer cooked it (``testlen``, the closest reference length as
``compute_score(option='closest')`` picks it, ``guess`` and ``correct`` per order; the
scorer's corpus BLEU is checked equal to ``Bleu(4)``'s), ``corpus_stats`` their sum. The
quirks corpus also gives one sentence-level case per image and order (``level:
"sentence"``: pycocoevalcap's per-image BLEU-n).
"""

from __future__ import annotations

import contextlib
import io

from ..cider.oracle_cases import PYCOCOEVALCAP_VERSION, as_dicts, caption_corpora, require_pycocoevalcap

#: (hypothesis, references): coco BLEU's quirks, one corpus.
QUIRKS = [
    ("a man rides a horse", ["a man rides a horse"]),       # perfect match of 5 words: 0.99999999948
    ("a man is riding a brown horse", ["a man is riding a brown horse"]),  # of 7 words: 0.99999999967
    ("a b c", ["a b", "a b c d"]),                          # closest lengths tie (2, 4 vs 3): the shorter
    ("a b", ["a b c"]),                                     # 2 words: orders 3, 4 have no n-gram (1e-6)
    ("", ["a dog"]),                                        # empty hypothesis
    ("x y z", ["a b c"]),                                   # zero matches: tiny, not 0
    ("the the the the", ["the cat", "the the mat"]),         # clipping by the largest count in one reference
    ("a dog", ["a dog runs fast today", "a", "dog dog"]),   # closest: 2 (the third), not the shortest (1)
    ("café , tête !", ["café , tête", "tête !"]),          # punctuation and non-ASCII tokens
    ("a\tb\u00a0c", ["a b c"]),                            # Unicode white space
    ("", [""]),                                             # both empty
]


def oracle_rows(hyps: list, refs: list) -> tuple[list, list, list]:
    """``(corpus BLEU-1..4, per-image BLEU-1..4 lists, rows)`` from pycocoevalcap; the
    rows from a ``BleuScorer`` fed as ``Bleu.compute_score`` feeds it."""
    _, bleu_class, scorer_class = require_pycocoevalcap()
    gts, res = as_dicts(hyps, refs)
    with contextlib.redirect_stdout(io.StringIO()):
        scores, per_image = bleu_class(4).compute_score(gts, res)
        scorer = scorer_class(n=4)
        for i in gts:
            scorer += (res[i][0], gts[i])
        again, _ = scorer.compute_score(option="closest", verbose=0)
    if list(again) != list(scores):
        raise RuntimeError("pycocoevalcap's BleuScorer and Bleu(4) disagree")
    rows = []
    for cooked in scorer.ctest:
        testlen = cooked["testlen"]
        reflen = scorer._single_reflen(cooked["reflen"], "closest", testlen)
        rows.append([testlen, reflen] + list(cooked["guess"]) + list(cooked["correct"]))
    return [float(x) for x in scores], [[float(x) for x in order] for order in per_image], rows


def build_cases() -> list[dict]:
    """Every coco BLEU golden case, in a fixed order."""
    corpora = caption_corpora() + [("quirks:bleu", [h for h, _ in QUIRKS], [list(r) for _, r in QUIRKS])]
    cases, numbers = [], {}
    oracle = f"pycocoevalcap {PYCOCOEVALCAP_VERSION} Bleu(4)"
    for family, hyps, refs in corpora:
        family = f"coco_bleu:{family}"
        scores, per_image, rows = oracle_rows(hyps, refs)
        for order in range(1, 5):
            number = numbers.get(family, 0)
            numbers[family] = number + 1
            cases.append({"id": f"coco_bleu/{family}/{number:02d}", "metric": "coco_bleu", "level": "corpus",
                          "family": family, "options": {"order": order}, "hyps": list(hyps),
                          "refs": [list(r) for r in refs], "sentence_stats": rows,
                          "corpus_stats": [sum(c) for c in zip(*rows)], "score": scores[order - 1],
                          "oracle": oracle})
        if family == "coco_bleu:quirks:bleu":
            for i, (hyp, group) in enumerate(zip(hyps, refs)):
                for order in range(1, 5):
                    cases.append({"id": f"coco_bleu/{family}/sentence/{i:02d}/{order}", "metric": "coco_bleu",
                                  "level": "sentence", "family": family + ":sentence", "options": {"order": order},
                                  "hyps": [hyp], "refs": [list(group)], "sentence_stats": [rows[i]],
                                  "score": per_image[order - 1][i], "oracle": oracle})
    return cases
