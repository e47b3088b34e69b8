"""Planted faults of chrF and chrF++ (``bleuprint.metrics.chrf.spec``), contributed to the
mutants catalogue by ``faults``."""

from __future__ import annotations

import math
from collections import Counter

from ... import spec
from ...mutants.model import Mutant
from ...spec import inputs as I
from . import spec as C

CH = "bleuprint.metrics.chrf.spec:"


def keep_white_space(original):
    return lambda line, n, whitespace=False: original(line, n, True)


def strip_when_keeping_white_space(original):
    return lambda line, n, whitespace=False: original(line.strip() if whitespace else line, n, whitespace)


def beta_not_squared(original):
    def chrf_from_stats(stats, n=6, beta=2, *, word_order=0, eps_smoothing=False):
        return original(stats, n, math.sqrt(beta), word_order=word_order, eps_smoothing=eps_smoothing)
    return chrf_from_stats


def _per_order(stats, orders, factor):
    for i in range(orders):
        h, r, m = stats[3 * i:3 * i + 3]
        p = m / h if h > 0 else C.EPS
        rec = m / r if r > 0 else C.EPS
        d = factor * p + rec
        yield h, r, p, rec, ((1 + factor) * p * rec / d if d > 0 else C.EPS)


def mean_of_order_f(original):
    def chrf_from_stats(stats, n=6, beta=2, *, word_order=0, eps_smoothing=False):
        if eps_smoothing:
            return original(stats, n, beta, word_order=word_order, eps_smoothing=True)
        kept = [f for h, r, p, rec, f in _per_order(list(stats), n + word_order, beta**2) if h > 0 and r > 0]
        return 100 * sum(kept) / len(kept) if kept else 0.0
    return chrf_from_stats


def divide_by_requested_order(original):
    def chrf_from_stats(stats, n=6, beta=2, *, word_order=0, eps_smoothing=False):
        if eps_smoothing:
            return original(stats, n, beta, word_order=word_order, eps_smoothing=True)
        factor, orders = beta**2, n + word_order
        rows = [(p, rec) for h, r, p, rec, f in _per_order(list(stats), orders, factor) if h > 0 and r > 0]
        avg_p = sum(p for p, _ in rows) / orders
        avg_r = sum(r for _, r in rows) / orders
        if avg_p + avg_r == 0:
            return 0.0
        return 100 * (1 + factor) * avg_p * avg_r / (factor * avg_p + avg_r)
    return chrf_from_stats


def eps_over_effective_orders(original):
    def chrf_from_stats(stats, n=6, beta=2, *, word_order=0, eps_smoothing=False):
        if not eps_smoothing:
            return original(stats, n, beta, word_order=word_order, eps_smoothing=False)
        kept = [f for h, r, p, rec, f in _per_order(list(stats), n + word_order, beta**2) if h > 0 and r > 0]
        return 100 * sum(kept) / len(kept) if kept else 0.0
    return chrf_from_stats


def last_reference(original):
    def chrf_stats(hyp, refs, n=6, beta=2, *, word_order=0, lowercase=False, whitespace=False, eps_smoothing=False):
        refs = I.check_references(refs)
        return original(hyp, refs[-1:], n, beta, word_order=word_order, lowercase=lowercase,
                        whitespace=whitespace, eps_smoothing=eps_smoothing)
    return chrf_stats


def lowercase_ignored(original):
    def chrf_stats(hyp, refs, n=6, beta=2, *, word_order=0, lowercase=False, whitespace=False, eps_smoothing=False):
        return original(hyp, refs, n, beta, word_order=word_order, lowercase=False,
                        whitespace=whitespace, eps_smoothing=eps_smoothing)
    return chrf_stats


def top_order_missing(original):
    def all_ngram_counts(line, n, word_order, whitespace):
        counts = [C.char_ngram_counts(line, k, whitespace) for k in range(1, n)] + [Counter()]
        words = C.chrf_words(line)
        return counts + [C.word_ngram_counts(words, k) for k in range(1, word_order + 1)]
    return all_ngram_counts


def words_unsplit(original):
    return lambda line: line.split()


def hyp_count_always(original):
    def order_stats(hyp_counts, ref_counts):
        matches = sum(min(count, ref_counts[gram]) for gram, count in hyp_counts.items())
        return [sum(hyp_counts.values()), sum(ref_counts.values()), matches]
    return order_stats


MUTANTS = [
    Mutant("s11", "metrics.chrf.spec.char_ngram_counts", "chrF keeps white space in character n-grams",
           "7. chrF with white space kept", "test_chrf_ignores_white_space_and_forgives_inflection",
           {CH + "char_ngram_counts": keep_white_space},
           lambda: spec.chrf(["a b c"], [["abc"]])),
    Mutant("s12", "metrics.chrf.spec.chrf_from_stats", "beta is not squared (recall weighted by beta, not beta^2)",
           "7. beta not squared", "test_chrf_beta_weights_recall",
           {CH + "chrf_from_stats": beta_not_squared},
           lambda: spec.chrf(["cat"], [["cats"]])),
    Mutant("s13", "metrics.chrf.spec.chrf_from_stats", "the per-order F scores are averaged instead of P and R",
           "7. per-order F averaged", "test_hand_example_chrf",
           {CH + "chrf_from_stats": mean_of_order_f},
           lambda: spec.chrf(["cat"], [["cats"]])),
    Mutant("s14", "metrics.chrf.spec.chrf_stats", "chrF keeps the last reference instead of the best",
           "8. chrF keeping the last reference", "test_chrf_uses_the_best_reference",
           {CH + "chrf_stats": last_reference},
           lambda: spec.chrf(["cat"], [["cat", "dog"]])),
    Mutant("s15", "metrics.chrf.spec.all_ngram_counts", "chrF counts character orders 1 to n-1 only",
           "7. orders 1 to n-1", "test_chrf_matches_sacrebleu",
           {CH + "all_ngram_counts": top_order_missing},
           lambda: spec.chrf(["abcdefg"], [["abcdefh"]])),
    Mutant("r05", "metrics.chrf.spec.chrf_from_stats",
           "chrF divides by the requested order instead of the effective order (nltk 3.10's corpus_chrf)",
           "7. chrF averaging", "c vs c scores 100",
           {CH + "chrf_from_stats": divide_by_requested_order},
           lambda: spec.chrf(["c"], [["c"]])),
    Mutant("f08", "metrics.chrf.spec.chrf_words", "chrF++ does not split punctuation off words",
           "chrF++ word n-grams", "chrF++ words by hand",
           {CH + "chrf_words": words_unsplit},
           lambda: spec.chrf(["hello."], [["hello ."]], word_order=2), semantic=False),
    Mutant("f09", "metrics.chrf.spec.chrf_from_stats", "eps smoothing averages over the effective orders, not all orders",
           "eps smoothing", "eps smoothing by hand",
           {CH + "chrf_from_stats": eps_over_effective_orders},
           lambda: spec.chrf(["c"], [["c"]], eps_smoothing=True), semantic=False),
    Mutant("f10", "metrics.chrf.spec.char_ngram_counts", "whitespace=True strips the line ends",
           "chrF white space option", "whitespace option by hand",
           {CH + "char_ngram_counts": strip_when_keeping_white_space},
           lambda: spec.chrf([" a"], [["a"]], whitespace=True), semantic=False),
    Mutant("f14", "metrics.chrf.spec.order_stats", "hypothesis n-grams are counted for an order the reference lacks",
           "chrF zeroed hypothesis counts", "empty-reference order by hand",
           {CH + "order_stats": hyp_count_always},
           lambda: spec.chrf(["abc", "xyz"], [[""], ["xyz"]]), semantic=False),
    Mutant("f16", "metrics.chrf.spec.chrf_stats", "chrF's lowercase option is ignored",
           "chrF case option", "chrF lowercase by hand",
           {CH + "chrf_stats": lowercase_ignored},
           lambda: spec.chrf(["A b"], [["a b"]], lowercase=True), semantic=False),
]


def spec_entry_points(definition) -> tuple[str, ...]:
    return ("bleuprint.metrics.chrf.spec:chrf_stats", "bleuprint.metrics.chrf.spec:chrf", "bleuprint.metrics.chrf.spec:sentence_chrf")


def faults(definition) -> list:
    return list(MUTANTS)
