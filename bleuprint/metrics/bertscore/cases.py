"""BERTScore's generated inputs, for ``bleuprint verify`` (``generated_corpus``), the
vector files and the interval vectors (``vectors.py``): token embeddings as lists of lists,
in the mapping form (module doc of ``spec``) where they carry ids and special positions.
Expected values are never written here (the spec computes them).

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
