"""Planted faults of BERTScore (``bleuprint.metrics.bertscore.spec``): the quirks and
differences of issue 35 made into the definition, each a way a re-implementation (or a
library) gets BERTScore wrong. Ids bs01-bs07; the spec's tests kill each
(``tests/spec/test_bertscore_hand.py``, ``tests/spec/test_bertscore_oracle.py``)."""

from __future__ import annotations

from functools import partial

from ...mutants.model import Mutant, lazy_witness

BS = "bleuprint.metrics.bertscore.spec:"


def padding_floor(original):
    """bert_score 0.3.13 batched: ``sim * mask`` before the max makes every padded slot a
    cosine of 0, so a token whose best cosine is negative takes 0."""
    from . import spec as S

    def pair_prf(hyp, ref, table=None, what="segment"):
        cos = S.cosine_matrix(hyp, ref)
        wh = S.weights(hyp, table, f"{what} (hypothesis)")
        wr = S.weights(ref, table, f"{what} (reference)")
        p = S.seq_sum(w * max(0.0, max(row)) for w, row in zip(wh, cos))
        r = S.seq_sum(w * max(0.0, max(row[j] for row in cos)) for j, w in enumerate(wr))
        return p, r, S.f1(p, r)
    return pair_prf


def two_token_rule(original):
    """bert_score's empty test ``mask.sum(dim=1).eq(2)``: any two-token hypothesis is
    taken for [CLS] [SEP]; P and R set to 0, F left as computed."""
    def pair_prf(hyp, ref, table=None, what="segment"):
        p, r, f = original(hyp, ref, table, what)
        return (0.0, 0.0, f) if len(hyp.vectors) == 2 else (p, r, f)
    return pair_prf


def f_of_the_maxima(original):
    """Several references: F recomputed as 2PR/(P+R) of the maxima of P and R, not the
    maximum of the references' F (bert_score's ``max(dim=0)`` on each column)."""
    from . import spec as S

    def segment_prf(hyp, refs, table=None, multi_ref="max", what="segment"):
        p, r, f = original(hyp, refs, table, multi_ref, what)
        return (p, r, S.f1(p, r)) if S.check_multi_ref(multi_ref) == "max" else (p, r, f)
    return segment_prf


def idf_counts_segments(original):
    """IDF's M counts segments, not references (bert_score flattens every reference)."""
    def idf_table(refs):
        m, table = original(refs)
        return len(refs), table
    return idf_table


def special_tokens_weighed(original):
    """Special positions ([CLS], [SEP]) weigh like any token."""
    from . import spec as S

    def weights(segment, table, what):
        plain = S.Segment(segment.vectors, segment.ids, frozenset())
        return original(plain, table, what)
    return weights


def special_tokens_unmatched(original):
    """Special positions cannot be matched (torchmetrics' positional zeroing): a
    hypothesis token's best cosine ignores the reference's special vectors."""
    def cosine_matrix(hyp, ref):
        cos = original(hyp, ref)
        return [[-2.0 if j in ref.special else c for j, c in enumerate(row)] for row in cos]
    return cosine_matrix


def dot_not_cosine(original):
    """Greedy matching on raw dot products (the L2 normalisation forgotten)."""
    from . import spec as S

    def cosine_matrix(hyp, ref):
        return [[S.seq_sum(a * b for a, b in zip(h, r)) for r in ref.vectors] for h in hyp.vectors]
    return cosine_matrix


_witness = partial(lazy_witness, "bleuprint.metrics.bertscore.spec")

H, A, B = [[1.0, 0.0], [0.0, 1.0]], [[2.0, 0.0]], [[0.0, 3.0], [1.0, 1.0]]

MUTANTS = [
    Mutant("bs01", "metrics.bertscore.spec.pair_prf", "best cosines floored at 0 (bert_score's batch padding)",
           "35. BERTScore depending on the other pairs of its batch", "test_negative_cosines_are_not_floored",
           {BS + "pair_prf": padding_floor}, _witness(lambda s: s.bertscore_segments([[[1.0, 0.0]]], [[[[-1.0, 0.0]]]]))),
    Mutant("bs02", "metrics.bertscore.spec.pair_prf", "a two-token hypothesis scored as empty: P = R = 0, F kept",
           "35. BERTScore's two-token rule", "test_two_token_rule_is_a_named_difference",
           {BS + "pair_prf": two_token_rule}, _witness(lambda s: s.bertscore_segments([H], [[A]]))),
    Mutant("bs03", "metrics.bertscore.spec.segment_prf", "several references: F of the maxima of P and R",
           "35. BERTScore's multi-reference rule", "test_two_reference_rules_by_hand",
           {BS + "segment_prf": f_of_the_maxima}, _witness(lambda s: s.bertscore_segments([H], [[A, B]]))),
    Mutant("bs04", "metrics.bertscore.spec.idf_table", "IDF's M counts segments instead of references",
           "35. BERTScore's IDF over every reference", "test_definition_equals_bert_score_one_pair_at_a_time",
           {BS + "idf_table": idf_counts_segments},
           _witness(lambda s: s.bertscore_segments(
               [{"embeddings": H, "ids": [8, 5]}],
               [[{"embeddings": [[1.0, 1.0], [0.0, 1.0]], "ids": [5, 6]},
                 {"embeddings": [[1.0, 0.0]], "ids": [7]}]], idf=True))),
    Mutant("bs05", "metrics.bertscore.spec.weights", "special tokens weighed like the others",
           "35. BERTScore's special tokens", "test_special_positions_weigh_nothing_but_are_matched",
           {BS + "weights": special_tokens_weighed},
           _witness(lambda s: s.bertscore_segments([{"embeddings": H, "special": [0]}], [[B]]))),
    Mutant("bs06", "metrics.bertscore.spec.cosine_matrix", "special tokens cannot be matched (torchmetrics)",
           "35. BERTScore's special tokens", "test_special_positions_weigh_nothing_but_are_matched",
           {BS + "cosine_matrix": special_tokens_unmatched},
           _witness(lambda s: s.bertscore_segments([H], [[{"embeddings": B, "special": [0]}]]))),
    Mutant("bs07", "metrics.bertscore.spec.cosine_matrix", "raw dot products instead of cosines",
           "35. BERTScore without normalisation", "test_greedy_matching_by_hand",
           {BS + "cosine_matrix": dot_not_cosine}, _witness(lambda s: s.bertscore_segments([H], [[A]]))),
]


# -- the mutants tool's hooks (``bleuprint.mutants.hooks``)

def spec_entry_points(definition) -> tuple[str, ...]:
    return ("bleuprint.metrics.bertscore.spec:segment_row", "bleuprint.metrics.bertscore.spec:means_from_row",
            "bleuprint.metrics.bertscore.spec:bertscore")


def faults(definition) -> list:
    return list(MUTANTS)
