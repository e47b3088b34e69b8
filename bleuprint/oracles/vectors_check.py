"""The vector files checked against their oracles: every valid test of a metric with a
corpus oracle (``bleuprint.oracles.hooks.corpus_oracle``, ``cases_common.corpus_oracle``: sacreBLEU for
BLEU, chrF and TER, rouge-score for ROUGE) is scored by that oracle live and must give the
same statistics rows and corpus statistics exactly, the same score within the files'
tolerance, and the same signature where the oracle has one (``expected.signature``,
against sacreBLEU's ``get_signature().format()``). Files of another schema (the interval
vectors) are not checked here.

``bleuprint.vectors`` builds the files from the spec and imports no oracle; this module is
the oracle side, called by ``bleuprint vectors export`` and the tests.
"""

from __future__ import annotations

import logging

from ..core import get_metric
from .cases_common import corpus_oracle
from .generate import with_signature_version
from .sacrebleu_oracle import require_sacrebleu
from .hooks import oracle_hooks
from ..spec.inputs import input_hooks
from ..core.options import option_defaults


def oracle_of(metric: str):
    """The corpus adapter of the registered ``metric`` (``bleuprint.oracles.hooks.corpus_oracle``), or None
    where it has none."""
    if not oracle_hooks(get_metric(metric)).corpus_oracle:
        return None
    return corpus_oracle(metric)


def oracle_missing(metric: str) -> str:
    """Why ``metric``'s vector files cannot be checked against its oracle on this machine
    ("" when they can, or when it has no oracle): the message of the oracle failing on the
    metric's probe corpus (``bleuprint.spec.inputs.probe_corpus``) for want of its package, data or
    program (sacreBLEU, rouge-score, nltk and WordNet, the Meteor jar and java)."""
    try:
        oracle = oracle_of(metric)
        if oracle is None:
            return ""
        oracle(*input_hooks(get_metric(metric)).probe_corpus())
    except (ImportError, RuntimeError, OSError) as error:
        return str(error).splitlines()[0] if str(error) else type(error).__name__
    except Exception:  # noqa: BLE001
        # The oracle is there but refuses the probe corpus (pycocoevalcap's CIDEr asserts on a
        # one-image corpus): nothing is missing; the vectors themselves are checked later.
        return ""
    return ""


def first_difference(expected: dict, found) -> str | None:
    """What differs between a test's ``expected`` statistics and sacreBLEU's
    ``OracleResult`` (the first of: a segment's row, the corpus statistics), or None."""
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
    from ..vectors.build import FILE_SCHEMAS

    if document.get("schema") not in FILE_SCHEMAS:
        return 0, []
    oracle = oracle_of(document["metric"])
    if oracle is None:
        return 0, []
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
                difference = f"score {test['expected']['score']!r} != the oracle's {found.score!r}"
            if difference is None and "signature" in test["expected"] and found.signature:
                # the files' signatures are 2.5.1's; sacreBLEU 2.6.0's differ in the version only
                expected = with_signature_version([test["expected"]], found.signature.rsplit(":", 1)[1])[0]
                if expected["signature"] != found.signature:
                    difference = f"signature {test['expected']['signature']!r} != the oracle's {found.signature!r}"
            if difference:
                mismatches.append(f"{document['metric']}/{document['family']} tcId {test['tcId']}: {difference}")
    return checked, mismatches


#: From this many files on, ``check_files`` shares them between two worker processes.
PARALLEL_FILES = 16
#: Worker processes at most (the machines have two cores).
WORKERS = 2


def _check_share(documents: list) -> list:
    """``[(checked, mismatches), ...]`` of ``documents``, in their order (a worker's share)."""
    return [check_document(document) for document in documents]


def check_files(files: dict, workers: int | None = None) -> tuple[int, list[str]]:
    """``check_document`` over ``{file name: document}``: the total checked and every
    mismatch, in file order. From ``PARALLEL_FILES`` files on, two worker processes check
    every other file each (each file's check depends on that file alone); ``workers``: 1
    checks them in this process (``bleuprint vectors export`` does, while the mutation
    pass keeps the cores busy)."""
    import os

    documents = list(files.values())
    if workers is None:
        workers = min(WORKERS, os.cpu_count() or 1) if len(documents) >= PARALLEL_FILES else 1
    if workers > 1:
        from concurrent.futures import ProcessPoolExecutor

        with ProcessPoolExecutor(max_workers=workers) as pool:
            shares = list(pool.map(_check_share, [documents[k::workers] for k in range(workers)]))
        results = [shares[i % workers][i // workers] for i in range(len(documents))]
    else:
        results = _check_share(documents)
    checked, mismatches = 0, []
    for n, found in results:
        checked += n
        mismatches += found
    return checked, mismatches


def interval_oracle_of(metric: str):
    """sacreBLEU's interval adapter (``sacrebleu_intervals``) if the registered ``metric``'s
    golden fixture comes from a sacreBLEU metric it knows, else None."""
    from . import sacrebleu_intervals

    golden = oracle_hooks(get_metric(metric)).golden
    if not golden:
        return None
    try:
        sacrebleu_intervals.metric_object(golden)
    except (ValueError, TypeError):
        return None
    return golden


def _interval_mismatch(test: dict, group: dict, golden: str, tolerance: float, defaults: dict) -> str | None:
    """sacreBLEU's answer to one seed test of an interval file compared with its expected
    values: the score, μ and (alpha 0.05 only: sacreBLEU's is fixed) the half-width of a
    bootstrap; every row's score, p-value, mean and ci of a paired test (p-values exactly)."""
    from . import sacrebleu_intervals as oracle

    kind, parameters, options, expected = group["kind"], group["parameters"], group["options"], test["expected"]
    pairs = []
    try:
        if kind == "bootstrap-seed":
            found = oracle.oracle_bootstrap(golden, test["hyps"], test["refs"], parameters["nBoot"],
                                            parameters["seed"], **options)
            pairs = [("score", expected["score"], found.score), ("mean", expected["mean"], found.mean)]
            if parameters["alpha"] == 0.05:
                pairs.append(("halfWidth", expected["halfWidth"], found.ci))
        else:
            test_type = "bs" if kind == "paired-bs-seed" else "ar"
            # Options at their defaults are left to the adapter, which fills in the same values:
            # one of them may share its name with a parameter of oracle_paired (chrF's n).
            given = {key: value for key, value in options.items() if key not in defaults or defaults[key] != value}
            base, rows = oracle.oracle_paired(golden, test["baseline"], test["systems"], test["refs"], test_type,
                                              parameters["n"], parameters["seed"], **given)
            for where, mine, theirs in [("baseline", expected["baseline"], base),
                                        *((f"systems[{k}]", e, f) for k, (e, f) in
                                          enumerate(zip(expected["systems"], rows)))]:
                for key, attribute in (("score", "score"), ("pValue", "p_value"), ("mean", "mean"), ("ci", "ci")):
                    if key in mine or getattr(theirs, attribute) is not None:
                        pairs.append((f"{where}.{key}", mine.get(key), getattr(theirs, attribute)))
    except (TypeError, ValueError) as error:
        return f"sacreBLEU raised {type(error).__name__}: {error}"
    for key, mine, theirs in pairs:
        if mine is None or theirs is None:
            bad = mine is not theirs
        elif key.endswith("pValue"):
            bad = mine != theirs
        else:
            bad = not abs(mine - theirs) <= tolerance
        if bad:
            return f"{key} {mine!r} != sacreBLEU's {theirs!r}"
    return None


def check_interval_files(files: dict) -> tuple[int, list[str]]:
    """The seed groups of the interval vector files (``bleuprint.vectors.intervals``) against
    live sacreBLEU: ``(tests checked, mismatches)``. The index groups have no sacreBLEU
    counterpart (it draws its own resamples) and a metric without a sacreBLEU interval
    oracle checks nothing; the spec checks those (``evaluate_test``)."""
    checked, mismatches = 0, []
    for document in files.values():
        golden = interval_oracle_of(document["metric"])
        if golden is None:
            continue
        require_sacrebleu()
        logging.getLogger("sacrebleu").setLevel(logging.ERROR)
        for group in document["testGroups"]:
            if group["kind"] not in ("bootstrap-seed", "paired-bs-seed", "paired-ar-seed"):
                continue
            for test in group["tests"]:
                checked += 1
                difference = _interval_mismatch(test, group, golden, document["scoreTolerance"],
                                                option_defaults(get_metric(document["metric"])))
                if difference:
                    mismatches.append(f"{document['metric']}/intervals tcId {test['tcId']}: {difference}")
    return checked, mismatches
