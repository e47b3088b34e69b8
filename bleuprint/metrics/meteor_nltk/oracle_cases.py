"""Golden cases of nltk 3.10.4's ``meteor_score`` with WordNet 3.0, for
``bleuprint/oracles/goldens/meteor_nltk.json`` (``python -m bleuprint.oracles.generate
meteor_nltk``).

Read only by the generator, verify and the tests; never imported by the metric. nltk is
given each segment as ``str.split()`` tokens (``meteor_score([r.split() for r in refs],
hyp.split(), alpha=, beta=, gamma=)``); with ``synonyms`` its own ``nltk.corpus.wordnet``
reads the WordNet 3.0 files that ``find_wordnet()`` finds (their NLTK_DATA root is put on
``nltk.data.path``: nltk refuses corpus paths outside it), without synonyms it is given a
WordNet that knows no word (``synsets`` returns ``[]``).

A case is a corpus and options (``synonyms`` always stated): ``sentence_stats[i]`` is
``[meteor_score of segment i]`` and ``score`` their mean (``math.fsum`` over the count;
nltk has no corpus METEOR). Families: ``meteor_nltk:hand`` (stems, synonyms, repeats and
the greedy order, several references, empty sides, punctuation, case, non-ASCII, digits),
``meteor_nltk:random:<pool>`` (seeded corpora of a pool of English words chosen for stem and
WordNet links), each with and without synonyms, and ``meteor_nltk:parameters`` (the same
corpora with alpha, beta, gamma varied, the jar's 0.85 / 0.2 / 0.6 among them). Options are
named as the metric names them (``fmean_alpha`` is nltk's ``alpha``).
"""

from __future__ import annotations

import math
import random

SEED = 20261202
NLTK_VERSION = "3.10.4"

#: Words with stem and WordNet links among them (dog/hound/domestic, big/large, car/auto...).
POOLS = {
    "animals": "the a dog dogs hound hounds canine cat cats kitty puppy puppies running run runs ran barked barking "
               "at in park parks quickly fast quick".split(),
    "things": "big large huge great house houses home building buildings car cars auto automobile machine stands "
              "stand standing on hill hills mountain small little tiny".split(),
    "feelings": "happy glad felicitous sad unhappy angry mad crazy he she is was are be were feel feels feeling "
                "good well better best bad worse".split(),
    "mixed": "Dog DOG dog , . ! ? 's 3 42 3.5 x-ray e-mail naïve café über the THE The and or not n't "
             "begin began begun men man women woman geese goose".split(),
}

HAND = [
    ("the dog", ["the hound"]),
    ("a b c d e f", ["a b c d e f"]),
    ("the cat sat on the mat", ["the cat sat on the mat"]),
    ("a b a", ["a a b"]),
    ("the cat the dog", ["the dog the cat"]),
    ("dogs running", ["dog runs"]),
    ("happy", ["glad"]),
    ("big", ["large"]),
    ("the big house", ["a large home"]),
    ("", ["the dog"]),
    ("the dog", [""]),
    ("", [""]),
    ("The DOG", ["the dog"]),
    ("dog , cat .", ["dog . cat ,"]),
    ("naïve café", ["Naïve Café"]),
    ("3 dogs and 42 cats", ["42 cats and 3 dogs"]),
    ("It is a guide to action which ensures that the military always obeys the commands of the party",
     ["It is a guide to action that ensures that the military will forever heed Party commands",
      "It is the guiding principle which guarantees the military forces always being under the command of the Party",
      "It is the practical guide for the army always to heed the directions of the party"]),
    ("non matching hypothesis", ["this is a cat"]),
    ("the the the", ["the"]),
    ("the", ["the the the"]),
    ("a b c", ["c b a", "a b c d", "x"]),
    ("men geese", ["man goose"]),
    ("car automobile", ["auto car"]),
]

#: The parameter sets of ``meteor_nltk:parameters`` (nltk's names).
PARAMETERS = ({"fmean_alpha": 0.85, "beta": 0.2, "gamma": 0.6}, {"fmean_alpha": 0.0}, {"fmean_alpha": 1.0},
              {"fmean_alpha": 0.5},
              {"beta": 0.0}, {"beta": 1.0}, {"beta": 6.0}, {"gamma": 0.0}, {"gamma": 1.0}, {"gamma": 0.25})


class _NoWordNet:
    """A WordNet that knows no word (nltk's ``synsets`` is all meteor_score asks)."""

    @staticmethod
    def synsets(word):
        return []


def require_nltk():
    """nltk's ``meteor_score`` function at the pinned version; RuntimeError otherwise."""
    try:
        import nltk
        from nltk.translate.meteor_score import meteor_score
    except ImportError as exc:
        raise RuntimeError(f"nltk {NLTK_VERSION} is needed (pip install 'bleuprint[oracle]'): {exc}") from None
    if nltk.__version__ != NLTK_VERSION:
        raise RuntimeError(f"the meteor_nltk goldens need nltk {NLTK_VERSION}, found {nltk.__version__}")
    return meteor_score


def nltk_wordnet(synonyms: bool):
    """nltk's WordNet reader of the files ``find_wordnet()`` finds (their root put on
    ``nltk.data.path``), or a WordNet without words; RuntimeError when the files are
    missing (the message says how to install them)."""
    if not synonyms:
        return _NoWordNet()
    import nltk

    from .wordnet import find_wordnet

    try:
        folder = find_wordnet(None)
    except ValueError as exc:
        raise RuntimeError(str(exc)) from None
    root = str(folder.parent.parent)
    if root not in nltk.data.path:
        nltk.data.path.insert(0, root)
    from nltk.corpus import wordnet

    return wordnet


def oracle_sentence_scores(hyps, refs, fmean_alpha=0.9, beta=3.0, gamma=0.5, synonyms=True) -> list:
    """nltk's ``meteor_score`` of every segment (module doc); ``fmean_alpha`` is nltk's
    ``alpha`` (the metric's name of the option)."""
    meteor_score = require_nltk()
    wordnet = nltk_wordnet(synonyms)
    return [meteor_score([r.split() for r in group], hyp.split(), wordnet=wordnet, alpha=fmean_alpha, beta=beta,
                         gamma=gamma) for hyp, group in zip(hyps, refs)]


def _case(family, index, hyps, refs, options):
    scores = oracle_sentence_scores(hyps, refs, **options)
    return {"id": f"meteor_nltk/{family}/{index:02d}", "family": family, "metric": "meteor_nltk", "level": "corpus",
            "hyps": list(hyps), "refs": [list(g) for g in refs], "options": dict(options),
            "oracle": f"nltk {NLTK_VERSION} meteor_score" + (", WordNet 3.0" if options["synonyms"] else
                                                             ", no WordNet synonyms"),
            "sentence_stats": [[s] for s in scores], "score": math.fsum(scores) / len(scores)}


def _sentence(rng, pool, length):
    return " ".join(rng.choice(pool) for _ in range(rng.randint(*length)))


def random_corpus(rng, pool):
    """2 to 6 segments of 0..10 words from ``pool``, 1 to 3 references each; a reference is
    often the hypothesis shuffled or with words replaced (so that many words match)."""
    hyps, refs = [], []
    for _ in range(rng.randint(2, 6)):
        hyp = _sentence(rng, pool, (0, 10))
        group = []
        for _ in range(rng.randint(1, 3)):
            words = hyp.split()
            kind = rng.random()
            if kind < 0.35 and words:
                rng.shuffle(words)
                group.append(" ".join(words))
            elif kind < 0.7 and words:
                group.append(" ".join(rng.choice(pool) if rng.random() < 0.4 else w for w in words))
            else:
                group.append(_sentence(rng, pool, (0, 10)))
        hyps.append(hyp)
        refs.append(group)
    return hyps, refs


def build_cases() -> list[dict]:
    """Every golden case, in a fixed order (module doc)."""
    rng = random.Random(SEED)
    cases = []
    for synonyms in (True, False):
        for index, (hyp, group) in enumerate(HAND):
            cases.append(_case("meteor_nltk:hand" + ("" if synonyms else ":no-synonyms"), index, [hyp], [group],
                               {"synonyms": synonyms}))
    corpora = []
    for name, pool in POOLS.items():
        for index in range(25):
            hyps, refs = random_corpus(rng, pool)
            corpora.append((name, hyps, refs))
            for synonyms in (True, False):
                family = f"meteor_nltk:random:{name}" + ("" if synonyms else ":no-synonyms")
                cases.append(_case(family, index, hyps, refs, {"synonyms": synonyms}))
    for index, parameters in enumerate(PARAMETERS):
        for k in range(4):
            _, hyps, refs = corpora[(index * 7 + k * 13) % len(corpora)]
            synonyms = k % 2 == 0
            cases.append(_case("meteor_nltk:parameters", index * 4 + k, hyps, refs,
                               {**parameters, "synonyms": synonyms}))
    return cases
