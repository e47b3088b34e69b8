"""BLEU's tokenizers that call an outside library, for a whole corpus: MeCab's ``ja-mecab``
and ``ko-mecab`` (``bleuprint.spec.tokenizers_mecab``) and the SentencePiece ones
(``bleuprint.spec.tokenizers_spm``).

The library is the floor (MeCab and SentencePiece are not re-implemented), so what is
left to save is everything around it:

* each distinct line is prepared (BLEU's ``lower()`` if asked, ``rstrip()``) and tokenized
  once, whatever the number of times it occurs (references shared by several systems,
  repeated hypotheses; sacreBLEU keeps a 65,536-line cache for the same purpose);
* MeCab: the spec's ``tokenize_mecab`` once per distinct line (one ``parse`` call on the
  tagger the spec builds and checks); the lines are never joined into one parse,
  which would change MeCab's context at the joins and its reading of a NUL character;
* SentencePiece: the distinct lines in one batch call of the list API
  (``encode(lines, out_type=str)``, the library's own threads), the same pieces as the
  spec's ``EncodeAsPieces`` line by line;
* the output strings then go through the ``none`` tokenizer's route of
  ``bleuprint.impl.tokenizers`` (the compiled kernel's white-space split and n-gram
  counting): BLEU's tokens of the tokenizer's output are its ``split()``.

``tests/impl/test_tokenizers_outside_diff.py`` holds this to the spec.
"""

from __future__ import annotations

from ..spec.tokenizers_mecab import MECAB_TOKENIZERS, tokenize_mecab
from ..spec.tokenizers_spm import SPM_TOKENIZERS, spm_processor

__all__ = ["outside_tokenized"]


def _mecab_outputs(prepared: list[str], name: str) -> list[str]:
    # The spec's one call per line: MeCab's parse is the whole cost of a line.
    return [tokenize_mecab(line, name) for line in prepared]


def _spm_outputs(prepared: list[str], name: str) -> list[str]:
    processor = spm_processor(name)
    if not prepared:
        return []
    return [" ".join(pieces) for pieces in processor.encode(prepared, out_type=str)]


def outside_tokenized(lines: list[str], name: str, lowercase: bool = False) -> list[str]:
    """The output of tokenizer ``name`` (MeCab or SentencePiece) for every line of
    ``lines`` (str, checked already) after BLEU's preparation: ``tokenize(line.lower()
    .rstrip(), name)`` (``lower`` if ``lowercase``), each distinct line computed once."""
    distinct = list(dict.fromkeys(lines))
    prepared = [line.lower().rstrip() for line in distinct] if lowercase else [line.rstrip() for line in distinct]
    if name in MECAB_TOKENIZERS:
        outputs = _mecab_outputs(prepared, name)
    elif name in SPM_TOKENIZERS:
        outputs = _spm_outputs(prepared, name)
    else:
        raise ValueError(f"{name!r} is not a tokenizer of an outside library")
    if len(distinct) == len(lines):
        return outputs
    table = dict(zip(distinct, outputs))
    return [table[line] for line in lines]
