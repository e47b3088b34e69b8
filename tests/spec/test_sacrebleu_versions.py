"""sacreBLEU 2.5.1 and 2.6.0: which version applies, what it changes, and that bleuprint's
signatures under each are sacreBLEU's.

What the expectations rest on (``diff -r`` of the two unpacked wheels): 2.6.0 adds the
tokenizer ``spBLEU-1K`` (``metrics/bleu.py``'s tokenizer table, ``tokenizers/tokenizer_spm.py``)
and changes ``version.py``; ``metrics/base.py`` (``Signature``), ``bleu.py``'s, ``chrf.py``'s
and ``ter.py``'s signature classes are the same files. A signature's ``version`` is
``sacrebleu.__version__``. So the signature sacreBLEU X prints for some options is the one
the installed sacreBLEU prints with its last field, ``version:<installed>`` (short form
``v:<installed>``), replaced by ``version:X``: for the installed version that is its own
output, for the other one the hand-written expectation ``_as_version`` derives from it.
"""

from __future__ import annotations

import importlib.util
import sys
import warnings
from importlib import metadata

import pytest

from bleuprint import compat, spec
from bleuprint.reproduce import audit, parse_claim
from bleuprint.spec import sacrebleu_versions as versions
from cli_harness import run_bleuprint
from bleuprint.core.value import metric as configured

#: The golden and live checks, rerun against sacreBLEU 2.6.0 by .ci/sacrebleu-2.6.0.sh.
pytestmark = pytest.mark.sacrebleu_live

HAVE_SACREBLEU = importlib.util.find_spec("sacrebleu") is not None
needs_sacrebleu = pytest.mark.skipif(not HAVE_SACREBLEU, reason="sacrebleu (2.5.1 or 2.6.0) is not installed")

HYPS = ["the cat sat on the mat", "a dog ran home"]
REFS = [["the cat is on the mat"], ["the dog ran home"]]
STREAMS = [[refs[0] for refs in REFS]]

#: (bleuprint metric, bleuprint options, sacreBLEU class name, its constructor options)
CONFIGURATIONS = [
    ("bleu", {}, "BLEU", {}),
    ("bleu", {"tokenize": "intl", "lowercase": True, "smooth_method": "floor"}, "BLEU",
     {"tokenize": "intl", "lowercase": True, "smooth_method": "floor"}),
    ("chrf", {"word_order": 2}, "CHRF", {"word_order": 2}),
    ("ter", {"normalized": True, "case_sensitive": True}, "TER", {"normalized": True, "case_sensitive": True}),
]


@pytest.fixture(autouse=True)
def _fresh_default():
    """Each test reads the installed version anew and leaves no process-wide choice."""
    versions.installed_sacrebleu.cache_clear()
    previous = versions.set_sacrebleu_version(None)
    yield
    versions.set_sacrebleu_version(previous)
    versions.installed_sacrebleu.cache_clear()


def _as_version(signature: str, version: str) -> str:
    """``signature`` with its last field (``version:V`` / ``v:V``) naming ``version``
    (module doc: the only difference between the two versions' signatures)."""
    head, last = signature.rsplit("|", 1)
    key = last.split(":", 1)[0]
    assert key in ("version", "v"), signature
    return f"{head}|{key}:{version}"


def _sacrebleu_signatures(class_name: str, options: dict) -> tuple[str, str, str]:
    """The installed sacreBLEU's long and short signatures on HYPS/STREAMS, and its version."""
    import sacrebleu

    metric = getattr(sacrebleu, class_name)(**options)
    metric.corpus_score(HYPS, STREAMS)
    signature = metric.get_signature()
    return signature.format(), signature.format(short=True), sacrebleu.__version__


# --- the default rule ----------------------------------------------------------------

def _installed(monkeypatch, found):
    """Make the package metadata say ``found`` (None: sacreBLEU not installed): the reading
    of it, ``distribution_version``, which is held to importlib.metadata's below."""
    def version(name):
        assert name == "sacrebleu"
        return found

    monkeypatch.setattr(versions, "distribution_version", version)
    versions.installed_sacrebleu.cache_clear()


def _importlib_version(name):
    try:
        return metadata.version(name)
    except (metadata.PackageNotFoundError, KeyError):
        return None


@pytest.mark.parametrize("name", ["sacrebleu", "numpy", "regex", "bleuprint", "Hypothesis", "no-such-dist-here"])
def test_the_version_read_is_importlib_metadatas(name):
    """``distribution_version`` (the ``sys.path`` directories read without importlib.metadata's
    full lookup) answers what ``importlib.metadata.version`` answers, for installed
    distributions, an editable one and an absent one."""
    assert versions.distribution_version(name) == _importlib_version(name)


def _fake_distributions(root, entries: dict):
    """Distributions' metadata under ``root``: ``{entry name: METADATA text, or a
    {file: text} dict, or None for an empty directory}``."""
    for entry, content in entries.items():
        path = root / entry
        if isinstance(content, str) and entry.endswith(".egg-info") and entry.startswith("file-"):
            path = root / entry.removeprefix("file-")
            path.write_text(content, encoding="utf-8")
            continue
        path.mkdir()
        files = {"METADATA": content} if isinstance(content, str) else (content or {})
        for file, text in files.items():
            (path / file).write_text(text, encoding="utf-8")


#: Run in a fresh interpreter: prepends each argument after the first to ``sys.path`` in
#: turn and prints, after each, ``[distribution_version, importlib.metadata's version,
#: whether the plain reading stepped aside]`` for the distribution named first. A fresh
#: process, because a package imported earlier in the suite may have changed how this one
#: finds distributions (the importlib_metadata backport, on import, takes
#: ``find_distributions`` off the standard path finder and appends its own finder, whose
#: metadata raises KeyError where the standard library's gives None).
FRESH = """
import json, sys
from importlib import metadata
from bleuprint.spec import sacrebleu_versions as versions

def library(name):
    try:
        return metadata.version(name)
    except (metadata.PackageNotFoundError, KeyError):
        return None

name, rows = sys.argv[1], []
for entry in sys.argv[2:]:
    sys.path.insert(0, entry)
    rows.append([versions.distribution_version(name), library(name),
                 versions._path_version(name) is versions._ASK_IMPORTLIB])
print(json.dumps(rows))
"""


def _fresh(name: str, *entries) -> list:
    import json
    import os
    import subprocess
    from pathlib import Path

    root = str(Path(versions.__file__).resolve().parents[2])
    env = {**os.environ, "PYTHONPATH": os.pathsep.join(filter(None, [root, os.environ.get("PYTHONPATH")]))}
    done = subprocess.run([sys.executable, "-c", FRESH, name, *map(str, entries)], env=env, capture_output=True,
                          text=True, check=True)
    return json.loads(done.stdout)


def test_the_plain_layout_is_read_without_importlib_metadata(tmp_path):
    """A dist-info first on ``sys.path`` is read directly (importlib.metadata is not asked:
    its lookup is what start-up saves), and is what importlib.metadata says."""
    _fake_distributions(tmp_path, {"sacrebleu-9.9.9.dist-info": "Name: sacrebleu\nVersion: 9.9.9\n"})
    assert _fresh("sacrebleu", tmp_path) == [["9.9.9", "9.9.9", False]]


def test_another_distribution_finder_leaves_the_answer_to_importlib_metadata(tmp_path, monkeypatch):
    """A finder of distributions besides the path finder (the importlib_metadata backport's,
    an import hook's) may answer first: the plain reading then steps aside."""
    class Finder:
        def find_spec(self, *args, **kwargs):
            return None

        def find_distributions(self, context=None):
            return iter(())

    _fake_distributions(tmp_path, {"sacrebleu-9.9.9.dist-info": "Name: sacrebleu\nVersion: 9.9.9\n"})
    monkeypatch.syspath_prepend(str(tmp_path))
    monkeypatch.setattr(sys, "meta_path", [*sys.meta_path, Finder()])
    assert versions._path_version("sacrebleu") is versions._ASK_IMPORTLIB
    assert versions.distribution_version("sacrebleu") == _importlib_version("sacrebleu") == "9.9.9"


@pytest.mark.parametrize("entries, name", [
    ({"sacrebleu-9.9.9.dist-info": "Metadata-Version: 2.1\nName: sacrebleu\nVersion: 9.9.9\n\nbody\n"}, "sacrebleu"),
    ({"Sacre_BLEU-1.2.dist-info": "Name: Sacre_BLEU\nVersion: 1.2\n"}, "sacre.bleu"),
    ({"fakedist-3.0.egg-info": {"PKG-INFO": "Name: fakedist\nVersion: 3.0\n"}}, "fakedist"),
    ({"file-fakedist-4.0.egg-info": "Name: fakedist\nVersion: 4.0\n"}, "fakedist"),
    ({"fakedist-5.0.dist-info": {"METADATA": "", "PKG-INFO": "Name: fakedist\nVersion: 5.0\n"}}, "fakedist"),
    ({"fakedist-6.0.dist-info": "Name: fakedist\nSummary: no version\n\nVersion: 6.0\n"}, "fakedist"),
    ({"fakedist-7.0.dist-info": None}, "fakedist"),
    ({"otherdist-1.0.dist-info": "Name: otherdist\nVersion: 1.0\n"}, "fakedist"),
])
def test_the_version_read_is_importlib_metadatas_on_every_layout(tmp_path, entries, name):
    """The same answers on a directory first on ``sys.path`` holding a distribution's
    metadata in each layout importlib.metadata reads (a dist-info, an egg-info directory
    or file, PKG-INFO behind an empty METADATA), one without a version, one without any
    metadata file, and only another distribution's; and with a zip file on the path."""
    _fake_distributions(tmp_path, entries)
    (tmp_path / "empty.zip").write_bytes(b"PK\x05\x06" + bytes(18))
    rows = _fresh(name, tmp_path, tmp_path / "empty.zip")
    assert [mine for mine, _, _ in rows] == [theirs for _, theirs, _ in rows]
    assert rows[1][2]  # a zip on the path: importlib.metadata decides


@pytest.mark.parametrize("found, expected", [("2.5.1", "2.5.1"), ("2.6.0", "2.6.0"), (None, "2.6.0")])
def test_default_follows_a_supported_installed_version_else_2_6_0(monkeypatch, found, expected):
    """The installed version when bleuprint reproduces it; without sacreBLEU, the newest
    (2.6.0), silently: nothing is installed that could disagree."""
    _installed(monkeypatch, found)
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        assert versions.chosen_sacrebleu_version() == expected
        assert spec.signature("bleu").endswith(f"|version:{expected}")


def test_an_unsupported_installed_version_defaults_to_2_6_0_with_a_warning(monkeypatch):
    """sacreBLEU 2.4.3 installed: signatures say 2.6.0, and a warning names both versions,
    once a process (not at every signature)."""
    _installed(monkeypatch, "2.4.3")
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        assert spec.signature("chrf") == "nrefs:1|case:mixed|eff:yes|nc:6|nw:0|space:no|version:2.6.0"
        assert spec.signature("bleu", short=True).endswith("|v:2.6.0")
    assert [type(w.message) for w in caught] == [versions.SacrebleuVersionWarning]
    assert "sacreBLEU 2.4.3 is installed" in str(caught[0].message) and "version:2.6.0" in str(caught[0].message)


def test_the_call_beats_the_process_which_beats_the_installed_version(monkeypatch):
    _installed(monkeypatch, "2.5.1")
    with versions.using_sacrebleu_version("2.6.0"):
        assert spec.signature("ter").endswith("|version:2.6.0")
        assert spec.signature("ter", sacrebleu_version="2.5.1").endswith("|version:2.5.1")
        assert compat.BLEU().sacrebleu_version == "2.6.0"
    assert spec.signature("ter").endswith("|version:2.5.1")


@pytest.mark.parametrize("bad, error", [("2.4.3", ValueError), ("2.6", ValueError), (2.6, TypeError)])
def test_an_unsupported_version_is_refused(bad, error):
    with pytest.raises(error, match="2.5.1 and 2.6.0|must be a str"):
        spec.signature("bleu", sacrebleu_version=bad)
    with pytest.raises(error):
        compat.CHRF(sacrebleu_version=bad)
    with pytest.raises(error):
        versions.set_sacrebleu_version(bad)


def test_metrics_exact_to_other_oracles_ignore_the_version():
    """ROUGE names rouge-score, self-BLEU its pinned pair of oracles, whatever the version."""
    for version in versions.SUPPORTED_VERSIONS:
        assert spec.signature("rouge", sacrebleu_version=version).endswith("|version:rouge-score-0.1.2")
        assert spec.signature("self_bleu", sacrebleu_version=version).endswith("|version:sacrebleu-2.5.1+nltk-3.10.4")


# --- spBLEU-1K -----------------------------------------------------------------------

def test_spbleu_1k_is_refused_under_2_5_1_as_new_in_2_6_0(tmp_path, monkeypatch):
    """2.5.1 has no spBLEU-1K: the signature, compat's BLEU and the CLI say it is new in
    2.6.0 (a ValueError; one line on standard error and status 1)."""
    with pytest.raises(ValueError, match=r"'spBLEU-1K' is new in sacreBLEU 2\.6\.0"):
        spec.signature(configured("bleu", tokenize="spBLEU-1K"), sacrebleu_version="2.5.1")
    with pytest.raises(ValueError, match=r"new in sacreBLEU 2\.6\.0"):
        compat.BLEU(tokenize="spBLEU-1K", sacrebleu_version="2.5.1")
    (tmp_path / "ref.txt").write_text("a b c\n", encoding="utf-8")
    (tmp_path / "hyp.txt").write_text("a b c\n", encoding="utf-8")
    done = run_bleuprint(["ref.txt", "-i", "hyp.txt", "--sacrebleu-version", "2.5.1", "-tok", "spBLEU-1K"],
                         tmp_path, monkeypatch=monkeypatch)
    assert done.status == 1 and done.stdout == ""
    assert len(done.stderr.splitlines()) == 1 and "new in sacreBLEU 2.6.0" in done.stderr


def test_spbleu_1k_is_not_refused_as_new_under_2_6_0():
    """Under 2.6.0 the tokenizer exists; whatever bleuprint then says of it, it is not that
    2.6.0 lacks it."""
    versions.check_tokenizer_version("spBLEU-1K", "2.6.0")  # no error
    assert versions.tokenizers_of("2.5.1", ("13a", "spBLEU-1K")) == ("13a",)
    assert versions.tokenizers_of("2.6.0", ("13a", "spBLEU-1K")) == ("13a", "spBLEU-1K")


# --- signatures against the installed sacreBLEU --------------------------------------

@needs_sacrebleu
@pytest.mark.parametrize("version", versions.SUPPORTED_VERSIONS)
@pytest.mark.parametrize("metric, options, class_name, sacrebleu_options", CONFIGURATIONS,
                         ids=[f"{c[0]}-{i}" for i, c in enumerate(CONFIGURATIONS)])
def test_signatures_under_each_version_are_sacrebleus(metric, options, class_name, sacrebleu_options, version):
    """The installed sacreBLEU's signature for the installed version; for the other, the
    same with the version replaced (module doc). spec and compat, long and short."""
    long, short, installed = _sacrebleu_signatures(class_name, sacrebleu_options)
    expected = (long, short) if version == installed else (_as_version(long, version), _as_version(short, version))
    assert expected[0].endswith(f"|version:{version}") and expected[1].endswith(f"|v:{version}")
    got = tuple(spec.signature(configured(metric, **options), nrefs=1, short=short_form, sacrebleu_version=version)
                for short_form in (False, True))
    assert got == expected
    ours = getattr(compat, class_name)(sacrebleu_version=version, **sacrebleu_options)
    ours.corpus_score(HYPS, STREAMS)
    assert (ours.get_signature().format(), ours.get_signature().format(short=True)) == expected


@needs_sacrebleu
def test_the_default_is_the_installed_sacrebleus_version():
    import sacrebleu

    assert versions.chosen_sacrebleu_version() == sacrebleu.__version__ in versions.SUPPORTED_VERSIONS
    long, short, _ = _sacrebleu_signatures("BLEU", {})
    assert (spec.signature("bleu"), spec.signature("bleu", short=True)) == (long, short)


@needs_sacrebleu
@pytest.mark.parametrize("version", versions.SUPPORTED_VERSIONS)
def test_the_cli_flag_chooses_the_signatures_and_the_version_line(version, tmp_path, monkeypatch):
    """``bleuprint score --sacrebleu-version V``: every sacreBLEU metric's signature ends in
    ``version:V`` (otherwise sacreBLEU's), and ``--version`` prints ``sacrebleu V`` first."""
    import json

    (tmp_path / "ref.txt").write_text("".join(refs[0] + "\n" for refs in REFS), encoding="utf-8")
    (tmp_path / "hyp.txt").write_text("".join(h + "\n" for h in HYPS), encoding="utf-8")
    done = run_bleuprint(["ref.txt", "-i", "hyp.txt", "-m", "bleu", "chrf", "ter", "--sacrebleu-version", version],
                         tmp_path, monkeypatch=monkeypatch)
    assert done.status == 0, done.stderr
    documents = json.loads(done.stdout)
    expected = [_as_version(_sacrebleu_signatures(name, {})[0], version) for name in ("BLEU", "CHRF", "TER")]
    assert [document["signature"] for document in documents] == expected
    shown = run_bleuprint(["--version", "--sacrebleu-version", version], tmp_path, monkeypatch=monkeypatch)
    assert shown.status == 0 and shown.stdout.splitlines()[0] == f"sacrebleu {version}"


def test_the_cli_notes_an_unsupported_installed_version_in_one_line(tmp_path, monkeypatch):
    _installed(monkeypatch, "2.4.3")
    (tmp_path / "ref.txt").write_text("a b c d\n", encoding="utf-8")
    (tmp_path / "hyp.txt").write_text("a b c d\n", encoding="utf-8")
    done = run_bleuprint(["ref.txt", "-i", "hyp.txt", "-m", "chrf", "-f", "text"], tmp_path, monkeypatch=monkeypatch)
    assert done.status == 0
    assert done.stdout.startswith("chrF2|nrefs:1|case:mixed|eff:yes|nc:6|nw:0|space:no|version:2.6.0 = ")
    assert done.stderr.splitlines() == [f"bleuprint: note: {versions.unsupported_note('2.4.3')}"]


# --- reproduce -----------------------------------------------------------------------

#: The worked example of the README and docs/how-to/python-api.md.
HYP, REF = "the cat sat on the mat", "the cat is on the mat"


@pytest.mark.parametrize("version, short", [("2.6.0", False), ("2.6.0", True), ("2.5.1", True)])
def test_reproduce_reads_either_versions_signature(version, short):
    """A claim signed by sacreBLEU 2.6.0 (long or short form) is recomputed and signed as
    2.6.0, and the report says which version the signature names. The number, by hand:
    both sides have 6 tokens (BP = 1); of the hypothesis's 6, 5, 4, 3 n-grams, 5, 3, 1, 0
    match ("sat" and the n-grams through it do not); exp smoothing makes the empty 4-gram
    precision 1 / (2 * 3); the geometric mean of 5/6, 3/5, 1/4, 1/6 is (1/48) ** (1/4),
    so BLEU = 100 * (1/48) ** (1/4) = 37.99..., written 38.0."""
    text = (f"#:1|c:mixed|e:no|tok:13a|s:exp|v:{version}" if short
            else f"nrefs:1|case:mixed|eff:no|tok:13a|smooth:exp|version:{version}")
    claim = parse_claim(f"BLEU|{text} = 38.0")
    report = audit([HYP], [[REF]], claim, search=False)
    assert report.recomputed == pytest.approx(100 * (1 / 48) ** (1 / 4), abs=1e-9)
    assert report.holds
    assert report.recomputed_signature == f"BLEU|nrefs:1|case:mixed|eff:no|tok:13a|smooth:exp|version:{version}"
    assert f"the signature names sacreBLEU {version}: recomputed as sacreBLEU {version}" in report.notes


def test_reproduce_reports_an_unknown_version_plainly():
    claim = parse_claim("chrF2|nrefs:1|case:mixed|eff:yes|nc:6|nw:0|space:no|version:1.4.14 = 50.0")
    with versions.using_sacrebleu_version("2.6.0"):
        report = audit([HYP], [[REF]], claim, search=False)
    assert report.recomputed_signature.endswith("|version:2.6.0")
    assert any(note.startswith("the signature names sacreBLEU 1.4.14, which bleuprint does not reproduce")
               for note in report.notes), report.notes


@pytest.mark.parametrize("version", versions.SUPPORTED_VERSIONS)
def test_reproduce_cli_signs_a_versionless_claim_as_the_chosen_version(version, tmp_path):
    """``bleuprint reproduce --sacrebleu-version V``: a signature that names no version is
    recomputed and signed as V; one that names a version keeps it (the claim's wins)."""
    import io

    from bleuprint.cli import build_parser
    from bleuprint.cli.reproduce import run

    (tmp_path / "ref.txt").write_text(REF + "\n", encoding="utf-8")
    (tmp_path / "hyp.txt").write_text(HYP + "\n", encoding="utf-8")
    other = next(v for v in versions.SUPPORTED_VERSIONS if v != version)
    for signature, expected in (("nrefs:1|case:mixed|eff:no|tok:13a|smooth:exp", version),
                                (f"nrefs:1|case:mixed|eff:no|tok:13a|smooth:exp|version:{other}", other)):
        args = build_parser().parse_args(["reproduce", str(tmp_path / "ref.txt"), "-i", str(tmp_path / "hyp.txt"),
                                          "--claim", "38.0", "--signature", signature, "-m", "bleu",
                                          "--sacrebleu-version", version, "--top", "1"])
        out, err = io.StringIO(), io.StringIO()
        assert run(args, out, err) == 0, err.getvalue()
        assert (f"Under the claimed signature, read as BLEU|nrefs:1|case:mixed|eff:no|tok:13a|smooth:exp|"
                f"version:{expected}: "
                in out.getvalue())
