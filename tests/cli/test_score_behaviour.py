"""``bleuprint score`` where it is not a byte copy of sacreBLEU's command line: its own
refusals and messages, the progress bar on standard error, and the paired-test JSON that
sacreBLEU cannot print for chrF (``TypeError: Object of type float32 is not JSON
serializable``), checked against sacreBLEU's ``PairedTest`` API."""

from __future__ import annotations

import json

import pytest

from bleuprint.cli import score_compute
from cli_harness import needs_sacrebleu, run_bleuprint, run_sacrebleu


def test_length_mismatch_names_the_files(corpus_dir, monkeypatch):
    got = run_bleuprint("ref.txt ref2.txt -i short.txt".split(), corpus_dir, None, {}, monkeypatch)
    assert got.status == 1 and got.stdout == ""
    assert "short.txt has 27 lines" in got.stderr and "'ref.txt' has 30" in got.stderr


@pytest.mark.parametrize("tokenizer", ["spm", "flores101", "flores200", "spBLEU-1K"])
def test_sentencepiece_without_a_model_is_one_line(corpus_dir, monkeypatch, tmp_path, tokenizer):
    """No model given and none in sacreBLEU's cache: one line naming the file expected
    (bleuprint downloads nothing), status 1, nothing on standard output (as sacreBLEU 2.6.0,
    which has all four tokenizers)."""
    from bleuprint.spec.tokenizers_spm import model_file_name, use_spm_model

    use_spm_model(tokenizer, None)
    got = run_bleuprint(f"ref.txt -i sysA.txt --sacrebleu-version 2.6.0 -tok {tokenizer}".split(), corpus_dir, None,
                        {"SACREBLEU": str(tmp_path)}, monkeypatch)
    assert got.status == 1 and got.stdout == ""
    assert len(got.stderr.splitlines()) == 1 and model_file_name(tokenizer) in got.stderr


@pytest.mark.parametrize("tokenizer, extra", [("ja-mecab", "ja"), ("ko-mecab", "ko")])
def test_mecab_without_its_package_is_one_line(corpus_dir, monkeypatch, tokenizer, extra):
    """MeCab's packages missing (made so here): one line naming the pip command, status 1."""
    import sys

    from bleuprint.spec import tokenizers_mecab

    monkeypatch.setitem(sys.modules, "MeCab", None)
    monkeypatch.setitem(sys.modules, "mecab_ko", None)
    tokenizers_mecab.mecab_tagger.cache_clear()
    try:
        got = run_bleuprint(f"ref.txt -i sysA.txt -tok {tokenizer}".split(), corpus_dir, None, {}, monkeypatch)
    finally:
        tokenizers_mecab.mecab_tagger.cache_clear()
    assert got.status == 1 and got.stdout == ""
    assert len(got.stderr.splitlines()) == 1 and f"pip install 'bleuprint[{extra}]'" in got.stderr


@needs_sacrebleu
@pytest.mark.parametrize("extra", ["", " --chrf-eps-smoothing"])
def test_chrf_without_any_order_is_refused(corpus_dir, monkeypatch, extra):
    """``-cc 0 -cw 0``: sacreBLEU's command line stops with a traceback (IndexError, or
    ZeroDivisionError under eps smoothing); bleuprint with one line naming both flags, the
    same status 1 and nothing on standard output. Without ``-m chrf`` the flags are unused
    and both score as usual."""
    argv = f"ref.txt -i sysA.txt -m chrf -cc 0 -cw 0{extra}".split()
    expected = run_sacrebleu(argv, corpus_dir)
    assert expected.status == 1 and "Traceback" in expected.stderr
    got = run_bleuprint(argv, corpus_dir, None, {}, monkeypatch)
    assert (got.status, got.stdout) == (1, "")
    assert got.stderr == ("bleuprint: -cc/--chrf-char-order and -cw/--chrf-word-order are both 0: chrF needs at "
                          "least one character or word order (-cc 0 -cw 2 is a word-only chrF)\n")
    argv = "ref.txt -i sysA.txt -m bleu -cc 0 -cw 0".split()
    expected = run_sacrebleu(argv, corpus_dir)
    got = run_bleuprint(argv, corpus_dir, None, {}, monkeypatch)
    assert (got.status, got.stdout) == (expected.status, expected.stdout) and got.status == 0


def test_missing_references(corpus_dir, monkeypatch):
    """Neither reference files nor ``-t``: one message, status 1 (LaTeX tables are compared
    with sacreBLEU's in test_score_vs_sacrebleu.py)."""
    got = run_bleuprint("-i sysA.txt".split(), corpus_dir, None, {}, monkeypatch)
    assert got.status == 1 and "reference file(s)" in got.stderr and "-t SET -l PAIR" in got.stderr


@needs_sacrebleu
def test_progress_bar_goes_to_stderr_only(corpus_dir, monkeypatch):
    """With the threshold at 0 and tiny chunks, the statistics are computed chunk by chunk
    behind a bar on standard error; standard output is still sacreBLEU's, and ``-q`` hides
    the bar."""
    monkeypatch.setattr(score_compute, "PROGRESS_THRESHOLD", 0)
    monkeypatch.setattr(score_compute, "CHUNK_COST", 7)
    argv = "ref.txt ref2.txt -i sysA.txt -m bleu chrf ter -f text".split()
    expected = run_sacrebleu(argv, corpus_dir)
    got = run_bleuprint(argv, corpus_dir, None, {}, monkeypatch)
    assert got.stdout == expected.stdout
    assert "bleuprint: BLEU" in got.stderr and "100.0%" in got.stderr and "bleuprint: TER" in got.stderr
    assert "\r" not in got.stdout
    quiet = run_bleuprint(argv + ["-q"], corpus_dir, None, {}, monkeypatch)
    assert quiet.stdout == expected.stdout and quiet.stderr == ""


@needs_sacrebleu
def test_paired_bootstrap_json_for_chrf_matches_sacrebleu_api(corpus_dir, monkeypatch):
    """sacreBLEU's own command line crashes here; its ``PairedTest`` gives the numbers.
    Scores within 1e-9; p-values, means and half-widths exactly (seed 12345)."""
    import sacrebleu
    from sacrebleu.significance import PairedTest

    got = run_bleuprint("ref.txt -i sysA.txt sysB.txt sysC.txt -m chrf bleu --paired-bs -pbsn 100".split(),
                        corpus_dir, None, {}, monkeypatch)
    assert got.status == 0, got.stderr
    rows = json.loads(got.stdout)
    read = lambda name: (corpus_dir / name).read_text(encoding="utf-8").splitlines()  # noqa: E731
    refs = [[line.rstrip() for line in read("ref.txt")]]
    systems = [(name, [line.rstrip() for line in read(name)]) for name in ("sysA.txt", "sysB.txt", "sysC.txt")]
    systems[0] = ("Baseline: sysA.txt", systems[0][1])
    metrics = {"chrF2": sacrebleu.CHRF(references=refs), "BLEU": sacrebleu.BLEU(references=refs)}
    monkeypatch.delenv("SACREBLEU_SEED", raising=False)
    _, table = PairedTest(systems, metrics, references=None, test_type="bs", n_samples=100)()
    assert [row["system"] for row in rows] == table["System"]
    for metric in ("chrF2", "BLEU"):
        for row, result in zip(rows, table[metric]):
            ours = row[metric]
            assert ours["score"] == pytest.approx(result.score, abs=1e-9)
            assert ours["p_value"] == result.p_value
            assert ours["mean"] == float(result.mean) and ours["ci"] == float(result.ci)


def test_exact_match_from_files(tmp_path, monkeypatch):
    """``-m exact_match``: a registered metric without sacreBLEU flags, scored through the
    registry. By hand (both sides stripped at both ends, case and inner white space
    kept): "the cat sat" = "the cat sat", "  a dog" = "a dog", "Hello there" != "hello
    there", "" = "", "x y" != "x  y": 3 of 5, 0.6; segment by segment 1, 1, 0, 1, 0. A
    second reference file matching "Hello there" makes it 4 of 5, 0.8. A 0..1 score is
    printed with 4 decimals unless ``-w`` says otherwise (sacreBLEU's 1 is for its 0..100
    scores). Exact match has no option, so any ``--metric-option`` is refused in one line."""
    write = lambda name, lines: (tmp_path / name).write_text("\n".join(lines) + "\n", encoding="utf-8")  # noqa: E731
    write("hyp.txt", ["the cat sat", "  a dog", "Hello there", "", "x y"])
    write("ref.txt", ["the cat sat", "a dog", "hello there", "", "x  y"])
    write("ref2.txt", ["x", "x", "Hello there", "x", "y x"])
    got = run_bleuprint("ref.txt -i hyp.txt -m exact_match -f text -w 4".split(), tmp_path, None, {}, monkeypatch)
    assert (got.status, got.stdout, got.stderr) == (0, "exact_match = 0.6000\n", "")
    got = run_bleuprint("ref.txt -i hyp.txt -m exact_match".split(), tmp_path, None, {}, monkeypatch)
    assert got.status == 0 and json.loads(got.stdout) == {"name": "exact_match", "score": 0.6, "nrefs": 1,
                                                          "options": {}, "parts": {}}
    got = run_bleuprint("ref.txt -i hyp.txt -m exact_match -sl -b".split(), tmp_path, None, {}, monkeypatch)
    assert (got.status, got.stdout.split()) == (0, ["1.0000", "1.0000", "0.0000", "1.0000", "0.0000"])
    got = run_bleuprint("ref.txt ref2.txt -i hyp.txt -m exact_match -f text".split(), tmp_path, None, {},
                        monkeypatch)
    assert (got.status, got.stdout) == (0, "exact_match = 0.8000\n")
    got = run_bleuprint("ref.txt -i hyp.txt -m exact_match --metric-option lowercase=true".split(), tmp_path, None,
                        {}, monkeypatch)
    assert (got.status, got.stdout) == (1, "")
    assert got.stderr == ("bleuprint: --metric-option 'lowercase=true': no option 'lowercase' in exact_match "
                          "(options: none)\n")


@needs_sacrebleu
def test_exact_match_beside_sacrebleu_metrics(corpus_dir, monkeypatch):
    """``-m bleu exact_match``: BLEU's document is what sacreBLEU prints for ``-m bleu``
    (its flags still apply to it), the exact match document follows it, with the spec's
    ``exact_match`` of the files' lines to the width; ``--metric-option`` with only
    sacreBLEU's metrics is refused."""
    expected = run_sacrebleu("ref.txt -i sysA.txt -m bleu -tok intl".split(), corpus_dir)
    got = run_bleuprint("ref.txt -i sysA.txt -m bleu exact_match -tok intl".split(), corpus_dir, None, {},
                        monkeypatch)
    bleu, exact = json.loads(got.stdout)
    assert got.status == expected.status == 0 and bleu == json.loads(expected.stdout)
    from bleuprint.spec import exact_match

    def read(name):  # the lines as the command line reads them: split at "\n", right-stripped
        return [line.rstrip() for line in (corpus_dir / name).read_bytes().decode("utf-8").split("\n")[:-1]]

    assert exact == {"name": "exact_match", "score": round(exact_match(read("sysA.txt"), read("ref.txt")), 1),
                     "nrefs": 1, "options": {}, "parts": {}}
    got = run_bleuprint("ref.txt -i sysA.txt -m bleu chrf --metric-option n=4".split(), corpus_dir, None, {},
                        monkeypatch)
    assert (got.status, got.stdout) == (1, "")
    assert got.stderr == ("bleuprint: --metric-option 'n=4': the metrics given with -m (bleu, chrf) take "
                          "sacreBLEU's flags (see --help), not --metric-option\n")
