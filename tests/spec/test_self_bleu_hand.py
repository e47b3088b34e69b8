"""self-BLEU's definition (``bleuprint.metrics.self_bleu.spec``) on examples worked out by
hand in each docstring, through the spec's one-call function (and impl's, which must
agree). EvalSuite values are sacreBLEU sentence BLEU (0..100: 13a tokens, exp smoothing,
effective order, order 4); Texygen values nltk sentence BLEU (0..1: split tokens, method1,
order 3). Tolerance 1e-9 unless the docstring says equal."""

from __future__ import annotations

import math

import pytest

from bleuprint.metrics.self_bleu import impl, spec
from bleuprint.spec.inputs import input_hooks

TOL = 1e-9
PERFECT = math.exp(math.log(100))  # sacreBLEU's perfect sentence: 100.00000000000004
LAYERS = (spec, impl)


@pytest.mark.parametrize("layer", LAYERS)
def test_an_output_is_not_its_own_reference(layer):
    """'a b c d' and 'w x y z' share no word: each against the other has no unigram match,
    BLEU 0, so self-BLEU is 0 in both variants (with itself among its references each would
    be a perfect match: 100 / 1.0). Three outputs with a duplicate: the copies are each
    other's references (perfect, 100.00000000000004), 'w x y z' has no match (0): the mean
    is 2 * 100.00000000000004 / 3."""
    assert layer.self_bleu(["a b c d", "w x y z"]) == 0.0
    assert layer.self_bleu(["a b c d", "w x y z"], "texygen") == 0.0
    assert layer.self_bleu(["a b c d", "a b c d", "w x y z"]) == pytest.approx(2 * PERFECT / 3, abs=TOL)
    assert layer.self_bleu(["a b c d", "a b c d", "w x y z"], "texygen") == pytest.approx(2 / 3, abs=TOL)


@pytest.mark.parametrize("layer", LAYERS)
def test_texygen_scores_the_first_500_outputs_only(layer):
    """500 copies of 'a b c' then 'x y z'. Texygen keeps the first 500: each 'a b c' against
    499 copies has p_1 = p_2 = p_3 = 1, c = r = 3 so BP = exp(1 - 3/3) = 1: BLEU 1.0, mean
    1.0; 'x y z' is not scored (row [0.0, 0]). With all 501 outputs, 'x y z' (no match, 0)
    would bring the mean to 500/501. EvalSuite has no such rule: 500 x 100.00000000000004
    and a 0, over 501."""
    outputs = ["a b c"] * 500 + ["x y z"]
    assert layer.self_bleu(outputs, "texygen") == 1.0
    rows = spec.self_bleu_rows(outputs, "texygen") if layer is spec else impl.self_bleu_matrix(outputs, "texygen")
    assert list(rows[500]) == [0.0, 0] and list(rows[0]) == [1.0, 1]
    assert layer.self_bleu(outputs) == pytest.approx(500 * PERFECT / 501, abs=TOL)


@pytest.mark.parametrize("layer", LAYERS)
def test_texygen_smooths_with_method1(layer):
    """'a b c' and 'a b d', Texygen (order 3). 'a b c' against 'a b d': unigrams a, b of 3
    (2/3), bigrams ab of 2 (1/2), trigram abc not found: method1 gives (0 + 0.1)/1 = 0.1;
    c = r = 3, BP 1. BLEU = (2/3 * 1/2 * 0.1) ** (1/3) = (1/30) ** (1/3); the same for
    'a b d' by symmetry. (Exp smoothing would give the trigram 1/2: (1/6) ** (1/3).)"""
    assert layer.self_bleu(["a b c", "a b d"], "texygen") == pytest.approx((1 / 30) ** (1 / 3), abs=TOL)


@pytest.mark.parametrize("layer", LAYERS)
def test_evalsuite_smooths_with_exp(layer):
    """'a b c d' and 'a b c e', EvalSuite. Each against the other: p = 3/4, 2/3, 1/2 (in
    percent 75, 66.67, 50), the 4-gram has no match: exp smoothing gives the first such
    order 100 / (2 * 1) = 50; c = r = 4, BP 1. BLEU = (75 * 200/3 * 50 * 50) ** (1/4) =
    12,500,000 ** (1/4) = 59.46... (floor 0.1 would give 10 for the 4-gram: 39.76...)."""
    assert layer.self_bleu(["a b c d", "a b c e"]) == pytest.approx(12_500_000 ** 0.25, abs=TOL)


@pytest.mark.parametrize("layer", LAYERS)
def test_empty_outputs(layer):
    """['', ''] scores 0 (an empty output has no n-gram). ['', 'a b', 'a b c'], EvalSuite:
    '' gives 0. 'a b' against '' and 'a b c': p_1 = p_2 = 100, no trigram, so the effective
    order is 2: exp(log 100) = 100.00000000000004; closest length to 2 among 0 and 3 is 3,
    BP = exp(1 - 3/2). 'a b c' against '' and 'a b': p_1 = 2/3, p_2 = 1/2, p_3 = 0 -> 100/2
    = 50 (exp smoothing), order 3: (200/3 * 50 * 50) ** (1/3); closest length 2, BP 1."""
    assert layer.self_bleu(["", ""]) == 0.0 and layer.self_bleu(["", ""], "texygen") == 0.0
    expected = (0.0 + PERFECT * math.exp(1 - 3 / 2) + (200 / 3 * 50 * 50) ** (1 / 3)) / 3
    assert layer.self_bleu(["", "a b", "a b c"]) == pytest.approx(expected, abs=TOL)


@pytest.mark.parametrize("layer", LAYERS)
def test_closest_length_tie_takes_the_shorter(layer):
    """Texygen, 'a b c d' against 'a b c' (3 tokens) and 'a b c d e' (5): both 1 away; the
    shorter, 3, is taken: c = 4 > 3, BP 1, and every n-gram is found (unigrams 4/4 with d in
    the second, bigrams 3/3, trigrams 2/2): BLEU 1.0 (the longer would give BP exp(1 - 5/4))."""
    outputs = ["a b c d", "a b c", "a b c d e"]
    rows = spec.self_bleu_rows(outputs, "texygen") if layer is spec else impl.self_bleu_matrix(outputs, "texygen")
    assert rows[0][0] == 1.0


@pytest.mark.parametrize("layer", LAYERS)
def test_one_output_is_refused(layer):
    """One output has no other output as reference (sacreBLEU and nltk both raise on an empty
    reference list): ValueError, in both variants; a bare string is a TypeError."""
    for variant in spec.VARIANTS:
        with pytest.raises(ValueError, match="at least two outputs"):
            layer.self_bleu(["a b"], variant)
    with pytest.raises(TypeError, match="bare str"):
        layer.self_bleu("a b")
    with pytest.raises(ValueError, match="variant"):
        layer.self_bleu(["a", "b"], "nltk")
    with pytest.raises(ValueError, match="gram"):
        layer.self_bleu(["a", "b"], gram=0)


def test_shards_share_the_context():
    """Rows of two shards computed with the combined context (the Counter of all outputs)
    equal the rows of the whole corpus; a shard's own context would differ (output 'a b'
    alone in its shard would have no reference)."""
    from bleuprint.core import get_metric

    metric = get_metric("self_bleu")
    rows = input_hooks(metric).rows
    outputs = ["a b", "a b c", "a b", "x"]
    context = metric.combine_contexts(metric.corpus_context(outputs[:2]), metric.corpus_context(outputs[2:]))
    whole = spec.self_bleu_rows(outputs)
    for layer_rows in (lambda h: rows(h, None, context), lambda h: metric.stats_matrix(h, None, context).tolist()):
        assert layer_rows(outputs[:2]) + layer_rows(outputs[2:]) == whole
    # An output that is not one of the context's keeps every context output as a reference.
    # 'a b d' against 'a b' (twice), 'a b c', 'x': p = 2/3, 1/2 and 0 -> 100/2 (exp); no
    # 4-gram (effective order 3); closest length 3; BP 1: (200/3 * 50 * 50) ** (1/3).
    expected = (200 / 3 * 50 * 50) ** (1 / 3)
    assert rows(["a b d"], None, context)[0][0] == pytest.approx(expected, abs=TOL)
    assert metric.stats_matrix(["a b d"], None, context)[0, 0] == rows(["a b d"], None, context)[0][0]
    with pytest.raises(ValueError, match="first 500"):
        rows(["a"], None, metric.combine_contexts(metric.corpus_context(["a"] * 300, variant="texygen"),
                                                  metric.corpus_context(["a"] * 300, variant="texygen")),
             variant="texygen")
