"""``bleuprint score`` streams its files (``bleuprint.cli.score_stream``, issue 33 item 9):
no statistics call sees more than a chunk of segments, the sums and scores are those of
the in-memory API to the bit, the output is byte for byte the in-memory path's, and an
input the in-memory path refuses is still refused with its message.

Every metric that streams (no corpus-wide context) runs on a corpus of a few dozen
segments (the metric's own ``generated_corpus`` for several seeds, written as files) with
``CHUNK_LINES = 4``, so that several chunks and a short last one are used."""

from __future__ import annotations

import json
import random

import pytest

from bleuprint import impl
from bleuprint.cli import score_stream
from bleuprint.compat.backends import column_sums
from bleuprint.core import get_metric, metric_names
from cli_harness import run_bleuprint
from bleuprint.verify_hooks import verify_hooks
from bleuprint.spec.inputs import input_hooks
from bleuprint.core.options import option_defaults
from bleuprint.core.metric import needs_context

CHUNK = 4
# The metrics `bleuprint score` reads from files (text, or numbers for perplexity); segments of
# embeddings are not read from files yet (issue 35 item 6), so they have no lines to stream.
STREAMED = [name for name in metric_names()
            if not needs_context(get_metric(name)) and input_hooks(get_metric(name)).segment_kind not in ("embedding", "embeddings")]


def _line(segment) -> str:
    """A segment as a line of a ``-i`` file: text on one line, a model's score, or
    log-probabilities."""
    if isinstance(segment, str):
        return segment.replace("\n", " ").rstrip()
    if isinstance(segment, float):
        return repr(segment)
    return " ".join(repr(float(x)) for x in segment)


def _corpus(name: str):
    """``(hypotheses, reference streams or None)`` read back as the files give them, of
    about 20 to 40 segments."""
    definition = get_metric(name)
    hyps, refs = [], []
    for seed in range(8):
        h, r = verify_hooks(definition).generated_corpus(random.Random(seed))
        for k, hyp in enumerate(h):
            if hyp is None or (r is not None and (not r[k] or any(not isinstance(x, str) for x in r[k]))):
                continue  # a missing prediction or no reference: not a line of a file
            hyps.append(hyp)
            refs.append(r[k] if r is not None else None)
    if not definition.references:
        return [input_hooks(definition).read_segment(_line(h)) for h in hyps], None
    k_refs = min(2, min(len(r) for r in refs))
    return [_line(h) for h in hyps], [[_line(r[k]) for r in refs] for k in range(k_refs)]


def _write(folder, name: str):
    hyps, streams = _corpus(name)
    (folder / "hyp.txt").write_text("".join(_line(h) + "\n" for h in hyps), encoding="utf-8")
    (folder / "hyp2.txt").write_text("".join(_line(h) + "\n" for h in reversed(hyps)), encoding="utf-8")
    refs = []
    for k, stream in enumerate(streams or []):
        (folder / f"ref{k}.txt").write_text("".join(line + "\n" for line in stream), encoding="utf-8")
        refs.append(f"ref{k}.txt")
    return hyps, streams, refs


def _skip_without_data(name: str) -> None:
    definition = get_metric(name)
    missing = verify_hooks(definition).missing_data(option_defaults(definition))
    if missing:
        pytest.skip(f"{name}: {missing}")


@pytest.fixture
def small_chunks(monkeypatch):
    monkeypatch.setattr(score_stream, "CHUNK_LINES", CHUNK)


def test_every_metric_without_a_corpus_context_streams():
    """The streamed set is every registered metric but the context ones (CIDEr-D,
    self-BLEU, distinct-n), so a metric added later streams unless it needs a context."""
    assert {"bleu", "chrf", "ter", "wer", "perplexity", "meteor"} <= set(STREAMED)
    assert not {"cider", "self_bleu", "distinct_n"} & set(STREAMED)


@pytest.mark.parametrize("name", STREAMED)
def test_streamed_sums_and_score_are_the_in_memory_apis(name, tmp_path, monkeypatch, small_chunks):
    """No statistics call gets more than CHUNK segments; the summed statistics equal
    ``column_sums`` of impl's whole matrix (``==``, ints as ints, floats to the bit) and
    their score is impl's score of those sums. With integer sums that is
    ``bleuprint.impl.corpus_score`` on the same corpus exactly (tolerance 0); with a float
    column, within 1e-9 (module doc of ``bleuprint.cli.score_stream``: the command line adds
    in order as sacreBLEU does, ``corpus_score`` with numpy's pairwise sum)."""
    _skip_without_data(name)
    hyps, streams, refs = _write(tmp_path, name)
    assert len(hyps) > 2 * CHUNK
    seen, summed = [], []
    statistics = score_stream.StreamedSums.add

    def spy_add(self, chunk):
        seen.append(len(chunk))
        statistics(self, chunk)

    def spy_add_sums(self, sums, rows, original=score_stream.StreamedSums.add_sums):  # a chunk's numpy-free sums
        seen.append(rows)
        original(self, sums, rows)

    def spy_sums(self, original=score_stream.StreamedSums.sums):
        result = original(self)
        summed.append((self.rows, result))
        return result

    monkeypatch.setattr(score_stream.StreamedSums, "add", spy_add)
    monkeypatch.setattr(score_stream.StreamedSums, "add_sums", spy_add_sums)
    monkeypatch.setattr(score_stream.StreamedSums, "sums", spy_sums)
    outcome = run_bleuprint([*refs, "-i", "hyp.txt", "-m", name, "-f", "json"], tmp_path, monkeypatch=monkeypatch)
    assert outcome.status == 0, outcome.stderr
    assert seen and max(seen) <= CHUNK and sum(seen) == len(hyps)
    segments = [list(r) for r in zip(*streams)] if streams is not None else None
    expected = column_sums(impl.sentence_stats(name, hyps, segments))
    (rows, sums), = summed
    assert rows == len(hyps)
    assert sums == expected and [type(x) for x in sums] == [type(x) for x in expected]
    assert impl.score_from_stats(name, sums, rows) == impl.score_from_stats(name, expected, len(hyps))
    api = impl.corpus_score(name, hyps, segments)
    if all(isinstance(x, int) for x in sums):
        assert impl.score_from_stats(name, sums, rows) == api
    else:  # corpus_score adds a float column pairwise (numpy's sum), the command line in
        # order (sacreBLEU's sum_of_lists): the last bits may differ, within 1e-9 on the scale
        assert impl.score_from_stats(name, sums, rows) == pytest.approx(api, rel=0, abs=1e-9)


def _in_memory(monkeypatch):
    monkeypatch.setattr(score_stream, "streamed_sums", lambda *args: None)


@pytest.mark.parametrize("name", STREAMED)
@pytest.mark.parametrize("form", [["-f", "json"], ["-f", "text"], ["-f", "text", "-w", "6"]])
def test_streamed_output_is_the_in_memory_paths(name, form, tmp_path, monkeypatch, small_chunks):
    """One system and two (the table): standard output and status as without streaming."""
    _skip_without_data(name)
    _, _, refs = _write(tmp_path, name)
    for systems in (["hyp.txt"], ["hyp.txt", "hyp2.txt"]):
        argv = [*refs, "-i", *systems, "-m", name, *form]
        streamed = run_bleuprint(argv, tmp_path, monkeypatch=monkeypatch)
        with monkeypatch.context() as patch:
            _in_memory(patch)
            memory = run_bleuprint(argv, tmp_path, monkeypatch=monkeypatch)
        assert (streamed.status, streamed.stdout, streamed.stderr) == (memory.status, memory.stdout, memory.stderr)
        assert streamed.status == 0 and streamed.stdout


def test_several_metrics_and_references_stream_together(tmp_path, monkeypatch, small_chunks):
    """BLEU, chrF, TER and ROUGE on two reference files and -nr 2 (tab-separated) print what
    the in-memory path prints."""
    _, streams, _ = _write(tmp_path, "bleu")
    first, second = streams[0], streams[0][::-1]
    (tmp_path / "second.txt").write_text("".join(line + "\n" for line in second), encoding="utf-8")
    (tmp_path / "tabbed.txt").write_text("".join(f"{a}\t{b}\n" for a, b in zip(first, second)), encoding="utf-8")
    for refs in (["ref0.txt", "second.txt"], ["tabbed.txt", "-nr", "2"]):
        argv = [*refs, "-i", "hyp.txt", "-m", "bleu", "chrf", "ter", "rouge", "-f", "text"]
        streamed = run_bleuprint(argv, tmp_path, monkeypatch=monkeypatch)
        with monkeypatch.context() as patch:
            _in_memory(patch)
            memory = run_bleuprint(argv, tmp_path, monkeypatch=monkeypatch)
        assert streamed.status == 0, streamed.stderr
        assert "nrefs:2" in streamed.stdout
        assert (streamed.stdout, streamed.stderr) == (memory.stdout, memory.stderr)


def test_a_refusal_after_the_first_chunk_is_the_in_memory_paths(tmp_path, monkeypatch, small_chunks):
    """Files of different lengths (found in the third chunk), a reference line without its
    tab field, and a TER line over the length limit in a later chunk: the message and
    status of the in-memory path, whole-file counts and whole-corpus indices, nothing on
    standard output."""
    lines = [f"the cat sat on mat {i}" for i in range(10)]
    (tmp_path / "ref.txt").write_text("".join(f"{line}\n" for line in lines), encoding="utf-8")
    (tmp_path / "short.txt").write_text("".join(f"{line}\n" for line in lines[:9]), encoding="utf-8")
    (tmp_path / "tabbed.txt").write_text("".join(f"{line}\t{line}\n" for line in lines[:7]) + "a\n" * 3,
                                         encoding="utf-8")
    long_lines = lines[:6] + [" ".join(["w"] * 2001)] + lines[7:]
    (tmp_path / "long.txt").write_text("".join(f"{line}\n" for line in long_lines), encoding="utf-8")
    cases = [(["ref.txt", "-i", "short.txt"], "short.txt has 9 lines, reference 'ref.txt' has 10"),
             (["tabbed.txt", "-nr", "2", "-i", "ref.txt"], "line 8: expected 2 fields"),
             (["ref.txt", "-i", "long.txt", "-m", "ter"], "hyps[6]")]
    for argv, message in cases:
        streamed = run_bleuprint(argv, tmp_path, monkeypatch=monkeypatch)
        with monkeypatch.context() as patch:
            _in_memory(patch)
            memory = run_bleuprint(argv, tmp_path, monkeypatch=monkeypatch)
        assert message in streamed.stderr
        assert streamed.status != 0 and streamed.stdout == ""
        assert (streamed.status, streamed.stderr) == (memory.status, memory.stderr)


def test_what_needs_the_whole_matrix_is_not_streamed(tmp_path, monkeypatch, small_chunks):
    """--confidence, a paired test, -sl and a context metric (CIDEr-D) score in memory:
    ``score_stream.streams`` says no, and no chunk is summed."""
    from bleuprint.cli import build_parser

    _write(tmp_path, "bleu")
    for extra in (["--confidence", "-cin", "10"], ["-sl"], ["-m", "cider"]):
        args = build_parser().parse_args(["score", "ref0.txt", "-i", "hyp.txt", *extra])
        assert not score_stream.streams(args), extra
    args = build_parser().parse_args(["score", "ref0.txt", "-i", "hyp.txt", "hyp2.txt", "--paired-bs"])
    assert not score_stream.streams(args)
    added = []
    monkeypatch.setattr(score_stream.StreamedSums, "add", lambda self, chunk: added.append(chunk))
    outcome = run_bleuprint(["ref0.txt", "-i", "hyp.txt", "--confidence", "-cin", "10"], tmp_path,
                            monkeypatch=monkeypatch)
    assert outcome.status == 0 and not added
    assert json.loads(outcome.stdout)["confidence_mean"] is not None


@pytest.mark.parametrize("name", ["bleu", "ter", "perplexity", "meteor"])
def test_with_a_progress_bar_the_output_is_the_same(name, tmp_path, monkeypatch, small_chunks):
    """With the bar drawn (threshold 0), statistics are computed in the bar's smaller
    steps and, for a metric that refuses some segments, after a checking pass: standard
    output is still the in-memory path's, and the bar reaches 100%."""
    from bleuprint.cli import score_compute

    _skip_without_data(name)
    monkeypatch.setattr(score_compute, "PROGRESS_THRESHOLD", 0)
    monkeypatch.setattr(score_compute, "CHUNK_COST", 1)  # steps of 10 segments at least
    monkeypatch.setattr(score_stream, "CHUNK_LINES", 13)
    _, _, refs = _write(tmp_path, name)
    argv = [*refs, "-i", "hyp.txt", "-m", name, "-f", "text"]
    streamed = run_bleuprint(argv, tmp_path, monkeypatch=monkeypatch)
    with monkeypatch.context() as patch:
        _in_memory(patch)
        memory = run_bleuprint(argv, tmp_path, monkeypatch=monkeypatch)
    assert streamed.status == 0 and streamed.stdout == memory.stdout
    assert "100.0%" in streamed.stderr


@pytest.mark.parametrize("extra", [["--origlang", "de"], ["--subset", "x"], ["-t", "wmt14"], ["-d"]])
def test_test_set_options_are_not_streamed(extra):
    """Every test-set option goes to the in-memory path (which refuses --origlang and
    --subset without -t, as sacreBLEU cannot honour them)."""
    from bleuprint.cli import build_parser

    args = build_parser().parse_args(["score", "ref0.txt", "-i", "hyp.txt", *extra])
    assert not score_stream.streams(args)


def test_the_specification_streams_too(tmp_path, monkeypatch, small_chunks):
    """``--impl spec``: the spec's statistics chunk by chunk print what they print in memory."""
    _, _, refs = _write(tmp_path, "bleu")
    argv = [*refs, "-i", "hyp.txt", "hyp2.txt", "-m", "bleu", "chrf", "exact_match", "--impl", "spec", "-f", "text"]
    chunks, add = [], score_stream.StreamedSums.add
    monkeypatch.setattr(score_stream.StreamedSums, "add", lambda self, chunk: (chunks.append(len(chunk)),
                                                                                 add(self, chunk)))
    streamed = run_bleuprint(argv, tmp_path, monkeypatch=monkeypatch)
    assert len(chunks) > 6 and max(chunks) <= CHUNK
    with monkeypatch.context() as patch:
        _in_memory(patch)
        memory = run_bleuprint(argv, tmp_path, monkeypatch=monkeypatch)
    assert streamed.status == 0 and (streamed.stdout, streamed.stderr) == (memory.stdout, memory.stderr)
