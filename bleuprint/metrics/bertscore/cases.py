"""BERTScore's inputs for ``bleuprint verify`` (``generated_corpus``), the vector files
(``vector_corpora``) and the interval vectors (``interval_pool``): token embeddings as
lists of lists, in the mapping form (module doc of ``spec``) where they carry ids and
special positions. Expected values are never written here (the spec computes them).

Every coordinate is a multiple of 1/64 in [-2, 2], exact in float32 and float64, so the
oracle (float32 torch) and the definition read the same numbers.
"""

from __future__ import annotations

#: Token ids standing for the tokenizer's [CLS] and [SEP] (as BERT's vocabulary has them).
CLS, SEP = 101, 102
#: Ordinary token ids drawn from (a small vocabulary, so that references share tokens).
VOCABULARY = tuple(range(1000, 1012))


def coordinate(rng) -> float:
    return rng.randint(-128, 128) / 64


def vector(rng, dims: int) -> list[float]:
    while True:
        v = [coordinate(rng) for _ in range(dims)]
        if any(v):
            return v


def sequence(rng, dims: int, tokens: int, specials: bool = True) -> dict:
    """A sequence of ``tokens`` vectors with ids; with ``specials`` the first and last are
    [CLS] and [SEP] (positions listed in ``special``)."""
    ids = [rng.choice(VOCABULARY) for _ in range(tokens)]
    special = []
    if specials and tokens >= 3:
        ids[0], ids[-1] = CLS, SEP
        special = [0, tokens - 1]
    return {"embeddings": [vector(rng, dims) for _ in range(tokens)], "ids": ids, "special": special}


def generated_corpus(rng, lengths=(1, 3, 4, 5, 6, 7)):
    """``(hyps, refs)``: 1..6 segments of 1..3 references, dimensions 2..8, lengths drawn
    from ``lengths`` (two tokens left out by default: bert_score's two-token rule). Half the
    corpora have [CLS] and [SEP] around every sequence (then at least 3 tokens long, so
    that every reference contains them, as a tokenizer's do: bert_score's idf then gives
    them weight 0 as the definition's special positions)."""
    dims = rng.randint(2, 8)
    n = rng.randint(1, 6)
    specials = rng.random() < 0.5
    if specials:
        lengths = tuple(k for k in lengths if k >= 3)
    hyps = [sequence(rng, dims, rng.choice(lengths), specials) for _ in range(n)]
    refs = [[sequence(rng, dims, rng.choice(lengths), specials) for _ in range(rng.randint(1, 3))] for _ in range(n)]
    return hyps, refs


def vector_corpora() -> list:
    import random

    from ...vectors.corpora import Corpus

    rng = random.Random(35)
    corpora = [Corpus("bertscore: a one-token hypothesis against itself (P = R = F = 1)", ("ZeroMatches",),
                      [[[1.0, 0.0]]], [[[[1.0, 0.0]]]]),
               Corpus("bertscore: every cosine negative (P, R and F negative: no floor at 0)", ("ZeroMatches",),
                      [[[1.0, 0.5], [0.5, 1.0]]], [[[[-1.0, -0.25], [-0.5, -1.0]]]])]
    for k in range(3):
        hyps, refs = generated_corpus(rng)
        corpora.append(Corpus(f"bertscore: generated corpus {k} (ids and specials)", ("LongSentence",), hyps, refs))
    return corpora


def interval_pool() -> list[tuple]:
    """Six segments (hypothesis, a better one, a worse one, references): the better one is
    the reference itself, the worse one its negation."""
    import random

    rng = random.Random(7)
    pool = []
    for k in range(6):
        ref = [vector(rng, 3) for _ in range(k % 3 + 1)]
        hyp = [vector(rng, 3) for _ in range(k % 2 + 1)]
        pool.append((hyp, [list(v) for v in ref], [[-x for x in v] for v in ref], [ref]))
    return pool
