"""Golden BLEU cases: corpora and sentences scored by sacreBLEU 2.5.1.

Families (the ``family`` field): ``defaults``; ``tokenize=<name>`` for the five
tokenizers; ``smooth=<method>`` with default and non-default values (add-k with a float
k); ``effective_order``; ``lowercase``; ``max_order=1..6``; ``refs=multi`` and
``refs=variable``; ``edge:*`` for empty strings, one-token and one-character lines, short
hypotheses, zero-match orders, ties in the closest reference length, white-space-only
lines and the zh tokenizer's range bug; and ``sentence:*`` for ``sentence_score``
(sacreBLEU's sentence-level defaults).
"""

from __future__ import annotations

import random

from .cases_common import CaseList
from .texts import check_unicode_stable, corpus

SEED = 20261129

#: The pools each tokenizer is exercised on.
TOKENIZER_POOLS = {
    "13a": ["numbers", "entities", "unicode_punct", "plain", "case", "emoji"],
    "none": ["plain", "numbers", "unicode_punct", "cjk", "german"],
    "intl": ["numbers", "unicode_punct", "emoji", "plain", "german", "chrf_punct"],
    "zh": ["cjk", "numbers", "unicode_punct", "emoji", "plain"],
    "char": ["cjk", "plain", "german", "emoji", "unicode_punct"],
}


def _texts(hyps, refs):
    return list(hyps) + [r for rs in refs for r in rs]


def _random_families(cases: CaseList, rng: random.Random) -> None:
    pools = ["plain", "numbers", "case", "unicode_punct", "german", "entities"]
    for pool in pools:
        cases.add("defaults", {}, *corpus(rng, pool))

    for name, tok_pools in TOKENIZER_POOLS.items():
        for k in range(12):
            pool = tok_pools[k % len(tok_pools)]
            hyps, refs = corpus(rng, pool, nrefs=(1, 2), white_space=k % 3 == 1, edge_spaces=k % 4 == 2)
            if name == "intl":
                check_unicode_stable(_texts(hyps, refs))
            options = {"tokenize": name}
            if k % 5 == 4:
                options["lowercase"] = True
            cases.add(f"tokenize={name}", options, hyps, refs)

    smoothing = {
        "none": [None] * 8,
        "floor": [None, None, None, 0.01, 0.5, 1, 0.25, 2],
        "add-k": [None, None, None, 2, 0.5, 0, 1.5, 3],
        "exp": [None] * 8,
    }
    for method, values in smoothing.items():
        for k, value in enumerate(values):
            options = {"smooth_method": method}
            if value is not None:
                options["smooth_value"] = value
            if k % 2 == 1:
                options["effective_order"] = True
            # Short sentences, so that orders without matches (or without n-grams) occur.
            hyps, refs = corpus(rng, ["plain", "numbers", "german"][k % 3], length=(1, 6), noise=0.5)
            cases.add(f"smooth={method}", options, hyps, refs)

    methods = ["exp", "none", "floor", "add-k"]
    for k in range(10):
        options = {"effective_order": True, "smooth_method": methods[k % 4]}
        hyps, refs = corpus(rng, ["plain", "german"][k % 2], length=(1, 4), noise=0.4)
        cases.add("effective_order", options, hyps, refs)

    tokenizers = list(TOKENIZER_POOLS)
    for k in range(8):
        options = {"lowercase": True, "tokenize": tokenizers[k % 5]}
        cases.add("lowercase", options, *corpus(rng, "case", length=(1, 7)))

    for order in range(1, 7):
        for k in range(5):
            options = {"max_ngram_order": order}
            if k == 1:
                options["effective_order"] = True
            if k == 2:
                options["smooth_method"] = "floor"
            if k == 3:
                options["smooth_method"] = "add-k"
                options["effective_order"] = True
            length = (1, 5) if k in (1, 3) else (3, 12)
            cases.add(f"max_order={order}", options, *corpus(rng, "plain", length=length, noise=0.3))

    for k in range(6):
        options = {"tokenize": tokenizers[k % 5]} if k % 2 else {}
        cases.add("refs=multi", options, *corpus(rng, ["plain", "german", "numbers"][k % 3], nrefs=2 + k % 3))
    made = 0
    while made < 8:
        hyps, refs = corpus(rng, ["plain", "german", "unicode_punct"][made % 3], sentences=(3, 5), nrefs=(1, 4))
        if len({len(r) for r in refs}) == 1:
            continue  # the family is about a varying number of references
        options = {"smooth_method": "floor"} if made % 4 == 3 else {}
        cases.add("refs=variable", options, hyps, refs)
        made += 1


def _edge_families(cases: CaseList) -> None:
    empty = [
        (["", "the cat sat"], [["the cat"], [""]]),
        ([""], [[""]]),
        (["", ""], [["a"], ["b c"]]),
        (["a b"], [["", "a b c d"]]),
        (["a b c d"], [["a b c d", ""]]),
        (["the cat sat on the mat", ""], [["the cat sat on the mat"], ["", "x"]]),
    ]
    for options in ({}, {"effective_order": True}, {"tokenize": "char"}):
        for hyps, refs in empty[:4] if options else empty:
            cases.add("edge:empty", options, hyps, refs)

    one_token = [
        (["a"], [["a"]]),
        (["."], [["."]]),
        (["x"], [["y"]]),
        (["a", "b", "c"], [["a"], ["b"], ["d"]]),
        (["\u4e2d"], [["\u4e2d"]]),
        (["\U0001f600"], [["\U0001f600 !"]]),
    ]
    for options in ({}, {"effective_order": True}, {"tokenize": "char", "effective_order": True}):
        for hyps, refs in one_token:
            cases.add("edge:one_token", options, hyps, refs)

    short = [
        (["the cat"], [["the cat sat"]]),
        (["the cat sat"], [["the cat sat on the mat"]]),
        (["a b c", "a b"], [["a b c"], ["a b"]]),
        (["a b c d e"], [["a b x d e"]]),
        (["it ran", "a"], [["it ran to the house"], ["a dog"]]),
    ]
    for options in ({}, {"effective_order": True}, {"smooth_method": "add-k"},
                    {"smooth_method": "floor", "effective_order": True}, {"smooth_method": "none"}):
        for hyps, refs in short:
            cases.add("edge:short_hyp", options, hyps, refs)

    zero_match = [
        (["a b c d"], [["a x b y c z d"]]),
        (["a b c d e f"], [["f e d c b a"]]),
        (["p q r s"], [["w x y z"]]),
        (["a b c d", "e f g h"], [["a b c x"], ["e f x h"]]),
        (["one two three four five"], [["one two three x four five"]]),
    ]
    for options in ({}, {"smooth_method": "none"}, {"smooth_method": "floor", "smooth_value": 0.5},
                    {"smooth_method": "add-k", "smooth_value": 0.5}, {"effective_order": True}):
        for hyps, refs in zero_match:
            cases.add("edge:zero_match", options, hyps, refs)

    ties = [
        (["a b c"], [["a b", "a b c d"]]),
        (["a b c"], [["a b c d", "a b"]]),
        (["x y z w"], [["x y z w v u", "x y"]]),
        (["a b c", "d e"], [["a b c d", "a b"], ["d", "d e f"]]),
    ]
    for hyps, refs in ties:
        cases.add("edge:ref_len_tie", {}, hyps, refs)
        cases.add("edge:ref_len_tie", {"tokenize": "none", "effective_order": True}, hyps, refs)

    # sacreBLEU issue #298: U+2001..U+2A6D count as Chinese (split off), U+2000 and astral
    # CJK (U+20000...) do not.
    zh_range = [
        (["\u4ed6\u8bf4\u201c\u4f60\u597d\u201d\u2014\u518d\u89c1"],
         [["\u4ed6\u8bf4 \u201c \u4f60\u597d \u201d \u2014 \u518d\u89c1"]]),
        (["\U00020000\U00020001 \u4e2d\u6587"], [["\U00020000 \U00020001 \u4e2d \u6587"]]),
        (["a\u2000b a\u2001b"], [["a b a \u2001 b"]]),
        (["x\u2a6dy x\u2a6ey"], [["x \u2a6d y x\u2a6ey"]]),
        (["\u20ac5 \u2192 \u2026 1999."], [["\u20ac 5 \u2192 \u2026 1999 ."]]),
    ]
    for options in ({"tokenize": "zh"}, {"tokenize": "zh", "effective_order": True}, {}):
        for hyps, refs in zh_range:
            cases.add("edge:zh_range", options, hyps, refs)

    white = [
        (["  the cat  ", "\t"], [["the cat"], [" "]]),
        (["a\u00a0b\u3000c\u2028d"], [["a b c d"]]),
        (["a\u200bb c"], [["a b c"]]),
        (["x\x1cy\x85z"], [["x y z"]]),
        (["a b\n"], [["a b\r\n"]]),
    ]
    for options in ({}, {"tokenize": "none"}, {"tokenize": "char"}, {"tokenize": "intl"}, {"tokenize": "zh"}):
        for hyps, refs in white:
            if options.get("tokenize") == "intl":
                check_unicode_stable(_texts(hyps, refs))
            cases.add("edge:white_space", options, hyps, refs)


def _sentence_families(cases: CaseList, rng: random.Random) -> None:
    table = [
        ("the cat", ["the cat sat"]),
        ("a b c d e", ["a b x d e"]),
        ("the cat sat", ["the cat sat on the mat"]),
        ("a", ["a"]),
        ("", ["a b"]),
        ("a b c", ["a b", "a b c d"]),
    ]
    for hyp, refs in table:
        cases.add("sentence:defaults", {}, [hyp], [refs], level="sentence")
    for k in range(6):
        hyps, refs = corpus(rng, ["plain", "numbers", "german"][k % 3], sentences=1, nrefs=(1, 3))
        cases.add("sentence:defaults", {}, hyps, refs, level="sentence")
    for hyp, refs in table[:3]:
        cases.add("sentence:effective_order=no", {"effective_order": False}, [hyp], [refs], level="sentence")
    for method, value in (("none", None), ("floor", None), ("floor", 0.3), ("add-k", None), ("add-k", 0.5),
                          ("exp", None)):
        options = {"smooth_method": method} if value is None else {"smooth_method": method, "smooth_value": value}
        for hyp, refs in table[:4]:
            cases.add(f"sentence:smooth={method}", options, [hyp], [refs], level="sentence")
    for name, pools in TOKENIZER_POOLS.items():
        for k in range(2):
            hyps, refs = corpus(rng, pools[k], sentences=1)
            if name == "intl":
                check_unicode_stable(_texts(hyps, refs))
            cases.add(f"sentence:tokenize={name}", {"tokenize": name}, hyps, refs, level="sentence")


def build_cases() -> list[dict]:
    """Every BLEU golden case, in a fixed order (seeded; sacreBLEU is deterministic)."""
    rng = random.Random(SEED)
    cases = CaseList("bleu")
    _random_families(cases, rng)
    _edge_families(cases)
    _sentence_families(cases, rng)
    return cases.cases
