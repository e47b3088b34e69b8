"""Planted faults of ROUGE (``bleuprint.metrics.rouge.spec``), contributed to the mutants
catalogue by ``faults``: the classic mistakes of issue 17 item 5 (and the
torchmetrics and HF bugs of breadth-oracles.md section 1).

With ``use_stemmer``: "stemming every token" (f47, the 3-character rule forgotten) and one
Porter rule of nltk's written as the paper's (f48, step 1c's ``(*v*) Y -> I``).
"""

from __future__ import annotations

import re

from ...mutants.model import Mutant
from . import porter as P
from . import spec as R

RS = "bleuprint.metrics.rouge.spec:"
RP = "bleuprint.metrics.rouge.porter:"


def unicode_tokenizer(original):
    """Unicode letters and digits survive (``[^\\W_]+``), as a naive port does."""
    return lambda text, use_stemmer=False: re.findall(r"[^\W_]+", text.lower())


def best_target_once(original):
    """The best target is chosen once, by ROUGE-1's F, for every type."""
    def best_target_scores(prediction, targets, rouge_type, use_stemmer=False):
        chosen = original(prediction, targets, "rouge1", use_stemmer)
        for target in targets:
            if R.pair_scores(target, prediction, "rouge1", use_stemmer) == chosen:
                return R.pair_scores(target, prediction, rouge_type, use_stemmer)
    return best_target_scores


def lsum_is_l(original):
    """Lsum computed as L on the whole texts (torchmetrics#904)."""
    return lambda target, prediction, use_stemmer=False: R.rouge_l(R.tokenize(target, use_stemmer),
                                                                  R.tokenize(prediction, use_stemmer))


def f_with_beta(original):
    """F_beta with beta = 1.2 (coco's ROUGE_L) instead of F1."""
    def fmeasure(precision, recall):
        beta2 = 1.2 ** 2
        denominator = recall + beta2 * precision
        return (1 + beta2) * precision * recall / denominator if denominator > 0 else 0.0
    return fmeasure


def last_target_on_ties(original):
    """Ties in F go to the last target (order-dependent best: torchmetrics#2148)."""
    return lambda prediction, targets, rouge_type, use_stemmer=False: original(
        prediction, list(reversed(targets)), rouge_type, use_stemmer)


def back_trace_left_on_ties(original):
    """The Lsum back-trace moves left on ties (>= instead of >)."""
    def lcs_positions(target, prediction):
        table = R.lcs_table(target, prediction)
        i, j, positions = len(target), len(prediction), []
        while i > 0 and j > 0:
            if target[i - 1] == prediction[j - 1]:
                positions.append(i - 1)
                i, j = i - 1, j - 1
            elif table[i][j - 1] >= table[i - 1][j]:
                j -= 1
            else:
                i -= 1
        return positions[::-1]
    return lcs_positions


def stem_every_token(original):
    """Every token is stemmed, also those of 3 characters or fewer ("was" -> "wa")."""
    return lambda tokens: [P.stem(token) for token in tokens]


def step1c_paper_condition(original):
    """Step 1c with the paper's condition (*v*) Y -> I, not nltk's (enjoy -> enjoi, not
    enjoy; by, sky, spy unchanged)."""
    def step1c(word):
        if word.endswith("y") and P.contains_vowel(word[:-1]):
            return word[:-1] + "i"
        return word
    return step1c


def _witness(hyp, refs, rouge_type, use_stemmer=False):
    return lambda: R.rouge_stats(hyp, refs, rouge_type, use_stemmer)


MUTANTS = [
    Mutant("f41", "metrics.rouge.spec.tokenize", "ROUGE tokenizer keeps Unicode letters",
           "ROUGE with a Unicode tokenizer (rouge-score drops every non-ASCII letter)",
           "test_identical_non_ascii_text_scores_zero",
           {RS + "tokenize": unicode_tokenizer}, _witness("我们的中国", ["我们的中国"], "rouge1")),
    Mutant("f42", "metrics.rouge.spec.best_target_scores", "one best target (by ROUGE-1) for every type",
           "ROUGE best reference chosen once for all types", "test_best_target_is_chosen_per_type",
           {RS + "best_target_scores": best_target_once}, _witness("a b c e", ["a b c d", "a c b e"], "rouge2")),
    Mutant("f43", "metrics.rouge.spec.rouge_lsum", "ROUGE-Lsum computed as ROUGE-L",
           "ROUGE-Lsum equal to ROUGE-L", "test_lsum_unions_lcs_over_lines_and_differs_from_l",
           {RS + "rouge_lsum": lsum_is_l}, _witness("a b c\nd e f", ["d e f\na b c"], "rougeLsum")),
    Mutant("f44", "metrics.rouge.spec.fmeasure", "ROUGE F with beta 1.2 instead of F1",
           "ROUGE F with beta", "test_rouge_n_clips_and_f_is_plain_f1",
           {RS + "fmeasure": f_with_beta}, _witness("a", ["a b c d"], "rouge1")),
    Mutant("f45", "metrics.rouge.spec.best_target_scores", "ROUGE ties between targets go to the last",
           "ROUGE best target order-dependent", "test_first_target_wins_a_tie_in_f_with_different_p_and_r",
           {RS + "best_target_scores": last_target_on_ties}, _witness("a b", ["a b c d", "a"], "rouge1")),
    Mutant("f46", "metrics.rouge.spec.lcs_positions", "Lsum back-trace moves left on ties",
           "ROUGE-Lsum back-trace tie rule", "test_lsum_back_trace_tie_changes_the_score",
           {RS + "lcs_positions": back_trace_left_on_ties}, lambda: R.lcs_positions(["a", "b"], ["b", "a"])),
    Mutant("f47", "metrics.rouge.spec.stem_tokens", "ROUGE stems every token, also those of 3 characters or fewer",
           "ROUGE stemming every token", "test_tokens_of_three_characters_or_fewer_are_not_stemmed",
           {RS + "stem_tokens": stem_every_token}, _witness("was", ["wa"], "rouge1", True)),
    Mutant("f48", "metrics.rouge.porter.step1c", "Porter step 1c with the paper's (*v*) condition, not nltk's",
           "ROUGE stemmer is not nltk's Porter (NLTK_EXTENSIONS)", "test_step1c_follows_nltk_not_the_paper",
           {RP + "step1c": step1c_paper_condition}, _witness("enjoy", ["enjoi"], "rouge1", True)),
]


def spec_entry_points(definition) -> tuple[str, ...]:
    return ("bleuprint.metrics.rouge.spec:rouge_stats", "bleuprint.metrics.rouge.spec:rouge")


def faults(definition) -> list:
    return list(MUTANTS)
