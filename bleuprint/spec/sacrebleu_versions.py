"""The sacreBLEU versions bleuprint reproduces, what each adds, and which one applies.

bleuprint is exact to sacreBLEU 2.5.1 and 2.6.0. The two differ in nothing a metric
computes: 2.6.0 (2026-01-12) adds one BLEU tokenizer, ``spBLEU-1K`` (a SentencePiece
model, ``tokenizers/tokenizer_spm.py`` and the tokenizer table of ``metrics/bleu.py``), and
its version string, which ends every signature (``version:2.6.0``). Every other file of
the two wheels is the same (``diff -r`` of the unpacked wheels). So the chosen version
decides two things:

* the last field of the signatures of the metrics that follow sacreBLEU (BLEU, chrF, TER:
  those whose ``bleuprint.spec.signature.signature_version`` is empty), and
* which tokenizers exist: asking for a tokenizer that a version does not have
  (``spBLEU-1K`` under 2.5.1) is a ValueError naming the version that added it.

Which version applies, first match wins:

1. the version given to the call (``signature(..., sacrebleu_version="2.6.0")``, compat's
   ``BLEU(sacrebleu_version=...)``, ``bleuprint score --sacrebleu-version``);
2. the process-wide setting, ``set_sacrebleu_version`` (or ``using_sacrebleu_version``
   for a block);
3. the installed sacreBLEU's version, read from its package metadata (sacreBLEU itself is
   never imported: the spec does not load its oracles), when it is one of
   ``SUPPORTED_VERSIONS``;
4. otherwise ``NEWEST`` (2.6.0), what ``pip install sacrebleu`` gives today. When a
   sacreBLEU that bleuprint does not reproduce is installed (2.4.x, say), the fallback is
   not silent: a ``SacrebleuVersionWarning`` says which version is installed and which
   one the signatures name, once per process, and ``bleuprint score --version`` says it too.
   Nothing fails: the numbers of BLEU, chrF and TER have not changed since 2.0, but the
   signature then names a version other than the installed one, which is what the warning
   is for.

The installed version is read once per process (``installed_sacrebleu``; tests clear its
cache with ``installed_sacrebleu.cache_clear()``).
"""

from __future__ import annotations

import contextlib
import functools
import os
import re
import sys
import warnings

#: The sacreBLEU versions bleuprint reproduces, oldest first.
SUPPORTED_VERSIONS = ("2.5.1", "2.6.0")
#: The same, under the name ``bleuprint.spec`` and ``bleuprint`` export.
SACREBLEU_VERSIONS = SUPPORTED_VERSIONS

#: The default when the installed sacreBLEU is none of ``SUPPORTED_VERSIONS`` (or absent).
NEWEST = SUPPORTED_VERSIONS[-1]

#: Tokenizer name -> the first sacreBLEU version that has it, for the tokenizers that are
#: not in every supported version (sacreBLEU 2.6.0 ``metrics/bleu.py`` ``_TOKENIZERS``);
#: kept beside the tokenizers, ``bleuprint.spec.tokenizers.ADDED_IN``.
from .tokenizers import ADDED_IN  # noqa: E402

#: What each supported version adds over the one before it, in words.
CHANGES = {
    "2.5.1": "the reference version (every metric as bleuprint defines it)",
    "2.6.0": "the BLEU tokenizer spBLEU-1K (SentencePiece); nothing else a metric computes",
}


class SacrebleuVersionWarning(UserWarning):
    """The installed sacreBLEU is a version bleuprint does not reproduce; the default
    (``NEWEST``) is used instead."""


#: The process-wide choice (``set_sacrebleu_version``); None: the default rule.
_chosen: str | None = None
#: Whether the warning about an unsupported installed sacreBLEU was given (once a process;
#: ``installed_sacrebleu.cache_clear()`` re-arms it with the next reading).
_warned = False


def _as_tuple(version: str) -> tuple[int, ...]:
    return tuple(int(part) for part in version.split("."))


def check_sacrebleu_version(version: object) -> str:
    """``version`` if it is one of ``SUPPORTED_VERSIONS``; TypeError for a non-string,
    ValueError naming the supported versions otherwise."""
    if not isinstance(version, str):
        raise TypeError(f"sacrebleu_version must be a str such as '2.6.0', got {type(version).__name__}")
    if version not in SUPPORTED_VERSIONS:
        raise ValueError(f"unsupported sacreBLEU version {version!r}: bleuprint reproduces "
                         f"{' and '.join(SUPPORTED_VERSIONS)}")
    return version


@functools.cache
def installed_sacrebleu() -> str | None:
    """The installed sacreBLEU's version from its package metadata (not imported), or None."""
    global _warned
    _warned = False
    return distribution_version("sacrebleu")


def distribution_version(name: str) -> str | None:
    """``importlib.metadata.version(name)``, None where it raises ``PackageNotFoundError``.

    importlib.metadata builds a lookup of every ``*.dist-info`` and ``*.egg-info`` of every
    ``sys.path`` directory (about 40 ms of CPU on a start-up that scores in a few), so where
    the plain path finder is the only finder of distributions, this reads the same
    directories as it does, in its order, and stops at the first of ``name``
    (``_path_version``); anything else (another finder, a zip on the path, an ``.egg``
    directory, metadata without a version) is left to importlib.metadata itself.
    ``tests/spec/test_sacrebleu_versions.py`` holds the two to the same answers."""
    found = _path_version(name)
    if found is not _ASK_IMPORTLIB:
        return found
    from importlib import metadata  # here: only a default needs it

    try:
        return metadata.version(name)
    except (metadata.PackageNotFoundError, KeyError):  # KeyError: no Version, as the backport says it
        return None


#: ``_path_version``'s answer where importlib.metadata is to decide.
_ASK_IMPORTLIB = object()


def _normalized(name: str) -> str:
    """A distribution name as importlib.metadata compares it (``Prepared.normalize``: runs
    of ``-``, ``_`` and ``.`` are one ``_``, lower case)."""
    return re.sub(r"[-_.]+", "-", name).lower().replace("-", "_")


def _path_version(name: str):
    """The version in the metadata of the first distribution ``name`` in the ``sys.path``
    directories (importlib.metadata's ``MetadataPathFinder``: a directory's entries in
    ``os.listdir`` order, ``NAME-*.dist-info`` and ``NAME-*.egg-info`` by their normalized
    name), None when none has it, ``_ASK_IMPORTLIB`` where its rules are not this simple
    case's (``distribution_version``)."""
    from importlib.machinery import PathFinder

    if any(finder is not PathFinder and hasattr(finder, "find_distributions") for finder in sys.meta_path):
        return _ASK_IMPORTLIB
    wanted = _normalized(name)
    for entry in sys.path:
        root = entry or "."
        try:
            children = os.listdir(root)
        except NotADirectoryError:
            return _ASK_IMPORTLIB  # a zip file: importlib.metadata reads its entries
        except OSError:
            continue
        if os.path.basename(entry).lower().endswith(".egg"):
            return _ASK_IMPORTLIB  # an egg's own "EGG-INFO" is looked up there too
        for child in children:
            low = child.lower()
            if low.endswith((".dist-info", ".egg-info")) and \
                    _normalized(low.rpartition(".")[0].partition("-")[0]) == wanted:
                version = _metadata_version(os.path.join(root, child))
                return _ASK_IMPORTLIB if version is None else version
    return None


def _metadata_version(path: str) -> str | None:
    """The ``Version`` header of the metadata at ``path`` (a directory's ``METADATA`` or
    ``PKG-INFO``), None where it has none or is not plain (importlib.metadata decides)."""
    for file in ("METADATA", "PKG-INFO"):
        try:
            with open(os.path.join(path, file), encoding="utf-8") as handle:
                text = handle.read()
        except OSError:
            continue
        if not text:
            continue
        for line in text.splitlines():
            if not line.strip():
                return None  # the headers end: no version among them
            key, colon, value = line.partition(":")
            if colon and key.strip().lower() == "version" and not line[0].isspace():
                return value.strip() or None
        return None
    return None


def default_sacrebleu_version() -> str:
    """The version when neither the call nor the process chooses one (module doc, rules 3
    and 4); warns (``SacrebleuVersionWarning``) when an unsupported sacreBLEU is installed."""
    global _warned
    installed = installed_sacrebleu()
    if installed is None or installed in SUPPORTED_VERSIONS:
        return installed or NEWEST
    if not _warned:
        _warned = True
        warnings.warn(unsupported_note(installed), SacrebleuVersionWarning, stacklevel=3)
    return NEWEST


def unsupported_note(installed: str) -> str:
    """The sentence that says an installed sacreBLEU is not reproduced, and what is used."""
    return (f"sacreBLEU {installed} is installed, but bleuprint reproduces only "
            f"{' and '.join(SUPPORTED_VERSIONS)}: signatures say version:{NEWEST} "
            f"(choose with sacrebleu_version= or --sacrebleu-version)")


def set_sacrebleu_version(version: str | None) -> str | None:
    """Choose the sacreBLEU version for the whole process (None: back to the default rule).
    Returns the previous setting."""
    global _chosen
    previous = _chosen
    _chosen = None if version is None else check_sacrebleu_version(version)
    return previous


@contextlib.contextmanager
def using_sacrebleu_version(version: str | None):
    """``set_sacrebleu_version(version)`` for the duration of a ``with`` block."""
    previous = set_sacrebleu_version(version)
    try:
        yield chosen_sacrebleu_version()
    finally:
        set_sacrebleu_version(previous)


def chosen_sacrebleu_version(version: str | None = None) -> str:
    """The version that applies (module doc): ``version`` if given, else the process-wide
    setting, else ``default_sacrebleu_version()``."""
    if version is not None:
        return check_sacrebleu_version(version)
    if _chosen is not None:
        return _chosen
    return default_sacrebleu_version()


def check_tokenizer_version(tokenize: object, version: str) -> None:
    """ValueError when the tokenizer ``tokenize`` is not in sacreBLEU ``version``
    (``spBLEU-1K`` before 2.6.0); any other name passes (it is checked elsewhere)."""
    added = ADDED_IN.get(tokenize) if isinstance(tokenize, str) else None
    if added is not None and _as_tuple(version) < _as_tuple(added):
        raise ValueError(f"tokenizer {tokenize!r} is new in sacreBLEU {added}; it does not exist in "
                         f"sacreBLEU {version} (choose sacreBLEU version {added})")


def tokenizers_of(version: str, tokenizers) -> tuple[str, ...]:
    """The names among ``tokenizers`` that sacreBLEU ``version`` has."""
    check_sacrebleu_version(version)
    return tuple(name for name in tokenizers
                 if name not in ADDED_IN or _as_tuple(version) >= _as_tuple(ADDED_IN[name]))
