"""Golden chrF / chrF++ cases: corpora and sentences scored by sacreBLEU 2.5.1.

Families (the ``family`` field, all prefixed ``chrf:``): ``defaults``; ``n=1..6``
(sacreBLEU's ``char_order``); ``word_order=0..2``; ``beta=1..3``; ``lowercase``;
``whitespace``; ``eps_smoothing``; ``refs=multi`` and ``refs=variable``; ``edge:empty``
(empty hypotheses and references: the zeroed hypothesis counts), ``edge:short`` (lines
shorter than n), ``edge:punct`` (chrF++'s one-mark word splitting), ``edge:unicode``;
``sentence:*`` for ``sentence_score``; and the word-only chrF (sacreBLEU's
``char_order=0``, bleuprint's ``n=0``, word orders 1..3): ``n=0`` (eps smoothing on and
off, beta, lowercase, white space), ``n=0:refs=multi``, ``n=0:edge:empty`` and
``sentence:n=0``. The word-only families come last, drawn after all the others, so that
adding them changed no earlier case.
"""

from __future__ import annotations

import random

from .cases_common import CaseList
from .texts import corpus

SEED = 20261130


def _random_families(cases: CaseList, rng: random.Random) -> None:
    for pool in ("plain", "german", "case", "unicode_punct", "cjk", "chrf_punct"):
        cases.add("chrf:defaults", {}, *corpus(rng, pool))

    for n in range(1, 7):
        for k in range(4):
            options = {"n": n}
            if k == 1:
                options["word_order"] = 2
            if k == 2:
                options["eps_smoothing"] = True
            cases.add(f"chrf:n={n}", options, *corpus(rng, ["german", "plain"][k % 2], length=(1, 6)))

    for word_order in range(3):
        for k in range(5):
            options = {"word_order": word_order}
            if k == 3:
                options["n"] = 4
            if k == 4:
                options["eps_smoothing"] = True
            pool = ["german", "plain", "chrf_punct", "case", "unicode_punct"][k]
            cases.add(f"chrf:word_order={word_order}", options, *corpus(rng, pool, length=(1, 8)))

    for beta in (1, 2, 3):
        for k in range(4):
            options = {"beta": beta}
            if k % 2:
                options["word_order"] = 2
            if k == 3:
                options["eps_smoothing"] = True
            cases.add(f"chrf:beta={beta}", options, *corpus(rng, ["german", "plain"][k % 2]))

    for k in range(6):
        options = {"lowercase": True}
        if k % 2:
            options["word_order"] = 2
        cases.add("chrf:lowercase", options, *corpus(rng, "case", length=(1, 6)))

    for k in range(8):
        options = {"whitespace": True}
        if k % 2:
            options["word_order"] = 2
        if k % 4 == 3:
            options["eps_smoothing"] = True
        pool = ["plain", "german", "unicode_punct", "cjk"][k % 4]
        cases.add("chrf:whitespace", options, *corpus(rng, pool, white_space=k % 3 == 0, edge_spaces=True))

    for k in range(8):
        options = {"eps_smoothing": True}
        if k % 2:
            options["word_order"] = 2
        if k % 3 == 2:
            options["n"] = 3
        cases.add("chrf:eps_smoothing", options, *corpus(rng, ["german", "plain"][k % 2], length=(1, 6)))

    for k in range(6):
        options = {"word_order": 2} if k % 2 else {}
        if k == 5:
            options["eps_smoothing"] = True
        cases.add("chrf:refs=multi", options, *corpus(rng, ["plain", "german"][k % 2], nrefs=2 + k % 3))
    made = 0
    while made < 8:
        hyps, refs = corpus(rng, ["plain", "german", "chrf_punct"][made % 3], sentences=(3, 5), nrefs=(1, 4))
        if len({len(r) for r in refs}) == 1:
            continue  # the family is about a varying number of references
        options = {"word_order": 2} if made % 2 else {}
        if made % 4 == 3:
            options["eps_smoothing"] = True
        cases.add("chrf:refs=variable", options, hyps, refs)
        made += 1


def _edge_families(cases: CaseList, rng: random.Random) -> None:
    empty = [
        (["", "the cat sat"], [["the cat"], [""]]),
        ([""], [[""]]),
        (["abc", "xyz"], [[""], ["xyz"]]),
        (["", ""], [["a"], ["b c"]]),
        (["a b"], [["", "a b c d"]]),
        (["the cat"], [["x", ""]]),
    ]
    for options in ({}, {"word_order": 2}, {"eps_smoothing": True}, {"whitespace": True, "word_order": 1}):
        for hyps, refs in empty:
            cases.add("chrf:edge:empty", options, hyps, refs)

    short = [
        (["c"], [["c"]]),
        (["aa"], [["ab"]]),
        (["a"], [["b"]]),
        (["ab", "abcdefgh"], [["abc"], ["abcdefg"]]),
        (["x y"], [["x"]]),
        (["\u4e2d\u6587"], [["\u4e2d"]]),
    ]
    for options in ({}, {"eps_smoothing": True}, {"word_order": 2}, {"n": 2, "word_order": 1}):
        for hyps, refs in short:
            cases.add("chrf:edge:short", options, hyps, refs)

    punct = [
        (["(hi) there"], [["( hi ) there"]]),
        (["hello..."], [["hello ..."]]),
        (["'quoted' word"], [["' quoted ' word"]]),
        (["end. (start x!"], [["end . ( start x !"]]),
        (["a-b -- ?!"], [["a - b - - ? !"]]),
    ]
    for options in ({"word_order": 2}, {"word_order": 1, "eps_smoothing": True}, {"word_order": 2, "whitespace": True}):
        for hyps, refs in punct:
            cases.add("chrf:edge:punct", options, hyps, refs)

    for k in range(8):
        options = {"word_order": 2} if k % 2 else {}
        if k % 4 == 2:
            options["whitespace"] = True
        pool = ["cjk", "emoji", "unicode_punct", "case"][k % 4]
        cases.add("chrf:edge:unicode", options, *corpus(rng, pool, white_space=True))


def _sentence_families(cases: CaseList, rng: random.Random) -> None:
    table = [
        ("c", ["c"]),
        ("aa", ["ab"]),
        ("", [""]),
        ("a", ["b"]),
        ("the cat sat", ["the cat sat on the mat", "a cat sat"]),
        ("Das Haus ist gro\u00df.", ["Das Haus ist gross.", "Das Geb\u00e4ude ist gro\u00df."]),
    ]
    for options, family in (({}, "defaults"), ({"eps_smoothing": True}, "eps_smoothing"),
                            ({"word_order": 2}, "word_order=2"), ({"beta": 1, "lowercase": True}, "beta=1"),
                            ({"whitespace": True}, "whitespace")):
        for hyp, refs in table:
            cases.add(f"chrf:sentence:{family}", options, [hyp], [refs], level="sentence")
    for k in range(6):
        hyps, refs = corpus(rng, ["german", "plain", "chrf_punct"][k % 3], sentences=1, nrefs=(1, 3))
        cases.add("chrf:sentence:defaults", {"word_order": 2} if k % 2 else {}, hyps, refs, level="sentence")


def _word_only_families(cases: CaseList, rng: random.Random) -> None:
    """``n=0``: sacreBLEU's ``CHRF(char_order=0, word_order=k)``, statistics of the k word
    orders only."""
    for word_order in (1, 2, 3):
        for k in range(6):
            options = {"n": 0, "word_order": word_order}
            if k % 2:
                options["eps_smoothing"] = True
            if k == 2:
                options["beta"] = 1
            if k == 3:
                options["lowercase"] = True
            if k == 4:
                options["whitespace"] = True  # changes only the signature: no character n-grams
            pool = ["german", "plain", "chrf_punct", "case", "unicode_punct", "plain"][k]
            cases.add("chrf:n=0", options, *corpus(rng, pool, length=(1, 8), white_space=k == 4, edge_spaces=k == 4))

    for k in range(6):
        options = {"n": 0, "word_order": 1 + k % 3}
        if k >= 3:
            options["eps_smoothing"] = True
        cases.add("chrf:n=0:refs=multi", options, *corpus(rng, ["plain", "german", "chrf_punct"][k % 3],
                                                          nrefs=(2, 4)))

    empty = [
        (["", "the cat sat"], [["the cat"], [""]]),
        ([""], [[""]]),
        (["a b", "x"], [[""], ["x"]]),
        (["", ""], [["a"], ["b c"]]),
        (["a b"], [["", "a b c d"]]),
        (["the cat"], [["x", ""]]),
        (["word"], [["word"]]),
        (["(hi) there."], [["( hi ) there ."]]),
    ]
    for options in ({"word_order": 1}, {"word_order": 2}, {"word_order": 2, "eps_smoothing": True},
                    {"word_order": 3, "whitespace": True}):
        for hyps, refs in empty:
            cases.add("chrf:n=0:edge:empty", {"n": 0, **options}, hyps, refs)

    table = [
        ("", [""]),
        ("a", ["b"]),
        ("the cat sat", ["the cat sat on the mat", "a cat sat"]),
        ("Das Haus ist gro\u00df.", ["Das Haus ist gross.", "Das Geb\u00e4ude ist gro\u00df."]),
        ("The Cat", ["the cat", "The cat"]),
    ]
    for options in ({"word_order": 2}, {"word_order": 1, "eps_smoothing": True},
                    {"word_order": 2, "beta": 1, "lowercase": True}):
        for hyp, refs in table:
            cases.add("chrf:sentence:n=0", {"n": 0, **options}, [hyp], [refs], level="sentence")


def build_cases() -> list[dict]:
    """Every chrF golden case, in a fixed order (seeded; sacreBLEU is deterministic)."""
    rng = random.Random(SEED)
    cases = CaseList("chrf")
    _random_families(cases, rng)
    _edge_families(cases, rng)
    _sentence_families(cases, rng)
    _word_only_families(cases, rng)
    return cases.cases
