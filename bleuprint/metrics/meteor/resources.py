"""The Meteor 1.5 jar's own resources, found and read at run time (never copied into
bleuprint): the jar itself, its function words (``function/english.words``), its
nonbreaking prefixes (``nonbreaking/english.prefixes``), its synonym files
(``synonym/english.{synsets,relations,exceptions}``) and the paraphrase table beside it
(``data/paraphrase-en.gz``).

The jar is the one pycocoevalcap 1.2 ships (``pycocoevalcap/meteor/meteor-1.5.jar``,
built 2015-03-12, sha256 ``PINNED_SHA256``); it reportedly differs from CMU's tarball
release (tylin/coco-caption#34), so a jar with another checksum is refused unless the
caller says ``allow_other_jar=True``. Where the jar is: an explicit path (the jar, or the
folder holding it), else the environment variable ``BLEUPRINT_METEOR_JAR``, else the
installed pycocoevalcap package's folder, found without importing pycocoevalcap.
"""

from __future__ import annotations

import hashlib
import importlib.util
import os
import zipfile
from pathlib import Path

#: sha256 of pycocoevalcap 1.2's meteor-1.5.jar (6,318,693 bytes).
PINNED_SHA256 = "1e57b4c72c0830ebe68558f1c799a624e96cbc1b6045c9f6330e26dcff6eafc2"
JAR_NAME = "meteor-1.5.jar"
ENV_VARIABLE = "BLEUPRINT_METEOR_JAR"
INSTALL_HINT = "pip install pycocoevalcap==1.2 (it ships meteor-1.5.jar and data/paraphrase-en.gz)"

_CHECKED: dict = {}


def _installed_jar() -> Path | None:
    """pycocoevalcap's meteor/meteor-1.5.jar, located through the import system's finder
    (``find_spec`` of a top-level package runs none of its code)."""
    try:
        found = importlib.util.find_spec("pycocoevalcap")
    except (ImportError, ValueError):
        return None
    if found is None or not found.submodule_search_locations:
        return None
    for folder in found.submodule_search_locations:
        candidate = Path(folder) / "meteor" / JAR_NAME
        if candidate.is_file():
            return candidate
    return None


def find_jar(path=None, *, allow_other_jar: bool = False) -> Path:
    """The Meteor 1.5 jar: ``path`` (the jar or its folder), else ``$BLEUPRINT_METEOR_JAR``,
    else pycocoevalcap's. ValueError saying which file is expected when there is none,
    and naming both checksums when it is not the pinned jar (unless ``allow_other_jar``)."""
    if path is None:
        path = os.environ.get(ENV_VARIABLE) or None
    if path is not None:
        if not isinstance(path, (str, os.PathLike)):
            raise TypeError(f"Meteor: the jar's location must be a path, got {type(path).__name__}")
        jar = Path(path)
        if jar.is_dir():
            jar = jar / JAR_NAME
        if not jar.is_file():
            raise ValueError(f"Meteor: no {JAR_NAME} at {jar} (expected the jar of pycocoevalcap 1.2, "
                             f"or the folder holding it; {INSTALL_HINT})")
    else:
        jar = _installed_jar()
        if jar is None:
            raise ValueError(f"Meteor 1.5 needs its jar's resources: no {JAR_NAME} found "
                             f"(give its path, set {ENV_VARIABLE}, or {INSTALL_HINT})")
    if not allow_other_jar:
        digest = jar_sha256(jar)
        if digest != PINNED_SHA256:
            raise ValueError(f"Meteor: {jar} has sha256 {digest}, not pycocoevalcap 1.2's {PINNED_SHA256} "
                             f"(pass allow_other_jar=True to use it anyway)")
    return jar


def jar_sha256(jar) -> str:
    """The jar's sha256, computed once per file (path, size and mtime) in a process."""
    jar = Path(jar)
    stat = jar.stat()
    key = (str(jar.resolve()), stat.st_size, stat.st_mtime_ns)
    if key not in _CHECKED:
        digest = hashlib.sha256()
        with open(jar, "rb") as handle:
            for block in iter(lambda: handle.read(1 << 20), b""):
                digest.update(block)
        _CHECKED[key] = digest.hexdigest()
    return _CHECKED[key]


def read_resource(jar, name: str) -> bytes:
    """The bytes of ``name`` inside the jar (a zip file); ValueError if it is not there."""
    with zipfile.ZipFile(jar) as archive:
        try:
            return archive.read(name)
        except KeyError:
            raise ValueError(f"Meteor: {jar} has no resource {name!r}") from None


def java_lines(data: bytes) -> list[str]:
    """UTF-8 text split as ``BufferedReader.readLine`` splits it (at \\n, \\r or \\r\\n;
    no empty last line)."""
    text = data.decode("utf-8")
    lines = text.replace("\r\n", "\n").replace("\r", "\n").split("\n")
    if lines and lines[-1] == "":
        lines.pop()
    return lines


def function_words(jar) -> frozenset:
    """``function/english.words``, one word a line, every line kept as it is
    (``Aligner.setupModules``; an empty line adds the empty string, which no token equals)."""
    return frozenset(java_lines(read_resource(jar, "function/english.words")))


def nonbreaking_prefixes(jar) -> dict:
    """``nonbreaking/english.prefixes`` as ``Normalizer.nbpList`` reads it: per line the
    first white-space token (lines that have none, or whose token starts with ``#``, are
    skipped) mapped to ``"numeric"`` when the second token is ``#NUMERIC_ONLY#``, else
    ``"any"``; a later line replaces an earlier one of the same prefix."""
    from .synonyms import java_tokens

    table = {}
    for line in java_lines(read_resource(jar, "nonbreaking/english.prefixes")):
        parts = java_tokens(line)
        if not parts or parts[0].startswith("#"):
            continue
        table[parts[0]] = "numeric" if len(parts) > 1 and parts[1] == "#NUMERIC_ONLY#" else "any"
    return table


def paraphrase_path(jar) -> Path:
    """``data/paraphrase-en.gz`` beside the jar (where pycocoevalcap puts it, and where the
    jar looks for it); ValueError naming the expected file when it is absent."""
    path = Path(jar).parent / "data" / "paraphrase-en.gz"
    if not path.is_file():
        raise ValueError(f"Meteor: the paraphrase table {path} is missing ({INSTALL_HINT})")
    return path


def cache_dir() -> str:
    """Where the paraphrase table is cached once parsed (``paraphrase.load_table`` for the
    spec, ``impl.paraphrase_blob`` for impl): ``BLEUPRINT_CACHE_DIR``, else
    ``$XDG_CACHE_HOME/bleuprint`` (default ``~/.cache/bleuprint``)."""
    explicit = os.environ.get("BLEUPRINT_CACHE_DIR", "").strip()
    if explicit:
        return explicit
    base = os.environ.get("XDG_CACHE_HOME", "").strip() or os.path.join(os.path.expanduser("~"), ".cache")
    return os.path.join(base, "bleuprint")


def file_sha256(path) -> str:
    """The sha256 of the file at ``path`` (hex)."""
    digest = hashlib.sha256()
    with open(path, "rb") as f:
        for block in iter(lambda: f.read(1 << 20), b""):
            digest.update(block)
    return digest.hexdigest()


def write_atomically(target, data) -> bool:
    """Write ``data`` (bytes) to ``target`` through a temporary file in its folder renamed
    into place (a reader never sees half a file); False when the folder cannot be written
    (the caller keeps its value in memory only)."""
    import tempfile

    folder = os.path.dirname(target)
    try:
        os.makedirs(folder, exist_ok=True)
        fd, temporary = tempfile.mkstemp(prefix=".meteor-", suffix=".tmp", dir=folder)
        try:
            with os.fdopen(fd, "wb") as f:
                f.write(data)
            os.replace(temporary, target)
        except BaseException:
            os.unlink(temporary)
            raise
    except OSError:
        return False
    return True


def cache_and_prune(target, data, stale_pattern: str) -> bool:
    """``write_atomically(target, data)``, then delete the other files of the cache folder
    that match ``stale_pattern`` (a glob: the same kind of cache file, made from another
    version of the source file or named in an older way). A cache file is named by the
    content it is derived from, and only one source file is accepted (the jar's checksum
    is checked), so the others are stale: without this, every reinstall that left an old
    name behind kept its 135 MB. A file that cannot be deleted (another user's, or in use
    on a system that forbids it) is left; a later write tries again."""
    import glob

    written = write_atomically(target, data)
    if written:
        for path in glob.glob(os.path.join(glob.escape(os.path.dirname(target)), stale_pattern)):
            if os.path.basename(path) != os.path.basename(target):
                try:
                    os.unlink(path)
                except OSError:
                    pass
    return written
