"""``bleuprint score``'s test-set options against sacreBLEU 2.5.1's, on the same cache.

A made-up cache (``fake_cache``) holds three sets laid out as sacreBLEU leaves them
(``bleuprint.cli.testset_cache``): wmt17 en-de and wmt19 de-en (WMT's SGML: raw ``.sgm``
files with documents of two original languages; wmt19's document ids are ones sacreBLEU
annotates, for ``--subset``) and wmt24 en-de (WMT's XML: two translators, a system, three
domains). Only the raw files and the archive each set was unpacked from are written here;
the processed per-field files are written by sacreBLEU itself (``--echo src`` on each
pair), which finds the archive and reads the raw files without downloading. Every
sacreBLEU run has its proxies pointed at a closed local port, so a download attempt fails
loudly instead of reaching the network; ``test_no_download_was_attempted`` checks that the
archives are still the placeholders written here.

Then sacreBLEU's command line and bleuprint's run on the same cache and flags: exit status
and standard output must be identical, byte for byte.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from cli_harness import NO_NETWORK, needs_sacrebleu, run_bleuprint, run_sacrebleu

PLACEHOLDER = b"not an archive: written by bleuprint's tests so that sacreBLEU finds its download done\n"

_SENTENCES = [
    ("The cat sat on the mat .", "Die Katze sass auf der Matte ."),
    ("It rained all day in Berlin.", "Es regnete den ganzen Tag in Berlin."),
    ("Prices rose by 3.5 % in May.", "Die Preise stiegen im Mai um 3,5 %."),
    ("\"Nobody knew,\" she said.", "\u201eNiemand wusste es\u201c, sagte sie."),
    ("The team won 2-1 on Sunday.", "Die Mannschaft gewann am Sonntag 2:1."),
    ("A new bridge opens   next year .", "Eine neue Br\u00fccke \u00f6ffnet n\u00e4chstes Jahr."),
    ("Police are searching for witnesses.", "Die Polizei sucht nach Zeugen."),
    ("The minister resigned on Friday.", "Der Minister trat am Freitag zur\u00fcck."),
    ("Tickets cost 20 euros &amp; up.", "Karten kosten ab 20 Euro."),
    ("Scientists found water on the moon.", "Forscher fanden Wasser auf dem Mond."),
]

#: wmt19's document ids sacreBLEU annotates: GB-politics, US-crime, OTHER-world-ID.
_WMT19_DOCS = [("bbc.381790", "en"), ("upi.176266", "de"), ("nytimes.184837", "de")]
_WMT17_DOCS = [("doc-a", "en"), ("doc-b", "de"), ("doc-c", "en")]


def _documents(docs, sentences, attrs_of):
    """SGML lines: the sentences dealt round-robin-free into the documents, in order."""
    lines, per_doc = [], -(-len(sentences) // len(docs))
    for d, (docid, origlang) in enumerate(docs):
        chunk = sentences[d * per_doc:(d + 1) * per_doc]
        lines.append(f'<doc sysid="ref" docid="{docid}" genre="news" origlang="{origlang}"{attrs_of(d)}>')
        lines += [f'<seg id="{i + 1}">{text}</seg>' for i, text in enumerate(chunk)]
        lines.append("</doc>")
    return lines


def _write_sgml(path: Path, setid: str, lang: str, docs, sentences) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    body = _documents(docs, sentences, lambda d: "")
    path.write_text("\n".join([f'<srcset setid="{setid}" srclang="any">', *body, "</srcset>"]) + "\n",
                    encoding="utf-8")


def _write_wmt24_xml(path: Path) -> None:
    """Three documents (origlang en, de, en; domains news, speech, social), translators
    refA and refB (refB lacks one segment; one segment has no reference at all and is
    dropped), a system ``sysX``, and a test-suite document that is skipped."""
    docs = [("d1", "en", "news", _SENTENCES[0:4]), ("d2", "de", "speech", _SENTENCES[4:7]),
            ("d3", "en", "social", _SENTENCES[7:10])]
    out = ['<?xml version="1.0" encoding="utf-8"?>', '<dataset id="wmttest2024">',
           '<collection id="general">']
    for docid, origlang, domain, pairs in docs:
        out.append(f'<doc id="{docid}" origlang="{origlang}" domain="{domain}">')
        out.append('<src lang="en"><p>')
        out += [f'<seg id="{i + 1}">{_xml(s)}</seg>' for i, (s, _) in enumerate(pairs)]
        out.append("</p></src>")
        for translator in ("refA", "refB"):
            out.append(f'<ref lang="de" translator="{translator}"><p>')
            for i, (_, t) in enumerate(pairs):
                if docid == "d2" and i == 1:
                    continue  # no reference of segment 2 of d2: the segment is dropped
                if translator == "refB" and docid == "d3" and i == 0:
                    continue  # refB lacks it: an empty line in its field
                out.append(f'<seg id="{i + 1}">{_xml(t if translator == "refA" else t.upper())}</seg>')
            out.append("</p></ref>")
        out.append('<hyp system="sysX" language="de"><p>')
        out += [f'<seg id="{i + 1}">{_xml(t.lower())}</seg>' for i, (_, t) in enumerate(pairs)]
        out.append("</p></hyp>")
        out.append("</doc>")
    out.append('<doc id="ts1" origlang="en" testsuite="robustness"><src lang="en"><p><seg id="1">x</seg></p></src>'
               '<ref lang="de" translator="refA"><p><seg id="1">y</seg></p></ref></doc>')
    out += ["</collection>", "</dataset>"]
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text("\n".join(out) + "\n", encoding="utf-8")


def _xml(text: str) -> str:
    return text.replace("&amp;", "&").replace("&", "&amp;").replace("<", "&lt;").replace('"', "&quot;")


def _archive(cache: Path, name: str) -> Path:
    """The archive sacreBLEU looks for before downloading (``SET.BASENAME``)."""
    from sacrebleu.dataset import DATASETS

    dataset = DATASETS[name]
    return cache / name / "raw" / dataset._get_tarball_filename(dataset.data[0])


def _sacrebleu(argv, cache: Path, cwd):
    """sacreBLEU's command line on ``cache``, the network out of reach (``NO_NETWORK``)."""
    return run_sacrebleu(argv, cwd, None, {**NO_NETWORK, "SACREBLEU": str(cache), "PYTHONHASHSEED": "0"})


@pytest.fixture(scope="session")
def fake_cache(tmp_path_factory):
    """The cache (module doc) and a folder of system files: ``hyp17.txt`` (wmt17 en-de),
    ``hyp17b.txt`` (a second system), ``hyp19.txt`` (wmt19 de-en), ``hyp24.txt`` (wmt24
    en-de), ``short.txt`` (one line too few), ``hyp17x2.txt`` (wmt17 en-de twice: ``-t wmt17,wmt17``)."""
    pytest.importorskip("sacrebleu")
    cache = tmp_path_factory.mktemp("sacrebleu_cache")
    work = tmp_path_factory.mktemp("testset_systems")
    en = [s for s, _ in _SENTENCES]
    de = [t for _, t in _SENTENCES]
    _write_sgml(cache / "wmt17/raw/test/newstest2017-ende-src.en.sgm", "newstest2017", "en", _WMT17_DOCS, en)
    _write_sgml(cache / "wmt17/raw/test/newstest2017-ende-ref.de.sgm", "newstest2017", "de", _WMT17_DOCS, de)
    _write_sgml(cache / "wmt19/raw/sgm/newstest2019-deen-src.de.sgm", "newstest2019", "de", _WMT19_DOCS, de)
    _write_sgml(cache / "wmt19/raw/sgm/newstest2019-deen-ref.en.sgm", "newstest2019", "en", _WMT19_DOCS, en)
    _write_wmt24_xml(cache / "wmt24/raw/xml/wmttest2024.en-de.all.xml")
    for name in ("wmt17", "wmt19", "wmt24"):
        _archive(cache, name).write_bytes(PLACEHOLDER)
    for name, pair in (("wmt17", "en-de"), ("wmt19", "de-en"), ("wmt24", "en-de")):
        done = _sacrebleu(["-t", name, "-l", pair, "--echo", "src"], cache, work)
        assert done.status == 0, done.stderr  # sacreBLEU processed its raw files offline
    assert (cache / "wmt17" / "wmt17.en-de.origlang").exists()
    assert (cache / "wmt24" / "wmt24.en-de.ref-refB").exists()

    def system(lines, seed):
        return [line if (i + seed) % 3 else " ".join(reversed(line.split())) for i, line in enumerate(lines)]

    (work / "hyp17.txt").write_text("\n".join(system(de, 0)) + "\n", encoding="utf-8")
    (work / "hyp17b.txt").write_text("\n".join(system(de, 1)) + "\n", encoding="utf-8")
    (work / "hyp19.txt").write_text("\n".join(system(en, 2)) + "\n", encoding="utf-8")
    kept24 = [t for i, (_, t) in enumerate(_SENTENCES) if i != 5]  # segment 2 of d2 has no reference
    (work / "hyp24.txt").write_text("\n".join(system(kept24, 1)) + "\n", encoding="utf-8")
    (work / "short.txt").write_text("\n".join(de[:-1]) + "\n", encoding="utf-8")
    (work / "hyp17x2.txt").write_text("\n".join(system(de, 0) + system(de, 1)) + "\n", encoding="utf-8")
    return cache, work


#: Flag sets whose output depends on no set order: bleuprint runs in-process. Each costs a
#: sacreBLEU process (about a second): the variations of a case already in the default
#: tier are in the slow tier.
FLAG_SETS = [
    # scoring against the set's references
    "-t wmt17 -l en-de -i hyp17.txt",
    "-t wmt17 -l en-de -i hyp17.txt -m bleu chrf ter -f text",
    "-t wmt19 -l de-en -i hyp19.txt -m bleu chrf -f text -w 3",
    "-t wmt17,wmt17 -l en-de -i hyp17x2.txt -m bleu chrf ter",  # two sets, one after the other
    pytest.param("-t wmt17,wmt17 -l en-de -i hyp17x2.txt --origlang de -f text", marks=pytest.mark.slow),
    "-t wmt24 -l en-de -i hyp24.txt -m bleu chrf ter -f text",
    "-t wmt17 -l en-de -i hyp17.txt hyp17b.txt -m bleu chrf -f text --paired-bs -pbsn 50",
    pytest.param("-t wmt17 -l en-de -i hyp17.txt -sl -m chrf -f text", marks=pytest.mark.slow),
    pytest.param("-t wmt17 -l en-de -i hyp17.txt -tok none -f text", marks=pytest.mark.slow),
    # --origlang and --subset (the raw SGML or XML file's documents)
    "-t wmt17 -l en-de -i hyp17.txt --origlang de -f text",
    pytest.param("-t wmt17 -l en-de -i hyp17.txt --origlang non-de -m bleu chrf -f text", marks=pytest.mark.slow),
    "-t wmt19 -l de-en -i hyp19.txt --subset country:GB -f text",
    pytest.param("-t wmt19 -l de-en -i hyp19.txt --origlang de --subset crime -f text", marks=pytest.mark.slow),
    pytest.param("-t wmt24 -l en-de -i hyp24.txt --origlang en -m chrf -f text", marks=pytest.mark.slow),
    "-t wmt24 -l en-de -i hyp24.txt --subset s -f text",
    "-t wmt17 -l en-de -i hyp17.txt --origlang xx",  # no sentence: exit 1
    # --detail: each original language, subset and domain
    "-t wmt19 -l de-en -i hyp19.txt --detail -m bleu chrf",
    pytest.param("-t wmt17 -l en-de -i hyp17.txt --detail -m bleu ter -w 2", marks=pytest.mark.slow),
    "-t wmt24 -l en-de -i hyp24.txt --detail -m chrf bleu",
    pytest.param("-t wmt24 -l en-de -i hyp24.txt --detail --subset news", marks=pytest.mark.slow),
    "ref.txt -i hyp17.txt --detail -f text",  # no test set: "No subset information found"
    # --echo
    pytest.param("-t wmt17 -l en-de --echo src", marks=pytest.mark.slow),
    "-t wmt17 -l en-de --echo ref src docid origlang genre",
    pytest.param("-t wmt17 -l en-de --echo src --origlang en", marks=pytest.mark.slow),
    "-t wmt19 -l de-en --echo ref docid --subset politics",
    "-t wmt24 -l en-de --echo src ref:refB docid",
    "-t wmt24 -l en-de --echo ref sysX domain --origlang de",
    pytest.param("-t wmt24 -l en-de --echo src --subset e", marks=pytest.mark.slow),
    "-t wmt17 -l en-de --echo nothing",  # exit 1
    pytest.param("-t wmt17 -l en-de --echo all src", marks=pytest.mark.slow),  # exit 1
    pytest.param("-t wmt17 --echo src", marks=pytest.mark.slow),  # no -l: exit 1
    # --list
    "--list",
    "--list -l de-en",
    "--list -t wmt17",
    pytest.param("--list -t wmt19 -l de-en", marks=pytest.mark.slow),
    pytest.param("--list -t nosuchset", marks=pytest.mark.slow),
    # sacreBLEU's checks
    "-t nosuchset -l en-de -i hyp17.txt",
    pytest.param("-t wmt17 -i hyp17.txt", marks=pytest.mark.slow),
    pytest.param("-t wmt17 -l xx-yy -i hyp17.txt", marks=pytest.mark.slow),
    "-t wmt17 -l en-de ref.txt -i hyp17.txt",
    pytest.param("-t wmt17 -l en-de -nr 2 -i hyp17.txt", marks=pytest.mark.slow),
    "-t wmt17 -l en-de -i short.txt",
    pytest.param("--citation", marks=pytest.mark.slow),
    pytest.param("--citation -t wmt17", marks=pytest.mark.slow),
    "--citation -t wmt19,wmt14",
]


@needs_sacrebleu
@pytest.mark.parametrize("flags", FLAG_SETS)
def test_same_stdout_and_status_as_sacrebleu(fake_cache, monkeypatch, flags):
    cache, work = fake_cache
    (work / "ref.txt").write_text("\n".join(t for _, t in _SENTENCES) + "\n", encoding="utf-8")
    argv = flags.split()
    expected = _sacrebleu(argv, cache, work)
    got = run_bleuprint(argv, work, None, {"SACREBLEU": str(cache)}, monkeypatch)
    if argv[:1] == ["--citation"] and len(argv) > 1:
        # sacreBLEU 2.5.1 crashes (``'citation' not in`` a dataset object); bleuprint
        # prints what the code meant to: each set's citation from sacreBLEU's table.
        from sacrebleu.dataset import DATASETS

        assert "TypeError" in expected.stderr
        assert got.status == 0
        assert got.stdout == "".join(DATASETS[name].citation + "\n" for name in argv[2].split(",")
                                     if DATASETS[name].citation is not None)
        return
    if expected.status == 0 and flags != "--list -t nosuchset":
        assert expected.stdout  # a real output is compared
    assert (got.status, got.stdout) == (expected.status, expected.stdout), (got.stderr, expected.stderr)


@needs_sacrebleu
@pytest.mark.parametrize("origlang", ["de", "en"])
def test_detail_of_one_original_language(fake_cache, monkeypatch, origlang):
    """``--detail --origlang XX``: sacreBLEU 2.5.1 iterates over the letters of XX, finds no
    segment for either, and fails (``max() arg is an empty sequence``); bleuprint prints
    the groups of XX, which are the lines of sacreBLEU's ``--detail`` (every original
    language) that start with ``origlang=XX`` (the labels padded to the longest label
    printed, so the padding is left out of the comparison)."""
    cache, work = fake_cache
    flags = "-t wmt19 -l de-en -i hyp19.txt -m bleu chrf -f text --detail".split()
    crashed = _sacrebleu(flags + ["--origlang", origlang], cache, work)
    assert crashed.status == 1 and "ValueError" in crashed.stderr
    every = _sacrebleu(flags, cache, work)
    expected = [_unpadded(line) for line in every.stdout.splitlines() if line.startswith(f"origlang={origlang} ")]
    got = run_bleuprint(flags + ["--origlang", origlang], work, None, {"SACREBLEU": str(cache)}, monkeypatch)
    assert got.status == 0 and len(expected) >= 4
    assert [_unpadded(line) for line in got.stdout.splitlines() if line.startswith("origlang=")] == expected


def _unpadded(line: str) -> str:
    label, rest = line.split(": sentences=", 1)
    return f"{label.rstrip()}: sentences={rest}"


#: Flag sets that print an XML set's fields, whose order sacreBLEU takes from a Python set
#: of translator names (so from the hash seed): both run as subprocesses with PYTHONHASHSEED=0.
ORDERED_FLAG_SETS = [
    "-t wmt24 -l en-de --echo all",
    "--list -t wmt24 -l en-de",
    "--list -t wmt24",
]


@needs_sacrebleu
def test_xml_fields_in_sacrebleus_order(fake_cache):
    cache, work = fake_cache
    expected = [_sacrebleu(flags.split(), cache, work) for flags in ORDERED_FLAG_SETS]
    assert expected[1].stdout.startswith("en-de: src, ref:")
    assert _bleuprint_runs(ORDERED_FLAG_SETS, work, cache) == [(e.status, e.stdout) for e in expected]


def test_no_download_was_attempted(fake_cache):
    """The archives are still the placeholders, and nothing else was written into raw/."""
    cache, _ = fake_cache
    for name in ("wmt17", "wmt19", "wmt24"):
        assert _archive(cache, name).read_bytes() == PLACEHOLDER
        assert {p.name for p in (cache / name / "raw").iterdir()} <= {"test", "sgm", "xml", _archive(cache, name).name,
                                                                      _archive(cache, name).name + ".lock"}


@pytest.mark.parametrize("flags, looked_for", [
    ("-t wmt14 -l en-de -i hyp17.txt", "wmt14.en-de.src, wmt14.en-de.ref, wmt14.en-de.docid"),
    ("-t wmt22 -l en-de --echo src", "raw/wmt22-news-systems-1.1/xml/wmttest2022.en-de.all.xml"),
    ("--download wmt16 -l en-de", "wmt16.en-de.src"),
    ("--list -t wmt23 -l en-de", "raw/wmt23-news-systems-v.0.1/xml/wmttest2023.en-de.all.xml"),
])
def test_a_set_not_in_the_cache_is_one_line_and_status_1(fake_cache, monkeypatch, flags, looked_for):
    """Nothing is fetched: one line names the files looked for, the folder, that bleuprint
    downloads nothing, and the sacreBLEU command that would fetch the set."""
    cache, work = fake_cache
    got = run_bleuprint(flags.split(), work, None, {"SACREBLEU": str(cache)}, monkeypatch)
    name = flags.split()[flags.split().index("-t") + 1 if "-t" in flags.split() else 1]
    pair = flags.split()[flags.split().index("-l") + 1]
    assert got.status == 1 and got.stdout == ""
    (line,) = got.stderr.splitlines()
    assert looked_for in line and str(cache / name) in line
    assert "bleuprint downloads nothing" in line and f"'sacrebleu --download {name} -l {pair}'" in line
    assert not (cache / name).exists()


def test_download_of_a_set_in_the_cache_does_nothing(fake_cache, monkeypatch):
    """``--download`` of a set that is already there: nothing printed, status 0 (sacreBLEU
    too finds nothing to fetch)."""
    cache, work = fake_cache
    got = run_bleuprint("--download wmt17 -l en-de".split(), work, None, {"SACREBLEU": str(cache)}, monkeypatch)
    assert (got.status, got.stdout) == (0, "")
    expected = _sacrebleu("--download wmt17 -l en-de".split(), cache, work)
    assert (expected.status, expected.stdout) == (0, "")


@needs_sacrebleu
def test_target_language_tokenizers_are_sacrebleus():
    """``-l SRC-TRG`` without ``-tok`` picks BLEU's tokenizer from the target as sacreBLEU
    does (zh, ja-mecab, ko-mecab; else 13a): bleuprint's table is sacreBLEU's."""
    from sacrebleu.metrics.bleu import BLEU as SacreBLEU

    from bleuprint.compat.metrics import BLEU

    assert BLEU.TRG_LANG_TOKENIZERS == SacreBLEU._TOKENIZER_MAP
    assert BLEU.TOKENIZER_DEFAULT == SacreBLEU.TOKENIZER_DEFAULT


def test_target_language_picks_the_tokenizer_name(monkeypatch):
    """``-l en-ja`` asks for ``ja-mecab`` and ``-l en-ko`` for ``ko-mecab`` by name (sacreBLEU's
    ``BLEU._TOKENIZER_MAP``), ``-l de-zh`` for ``zh``, any other target for ``13a``."""
    from bleuprint.cli import build_parser
    from bleuprint.compat.metrics import BLEU

    for pair, name in (("en-ja", "ja-mecab"), ("en-ko", "ko-mecab"), ("de-zh", "zh"), ("en-de", "13a")):
        args = build_parser().parse_args(["score", "ref", "-i", "hyp", "-l", pair])
        assert BLEU.from_command_line(args).tokenize == name


#: Runs ``bleuprint score`` once per argument (its words split at spaces) in one process,
#: each run's exit status and standard output written after a separator line.
_SEVERAL_RUNS = """
import contextlib, io, sys
{prelude}
from bleuprint.cli import main
for words in sys.argv[1:]:
    out = io.StringIO()
    out.isatty = lambda: False
    with contextlib.redirect_stdout(out):
        status = main(["score", *words.split()])
    sys.stdout.write(f"=== {{status}}\\n{{out.getvalue()}}")
"""


def _bleuprint_runs(flag_sets: list[str], cwd, cache: Path, prelude: str = "") -> list[tuple[int, str]]:
    """(status, standard output) of each flag set, all in one fresh process with
    PYTHONHASHSEED=0 and the network out of reach."""
    env = {k: v for k, v in os.environ.items() if not k.startswith("SACREBLEU")}
    env.update(NO_NETWORK, SACREBLEU=str(cache), PYTHONIOENCODING="utf-8", PYTHONHASHSEED="0",
               PYTHONPATH=str(Path(__file__).resolve().parents[2]))
    done = subprocess.run([sys.executable, "-c", _SEVERAL_RUNS.format(prelude=prelude), *flag_sets], cwd=cwd,
                          env=env, capture_output=True, text=True, encoding="utf-8", timeout=300)
    assert done.returncode == 0, done.stderr
    runs = done.stdout.split("=== ")[1:]
    return [(int(run.split("\n", 1)[0]), run.split("\n", 1)[1]) for run in runs]


@needs_sacrebleu
def test_no_sacrebleu_or_tabulate_at_run_time(fake_cache, corpus_dir):
    """``--list``, ``-t`` scoring, ``--echo`` of an XML set and a LaTeX table work with
    sacreBLEU, tabulate and lxml made unimportable (they are oracles, in the test extras
    only), and print what sacreBLEU does."""
    cache, work = fake_cache
    (work / "ref.txt").write_text((corpus_dir / "ref.txt").read_text(encoding="utf-8"), encoding="utf-8")
    (work / "sysA.txt").write_text((corpus_dir / "sysA.txt").read_text(encoding="utf-8"), encoding="utf-8")
    flag_sets = ["--list", "-t wmt24 -l en-de -i hyp24.txt -m bleu chrf -f text", "-t wmt24 -l en-de --echo src ref",
                 "ref.txt -i sysA.txt hyp17.txt -f latex --paired-ar -parn 100"]
    got = _bleuprint_runs(flag_sets, work, cache,
                          "sys.modules['sacrebleu'] = sys.modules['tabulate'] = sys.modules['lxml'] = None")
    expected = [_sacrebleu(flags.split(), cache, work) for flags in flag_sets]
    assert got == [(e.status, e.stdout) for e in expected]
