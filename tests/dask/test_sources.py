"""Issue #21 item 1: the sharded sources (plain-text globs, JSON lines, Parquet, Dask
dataframes) read the same segments as the in-process readers, split anywhere, and their
refusals name the files and lines.

Expected values: the one-call ``bleuprint.impl.corpus_score`` of the same segments read in
memory (every metric here has whole-number statistics, so bit for bit; TER's with one
reference per segment are whole too).
"""

from __future__ import annotations

import gzip
import json

import pytest

import bleuprint.impl as impl
from bleuprint.dask import DataFrameSource, JsonLines, ParquetFiles, SegmentError, SourceError, TextFiles, accumulate, score
from bleuprint.dask.sources import line_index
from bleuprint.core.value import metric as configured

HYPS = ["the cat sat on the mat", "a dog  ", "", "x y z", "tschüß ß", "the the the", "a b c d e", "1,000 $5"]
REFS1 = ["the cat is on the mat", "the dog", "x", "x y", "tschüss", "the", "a b c", "1000 5"]
REFS2 = ["a cat sat", "dog", "", "y z", "ß", "the the", "a b c d", "1,000"]


def _write(path, lines, end="\n"):
    path.write_text("\n".join(lines) + end, encoding="utf-8")


def _shards(tmp_path, sizes=(3, 0, 5)):
    """HYPS cut into files hyp.0.txt ... of ``sizes`` lines, with two reference streams."""
    start = 0
    for k, size in enumerate(sizes):
        for name, lines in (("hyp", HYPS), ("ra", REFS1), ("rb", REFS2)):
            chunk = lines[start:start + size]
            (tmp_path / f"{name}.{k}.txt").write_text("".join(line + "\n" for line in chunk), encoding="utf-8")
        start += size
    assert start == len(HYPS)


def test_line_index_by_hand(tmp_path):
    """"ab\\ncd\\n\\nef" (no final newline): lines start at bytes 0, 3, 6, 7; 4 lines.
    Every 2 lines: offsets [0, 6]. With a final newline the offset past the end starts no
    line: "ab\\ncd\\n" every 2 -> [0], 2 lines."""
    path = tmp_path / "f.txt"
    path.write_bytes(b"ab\ncd\n\nef")
    assert line_index(str(path), 2) == ([0, 6], 4)
    assert line_index(str(path), 1) == ([0, 3, 6, 7], 4)
    path.write_bytes(b"ab\ncd\n")
    assert line_index(str(path), 2) == ([0], 2)
    path.write_bytes(b"")
    assert line_index(str(path), 3) == ([0], 0)


@pytest.mark.parametrize("lines_per_part", [1, 2, 3, 100])
def test_text_globs_with_two_reference_streams(tmp_path, lines_per_part):
    """Three shards (one empty), two reference globs, parts cut every k lines inside the
    files; lines right-stripped as the CLI reads them ("a dog  " is "a dog")."""
    _shards(tmp_path)
    source = TextFiles(str(tmp_path / "hyp.*.txt"), [str(tmp_path / "ra.*.txt"), str(tmp_path / "rb.*.txt")],
                       lines_per_part=lines_per_part)
    refs = [[a, b] for a, b in zip(REFS1, REFS2)]
    hyps = [line.rstrip() for line in HYPS]
    merged = accumulate(source, ["bleu", configured("chrf", word_order=2), "exact_match"], scheduler="sync")
    assert merged["bleu"].score() == impl.corpus_score("bleu", hyps, refs)
    assert merged["chrf"].score() == impl.corpus_score(configured("chrf", word_order=2), hyps, refs)
    assert merged["exact_match"].score() == impl.corpus_score("exact_match", hyps, refs)
    assert merged["bleu"].n_sentences == 8


def test_gzip_files_are_one_part_each(tmp_path):
    with gzip.open(tmp_path / "hyp.0.txt.gz", "wt", encoding="utf-8") as handle:
        handle.write("\n".join(HYPS))
    with gzip.open(tmp_path / "ref.0.txt.gz", "wt", encoding="utf-8") as handle:
        handle.write("\n".join(REFS1))
    source = TextFiles(str(tmp_path / "hyp.*.gz"), str(tmp_path / "ref.*.gz"), lines_per_part=2)
    assert score(source, "ter", scheduler="sync") == impl.corpus_score(
        "ter", [h.rstrip() for h in HYPS], [[r] for r in REFS1])


def test_files_of_different_lengths_are_named(tmp_path):
    _write(tmp_path / "hyp.0.txt", HYPS)
    _write(tmp_path / "ref.0.txt", REFS1[:-1])
    with pytest.raises(SourceError, match=r"hyp\.0\.txt' has 8 lines, .*ref\.0\.txt' has 7 lines"):
        score(TextFiles(str(tmp_path / "hyp.*"), str(tmp_path / "ref.*")), "bleu", scheduler="sync")


def test_globs_matching_nothing_or_different_counts(tmp_path):
    _write(tmp_path / "hyp.0.txt", HYPS)
    with pytest.raises(SourceError, match="matches no file"):
        score(TextFiles(str(tmp_path / "hyp.*"), str(tmp_path / "nothing.*")), "bleu", scheduler="sync")
    _write(tmp_path / "hyp.1.txt", HYPS)
    _write(tmp_path / "ref.0.txt", REFS1)
    with pytest.raises(SourceError, match="matches 2 files but the reference glob .* matches 1"):
        score(TextFiles(str(tmp_path / "hyp.*"), str(tmp_path / "ref.*")), "bleu", scheduler="sync")


def test_json_lines(tmp_path):
    """Two files of JSON lines, a reference given as a bare string in one record."""
    records = [{"hyp": h, "refs": [a, b]} for h, a, b in zip(HYPS, REFS1, REFS2)]
    records[2]["refs"] = REFS1[2]
    (tmp_path / "a.jsonl").write_text("".join(json.dumps(r) + "\n" for r in records[:5]), encoding="utf-8")
    (tmp_path / "b.jsonl").write_text("".join(json.dumps(r) + "\n" for r in records[5:]), encoding="utf-8")
    refs = [[a, b] for a, b in zip(REFS1, REFS2)]
    refs[2] = [REFS1[2]]
    got = score(JsonLines(str(tmp_path / "*.jsonl"), lines_per_part=2), "bleu", scheduler="sync")
    assert got == impl.corpus_score("bleu", HYPS, refs)


def test_json_line_that_is_not_json_is_named(tmp_path):
    (tmp_path / "a.jsonl").write_text('{"hyp": "a", "refs": ["a"]}\n{"hyp": "b", "refs": \n', encoding="utf-8")
    with pytest.raises(SourceError, match=r"a\.jsonl:2: not a JSON object"):
        score(JsonLines(str(tmp_path / "*.jsonl")), "bleu", scheduler="sync")


def test_parquet_row_groups(tmp_path):
    pa = pytest.importorskip("pyarrow")
    import pyarrow.parquet as pq

    refs = [[a, b] for a, b in zip(REFS1, REFS2)]
    table = pa.table({"hyp": HYPS, "refs": refs})
    pq.write_table(table.slice(0, 5), tmp_path / "a.parquet", row_group_size=2)
    pq.write_table(table.slice(5), tmp_path / "b.parquet", row_group_size=2)
    assert pq.ParquetFile(tmp_path / "a.parquet").metadata.num_row_groups == 3
    got = accumulate(ParquetFiles(str(tmp_path / "*.parquet")), ["bleu", "chrf"], scheduler="sync", batch=1)
    assert got["bleu"].score() == impl.corpus_score("bleu", HYPS, refs)
    assert got["chrf"].score() == impl.corpus_score("chrf", HYPS, refs)


def test_dask_dataframe_with_reference_columns():
    pd = pytest.importorskip("pandas")
    import dask.dataframe as dd

    frame = dd.from_pandas(pd.DataFrame({"hyp": HYPS, "ref": REFS1, "ref2": REFS2}), npartitions=3)
    refs = [[a, b] for a, b in zip(REFS1, REFS2)]
    source = DataFrameSource(frame, hyp_column="hyp", ref_columns=["ref", "ref2"])
    assert score(source, "bleu", scheduler="sync") == impl.corpus_score("bleu", HYPS, refs)
    assert score(frame, "chrf", scheduler="sync") == impl.corpus_score("chrf", HYPS, [[r] for r in REFS1])


def test_a_refused_line_is_named_by_file_and_line(tmp_path):
    """TER refuses a hypothesis of more than 2,000 words before any search; the refused
    segment is line 3 of the second shard (hyp.1.txt), which the message names."""
    long_line = " ".join(["w"] * 2001)
    _write(tmp_path / "hyp.0.txt", ["a", "b"])
    _write(tmp_path / "ref.0.txt", ["a", "b"])
    _write(tmp_path / "hyp.1.txt", ["c", "d", long_line, "e"])
    _write(tmp_path / "ref.1.txt", ["c", "d", "x", "e"])
    source = TextFiles(str(tmp_path / "hyp.*.txt"), str(tmp_path / "ref.*.txt"), lines_per_part=2)
    with pytest.raises(SegmentError, match=r"hyp\.1\.txt:3: .*2001-word hypothesis") as caught:
        accumulate(source, ["bleu", "ter"], scheduler="sync", batch=10)
    assert caught.value.__cause__ is None and caught.value.__suppress_context__


def test_a_bad_bag_element_is_named_by_partition_and_element():
    import dask.bag as db

    bag = db.from_sequence([("a", ["a"]), ("b", ["b"]), ("c", ["c"]), ("d", None)], npartitions=2)
    with pytest.raises(SegmentError, match=r"partition 1, element 1: "):
        score(bag, "bleu", scheduler="sync")


def test_a_metric_needing_references_on_a_source_without_them(tmp_path):
    _write(tmp_path / "hyp.0.txt", HYPS)
    with pytest.raises(SourceError, match="needs references"):
        score(TextFiles(str(tmp_path / "hyp.*")), "bleu", scheduler="sync")
    # distinct-2 reads the hypotheses alone: by hand, "the cat sat on the mat" has 5
    # bigrams, all distinct; with the others the one-call value is the reference.
    assert score(TextFiles(str(tmp_path / "hyp.*")), "distinct_n", scheduler="sync") == impl.corpus_score(
        "distinct_n", [h.rstrip() for h in HYPS])


def test_non_text_segments_read_through_the_metric(tmp_path):
    """perplexity's lines are its log-probabilities (``bleuprint.spec.inputs.read_segment``); a line it
    refuses is named by file and line."""
    lines = ["-1.0 -2.0", "-0.5", "-3.25 -0.25 -1"]
    _write(tmp_path / "lp.0.txt", lines)
    parsed = [[-1.0, -2.0], [-0.5], [-3.25, -0.25, -1.0]]
    assert score(TextFiles(str(tmp_path / "lp.*")), "perplexity", scheduler="sync") == impl.corpus_score(
        "perplexity", parsed)
    _write(tmp_path / "lp.0.txt", lines + ["-1 nope"])
    with pytest.raises(SourceError, match=r"lp\.0\.txt:4: "):
        score(TextFiles(str(tmp_path / "lp.*")), "perplexity", scheduler="sync")


def test_a_bad_option_is_refused_on_the_client_not_blamed_on_a_segment():
    """distinct-n with n = 0 (its rows need the corpus context first) and BLEU with an
    unknown tokenizer: the metric's own ValueError, before any task, not a SegmentError
    naming the first segment."""
    import dask.bag as db

    bag = db.from_sequence(["a b", "b c"], npartitions=2)
    for metric, options in (("distinct_n", {"n": 0}), ("bleu", {"tokenize": "nope"})):
        with pytest.raises(ValueError) as caught:
            score(bag if metric == "distinct_n" else db.from_sequence([("a", ["a"])]), configured(metric, **options),
                  scheduler="sync")
        assert not isinstance(caught.value, SegmentError), caught.value
        assert ("n must be >= 1" in str(caught.value)) if metric == "distinct_n" else "nope" in str(caught.value)
