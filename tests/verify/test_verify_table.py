"""``bleuprint verify``'s table: every family is printed whole and the columns line up
(issue #12 item 8: ``effective_order=True,lowercase=Tru`` was cut at 44 characters)."""

from __future__ import annotations

from bleuprint.verify import Row, format_table


def test_long_families_are_printed_whole_and_columns_line_up():
    family = "effective_order=True,lowercase=True,smooth_method=add-k,tokenize=intl"
    rows = [Row("impl", "bleu", family, "sacrebleu-live", cases=3, equal=3),
            Row("spec", "bleu", "default", "goldens", cases=2, equal=1, stats_mismatches=1)]
    lines = format_table(rows).splitlines()
    header, long_row, short_row = lines[1], lines[2], lines[3]
    assert family in long_row
    # Each header word starts where its column starts in every row.
    for word, values in (("oracle", ("sacrebleu-live", "goldens")),):
        start = header.index(word)
        assert long_row.index(values[0]) == start and short_row.index(values[1]) == start
    for word in ("cases", "equal", "max |diff|", "stats≠", "sig≠"):
        end = header.index(word) + len(word)
        assert len(long_row) >= end and long_row[end - 1] != " " and short_row[end - 1] != " "
    assert short_row.endswith("<-- MISMATCH") and not long_row.endswith("MISMATCH")
