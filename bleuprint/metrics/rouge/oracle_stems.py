"""Golden Porter stems: words stemmed by nltk 3.10.4's ``PorterStemmer()`` (its default
NLTK_EXTENSIONS mode, the stemmer rouge-score 0.1.2 builds for ``use_stemmer=True``), for
``bleuprint/oracles/goldens/rouge_stems.json`` (``extra_goldens``; built by
``python -m bleuprint.oracles.generate rouge_stems``).

Read only by the generator and the tests; never imported by the metric. Each case is one
family of words with nltk's stem of each (``words``, ``stems``, same order):

* ``stems:irregular`` — nltk's irregular-forms pool and the example words of Porter's
  paper (1980), step by step;
* ``stems:suffixes:NN`` — seeded words made of a short random prefix (letters, some y's
  and digits) and one to three of the suffixes Porter's rules name, so that every rule and
  its condition is reached with stems of measure 0, 1 and 2 and more;
* ``stems:random:NN`` — seeded ``[a-z]{1,10}`` words (short words, runs of y);
* ``stems:rouge-corpora`` — every distinct token of the ROUGE golden corpora's word pools.
"""

from __future__ import annotations

import random

from .oracle_cases import NLTK_VERSION, POOLS, STEM_POOLS

SEED = 20261202

#: nltk's irregular forms, then Porter's examples for each step (the paper's words).
IRREGULAR_AND_PAPER = [
    "sky", "skies", "dying", "lying", "tying", "news", "innings", "inning", "outings", "outing", "cannings",
    "canning", "howe", "proceed", "exceed", "succeed",
    "caresses", "ponies", "ties", "caress", "cats", "feed", "agreed", "plastered", "bled", "motoring", "sing",
    "conflated", "troubled", "sized", "hopping", "tanned", "falling", "hissing", "fizzed", "failing", "filing",
    "happy", "sky", "relational", "conditional", "rational", "valenci", "hesitanci", "digitizer", "conformabli",
    "radicalli", "differentli", "vileli", "analogousli", "vietnamization", "predication", "operator",
    "feudalism", "decisiveness", "hopefulness", "callousness", "formaliti", "sensitiviti", "sensibiliti",
    "triplicate", "formative", "formalize", "electriciti", "electrical", "hopeful", "goodness", "revival",
    "allowance", "inference", "airliner", "gyroscopic", "adjustable", "defensible", "irritant", "replacement",
    "adjustment", "dependent", "adoption", "homologou", "communism", "activate", "angulariti", "homologous",
    "effective", "bowdlerize", "probate", "rate", "cease", "controll", "roll", "generalizations", "oscillators",
    "tree", "trouble", "oats", "trees", "ivy", "troubles", "private", "oaten", "orrery", "toy", "syzygy",
    "dies", "died", "spied", "flies", "enjoy", "spy", "fly", "try", "geology", "fully", "by", "a", "yyyy",
]

SUFFIXES = [
    "sses", "ies", "ss", "s", "eed", "ed", "ing", "ied", "at", "bl", "iz", "y", "ational", "tional", "enci",
    "anci", "izer", "bli", "abli", "alli", "entli", "eli", "ousli", "ization", "ation", "ator", "alism",
    "iveness", "fulness", "ousness", "aliti", "iviti", "biliti", "fulli", "logi", "icate", "ative", "alize",
    "iciti", "ical", "ful", "ness", "al", "ance", "ence", "er", "ic", "able", "ible", "ant", "ement", "ment",
    "ent", "ion", "sion", "tion", "ou", "ism", "ate", "iti", "ous", "ive", "ize", "e", "ll", "l", "ly",
]
PREFIX_LETTERS = "bcdfghlmnprstvwxzaeiouyy0"


def require_porter():
    """nltk's PorterStemmer (default mode) at the pinned version; RuntimeError otherwise."""
    try:
        import nltk
        from nltk.stem.porter import PorterStemmer
    except ImportError as exc:
        raise RuntimeError(f"nltk {NLTK_VERSION} is needed (pip install 'bleuprint[oracle]'): {exc}") from None
    if nltk.__version__ != NLTK_VERSION:
        raise RuntimeError(f"the stem goldens need nltk {NLTK_VERSION}, found {nltk.__version__}")
    return PorterStemmer()


def suffix_words(rng: random.Random, count: int) -> list[str]:
    """``count`` seeded words: a prefix of 0-6 characters, then 1-3 rule suffixes."""
    words = []
    for _ in range(count):
        prefix = "".join(rng.choice(PREFIX_LETTERS) for _ in range(rng.randint(0, 6)))
        words.append(prefix + "".join(rng.choice(SUFFIXES) for _ in range(rng.randint(1, 3))))
    return words


def pool_tokens() -> list[str]:
    """The distinct ``[a-z0-9]+`` tokens of the ROUGE goldens' word pools, sorted."""
    import re

    found = set()
    for pool in list(POOLS.values()) + list(STEM_POOLS.values()):
        for word in pool:
            found.update(re.findall(r"[a-z0-9]+", word.lower()))
    return sorted(found)


def build_cases() -> list[dict]:
    """Every stem case, in a fixed order (seeded)."""
    stemmer = require_porter()
    rng = random.Random(SEED)
    families = [("stems:irregular", list(dict.fromkeys(IRREGULAR_AND_PAPER)))]
    families += [(f"stems:suffixes:{k:02d}", suffix_words(rng, 400)) for k in range(5)]
    families += [(f"stems:random:{k:02d}", ["".join(rng.choice("abcdeilnorstuy") for _ in range(rng.randint(1, 10)))
                                            for _ in range(300)]) for k in range(2)]
    families.append(("stems:rouge-corpora", pool_tokens()))
    return [{"id": f"rouge_stems/{family}", "family": family, "words": words,
             "stems": [stemmer.stem(word) for word in words],
             "oracle": f"nltk {NLTK_VERSION} PorterStemmer() (NLTK_EXTENSIONS)"}
            for family, words in families]
