"""Planted faults of distinct-n (``bleuprint.metrics.distinct.spec``): issue 18's classic
mistakes. Ids d01-d04."""

from __future__ import annotations

from functools import partial

from ...mutants.model import Mutant, lazy_witness

DS = "bleuprint.metrics.distinct.spec:"


def per_sentence_mean(original):
    """The corpus variant computed as the mean of the outputs' own ratios."""
    from . import spec as S

    return lambda outputs, n=2: S.sentence_mean_distinct(outputs, n)


def union_as_sum_of_sentence_sets(original):
    """The registered corpus score counts the items of each output's set (the sum of the
    outputs' distinct counts), not those of the union: an item column counts the outputs
    it occurs in (a row marks presence, and score sums the marks)."""
    def union_score(combined):
        total, counts = combined[0], combined[1:]
        return min(1.0, sum(counts) / total) if total else 0.0
    return union_score


def tokens_as_denominator(original):
    """Dividing by the number of tokens instead of the number of n-grams (T, not T - n + 1)."""
    from . import spec as S

    def corpus_distinct(outputs, n=2):
        outputs = S.check_hypotheses(outputs)
        union = {g for o in outputs for g in S.ngrams(o, S.check_n(n))}
        return S.ratio(len(union), sum(len(S.tokens(o)) for o in outputs))
    return corpus_distinct


def space_split(original):
    """Tokens split on a single space only (``split(" ")``): tabs and other white space
    join words, and repeated spaces make empty tokens."""
    return lambda output: output.split(" ")


def empty_skipped_in_mean(original):
    """The sentence mean leaves outputs without an n-gram out of its denominator."""
    from . import spec as S
    import math

    def sentence_mean_distinct(outputs, n=2):
        outputs = S.check_hypotheses(outputs)
        kept = [o for o in outputs if S.ngrams(o, S.check_n(n))]
        return math.fsum(S.sentence_distinct(o, n) for o in kept) / len(kept) if kept else 0.0
    return sentence_mean_distinct


_witness = partial(lazy_witness, "bleuprint.metrics.distinct.spec")
#: A witness through the public ``bleuprint.spec`` (the registered metric).
_public = partial(lazy_witness, "bleuprint.spec")


MUTANTS = {
    "distinct_n": [
        Mutant("d01", "metrics.distinct.spec.corpus_distinct", "distinct-n corpus variant as a per-sentence mean",
               "18. distinct-n as a per-sentence mean", "test_corpus_variant_is_the_union",
               {DS + "corpus_distinct": per_sentence_mean},
               _witness(lambda spec: spec.distinct_n(["a b a", "a b a"], 2))),
        Mutant("d02", "metrics.distinct.spec.union_score",
               "distinct-n's registered corpus score sums the outputs' sets instead of their union",
               "18. distinct-n shards merged by adding counts, not by union", "test_union_rows_and_score",
               {DS + "union_score": union_as_sum_of_sentence_sets},
               _public(lambda spec: spec.corpus_score("distinct_n", ["a b", "a b"], None))),
        Mutant("d03", "metrics.distinct.spec.corpus_distinct", "distinct-n divided by tokens, not n-grams",
               "18. distinct-n with the token count as denominator", "test_denominator_is_ngrams",
               {DS + "corpus_distinct": tokens_as_denominator},
               _witness(lambda spec: spec.distinct_n(["a b c"], 2))),
        Mutant("d04", "metrics.distinct.spec.tokens", "distinct-n tokens split on a single space",
               "18. distinct-n splitting on a space only", "test_white_space_tokens",
               {DS + "tokens": space_split},
               _witness(lambda spec: spec.distinct_n(["a\tb a b"], 1))),
    ],
    "distinct_n_mean": [
        Mutant("d05", "metrics.distinct.spec.sentence_mean_distinct",
               "distinct-n sentence mean skips outputs shorter than n",
               "18. distinct-n mean dropping empty outputs", "test_sentence_mean_counts_short_outputs",
               {DS + "sentence_mean_distinct": empty_skipped_in_mean},
               _witness(lambda spec: spec.distinct_n(["a b", ""], 2, "sentence-mean"))),
    ],
}


def mutants_of(name: str) -> list:
    return list(MUTANTS.get(name, []))


def faults(definition) -> list:
    return mutants_of(definition.name)


def spec_entry_points(definition) -> tuple[str, ...]:
    from . import DistinctNMean

    if isinstance(definition, DistinctNMean):
        return ("bleuprint.metrics.distinct.spec:mean_row", "bleuprint.metrics.distinct.spec:sentence_distinct")
    return ("bleuprint.metrics.distinct.spec:union_row", "bleuprint.metrics.distinct.spec:union_score",
            "bleuprint.metrics.distinct.spec:distinct_n")
