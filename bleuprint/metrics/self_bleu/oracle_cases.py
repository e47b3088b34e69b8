"""Golden self-BLEU cases: sets of outputs scored by the oracles, for
``bleuprint/oracles/goldens/self_bleu.json``: evalsuite by sacreBLEU 2.5.1
``sentence_bleu`` in a loop (each output against all the others), texygen by nltk 3.10.4
``nltk.translate.bleu_score.sentence_bleu`` with ``SmoothingFunction().method1`` and
uniform weights over ``gram`` orders, on ``str.split()`` tokens of the first 500 outputs
(Texygen's ``SelfBleu.get_bleu_fast``, with white-space tokens in place of
``nltk.word_tokenize``, which needs punkt).

Read only by the generator (``python -m bleuprint.oracles.generate self_bleu``), verify and
the tests; never imported by the metric. It draws its own texts.

Each case: ``hyps`` the outputs, ``refs`` null, ``sentence_stats[i]`` ``[value, counted]``
(the oracle's value for output i and 1; ``[0.0, 0]`` past Texygen's first 500), ``score``
the mean of the counted values. Families: ``self_bleu:random:*`` (word pools), ``:dups``
(duplicate outputs), ``:quirks`` (empty outputs, ties, punctuation, white space),
``:gram=N``, and ``:first-500`` (501 outputs: the rule decides the value).
"""

from __future__ import annotations

import random

SEED = 20261202
SACREBLEU_VERSION = "2.5.1"
NLTK_VERSION = "3.10.4"
TEXYGEN_SAMPLE_SIZE = 500


def require_oracles():
    """``(sacrebleu, nltk's bleu_score module)`` at the pinned versions; RuntimeError otherwise."""
    try:
        import nltk
        import sacrebleu
        from nltk.translate import bleu_score
    except ImportError as exc:
        raise RuntimeError(f"sacrebleu {SACREBLEU_VERSION} and nltk {NLTK_VERSION} are needed "
                           f"(pip install 'bleuprint[oracle]'): {exc}") from None
    from ...spec.sacrebleu_versions import SUPPORTED_VERSIONS

    found = (sacrebleu.__version__, nltk.__version__)
    # sacreBLEU 2.6.0's sentence BLEU is 2.5.1's (it adds a tokenizer only): the cases,
    # labelled with the goldens' version, are the same built with either.
    if found[0] not in SUPPORTED_VERSIONS or found[1] != NLTK_VERSION:
        raise RuntimeError(f"the self-BLEU goldens need sacrebleu {SACREBLEU_VERSION} and nltk {NLTK_VERSION}, "
                           f"found {found[0]} and {found[1]}")
    return sacrebleu, bleu_score


def oracle_values(outputs: list, variant: str = "evalsuite", gram=None) -> list[float]:
    """The oracle's value of each scored output (all for evalsuite, the first 500 for
    texygen), each against the others: ``outputs[:i] + outputs[i+1:]``."""
    sacrebleu, bleu_score = require_oracles()
    if variant == "evalsuite":
        order = 4 if gram is None else gram
        metric = sacrebleu.BLEU(effective_order=True, max_ngram_order=order)
        return [metric.sentence_score(o, outputs[:i] + outputs[i + 1:]).score for i, o in enumerate(outputs)]
    if variant != "texygen":
        raise ValueError(f"unknown variant {variant!r}")
    order = 3 if gram is None else gram
    weights = tuple(1.0 / order for _ in range(order))
    smoothing = bleu_score.SmoothingFunction().method1
    tokens = [o.split() for o in outputs[:TEXYGEN_SAMPLE_SIZE]]
    return [float(bleu_score.sentence_bleu(tokens[:i] + tokens[i + 1:], t, weights, smoothing_function=smoothing))
            for i, t in enumerate(tokens)]


POOLS = {
    "plain": ["the", "cat", "sat", "on", "mat", "a", "dog", "ran", "to", "house", ".", ",", "!", "and", "it"],
    "small": ["a", "b", "c", "d"],
    "unicode": ["caf\u00e9", "cafe", "na\u00efve", "\u201cquoted\u201d", "\u2014", "don't", "\u6211\u4eec", "\u3002",
                "Stra\u00dfe", "x\u00b2", "U.S.", "3.14"],
    "punctuation": ["word.", "word", ".", "(a)", "a", "b,", "b", ",", "!", "end.", "end", "\"q\""],
}
SEPARATORS = [" ", " ", " ", " ", "  ", "\t", "\u00a0", "\u3000"]

QUIRKS = [
    ["", "a b c", "a b c"],                               # an empty output; a duplicate pair
    ["", ""],                                              # every output empty
    ["a b c d", "a b c", "a b c d e"],                     # closest-length tie: the shorter
    ["a", "a", "b"],                                       # single tokens
    ["a b c", "d e f", "g h i"],                           # nothing in common
    ["c b a", "a b c", "b a c"],                           # unigram matches only
    ["the the the the", "the cat", "the"],                 # clipping by the max count over the others
    ["Hello, world!", "Hello , world !", "world!"],        # 13a splits punctuation, split() does not
    ["a\tb  c", "a\u00a0b c", "a\u3000b c", " a b c "],    # white space
    ["a b c d e f", "a b c d e f", "a b c d e f"],        # all equal
]


def _line(rng: random.Random, words: list, length: tuple) -> str:
    out = ""
    for k in range(rng.randint(*length)):
        out += (rng.choice(SEPARATORS) if k else "") + rng.choice(words)
    return out


def _corpus(rng: random.Random, pool: str, size=(2, 7), length=(0, 10), dups=0.0) -> list:
    outputs = [_line(rng, POOLS[pool], length) for _ in range(rng.randint(*size))]
    if dups:
        for _ in range(rng.randint(1, 3)):
            outputs.insert(rng.randint(0, len(outputs)), rng.choice(outputs))
    return outputs


def _case(cases: list, numbers: dict, family: str, outputs: list, options: dict) -> None:
    variant = options.get("variant", "evalsuite")
    values = oracle_values(outputs, variant, options.get("gram"))
    number = numbers.get(family, 0)
    numbers[family] = number + 1
    rows = [[v, 1] for v in values] + [[0.0, 0] for _ in range(len(outputs) - len(values))]
    total = 0.0
    for v in values:
        total += v
    cases.append({"id": f"self_bleu/{family}/{number:02d}", "metric": "self_bleu", "level": "corpus",
                  "family": family, "options": dict(options), "hyps": list(outputs), "refs": None,
                  "sentence_stats": rows, "score": total / len(values),
                  "oracle": (f"sacrebleu {SACREBLEU_VERSION} sentence_bleu loop" if variant == "evalsuite"
                             else f"nltk {NLTK_VERSION} sentence_bleu method1 loop (split tokens)")})


def build_cases() -> list[dict]:
    """Every self-BLEU golden case, in a fixed order (seeded; both oracles are deterministic)."""
    rng = random.Random(SEED)
    corpora = []
    for pool in POOLS:
        for _ in range(3):
            corpora.append((f"random:{pool}", _corpus(rng, pool)))
        corpora.append((f"dups:{pool}", _corpus(rng, pool, dups=1.0)))
    corpora.append(("quirks", None))
    cases, numbers = [], {}
    for variant in ("evalsuite", "texygen"):
        options = {} if variant == "evalsuite" else {"variant": "texygen"}
        for family, outputs in corpora:
            for one in ([outputs] if outputs is not None else QUIRKS):
                _case(cases, numbers, f"self_bleu:{variant}:{family}", one, options)
        for gram in (1, 2, 5):
            outputs = _corpus(rng, "small", size=(3, 6), length=(0, 8))
            _case(cases, numbers, f"self_bleu:{variant}:gram={gram}", outputs, {**options, "gram": gram})
    first = ["a b c"] * 499 + ["a b d", "x y z", "a b d"]  # 502 outputs: the rule drops the last two
    _case(cases, numbers, "self_bleu:texygen:first-500", first, {"variant": "texygen"})
    return cases
