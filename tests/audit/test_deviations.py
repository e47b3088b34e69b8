"""Several deviations at once, numeric noise, and the strength of an explanation
(issue 38 items 1-3): the audit explains one class, applies it to bleuprint's side, and
searches again for what is left."""

import pytest

import libraries
from bleuprint.audit import Subject, classify
from bleuprint.audit.report import to_markdown
from bleuprint.audit.run import audit
from bleuprint.audit.variants import VARIANTS
from bleuprint.spec.corpus import corpus_score


def subject(function, metric, options=None, scale=1.0):
    return Subject(library=function.__name__, version="0", metric=metric, call=function.__name__, level="corpus",
                   scale=scale, options=options or {}, score=function)


def test_three_deviations_give_three_classes_each_with_its_minimal_input():
    """float32 + case-sensitive tokens + unigram sets (``libraries.rouge1_three_faults``):
    float32 is a numeric-noise class, and the two real deviations under it are each a
    strong class whose minimal input shows that deviation alone:
    sets: hyp "c", ref "c c": multiset P 1, R 1/2, F 2/3; sets P = R = F = 1;
    case: hyp "T", ref "t": rouge-score lowercases (F 1), the library does not (F 0)."""
    result = audit(subject(libraries.rouge1_three_faults, "rouge"), examples=200, seed=0)
    kinds = [(c.kind, c.strength, (c.explanation or {}).get("variant")) for c in result.classes]
    assert kinds[0] == ("noise", "strong", "float32")
    assert sorted(k[2] for k in kinds[1:]) == ["v01", "v03"] and all(k[:2] == ("deviation", "strong") for k in kinds[1:])
    assert len(result.classes) == 3
    assert result.tolerance == classify.NUMERIC["float32"][1]
    for c in result.classes[1:]:
        assert c.support >= 2
        assert len(c.hyps) == 1 and len(c.hyps[0]) + sum(len(r) for r in c.refs[0]) <= 6
        assert c.library_value == libraries.rouge1_three_faults(c.hyps, c.refs)
        assert c.spec_value == corpus_score("rouge", c.hyps, c.refs)
    text = to_markdown([result])
    assert "numeric noise" in text and "strong" in text


def test_evidence_from_degenerate_inputs_only_is_a_weak_guess():
    """A sentence-level ROUGE-1 that scores 1 where the hypothesis and a reference are both
    white space only (as if each were one empty token, variant v08). Every input that shows
    it has no word at all, so no non-degenerate input backs the explanation: it is reported
    as a weak guess (``guess``, never ``explanation``) and not applied to bleuprint's side."""
    def blank_matches(hyps, refs):
        (hyp,), (these,) = hyps, refs
        if hyp and not hyp.strip() and any(r and not r.strip() for r in these):
            return 1.0
        return corpus_score("rouge", hyps, refs)

    s = Subject(library="blank", version="0", metric="rouge", call="blank", level="sentence", scale=1.0, options={},
                score=blank_matches)
    result = audit(s, examples=200, seed=0)
    weak = [c for c in result.classes if c.strength == "weak"]
    assert weak and all(c.explanation is None and c.guess for c in weak)
    assert any(c.guess["mutant"] == "v08" for c in weak)
    assert all(c.strength != "strong" for c in result.classes)
    assert "weak guess" in to_markdown([result])


def test_a_tiny_unexplained_difference_is_numeric_noise():
    """chrF times (1 - 1e-8): no variant gives it; it is a difference of 1e-8 relative,
    below 1e-6, so it is noise: the tolerance rises to ten times it (1e-7 here) and the
    audit reports noise only."""
    def tiny(hyps, refs):
        return corpus_score("chrf", hyps, refs) * (1 - 1e-8)

    result = audit(subject(tiny, "chrf", scale=100.0), examples=120, seed=0)
    assert result.classes and all(c.kind == "noise" for c in result.classes)
    assert 1e-10 < result.tolerance <= 1e-6


def test_the_tolerance_option_hides_noise_below_it():
    """chrF plus 1e-7 (on 0-100): at most 1e-7 relative, under a tolerance of 1e-6."""
    def tiny(hyps, refs):
        return corpus_score("chrf", hyps, refs) + 1e-7

    assert audit(subject(tiny, "chrf", scale=100.0), examples=60, seed=0, tolerance=1e-6).status == "exact"
    assert audit(subject(tiny, "chrf", scale=100.0), examples=60, seed=0).status == "differs"


def test_rounding_is_detected_and_the_rest_compared_after_rounding():
    """BLEU rounded to 2 decimals, with the shortest reference (s02): rounding is a noise
    class, the shortest reference a strong deviation under it."""
    def rounded(hyps, refs):
        return round(libraries.bleu_shortest_ref(hyps, refs), 2)

    result = audit(subject(rounded, "bleu", scale=100.0), examples=200, seed=0)
    assert result.classes[0].kind == "noise" and result.classes[0].explanation["variant"] == "round_2"
    assert any(c.explanation and c.explanation["mutant"] == "s02" for c in result.classes[1:])


@pytest.mark.parametrize("variant", VARIANTS, ids=lambda v: v.id)
def test_each_variant_differs_from_the_spec_on_its_witness(variant):
    """No audit variant is equivalent to the spec: its witness input scores differently
    with the variant switched on (what the audit can then tell apart)."""
    from bleuprint.audit.classify import _switched

    before = variant.witness()
    with _switched([variant.id], {variant.id: variant}, {"stop_words": frozenset({"the"})}):  # v12's list
        after = variant.witness()
    assert before != after


def test_v12_removes_the_list_the_subject_gives_and_replaces_v04():
    """v12 removes the library's own words (``Subject.stop_words``), not the audit's list:
    "ok cat" against "cat" with the list {"ok"} is 1/1 against 1/1, F 1; without it P 1/2,
    R 1, F 2/3; v04's list has no "ok" (F 2/3 under it). Without a list v12 cannot be
    switched on, and a subject that gives one has v12, not v04, among its candidates."""
    from bleuprint.audit.classify import _switched
    from bleuprint.audit.variants import BY_ID

    def score(ids, given=None):
        with _switched(ids, BY_ID, given):
            return corpus_score("rouge", ["ok cat"], [["cat"]])

    assert score(["v12"], {"stop_words": frozenset({"OK"})}) == 1.0
    assert score([]) == pytest.approx(2 / 3) and score(["v04"]) == pytest.approx(2 / 3)
    with pytest.raises(ValueError, match="stop-word list"):
        score(["v12"])
    probe = [(["the cat sat"], [["a cat"]])]
    listed = Subject(library="x", version="0", metric="rouge", call="x", level="corpus", scale=1.0, options={},
                     score=lambda h, r: 0.0, stop_words=["ok"])
    unlisted = Subject(library="x", version="0", metric="rouge", call="x", level="corpus", scale=1.0, options={},
                       score=lambda h, r: 0.0)
    assert "v12" in classify.Context(listed, probe).reached and "v04" not in classify.Context(listed, probe).reached
    assert "v04" in classify.Context(unlisted, probe).reached and "v12" not in classify.Context(unlisted, probe).reached
    with pytest.raises(TypeError):
        Subject(library="x", version="0", metric="rouge", call="x", level="corpus", scale=1.0, options={},
                score=lambda h, r: 0.0, stop_words="ok")


def test_mean_over_references_is_a_transform():
    """Sentence chrF that scores each reference alone and takes the mean (sacreBLEU takes
    the best reference's statistics): explained by the transform "mean over references".
    One input by hand: "a b" against ["a b", "c d"] is 100 against the first and 0 against
    the second: the library gives 50, sacreBLEU 100."""
    def mean_chrf(hyps, refs):
        (hyp,), (these,) = hyps, refs
        return sum(corpus_score("chrf", [hyp], [[r]]) for r in these) / len(these)

    assert mean_chrf(["a b"], [["a b", "c d"]]) == 50.0
    s = Subject(library="mean", version="0", metric="chrf", call="mean", level="sentence", scale=100.0, options={},
                score=mean_chrf)
    result = audit(s, examples=200, seed=0)
    explained = [c.explanation for c in result.classes if c.explanation]
    assert any(e["transform"] == "mean_over_references" for e in explained), [c.explanation for c in result.classes]


def test_a_library_value_of_zero_on_content_words_is_evidence():
    """Corpus BLEU without smoothing (sacreBLEU's ``smooth_method='none'``): an order with
    no match zeroes the score. Every input that shows it has the library's value 0, so a
    rule that took every 0 for degenerate left the class unexplained. By hand: "cat sat on
    mat" against "cat on sat mat" matches 4 of 4 unigrams but none of the bigrams "cat sat",
    "sat on", "on mat" (the reference's are "cat on", "on sat", "sat mat"): the library gives
    0, exp smoothing (bleuprint's default) a positive score.
    A 0 on two content words a side where bleuprint's value is not 0 counts: the class is
    explained, strong, by smooth_method='none' (or mutant s08, the same rule)."""
    from bleuprint.core.value import metric

    def unsmoothed(hyps, refs):
        return corpus_score(metric("bleu", smooth_method="none"), hyps, refs)

    assert unsmoothed(["cat sat on mat"], [["cat on sat mat"]]) == 0.0
    assert corpus_score("bleu", ["cat sat on mat"], [["cat on sat mat"]]) > 0
    result = audit(subject(unsmoothed, "bleu", scale=100.0), examples=200, seed=0)
    strong = [c.explanation for c in result.classes if c.strength == "strong"]
    assert any(e["options"] == {"smooth_method": "none"} or e["mutant"] == "s08" for e in strong), \
        [(c.explanation, c.guess) for c in result.classes]


def test_zero_on_stop_words_or_single_letters_stays_degenerate():
    """The rule's purpose kept: a 0 on one-letter words or stop words cannot tell "stop
    words removed" from "another n-gram order"; a 0 on two content words a side can."""
    e = lambda h, r: classify.Example([h], [[r]], 0.0)  # noqa: E731
    assert not classify.nondegenerate(e("a b", "a c"), 0.5)
    assert not classify.nondegenerate(e("the of", "the in"), 0.5)
    assert not classify.nondegenerate(e("ok hi", "ok yo"), 0.5)  # two letters: a longer stop-word list's
    assert not classify.nondegenerate(e("été déjà", "été ici"), 0.5)  # an ASCII-only tokenizer empties them
    assert not classify.nondegenerate(e("cat dog", "cat fox"), 0.0)  # bleuprint's 0 too: nothing to tell
    assert classify.nondegenerate(e("cat dog", "cat fox"), 0.5)
    assert not classify.nondegenerate(e("cat dog", "cat fox"))  # bleuprint's value unknown


@pytest.mark.parametrize("ids, rouge_type, hyp, refs, expected", [
    # v10, by hand: "a b" against "a b" (2 matches) and "c d" (0): P = 2 / (2 x 2), R = 2 / (2 + 2): F 0.5
    # (rouge-score takes the best reference: F 1).
    (["v10"], "rouge1", "a b", ["a b", "c d"], 0.5),
    # v11: "c. a b" is the sentences "c" and "a b"; against "a b c" their LCS are "c" and "a b",
    # united 3 of 3 words: F 1 (one LCS of "c a b" and "a b c" is 2: F 2/3).
    (["v11"], "rougeL", "c. a b", ["a b c"], 1.0),
    # v11 with v03 (sets, the rouge package): "a a. a" against "a b": distinct words, the union
    # is {a}: P = 1/1, R = 1/2, F 2/3 (without sets: Lsum's counts, 1 hit of 3: P 1/3, R 1/2, F 0.4).
    (["v11", "v03"], "rougeL", "a a. a", ["a b"], 2 / 3),
    (["v11"], "rougeL", "a a. a", ["a b"], 0.4),
])
def test_pooled_references_and_sentence_union_lcs(ids, rouge_type, hyp, refs, expected):
    from bleuprint.audit.classify import _switched
    from bleuprint.audit.variants import BY_ID
    from bleuprint.core.value import metric

    with _switched(ids, BY_ID):
        got = corpus_score(metric("rouge", rouge_type=rouge_type), [hyp], [refs])
    assert got == pytest.approx(expected, abs=1e-12)


def test_a_change_that_does_nothing_on_the_evidence_is_not_supported():
    """chrF with beta=1 (a library's other default): on one-reference inputs the variant
    "beta=1 and the mean over references" gives the library's value too, since the mean over
    one reference is that reference's score; those inputs cannot back the transform, so its
    support is empty, while "beta=1" alone has the inputs as evidence."""
    from bleuprint.core.value import metric

    def beta_one(hyps, refs):
        return corpus_score(metric("chrf", beta=1.0), hyps, refs)

    s = subject(beta_one, "chrf", scale=100.0)
    context = classify.Context(s, [(["the cat sat"], [["a cat sat down"]])])
    inputs = [(["the cat sat"], [["a cat sat down"]]), (["dogs bark loudly"], [["the dog barks loud"]])]
    examples = [classify.Example(h, r, beta_one(h, r), origin=str(i)) for i, (h, r) in enumerate(inputs)]
    alone = classify.Variant(options=(("beta", 1.0),))
    both = classify.Variant(options=(("beta", 1.0),), transform="mean_over_references")
    assert len(classify.support(context, alone, examples)) == 2
    assert all(classify.predicts(context, both, e) for e in examples)
    assert classify.support(context, both, examples) == []


@pytest.mark.parametrize("ids, hyps, refs, expected", [
    # v13, by hand (chrF, n 6, beta 2): the spec removes U+3000, so "d\u3000e" and "d e" are both
    # "de": 100. With only U+0020 removed the hypothesis is the 3 characters d, U+3000, e, the
    # reference "de": order 1 P 2/3, R 1; order 2 P 0/2, R 0/1; orders 3+ the reference has
    # none (left out): mean P 1/3, mean R 1/2, F = 5 (1/3)(1/2) / (4/3 + 1/2) = 5/11.
    (["v13"], ["d\u3000e"], [["d e"]], 100 * 5 / 11),
    ([], ["d\u3000e"], [["d e"]], 100.0),
    # v14: "b" against "c" matches nothing, so that segment adds its hypothesis n-gram only:
    # order 1 sums to hyp 2, ref 1, matches 1: P 1/2, R 1, F = 5 (1/2) / (2 + 1) = 5/6 (the
    # spec keeps "c": ref 2, P = R = 1/2, F 1/2).
    # v15: U+001C is white space to str.split, not to Unicode's White_Space: "\x1cb" keeps it, 2
    # characters against "b": order 1 P 1/2, R 1; order 2 the reference has none: F = 5/6
    # (the spec removes it: "b" against "b", 100).
    (["v15"], ["\x1cb"], [["b"]], 100 * 5 / 6),
    ([], ["\x1cb"], [["b"]], 100.0),
    (["v14"], ["a", "b"], [["a"], ["c"]], 100 * 5 / 6),
    ([], ["a", "b"], [["a"], ["c"]], 50.0),
])
def test_chrf_white_space_and_zero_score_references(ids, hyps, refs, expected):
    from bleuprint.audit.classify import _switched
    from bleuprint.audit.variants import BY_ID

    with _switched(ids, BY_ID):
        got = corpus_score("chrf", hyps, refs)
    assert got == pytest.approx(expected, rel=1e-12)


def test_ter_edits_swapped_keep_the_reference_length_and_an_empty_hypothesis_has_none():
    """v16 by hand: "" against "b" is 1 deletion over 1 reference word for sacreBLEU (TER 100);
    with the search swapped the empty side is the hypothesis, whose guard counts 0 edits
    (TER 0) while the reference's length (1) is kept; "a b c" against "a" is 2 edits either
    way (200)."""
    from bleuprint.audit.classify import _switched
    from bleuprint.audit.variants import BY_ID

    assert corpus_score("ter", [""], [["b"]]) == 100.0
    with _switched(["v16"], BY_ID):
        assert corpus_score("ter", [""], [["b"]]) == 0.0
        assert corpus_score("ter", ["a b c"], [["a"]]) == pytest.approx(200.0)

