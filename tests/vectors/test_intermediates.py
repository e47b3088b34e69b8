"""The intermediate values of the vector files (``bleuprint.vectors.hooks.vector_intermediates``) agree with
the oracle's own tokenizers and with the statistics they explain.

BLEU's tokens are checked against sacreBLEU 2.5.1's tokenizer objects (the oracle), the
others against the statistics the spec computes from the same lines: the number of
hypothesis tokens is BLEU's c, the characters of a chrF line are its 1-gram count, and
TER's average reference length is the mean number of reference words. All exact (counts).
"""

from __future__ import annotations

import pytest

from bleuprint.core import get_metric
from bleuprint.oracles.sacrebleu_oracle import require_sacrebleu
from bleuprint.vectors.corpora import hard_corpora
from bleuprint.vectors.hooks import vector_hooks
from bleuprint.core.options import option_defaults

CORPORA = hard_corpora()


@pytest.mark.parametrize("tokenize", ["13a", "none", "intl", "char", "zh"])
@pytest.mark.parametrize("lowercase", [False, True])
def test_bleu_tokens_are_sacrebleus(tokenize, lowercase):
    """hypTokens[i] == sacreBLEU's tokenizer(line).split() (lowercased first where asked,
    as sacreBLEU's BLEU does), for every line of the hard corpora."""
    sacrebleu = require_sacrebleu()
    tokenizer = sacrebleu.BLEU(tokenize=tokenize).tokenizer
    bleu = get_metric("bleu")
    for corpus in CORPORA:
        got = vector_hooks(bleu).vector_intermediates(corpus.hyps, corpus.refs, tokenize=tokenize, lowercase=lowercase)
        expect = [tokenizer(h.lower() if lowercase else h).split() for h in corpus.hyps]
        assert got["hypTokens"] == expect, corpus.comment
        expect_refs = [[tokenizer(r.lower() if lowercase else r).split() for r in group] for group in corpus.refs]
        assert got["refTokens"] == expect_refs, corpus.comment


def test_bleu_token_counts_are_the_hypothesis_lengths():
    """Column 0 of BLEU's row (c, the hypothesis length) is len(hypTokens[i])."""
    bleu = get_metric("bleu")
    for corpus in CORPORA:
        tokens = vector_hooks(bleu).vector_intermediates(corpus.hyps, corpus.refs)["hypTokens"]
        for hyp, refs, words in zip(corpus.hyps, corpus.refs, tokens):
            assert bleu.segment_stats(hyp, refs, tokenize="13a", lowercase=False)[0] == len(words)


@pytest.mark.parametrize("options", [{}, {"whitespace": True}, {"lowercase": True, "word_order": 2}])
def test_chrf_characters_are_the_unigram_count(options):
    """chrF's order-1 statistics are [hyp 1-grams, ref 1-grams, matches]: with one
    reference that is not empty, the first two are len(hypChars[i]) and len(refChars[i][0])."""
    chrf = get_metric("chrf")
    full = {**option_defaults(chrf), **options}
    for corpus in CORPORA:
        got = vector_hooks(chrf).vector_intermediates(corpus.hyps, corpus.refs, **full)
        assert ("hypWords" in got) == bool(full["word_order"])
        for hyp, refs, chars, ref_chars in zip(corpus.hyps, corpus.refs, got["hypChars"], got["refChars"]):
            if len(refs) == 1 and ref_chars[0]:
                row = chrf.segment_stats(hyp, refs, **full)
                assert row[:2] == [len(chars), len(ref_chars[0])], (hyp, refs)


def test_ter_reference_words_give_the_average_length():
    """TER's row is [edits, average reference length]; the average is the mean of
    len(refWords[i][j]) over the references of segment i."""
    ter = get_metric("ter")
    full = option_defaults(ter)
    for corpus in CORPORA:
        got = vector_hooks(ter).vector_intermediates(corpus.hyps, corpus.refs, **full)
        for hyp, refs, words in zip(corpus.hyps, corpus.refs, got["refWords"]):
            row = ter.segment_stats(hyp, refs, **full)
            assert row[1] == pytest.approx(sum(map(len, words)) / len(words), abs=1e-12)
