"""Golden ROUGE cases: corpora scored by rouge-score 0.1.2 (with nltk 3.10.4, which it
imports for its Porter stemmer), for ``bleuprint/oracles/goldens/rouge.json``.

Read only by the generator (``python -m bleuprint.oracles.generate rouge``), verify and
the tests; never imported by the metric. It draws its own texts (it may not import
``bleuprint.oracles``: the layer rule for the metric folders).

Each case is one corpus and one ROUGE type: ``sentence_stats[i]`` is rouge-score's
``score_multi(refs[i], hyps[i])[rouge_type]`` as ``[precision, recall, fmeasure]`` (the
target first in rouge-score's argument order), and ``score`` the mean of the chosen
measure over the segments (bleuprint's corpus value: rouge-score has none besides its
bootstrap). The scorer is built with *every* type of the family at once, so the best
target is rouge-score's choice per type within one ``score_multi`` call. ``oracle`` names
the versions. Families: ``rouge:random:*`` (the word pools below), ``rouge:lsum:*`` (newline
sentences from a small vocabulary, so that back-trace ties matter), ``rouge:multi``
(several targets, ties), ``rouge:quirks`` (the tokenizer's ASCII rule, Kelvin sign, empty
sides, blank and space-only lines, \\r, digits), ``rouge:ngram=3..9``. Then every one of
those corpora again scored with ``use_stemmer=True`` (family ``<family>:stemmed``, option
``use_stemmer: true``), and corpora of inflected English words (``rouge:stem:*``,
``STEM_POOLS``, ``STEM_QUIRKS``), stemmed only.
"""

from __future__ import annotations

import random


SEED = 20261201
ROUGE_SCORE_VERSION = "0.1.2"
NLTK_VERSION = "3.10.4"
BASE_TYPES = ("rouge1", "rouge2", "rougeL", "rougeLsum")
MEASURES = ("precision", "recall", "fmeasure")


def require_rouge_score():
    """rouge-score's scorer module, at the pinned versions; RuntimeError otherwise."""
    try:
        import nltk
        from importlib.metadata import version
        from rouge_score import rouge_scorer
    except ImportError as exc:
        raise RuntimeError(f"rouge-score {ROUGE_SCORE_VERSION} and nltk {NLTK_VERSION} are needed "
                           f"(pip install 'bleuprint[oracle]'): {exc}") from None
    found = (version("rouge-score"), nltk.__version__)
    if found != (ROUGE_SCORE_VERSION, NLTK_VERSION):
        raise RuntimeError(f"the ROUGE goldens need rouge-score {ROUGE_SCORE_VERSION} and nltk {NLTK_VERSION}, "
                           f"found {found[0]} and {found[1]}")
    return rouge_scorer


def oracle_rows(hyps: list, refs: list, rouge_types: tuple, use_stemmer: bool = False) -> dict:
    """``{rouge_type: [[P, R, F], ...]}`` from one ``RougeScorer(rouge_types, use_stemmer)``."""
    scorer = require_rouge_score().RougeScorer(list(rouge_types), use_stemmer=use_stemmer)
    rows = {t: [] for t in rouge_types}
    for hyp, targets in zip(hyps, refs):
        scores = scorer.score_multi(list(targets), hyp)
        for t in rouge_types:
            rows[t].append([scores[t].precision, scores[t].recall, scores[t].fmeasure])
    return rows


class _Cases:
    def __init__(self):
        self.cases: list[dict] = []
        self.numbers: dict = {}
        self.added: list = []

    def add(self, family: str, hyps: list, refs: list, rouge_types=BASE_TYPES, measures=("fmeasure",),
            use_stemmer: bool = False) -> None:
        self.added.append((family, hyps, refs, rouge_types, measures))
        if use_stemmer and not family.startswith("rouge:stem:"):
            family += ":stemmed"
        rows = oracle_rows(hyps, refs, tuple(rouge_types), use_stemmer)
        for rouge_type in rouge_types:
            for measure in measures:
                column = MEASURES.index(measure)
                values = [row[column] for row in rows[rouge_type]]
                number = self.numbers.get(family, 0)
                self.numbers[family] = number + 1
                options = {"rouge_type": rouge_type}
                if measure != "fmeasure":
                    options["measure"] = measure
                if use_stemmer:
                    options["use_stemmer"] = True
                self.cases.append({
                    "id": f"rouge/{family}/{number:02d}", "metric": "rouge", "level": "corpus",
                    "family": family, "options": options, "hyps": list(hyps), "refs": [list(r) for r in refs],
                    "sentence_stats": rows[rouge_type], "score": sum(values) / len(values),
                    "oracle": f"rouge-score {ROUGE_SCORE_VERSION}, nltk {NLTK_VERSION}, use_stemmer={use_stemmer}",
                })


#: Word pools: what rouge-score's tokenizer treats differently (case, digits and
#: punctuation inside words, non-ASCII letters, CJK, white space other than a space).
POOLS = {
    "plain": ["the", "cat", "sat", "on", "mat", "a", "dog", "ran", "to", "house", ".", ",", "!", "and", "it"],
    "case": ["The", "the", "THE", "Cat", "cat", "\u0130stanbul", "istanbul", "\u03a3\u0391\u03a3", "Stra\u00dfe",
             "STRASSE", "\u212aelvin", "kelvin", "Dog", "dog"],
    "numbers": ["3.14", "1,000", "1999.", ".5", "x-1", "10-12", "2.5%", "$5.00!", "e-mail", "it's", "U.S.", "7"],
    "unicode": ["caf\u00e9", "cafe", "na\u00efve", "naive", "\u201cquoted\u201d", "\u2014", "word\u2014dash",
                "\u00bfQu\u00e9?", "don't", "don", "t", "a_b", "x\u00b2"],
    "cjk": ["\u6211\u4eec", "\u7684", "\u4e2d\u56fd\u4eba", "\u3002", "ABC", "3.14", "A\u3002B", "\u304b\u306a"],
    "german": ["Haus", "Hauses", "H\u00e4user", "gehen", "ging", "der", "die", "das", "und", "nicht", ",", ".",
               "Stra\u00dfe", "gro\u00df"],
}
SEPARATORS = [" ", " ", " ", "  ", "\t", "\u00a0", "\u3000", "\n"]

#: Word pools for the stemmed corpora: inflected forms that Porter conflates (and short
#: words, which rouge-score never stems).
STEM_POOLS = {
    "inflected": ["running", "runs", "ran", "run", "cats", "cat", "happily", "happiness", "happy", "relational",
                  "relate", "conditional", "generalization", "general", "hopefulness", "hopeful", "connection",
                  "connected", "connecting", "connects", "agreed", "agree", "feed", "plastered", "motoring",
                  "hoping", "hopped", "controlling", "controlled", "is", "was", "has", "the", "of", "studies",
                  "studying", "study", "cries", "dies", "lying", "news", "skies", "Running", "STUDIES", ".", ","],
    "short": ["was", "has", "its", "bus", "gas", "yes", "this", "dies", "ties", "does", "goes", "sees", "uses",
              "a", "as", "is", "us", "ss", "y", "yy", "yyy", "yyyy", "1990s", "2nd", "abcs"],
}

#: Stemming cases, one line each: (hypothesis, targets).
STEM_QUIRKS = [
    ("was running", ["wa run"]),                       # "was" (3 characters) is not stemmed
    ("The cats were running quickly", ["a cat runs quick"]),
    ("connection connected\nconnecting", ["connects\nconnect"]),   # Lsum on stems
    ("caf\u00e9s relational", ["caf relate"]),          # non-ASCII split first, then stems
    ("dying lying skies news", ["die lie sky news"]),   # nltk's irregular forms
    ("enjoy happy", ["enjoy happi"]),                   # step 1c: nltk's condition
    ("generalizations", ["general"]),
    ("YYYY yyyyy", ["yyyy"]),
    ("1990s 2000s", ["1990 2000"]),                     # digits are consonants
]


def _join(rng: random.Random, words: list) -> str:
    out = ""
    for k, word in enumerate(words):
        out += (rng.choice(SEPARATORS) if k else "") + word
    return out


def _perturb(rng: random.Random, words: list, pool: list, noise: float) -> list:
    out = []
    for word in words:
        roll = rng.random()
        if roll < noise / 3:
            continue  # dropped
        out.append(rng.choice(pool) if roll < 2 * noise / 3 else word)
        if rng.random() < noise / 3:
            out.append(rng.choice(pool))  # inserted
    return out


def corpus(rng: random.Random, pool: str, sentences=(3, 6), nrefs=1, length=(1, 12), noise=0.35) -> tuple:
    """A seeded corpus: each segment's targets and prediction are noisy copies of one base
    sentence drawn from ``POOLS[pool]``; ``nrefs`` an int or an inclusive range."""
    words = POOLS[pool]
    hyps, refs = [], []
    for _ in range(rng.randint(*sentences)):
        base = [rng.choice(words) for _ in range(rng.randint(*length))]
        count = rng.randint(*nrefs) if isinstance(nrefs, tuple) else nrefs
        hyps.append(_join(rng, _perturb(rng, base, words, noise)))
        refs.append([_join(rng, _perturb(rng, base, words, noise)) for _ in range(count)])
    return hyps, refs


def _lsum_text(rng: random.Random, vocabulary: list, sentences: tuple, length: tuple) -> str:
    lines = [" ".join(rng.choice(vocabulary) for _ in range(rng.randint(*length)))
             for _ in range(rng.randint(*sentences))]
    return "\n".join(lines)


QUIRKS = [
    # (hypothesis, targets): each line one quirk of breadth-oracles.md section 1
    ("caf\u00e9 na\u00efve", ["cafe naive"]),                  # non-ASCII letters vanish and split
    ("\u6211\u4eec\u7684\u4e2d\u56fd", ["\u6211\u4eec\u7684\u4e2d\u56fd"]),  # identical CJK: no tokens, 0
    ("KELVIN", ["\u212aelvin"]),                              # Kelvin sign lowercases to ASCII k
    ("don't stop", ["don t stop"]),                          # apostrophe splits
    ("", ["a b"]), ("a b", [""]), ("", [""]),               # empty sides
    ("a b c\nd e f", ["d e f\na b c"]),                     # Lsum 1.0, L 0.5, rouge2 0.8
    ("a b\n\n\nc d", ["a b\nc d"]),                          # blank lines dropped
    ("a b\n   \nc d", ["   \n a b c d"]),                   # space-only lines kept, no tokens
    ("a b\r\nc d", ["a b\nc d"]),                            # \r is a separator, not a line break
    ("x1 2y 3.14 10,000", ["x1 2y 3 14 10 000"]),            # digits are tokens
    ("a b c e", ["a b c d", "a c b e"]),                     # best target per type (rouge1 2nd, rouge2 1st)
    ("a b", ["a c", "a d"]),                                 # F tie: the first target
    ("a a a b", ["a b a\na", "b a a a"]),                    # repeats, clipping on both sides
    ("b a\na b", ["a b a b"]),                                # back-trace tie in Lsum
    ("c a", ["c\na c"]),                                     # back-trace tie that changes Lsum (0.8, not 0.4)
    ("\u0130stanbul STRASSE Stra\u00dfe", ["istanbul strasse"]),  # lower() of I-dot, sharp s vanishes
    ("the\tcat\u00a0sat\u2028on\x85mat", ["the cat sat on mat"]),   # Unicode white space
    ("a_b a-b", ["a b a b"]),                                # underscore is a separator
]


def build_cases() -> list[dict]:
    """Every ROUGE golden case, in a fixed order (seeded; rouge-score is deterministic
    without its bootstrap)."""
    rng = random.Random(SEED)
    cases = _Cases()
    for pool in POOLS:
        cases.add(f"rouge:random:{pool}", *corpus(rng, pool, sentences=(3, 6), length=(1, 12)))
    for k in range(4):
        cases.add("rouge:random:plain:measures", *corpus(rng, "plain", sentences=(3, 6), length=(1, 12)),
                  measures=MEASURES)
    for k in range(4):
        cases.add("rouge:multi", *corpus(rng, ["plain", "german"][k % 2], sentences=(3, 6), nrefs=(2, 4),
                                         length=(1, 10), noise=0.5))
    vocabulary = ["a", "b", "c", "d", "e"]
    for k in range(12):
        hyps, refs = [], []
        for _ in range(rng.randint(3, 6)):
            hyps.append(_lsum_text(rng, vocabulary, (1, 4), (0, 6)))
            refs.append([_lsum_text(rng, vocabulary, (1, 4), (0, 6)) for _ in range(rng.randint(1, 3))])
        cases.add("rouge:lsum:small-vocabulary", hyps, refs, measures=MEASURES if k < 4 else ("fmeasure",))
    hyps, refs = [h for h, _ in QUIRKS], [list(r) for _, r in QUIRKS]
    cases.add("rouge:quirks", hyps, refs, measures=MEASURES)
    for n in range(3, 10):
        cases.add(f"rouge:ngram={n}", *corpus(rng, "plain", sentences=(3, 6), length=(1, 14), noise=0.2),
                  rouge_types=(f"rouge{n}",))
    for family, hyps, refs, rouge_types, measures in list(cases.added):
        cases.add(family, hyps, refs, rouge_types, measures, use_stemmer=True)
    rng = random.Random(SEED + 1)
    for pool in STEM_POOLS:
        for _ in range(3):
            cases.add(f"rouge:stem:{pool}", *_stem_corpus(rng, pool), use_stemmer=True)
    hyps, refs = [h for h, _ in STEM_QUIRKS], [list(r) for _, r in STEM_QUIRKS]
    cases.add("rouge:stem:quirks", hyps, refs, measures=MEASURES, use_stemmer=True)
    return cases.cases


def _stem_corpus(rng: random.Random, pool: str) -> tuple:
    """A seeded corpus from ``STEM_POOLS[pool]`` (``corpus``'s recipe on those words)."""
    words = STEM_POOLS[pool]
    hyps, refs = [], []
    for _ in range(rng.randint(3, 6)):
        base = [rng.choice(words) for _ in range(rng.randint(1, 12))]
        hyps.append(_join(rng, _perturb(rng, base, words, 0.35)))
        refs.append([_join(rng, _perturb(rng, base, words, 0.35)) for _ in range(rng.randint(1, 2))])
    return hyps, refs
