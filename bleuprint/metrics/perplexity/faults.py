"""Planted faults of perplexity and cross-entropy (``bleuprint.metrics.perplexity.spec``):
issue 18's classic mistakes. Ids p01-p05."""

from __future__ import annotations

import math
from functools import partial

from ...mutants.model import Mutant, lazy_witness

PS = "bleuprint.metrics.perplexity.spec:"


def mean_of_sentence_perplexities(original):
    """Pooled perplexity computed as the mean of the sentences' perplexities."""
    from . import spec as S

    def perplexity(logprobs, variant="pooled"):
        sentences = S.check_sentences(logprobs)
        return math.fsum(S.sentence_perplexity(s) for s in sentences) / len(sentences)
    return perplexity


def mean_of_sentence_rows(original):
    """The registered pooled rows weigh sentences equally: each sentence's row holds its
    own mean NLL with count 1 (the mean of per-sentence cross-entropies)."""
    from . import spec as S

    def sentence_row(sentence, metric, variant):
        if S.check_variant(variant) == "pooled":
            return S.limbs(S.units(S.sentence_cross_entropy(sentence))) + [1]
        return original(sentence, metric, variant)
    return sentence_row


def bits_multiplied(original):
    """Nats to bits multiplied by ln 2 instead of divided."""
    from . import spec as S

    return lambda ce_nats, base: ce_nats if S.check_base(base) == "e" else ce_nats * S.LN2


def exp2_of_nats(original):
    """Perplexity as 2 ** CE with CE in nats (the bases mixed up)."""
    def exp_checked(ce):
        try:
            return 2.0 ** ce
        except OverflowError:
            raise ValueError("overflow") from None
    return exp_checked


def positive_accepted(original):
    """Log-probabilities above 0 (probabilities above 1) accepted."""
    def check_logprobs(sentence, what):
        values = [float(x) for x in sentence]
        if not values:
            raise ValueError(f"{what} is empty")
        if any(math.isnan(x) or math.isinf(x) for x in values):
            raise ValueError(f"{what}: not finite")
        return values
    return check_logprobs


_witness = partial(lazy_witness, "bleuprint.metrics.perplexity.spec")
#: A witness through the public ``bleuprint.spec`` (the registered metric).
_public = partial(lazy_witness, "bleuprint.spec")


MUTANTS = {
    "perplexity": [
        Mutant("p01", "metrics.perplexity.spec.perplexity", "pooled perplexity as the mean of sentence perplexities",
               "18. perplexity as the mean of sentence perplexities", "test_pooled_is_not_the_sentence_mean",
               {PS + "perplexity": mean_of_sentence_perplexities},
               _witness(lambda spec: spec.perplexity([[-0.5], [-1.0, -1.0, -1.0]]))),
        Mutant("p02", "metrics.perplexity.spec.sentence_row",
               "registered pooled rows average the sentences' mean NLL (sentences weighed equally)",
               "18. perplexity pooled by sentence, not by token", "test_registered_rows_pool_tokens",
               {PS + "sentence_row": mean_of_sentence_rows},
               _public(lambda spec: spec.corpus_score("perplexity", [[-0.5], [-1.0, -1.0, -1.0]], None))),
        Mutant("p03", "metrics.perplexity.spec.exp_checked", "perplexity as 2 ** (cross-entropy in nats)",
               "18. perplexity with the log base mixed up", "test_perplexity_is_e_to_the_nats",
               {PS + "exp_checked": exp2_of_nats},
               _witness(lambda spec: spec.perplexity([[-1.0]]))),
    ],
    "cross_entropy": [
        Mutant("p04", "metrics.perplexity.spec.to_base", "bits as nats times ln 2 instead of divided by it",
               "18. cross-entropy in bits with the base mixed up", "test_bits_are_nats_over_ln2",
               {PS + "to_base": bits_multiplied},
               _witness(lambda spec: spec.cross_entropy([[-1.0]], base="2"))),
        Mutant("p05", "metrics.perplexity.spec.check_logprobs", "log-probabilities above 0 accepted",
               "18. perplexity accepting probabilities above 1", "test_positive_logprob_refused",
               {PS + "check_logprobs": positive_accepted},
               _witness(lambda spec: spec.cross_entropy([[0.5, -1.0]]))),
    ],
}


def mutants_of(name: str) -> list:
    return list(MUTANTS.get(name, []))


def faults(definition) -> list:
    return mutants_of(definition.name)


def spec_entry_points(definition) -> tuple[str, ...]:
    return ("bleuprint.metrics.perplexity.spec:sentence_row", "bleuprint.metrics.perplexity.spec:score_from_row",
            "bleuprint.metrics.perplexity.spec:" + definition.name)
