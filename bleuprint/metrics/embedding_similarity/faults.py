"""Planted faults of embedding similarity (``bleuprint.metrics.embedding_similarity.spec``):
the zero-vector rules of its two oracles and float32 accumulation (issue 35 item 5). Ids
es01-es03; killed by ``tests/spec/test_embedding_similarity_oracle.py``."""

from __future__ import annotations

from functools import partial

from ...mutants.model import Mutant, lazy_witness

ES = "bleuprint.metrics.embedding_similarity.spec:"


def zero_is_zero(original):
    """scikit-learn's rule: the cosine of a zero vector is 0.0 (it normalises a zero row
    to zero) instead of refused."""
    def cosine(u, v, what="row"):
        if not any(u) or not any(v):
            return 0.0
        return original(u, v, what)
    return cosine


def zero_is_nan(original):
    """scipy's rule: the cosine of a zero vector is NaN (0/0)."""
    def cosine(u, v, what="row"):
        if not any(u) or not any(v):
            return float("nan")
        return original(u, v, what)
    return cosine


def float32_sums(original):
    """The sums accumulated in float32 (numpy's default for float32 inputs), not float64."""
    import numpy as np

    def seq_sum(values):
        total = np.float32(0.0)
        for value in values:
            total = np.float32(total + np.float32(value))
        return float(total)
    return seq_sum


_witness = partial(lazy_witness, "bleuprint.metrics.embedding_similarity.spec")

MUTANTS = [
    Mutant("es01", "metrics.embedding_similarity.spec.cosine", "a zero vector's cosine is 0.0 (scikit-learn)",
           "35. embedding similarity's zero-vector rule", "test_zero_vector_rule",
           {ES + "cosine": zero_is_zero},
           _witness(lambda s: s.embedding_similarity([[0.0, 0.0]], [[1.0, 2.0]]))),
    Mutant("es02", "metrics.embedding_similarity.spec.cosine", "a zero vector's cosine is NaN (scipy)",
           "35. embedding similarity's zero-vector rule", "test_zero_vector_rule",
           {ES + "cosine": zero_is_nan},
           _witness(lambda s: s.embedding_similarity([[0.0, 0.0]], [[1.0, 2.0]]))),
    Mutant("es03", "metrics.embedding_similarity.spec.seq_sum", "sums accumulated in float32",
           "35. embedding similarity's float64 accumulation", "test_float32_inputs_are_accumulated_in_float64",
           {ES + "seq_sum": float32_sums},
           _witness(lambda s: s.embedding_similarity([[0.1, 0.2, 0.3]], [[0.3, 0.2, 0.1]], metric="manhattan"))),
]


# -- the mutants tool's hooks (``bleuprint.mutants.hooks``)

def spec_entry_points(definition) -> tuple[str, ...]:
    return ("bleuprint.metrics.embedding_similarity.spec:segment_row",
            "bleuprint.metrics.embedding_similarity.spec:embedding_similarity")


def faults(definition) -> list:
    return list(MUTANTS)
