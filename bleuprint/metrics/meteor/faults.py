"""Planted faults of Meteor 1.5 (``bleuprint.metrics.meteor.spec`` and its ``align`` and
``score`` modules), issue 19 item 3's mistakes that matter, contributed to the mutants
catalogue by ``faults``. Ids ``mt01``... Each witness scores a sentence or a
small corpus through the spec's public functions.
"""

from __future__ import annotations

from ...mutants.model import Mutant, lazy_witness
from . import SPEC as ENTRY

M = "bleuprint.metrics.meteor."
SPEC = M + "spec"


def penalty_on_one_chunk(original):
    """The fragmentation penalty applied even to a full one-chunk match (no segment is
    exempt, in the segment score and in EVAL's sum alike)."""
    return lambda stats: False


def function_words_as_content(original):
    """Function words weighted as content words (delta applied to every word)."""
    class NoFunctionWords:
        def __init__(self, resources):
            self.stem, self.synonyms, self.paraphrases = resources.stem, resources.synonyms, resources.paraphrases
            self.function_words = frozenset()

    return lambda w1, w2, resources, *args, **kwargs: original(w1, w2, NoFunctionWords(resources), *args, **kwargs)


def mean_of_segments(original):
    """The corpus score as the mean of the segment scores, not the score of summed stats."""
    def corpus(rows):
        from . import score

        rows = [list(r) for r in rows]
        return sum(score.compute_metrics(r) for r in rows) / len(rows)
    return corpus


def beta_gamma_swapped(original):
    """beta and gamma swapped (penalty 0.2 frag^0.6)."""
    from .score import BETA, GAMMA

    return lambda stats, *args, **kwargs: original(stats, *args, **{**kwargs, "beta": GAMMA, "gamma": BETA})


def beta_three(original):
    """The 2005 parameters' beta = 3 instead of Meteor 1.5's 0.2."""
    return lambda stats, *args, **kwargs: original(stats, *args, **{**kwargs, "beta": 3.0})


def greedy_beam(original):
    """A beam of 1 (greedy alignment) instead of 40."""
    return lambda s, start, weights=None, beam=None: original(s, start, *(() if weights is None else (weights,)), 1)


def stem_weight_exact(original):
    """Stem matches weighted as exact ones (1.0 instead of 0.6)."""
    from .score import WEIGHTS

    return lambda stats, *args, **kwargs: original(stats, *args, **{**kwargs, "weights": (1.0, 1.0) + WEIGHTS[2:]})


def no_paraphrases(original):
    """The paraphrase stage switched off."""
    return lambda *args, **kwargs: None


def first_reference(original):
    """The first reference's statistics instead of the best-scoring reference's."""
    def best(hyp_words, refs_words, resources):
        from . import spec

        return 0, spec.pair_stats(hyp_words, refs_words[0], resources)
    return best


def chunks_on_reference_side(original):
    """Chunks counted as runs of matched reference words only (contiguity on the
    hypothesis side ignored)."""
    def count(matches):
        m1 = sum(m.match_length for m in matches if m is not None)
        m2 = sum(m.length for m in matches if m is not None)
        chunks, inside = 0, False
        for m in matches:
            if m is not None and not inside:
                chunks += 1
            inside = m is not None
        return m1, m2, chunks
    return count


def last_best_reference(original):
    """Ties between references go to the last one (>= instead of >)."""
    def best(hyp_words, refs_words, resources):
        from . import score, spec

        found, top, index = None, -1.0, -1
        for k, ref_words in enumerate(refs_words):
            row = spec.pair_stats(hyp_words, ref_words, resources)
            value = score.compute_metrics(row)
            if value >= top:
                found, top, index = row, value, k
        return index, found
    return best


def _sentence(hyp, refs):
    return lazy_witness(SPEC, lambda s: s.meteor_segment_stats(hyp, refs) + [s.meteor_sentence(hyp, refs)])


def _corpus(hyps, refs):
    return lazy_witness(SPEC, lambda s: s.meteor(hyps, refs))


P19 = "19. Meteor 1.5 "
MUTANTS = [
    Mutant("mt01", "metrics.meteor.score.is_perfect", "Meteor penalty applied to a full one-chunk match",
           P19 + "an identical sentence scores 1 (no fragmentation penalty)", "test_identical_sentence_scores_one",
           {M + "score:is_perfect": penalty_on_one_chunk},
           _sentence("the cat sat on the mat", ["the cat sat on the mat"])),
    Mutant("mt02", "metrics.meteor.align.align", "Meteor function words weighted as content words",
           P19 + "function words weigh 1 - delta", "test_function_words_weigh_one_minus_delta",
           {M + "align:align": function_words_as_content}, _sentence("of the dog", ["the dog of"])),
    Mutant("mt03", "metrics.meteor.spec.meteor_corpus_from_rows", "Meteor corpus as the mean of segment scores",
           P19 + "the corpus score comes from summed statistics", "test_corpus_from_summed_statistics",
           {M + "spec:meteor_corpus_from_rows": mean_of_segments},
           _corpus(["the cat sat on the mat", "the mat sat on a cat today", "a dog"],
                   [["the cat sat on the mat"], ["the cat sat on the mat"], ["a dog"]])),
    Mutant("mt04", "metrics.meteor.score.compute_metrics", "Meteor beta and gamma swapped",
           P19 + "beta 0.2, gamma 0.6", "test_two_chunk_case_by_hand",
           {M + "score:compute_metrics": beta_gamma_swapped},
           _sentence("on the mat the cat sat", ["the cat sat on the mat"])),
    Mutant("mt05", "metrics.meteor.score.compute_metrics", "Meteor with beta 3 (the 2005 parameters)",
           P19 + "beta 0.2", "test_two_chunk_case_by_hand",
           {M + "score:compute_metrics": beta_three}, _sentence("on the mat the cat sat", ["the cat sat on the mat"])),
    Mutant("mt06", "metrics.meteor.align.resolve", "Meteor greedy alignment (beam 1)",
           P19 + "the beam search keeps 40 partial alignments", "test_spec_equals_the_jar_on_the_goldens",
           {M + "align:resolve": greedy_beam}, _sentence("a b a", ["a a b"])),
    Mutant("mt07", "metrics.meteor.score.compute_metrics", "Meteor stem matches weighted 1.0 (as exact)",
           P19 + "stage weights 1.0 0.6 0.8 0.6", "test_stem_weight",
           {M + "score:compute_metrics": stem_weight_exact}, _sentence("the cats", ["the cat"])),
    Mutant("mt08", "metrics.meteor.align.paraphrase_match", "Meteor without the paraphrase stage",
           P19 + "four stages: exact, stem, synonym, paraphrase", "test_spec_equals_the_jar_on_the_goldens",
           {M + "align:paraphrase_match": no_paraphrases},
           _sentence("we have to act", ["we must act"])),
    Mutant("mt09", "metrics.meteor.spec.best_reference", "Meteor takes the first reference, not the best",
           P19 + "the best-scoring reference", "test_best_reference_and_ties",
           {M + "spec:best_reference": first_reference}, _sentence("a b c", ["a b", "a b c"])),
    Mutant("mt10", "metrics.meteor.align.count_and_chunks", "Meteor chunks counted on the reference side only",
           P19 + "a chunk is contiguous on both sides", "test_spec_equals_the_jar_on_the_goldens",
           {M + "align:count_and_chunks": chunks_on_reference_side}, _sentence("b a", ["a b"])),
    Mutant("mt11", "metrics.meteor.spec.best_reference", "Meteor reference ties go to the last reference",
           P19 + "ties between references keep the first", "test_best_reference_and_ties",
           {M + "spec:best_reference": last_best_reference}, _sentence("x", ["a", "b c"])),
]


def spec_entry_points(definition) -> tuple[str, ...]:
    return (ENTRY + "meteor_segment_stats", ENTRY + "meteor_score_from_stats", ENTRY + "meteor")


def faults(definition) -> list:
    return list(MUTANTS)
