"""bleuprint.impl.pairwise against bleuprint.spec.pairwise (issue #16, MBR's matrices of
sentence scores).

* Differential, every registered metric (through the registry, under the options its
  ``option_strategy`` draws): the impl array equals the spec's nested lists bit for bit
  (``np.array_equal``, no tolerance), in the three forms (two lists, a list against
  itself, groups), with chunks of every size down to one row (``pairwise.CHUNK``), so
  that runs of blocks, slices of a large block and reference ranges of a wide one are all
  cut.
* BLEU and chrF also by each route: the shared-work route on one thread and on several,
  and the default route of explicit pairs (``native.pairs`` set to None, as with
  BLEUPRINT_NO_NATIVE=1); chrF++ and a few fixed options on a fixed corpus.
* The rows: the shared-work route's statistics rows equal ``stats_matrix`` of the
  explicit pairs, row for row.
* The layout of the result: (N, M), (N, N), (G, k, k) or a list of 2-D arrays.
* Errors: the spec's exception types, for bad lines, groups and options.
"""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from bleuprint import impl, spec
from bleuprint.core import get_metric, metric_names
from bleuprint.impl import native
from bleuprint.impl import pairs as pairwise_module
from bleuprint.strategies import corpora, metric_options, strategy_hooks
from bleuprint.core.value import metric as configured
from bleuprint.core.options import options_for_stats, sentence_defaults
from bleuprint.spec.inputs import input_hooks
from bleuprint.verify_hooks import verify_hooks

SHARED = ("bleu", "chrf")  # the metrics with the shared-work route
CHUNKS = (1, 2, 5, 16, 1 << 14)


@st.composite
def layouts(draw):
    """``(hyps, refs, groups)`` of one of the three forms, from a corpus whose references are
    derived from its hypotheses (so that lines share n-grams, as MBR candidates do)."""
    hyps, refs = draw(corpora(max_size=4, max_refs=2))
    lines = hyps + [r for rs in refs for r in rs]
    form = draw(st.sampled_from(("two lists", "self", "groups", "groups with refs")))
    if form == "two lists":
        return hyps, [r for rs in refs for r in rs], None
    if form == "self":
        return lines, None, None
    sizes, left = [], len(lines)
    while left:
        sizes.append(draw(st.integers(1, left)))
        left -= sizes[-1]
    if form == "groups":
        return lines, None, sizes
    return lines, draw(st.permutations(lines)), sizes


def fitted(name: str, layout: tuple) -> tuple:
    """``layout`` with its texts made ones the metric accepts (its ``fit_corpus`` hook:
    Meteor 1.5 refuses a line break and ``|||``, which the jar's protocol cannot carry)."""
    hyps, refs, groups = layout
    fit = strategy_hooks(get_metric(name)).fit_corpus
    hyps = fit((hyps, [[h] for h in hyps]))[0]
    if refs is not None:
        refs = [group[0] for group in fit((refs, [[r] for r in refs]))[1]]
    return hyps, refs, groups


def same(got, want) -> bool:
    """impl's result and the spec's nested lists, float for float (==, not a tolerance)."""
    if isinstance(got, np.ndarray):
        return got.dtype == np.float64 and np.array_equal(got, np.array(want, dtype=np.float64).reshape(got.shape)) \
            and got.tolist() == want
    return len(got) == len(want) and all(g.dtype == np.float64 and g.tolist() == w for g, w in zip(got, want))


#: pairwise matrices are of text lines (MBR's candidates); a metric of other segments
#: (BERTScore's token embeddings) is refused by both layers (tests/spec/test_bertscore_hand.py).
@pytest.mark.parametrize("name", [name for name in metric_names()
                                  if get_metric(name).references and input_hooks(get_metric(name)).segment_kind == "text"])
@settings(max_examples=40, suppress_health_check=[HealthCheck.too_slow])
@given(layout=layouts(), data=st.data())
def test_impl_pairwise_equals_spec_bit_for_bit(name, layout, data):
    hyps, refs, groups = fitted(name, layout)
    options = data.draw(metric_options(name))
    missing = verify_hooks(get_metric(name)).missing_data(options)
    if missing:  # nltk's METEOR with synonyms and no WordNet here, Meteor 1.5 without its jar
        pytest.skip(missing)
    chunk = data.draw(st.sampled_from(CHUNKS))
    want = spec.pairwise(configured(name, **options), hyps, refs, groups=groups)
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(pairwise_module, "CHUNK", chunk)
        got = impl.pairwise(configured(name, **options), hyps, refs, groups=groups)
    assert same(got, want), (got, want)


@pytest.mark.parametrize("route", ["shared", "shared-threads", "default"])
@pytest.mark.parametrize("name", SHARED)
@settings(max_examples=30, suppress_health_check=[HealthCheck.too_slow])
@given(layout=layouts(), data=st.data())
def test_each_route_equals_spec(name, route, layout, data):
    hyps, refs, groups = layout
    options = data.draw(metric_options(name))
    want = spec.pairwise(configured(name, **options), hyps, refs, groups=groups)
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(pairwise_module, "CHUNK", data.draw(st.sampled_from(CHUNKS)))
        patch.setattr(native, "THREADS", 3 if route == "shared-threads" else 1)
        if route == "default":
            patch.setattr(native, "pairs", None)
        elif native.pairs is None:
            pytest.skip("the compiled pairs kernel is not built")
        got = impl.pairwise(configured(name, **options), hyps, refs, groups=groups)
    assert same(got, want)


LINES = ["the cat sat on the mat .", "the cat is on the mat", "a cat sat on a mat", "", "  ",
         "Das ist ein Test.", "das ist ein test", "völlig anders!", "ein ein ein ein", "the the the cat",
         "\u4e2d\u6587\u6d4b\u8bd5", "hello, world (again)."]

FIXED_OPTIONS = {
    "bleu": [{}, {"max_ngram_order": 2}, {"tokenize": "char", "lowercase": True}, {"tokenize": "zh"},
             {"effective_order": False, "smooth_method": "floor"}],
    "chrf": [{}, {"word_order": 2}, {"n": 0, "word_order": 2}, {"lowercase": True, "whitespace": True},
             {"eps_smoothing": True, "beta": 1}],
}


@pytest.mark.parametrize("name,options", [(n, o) for n in SHARED for o in FIXED_OPTIONS[n]])
def test_fixed_options_equal_spec(name, options):
    want = spec.pairwise(configured(name, **options), LINES)
    assert same(impl.pairwise(configured(name, **options), LINES), want)
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(pairwise_module, "CHUNK", 7)
        assert same(impl.pairwise(configured(name, **options), LINES, groups=[5, 7]),
                    spec.pairwise(configured(name, **options), LINES, groups=[5, 7]))


@pytest.mark.parametrize("name,options", [("bleu", {}), ("chrf", {"word_order": 2})])
def test_large_block_read_in_slices_of_many_rows(name, options):
    """A block larger than a chunk is read a slice of rows at a time against its references'
    table: 36 x 3 pairs in chunks of 60 are slices of 20 rows (the kernel's gangs of 16
    hypotheses, and 4), repeated lines included."""
    hyps, refs = LINES * 3, LINES[:3]
    want = spec.pairwise(configured(name, **options), hyps, refs)
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(pairwise_module, "CHUNK", 60)
        assert same(impl.pairwise(configured(name, **options), hyps, refs), want)


@pytest.mark.skipif(native.pairs is None, reason="the compiled pairs kernel is not built")
@pytest.mark.parametrize("name,options", [(n, o) for n in SHARED for o in FIXED_OPTIONS[n]])
def test_shared_rows_equal_stats_matrix_of_explicit_pairs(name, options):
    """Row (i, j) of the shared-work route is ``stats_matrix([hyps[i]], [[refs[j]]])``,
    blocks and chunks however cut."""
    definition = get_metric(name)
    chosen = options_for_stats(definition, {**sentence_defaults(definition), **options})
    hyps, refs = LINES[:7], LINES[3:]
    blocks = [(0, 3, 0, 9), (3, 7, 2, 4), (0, 7, 0, 9)]
    pairs = [(i, j) for h0, h1, r0, r1 in blocks for i in range(h0, h1) for j in range(r0, r1)]
    want = definition.stats_matrix([hyps[i] for i, _ in pairs], [[refs[j]] for _, j in pairs], **chosen)
    for chunk in (1, 4, 9, 100):
        chunks = list(definition.pair_rows(hyps, refs, blocks, chunk, **chosen))
        assert all(len(rows) <= chunk for rows in chunks)
        got = np.concatenate(chunks)
        assert got.dtype == np.int64 and np.array_equal(got, want), chunk


def test_result_layout():
    lines = ["a b c", "a b", "b c d", "c"]
    assert impl.pairwise("bleu", lines[:3], lines).shape == (3, 4)
    assert impl.pairwise("chrf", lines).shape == (4, 4)
    grouped = impl.pairwise("chrf", lines, groups=[2, 2])
    assert isinstance(grouped, np.ndarray) and grouped.shape == (2, 2, 2)
    uneven = impl.pairwise("ter", lines, groups=[1, 3])
    assert isinstance(uneven, list) and [g.shape for g in uneven] == [(1, 1), (3, 3)]
    assert same(impl.pairwise("bleu", lines, lines[::-1], groups=[3, 1]),
                spec.pairwise("bleu", lines, lines[::-1], groups=[3, 1]))


BAD = [
    ((["a"], None), {"groups": [2]}),  # groups sum to 2, one line
    ((["a", "b"], None), {"groups": [1, 0, 1]}),
    ((["a", "b"], None), {"groups": [1.0, 1]}),
    ((["a", "b"], None), {"groups": [True, 1]}),
    ((["a", "b"], None), {"groups": 2}),
    ((["a", "b"], None), {"groups": []}),
    ((["a", "b"], ["a"]), {"groups": [1, 1]}),  # refs not split like hyps
    (([], None), {}),
    ((["a"], []), {}),
    (("a b", None), {}),
    ((["a", 1], None), {}),
    ((["a"], ["b", None]), {}),
    ((["a"], "b"), {}),
    ((["a"], None), {"no_such_option": 1}),
    ((["a"], None), {"tokenize": "nope"}),
    ((["a"], None), {"max_ngram_order": 0}),
]


@pytest.mark.parametrize("args,kwargs", BAD)
def test_bad_arguments_refused_like_spec(args, kwargs):
    own = {key: value for key, value in kwargs.items() if key == "groups"}  # pairwise's; the rest BLEU's
    options = {key: value for key, value in kwargs.items() if key != "groups"}
    with pytest.raises((TypeError, ValueError)) as want:
        spec.pairwise(configured("bleu", **options), *args, **own)
    with pytest.raises(want.type) as got:
        impl.pairwise(configured("bleu", **options), *args, **own)
    assert str(got.value) == str(want.value)
