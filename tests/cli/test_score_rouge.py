"""``bleuprint score -m rouge1 rouge2 rougeL rougeLsum`` on files: the names state the rouge
metric's type (the CLI hook ``named_options``), the documents carry each score's name
(``score_name``) and signature (``signature_fields``: tokenizer, stemmer, Lsum splitting,
aggregation, best-target rule, measure, rouge-score's version), and ``--newline-escape``
says how a line-per-segment file writes sentence breaks (rougeLsum's sentences).

Expected values come from rouge-score 0.1.2 computed in the test (the corpus value is the
mean over segments of ``score_multi``'s value per type); JSON scores are printed with
``-w 15``, so they are compared within 1e-12.
"""

from __future__ import annotations

import json

import pytest

from tests.cli_harness import run_bleuprint

oracle = pytest.importorskip("rouge_score.rouge_scorer", reason="rouge-score 0.1.2 is the oracle (test extra)")

TYPES = ["rouge1", "rouge2", "rougeL", "rougeLsum"]
HYPS = ["the cat sat on the mat<n>it was happy", "a b c<n>d e f", "Police arrested two men.", "", "x y z"]
REFS = ["the cat is on the mat<n>it is happy", "d e f<n>a b c", "Two men were arrested by police.", "nothing",
        "x z y"]
REFS2 = ["a cat sat<n>on a mat", "a b c d e f", "two men arrested", "", "z"]


def write(path, name, lines):
    (path / name).write_text("\n".join(lines) + "\n", encoding="utf-8")


@pytest.fixture
def files(tmp_path):
    write(tmp_path, "hyp.txt", HYPS)
    write(tmp_path, "ref.txt", REFS)
    write(tmp_path, "ref2.txt", REFS2)
    return tmp_path


def oracle_means(ref_streams, measure="fmeasure", newline=True):
    scorer = oracle.RougeScorer(TYPES)
    fix = (lambda text: text.replace("<n>", "\n")) if newline else (lambda text: text)
    totals = dict.fromkeys(TYPES, 0.0)
    for i, hyp in enumerate(HYPS):
        best = scorer.score_multi([fix(stream[i]) for stream in ref_streams], fix(hyp))
        for rouge_type in TYPES:
            totals[rouge_type] += getattr(best[rouge_type], measure)
    return {rouge_type: total / len(HYPS) for rouge_type, total in totals.items()}


def test_the_four_types_from_files_equal_rouge_score(files, monkeypatch):
    got = run_bleuprint("ref.txt ref2.txt -i hyp.txt -m rouge1 rouge2 rougeL rougeLsum -w 15 --newline-escape <n>"
                        .split(), files, None, {}, monkeypatch)
    assert (got.status, got.stderr) == (0, "")
    documents = json.loads(got.stdout)
    expected = oracle_means([REFS, REFS2])
    assert [d["name"] for d in documents] == TYPES
    for document in documents:
        assert document["score"] == pytest.approx(expected[document["name"]], abs=1e-12)
        assert document["options"] == {"rouge_type": document["name"], "use_stemmer": False, "measure": "fmeasure"}
        assert document["nrefs"] == 2
    lsum = documents[3]["signature"]
    assert lsum == ("nrefs:2|type:rougeLsum|tok:ascii-alnum-lc|stem:no|split:newline|agg:mean|best:max-f|"
                    "measure:fmeasure|version:rouge-score-0.1.2")
    assert "split:none" in documents[2]["signature"]


def test_the_newline_escape_is_what_makes_lsum_differ_from_l(files, monkeypatch):
    """Without ``--newline-escape`` the "<n>" marks are text (rouge-score's tokenizer reads
    "n" as a token), there are no sentence breaks, and rougeLsum equals rougeL; with it,
    segment 2 ("a b c / d e f" against "d e f / a b c") has rougeLsum 1 and rougeL 1/2."""
    plain = run_bleuprint("ref.txt -i hyp.txt -m rougeL rougeLsum -w 15".split(), files, None, {}, monkeypatch)
    plain = {d["name"]: d["score"] for d in json.loads(plain.stdout)}
    assert plain["rougeL"] == plain["rougeLsum"]
    assert plain["rougeL"] == pytest.approx(oracle_means([REFS], newline=False)["rougeL"], abs=1e-12)
    for name, second in (("rougeLsum", 1.0), ("rougeL", 0.5)):
        escaped = run_bleuprint(f"ref.txt -i hyp.txt -m {name} -sl -b -w 15 --newline-escape <n>".split(), files,
                                None, {}, monkeypatch)
        assert escaped.status == 0
        assert float(escaped.stdout.split()[1]) == second
    with pytest.raises(SystemExit):
        run_bleuprint("ref.txt -i hyp.txt -m rouge1 --newline-escape".split(), files, None, {}, monkeypatch)
    empty = run_bleuprint(["ref.txt", "-i", "hyp.txt", "-m", "rouge1", "--newline-escape", ""], files, None, {},
                          monkeypatch)
    assert (empty.status, empty.stderr) == (1, "bleuprint: --newline-escape needs a non-empty TEXT\n")


def test_text_form_names_the_score_and_its_signature(files, monkeypatch):
    """``-f text``: ``rouge2|<signature> = score``; the short signature abbreviates the keys;
    ``-m rougeL-R`` (or ``--metric-option measure=recall``) is the mean recall."""
    got = run_bleuprint("ref.txt -i hyp.txt -m rouge2 -f text -w 15".split(), files, None, {}, monkeypatch)
    name, value = got.stdout.strip().split(" = ")
    assert name == ("rouge2|nrefs:1|type:rouge2|tok:ascii-alnum-lc|stem:no|split:none|agg:mean|best:max-f|"
                    "measure:fmeasure|version:rouge-score-0.1.2")
    assert float(value) == pytest.approx(oracle_means([REFS], newline=False)["rouge2"], abs=1e-12)
    short = run_bleuprint("ref.txt -i hyp.txt -m rouge2 -f text -sh".split(), files, None, {}, monkeypatch)
    assert short.stdout.startswith("rouge2|#:1|t:rouge2|tok:ascii-alnum-lc|st:no|sp:none|a:mean|b:max-f|m:fmeasure|"
                                   "v:rouge-score-0.1.2 = ")
    recall = oracle_means([REFS], measure="recall", newline=False)["rougeL"]
    for argv in ("-m rougeL-R", "-m rougeL --metric-option measure=recall"):
        got = run_bleuprint(f"ref.txt -i hyp.txt {argv} -f text -w 15".split(), files, None, {}, monkeypatch)
        assert float(got.stdout.split(" = ")[1]) == pytest.approx(recall, abs=1e-12)
        assert "|measure:recall|" in got.stdout


def test_rouge_names_are_read_in_any_case(files, monkeypatch):
    """``-m`` reads a ROUGE name in any case, as reproduce does: ``ROUGE-L-r`` and
    ``rougel-r`` are rougeL's mean recall (rouge-score's ``recall``), ``Rouge-1-p`` rouge1's
    mean precision. (A lower-case measure ending used to stop the command with a KeyError
    traceback.) Within 1e-12 of the oracle (scores printed with ``-w 15``)."""
    recall = oracle_means([REFS], measure="recall", newline=False)["rougeL"]
    precision = oracle_means([REFS], measure="precision", newline=False)["rouge1"]
    for name, expected, measure in (("ROUGE-L-r", recall, "recall"), ("rougel-r", recall, "recall"),
                                    ("Rouge-1-p", precision, "precision")):
        got = run_bleuprint(f"ref.txt -i hyp.txt -m {name} -f text -w 15".split(), files, None, {}, monkeypatch)
        assert got.status == 0, got.stderr
        assert float(got.stdout.split(" = ")[1]) == pytest.approx(expected, abs=1e-12)
        assert f"|measure:{measure}|" in got.stdout


def test_rouge_names_are_refused_where_they_conflict_or_do_not_exist(files, monkeypatch):
    got = run_bleuprint("ref.txt -i hyp.txt -m rouge1 --metric-option rouge_type=rouge2".split(), files, None, {},
                        monkeypatch)
    assert (got.status, got.stderr) == (1, "bleuprint: -m rouge1 means rouge_type=rouge1, but --metric-option "
                                           "gives rouge_type=rouge2\n")
    for name in ("rouge0", "rouge10", "rougeX"):
        with pytest.raises(SystemExit):
            run_bleuprint(f"ref.txt -i hyp.txt -m {name}".split(), files, None, {}, monkeypatch)


def test_rouge_interval_from_the_command_line_is_seeded(files, monkeypatch):
    """``--confidence``: bleuprint's own bootstrap of the mean (SACREBLEU_SEED), the same
    twice, and its mean lies within [0, 1]."""
    argv = "ref.txt -i hyp.txt -m rougeLsum --newline-escape <n> --confidence -cin 200 -w 15".split()
    first = json.loads(run_bleuprint(argv, files, None, {}, monkeypatch).stdout)
    again = json.loads(run_bleuprint(argv, files, None, {}, monkeypatch).stdout)
    other = json.loads(run_bleuprint(argv, files, None, {"SACREBLEU_SEED": "7"}, monkeypatch).stdout)
    assert first == again
    assert first["confidence_mean"] != other["confidence_mean"]
    assert 0 <= first["confidence_mean"] <= 1 and first["seed"] == "12345"


@pytest.mark.parametrize("stem", ["false", "true"])
def test_several_types_share_one_all_types_call_and_equal_each_type_alone(files, monkeypatch, stem):
    """``-m rouge1 rouge2 rougeL rougeLsum`` computes every type's rows in one ``rouge_all``
    call per system (every text tokenized and stemmed once); the documents equal those of
    each type asked alone (which goes through the per-type statistics), signatures
    included, for one system and for two (the table, ``-f json``)."""
    from bleuprint.metrics.rouge import impl

    calls = []
    real = impl.rouge_all
    monkeypatch.setattr(impl, "rouge_all", lambda *a, **k: calls.append(a[2]) or real(*a, **k))
    common = f"-w 15 --newline-escape <n> --metric-option use_stemmer={stem}".split()
    together = run_bleuprint(["ref.txt", "ref2.txt", "-i", "hyp.txt", "-m", *TYPES, *common], files, None, {},
                             monkeypatch)
    assert (together.status, together.stderr) == (0, "")
    assert calls == [TYPES]
    alone = [json.loads(run_bleuprint(["ref.txt", "ref2.txt", "-i", "hyp.txt", "-m", t, *common], files, None, {},
                                      monkeypatch).stdout) for t in TYPES]
    assert calls == [TYPES]  # a lone type takes the per-type path
    assert json.loads(together.stdout) == [document for documents in alone for document in
                                           (documents if isinstance(documents, list) else [documents])]
    write(files, "hyp2.txt", REFS2)
    two = run_bleuprint(["ref.txt", "-i", "hyp.txt", "hyp2.txt", "-m", *TYPES, *common, "-f", "json"], files, None,
                        {}, monkeypatch)
    assert calls[1:] == [TYPES, TYPES]
    alone = [json.loads(run_bleuprint(["ref.txt", "-i", "hyp.txt", "hyp2.txt", "-m", t, *common, "-f", "json"],
                                      files, None, {}, monkeypatch).stdout) for t in TYPES]
    merged = [dict(row) for row in alone[0]]
    for documents in alone[1:]:
        for row, other in zip(merged, documents):
            row.update(other)
    assert json.loads(two.stdout) == merged
    assert [list(row) for row in merged] == [["system", *TYPES]] * 2


def test_several_types_from_standard_input_share_one_call_too(files, monkeypatch):
    """The in-memory path (standard input is not streamed) takes the shared call as well,
    with the same documents as the files' streamed path."""
    from bleuprint.metrics.rouge import impl

    calls = []
    real = impl.rouge_all
    monkeypatch.setattr(impl, "rouge_all", lambda *a, **k: calls.append(a[2]) or real(*a, **k))
    argv = ["ref.txt", "-m", *TYPES, "-w", "15", "--newline-escape", "<n>"]
    piped = run_bleuprint(argv, files, "\n".join(HYPS) + "\n", {}, monkeypatch)
    assert (piped.status, calls) == (0, [TYPES])
    from_file = run_bleuprint([*argv, "-i", "hyp.txt"], files, None, {}, monkeypatch)
    assert json.loads(piped.stdout) == json.loads(from_file.stdout)
