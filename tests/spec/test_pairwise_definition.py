"""bleuprint.spec.pairwise (issue #16, MBR's matrices of sentence scores) against sacreBLEU
2.5.1's ``sentence_score`` of each pair, and its layout and errors.

* The oracle: cell [i][j] of the spec (and of impl) is sacreBLEU's
  ``BLEU(effective_order=True)`` / ``CHRF()`` / ``CHRF(word_order=2)`` / ``TER()``
  ``.sentence_score(hyps[i], [refs[j]]).score``, with ``==`` (``effective_order=True`` is
  BLEU's sentence default, as in sacreBLEU's ``sentence_bleu``).
* Hand computations: exact match's matrix of a list against itself.
* Layout: nested lists of N x M, N x N, and one matrix per group.
"""

from __future__ import annotations

import pytest
import sacrebleu

from bleuprint import impl, spec
from bleuprint.core.value import metric as configured

HYPS = ["the cat sat on the mat", "a cat sat on a mat .", "", "hello world !", "Das ist ein Test."]
REFS = ["the cat is on the mat", "cat", "hello world .", "das ist ein Test"]

SCORERS = {
    ("bleu", ()): lambda: sacrebleu.BLEU(effective_order=True),
    ("chrf", ()): sacrebleu.CHRF,
    ("chrf", (("word_order", 2),)): lambda: sacrebleu.CHRF(word_order=2),
    ("ter", ()): sacrebleu.TER,
}


@pytest.mark.parametrize("name,options", list(SCORERS))
def test_cells_are_sacrebleu_sentence_scores(name, options):
    scorer = SCORERS[name, options]()
    options = dict(options)
    want = [[scorer.sentence_score(h, [r]).score for r in REFS] for h in HYPS]
    assert spec.pairwise(configured(name, **options), HYPS, REFS) == want
    assert impl.pairwise(configured(name, **options), HYPS, REFS).tolist() == want
    self_want = [[scorer.sentence_score(h, [r]).score for r in HYPS] for h in HYPS]
    assert spec.pairwise(configured(name, **options), HYPS) == self_want
    assert impl.pairwise(configured(name, **options), HYPS, groups=[2, 3])[1].tolist() == [
        row[2:] for row in self_want[2:]]


def test_exact_match_against_itself_by_hand():
    """Lines a, b, a: a cell is 1.0 where the two lines are equal (the diagonal included:
    each line against itself), so the matrix is [[1, 0, 1], [0, 1, 0], [1, 0, 1]]; in
    groups [2, 1], [[1, 0], [0, 1]] and [[1]]."""
    lines = ["a", "b", "a"]
    assert spec.pairwise("exact_match", lines) == [[1.0, 0.0, 1.0], [0.0, 1.0, 0.0], [1.0, 0.0, 1.0]]
    assert spec.pairwise("exact_match", lines, groups=[2, 1]) == [[[1.0, 0.0], [0.0, 1.0]], [[1.0]]]
    assert spec.pairwise("exact_match", lines, ["b", "c", "a"], groups=[2, 1]) == [[[0.0, 0.0], [1.0, 0.0]], [[1.0]]]


def test_layout_of_the_result():
    two = spec.pairwise("chrf", HYPS, REFS)
    assert len(two) == len(HYPS) and all(len(row) == len(REFS) for row in two)
    grouped = spec.pairwise("chrf", HYPS, groups=[1, 4])
    assert [len(g) for g in grouped] == [1, 4] and [len(g[0]) for g in grouped] == [1, 4]
    assert grouped[1] == [row[1:] for row in spec.pairwise("chrf", HYPS)[1:]]


@pytest.mark.parametrize("args,kwargs,error,words", [
    ((["a"],), {"groups": [2]}, ValueError, "groups sum to 2"),
    ((["a", "b"],), {"groups": [1, 0, 1]}, ValueError, "groups[1]"),
    ((["a", "b"],), {"groups": ["2"]}, TypeError, "groups[0]"),
    ((["a", "b"], ["a"]), {"groups": [2]}, ValueError, "as many lines"),
    (([],), {}, ValueError, "hyps is empty"),
    ((["a"], []), {}, ValueError, "refs is empty"),
    ((["a", 3],), {}, TypeError, "hyps[1]"),
    (("a",), {}, TypeError, "bare str"),
    ((["a"],), {"smooth": "exp"}, TypeError, "smooth"),
])
def test_errors_name_the_problem(args, kwargs, error, words):
    own = {key: value for key, value in kwargs.items() if key == "groups"}  # pairwise's; the rest BLEU's
    options = {key: value for key, value in kwargs.items() if key != "groups"}
    with pytest.raises(error) as raised:
        spec.pairwise(configured("bleu", **options), *args, **own)
    assert words in str(raised.value)
