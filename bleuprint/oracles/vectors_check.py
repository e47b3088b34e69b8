"""The vector files checked against sacreBLEU: every valid test of a metric whose golden
fixture comes from sacreBLEU (``Metric.golden``, ``cases_common.corpus_oracle``) is scored
by sacreBLEU live and must give the same statistics rows and corpus statistics exactly,
and the same score within the files' tolerance.

``bleuprint.vectors`` builds the files from the spec and imports no oracle; this module is
the oracle side, called by ``bleuprint vectors export`` and the tests.
"""

from __future__ import annotations

import logging

from ..core import get_metric
from .cases_common import corpus_oracle
from .sacrebleu_oracle import require_sacrebleu


def oracle_of(metric: str):
    """sacreBLEU's corpus adapter of the registered ``metric``, or None where it has none."""
    golden = get_metric(metric).golden
    if not golden:
        return None
    try:
        return corpus_oracle(golden)
    except ValueError:
        return None


def first_difference(expected: dict, found) -> str | None:
    """What differs between a test's ``expected`` values and sacreBLEU's ``OracleResult``
    (the first of: a segment's row, the corpus statistics, the score), or None."""
    for i, (mine, theirs) in enumerate(zip(expected["stats"], found.sentence_stats)):
        if list(mine) != list(theirs):
            return f"stats[{i}]: {mine} != sacreBLEU's {list(theirs)}"
    if len(expected["stats"]) != len(found.sentence_stats):
        return f"{len(expected['stats'])} rows != sacreBLEU's {len(found.sentence_stats)}"
    if list(expected["corpusStats"]) != list(found.corpus_stats):
        return f"corpusStats: {expected['corpusStats']} != sacreBLEU's {list(found.corpus_stats)}"
    return None


def check_document(document: dict, tests: set | None = None) -> tuple[int, list[str]]:
    """``(tests checked, mismatches)`` of one vector file; ``tests``: only these tcIds.
    A file of a metric without an oracle checks nothing."""
    oracle = oracle_of(document["metric"])
    if oracle is None:
        return 0, []
    require_sacrebleu()
    logging.getLogger("sacrebleu").setLevel(logging.ERROR)
    checked, mismatches = 0, []
    tolerance = document["scoreTolerance"]
    for group in document["testGroups"]:
        for test in group["tests"]:
            if test["result"] != "valid" or (tests is not None and test["tcId"] not in tests):
                continue
            checked += 1
            found = oracle(test["hyps"], test["refs"], **group["options"])
            difference = first_difference(test["expected"], found)
            if difference is None and not abs(found.score - test["expected"]["score"]) <= tolerance:
                difference = f"score {test['expected']['score']!r} != sacreBLEU's {found.score!r}"
            if difference:
                mismatches.append(f"{document['metric']}/{document['family']} tcId {test['tcId']}: {difference}")
    return checked, mismatches


def check_files(files: dict) -> tuple[int, list[str]]:
    """``check_document`` over ``{file name: document}``: the total checked and every
    mismatch."""
    checked, mismatches = 0, []
    for document in files.values():
        n, found = check_document(document)
        checked += n
        mismatches += found
    return checked, mismatches
