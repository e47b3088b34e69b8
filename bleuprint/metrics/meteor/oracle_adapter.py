"""The Meteor 1.5 jar of pycocoevalcap 1.2 for one corpus as an ``OracleResult``: the
``meteor`` metric's ``corpus_oracle`` (``bleuprint verify``'s live row, the vector check).
Oracle side: never imported by the metric.

One JVM per process (``oracle_cases.shared_jar``). A row is the jar's ``SCORE`` answer
followed by the chunks its ``EVAL`` adds for that segment (the segment's chunks, 0 for a
segment whose words are all matched in one chunk: ``MeteorStats.addStats``'s rule
applied to the jar's own numbers); ``corpus_stats`` sums the rows; ``score`` is the jar's
``EVAL`` corpus score."""

from __future__ import annotations

from ...core.oracle_result import OracleResult


def oracle_meteor(hyps, refs) -> OracleResult:
    from . import eval_row
    from .oracle_cases import oracle_corpus

    answer = oracle_corpus(list(hyps), [list(r) for r in refs])
    rows = [eval_row(row) for row in answer["sentence_stats"]]
    return OracleResult(score=answer["score"], corpus_stats=[sum(col) for col in zip(*rows)],
                        sentence_stats=rows, signature="", signature_short="")
