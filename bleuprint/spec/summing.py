"""Pooling: a corpus statistic is the element-wise sum of the sentences' statistics."""

from __future__ import annotations


def sum_stats(rows: list[list]) -> list:
    """Element-wise sum of the statistics rows, added in sentence order (exact for ints)."""
    total = list(rows[0])
    for row in rows[1:]:
        total = [a + b for a, b in zip(total, row)]
    return total
