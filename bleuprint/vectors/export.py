"""Writing the vector files: every document of ``all_files`` (the metric files of
``build_files``, the interval files of ``bleuprint.vectors.intervals`` and the statistics
files of ``bleuprint.vectors.statistics``), the same files
cut down to the core suite in ``DIR/core/``, every JSON Schema shipped in ``schemas/``
(copied into ``DIR/schemas/``) and ``index.json``.

Before writing, ``export`` measures the files' mutation adequacy (``adequacy.kill_matrix``
against every planted mutant of the spec and every port fault), flags each killing vector with its mutant's id
(``adequacy.annotate``) and picks the core suite (``adequacy.core_suite``). The index lists
each file (metric, family, number of tests, SHA-256 of its bytes), the core files, the core
suite's tests and, per mutant and per port fault, how many vectors kill it. The same registry always writes
the same bytes.
"""

from __future__ import annotations

import hashlib
import json
from importlib import resources
from pathlib import Path

from .build import GENERATOR_VERSION, INDEX_SCHEMA, build_files, dumps

#: The machine-readable report of ``bleuprint vectors stats --json``.
STATS_SCHEMA = "bleuprint_vector_stats_v3.json"
#: The subdirectory of the core suite's files.
CORE_DIRECTORY = "core"


def shipped_schemas() -> tuple[str, ...]:
    """The names of every JSON Schema in ``bleuprint/vectors/schemas/``, sorted."""
    folder = resources.files(__package__).joinpath("schemas")
    return tuple(sorted(entry.name for entry in folder.iterdir() if entry.name.endswith(".json")))


def load_schema(name: str) -> dict:
    """The shipped JSON Schema ``name`` (``bleuprint/vectors/schemas/NAME``)."""
    names = shipped_schemas()
    if name not in names:
        raise ValueError(f"unknown vector schema {name!r}: expected one of {', '.join(names)}")
    return json.loads(resources.files(__package__).joinpath("schemas", name).read_text(encoding="utf-8"))


#: From this many metrics on, ``all_files`` shares them between two worker processes.
PARALLEL_METRICS = 4
#: Worker processes at most (the machines have two cores).
WORKERS = 2


def _metric_files(names: list) -> dict:
    """``{name: (its metric files, its interval files)}`` of ``names`` (a worker's share)."""
    from . import intervals

    return {name: (build_files([name]), intervals.interval_files([name])) for name in names}


def all_files(metrics=None, while_building=None, shared: bool | None = None) -> dict:
    """``{file name: document}``: the metric files, then the interval files, each in registry
    order, then the statistics files (``statistics``: COMET's compare, the meta-evaluation;
    called through the modules, so that their current definitions are used). ``shared``:
    whether the statistics files of no metric (the meta-evaluation's, MAUVE's) are in;
    default only for every metric (``metrics`` None), and ``bleuprint vectors export``
    without ``--metric`` also asks for them when it leaves out a metric whose data is missing.

    A metric's files depend on that metric alone (``build_files``, ``interval_files``), so
    from ``PARALLEL_METRICS`` metrics on they are built by two processes (this one and a
    worker), every other metric each (the costly ones are spread out), and put back in registry order:
    the same documents, in the same order, as one process builds them. ``while_building``:
    a callable run in this process while worker processes build every share (``bleuprint
    vectors export``'s oracle probes, which mostly wait for Meteor's JVM to start); when it
    returns False, the workers are stopped and None is returned."""
    import os

    from ..core import metric_names
    from .adequacy import few_collections

    names = list(metrics or metric_names())
    workers = min(WORKERS, os.cpu_count() or 1) if len(names) >= PARALLEL_METRICS else 1
    with few_collections():
        if workers > 1 or while_building is not None:
            built = _built_by_workers(names, workers, while_building)
            if built is None:
                return None
            files, interval_documents = built
        else:
            from . import intervals

            files, interval_documents = build_files(names), intervals.interval_files(names)
        from . import statistics

        for name, document in [*interval_documents.items(), *statistics.statistics_files(metrics, shared).items()]:
            if name in files:
                raise RuntimeError(f"vector file {name} is written twice")
            files[name] = document
    return files


def _built_by_workers(names: list, workers: int, while_building) -> tuple[dict, dict] | None:
    """``(metric files, interval files)`` of ``names``, in registry order, built in shares of
    every ``workers``-th metric: by worker processes alone while ``while_building`` runs
    here (None, the workers stopped, when it returns False), else by this process (the
    first share) and ``workers - 1`` worker processes."""
    from concurrent.futures import ProcessPoolExecutor

    shares = [names[k::workers] for k in range(workers)]
    parts: dict = {}
    if while_building is not None:
        # multiprocessing's pool, not concurrent.futures': a refused export must stop the
        # workers mid-build, and only this one can terminate them (the executor below
        # instead raises when a worker dies, where this pool would wait for its result)
        import multiprocessing

        pool = multiprocessing.Pool(workers)
        try:
            pending = [pool.apply_async(_metric_files, (share,)) for share in shares]
            if while_building() is False:
                return None
            for result in pending:
                parts.update(result.get())
            pool.close()
        finally:
            pool.terminate()  # at once when it is not needed; after close(), the workers have ended
            pool.join()
    else:
        # This process builds the first share itself while the workers build the others:
        # what its metrics load once (Meteor's paraphrase table) is then already here for
        # the mutation pass, whose workers are forked from this process.
        with ProcessPoolExecutor(max_workers=workers - 1) as pool:
            others = pool.map(_metric_files, shares[1:])
            parts.update(_metric_files(shares[0]))
            for part in others:
                parts.update(part)
    files, interval_documents = {}, {}
    for name in names:
        files.update(parts[name][0])
    for name in names:
        interval_documents.update(parts[name][1])
    return files, interval_documents


def _entries(texts: dict, files: dict) -> list:
    return [{"file": name, "schema": files[name]["schema"], "metric": files[name].get("metric", ""),
             "family": files[name].get("family", ""), "numberOfTests": files[name]["numberOfTests"],
             "sha256": hashlib.sha256(text.encode("utf-8")).hexdigest()} for name, text in texts.items()]


def index_document(texts: dict, files: dict, adequacy: dict | None = None) -> dict:
    """The index of ``{file name: text}`` written from ``{file name: document}``;
    ``adequacy``: ``{"coreTexts", "coreFiles", "core", "matrix", "mutants"}`` of the
    mutation pass, adding the core files, the core suite and the kill counts."""
    from .. import __version__

    entries = _entries(texts, files)
    index = {"schema": INDEX_SCHEMA, "bleuprintVersion": __version__, "generatorVersion": GENERATOR_VERSION,
             "numberOfFiles": len(entries), "numberOfTests": sum(e["numberOfTests"] for e in entries),
             "files": entries}
    if adequacy is not None:
        core_entries = _entries(adequacy["coreTexts"], adequacy["coreFiles"])
        in_core = {tuple(key) for key in adequacy["core"]}
        index["core"] = {
            "directory": CORE_DIRECTORY,
            "numberOfTests": len(adequacy["core"]),
            "tests": [{"file": name, "tcId": tc_id} for name, tc_id in adequacy["core"]],
            "files": core_entries,
        }
        matrix = adequacy["matrix"]

        def counts(m):
            return {"killedBy": len(matrix.get(m.id, ())),
                    "killedByCore": sum(1 for key in matrix.get(m.id, ()) if tuple(key) in in_core)}

        index["mutants"] = [{"id": m.id, "fault": m.fault, "semantic": m.semantic, **counts(m)}
                            for m in adequacy["mutants"] if not is_port_fault(m)]
        index["portFaults"] = [{"id": m.id, "class": m.fault_class, "languages": list(m.languages), "fault": m.fault,
                                **counts(m)} for m in adequacy["mutants"] if is_port_fault(m)]
    return index


def is_port_fault(fault) -> bool:
    """Whether ``fault`` is a port fault (``bleuprint.mutants.port_faults``), not a planted mutant."""
    from ..mutants.port_faults import PortFault

    return isinstance(fault, PortFault)


def measure(files: dict, mutants=None, metrics=None, alongside=None) -> dict:
    """The mutation pass over ``files``: ``{"files": annotated documents, "matrix",
    "core", "coreFiles", "mutants", "alongside"}`` (module doc); ``alongside``: a callable
    run in this process while the pass's workers work (``bleuprint vectors export``'s
    oracle check), its value under ``"alongside"``. ``metrics``: the names ``files`` were
    built for, when not every metric: the pass then runs (and the index lists) only the
    mutants in their scope (``adequacy.mutants_in_scope``), and a vector is run only under
    the mutants whose targets it reaches, so one metric's export costs that metric's share.
    ``mutants`` default: every planted mutant and every port fault (``adequacy.every_fault``)."""
    from .adequacy import annotate, core_files, core_suite, every_fault, kill_matrix_reached, mutants_in_scope

    mutants = list(every_fault() if mutants is None else mutants)
    # A mutant out of scope reaches no vector: its row is empty, whether it is run or not.
    matrix, reached, beside = kill_matrix_reached(files, mutants, alongside=alongside)
    if metrics is not None:
        mutants = mutants_in_scope(metrics, mutants, reached)
        matrix = {m.id: matrix[m.id] for m in mutants}
    annotated = annotate(files, matrix, mutants)
    core = core_suite(matrix)
    return {"files": annotated, "matrix": matrix, "core": core, "coreFiles": core_files(annotated, core),
            "mutants": mutants, "alongside": beside}


def export(directory, files: dict | None = None, adequacy: bool = True, mutants=None,
           measured: dict | None = None, metrics=None) -> dict:
    """Write ``files`` (default ``all_files(metrics)``), with the mutation pass where
    ``adequacy`` (``mutants``: default the catalogue; ``measured``: ``measure(files,
    mutants, metrics)`` done already), the core files, the schemas and ``index.json`` into
    ``directory`` (created with its parents); returns the index. ``metrics``: the names
    the files are of, None for every metric. OSError when it cannot be written."""
    files = all_files(metrics) if files is None else files
    if measured is None and adequacy:
        measured = measure(files, mutants, metrics)
    if measured is not None:
        files = measured["files"]
    root = Path(directory)
    root.mkdir(parents=True, exist_ok=True)
    (root / "schemas").mkdir(exist_ok=True)
    texts = {name: dumps(document) for name, document in files.items()}
    for name, text in texts.items():
        (root / name).write_text(text, encoding="utf-8")
    details = None
    if measured is not None:
        core_dir = root / CORE_DIRECTORY
        core_dir.mkdir(exist_ok=True)
        core_texts = {name: dumps(document) for name, document in measured["coreFiles"].items()}
        for stale in core_dir.glob("*.json"):
            if stale.name not in core_texts:
                stale.unlink()
        for name, text in core_texts.items():
            (core_dir / name).write_text(text, encoding="utf-8")
        details = {**measured, "coreTexts": core_texts}
    for name in shipped_schemas():
        (root / "schemas" / name).write_text(dumps(load_schema(name)), encoding="utf-8")
    index = index_document(texts, files, details)
    (root / "index.json").write_text(dumps(index), encoding="utf-8")
    return index
