"""Hand-computed examples, taken from the definitions (section 3 of the course module).

Each example carries its derivation, so the expected numbers can be checked with pen and
paper; they were not produced by bleuprint's code. Tests and ``bleuprint verify`` use them
as an oracle beside sacreBLEU (exact match has no sacreBLEU counterpart).
"""

from __future__ import annotations

HAND_EXAMPLES = [
    {
        "id": "hand/bleu/cat-sat",
        "metric": "bleu",
        "family": "worked example",
        "options": {},
        "hyps": ["the cat sat on the mat"],
        "refs": [["the cat is on the mat"]],
        "derivation": (
            "c = r = 6, BP = 1. 1-grams: the x2, cat, sat, on, mat; matched the x2, cat, on, "
            "mat: 5/6. 2-grams: the cat, cat sat, sat on, on the, the mat; matched the cat, "
            "on the, the mat: 3/5. 3-grams: 4, matched 'on the mat': 1/4. 4-grams: 3, none "
            "matched; exp smoothing gives the first zero order 1/(2*3) = 1/6. BLEU = 100 * "
            "(5/6 * 3/5 * 1/4 * 1/6)^(1/4) = 100 * (1/48)^(1/4) = 37.991784..."
        ),
        "sentence_stats": [[6, 6, 5, 3, 1, 0, 6, 5, 4, 3]],
        "score": 100 * (1 / 48) ** 0.25,
    },
    {
        "id": "hand/chrf/cat-cats",
        "metric": "chrf",
        "family": "worked example",
        "options": {},
        "hyps": ["cat"],
        "refs": [["cats"]],
        "derivation": (
            "k=1: hyp 3, ref 4, match 3 (P 1, R 3/4); k=2: 2, 3, 2 (P 1, R 2/3); k=3: 1, 2, 1 "
            "(P 1, R 1/2); k=4: the hypothesis has no 4-gram: 0, 1, 0 (skipped); k=5,6: 0, 0, 0. "
            "avgP = 1, avgR = (3/4 + 2/3 + 1/2)/3 = 23/36; chrF = 100 * 5 * avgP * avgR / "
            "(4 * avgP + avgR) = 100 * (115/36) / (167/36) = 100 * 115/167 = 68.862275..."
        ),
        "sentence_stats": [[3, 4, 3, 2, 3, 2, 1, 2, 1, 0, 1, 0, 0, 0, 0, 0, 0, 0]],
        "score": 100 * 115 / 167,
    },
    {
        "id": "hand/exact_match/dates",
        "metric": "exact_match",
        "family": "worked example",
        "options": {},
        "hyps": ["2021-05-03", " 2021-05-04\n", "2021-5-3"],
        "refs": [["2021-05-03"], ["2021-05-04"], ["2021-05-03"]],
        "derivation": (
            "the first matches; the second matches once both ends are stripped; the third "
            "does not ('5' is not '05'): EM = 2/3"
        ),
        "sentence_stats": [[1], [1], [0]],
        "score": 2 / 3,
    },
]
