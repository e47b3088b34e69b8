"""Golden TER cases: corpora and sentences scored by sacreBLEU 2.5.1's TER.

Same case shape as the other builders (``cases_common``):
``{"id", "metric", "level", "family", "options", "hyps", "refs", "sentence_stats",
"corpus_stats", "score", "signature", "signature_short"}`` with ``metric = "ter"``.
TER's statistics per sentence are ``[edits (int), average reference length (float)]``.

Families (all prefixed ``ter:``):

* ``options:<combination>``: every one of the 16 combinations of ``normalized``,
  ``no_punct``, ``asian_support``, ``case_sensitive``, on text the options act on
  (case pairs, ASCII and Asian punctuation, entities, possessives, CJK);
* ``edge:empty``: empty hypotheses and references (TER 100 for words against nothing,
  0 for nothing against nothing, the zero-length corpus rule);
* ``refs=multi`` and ``refs=variable``: several references, where the edit count and the
  average length come from different references;
* ``shift:permutation``: references whose hypothesis is a block permutation, including
  blocks of exactly 10 words (a shift may move them) and 11 words (it may not);
* ``shift:repeated``: small vocabularies and repeated words (ties among shifts);
* ``shift:cap``: long repetitive pairs on which the cumulative 1,000-candidate budget is
  reached (the shift found in that round is discarded);
* ``shift:distance``: a block more than 50 words from its place in the reference;
* ``band``: very uneven lengths (the band of the edit distance, its widening);
* ``sentence:*``: ``sentence_score``.
"""

from __future__ import annotations

import itertools
import random

from .sacrebleu_ter import oracle_sentence_ter, oracle_ter
from .texts import corpus

SEED = 20261201

OPTION_NAMES = ("normalized", "no_punct", "asian_support", "case_sensitive")

#: Text on which every Tercom option changes something.
OPTION_POOL_TEXTS = [
    ("Jim's car is RED.", ["jim's car is red .", "Jim 's CAR is red"]),
    ("He said &quot;No&quot; (twice)!", ['he said "no" ( twice ) !']),
    ("AT&amp;T costs $5.00, i.e. 5-6 euros?", ["AT&T costs $ 5.00 , i . e . 5 - 6 Euros ?"]),
    ("\u7f8e\u4f17\u9662\u516c\u5e03\u5bf9\u7279\u3002", ["\u7f8e \u4f17 \u9662 \u516c\u5e03 \u5bf9\u7279 \u3002"]),
    ("\u308a\u306e\u62f3\u9283\u3092\u6301\u3064\uff0c\u3008\u66f8\u3009",
     ["\u308a\u306e \u62f3 \u9283 \u3092 \u6301\u3064 \u3008 \u66f8 \u3009"]),
    ("The Cat's toy.", ["the cat 's toy ."]),
    ("4.2 and 1,000-2,000: A ; B ) C", ["4.2 and 1,000 - 2,000 a b c"]),
    ("line-\nbreak \uff01 CJK\u3001ok", ["linebreak ! cjk , ok"]),
]


def _options_label(options: dict) -> str:
    return "+".join(name for name in OPTION_NAMES if options.get(name)) or "defaults"


def _move(words: list[str], start: int, length: int, target: int) -> list[str]:
    """``words`` with ``words[start:start+length]`` cut out and re-inserted at ``target``
    of what remains."""
    block = words[start : start + length]
    rest = words[:start] + words[start + length :]
    return rest[:target] + block + rest[target:]


def _distinct_words(n: int, prefix: str = "w") -> list[str]:
    return [f"{prefix}{i}" for i in range(n)]


class _Cases:
    """Collects TER cases; ids are ``ter/<family>/NN``, numbered per family."""

    def __init__(self):
        self.cases: list[dict] = []
        self._numbers: dict[str, int] = {}

    def add(self, family: str, options: dict, hyps: list[str], refs: list[list[str]], level: str = "corpus") -> None:
        number = self._numbers.get(family, 0)
        self._numbers[family] = number + 1
        if level == "sentence":
            if len(hyps) != 1 or len(refs) != 1:
                raise ValueError("a sentence-level case has one hypothesis and one list of references")
            result = oracle_sentence_ter(hyps[0], refs[0], **options)
        else:
            result = oracle_ter(hyps, refs, **options)
        self.cases.append({
            "id": f"ter/{family}/{number:02d}",
            "metric": "ter",
            "level": level,
            "family": family,
            "options": dict(options),
            "hyps": list(hyps),
            "refs": [list(r) for r in refs],
            "sentence_stats": result.sentence_stats,
            "corpus_stats": result.corpus_stats,
            "score": result.score,
            "signature": result.signature,
            "signature_short": result.signature_short,
        })


def _option_families(cases: _Cases, rng: random.Random) -> None:
    pools = ["case", "numbers", "entities", "cjk", "unicode_punct", "german"]
    for k, flags in enumerate(itertools.product((False, True), repeat=4)):
        options = {name: True for name, flag in zip(OPTION_NAMES, flags) if flag}
        family = f"ter:options:{_options_label(options)}"
        texts = OPTION_POOL_TEXTS[k % len(OPTION_POOL_TEXTS)], OPTION_POOL_TEXTS[(k + 3) % len(OPTION_POOL_TEXTS)]
        cases.add(family, options, [t[0] for t in texts], [t[1][:1] for t in texts])
        cases.add(family, options, *corpus(rng, pools[k % len(pools)], sentences=(2, 4), length=(2, 10),
                                           edge_spaces=k % 3 == 0))


def _edge_families(cases: _Cases) -> None:
    empty = [
        ([""], [["a b c"]]),  # nothing against words: 3 insertions, TER 100
        (["a b"], [[""]]),  # words against nothing: L = 0, E = 2 -> 100
        ([""], [[""]]),  # nothing against nothing -> 0
        (["", ""], [[""], [""]]),
        (["a b", ""], [[""], ["c d e"]]),
        (["  ", "x"], [["\t"], ["x"]]),  # white space only is empty after tokenizing
        (["a b"], [["", "a b c"]]),  # edits from one reference, length from both
        (["."], [["a"]]),
    ]
    for options in ({}, {"no_punct": True}):
        for hyps, refs in empty:
            cases.add("ter:edge:empty", options, hyps, refs)


def _reference_families(cases: _Cases, rng: random.Random) -> None:
    for k in range(5):
        cases.add("ter:refs=multi", {"normalized": True} if k % 2 else {},
                  *corpus(rng, ["plain", "german"][k % 2], sentences=(2, 4), nrefs=2 + k % 3, length=(2, 12)))
    made = 0
    while made < 5:
        pool = ["plain", "german", "numbers"][made % 3]
        hyps, refs = corpus(rng, pool, sentences=(3, 5), nrefs=(1, 4), length=(1, 10))
        if len({len(r) for r in refs}) == 1:
            continue  # the family is about a varying number of references
        cases.add("ter:refs=variable", {"case_sensitive": True} if made % 2 else {}, hyps, refs)
        made += 1


def _shift_families(cases: _Cases, rng: random.Random) -> None:
    twenty = _distinct_words(20)
    # Two swapped blocks of 10: one shift of size 10 fixes them.
    cases.add("ter:shift:permutation", {}, [" ".join(twenty[10:] + twenty[:10])], [[" ".join(twenty)]])
    # Blocks of 11 cannot move as a whole.
    twenty_two = _distinct_words(22)
    cases.add("ter:shift:permutation", {}, [" ".join(twenty_two[11:] + twenty_two[:11])], [[" ".join(twenty_two)]])
    cases.add("ter:shift:permutation", {}, ["d e f g h a b c", "on the mat the cat sat"],
              [["a b c d e f g h"], ["the cat sat on the mat"]])
    for k in range(8):
        n = rng.randint(6, 30)
        ref = _distinct_words(n, prefix="t")
        hyp = list(ref)
        for _ in range(rng.randint(1, 3)):
            length = rng.randint(1, min(12, n - 1))
            start = rng.randrange(n - length + 1)
            hyp = _move(hyp, start, length, rng.randrange(n - length + 1))
        if k % 2:
            hyp[rng.randrange(n)] = "xx"
        cases.add("ter:shift:permutation", {}, [" ".join(hyp)], [[" ".join(ref)]])

    for k in range(10):
        vocabulary = ["a", "b", "c", "d", "e"][: 2 + k % 4]
        hyps, refs = [], []
        for _ in range(rng.randint(2, 4)):
            ref = [rng.choice(vocabulary) for _ in range(rng.randint(3, 18))]
            hyp = list(ref)
            rng.shuffle(hyp)
            if k % 3 == 0:
                hyp = hyp[: rng.randint(1, len(hyp))] + [rng.choice(vocabulary)]
            hyps.append(" ".join(hyp))
            refs.append([" ".join(ref)])
        cases.add("ter:shift:repeated", {}, hyps, refs)

    # Long pairs over two or three words: the cumulative candidate budget runs out.
    for k in range(10):
        vocabulary = ["x", "y", "z"][: 2 + k % 2]
        n = rng.randint(30, 55)
        ref = [rng.choice(vocabulary) for _ in range(n)]
        hyp = [rng.choice(vocabulary) for _ in range(n + rng.randint(-5, 5))]
        cases.add("ter:shift:cap", {}, [" ".join(hyp)], [[" ".join(ref)]])

    # A block 60 words away from its reference position is never a shift candidate there.
    filler = _distinct_words(60, prefix="f")
    cases.add("ter:shift:distance", {}, [" ".join(["p", "q", "r"] + filler)], [[" ".join(filler + ["p", "q", "r"])]])
    # ... and one 45 words away is (it can move, over 45 words, in one shift).
    near = filler[:45]
    cases.add("ter:shift:distance", {}, [" ".join(["p", "q", "r"] + near)], [[" ".join(near + ["p", "q", "r"])]])


def _band_family(cases: _Cases, rng: random.Random) -> None:
    for hyp_len, ref_len in ((1, 60), (1, 120), (2, 130), (3, 40), (40, 3), (70, 1)):
        vocabulary = ["a", "b", "c", "d"]
        hyp = [rng.choice(vocabulary) for _ in range(hyp_len)]
        ref = [rng.choice(vocabulary) for _ in range(ref_len)]
        cases.add("ter:band", {}, [" ".join(hyp)], [[" ".join(ref)]])


def _sentence_families(cases: _Cases) -> None:
    table = [
        ("", ["a b"]),
        ("a b", [""]),
        ("a b", ["", "a b c"]),
        ("the cat sat on the mat", ["on the mat the cat sat"]),
        ("Jim's car.", ["jim 's car ."]),
    ]
    for options, family in (({}, "defaults"), ({"normalized": True}, "normalized"),
                            ({"case_sensitive": True, "no_punct": True}, "case_sensitive+no_punct")):
        for hyp, refs in table:
            cases.add(f"ter:sentence:{family}", options, [hyp], [refs], level="sentence")


def build_cases() -> list[dict]:
    """Every TER golden case, in a fixed order (seeded; sacreBLEU is deterministic)."""
    rng = random.Random(SEED)
    cases = _Cases()
    _option_families(cases, rng)
    _edge_families(cases)
    _reference_families(cases, rng)
    _shift_families(cases, rng)
    _band_family(cases, rng)
    _sentence_families(cases)
    return cases.cases
