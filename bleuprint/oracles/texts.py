"""Seeded test text for the golden fixtures: word pools and a small corpus generator.

The pools hold the inputs where a re-implementation of sacreBLEU is most likely to go
wrong (the course module's pitfalls, and sacreBLEU 2.5.1's quirks): numbers with ``.`` ``,``
``-``; HTML entities and ``<skipped>`` (13a); non-ASCII punctuation; white space that
``str.split()`` treats as a separator (tab, U+001C, NBSP, U+2028, U+3000...) and one it
does not (U+200B); characters hit by the zh tokenizer's range bug (U+2014, U+201C,
U+20000); case pairs whose ``str.lower()`` is not one-to-one (U+0130, final sigma).

Every corpus is drawn from a ``random.Random`` passed in by the caller, so a builder that
seeds its own generator produces the same corpora on every run.
"""

from __future__ import annotations

import random
import unicodedata

import regex

POOLS = {
    "plain": ["the", "cat", "sat", "on", "mat", "a", "dog", "ran", "to", "house", ".", ",", "!", "?",
              "and", "it"],
    "case": ["The", "the", "THE", "Cat", "cat", "CAT", "\u0130stanbul", "istanbul", "\u03a3\u0391\u03a3",
             "\u03c3\u03b1\u03c2", "Stra\u00dfe", "STRASSE", "Dog", "dog", "."],
    "numbers": ["3.14", "1,000", "1,000-2,000.", "1999.", ".5", "1--2", "x-1", "1-x", "10-12", "-5",
                "2.5%", "$5.00!", "e-mail", "No.", "7", "it's", "U.S.", "e.g.", "a,b", "9,", "end."],
    "entities": ["&amp;lt;", "&quot;hi&quot;", "&gt;", "&amp;", "<skipped>", "AT&T", "&AMP;",
                 "&lt;b&gt;", "a<skipped>b", "re-\nenter", "line\nbreak", "x&amp;y", "word", "3.14"],
    "unicode_punct": ["\u201cquoted\u201d", "\u2014", "\u2013", "\u2026", "\u00abnon\u00bb", "\u00bfQu\u00e9?",
                      "\u00a1S\u00ed!", "\u3001", "\u3002", "\uff0c", "\uff01", "\u2018curly\u2019",
                      "\u201eAnf\u00fchrung\u201c", "word\u2014dash", "end\u2026", "word"],
    "emoji": ["\U0001f600", "\U0001f44d", "\u2713", "\u00a9", "\u00ae", "\u2122", "\u00b0", "\u00b1", "\u00a7",
              "\u00b6", "\u20ac5", "\u00a3", "\u00a5", "\u00bd", "\u00b2", "x\u00b2", "\u2665", "\u2192", "ok"],
    "cjk": ["\u6211\u4eec", "\u7684", "\u4e2d\u56fd\u4eba", "\u3001", "\u3002", "\uff0c", "\uff01",
            "\U00020000", "\U0002a6a5", "\u3008\u4e66\u3009", "\uff76\uff85", "\u304b\u306a",
            "\u30ab\u30bf\u30ab\u30ca", "\ud55c\uad6d\uc5b4", "\u2014", "\u201c\u5f15\u201d", "\u20ac",
            "\u2192", "\u2713", "\u2665", "ABC", "3.14", "A\u3002B", "\u2000x", "\u2a6d", "\u2a6e"],
    "german": ["Haus", "Hauses", "H\u00e4user", "gehen", "ging", "gegangen", "der", "die", "das", "und",
               "nicht", ",", ".", "\u201eja\u201c", "Stra\u00dfe", "gro\u00df", "Gro\u00dfe"],
    "chrf_punct": ["(hi)", "hello...", "'quoted'", "end.", "(start", "x", "!", "a-b", "--", "word,",
                   "\u201ccurly\u201d.", "$5", "it's", "?!", "ok"],
}

#: Separators: the ones ``str.split()`` splits on, and U+200B, which it does not.
WHITE_SPACE = [" ", "\t", "\x1c", "\xa0", "\u2028", "\u3000", "\u2009", "  ", "\x85", " \u200b"]


def sentence(rng: random.Random, pool: str, lo: int, hi: int) -> list[str]:
    """Between ``lo`` and ``hi`` tokens drawn from ``POOLS[pool]``."""
    words = POOLS[pool]
    return [rng.choice(words) for _ in range(rng.randint(lo, hi))]


def perturb(rng: random.Random, tokens: list[str], pool: str, noise: float) -> list[str]:
    """A noisy copy: each token is kept, replaced, dropped or followed by an extra token,
    and sometimes two neighbours are swapped (so that higher-order n-grams break)."""
    words = POOLS[pool]
    out = []
    for token in tokens:
        roll = rng.random()
        if roll < noise / 3:
            out.append(rng.choice(words))
        elif roll < 2 * noise / 3:
            continue
        elif roll < noise:
            out += [token, rng.choice(words)]
        else:
            out.append(token)
    if len(out) > 1 and rng.random() < noise:
        i = rng.randrange(len(out) - 1)
        out[i], out[i + 1] = out[i + 1], out[i]
    return out


def join(rng: random.Random, tokens: list[str], white_space: bool) -> str:
    """Tokens joined by single spaces, or by separators drawn from ``WHITE_SPACE``."""
    if not white_space:
        return " ".join(tokens)
    text = ""
    for i, token in enumerate(tokens):
        text += (rng.choice(WHITE_SPACE) if i else "") + token
    return text


def corpus(rng: random.Random, pool: str, sentences=(2, 5), nrefs=1, length=(1, 9), noise=0.35,
           white_space=False, edge_spaces=False) -> tuple[list[str], list[list[str]]]:
    """A random corpus: per sentence a base reference, further references and the
    hypothesis are noisy copies of it. ``sentences``, ``nrefs`` and ``length`` are an int or
    an inclusive (lo, hi) range. ``edge_spaces`` sometimes adds leading/trailing white space
    (which matters for chrF with ``whitespace=True`` and for BLEU's ``rstrip``)."""
    def draw(value):
        return rng.randint(*value) if isinstance(value, tuple) else value

    hyps, refs = [], []
    for _ in range(draw(sentences)):
        base = sentence(rng, pool, *length) if isinstance(length, tuple) else sentence(rng, pool, length, length)
        these = [base] + [perturb(rng, base, pool, noise) for _ in range(draw(nrefs) - 1)]
        rng.shuffle(these)
        hyp = perturb(rng, base, pool, noise)
        texts = [join(rng, t, white_space) for t in [hyp] + these]
        if edge_spaces:
            texts = [rng.choice(["", " ", "  ", "\t"]) + t + rng.choice(["", " ", "\t", "\n"]) for t in texts]
        hyps.append(texts[0])
        refs.append(texts[1:])
    return hyps, refs


_P = regex.compile(r"\p{P}")
_S = regex.compile(r"\p{S}")
_N = regex.compile(r"\p{N}")


def check_unicode_stable(texts) -> None:
    """Refuse text whose ``intl`` tokenization could depend on the Unicode version.

    The ``intl`` tokenizer takes the categories P, S and N from the ``regex`` module, whose
    Unicode tables follow its release, while Python's ``unicodedata`` is frozen per Python
    version (Unicode 14 in 3.11, 13 in 3.10). Every character of an ``intl`` golden must be
    classified the same way by both, so the goldens hold on machines with an older
    ``regex``. Raises ValueError naming the first disagreeing character.
    """
    for text in texts:
        for ch in text:
            major = unicodedata.category(ch)[0]
            for pattern, letter in ((_P, "P"), (_S, "S"), (_N, "N")):
                if bool(pattern.match(ch)) != (major == letter):
                    raise ValueError(
                        f"U+{ord(ch):04X} is {unicodedata.category(ch)} in unicodedata "
                        f"{unicodedata.unidata_version} but the regex module disagrees on \\p{{{letter}}}"
                    )
