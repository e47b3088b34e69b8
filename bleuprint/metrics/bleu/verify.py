"""bleu's hooks of the verify tool (``bleuprint.hooks``): moved from the metric's class."""

from __future__ import annotations

from ...spec.tokenizers import OUTSIDE_TOKENIZERS
from ...spec.tokenizers import TOKENIZERS
from ...verify_hooks import labelled_configurations


def verify_configurations(definition) -> tuple:
    """Each tokenizer and smoothing, a high order with the effective order, a low order
    with add-k of another value."""
    return labelled_configurations(
        *({"tokenize": t} for t in ("13a", "none", "intl", "zh", "char")),
        *({"smooth_method": m} for m in ("none", "floor", "add-k")),
        {"effective_order": True, "max_ngram_order": 6, "lowercase": True},
        {"smooth_method": "add-k", "smooth_value": 0.5, "max_ngram_order": 2})


def missing_data(definition, options: dict) -> str:
    """Why BLEU cannot be computed with ``options`` here ("" when it can): a MeCab
    tokenizer without its packages, a SentencePiece tokenizer without its model file
    or package (the message names the pip command or the file)."""
    tokenize = options.get("tokenize", "13a")
    if tokenize not in OUTSIDE_TOKENIZERS:
        return ""
    from ...spec.tokenizers_mecab import MECAB_TOKENIZERS, mecab_tagger
    from ...spec.tokenizers_spm import spm_processor

    if tokenize in MECAB_TOKENIZERS:
        try:
            mecab_tagger(tokenize)
        except ValueError:  # MissingTokenizerPackage is one too; one reason for both tokenizers
            return ("MeCab or its dictionary is not installed (ja-mecab: pip install 'bleuprint[ja]', "
                    "ko-mecab: pip install 'bleuprint[ko]')")
        return ""
    try:
        spm_processor(tokenize)
    except ValueError as exc:
        return str(exc)
    return ""


def real_corpus_configurations(definition) -> tuple:
    """Every tokenizer."""
    return tuple(({"tokenize": t}, f"tokenize={t}") for t in TOKENIZERS)


def layer_functions(definition, layer) -> dict:
    return {"stats": layer.bleu_stats, "corpus": layer.corpus_bleu, "sentence": layer.sentence_bleu}
