"""Planted faults of the tokenizers, chrF/chrF++, exact match and the signatures."""

from __future__ import annotations

import math
from collections import Counter

import importlib

from .. import spec
from ..spec import inputs as I
from ..spec import tokenizers as T

# `bleuprint.spec.chrf` the package attribute is the chrf *function*; take the module.
C = importlib.import_module("bleuprint.spec.chrf")
from .model import Mutant

TOK = "bleuprint.spec.tokenizers:"
CH = "bleuprint.spec.chrf:"
EM = "bleuprint.spec.exact_match:"
SIG = "bleuprint.spec.signature:"


# --- tokenizers -------------------------------------------------------------------------

def split_every_period(original):
    return lambda line: T.collapse_white_space(original(line).replace(".", " . ").replace(",", " , "))


def entities_kept(original):
    return lambda line: original(line.replace("&", "\x00")).replace("\x00", "&")


def no_padding(original):
    def tokenize_13a(line):
        line = line.replace("<skipped>", "").replace("-\n", "").replace("\n", " ")
        if "&" in line:
            line = line.replace("&quot;", '"').replace("&amp;", "&").replace("&lt;", "<").replace("&gt;", ">")
        return T.apply_mteval_rules(line)
    return tokenize_13a


def intl_without_symbols(original):
    def tokenize_intl(line):
        for pattern, replacement in T.intl_rules()[:2]:
            line = pattern.sub(replacement, line)
        return T.collapse_white_space(line)
    return tokenize_intl


def intended_zh_ranges(original):
    fixed = [r for r in T.ZH_RANGES if len(r[0]) == 1] + [("\U00020000", "\U0002a6d6"), ("\U0002f800", "\U0002fa1d")]
    return lambda ch: any(start <= ch <= end for start, end in fixed)


def spaces_as_characters(original):
    return lambda line: " ".join("_" if ch == " " else ch for ch in line)


# --- chrF ---------------------------------------------------------------------------------

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


# --- exact match --------------------------------------------------------------------------

def case_folded(original):
    return lambda hyp, refs: original(hyp.lower(), [r.lower() for r in refs])


def not_stripped(original):
    return lambda hyp, refs: any(hyp == ref for ref in refs)


# --- signatures ---------------------------------------------------------------------------

def chrf_eff_flipped(original):
    def chrf_signature_fields(**options):
        return [(k, {"yes": "no", "no": "yes"}[v] if k == "eff" else v) for k, v in original(**options)]
    return chrf_signature_fields


def smoothing_without_value(original):
    return lambda smooth_method, smooth_value=None: smooth_method


#: Faults of the tokenizers (``bleuprint.spec.tokenizers``), shared by the metrics that tokenize:
#: the catalogue lists them itself.
TOKENIZER_MUTANTS = [
    Mutant("s09", "spec.tokenizers.tokenize_13a", "13a splits every period and comma, so 3.14 becomes 3 . 14",
           "6. a different tokenizer", "test_tokenize_13a_matches_sacrebleu",
           {TOK + "tokenize_13a": split_every_period},
           lambda: spec.tokenize_13a("pi is 3.14 and 1,000")),
    Mutant("f01", "spec.tokenizers.tokenize_intl", "intl does not split symbols (\\p{S})",
           "intl tokenizer", "intl tokenizer goldens",
           {TOK + "tokenize_intl": intl_without_symbols},
           lambda: spec.tokenize_intl("a+b costs $5"), semantic=False),
    Mutant("f02", "spec.tokenizers.is_chinese_char", "zh uses the intended ranges, not sacreBLEU's malformed ones",
           "zh tokenizer (sacreBLEU #298)", "zh range bug by hand",
           {TOK + "is_chinese_char": intended_zh_ranges},
           lambda: spec.tokenize_zh("a\u2014b"), semantic=False),
    Mutant("f03", "spec.tokenizers.tokenize_char", "char turns spaces into tokens",
           "char tokenizer", "char tokenizer by hand",
           {TOK + "tokenize_char": spaces_as_characters},
           lambda: spec.tokenize_char("a b").split(), semantic=False),
    Mutant("f11", "spec.tokenizers.tokenize_13a", "13a does not unescape HTML entities",
           "13a entities", "13a entities by hand",
           {TOK + "tokenize_13a": entities_kept},
           lambda: spec.tokenize_13a("a &quot;b&quot; &amp; c"), semantic=False),
    Mutant("f12", "spec.tokenizers.tokenize_13a", "13a does not pad the line, so a final period after a digit stays",
           "13a padding", "13a final period",
           {TOK + "tokenize_13a": no_padding},
           lambda: spec.tokenize_13a("in 1999."), semantic=False),
]

#: chrF's own faults, contributed by ``bleuprint.metrics.chrf.CHRF.faults``.
CHRF_MUTANTS = [
    Mutant("s11", "spec.chrf.char_ngram_counts", "chrF keeps white space in character n-grams",
           "7. chrF with white space kept", "test_chrf_ignores_white_space_and_forgives_inflection",
           {CH + "char_ngram_counts": keep_white_space},
           lambda: spec.chrf(["a b c"], [["abc"]])),
    Mutant("s12", "spec.chrf.chrf_from_stats", "beta is not squared (recall weighted by beta, not beta^2)",
           "7. beta not squared", "test_chrf_beta_weights_recall",
           {CH + "chrf_from_stats": beta_not_squared},
           lambda: spec.chrf(["cat"], [["cats"]])),
    Mutant("s13", "spec.chrf.chrf_from_stats", "the per-order F scores are averaged instead of P and R",
           "7. per-order F averaged", "test_hand_example_chrf",
           {CH + "chrf_from_stats": mean_of_order_f},
           lambda: spec.chrf(["cat"], [["cats"]])),
    Mutant("s14", "spec.chrf.chrf_stats", "chrF keeps the last reference instead of the best",
           "8. chrF keeping the last reference", "test_chrf_uses_the_best_reference",
           {CH + "chrf_stats": last_reference},
           lambda: spec.chrf(["cat"], [["cat", "dog"]])),
    Mutant("s15", "spec.chrf.all_ngram_counts", "chrF counts character orders 1 to n-1 only",
           "7. orders 1 to n-1", "test_chrf_matches_sacrebleu",
           {CH + "all_ngram_counts": top_order_missing},
           lambda: spec.chrf(["abcdefg"], [["abcdefh"]])),
    Mutant("r05", "spec.chrf.chrf_from_stats",
           "chrF divides by the requested order instead of the effective order (nltk 3.10's corpus_chrf)",
           "7. chrF averaging", "c vs c scores 100",
           {CH + "chrf_from_stats": divide_by_requested_order},
           lambda: spec.chrf(["c"], [["c"]])),
    Mutant("f08", "spec.chrf.chrf_words", "chrF++ does not split punctuation off words",
           "chrF++ word n-grams", "chrF++ words by hand",
           {CH + "chrf_words": words_unsplit},
           lambda: spec.chrf(["hello."], [["hello ."]], word_order=2), semantic=False),
    Mutant("f09", "spec.chrf.chrf_from_stats", "eps smoothing averages over the effective orders, not all orders",
           "eps smoothing", "eps smoothing by hand",
           {CH + "chrf_from_stats": eps_over_effective_orders},
           lambda: spec.chrf(["c"], [["c"]], eps_smoothing=True), semantic=False),
    Mutant("f10", "spec.chrf.char_ngram_counts", "whitespace=True strips the line ends",
           "chrF white space option", "whitespace option by hand",
           {CH + "char_ngram_counts": strip_when_keeping_white_space},
           lambda: spec.chrf([" a"], [["a"]], whitespace=True), semantic=False),
    Mutant("f14", "spec.chrf.order_stats", "hypothesis n-grams are counted for an order the reference lacks",
           "chrF zeroed hypothesis counts", "empty-reference order by hand",
           {CH + "order_stats": hyp_count_always},
           lambda: spec.chrf(["abc", "xyz"], [[""], ["xyz"]]), semantic=False),
    Mutant("f16", "spec.chrf.chrf_stats", "chrF's lowercase option is ignored",
           "chrF case option", "chrF lowercase by hand",
           {CH + "chrf_stats": lowercase_ignored},
           lambda: spec.chrf(["A b"], [["a b"]], lowercase=True), semantic=False),
]

#: Exact match's own faults, contributed by ``bleuprint.metrics.exact_match.ExactMatch.faults``.
EXACT_MATCH_MUTANTS = [
    Mutant("s16", "spec.exact_match.is_exact_match", "exact match ignores case",
           "9. exact match that ignores case", "test_exact_match_is_strict_inside",
           {EM + "is_exact_match": case_folded},
           lambda: spec.exact_match(["Paris"], ["paris"])),
    Mutant("s17", "spec.exact_match.is_exact_match", "exact match does not strip white space at the ends",
           "9. exact match that does not strip", "test_hand_example_exact_match",
           {EM + "is_exact_match": not_stripped},
           lambda: spec.exact_match(["Paris\n"], ["Paris"])),
]

#: Faults of the signatures (``bleuprint.spec.signature``): the catalogue lists them itself.
SIGNATURE_MUTANTS = [
    Mutant("f20", "spec.signature.chrf_signature_fields", "chrF's eff key means eps smoothing (flipped)",
           "signatures", "signature goldens",
           {SIG + "chrf_signature_fields": chrf_eff_flipped},
           lambda: spec.signature("chrf"), semantic=False),
    Mutant("f21", "spec.signature.smoothing_label", "the smoothing value is left out of the signature",
           "signatures", "signature goldens",
           {SIG + "smoothing_label": smoothing_without_value},
           lambda: spec.signature("bleu", smooth_method="floor"), semantic=False),
]
