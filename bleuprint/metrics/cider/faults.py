"""Planted faults of CIDEr-D (``bleuprint.metrics.cider.spec``), issue 18 item 5's classic
mistakes, contributed to the mutants catalogue by ``faults``.

Not planted: "the length penalty on token counts instead of bigram counts" is an
equivalent mutant. The two differences of lengths are equal whenever both captions have
a word ((n - 1) - (m - 1) = n - m), and when one has none its n-gram vectors are empty,
so every clipped dot product with it is 0 and the penalty multiplies 0. c03 and c04 plant
the two length mistakes that do change numbers: the length counted over the n-grams of
every order (the code without its ``if n == 1``), and over distinct bigrams.
"""

from __future__ import annotations

import math
from collections import Counter

from ...mutants.model import Mutant

CS = "bleuprint.metrics.cider.spec:"


def df_from_hypotheses(original):
    """df counted over the hypotheses instead of the references."""
    from . import spec

    return lambda hyps, refs: (len(refs), spec.document_frequency([[h] for h in hyps]))


def tf_normalised(original):
    """Term frequencies divided by the caption's number of k-grams of their order
    (tylin/coco-caption#66's reading of the paper), not raw counts."""
    def ngram_counts(caption, n=4):
        counts = original(caption, n)
        size = len(caption.split())
        return Counter({gram: count / (size - len(gram) + 1) for gram, count in counts.items()})
    return ngram_counts


def length_all_orders(original):
    """The penalty's length counts the n-grams of every order, not only bigrams."""
    from . import spec

    def tfidf(caption, context):
        weights, norms, _ = original(caption, context)
        return weights, norms, sum(spec.ngram_counts(caption).values())
    return tfidf


def length_distinct_bigrams(original):
    """The penalty's length counts distinct bigrams (types), not bigram tokens."""
    def tfidf(caption, context):
        weights, norms, _ = original(caption, context)
        return weights, norms, len(weights[1])
    return tfidf


def no_clipping(original):
    """Plain CIDEr's cosine: w_h * w_r, without CIDEr-D's min(w_h, w_r) clipping."""
    from . import spec

    def similarity(hyp, ref):
        (w_hyp, norm_hyp, len_hyp), (w_ref, norm_ref, len_ref) = hyp, ref
        values = []
        for n in range(spec.N_ORDERS):
            value = 0.0
            for gram, weight in w_hyp[n].items():
                value += weight * w_ref[n].get(gram, 0.0)
            if norm_hyp[n] != 0 and norm_ref[n] != 0:
                value /= norm_hyp[n] * norm_ref[n]
            values.append(value * spec.length_penalty(len_hyp, len_ref))
        return values
    return similarity


def orders_present_only(original):
    """The mean over the orders the hypothesis has n-grams of (a perfect 3-word caption
    would score 10, not 7.5)."""
    from . import spec

    def cider_segment(hyp, refs, context):
        vector = spec.tfidf(hyp, context)
        totals = [0.0] * spec.N_ORDERS
        for ref in refs:
            for n, value in enumerate(spec.similarity(vector, spec.tfidf(ref, context))):
                totals[n] += value
        present = [n for n in range(spec.N_ORDERS) if vector[0][n]] or [0]
        return sum(totals[n] for n in present) / len(present) / len(refs) * 10.0
    return cider_segment


def no_reference_mean(original):
    """The similarities summed over the references, not averaged."""
    return lambda hyp, refs, context: original(hyp, refs, context) * len(refs)


def idf_log_plus_one(original):
    """A smoothed idf, log((N + 1) / (df + 1)), instead of log N - log max(1, df)."""
    return lambda gram, context: math.log((context[0] + 1.0) / (context[1][gram] + 1.0))


def _witness(hyps, refs):
    def run():
        from bleuprint.spec import corpus_score

        return corpus_score("cider", hyps, refs)
    return run


#: A small corpus where every fault changes the number: three images.
H = ["a a dog runs", "a cat sat", "two birds"]
R = [["a dog runs fast", "the dog"], ["a cat sat"], ["birds fly", "two birds sing here now ok"]]

MUTANTS = [
    Mutant("c01", "metrics.cider.spec.corpus_context", "CIDEr-D df from the hypotheses",
           "18. CIDEr-D document frequencies counted over the hypotheses", "test_df_comes_from_the_references",
           {CS + "corpus_context": df_from_hypotheses},
           _witness(["a dog", "a dog", "a dog", "a cat"], [["a dog runs"], ["a cat"], ["a bird"], ["a cat sits"]])),
    Mutant("c02", "metrics.cider.spec.ngram_counts", "CIDEr-D term frequencies divided by the caption length",
           "18. CIDEr-D tf normalised by length (raw counts are used)", "test_raw_counts_not_normalised",
           {CS + "ngram_counts": tf_normalised}, _witness(H, R)),
    Mutant("c03", "metrics.cider.spec.tfidf", "CIDEr-D length penalty on the n-grams of every order",
           "18. CIDEr-D length is the bigram count", "test_length_penalty_counts_bigrams",
           {CS + "tfidf": length_all_orders}, _witness(H, R)),
    Mutant("c04", "metrics.cider.spec.tfidf", "CIDEr-D length penalty on distinct bigrams",
           "18. CIDEr-D length counts bigram tokens", "test_length_penalty_counts_bigram_tokens",
           {CS + "tfidf": length_distinct_bigrams},
           _witness(["a b a b a b", "c d"], [["a b", "a b a b a b a b a b a b a b"], ["c d"]])),
    Mutant("c05", "metrics.cider.spec.similarity", "CIDEr-D without clipping (plain CIDEr)",
           "18. CIDEr-D clipping min(w_h, w_r)", "test_clipping_of_repeated_words",
           {CS + "similarity": no_clipping}, _witness(H, R)),
    Mutant("c06", "metrics.cider.spec.cider_segment", "CIDEr-D mean over the orders present only",
           "18. CIDEr-D perfect 3-word caption scores 7.5", "test_perfect_three_word_caption_scores_7_5",
           {CS + "cider_segment": orders_present_only}, _witness(H, R)),
    Mutant("c07", "metrics.cider.spec.cider_segment", "CIDEr-D summed over references, not averaged",
           "18. CIDEr-D mean over references", "test_mean_over_references",
           {CS + "cider_segment": no_reference_mean}, _witness(H, R)),
    Mutant("c08", "metrics.cider.spec.idf", "CIDEr-D with a smoothed idf log((N+1)/(df+1))",
           "18. CIDEr-D idf is log N - log max(1, df)", "test_idf_is_log_n_minus_log_df",
           {CS + "idf": idf_log_plus_one}, _witness(H, R)),
]


def spec_entry_points(definition) -> tuple[str, ...]:
    return ("bleuprint.metrics.cider.spec:cider_segment", "bleuprint.metrics.cider.spec:cider")


def faults(definition) -> list:
    return list(MUTANTS)
