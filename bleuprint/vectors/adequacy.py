"""Mutation adequacy of the vector files: which planted mutant of the spec each vector kills.

``evaluate(document, group, test)`` runs one vector the way a port would, through the
public API of ``bleuprint.spec`` only: the per-segment statistics (``sentence_stats``),
the corpus score (``corpus_score``), the metric's own one-call functions where it has them
(``bleuprint.verify_hooks.layer_functions(definition, bleuprint.spec)["corpus"]``, such as ``corpus_bleu``), the parts of the score, the signature and the
intermediates. It returns None when everything equals the expected values, else one line
naming the first difference. An invalid test must be refused by ``corpus_score`` with the
named kind. A document of another schema (the interval vectors) goes to
``bleuprint.vectors.intervals.evaluate_test``.

``kill_matrix(files, mutants)`` runs every vector under each mutant
(``bleuprint.mutants.switch.replaced``): a vector kills a mutant when ``evaluate`` reports a
difference (an unexpected exception is one). To keep export fast, each vector is first run
once with every mutant target wrapped by a recorder (``screening.record_calls``), and a
mutant is then run only on the vectors that reach one of its targets (a vector that never
calls a function cannot see it changed) and that ``screening`` does not clear (a vector on
which every call of a mutated function gives what the real one gave cannot see it
either); one file at a time, the files shared between two worker processes where that pays.

``core_suite(matrix)`` is a greedy set cover: a small list of vectors that still kills every
killed mutant. ``annotate(files, matrix, mutants)`` gives each killing vector its mutant's
flag (the mutant id) and fills the notes' ``mutants`` lists, from each metric's own files
alone, so that a metric's files are the same bytes whichever other metrics are exported
beside it (``bleuprint vectors export --metric``).
"""

from __future__ import annotations

import contextlib
import copy
import math
import os
from concurrent.futures import ProcessPoolExecutor

from .build import FILE_SCHEMAS, nrefs as _nrefs
from .hooks import vector_hooks
from ..mutants.hooks import mutant_hooks
from ..verify_hooks import verify_hooks
from ..core.options import options_for_score

#: Where a mutant's flag note says what it is: a planted mutant of the spec, or a port fault
#: (``bleuprint.mutants.port_faults``: a fault a port gets from its language).
MUTANT_KIND = "mutant"
PORT_FAULT_KIND = "port-fault"
#: Below this many vectors, the kill matrix is made in this process.
PARALLEL_VECTORS = 50
#: A note's flag stands for a mutant that fails this share of the flag's vectors, where the
#: flag is this many times as common among the mutant's killers as overall (``_stands_for``).
NOTE_SHARE = 0.8
NOTE_LIFT = 3
#: How many worker processes at most (the machines have two cores).
WORKERS = 2


# --- one vector ---------------------------------------------------------------------------

def _close(expected, found, tolerance: float, where: str) -> str | None:
    """None when ``found`` equals ``expected`` (numbers within ``tolerance``, recursively
    through lists and dicts), else what differs."""
    if isinstance(expected, dict):
        if not isinstance(found, dict) or set(expected) != set(found):
            return f"{where}: keys {sorted(found) if isinstance(found, dict) else found!r} != {sorted(expected)}"
        for key in sorted(expected):
            difference = _close(expected[key], found[key], tolerance, f"{where}.{key}")
            if difference:
                return difference
        return None
    if isinstance(expected, list):
        if not isinstance(found, (list, tuple)) or len(found) != len(expected):
            return f"{where}: {found!r} != {expected!r}"
        for i, (a, b) in enumerate(zip(expected, found)):
            difference = _close(a, b, tolerance, f"{where}[{i}]")
            if difference:
                return difference
        return None
    if isinstance(expected, (int, float)) and not isinstance(expected, bool):
        try:
            value = float(found)
        except (TypeError, ValueError):
            return f"{where}: {found!r} != {expected!r}"
        if not (math.isfinite(value) and abs(value - expected) <= tolerance):
            return f"{where}: {value!r} != {expected!r}"
        return None
    return None if found == expected else f"{where}: {found!r} != {expected!r}"


def _rows_differ(expected: list, found, where: str) -> str | None:
    """Statistics are exact: the first row of ``found`` that is not ``expected``'s."""
    found = [list(row) for row in found]
    if len(found) != len(expected):
        return f"{where}: {len(found)} rows != {len(expected)}"
    for i, (mine, theirs) in enumerate(zip(expected, found)):
        if list(mine) != theirs:
            return f"{where}[{i}]: {theirs} != {mine}"
    return None


def _valid_checks(document: dict, options: dict, test: dict) -> list:
    """``[(name, check), ...]`` of a valid test, in the order ``_valid`` runs them: each
    check a callable giving None or the difference it finds. A check reads the test alone,
    never another check's result (``parts`` takes the number of segments from the expected
    statistics, which the ``stats`` check compares first), so the test passes when every
    check does, whatever the order: the kill matrix tries a mutant's last killing check
    first (``_kills``)."""
    from .. import spec
    from ..core import get_metric

    metric, expected = document["metric"], test["expected"]
    tolerance = document["scoreTolerance"]
    definition = get_metric(metric)
    made: list = []

    def inputs():
        return copy.deepcopy(test["hyps"]), copy.deepcopy(test["refs"])

    def configured():
        if not made:
            made.append(spec.metric(metric, **copy.deepcopy(options)))
        return made[0]

    def stats():
        rows = spec.sentence_stats(configured(), *inputs()).tolist()
        difference = _rows_differ(expected["stats"], rows, "stats")
        if difference:
            return difference
        summed = [sum(column) for column in zip(*rows)] if rows else []
        if summed != list(expected["corpusStats"]):
            return f"corpusStats: {summed} != {expected['corpusStats']}"
        return None

    def score():
        return _close(expected["score"], spec.corpus_score(configured(), *inputs()), tolerance, "score")

    def own_score():
        return _close(expected["score"], own(*inputs(), **copy.deepcopy(options)), tolerance, "own corpus score")

    def parts():
        from ..spec.corpus import as_numbers

        found = definition.parts(as_numbers(list(expected["corpusStats"])), len(expected["stats"]),
                                 **options_for_score(definition, copy.deepcopy(options)))
        return _close(expected["parts"], found, tolerance, "parts")

    def signature():
        found = spec.signature(configured(), nrefs=_nrefs(test["refs"]), sacrebleu_version=spec.SACREBLEU_VERSION)
        return None if found == expected["signature"] else f"signature: {found!r} != {expected['signature']!r}"

    def intermediates():
        found = vector_hooks(definition).vector_intermediates(*inputs(), **copy.deepcopy(options))
        return _close(expected["intermediates"], found, tolerance, "intermediates")

    own = verify_hooks(definition).layer_functions(spec).get("corpus")
    checks = [("stats", stats), ("score", score)]
    if own is not None:
        checks.append(("own", own_score))
    for name, check in (("parts", parts), ("signature", signature), ("intermediates", intermediates)):
        if name in expected:
            checks.append((name, check))
    return checks


def _valid(document: dict, options: dict, test: dict) -> str | None:
    for _, check in _valid_checks(document, options, test):
        difference = check()
        if difference:
            return difference
    return None


def _invalid(document: dict, options: dict, test: dict) -> str | None:
    from .. import spec

    kinds = {"TypeError": TypeError, "ValueError": ValueError}
    try:
        spec.corpus_score(spec.metric(document["metric"], **copy.deepcopy(options)), copy.deepcopy(test["hyps"]),
                          copy.deepcopy(test["refs"]))
    except kinds[test["error"]]:
        return None
    return f"accepted, not refused with {test['error']}"


def evaluate(document: dict, group: dict, test: dict) -> str | None:
    """None when the spec gives ``test``'s expected values (module doc), else one line
    naming the first difference (an exception other than the expected refusal is one)."""
    from . import intervals, statistics

    try:
        if document.get("schema") in statistics.STATISTICS_SCHEMAS:
            return statistics.evaluate_test(document, group, test)
        if document.get("schema") not in FILE_SCHEMAS:
            return intervals.evaluate_test(document, group, test)
        if test["result"] == "invalid":
            return _invalid(document, group["options"], test)
        return _valid(document, group["options"], test)
    except Exception as error:  # a port's crash is a difference, whatever it is
        message = str(error).splitlines()[0] if str(error) else ""
        return f"raised {type(error).__name__}: {message}"[:300]


def vectors(files: dict):
    """``((file, tcId), document, group, test)`` of every test, in file and tcId order."""
    for name, document in files.items():
        for group in document["testGroups"]:
            for test in group["tests"]:
                yield (name, test["tcId"]), document, group, test


def failures(files: dict) -> list[str]:
    """``file#tcId: difference`` of every vector that ``evaluate`` does not pass."""
    out = []
    for (name, tc_id), document, group, test in vectors(files):
        difference = evaluate(document, group, test)
        if difference:
            out.append(f"{name}#{tc_id}: {difference}")
    return out


# --- the kill matrix ----------------------------------------------------------------------

def _recorder(target: str, hits: set):
    def factory(original):
        def recorded(*args, **kwargs):
            hits.add(target)
            return original(*args, **kwargs)
        return recorded
    return factory


def reached_targets(files: dict, targets) -> dict:
    """``{(file, tcId): frozenset of targets}``: which of ``targets`` (``"module:function"``)
    each vector calls when it is evaluated on the real spec."""
    from ..mutants.switch import replaced

    hits: set = set()
    out = {}
    with replaced({target: _recorder(target, hits) for target in sorted(targets)}):
        for key, document, group, test in vectors(files):
            hits.clear()
            evaluate(document, group, test)
            out[key] = frozenset(hits)
    return out


def _kills(mutant, files: dict, keys: set) -> list:
    """The vectors of ``keys`` that ``mutant`` kills (``evaluate`` reports a difference under
    it), in vector order; a valid metric test stops at its first failing check, trying
    first the check that killed the last vector (``_differs``)."""
    from ..mutants.switch import replaced

    killed = []
    last: list = []
    with replaced(mutant.patches):
        for key, document, group, test in vectors(files):
            if key in keys and _differs(document, group, test, last):
                killed.append(key)
    return killed


def _differs(document: dict, group: dict, test: dict, last: list) -> bool:
    """Whether ``evaluate(document, group, test)`` reports a difference; for a valid test of
    a metric file, by its checks (``_valid_checks``) with ``last``'s check first (``last``:
    the name of the check that found the previous difference, updated here). The verdict
    is ``evaluate``'s: the test passes when every check does, in any order."""
    from . import intervals, statistics

    schema = document.get("schema")
    if schema not in FILE_SCHEMAS and schema not in statistics.STATISTICS_SCHEMAS \
            and str(group.get("kind", "")).startswith("bootstrap") and "stats" in test.get("expected", {}):
        # an interval test: its statistics first, a fraction of its cost (the resampling)
        try:
            if intervals.stats_difference(document, group, test):
                return True
        except Exception:
            return True
    if schema not in FILE_SCHEMAS or test["result"] != "valid":
        return evaluate(document, group, test) is not None
    name = None
    try:
        checks = _valid_checks(document, group["options"], test)
        if last:
            checks.sort(key=lambda check: check[0] != last[0])  # stable: the rest keep their order
        for name, check in checks:
            if check():
                last[:] = [name]
                return True
    except Exception:  # a crash is a difference (``evaluate``)
        if name:
            last[:] = [name]
        return True
    return False


def _unscreened(mutant, keys: list, calls: dict, memo: dict | None = None, call_keys: dict | None = None) -> list:
    """The vectors of ``keys`` that ``screening.cannot_differ`` does not clear for
    ``mutant`` (those it clears pass under it, as on the real spec: they need no run);
    ``memo``: the mutant's calls found harmless so far; ``call_keys``: the memo keys of
    ``calls``' calls, kept across mutants (``cannot_differ``)."""
    from ..mutants.switch import replaced
    from .screening import cannot_differ, resolved, screenable

    if not screenable(mutant):
        return keys
    with replaced(mutant.patches):
        functions = resolved(mutant.targets)
        return [key for key in keys if not cannot_differ(calls.get(key), mutant.targets, memo, functions, call_keys)]


def known_faults() -> dict:
    """``{id: fault}`` of every planted mutant and every port fault: what the vectors are
    measured against (``bleuprint vectors export``, ``stats``)."""
    from ..mutants.catalogue import all_mutants
    from ..mutants.port_faults import all_port_faults

    return {m.id: m for m in [*all_mutants(), *all_port_faults()]}


def every_fault() -> list:
    """Every planted mutant (catalogue order), then every port fault (id order)."""
    return list(known_faults().values())


def _file_matrix(by_id: dict, name: str, document: dict, screen: bool, memos: dict,
                 reached: dict | None = None) -> tuple[dict, dict]:
    """``(reached, {mutant id: [killing key, ...]})`` of the one file ``name``: its vectors
    evaluated once on the real spec with every target of ``by_id``'s mutants recorded
    (``screen``: ``screening.record_calls``, which also tells which targets each vector
    reaches; else ``reached_targets``), then, per mutant, the vectors that reach one of
    its targets: those its ``decides`` tells from the expected values alone (``_decide``),
    those ``screening`` clears left out, the rest run. ``memos``: per mutant id, the calls
    found harmless so far (kept by the caller across files). ``reached``: the reached
    targets to use instead of the recorded ones (a test runs every mutant on every vector
    so)."""
    from .screening import record_calls

    one = {name: document}
    targets = sorted({t for m in by_id.values() for t in m.targets})
    if screen:
        found, calls = record_calls(one, targets, evaluate, vectors)
    else:
        found, calls = (reached_targets(one, targets) if reached is None else None), None
    if reached is not None:
        found = {key: reached.get(key, frozenset()) for key, *_ in vectors(one)}
    tests = None
    killed = {}
    call_keys: dict = {}  # by id of a call in ``calls``, which live till the end of this file
    for mutant_id, mutant in by_id.items():
        wanted = set(mutant.targets)
        keys = [key for key, hit in found.items() if hit & wanted]
        if not keys:
            continue
        kills = []
        if getattr(mutant, "decides", None) is not None:
            if tests is None:
                tests = {key: (doc, test) for key, doc, _, test in vectors(one)}
            kills, keys = _decide(mutant, keys, tests)
        if calls is not None and keys:
            keys = _unscreened(mutant, keys, calls, memos.setdefault(mutant_id, {}), call_keys)
        if keys:
            kills += _kills(mutant, one, set(keys))
        killed[mutant_id] = kills
    return found, killed


def _decide(fault, keys: list, tests: dict) -> tuple[list, list]:
    """``(killing keys, undecided keys)`` of ``keys``: a fault whose ``decides(document,
    test)`` tells from a test's expected values alone whether the test kills it (a port
    fault of the printed score changes no statistic, only the score: ``PortFault.decides``)
    needs no run on the tests it decides; the undecided ones are left to run."""
    kills, undecided = [], []
    for key in keys:
        verdict = fault.decides(*tests[key])
        if verdict is None:
            undecided.append(key)
        elif verdict:
            kills.append(key)
    return kills, undecided


#: A worker process's catalogue and memos (``_file_worker``), made once per process.
_WORKER_STATE: dict = {}


def _file_worker(payload):
    """``_file_matrix`` of one file in a worker process; the mutants are looked up again by
    id (their patches are closures, not picklable), and the memos are kept for the
    process's next files."""
    name, document, mutant_ids, screen, reached = payload
    if "faults" not in _WORKER_STATE:
        _WORKER_STATE.update(faults=known_faults(), memos={})
    faults = _WORKER_STATE["faults"]
    return _file_matrix({i: faults[i] for i in mutant_ids}, name, document, screen, _WORKER_STATE["memos"], reached)


def _cost(document: dict) -> int:
    """A rough measure of a file's share of the kill matrix (the size of its vectors), to
    hand out the costly files first."""
    return sum(len(repr(test.get("hyps"))) + len(repr(test.get("refs")))
               for group in document["testGroups"] for test in group["tests"])


#: The collector's thresholds during the pass (``few_collections``): the first generation
#: collected every this many new containers (the default is 700), the older ones rarely.
PASS_GC_THRESHOLDS = (50_000, 20, 20)


@contextlib.contextmanager
def few_collections():
    """Within the block, Python's cyclic garbage collector leaves alone what was alive at its
    start (``gc.freeze``: the loaded documents, the catalogue, Meteor's tables) and runs
    rarely (``PASS_GC_THRESHOLDS``); processes forked inside inherit both. The pass makes
    millions of short-lived containers and keeps many (the recorded calls, the memos): with
    the default thresholds the collector walked the whole heap again and again (10 s of CPU
    in 70) and found almost nothing (the pass makes next to no reference cycles). What
    reference counting frees is freed as before; no value computed depends on it.

    Objects someone froze before the block (an enclosing block, or the caller's own
    ``gc.freeze``) stay frozen after it: ``gc.unfreeze`` cannot tell them from the block's,
    so then the block freezes nothing and unfreezes nothing."""
    import gc

    thresholds = gc.get_threshold()
    ours = gc.get_freeze_count() == 0
    if ours:
        gc.freeze()
    gc.set_threshold(*PASS_GC_THRESHOLDS)
    try:
        yield
    finally:
        gc.set_threshold(*thresholds)
        if ours:
            gc.unfreeze()


def kill_matrix(files: dict, mutants=None, workers: int | None = None, screen: bool = True,
                reached: dict | None = None) -> dict:
    """``{mutant id: [(file, tcId), ...]}``, every vector that kills each mutant of
    ``mutants`` (default ``every_fault``: the planted mutants and the port faults), in
    vector order (module doc); ``kill_matrix_reached`` with its first part alone."""
    return kill_matrix_reached(files, mutants, workers, screen, reached)[0]


def kill_matrix_reached(files: dict, mutants=None, workers: int | None = None, screen: bool = True,
                        reached: dict | None = None, alongside=None) -> tuple[dict, dict, object]:
    """``(kill matrix, reached)``: the kill matrix of ``mutants`` (``kill_matrix``) and
    ``reached_targets`` of ``files`` for their targets, found in one evaluation of each
    vector on the real spec. One file at a time (``_file_matrix``); ``workers``: processes
    to share the files between, the costly ones first (default: two when there are
    ``PARALLEL_VECTORS`` vectors or more and every mutant is in the catalogue, else none).
    ``screen``: clear (mutant, vector) pairs by ``screening`` before running them (the
    same matrix, in a fraction of the time). ``reached``: the targets each vector reaches,
    when it is known already (every mutant is then run on the vectors it lists).
    ``alongside``: a callable run in this process while the workers work (before the
    matrix when there are none); its value is the third part (None without one)."""
    with few_collections():
        return _kill_matrix_reached(files, mutants, workers, screen, reached, alongside)


def _kill_matrix_reached(files: dict, mutants, workers, screen: bool, reached, alongside) -> tuple[dict, dict, object]:
    mutants = list(every_fault() if mutants is None else mutants)
    by_id = {m.id: m for m in mutants}
    if workers is None:
        catalogue = known_faults()
        same = all(catalogue.get(m.id) is not None and catalogue[m.id].patches.keys() == m.patches.keys()
                   and m.patches and catalogue[m.id].fault == m.fault and
                   (getattr(catalogue[m.id], "decides", None) is None) == (getattr(m, "decides", None) is None)
                   for m in mutants)
        count = sum(1 for _ in vectors(files))
        workers = min(WORKERS, os.cpu_count() or 1) if same and count >= PARALLEL_VECTORS and len(files) > 1 else 1
    beside = None
    if workers <= 1:
        beside = alongside() if alongside is not None else None
        memos: dict = {}
        parts = [_file_matrix(by_id, name, document, screen, memos, reached) for name, document in files.items()]
    else:
        order = sorted(files, key=lambda name: -_cost(files[name]))
        ids = list(by_id)
        with ProcessPoolExecutor(max_workers=workers) as pool:
            futures = {name: pool.submit(_file_worker, (name, files[name], ids, screen, None if reached is None else
                                                        {k: v for k, v in reached.items() if k[0] == name}))
                       for name in order}
            try:
                beside = alongside() if alongside is not None else None
            except BaseException:
                for future in futures.values():
                    future.cancel()
                raise
            parts = [futures[name].result() for name in files]
    found: dict = {}
    killed: dict = {m.id: [] for m in mutants}
    for part_reached, part_killed in parts:  # files in order, each file's keys in vector order
        found.update(part_reached)
        for mutant_id, keys in part_killed.items():
            killed[mutant_id] += keys
    order_of = {key: i for i, key in enumerate(found)}
    return {m.id: sorted(killed[m.id], key=order_of.__getitem__) for m in mutants}, found, beside


def mutants_in_scope(metrics, mutants, reached: dict) -> list:
    """Those of ``mutants`` that belong to an export of ``metrics`` alone (names), whose
    vectors reach the targets ``reached`` (``reached_targets``) lists: the metrics' own
    faults (``bleuprint.mutants.hooks.faults``) and every other mutant (shared code: tokenizers, layout,
    intervals; the sanity mutant) whose targets one of the vectors reaches. The others
    cannot be killed by these files, and an export of a few metrics does not list them."""
    from ..core import get_metric

    hit = set().union(*reached.values())
    own = {fault.id for name in metrics for fault in mutant_hooks(get_metric(name)).faults()}
    return [m for m in mutants if m.id in own or hit & set(m.targets)]


def core_suite(matrix: dict) -> list:
    """A greedy set cover of the killed mutants: repeatedly the vector that kills the most
    mutants not yet killed (ties: the first by file, then tcId); ``[(file, tcId), ...]`` in
    the order picked. Deterministic."""
    killers: dict = {}
    for mutant_id, keys in matrix.items():
        for key in keys:
            killers.setdefault(tuple(key), set()).add(mutant_id)
    left = {mutant_id for mutant_id, keys in matrix.items() if keys}
    picked = []
    while left:
        best = min(killers, key=lambda key: (-len(killers[key] & left), key))
        picked.append(best)
        left -= killers[best]
    return picked


# --- flags ----------------------------------------------------------------------------------

def mutant_note(mutant) -> dict:
    """The note of a mutant's flag: the fault, the pitfall it stands for, its id; for a port
    fault, the languages where it is natural instead of the pitfall."""
    languages = getattr(mutant, "languages", None)
    if languages is not None:
        return {"kind": PORT_FAULT_KIND, "description": mutant.fault,
                "effect": f"natural in {', '.join(languages)} ({mutant.fault_class})", "mutants": [mutant.id]}
    return {"kind": MUTANT_KIND, "description": mutant.fault, "effect": mutant.pitfall, "mutants": [mutant.id]}


def annotate(files: dict, matrix: dict, mutants) -> dict:
    """``files`` with each vector that kills a mutant (but the sanity one) carrying that
    mutant's id as a flag (after its own flags, in catalogue order), each file's notes
    extended with those flags' notes, and every other note of the metric files (the
    interval files' notes are their generator's) listing in ``mutants`` the mutants the
    flag stands for (``_stands_for``) among the vectors of that file's metric: another
    metric's files change nothing in it. Returns new documents."""
    from .build import IMPLEMENTATION_DEFINED, IMPLEMENTATION_DEFINED_CLASS

    flagged = [m for m in mutants if m.patches and _flaggable(m)]
    killed_by = {m.id: {tuple(key) for key in matrix.get(m.id, ())} for m in flagged}
    out = copy.deepcopy(files)
    metric_of = {name: document.get("metric", "") for name, document in out.items()}
    carriers: dict = {}  # (metric, flag) -> keys
    for key, document, group, test in vectors(out):
        for flag in test["flags"]:
            carriers.setdefault((metric_of[key[0]], flag), set()).add(key)
        for mutant in flagged:
            if key in killed_by[mutant.id] and mutant.id not in test["flags"]:
                test["flags"].append(mutant.id)
                if mutant.id in IMPLEMENTATION_DEFINED and test.get("result") == "valid":
                    test["class"] = IMPLEMENTATION_DEFINED_CLASS
    keys_of: dict = {}
    for key, *_ in vectors(out):
        keys_of.setdefault(key[0], set()).add(key)
    killed_in: dict = {}  # (mutant id, metric) -> the mutant's killing keys in that metric's files
    for m in flagged:
        for key in killed_by[m.id]:
            killed_in.setdefault((m.id, metric_of.get(key[0])), set()).add(key)
    by_note = {}
    for (metric, flag), keys in carriers.items():
        by_note[metric, flag] = sorted(
            m.id for m in flagged if _stands_for(killed_in.get((m.id, metric), set()), keys, keys_of))
    notes = {m.id: mutant_note(m) for m in flagged}
    for document in out.values():
        if not isinstance(document.get("notes"), dict):
            continue
        used = {flag for group in document["testGroups"] for test in group["tests"] for flag in test["flags"]}
        if document.get("schema") in FILE_SCHEMAS:  # another generator's notes are its own
            for flag in list(document["notes"]):
                document["notes"][flag] = {**document["notes"][flag],
                                           "mutants": by_note.get((document["metric"], flag), [])}
        for flag in sorted(used - set(document["notes"])):
            if flag in notes:
                document["notes"][flag] = notes[flag]
    return out


def _stands_for(killed: set, carriers: set, keys_of: dict) -> bool:
    """Whether a note's flag stands for a mutant: most of the vectors that kill the mutant
    carry the flag, or, within the files where the mutant kills something, it kills at
    least ``NOTE_SHARE`` of the flag's vectors and the flag is at least ``NOTE_LIFT`` times
    as common among its killers as among those files' vectors (a flag the mutant fails wherever it is, not
    one a mutant failing everything happens to include)."""
    if not killed:
        return False
    if len(killed & carriers) * 2 > len(killed):
        return True
    within = set().union(*(keys_of[name] for name in {name for name, _ in killed}))
    flagged = carriers & within
    hits = len(killed & flagged)
    return (bool(flagged) and hits >= NOTE_SHARE * len(flagged)
            and hits * len(within) >= NOTE_LIFT * len(flagged) * len(killed))


def _flaggable(mutant) -> bool:
    """Every mutant but the sanity one(s), which break every entry point at once (the
    catalogue marks them by an id starting with ``x``): a flag naming it would tell a port
    nothing."""
    return not mutant.id.startswith("x")


def core_files(files: dict, core: list) -> dict:
    """The documents of ``files`` holding only the tests of ``core`` (same tcIds and
    groups; empty groups and files dropped; ``numberOfTests`` and notes adjusted)."""
    chosen = {tuple(key) for key in core}
    out = {}
    for name, document in files.items():
        groups = []
        for group in document["testGroups"]:
            tests = [copy.deepcopy(t) for t in group["tests"] if (name, t["tcId"]) in chosen]
            if tests:
                groups.append({**copy.deepcopy(group), "tests": tests})
        if not groups:
            continue
        kept = {**copy.deepcopy(document), "testGroups": groups,
                "numberOfTests": sum(len(g["tests"]) for g in groups)}
        if isinstance(kept.get("notes"), dict):
            used = {flag for g in groups for t in g["tests"] for flag in t.get("flags", ())}
            kept["notes"] = {flag: note for flag, note in kept["notes"].items() if flag in used}
        out[name] = kept
    return out
