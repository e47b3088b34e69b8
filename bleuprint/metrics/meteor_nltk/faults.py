"""Planted faults of nltk's METEOR (``bleuprint.metrics.meteor_nltk.spec``), the mistakes
that matter when reimplementing it, contributed to the mutants catalogue by
``faults``. Their witnesses need no WordNet (synonyms off, or a synonym table
given to ``pair_score``).

Not planted: "the synonyms compared with the stemmed reference word" is what nltk 3.10.4
does (its stem stage hands its stemmed leftovers to the synonym stage); m06 plants the
opposite, the synonym stage on the words as written.
"""

from __future__ import annotations

from ...mutants.model import Mutant, lazy_witness

MS = "bleuprint.metrics.meteor_nltk.spec"
M = MS + ":"


def left_to_right(original):
    """The exact and stem stages visit the hypothesis from the first word and take the
    lowest free reference position (nltk: from the last, the highest)."""
    def match_stage(hyp, ref):
        matches, used_hyp, used_ref = [], set(), set()
        for i in range(len(hyp)):
            for j in range(len(ref)):
                if j not in used_ref and ref[j][1] == hyp[i][1]:
                    matches.append((hyp[i][0], ref[j][0]))
                    used_hyp.add(i)
                    used_ref.add(j)
                    break
        return (matches, [e for i, e in enumerate(hyp) if i not in used_hyp],
                [e for j, e in enumerate(ref) if j not in used_ref])
    return match_stage


def jar_full_match_rule(original):
    """No penalty for a full match in one chunk (the Meteor jar's rule; nltk always
    applies it)."""
    from . import spec

    def pair_score(hyp_words, ref_words, synonyms_of, alpha=0.9, beta=3.0, gamma=0.5):
        matches = spec.align(hyp_words, ref_words, synonyms_of)
        if matches and len(matches) == len(hyp_words) == len(ref_words) and spec.count_chunks(matches) == 1:
            return 1.0
        return original(hyp_words, ref_words, synonyms_of, alpha, beta, gamma)
    return pair_score


def squared_fragmentation(original):
    """The fragmentation squared whatever beta is (beta ignored)."""
    return lambda chunks, matches, beta, gamma: gamma * (float(chunks) / matches) ** 2


def gamma_inside_the_power(original):
    """(gamma frag)^beta instead of gamma frag^beta."""
    return lambda chunks, matches, beta, gamma: (gamma * (float(chunks) / matches)) ** beta


def jar_parameters(original):
    """The Meteor 1.5 jar's parameters (alpha 0.85, beta 0.2, gamma 0.6) where nltk's
    (0.9, 3, 0.5) are asked for."""
    def pair_score(hyp_words, ref_words, synonyms_of, alpha=0.9, beta=3.0, gamma=0.5):
        if (alpha, beta, gamma) == (0.9, 3.0, 0.5):
            alpha, beta, gamma = 0.85, 0.2, 0.6
        return original(hyp_words, ref_words, synonyms_of, alpha, beta, gamma)
    return pair_score


def synonyms_of_unstemmed_words(original):
    """The synonym stage on the words as written (nltk's stem stage leaves them stemmed)."""
    from . import spec

    def stem_stage(hyp, ref):
        matches, left_hyp, left_ref = spec.match_stage([(p, spec.stem(w)) for p, w in hyp],
                                                       [(p, spec.stem(w)) for p, w in ref])
        words_hyp, words_ref = dict(hyp), dict(ref)
        return matches, [(p, words_hyp[p]) for p, _ in left_hyp], [(p, words_ref[p]) for p, _ in left_ref]
    return stem_stage


def worst_reference(original):
    """The lowest score over the references instead of the highest."""
    return min


def alpha_on_recall(original):
    """Fmean = P R / ((1 - alpha) P + alpha R): alpha weighting the wrong side."""
    return lambda precision, recall, alpha: (precision * recall) / ((1 - alpha) * precision + alpha * recall)


def _pair(hyp, ref, table=None, **parameters):
    def run(spec):
        synonyms_of = (lambda word: frozenset((table or {}).get(word, ())))
        return spec.pair_score(hyp.split(), ref.split(), synonyms_of, **parameters)
    return lazy_witness(MS, run)


def _corpus(hyps, refs):
    def run(module):
        return module.corpus_score(module.metric("meteor_nltk", synonyms=False), hyps, refs)
    return lazy_witness("bleuprint.spec", run)


MUTANTS = [
    Mutant("m01", "metrics.meteor_nltk.spec.match_stage", "nltk METEOR aligned left to right",
           "19. nltk's greedy order: from the last hypothesis word, the highest free position",
           "test_greedy_order_from_the_end", {M + "match_stage": left_to_right}, _pair("a b", "a b a")),
    Mutant("m02", "metrics.meteor_nltk.spec.pair_score", "nltk METEOR without a penalty for a one-chunk full match",
           "19. nltk always applies the fragmentation penalty (the jar does not for a full match)",
           "test_identical_six_words", {M + "pair_score": jar_full_match_rule}, _pair("a b c d e f", "a b c d e f")),
    Mutant("m03", "metrics.meteor_nltk.spec.penalty", "nltk METEOR penalty with the fragmentation squared",
           "19. nltk's penalty is gamma (chunks / matches)^beta, beta 3",
           "test_dog_hound", {M + "penalty": squared_fragmentation}, _pair("the dog", "the hound", {"dog": {"hound"}})),
    Mutant("m04", "metrics.meteor_nltk.spec.penalty", "nltk METEOR penalty (gamma frag)^beta",
           "19. nltk's penalty is gamma (chunks / matches)^beta",
           "test_greedy_order_from_the_end", {M + "penalty": gamma_inside_the_power}, _pair("a b", "a b a")),
    Mutant("m05", "metrics.meteor_nltk.spec.pair_score", "nltk METEOR with the jar's parameters 0.85 / 0.2 / 0.6",
           "19. nltk's alpha 0.9, beta 3, gamma 0.5", "test_partial_match_by_hand",
           {M + "pair_score": jar_parameters}, _pair("a b c", "a b x y")),
    Mutant("m06", "metrics.meteor_nltk.spec.stem_stage", "nltk METEOR synonyms looked up for the unstemmed words",
           "19. nltk's synonym stage sees the stem stage's stemmed leftovers", "test_synonyms_of_the_stem",
           {M + "stem_stage": synonyms_of_unstemmed_words}, _pair("happy", "glad", {"happy": {"glad"}})),
    Mutant("m07", "metrics.meteor_nltk.spec.best_score", "nltk METEOR's worst reference instead of the best",
           "19. nltk's meteor_score: the maximum over the references", "test_best_reference",
           {M + "best_score": worst_reference}, _corpus(["a b c"], [["a b c", "x"]])),
    Mutant("m08", "metrics.meteor_nltk.spec.fmean", "nltk METEOR Fmean with alpha on the recall",
           "19. Fmean = P R / (alpha P + (1 - alpha) R)", "test_partial_match_by_hand",
           {M + "fmean": alpha_on_recall}, _pair("a b c", "a b x y")),
]


def spec_entry_points(definition) -> tuple[str, ...]:
    return ("bleuprint.metrics.meteor_nltk.spec:meteor_nltk_stats",
            "bleuprint.metrics.meteor_nltk.spec:meteor_nltk")


def faults(definition) -> list:
    return list(MUTANTS)
