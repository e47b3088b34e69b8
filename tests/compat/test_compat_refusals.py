"""Where ``bleuprint.compat`` deliberately differs from sacreBLEU 2.5.1: inputs on which
sacreBLEU silently computes something other than what was asked (or crashes with an
unrelated error) raise a ``ValueError``/``TypeError`` naming the problem. Each test first
shows sacreBLEU's behaviour, so that the difference is real."""

from __future__ import annotations

import pytest

from bleuprint import compat

sacrebleu = pytest.importorskip("sacrebleu", reason="sacreBLEU 2.5.1 shows the behaviour that is refused")


def test_short_reference_stream_is_refused_not_truncated():
    hyps = ["a b c", "x y z"]
    streams = [["a b c"]]  # one segment only
    truncated = sacrebleu.BLEU().corpus_score(hyps, streams)
    assert truncated.sys_len == 3  # sacreBLEU scored the first segment alone
    with pytest.raises(ValueError, match="silently truncate"):
        compat.BLEU().corpus_score(hyps, streams)
    with pytest.raises(ValueError, match="silently truncate"):
        compat.CHRF().corpus_score(hyps, [["a b c", "x y z", "extra"]])


def test_per_segment_lists_instead_of_streams_are_refused():
    """The #1 trap (sacreBLEU issues #239, #275, #281): ``[[ref_1], [ref_2]]`` means two
    streams of one segment each, so sacreBLEU scores the first hypothesis only."""
    hyps = ["the cat sat on the mat", "a dog barked at the moon"]
    wrong = [["the cat sat on the mat"], ["a dog barked at the moon"]]
    assert sacrebleu.BLEU().corpus_score(hyps, wrong).score == pytest.approx(100.0)
    with pytest.raises(ValueError, match="reference r of segment i"):
        compat.BLEU().corpus_score(hyps, wrong)


def test_bare_string_hypotheses_are_refused():
    assert sacrebleu.BLEU().corpus_score("abc", [["a", "b", "c"]]).sys_len == 3
    with pytest.raises(TypeError, match="bare str"):
        compat.BLEU().corpus_score("abc", [["a", "b", "c"]])


def test_segment_without_references_and_empty_corpus():
    with pytest.raises(TypeError):
        sacrebleu.BLEU().corpus_score(["a b"], [[None]])
    with pytest.raises(ValueError, match="segment 0 has no reference"):
        compat.BLEU().corpus_score(["a b"], [[None]])
    with pytest.raises(IndexError):
        sacrebleu.CHRF().corpus_score([], [[]])
    with pytest.raises(ValueError, match="empty corpus"):
        compat.CHRF().corpus_score([], [[]])


def test_unknown_options():
    with pytest.raises(ValueError, match="smooth_method"):
        compat.BLEU(smooth_method="plus-one")
    with pytest.raises(ValueError, match="unknown tokenizer 'ja'"):
        compat.BLEU(tokenize="ja")
    with pytest.raises(ValueError, match="spm_model is the model of a SentencePiece tokenizer"):
        compat.BLEU(tokenize="13a", spm_model="x.model")
    with pytest.raises(ValueError, match="Number of references unknown"):
        compat.TER().get_signature()
    with pytest.raises(RuntimeError, match="cache is empty"):
        compat.BLEU().corpus_score(["a"], None)


def test_no_order_at_all_is_refused():
    """``CHRF(char_order=0, word_order=0)`` has no statistic: sacreBLEU divides by zero with
    eps smoothing, raises IndexError on several segments, and scores one segment 0.0.
    bleuprint refuses it when the metric is built, naming both options; the word-only
    ``char_order=0, word_order=1`` is accepted."""
    with pytest.raises(ZeroDivisionError):
        sacrebleu.CHRF(char_order=0, word_order=0, eps_smoothing=True).corpus_score(["a b"], [["a b"]])
    with pytest.raises(IndexError):
        sacrebleu.CHRF(char_order=0, word_order=0).corpus_score(["a b", "c"], [["a b", "c"]])
    assert sacrebleu.CHRF(char_order=0, word_order=0).corpus_score(["a b"], [["a b"]]).score == 0.0
    for kwargs in ({"char_order": 0, "word_order": 0}, {"char_order": 0, "word_order": 0, "eps_smoothing": True}):
        with pytest.raises(ValueError, match="char_order and word_order are both 0"):
            compat.CHRF(**kwargs)
    with pytest.raises(ValueError, match="char_order and word_order are both 0"):
        compat.corpus_chrf(["a b"], [["a b"]], char_order=0)
    with pytest.raises(ValueError, match="char_order must be an int >= 0, got -1"):
        compat.CHRF(char_order=-1, word_order=2)
    assert compat.CHRF(char_order=0, word_order=1).corpus_score(["a b"], [["a b"]]).score == 100.0
