"""BLEU's SentencePiece tokenizers ``spm``, ``flores101``, ``flores200`` and ``spBLEU-1K``
(spBLEU), as sacreBLEU defines them; ``spBLEU-1K`` is sacreBLEU 2.6.0's.

Definition (sacreBLEU 2.5.1 and 2.6.0 ``tokenizers/tokenizer_spm.py``, behaviour read, not
code copied): a line (lowercased if asked and right-stripped by BLEU, nothing else) is
encoded into pieces by a SentencePiece model (``EncodeAsPieces``), and the pieces are
joined with single spaces; BLEU then splits on white space (so a piece that holds white
space SentencePiece kept, e.g. U+0085, is split there too). Each name stands for one model
file, which sacreBLEU downloads into ``$SACREBLEU/models/`` (default
``~/.sacrebleu/models/``) under the basename of its URL:

============  ==========================================================================  ==============
name          sacreBLEU's URL                                                             signature tok
============  ==========================================================================  ==============
spm           https://dl.fbaipublicfiles.com/fairseq/models/flores/sacrebleu_tokenizer_spm.model   flores101
flores101     (the same file as spm)                                                      flores101
flores200     https://tinyurl.com/flores200sacrebleuspm                                   flores200
spBLEU-1K     https://www.dlnlp.ai/spBLEU-1K/spbleu-1k_tokenizer_spm.model (2.6.0)        spBLEU-1K
============  ==========================================================================  ==============

``spm`` is sacreBLEU's old name of ``flores101`` (it logs that it was renamed); both sign
``tok:flores101``. The model is not part of the signature, only its name.

bleuprint downloads nothing. The model file is, in this order: the path given for the
tokenizer with ``use_spm_model`` (the command line's ``--spm-model PATH``,
``bleuprint.compat.BLEU(spm_model=PATH)``), else sacreBLEU's cached file if it is already
there. Otherwise ``ValueError`` names the file expected, where bleuprint looked and the URL
sacreBLEU would have downloaded it from. The ``sentencepiece`` package (``pip install
'bleuprint[spm]'``) is imported when a tokenizer is first used.
"""

from __future__ import annotations

import functools
import os

from .inputs import check_choice, check_text
from .tokenizers_mecab import MissingTokenizerPackage

#: BLEU's SentencePiece tokenizers, in sacreBLEU's spelling.
SPM_TOKENIZERS = ("spm", "flores101", "flores200", "spBLEU-1K")

_FLORES101_URL = "https://dl.fbaipublicfiles.com/fairseq/models/flores/sacrebleu_tokenizer_spm.model"

#: name -> (the URL sacreBLEU downloads the model from, the signature's tok field).
SPM_MODELS = {
    "spm": (_FLORES101_URL, "flores101"),
    "flores101": (_FLORES101_URL, "flores101"),
    "flores200": ("https://tinyurl.com/flores200sacrebleuspm", "flores200"),
    "spBLEU-1K": ("https://www.dlnlp.ai/spBLEU-1K/spbleu-1k_tokenizer_spm.model", "spBLEU-1K"),
}

INSTALL_COMMAND = "pip install 'bleuprint[spm]'"

#: Model files given with ``use_spm_model``: the model's file name -> path (``spm`` and
#: ``flores101`` name one file, so a path given for one is the other's too).
_GIVEN: dict[str, str] = {}


def spm_signature(name: str) -> str:
    """The ``tok`` field of BLEU's signature for tokenizer ``name`` (module doc)."""
    check_choice(name, SPM_TOKENIZERS, "SentencePiece tokenizer")
    return SPM_MODELS[name][1]


def model_file_name(name: str) -> str:
    """The file name sacreBLEU gives the model of ``name``: the basename of its URL."""
    check_choice(name, SPM_TOKENIZERS, "SentencePiece tokenizer")
    return SPM_MODELS[name][0].rsplit("/", 1)[-1]


def sacrebleu_model_path(name: str) -> str:
    """Where sacreBLEU keeps the model of ``name``: ``$SACREBLEU/models/FILE``, with
    ``~/.sacrebleu`` when ``SACREBLEU`` is not set (read now, not at import)."""
    home = os.environ.get("SACREBLEU", os.path.join(os.path.expanduser("~"), ".sacrebleu"))
    return os.path.join(home, "models", model_file_name(name))


def use_spm_model(name: str, path) -> None:
    """Use the SentencePiece model file ``path`` for tokenizer ``name`` in this process
    (None: forget a path given before, so sacreBLEU's cache is read again). The file must
    exist; it is loaded when the tokenizer is first used."""
    check_choice(name, SPM_TOKENIZERS, "SentencePiece tokenizer")
    if path is None:
        _GIVEN.pop(model_file_name(name), None)
        return
    path = os.fspath(path)
    if not isinstance(path, str):
        raise TypeError(f"the SentencePiece model path must be a str or a path, got {type(path).__name__}")
    if not os.path.isfile(path):
        raise ValueError(f"the SentencePiece model file {path!r} given for {name} does not exist")
    _GIVEN[model_file_name(name)] = path


def spm_model_path(name: str) -> str:
    """The model file of tokenizer ``name`` (module doc), or ValueError saying which file
    is expected, where bleuprint looked, and where sacreBLEU would download it from; a
    ValueError too for a tokenizer the chosen sacreBLEU version does not have
    (``spBLEU-1K`` under 2.5.1: ``bleuprint.spec.sacrebleu_versions``)."""
    from .sacrebleu_versions import check_tokenizer_version, chosen_sacrebleu_version  # it imports this module

    check_tokenizer_version(name, chosen_sacrebleu_version())
    given = _GIVEN.get(model_file_name(name))
    if given is not None:
        return given
    cached = sacrebleu_model_path(name)
    if os.path.isfile(cached):
        return cached
    raise ValueError(
        f"the {name} tokenizer needs the SentencePiece model {model_file_name(name)!r}, which bleuprint does not "
        f"download: no path was given (--spm-model PATH, or bleuprint.spec.use_spm_model({name!r}, PATH)) and "
        f"sacreBLEU's cache has no {cached!r}; sacreBLEU downloads it from {SPM_MODELS[name][0]}")


@functools.cache
def _processor(path: str, stamp: tuple):
    """The loaded model at ``path`` (``stamp``: its size and modification time, so a
    file written again is loaded again)."""
    try:
        import sentencepiece
    except ImportError:
        raise MissingTokenizerPackage(f"the SentencePiece tokenizers need the sentencepiece package, which is not "
                                      f"installed: {INSTALL_COMMAND}") from None
    processor = sentencepiece.SentencePieceProcessor()
    processor.Load(path)
    return processor


def spm_processor(name: str):
    """The ``sentencepiece.SentencePieceProcessor`` of tokenizer ``name``, its model
    loaded from ``spm_model_path(name)``."""
    path = spm_model_path(name)
    stat = os.stat(path)
    return _processor(path, (stat.st_size, stat.st_mtime_ns))


def tokenize_spm(line: str, name: str = "flores101") -> str:
    """The pieces of ``line`` under the model of ``name``, joined by single spaces (module
    doc). Example, with a model that knows ``▁the`` and ``▁cat``: ``"the cat"`` ->
    ``"▁the ▁cat"``."""
    check_text(line, "line")
    return " ".join(spm_processor(name).EncodeAsPieces(line))
