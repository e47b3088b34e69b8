"""Meteor 1.5's text layer (``bleuprint.metrics.meteor.normalize`` and ``.resources``)
against the jar itself: every line is normalised and lowercased by the jar's own
``Normalizer.normalizeLine(line, en, keepPunctuation=true).toLowerCase()`` in one JVM
(``tests/meteor_jar.py``) and by bleuprint; the two strings must be equal, character for
character (no tolerance: text)."""

from __future__ import annotations

import os
import random
import sys

import pytest

from bleuprint.metrics.meteor import normalize as norm
from bleuprint.metrics.meteor import resources
from meteor_jar import NORMALIZE, jar_or_skip, run_harness

#: Agreement with the oracle, not a mutant killer: left out of mutation runs (pyproject's markers).
pytestmark = pytest.mark.no_mutants

#: Fragments that reach each rule of the normaliser (module doc of ``normalize``): dots
#: and nonbreaking prefixes, commas in and out of numbers, quotes, dashes, apostrophes,
#: Unicode letters outside and inside the jar's ALPHA, Unicode spaces listed and not.
FRAGMENTS = [
    "", " ", "a", ".", "..", "...", "....", "U.S.", "U.S.-based", "Mr.", "Mr", "Dr.", "No.", "No. 5", "Art. 3",
    "e.g.", "i.e.", "Inc.", "p.m.", "etc.", "1,000", "1,000.5", "3.14", ",", "a,b", "1,a", "a,1", "12,", ",5",
    "'", "''", "don't", "can't", "'tis", "1990's", "rock'n'roll", "o'clock", "``", "‘quoted’", "“double”", "\"",
    "-", "--", "---", "–", "—", "well-known", "a-b-c", "x-1", "-x", "x-", "(", ")", "[x]", "{y}", "!", "?", ";", ":",
    "%", "$5", "#tag", "@user", "http://example.com/a.b?c=1", "a/b", "\\", "*", "&", "&amp;", "<b>", "DOTMULTI", "DOTMULTI.x", "DOTDOTMULTI", "x''y",
    "Ünïcödé", "straße", "ŠŽšž", "Ÿes", "Москва", "ΣΑΣ", "東京", "café", "naïve", "ﬁ", "İstanbul", "𝐀𝐁", "😀",
    "\u00a0", "\u2002", "\u3000", "\u2028", "\u0085", "\u1680", "\t", "\x0b", "\f", "x\u200by", "A", "THE", "The",
    "end.", "end. Next", "end. next", "5.", "5. 6", "St. Louis", "Jan. 5", "Fig. 2", "vs.", "a.", "A.",
]
WORDS = ["the", "cat", "sat", "on", "mat", "It", "Was", "a", "dog", "running", "quickly", "house", "is", "of"]


def random_lines(seed: int, count: int) -> list[str]:
    rng = random.Random(seed)
    lines = []
    for _ in range(count):
        parts = [rng.choice(FRAGMENTS if rng.random() < 0.5 else WORDS) for _ in range(rng.randint(0, 9))]
        glue = [rng.choice([" ", " ", " ", "", "  ", "\t", "\u00a0"]) for _ in parts]
        lines.append("".join(p + g for p, g in zip(parts, glue)))
    return lines


@pytest.fixture(scope="module")
def jar_normalize(tmp_path_factory):
    jar = jar_or_skip()
    folder = tmp_path_factory.mktemp("meteor-normalize")
    return lambda lines: run_harness(jar, folder, "NormalizeLines", NORMALIZE, lines)


def _differences(lines, answers):
    return [(line, answer, norm.normalize(line)) for line, answer in zip(lines, answers)
            if norm.normalize(line) != answer]


def test_fragments_and_random_lines_normalise_as_the_jar(jar_normalize):
    """Each fragment alone, and 1,500 seeded random lines of fragments and words with
    odd glue (no space, two spaces, tab, no-break space)."""
    lines = FRAGMENTS + random_lines(20261202, 1500)
    assert _differences(lines, jar_normalize(lines)) == []


def test_random_lines_hit_the_hard_cases():
    """A quality check of ``random_lines``: at least 5% of its lines have each hard kind."""
    lines = random_lines(20261202, 1500)
    kinds = {
        "empty": lambda s: not s.strip(),
        "dot rule": lambda s: any(w.endswith(".") and len(w) > 1 for w in s.split()),
        "digit with , or .": lambda s: any(c.isdigit() for c in s) and ("," in s or "." in s),
        "apostrophe": lambda s: "'" in s,
        "non-ASCII": lambda s: any(ord(c) > 127 for c in s),
        "punctuation": lambda s: any(c in "!?;:()[]{}%$#@&" for c in s),
        "unusual white space": lambda s: any(c in "\t\u00a0\u2002\u3000\u2028\x0b\f" for c in s),
    }
    for kind, test in kinds.items():
        share = sum(map(test, lines)) / len(lines)
        assert share >= 0.05, (kind, share)


@pytest.mark.slow
def test_every_ted_line_normalises_as_the_jar(jar_normalize, ted_ende):
    """Every reference and system line of the real corpus (German: 529 references and
    13 systems' 529 lines)."""
    lines = [line for stream in ted_ende["references"] for line in stream]
    lines += [line for system in ted_ende["systems"].values() for line in system]
    assert _differences(lines, jar_normalize(lines)) == []


def test_a_dash_between_words_and_the_nonbreaking_prefixes_by_hand():
    """Worked from ``Normalizer.normalizeLine`` (no jar needed): "U.S.-based" keeps "U.S."
    whole (a dot and a letter before its last dot), then drops its dots: "us based" after
    the dash between "." and "b" goes; "Mr." is a listed prefix and stays; "end." is not
    and its dot is split off; "1990's" splits before the apostrophe; "a-b-c" loses only
    its first dash (matches do not overlap)."""
    jar = jar_or_skip()
    prefixes = resources.nonbreaking_prefixes(jar)
    assert prefixes["Mr"] == "any" and prefixes["No"] == "numeric"
    assert norm.tokens("U.S.-based Mr. Smith's end.", prefixes) == ["us", "based", "mr.", "smith", "'s", "end", "."]
    assert norm.tokens("the 1990's a-b-c", prefixes) == ["the", "1990", "'s", "a", "b-c"]
    assert norm.tokens("No. 5 and No. more", prefixes) == ["no.", "5", "and", "no.", "more"]
    assert norm.tokens("No. Five", prefixes) == ["no", ".", "five"]


def test_the_jar_is_found_checked_and_refused_when_it_is_another(tmp_path, monkeypatch):
    """``find_jar``: the pinned jar's checksum; a file with other bytes is refused naming
    both checksums; a missing path names the expected file and the install command."""
    jar = jar_or_skip()
    assert resources.jar_sha256(jar) == resources.PINNED_SHA256
    other = tmp_path / "meteor-1.5.jar"
    other.write_bytes(b"not the jar")
    with pytest.raises(ValueError, match=resources.PINNED_SHA256):
        resources.find_jar(other)
    assert resources.find_jar(tmp_path, allow_other_jar=True) == other
    with pytest.raises(ValueError, match="pip install pycocoevalcap==1.2"):
        resources.find_jar(tmp_path / "absent")
    monkeypatch.setenv(resources.ENV_VARIABLE, str(tmp_path / "absent"))
    with pytest.raises(ValueError, match="no meteor-1.5.jar"):
        resources.find_jar()
    with pytest.raises(TypeError):
        resources.find_jar(3)
    with pytest.raises(ValueError, match="paraphrase table"):
        resources.paraphrase_path(other)


def test_the_parsed_paraphrase_table_is_cached_by_the_files_identity(tmp_path, monkeypatch):
    """The spec's table (entries of three lines: probability, phrase, paraphrase) is
    parsed once and cached under a name holding the file's sha256; the next load
    reads the cache (the same dict: ``in order`` -> ``to``, ``in order to`` -> ``so as to``,
    then ``for``, in file order), also after the file's mtime changed (a reinstall: the
    name is the content's sha256); a damaged cache file is parsed again and rewritten, and
    the write deletes this Python's stale tables but not another Python's; with
    BLEUPRINT_NO_CACHE nothing is written."""
    import gzip
    import hashlib

    from bleuprint.metrics.meteor import paraphrase

    text = "0.5\nin order\nto\n0.4\nin order to\nso as to\n0.3\nin order to\nfor\n"
    gz = tmp_path / "p.gz"
    gz.write_bytes(gzip.compress(text.encode("utf-8")))
    cache = tmp_path / "cache"
    monkeypatch.setenv("BLEUPRINT_CACHE_DIR", str(cache))
    monkeypatch.delenv("BLEUPRINT_NO_CACHE", raising=False)
    expected = {"in order": ["to"], "in order to": ["so as to", "for"]}
    first = paraphrase.load_table(gz)
    assert first.table == expected and first.longest == 3
    files = list(cache.iterdir())
    assert len(files) == 1 and hashlib.sha256(gz.read_bytes()).hexdigest() in files[0].name
    monkeypatch.setattr(paraphrase.ParaphraseTable, "_parse", staticmethod(lambda path: pytest.fail("parsed again")))
    os.utime(gz, ns=(1, 1))  # a reinstalled file: same bytes, another mtime -> the same cache file
    second = paraphrase.load_table(gz)
    assert second.table == expected and second.longest == 3
    assert second.paths(["in", "order", "to", "x"], 0) == [(2, ("to",)), (3, ("so", "as", "to")), (3, ("for",))]
    monkeypatch.undo()
    monkeypatch.setenv("BLEUPRINT_CACHE_DIR", str(cache))
    files[0].write_bytes(b"damaged")
    python = f"py{sys.version_info[0]}{sys.version_info[1]}"
    stale = [cache / f"meteor-paraphrase-spec-v1-{python}-123-456-{'0' * 64}.marshal",  # the older naming
             cache / f"meteor-paraphrase-spec-v1-{python}-{'f' * 64}.marshal"]  # another file's table
    other_python = cache / f"meteor-paraphrase-spec-v1-py27-{'0' * 64}.marshal"
    for path in [*stale, other_python]:
        path.write_bytes(b"x")
    assert paraphrase.load_table(gz).table == expected and files[0].read_bytes() != b"damaged"
    assert sorted(cache.iterdir()) == sorted([files[0], other_python])  # the stale tables were deleted
    monkeypatch.setenv("BLEUPRINT_NO_CACHE", "1")
    monkeypatch.setenv("BLEUPRINT_CACHE_DIR", str(tmp_path / "none"))
    assert paraphrase.load_table(gz).table == expected and not (tmp_path / "none").exists()
