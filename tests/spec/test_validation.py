"""Bad input is refused (issue 2, part 7; course module section 4, ``test_validation``):
TypeError for the wrong kind of value, ValueError for the right kind with the wrong
content, and a message that names the problem (checked with ``match=`` on a key word).
A silent 0 or a silently truncated corpus would hide a broken pipeline.

The deliberate differences from sacreBLEU are listed in ``docs/differences.md`` (the
documentation site's "Deliberate differences from the oracles"); the first is documented here by
``test_mismatched_lengths_are_refused_where_sacrebleu_truncates``.
"""

from __future__ import annotations

import math

import pytest

from bleuprint import spec
from bleuprint.metrics.bleu import spec as B
from bleuprint.metrics.chrf import spec as C
from bleuprint.core.value import metric as configured

H, R = ["a b c d"], [["a b c d"]]

# (id, call, exception, a regular expression the message must contain)
CASES = [
    # A bare string where a list of references belongs: each character would become a
    # reference. Also a bare string for the whole refs or hyps argument.
    ("bare-str-refs-i-bleu", lambda: spec.corpus_bleu(H, ["a b c d"]), TypeError, r"refs\[0\].*bare str"),
    ("bare-str-refs-i-chrf", lambda: spec.chrf(H, ["a b c d"]), TypeError, r"refs\[0\].*bare str"),
    ("bare-str-refs-i-stats", lambda: spec.sentence_stats("bleu", H, ["a b c d"]), TypeError, r"bare str"),
    ("bare-str-sentence-refs", lambda: spec.sentence_bleu("a b", "a b"), TypeError, r"bare str"),
    ("bare-str-refs", lambda: spec.corpus_bleu(H, "a b c d"), TypeError, r"refs must be a sequence"),
    ("bare-str-hyps", lambda: spec.corpus_bleu("a b c d", R), TypeError, r"hyps .*bare str"),
    ("bare-str-em-refs", lambda: spec.exact_match(["a"], "a"), TypeError, r"refs must be a sequence"),
    # Mismatched lengths (sacreBLEU truncates; see the test below).
    ("mismatch-bleu", lambda: spec.corpus_bleu(["a", "b"], [["a"]]), ValueError, r"mismatched lengths"),
    ("mismatch-chrf", lambda: spec.chrf(["a"], [["a"], ["b"]]), ValueError, r"mismatched lengths"),
    ("mismatch-em", lambda: spec.exact_match(["a"], ["a", "b"]), ValueError, r"mismatched lengths"),
    ("mismatch-stats", lambda: spec.sentence_stats("chrf", ["a", "b"], [["a"]]), ValueError, r"mismatched lengths"),
    # A hypothesis or line that is not a string, refused by the function given it, by name
    # (the generated mutants that drop these checks leave a later, vaguer error).
    ("non-str-hyp-bleu-stats", lambda: spec.bleu_stats(1, ["a"]), TypeError, r"^hyp must be a str"),
    ("non-str-hyp-chrf-stats", lambda: spec.chrf_stats(1, ["a"]), TypeError, r"^hyp must be a str"),
    ("non-str-hyp-sentence-chrf", lambda: spec.sentence_chrf(1, ["a"]), TypeError, r"^hyp must be a str"),
    ("non-str-line-none", lambda: spec.tokenize_none(1), TypeError, r"^line must be a str"),
    ("non-str-line-intl", lambda: spec.tokenize_intl(1), TypeError, r"^line must be a str"),
    ("non-str-line-zh", lambda: spec.tokenize_zh(1), TypeError, r"^line must be a str"),
    ("non-str-line-char", lambda: spec.tokenize_char(1), TypeError, r"^line must be a str"),
    # chrF's orders, each named: a negative word order (not only a zero sum of orders), and
    # n before word_order.
    ("negative-word-order", lambda: spec.chrf(["a"], [["a"]], word_order=-1), ValueError, r"^word_order must be >= 0"),
    ("negative-n-stats", lambda: spec.chrf_stats("a", ["a"], n=-1), ValueError, r"^n must be >= 0"),
    ("generator-em-refs", lambda: spec.exact_match(["a"], (r for r in [["a"]])), TypeError,
     r"^refs must be a sequence"),
    ("nan-beta-from-stats", lambda: C.chrf_from_stats([1, 1, 1], n=1, beta=float("nan")), ValueError,
     r"^beta must be a finite number"),
    ("negative-n-from-stats", lambda: C.chrf_from_stats([0, 0, 0], n=-1), ValueError, r"^n must be >= 0"),
    # One sentence's references are named refs (not refs[0] of a one-sentence corpus).
    ("bare-str-sentence-bleu-refs", lambda: spec.sentence_bleu("a", "a"), TypeError, r"^refs must be a list"),
    ("bare-str-sentence-chrf-refs", lambda: spec.sentence_chrf("a", "a"), TypeError, r"^refs must be a list"),
    # BLEU's statistics: not a sequence, an odd length, an order below 1.
    ("stats-not-a-sequence", lambda: B.bleu_from_stats(5), TypeError, r"^stats must be a sequence of numbers"),
    ("stats-odd-length", lambda: B.bleu_from_stats([1, 1, 1, 1, 1]), ValueError, r"2 \+ 2N numbers"),
    ("stats-order-mismatch", lambda: B.bleu_from_stats([1, 1, 1, 1], max_ngram_order=2), ValueError,
     r"^stats of length 4 are for order 1, not max_ngram_order=2$"),
    ("stats-order-zero", lambda: B.bleu_from_stats([1, 1, 1, 1], max_ngram_order=0), ValueError,
     r"^max_ngram_order must be >= 1"),
    # chrF's parts check their statistics too: 2 matches among 1 hypothesis n-gram.
    ("chrf-parts-matches-above-hyp", lambda: C.chrf_parts([1, 5, 2], n=1), ValueError, r"must not exceed"),
    # An empty corpus.
    ("empty-bleu", lambda: spec.corpus_bleu([], []), ValueError, r"empty corpus"),
    ("empty-chrf", lambda: spec.chrf([], []), ValueError, r"empty corpus"),
    ("empty-em", lambda: spec.exact_match([], []), ValueError, r"empty corpus"),
    ("empty-stats", lambda: spec.sentence_stats("exact_match", [], []), ValueError, r"empty corpus"),
    # A non-string hypothesis or reference, named by its position.
    ("hyp-int-bleu", lambda: spec.corpus_bleu([1], R), TypeError, r"hyps\[0\] must be a str"),
    ("hyp-none-em", lambda: spec.exact_match([None], ["a"]), TypeError, r"hyps\[0\] must be a str"),
    ("hyp-list-sentence", lambda: spec.sentence_bleu(["a"], ["a"]), TypeError, r"hyp must be a str"),
    ("ref-none-bleu", lambda: spec.corpus_bleu(H, [[None]]), TypeError, r"refs\[0\]\[0\] must be a str"),
    ("ref-int-chrf", lambda: spec.chrf(["a", "b"], [["a"], ["b", 3]]), TypeError, r"refs\[1\]\[1\] must be a str"),
    ("ref-bytes-stats", lambda: spec.chrf_stats("a", [b"a"]), TypeError, r"refs\[0\] must be a str"),
    # exact_match takes refs[i] as a str, but a list of non-strings is refused.
    ("em-list-of-int", lambda: spec.exact_match(["a"], [[1]]), TypeError, r"refs\[0\]\[0\] must be a str"),
    # An empty list of references for one hypothesis.
    ("no-refs-bleu", lambda: spec.corpus_bleu(H, [[]]), ValueError, r"refs\[0\] is empty"),
    ("no-refs-chrf", lambda: spec.chrf(["a", "b"], [["a"], []]), ValueError, r"refs\[1\] is empty"),
    ("no-refs-em", lambda: spec.exact_match(["a"], [[]]), ValueError, r"refs\[0\] is empty"),
    # Unknown names.
    ("unknown-metric", lambda: spec.sentence_stats("no_such_metric", H, R), ValueError, r"unknown metric .no_such_metric."),
    ("unknown-metric-score", lambda: spec.score_from_stats("no_such_metric", [1.0], 1), ValueError, r"unknown metric 'no_such_metric'"),
    ("unknown-tokenizer", lambda: spec.corpus_bleu(H, R, tokenize="moses"), ValueError, r"unknown tokenizer 'moses'"),
    ("unknown-tokenizer-fn", lambda: spec.tokenize("a", "moses"), ValueError, r"unknown tokenizer 'moses'"),
    ("unknown-smoothing", lambda: spec.corpus_bleu(H, R, smooth_method="add-one"), ValueError,
     r"unknown smooth_method 'add-one'"),
    ("unknown-smoothing-stats", lambda: spec.bleu_from_stats([1, 1, 1, 1], smooth_method="add-one"), ValueError,
     r"unknown smooth_method"),
    ("unknown-option", lambda: spec.sentence_stats(configured("bleu", smoothing="exp"), H, R), TypeError,
     r"unknown option.*smoothing"),
    # Bad max_ngram_order / n: 0 is out of range, True is not an int.
    ("order-0", lambda: spec.corpus_bleu(H, R, max_ngram_order=0), ValueError, r"max_ngram_order must be >= 1"),
    ("order-true", lambda: spec.corpus_bleu(H, R, max_ngram_order=True), TypeError, r"max_ngram_order must be an int"),
    ("order-0-stats", lambda: spec.bleu_stats("a", ["a"], max_ngram_order=0), ValueError, r"max_ngram_order"),
    # chrF: n = 0 is the word-only chrF, but then some word order is needed (sacreBLEU
    # divides by zero, or raises IndexError, or scores 0.0: see test_spec_vs_sacrebleu.py).
    ("chrf-n-0", lambda: spec.chrf(H, R, n=0), ValueError, r"n \(the character order.*\) and word_order are both 0"),
    ("chrf-n-0-eps", lambda: spec.chrf(H, R, n=0, eps_smoothing=True), ValueError, r"n .* and word_order are both 0"),
    ("chrf-n-0-stats", lambda: spec.chrf_stats("a", ["a"], n=0), ValueError, r"n .* and word_order are both 0"),
    ("chrf-n-0-from-stats", lambda: spec.chrf_from_stats([], n=0), ValueError, r"n .* and word_order are both 0"),
    ("chrf-n-0-signature", lambda: spec.signature(configured("chrf", n=0)), ValueError,
     r"n .* and word_order are both 0"),
    ("chrf-n-0-sentence-stats", lambda: spec.sentence_stats(configured("chrf", n=0, word_order=0), H, R), ValueError,
     r"n .* and word_order are both 0"),
    ("chrf-n-negative", lambda: spec.chrf(H, R, n=-1, word_order=2), ValueError, r"n must be >= 0"),
    ("chrf-n-float", lambda: spec.chrf(H, R, n=0.0, word_order=2), TypeError, r"n must be an int"),
    # Statistics of the wrong length; a bad sentence count.
    ("bleu-stats-length", lambda: spec.bleu_from_stats([1, 2, 3]), ValueError, r"2 \+ 2N"),
    ("chrf-stats-length", lambda: spec.chrf_from_stats([1, 2, 3]), ValueError, r"18 numbers"),
    ("n-sentences-0", lambda: spec.score_from_stats("exact_match", [1.0], 0), ValueError, r"n_sentences"),
    # A tokenizer is given a non-string.
    ("tokenize-int", lambda: spec.tokenize_13a(3), TypeError, r"line must be a str"),
]


@pytest.mark.parametrize("call, error, message", [c[1:] for c in CASES], ids=[c[0] for c in CASES])
def test_validation(call, error, message):
    """Each bad input raises the stated exception, with a message naming the problem."""
    with pytest.raises(error, match=message):
        call()


def test_mismatched_lengths_are_refused_where_sacrebleu_truncates():
    """A deliberate difference from sacreBLEU: two hypotheses with one reference
    list. sacreBLEU zips hypotheses with reference streams and silently drops the extra
    hypothesis; here [["a b c d"]] is read as one stream of one segment, so only
    "a b c d" against "a b c d" is scored: stats [4, 4, 4, 3, 2, 1, 4, 3, 2, 1], BLEU
    exp(log 100) = 100.00000000000004 (see test_bleu_definition.py), although the second
    hypothesis "x y z w" matches nothing. bleuprint raises ValueError instead.
    """
    hyps = ["a b c d", "x y z w"]
    with pytest.raises(ValueError, match="mismatched lengths: 2 hypotheses but 1"):
        spec.corpus_bleu(hyps, [["a b c d"]])
    sacrebleu = pytest.importorskip("sacrebleu", reason="sacrebleu is not installed: cannot show its truncation")
    truncated = sacrebleu.metrics.BLEU().corpus_score(hyps, [["a b c d"]])
    assert truncated.sys_len == 4 and truncated.ref_len == 4
    assert truncated.score == math.exp(math.log(100.0))


def test_exact_match_accepts_one_string_per_hypothesis():
    """exact_match's refs[i] may be a plain string (one reference), unlike BLEU and chrF:
    "a" | "a" matches and "b" | "c" does not: 1/2 = 0.5. A list of strings is accepted
    too ("b" | ["x", "b"] matches: 2/2 = 1.0); a list holding a non-string is refused (see
    the case em-list-of-int above)."""
    assert spec.exact_match(["a", "b"], ["a", "c"]) == 0.5
    assert spec.exact_match(["a", "b"], ["a", ["x", "b"]]) == 1.0
