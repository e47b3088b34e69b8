"""Planted faults of the lesson's metrics (``bleuprint.metrics.lesson.spec``): the classic
mistakes of issue 17 item 5 for the lesson (its BLEU with unigrams unsmoothed, as nltk's
method2 and sacreBLEU's add-k smooth) and the others its own tests name. Each fault is contributed once, by the
first metric of the family it reaches (``mutants_of``)."""

from __future__ import annotations

import math
import re
from collections import Counter

from ...mutants.model import Mutant

LS = "bleuprint.metrics.lesson.spec:"


def unigrams_unsmoothed(original):
    """Add-one on orders 2..4 only (nltk method2, sacreBLEU add-k): p_1 = m_1 / t_1, and 0
    when no unigram matches."""
    from . import spec as S

    def bleu_from_counts(matches, totals, c, r):
        if c == 0 or r == 0 or matches[0] == 0:
            return 0.0
        precisions = [matches[0] / totals[0]] + [S.smoothed_precision(m, t) for m, t in zip(matches[1:], totals[1:])]
        return S.brevity_penalty(c, r) * math.exp(math.fsum(math.log(p) / S.MAX_ORDER for p in precisions))
    return bleu_from_counts


def unclipped(original):
    """Candidate n-grams counted whenever they occur in a target, not clipped."""
    from . import spec as S

    def modified_precision_counts(candidate, references, n):
        counts = S.ngram_counts(candidate, n)
        reference_counts = [S.ngram_counts(r, n) for r in references]
        matches = sum(count for gram, count in counts.items() if any(rc[gram] for rc in reference_counts))
        return matches, sum(counts.values())
    return modified_precision_counts


def f1_on_sets(original):
    """Token F1 on token sets (repeated tokens counted once)."""
    from . import spec as S

    def f1_score(prediction, target):
        p, t = S.tokenize(prediction), S.tokenize(target)
        if not p or not t:
            return 1.0 if p == t else 0.0
        overlap = len(set(p) & set(t))
        if overlap == 0:
            return 0.0
        precision, recall = overlap / len(set(p)), overlap / len(set(t))
        return 2 * precision * recall / (precision + recall)
    return f1_score


def ascii_tokenizer(original):
    """rouge-score's tokenizer in place of the lesson's: only [a-z0-9] runs survive."""
    return lambda text: re.findall(r"[a-z0-9]+", text.lower())


def normalised_exact_match(original):
    """Exact match on the lesson's tokens (case and punctuation ignored)."""
    from . import spec as S

    def exact_match(prediction, targets):
        if not targets:
            return 0.0
        return 1.0 if any(S.tokenize(prediction) == S.tokenize(t) for t in targets) else 0.0
    return exact_match


def lcs_is_overlap(original):
    """ROUGE-L with the unigram multiset overlap in place of the LCS (order ignored)."""
    return lambda a, b: sum((Counter(a) & Counter(b)).values())


def longest_target_length(original):
    """The pooled BLEU's r is the longest target, not the closest."""
    return lambda c, lengths: max(lengths)


def _witness(call):
    def run():
        from . import spec as S

        return call(S)
    return run


#: (mutant, the family's metrics it reaches).
FAULTS = [
    (Mutant("l01", "metrics.lesson.spec.bleu_from_counts", "the lesson's BLEU with unigrams unsmoothed "
            "(add-one on orders 2..4 only, as nltk method2 and sacreBLEU add-k)",
            "17. the lesson's add-one smoothing on every order", "test_add_one_on_every_order_hand_example",
            {LS + "bleu_from_counts": unigrams_unsmoothed},
            _witness(lambda S: S.bleu4("a b c d", "a b c e"))),
     ("lesson_bleu4", "lesson_corpus_bleu")),
    (Mutant("l02", "metrics.lesson.spec.modified_precision_counts", "the lesson's BLEU without clipping",
            "17. the lesson's repeated-phrase clipping", "test_bleu4_repeated_phrase_is_clipped",
            {LS + "modified_precision_counts": unclipped},
            _witness(lambda S: S.bleu4("the the the the", "the cat"))),
     ("lesson_bleu4", "lesson_corpus_bleu")),
    (Mutant("l03", "metrics.lesson.spec.f1_score", "the lesson's token F1 on sets, not multisets",
            "17. the lesson's multiset overlap", "test_f1_repeated_tokens_are_a_multiset",
            {LS + "f1_score": f1_on_sets},
            _witness(lambda S: S.f1_score("the the cat", "the cat"))),
     ("lesson_f1",)),
    (Mutant("l04", "metrics.lesson.spec.tokenize", "the lesson's tokenizer ASCII-only ([a-z0-9]+, rouge-score's)",
            "17. the lesson's Unicode \\w+ tokenizer", "test_tokenizer_is_unicode_word_runs",
            {LS + "tokenize": ascii_tokenizer},
            _witness(lambda S: S.f1_score("café au", "caf au"))),
     ("lesson_f1", "lesson_bleu4", "lesson_rouge_l", "lesson_corpus_bleu")),
    (Mutant("l05", "metrics.lesson.spec.exact_match", "the lesson's exact match ignores case and punctuation",
            "17. the lesson's strict exact match", "test_exact_match_hand_examples",
            {LS + "exact_match": normalised_exact_match},
            _witness(lambda S: S.exact_match("Paris.", ["Paris"]))),
     ("lesson_exact_match", "lesson_accuracy")),
    (Mutant("l06", "metrics.lesson.spec.lcs_length", "the lesson's ROUGE-L with unigram overlap for the LCS",
            "17. the lesson's LCS keeps word order", "test_rouge_l_hand_examples",
            {LS + "lcs_length": lcs_is_overlap},
            _witness(lambda S: S.rouge_l("b a", "a b"))),
     ("lesson_rouge_l",)),
    (Mutant("l07", "metrics.lesson.spec.closest_length", "the lesson's pooled BLEU with the longest target's length",
            "17. the pooled BLEU's closest target length", "test_corpus_bleu_hand_example",
            {LS + "closest_length": longest_target_length},
            _witness(lambda S: S.corpus_bleu(["a b c d"], [["a b c e e", "a b c d"]]))),
     ("lesson_corpus_bleu",)),
]


def mutants_of(metric_name: str) -> list:
    """The faults contributed by ``metric_name``: each fault once, by the first metric it
    reaches (the catalogue refuses a repeated id; the vectors run every mutant on every
    metric's vectors anyway)."""
    return [mutant for mutant, reached in FAULTS if reached[0] == metric_name]


def faults(definition) -> list:
    return mutants_of(definition.name)


def spec_entry_points(definition) -> tuple[str, ...]:
    from . import SPEC, LessonCorpusBleu

    if isinstance(definition, LessonCorpusBleu):
        return (SPEC + "corpus_bleu_row", SPEC + "corpus_bleu_from_sums")
    return tuple(SPEC + name for name in definition.entry_points)
