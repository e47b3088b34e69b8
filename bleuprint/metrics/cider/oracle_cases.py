"""Golden CIDEr-D cases: corpora of tokenized captions scored by pycocoevalcap 1.2's
``Cider`` (n = 4, sigma = 6), for ``bleuprint/oracles/goldens/cider.json``.

Read only by the generator (``python -m bleuprint.oracles.generate cider``), verify and the
tests; never imported by the metric. The caption corpora (``caption_corpora``) are shared
with coco BLEU's builder.

Each case is one corpus: ``sentence_stats[i]`` is ``[score of image i]`` from
``compute_score``'s per-image array, ``score`` pycocoevalcap's corpus value (``np.mean``),
``corpus_stats`` the sum of the rows. Families: ``cider:random:<pool>`` (seeded noisy copies
of a base caption, 1-5 references), ``cider:quirks`` (empty hypotheses, 1-word captions,
repeated words, a perfect 3-word caption among others (7.5), many references,
punctuation and non-ASCII tokens, unusual white space), ``cider:one-image`` (one image
alone: 0), ``cider:grow`` (a corpus and the same corpus plus one image: every score
changes).
"""

from __future__ import annotations

import contextlib
import io
import random

SEED = 20261218
PYCOCOEVALCAP_VERSION = "1.2"

#: Word pools of tokenized captions (PTB-like tokens: lowercase words, punctuation tokens).
POOLS = {
    "plain": ["a", "man", "riding", "horse", "on", "the", "beach", "dog", "with", "frisbee", "two", "people",
              "standing", "near", "street", "of", "in", "red", "car"],
    "punctuation": ["a", "cat", ",", ".", "'s", "n't", "--", "(", ")", "sits", "on", "mat", "!", "?", "``", "''"],
    "unicode": ["un", "chat", "tête", "café", "naïve", "東京", "の", "猫", "straße", "ÉCOLE", "école", "ß", "ﬁ"],
    "small": ["a", "b", "c", "d"],
}
SEPARATORS = [" ", " ", " ", "  ", "\t", "\u00a0", "\u3000", "\n"]

#: (hypothesis, references) per image: the quirks, as one corpus.
QUIRKS = [
    ("a cat sat", ["a cat sat"]),                                   # perfect 3-word caption: 7.5
    ("", ["a dog runs on the grass"]),                              # empty hypothesis: 0
    ("dog", ["dog", "a dog"]),                                      # 1-word caption: length 0 (no bigram)
    ("a a a a a dog", ["a dog", "a a dog"]),                        # repeated words: raw counts, clipping
    ("two people standing", ["two people", "people standing near", "two men standing", "a couple standing",
                             "people", "two people standing here", "standing two people", "people two"]),
    ("une tête , là !", ["une tête , là", "tête là"]),               # punctuation and non-ASCII tokens
    ("a\tcat\u00a0sat\u3000down", ["a cat sat down"]),             # Unicode white space splits
    ("the sky is blue", ["the sky is grey", "blue sky", ""]),       # an empty reference
]


def require_pycocoevalcap():
    """pycocoevalcap's ``Cider`` and ``Bleu`` classes and ``BleuScorer``, at the pinned
    version; RuntimeError otherwise."""
    try:
        from importlib.metadata import version

        from pycocoevalcap.bleu.bleu import Bleu
        from pycocoevalcap.bleu.bleu_scorer import BleuScorer
        from pycocoevalcap.cider.cider import Cider
    except ImportError as exc:
        raise RuntimeError(f"pycocoevalcap {PYCOCOEVALCAP_VERSION} is needed (pip install 'bleuprint[oracle]'): "
                           f"{exc}") from None
    found = version("pycocoevalcap")
    if found != PYCOCOEVALCAP_VERSION:
        raise RuntimeError(f"the coco goldens need pycocoevalcap {PYCOCOEVALCAP_VERSION}, found {found}")
    return Cider, Bleu, BleuScorer


def as_dicts(hyps: list, refs: list) -> tuple[dict, dict]:
    """pycocoevalcap's ``gts`` and ``res``: image i gets the id i."""
    return {i: list(r) for i, r in enumerate(refs)}, {i: [h] for i, h in enumerate(hyps)}


def oracle_scores(hyps: list, refs: list) -> tuple[float, list]:
    """pycocoevalcap's ``(corpus score, per-image scores)`` as Python floats."""
    cider_class, _, _ = require_pycocoevalcap()
    gts, res = as_dicts(hyps, refs)
    with contextlib.redirect_stdout(io.StringIO()):
        score, scores = cider_class().compute_score(gts, res)
    return float(score), [float(x) for x in scores]


def _join(rng: random.Random, words: list) -> str:
    return "".join((rng.choice(SEPARATORS) if k else "") + w for k, w in enumerate(words))


def _noisy(rng: random.Random, base: list, pool: list, noise: float) -> list:
    out = []
    for word in base:
        roll = rng.random()
        if roll < noise / 3:
            continue
        out.append(rng.choice(pool) if roll < 2 * noise / 3 else word)
        if rng.random() < noise / 3:
            out.append(rng.choice(pool))
    return out


def caption_corpus(rng: random.Random, pool: str, images=(3, 8), nrefs=(1, 5), length=(0, 12), noise=0.4):
    """A seeded corpus: per image, a base caption from ``POOLS[pool]``, the hypothesis and
    each reference noisy copies of it (words dropped, replaced, inserted)."""
    words = POOLS[pool]
    hyps, refs = [], []
    for _ in range(rng.randint(*images)):
        base = [rng.choice(words) for _ in range(rng.randint(*length))]
        hyps.append(_join(rng, _noisy(rng, base, words, noise)))
        refs.append([_join(rng, _noisy(rng, base, words, noise)) for _ in range(rng.randint(*nrefs))])
    return hyps, refs


def caption_corpora() -> list[tuple[str, list, list]]:
    """``(family, hyps, refs)`` of every golden corpus, shared by CIDEr-D and coco BLEU."""
    rng = random.Random(SEED)
    out = []
    for pool in POOLS:
        for _ in range(6):
            out.append((f"random:{pool}", *caption_corpus(rng, pool)))
    for _ in range(4):
        out.append(("random:many-images", *caption_corpus(rng, "plain", images=(20, 40), nrefs=(1, 5))))
    out.append(("quirks", [h for h, _ in QUIRKS], [list(r) for _, r in QUIRKS]))
    out.append(("one-image", ["a man riding a horse"], [["a man riding a horse", "a man on a horse"]]))
    out.append(("one-image", ["a dog"], [["a cat"]]))
    hyps, refs = caption_corpus(rng, "plain", images=(5, 5))
    out.append(("grow", hyps, refs))
    out.append(("grow", hyps + ["a red car"], refs + [["a red car in the street"]]))
    return out


def build_cases() -> list[dict]:
    """Every CIDEr-D golden case, in a fixed order (seeded; pycocoevalcap is deterministic)."""
    cases, numbers = [], {}
    for family, hyps, refs in caption_corpora():
        family = f"cider:{family}"
        if not any(r.split() for group in refs for r in group):
            continue  # pycocoevalcap fails on a corpus without a reference word (compat tests)
        score, rows = oracle_scores(hyps, refs)
        number = numbers.get(family, 0)
        numbers[family] = number + 1
        cases.append({"id": f"cider/{family}/{number:02d}", "metric": "cider", "level": "corpus", "family": family,
                      "options": {}, "hyps": list(hyps), "refs": [list(r) for r in refs],
                      "sentence_stats": [[x] for x in rows], "corpus_stats": [sum(rows)], "score": score,
                      "oracle": f"pycocoevalcap {PYCOCOEVALCAP_VERSION} Cider()"})
    return cases
