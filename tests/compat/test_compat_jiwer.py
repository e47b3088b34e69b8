"""bleuprint.compat.jiwer: jiwer's argument order (reference first), str or list input,
its results and types, and the refusals. The live comparison needs jiwer 4.0.0 (the
``test`` extra); the hand examples do not."""

from __future__ import annotations

import pytest

from bleuprint.compat import jiwer as compat
from bleuprint.metrics.wer.cases import QUIRK_PAIRS


def test_reference_comes_first():
    """ref "a b", hyp "a b c": one insertion, WER 1/2. Swapped (ref "a b c", hyp "a b"):
    one deletion of 3 reference words, WER 1/3. bleuprint's own wer takes hyps first."""
    import bleuprint

    assert compat.wer("a b", "a b c") == 0.5
    assert compat.wer("a b c", "a b") == 1 / 3
    assert bleuprint.wer(["a b c"], [["a b"]]) == 0.5


def test_lists_are_pooled_and_outputs_carry_the_counts():
    """refs ["a b c d", "e"], hyps ["a b c d", "f"]: H 4, S 1 -> WER 1/5; MER 1/5;
    WIP (4/5)(4/5). The transformed sentences are the word lists."""
    out = compat.process_words(["a b c d", "e"], ["a b c d", "f"])
    assert (out.hits, out.substitutions, out.deletions, out.insertions) == (4, 1, 0, 0)
    assert (out.wer, out.mer, out.wip, out.wil) == (0.2, 0.2, (4 / 5) * (4 / 5), 1 - (4 / 5) * (4 / 5))
    assert out.references == [["a", "b", "c", "d"], ["e"]]
    chars = compat.process_characters("ab  c", "ab c")
    assert (chars.hits, chars.deletions, chars.cer) == (4, 1, 0.2)


def test_jiwer_types_on_empty_references():
    """Every reference empty: WER is the int count of insertions (2), MER 1, WIP 0 (ints);
    both empty: WER 0, MER 0, WIP 1; an empty list on both sides is one empty sentence."""
    assert compat.wer("", "a b") == 2 and type(compat.wer("", "a b")) is int
    assert (compat.mer("", "a b"), compat.wip("", "a b"), compat.wil("", "a b")) == (1, 0, 1)
    assert (compat.wer("", ""), compat.mer("", ""), compat.wip("", ""), compat.wil("", "")) == (0, 0, 1, 0)
    assert compat.wer([], []) == 0


def test_refusals():
    """A list of lists (bleuprint's refs layout) is certainly not jiwer's input; unequal
    sentence counts; custom transforms; a non-str item."""
    with pytest.raises(TypeError, match="jiwer's"):
        compat.wer([["a b"]], ["a b"])
    with pytest.raises(ValueError, match="as many sentences"):
        compat.wer(["a"], ["a", "b"])
    with pytest.raises(TypeError, match="default transforms"):
        compat.wer("a", "a", reference_transform=None)
    with pytest.raises(TypeError):
        compat.cer(["a", 1], ["a", "b"])
    with pytest.raises(TypeError):
        compat.wer(None, "a")


def test_equal_to_jiwer_live():
    """Every quirk pair alone and all of them as one list: each of jiwer's five functions
    and process_words' counts, value and type equal."""
    jiwer = pytest.importorskip("jiwer", reason="jiwer 4.0.0 is the oracle (test extra)")
    refs, hyps = [r for r, _ in QUIRK_PAIRS], [h for _, h in QUIRK_PAIRS]
    for reference, hypothesis in [*QUIRK_PAIRS, (refs, hyps)]:
        for name in ("wer", "cer", "mer", "wil", "wip"):
            ours, theirs = getattr(compat, name)(reference, hypothesis), getattr(jiwer, name)(reference, hypothesis)
            assert ours == theirs and type(ours) is type(theirs), (name, reference, hypothesis)
        ours, theirs = compat.process_words(reference, hypothesis), jiwer.process_words(reference, hypothesis)
        assert (ours.hits, ours.substitutions, ours.deletions, ours.insertions, ours.references, ours.hypotheses) == (
            theirs.hits, theirs.substitutions, theirs.deletions, theirs.insertions, theirs.references,
            theirs.hypotheses)
