"""``bleuprint.compat`` against sacreBLEU 2.5.1's own Python API on generated corpora.

Corpora come from ``bleuprint.strategies.corpora()`` in bleuprint's layout (``refs[i]``:
the references of ``hyps[i]``) and are transposed into sacreBLEU's reference streams
(``streams[r][i]``), with ``None`` where a segment has fewer references (sacreBLEU drops
those, and says ``nrefs:var``). Both APIs get the same streams and options; expected
values are sacreBLEU's. Scores must be equal within 1e-9 (on 0..100), statistics exactly,
and the text forms (``format()``, signatures) byte for byte.
"""

from __future__ import annotations

import math

import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st

from bleuprint import compat
from bleuprint.strategies import bleu_options, chrf_options, corpora, sentences

#: The golden and live checks, rerun against sacreBLEU 2.6.0 by .ci/sacrebleu-2.6.0.sh; bleuprint's
#: signatures are asked for under the installed sacreBLEU's version.
pytestmark = [pytest.mark.sacrebleu_live, pytest.mark.usefixtures("as_installed_sacrebleu")]

sacrebleu = pytest.importorskip("sacrebleu", reason="sacreBLEU 2.5.1 is the oracle of these tests")

TOLERANCE = 1e-9


def streams_of(refs: list[list[str]]) -> list[list[str | None]]:
    """Transpose per-segment reference lists into streams, padding with None."""
    width = max(len(r) for r in refs)
    return [[r[k] if k < len(r) else None for r in refs] for k in range(width)]


def bleu_kwargs(options: dict) -> dict:
    return dict(options)


def chrf_kwargs(options: dict) -> dict:
    kwargs = dict(options)
    kwargs["char_order"] = kwargs.pop("n")
    return kwargs


def assert_same_bleu(ours, theirs):
    assert math.isclose(ours.score, theirs.score, rel_tol=0, abs_tol=TOLERANCE)
    assert (ours.counts, ours.totals, ours.sys_len, ours.ref_len) == (
        theirs.counts, theirs.totals, theirs.sys_len, theirs.ref_len)
    assert ours.precisions == pytest.approx(theirs.precisions, abs=TOLERANCE)
    assert ours.bp == theirs.bp and ours.ratio == theirs.ratio
    assert ours.format() == theirs.format()
    assert str(ours) == str(theirs)


@given(corpora(), bleu_options())
def test_bleu_class(corpus, options):
    hyps, refs = corpus
    streams = streams_of(refs)
    ours, theirs = compat.BLEU(**bleu_kwargs(options)), sacrebleu.BLEU(**bleu_kwargs(options))
    assert_same_bleu(ours.corpus_score(hyps, streams), theirs.corpus_score(hyps, streams))
    for short in (False, True):
        assert ours.get_signature().format(short) == theirs.get_signature().format(short)
    # sentence_score, and the reference cache built by the constructor
    assert_same_bleu(ours.sentence_score(hyps[0], refs[0]), theirs.sentence_score(hyps[0], refs[0]))
    cached_ours = compat.BLEU(**bleu_kwargs(options), references=streams)
    cached_theirs = sacrebleu.BLEU(**bleu_kwargs(options), references=streams)
    assert_same_bleu(cached_ours.corpus_score(hyps, None), cached_theirs.corpus_score(hyps, None))


@settings(max_examples=60)
@given(corpora(), chrf_options())
# Found by this test: bleuprint.impl's chrF++ raised IndexError on a corpus without words.
@example(([""], [[""]]), {"n": 6, "beta": 2, "word_order": 1, "lowercase": False, "whitespace": False,
                          "eps_smoothing": False})
def test_chrf_class(corpus, options):
    hyps, refs = corpus
    streams = streams_of(refs)
    ours, theirs = compat.CHRF(**chrf_kwargs(options)), sacrebleu.CHRF(**chrf_kwargs(options))
    a, b = ours.corpus_score(hyps, streams), theirs.corpus_score(hyps, streams)
    assert math.isclose(a.score, b.score, rel_tol=0, abs_tol=TOLERANCE)
    assert (a.name, a.beta, a.char_order, a.word_order) == (b.name, b.beta, b.char_order, b.word_order)
    assert a.format(width=3) == b.format(width=3)
    assert ours.get_signature().format(True) == theirs.get_signature().format(True)
    assert str(ours.get_signature()) == str(theirs.get_signature())
    s1, s2 = ours.sentence_score(hyps[-1], refs[-1]), theirs.sentence_score(hyps[-1], refs[-1])
    assert math.isclose(s1.score, s2.score, rel_tol=0, abs_tol=TOLERANCE)


@settings(max_examples=60)
@given(corpora(), chrf_options(), st.integers(1, 3))
@example((["the cat sat on the mat.", "hello"], [["the cat is on the mat."], ["hi there"]]),
         {"n": 6, "beta": 2, "word_order": 2, "lowercase": False, "whitespace": False, "eps_smoothing": False}, 2)
def test_word_only_chrf_class(corpus, options, word_order):
    """``CHRF(char_order=0, word_order=k)``, the word-only chrF: score, name (``chrF2++``
    for k = 2, as chrF++), ``format()``, signatures (``nc:0``), the per-segment statistics
    (3 numbers per word order), ``sentence_score``, the reference cache and the functions
    ``corpus_chrf`` / ``sentence_chrf``, against sacreBLEU's."""
    hyps, refs = corpus
    streams = streams_of(refs)
    kwargs = {**chrf_kwargs(options), "char_order": 0, "word_order": word_order}
    ours, theirs = compat.CHRF(**kwargs), sacrebleu.CHRF(**kwargs)
    a, b = ours.corpus_score(hyps, streams), theirs.corpus_score(hyps, streams)
    assert math.isclose(a.score, b.score, rel_tol=0, abs_tol=TOLERANCE)
    assert (a.name, a.beta, a.char_order, a.word_order) == (b.name, b.beta, b.char_order, b.word_order)
    assert a.format(width=3) == b.format(width=3)
    for short in (False, True):
        assert ours.get_signature().format(short) == theirs.get_signature().format(short)
    assert ours.statistics(hyps, streams).tolist() == theirs._extract_corpus_statistics(hyps, streams)
    s1, s2 = ours.sentence_score(hyps[-1], refs[-1]), theirs.sentence_score(hyps[-1], refs[-1])
    assert math.isclose(s1.score, s2.score, rel_tol=0, abs_tol=TOLERANCE)
    cached = compat.CHRF(**kwargs, references=streams).corpus_score(hyps, None)
    expected = sacrebleu.CHRF(**kwargs, references=streams).corpus_score(hyps, None)
    assert cached.format(width=4) == expected.format(width=4)
    function_kwargs = dict(char_order=0, word_order=word_order, beta=options["beta"],
                           remove_whitespace=not options["whitespace"], eps_smoothing=options["eps_smoothing"])
    assert str(compat.corpus_chrf(hyps, streams, **function_kwargs)) == str(
        sacrebleu.corpus_chrf(hyps, streams, **function_kwargs))
    assert compat.sentence_chrf(hyps[0], refs[0], **function_kwargs).score == pytest.approx(
        sacrebleu.sentence_chrf(hyps[0], refs[0], **function_kwargs).score, abs=TOLERANCE)


ter_options = st.fixed_dictionaries({name: st.booleans() for name in
                                     ("normalized", "no_punct", "asian_support", "case_sensitive")})


@settings(max_examples=30)
@given(corpora(max_size=4), ter_options)
def test_ter_class(corpus, options):
    hyps, refs = corpus
    streams = streams_of(refs)
    ours, theirs = compat.TER(**options), sacrebleu.TER(**options)
    a, b = ours.corpus_score(hyps, streams), theirs.corpus_score(hyps, streams)
    assert math.isclose(a.score, b.score, rel_tol=0, abs_tol=TOLERANCE)
    assert (a.num_edits, a.ref_length) == (b.num_edits, b.ref_length)
    assert a.format() == b.format()
    for short in (False, True):
        assert ours.get_signature().format(short) == theirs.get_signature().format(short)


@given(sentences(), ter_options)
def test_tercom_tokenizer(line, options):
    from sacrebleu.tokenizers.tokenizer_ter import TercomTokenizer

    ours, theirs = compat.TercomTokenizer(**options), TercomTokenizer(**options)
    assert ours(line) == theirs(line)
    assert ours.signature() == theirs.signature() == "tercom"


@settings(max_examples=25)
@given(corpora(max_size=5), st.sampled_from(["exp", "floor", "add-k", "none"]),
       st.sampled_from([None, 0.5, 2]), st.booleans(), st.booleans(), st.sampled_from(["13a", "intl", "none"]))
def test_function_api(corpus, smooth_method, smooth_value, lowercase, effective, tokenize):
    """The functions of sacreBLEU's ``compat.py`` with their own defaults."""
    hyps, refs = corpus
    streams = streams_of(refs)
    kwargs = dict(smooth_method=smooth_method, smooth_value=smooth_value, lowercase=lowercase, tokenize=tokenize)
    assert_same_bleu(compat.corpus_bleu(hyps, streams, **kwargs, use_effective_order=effective),
                     sacrebleu.corpus_bleu(hyps, streams, **kwargs, use_effective_order=effective))
    assert_same_bleu(compat.raw_corpus_bleu(hyps, streams), sacrebleu.raw_corpus_bleu(hyps, streams))
    assert_same_bleu(compat.raw_corpus_bleu(hyps, streams, 0.3), sacrebleu.raw_corpus_bleu(hyps, streams, 0.3))
    assert_same_bleu(compat.sentence_bleu(hyps[0], refs[0], **kwargs), sacrebleu.sentence_bleu(hyps[0], refs[0], **kwargs))
    for remove_whitespace in (True, False):
        chrf_kwargs_ = dict(word_order=2 if effective else 0, remove_whitespace=remove_whitespace,
                            eps_smoothing=lowercase)
        assert str(compat.corpus_chrf(hyps, streams, **chrf_kwargs_)) == str(
            sacrebleu.corpus_chrf(hyps, streams, **chrf_kwargs_))
        assert compat.sentence_chrf(hyps[0], refs[0], **chrf_kwargs_).score == pytest.approx(
            sacrebleu.sentence_chrf(hyps[0], refs[0], **chrf_kwargs_).score, abs=TOLERANCE)
    assert str(compat.corpus_ter(hyps, streams, case_sensitive=lowercase)) == str(
        sacrebleu.corpus_ter(hyps, streams, case_sensitive=lowercase))
    assert compat.sentence_ter(hyps[0], refs[0], no_punct=effective).score == pytest.approx(
        sacrebleu.sentence_ter(hyps[0], refs[0], no_punct=effective).score, abs=TOLERANCE)


@settings(max_examples=60)
@given(st.integers(1, 6).flatmap(lambda n: st.tuples(
    st.just(n), st.lists(st.integers(0, 30), min_size=n, max_size=n), st.lists(st.integers(0, 40), min_size=n,
                                                                               max_size=n),
    st.integers(0, 60), st.integers(0, 60))), st.sampled_from(["exp", "floor", "add-k", "none"]),
    st.sampled_from([None, 0.5, 2]), st.booleans())
def test_compute_bleu_static(stats, smooth_method, smooth_value, effective):
    """``BLEU.compute_bleu`` (default smoothing 'none') on arbitrary statistics."""
    n, correct, total, sys_len, ref_len = stats
    correct = [min(c, t) for c, t in zip(correct, total)]
    kwargs = dict(smooth_method=smooth_method, smooth_value=smooth_value, effective_order=effective,
                  max_ngram_order=n)
    assert_same_bleu(compat.BLEU.compute_bleu(list(correct), list(total), sys_len, ref_len, **kwargs),
                     sacrebleu.BLEU.compute_bleu(list(correct), list(total), sys_len, ref_len, **kwargs))
    assert compat.BLEU.compute_bleu(correct, total, sys_len, ref_len, max_ngram_order=n).score == \
        sacrebleu.BLEU.compute_bleu(list(correct), list(total), sys_len, ref_len, max_ngram_order=n).score


@pytest.mark.parametrize("seed", ["12345", "7", "None"])
def test_bootstrap_interval_and_signature(monkeypatch, seed):
    """``corpus_score(n_bootstrap=...)`` with ``SACREBLEU_SEED``: the interval (seed for
    seed; with ``none`` only the signature, the draws being unseeded) and the signature's
    ``bs``/``seed`` keys, which stay on the metric object afterwards."""
    monkeypatch.setenv("SACREBLEU_SEED", seed)
    hyps = ["the cat sat on the mat", "a dog barked", "hello world , again", "it is 3.14 now", "no match here"]
    streams = [["the cat sat on a mat", "the dog barked", "hello world again", "it is 3.14", "nothing"],
               ["a cat sat on the mat", None, "hello , world", "now it is 3.14", "no match"]]
    for ours, theirs in ((compat.BLEU(), sacrebleu.BLEU()), (compat.CHRF(word_order=2), sacrebleu.CHRF(word_order=2)),
                         (compat.CHRF(char_order=0, word_order=2), sacrebleu.CHRF(char_order=0, word_order=2)),
                         (compat.TER(), sacrebleu.TER())):
        a = ours.corpus_score(hyps, streams, n_bootstrap=200)
        b = theirs.corpus_score(hyps, streams, n_bootstrap=200)
        if seed != "None":
            assert a.format(width=4) == b.format(width=4)
            assert a._mean == pytest.approx(float(b._mean), abs=TOLERANCE)
            assert a._ci == pytest.approx(float(b._ci), abs=TOLERANCE)
        signature = theirs.get_signature().format()
        assert ours.get_signature().format() == signature and f"bs:200|seed:{seed.lower()}" in signature
        ours.corpus_score(hyps, streams)
        theirs.corpus_score(hyps, streams)
        assert str(ours.get_signature()) == str(theirs.get_signature())
