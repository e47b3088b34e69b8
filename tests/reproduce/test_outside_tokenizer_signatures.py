"""``bleuprint reproduce`` reads the ``tok`` field of a signature made with a MeCab or
SentencePiece tokenizer back as that tokenizer: sacreBLEU writes MeCab's version and
dictionary into the field (``ja-mecab-0.996-IPA``) and the model's name for SentencePiece
(``flores101`` for both ``spm`` and ``flores101``)."""

from __future__ import annotations

import pytest

from bleuprint.core import get_metric
from bleuprint.reproduce.hooks import reproduce_hooks


@pytest.mark.parametrize("field, tokenizer", [
    ("ja-mecab-0.996-IPA", "ja-mecab"), ("ko-mecab-0.996/ko-0.9.2-KO", "ko-mecab"),
    ("ja-mecab-0.997-IPA", "ja-mecab"),  # another MeCab: still the tokenizer (the score says the rest)
    ("flores101", "flores101"), ("flores200", "flores200"), ("spBLEU-1K", "spBLEU-1K"), ("13a", "13a")])
def test_tok_field_names_the_tokenizer(field, tokenizer):
    options, _ = reproduce_hooks(get_metric("bleu")).options_from_signature({"tok": field, "case": "mixed"}, {})
    assert options["tokenize"] == tokenizer
