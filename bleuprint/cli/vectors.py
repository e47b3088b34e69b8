"""``bleuprint vectors export DIR`` and ``bleuprint vectors stats [DIR]``: their subcommands
and handlers. The files are built by ``bleuprint.vectors`` from the spec and checked here
against sacreBLEU (``bleuprint.oracles.vectors_check``) before anything is written; the
mutation pass (``bleuprint.vectors.adequacy``) runs every vector under every planted
mutant of the spec, for the flags and the core suite of the export and for ``stats``.

``export --metric NAME...`` writes those metrics' files alone (the same bytes as in a full
export) and runs only the mutants in their scope. A metric whose data (WordNet for
nltk's METEOR) or, unless ``--no-check``, oracle (sacreBLEU, rouge-score, the Meteor jar
and java, ...) is missing here is refused in one line when it is named, and left out with
a one-line note when it is not."""

from __future__ import annotations

import io
import json
import sys
import time
from pathlib import Path

from . import Parser
from .metric_choice import add_metric_argument, chosen_metrics

#: How many killing vectors ``stats`` names per mutant before "+K more".
SHOWN = 4


def add_parser(commands) -> None:
    vectors = commands.add_parser("vectors", help="language-neutral test vectors of every metric")
    actions = vectors.add_subparsers(dest="action", metavar="ACTION", parser_class=Parser)
    actions.required = True
    export = actions.add_parser("export", help="write one JSON file per metric and option family, the core "
                                               "suite's files (core/), the schemas and index.json into DIR")
    export.add_argument("directory", metavar="DIR", help="the directory to write (created if missing)")
    export.add_argument("--no-check", action="store_true",
                        help="do not check the expected values against sacreBLEU (for a machine without it)")
    add_metric_argument(export, "files (and the mutants in their scope); a metric named here whose data or "
                                "oracle this machine lacks is refused, where one not named is left out with a note")
    stats = actions.add_parser("stats", help="per planted mutant of the spec and per port fault, which vectors "
                                             "kill it; exit status 1 when one survives every vector (of an "
                                             "exported DIR, those in the scope its index.json lists)")
    stats.add_argument("directory", metavar="DIR", nargs="?", default=None,
                       help="exported vectors to read (default: build them now)")
    stats.add_argument("--json", metavar="PATH", default=None,
                       help="also write the report as JSON (schema bleuprint_vector_stats_v3) to PATH, or - "
                            "for standard output")
    vectors.set_defaults(handler=main)


def main(args, stdout=None, stderr=None, mutants=None) -> int:
    stdout = stdout if stdout is not None else sys.stdout
    stderr = stderr if stderr is not None else sys.stderr
    if args.action == "stats":
        return stats_main(args, stdout, stderr, mutants)
    return export_main(args, stdout, stderr, mutants)


def usable_metrics(named, check: bool, stdout, stderr) -> list[str] | None:
    """The metrics to export: ``named`` (registered names), or every metric when None,
    less those whose data (``vectors.build.missing_resources``) or, when ``check``, oracle
    (``oracles.vectors_check.oracle_missing``) this machine lacks: one note line on
    ``stdout`` for each such metric not named; None after one line on ``stderr`` when a
    named one lacks them (or nothing is left to export)."""
    from ..core import metric_names
    from ..vectors.build import missing_resources

    usable = []
    for name in named if named is not None else metric_names():
        reason = missing_resources(name)
        if not reason and check:
            from ..oracles.vectors_check import oracle_missing

            reason = oracle_missing(name)
            if reason:
                reason = f"its oracle cannot run here (or use --no-check): {reason}"
        if not reason:
            usable.append(name)
        elif named is not None:
            stderr.write(f"bleuprint: cannot export the vectors of {name}: {reason}\n")
            return None
        else:
            stdout.write(f"note: {name} left out: {reason}\n")
    if not usable:
        stderr.write("bleuprint: no metric's vectors can be exported on this machine\n")
        return None
    return usable


def export_main(args, stdout, stderr, mutants=None) -> int:
    from ..core import metric_names
    from ..vectors import all_files, export, measure

    started = time.perf_counter()
    try:
        named = chosen_metrics(getattr(args, "metric", None))
    except ValueError as error:
        stderr.write(f"bleuprint: vectors export: {error}\n")
        return 2
    # The oracles' probes (seconds, mostly waiting for Meteor's JVM to start) run while worker
    # processes build the files of the metrics whose data is here; the build is stopped when
    # the export is refused, and made again when a probe leaves a metric out.
    present = usable_metrics(named, False, io.StringIO(), io.StringIO())
    prepared: dict = {}

    # Every metric, named or not and none left out: the whole registry's export (and the
    # whole catalogue of mutants in its index); else those metrics' files and mutants.
    def chosen(names):
        return None if named is None and len(names) == len(metric_names()) else names

    def prepare() -> bool:
        """The metrics to export (their probes) and DIR; whether the files being built are theirs."""
        usable = usable_metrics(named, not args.no_check, stdout, stderr)
        if usable is None:
            prepared["refused"] = True
            return False
        try:  # before the minute of work: an unwritable DIR is refused at once
            Path(args.directory).mkdir(parents=True, exist_ok=True)
        except OSError as error:
            stderr.write(f"bleuprint: cannot write the vectors to {args.directory}: {error.strerror or error}\n")
            prepared["refused"] = True
            return False
        prepared["metrics"] = chosen(usable)
        return usable == present

    # Without --metric, the files of no metric are written even when a metric is left out.
    shared = named is None
    files = all_files(chosen(present), while_building=prepare, shared=shared) if present is not None else None
    if not prepared:
        prepare()
    if prepared.get("refused"):
        return 1
    metrics = prepared["metrics"]
    if files is None:
        files = all_files(metrics, shared=shared)

    def check():
        """The files against their oracles, in this process while the mutation pass's
        workers run; an oracle that cannot run is returned, not raised."""
        from ..oracles.vectors_check import check_files

        try:
            return check_files(files, workers=1)
        except (ImportError, RuntimeError) as error:
            return error

    measured = measure(files, mutants, metrics, alongside=None if args.no_check else check)
    checked = 0
    if not args.no_check:
        found = measured["alongside"]
        if isinstance(found, Exception):
            stderr.write(f"bleuprint: cannot check the vectors against sacreBLEU: {found} (or use --no-check)\n")
            return 1
        checked, mismatches = found
        if mismatches:
            for line in mismatches:
                stderr.write(f"bleuprint: sacreBLEU disagrees: {line}\n")
            stderr.write(f"bleuprint: {len(mismatches)} vectors disagree with sacreBLEU; nothing written\n")
            return 1
    try:
        index = export(args.directory, files, measured=measured, metrics=metrics)
    except OSError as error:
        stderr.write(f"bleuprint: cannot write the vectors to {args.directory}: "
                     f"{error.strerror or error}\n")
        return 1
    check = "not checked" if args.no_check else f"{checked} checked against sacreBLEU 2.5.1"
    killed = sum(1 for m in index["mutants"] if m["killedBy"])
    faults = sum(1 for m in index["portFaults"] if m["killedBy"])
    stdout.write(f"wrote {index['numberOfFiles']} files, {index['numberOfTests']} vectors ({check}), a core "
                 f"suite of {index['core']['numberOfTests']} killing {killed} of {len(index['mutants'])} mutants "
                 f"and {faults} of {len(index['portFaults'])} port faults, "
                 f"to {args.directory} in {time.perf_counter() - started:.1f} s\n")
    return 0


def read_exported(directory) -> tuple[dict, list | None, set | None]:
    """``({file name: document}, core suite or None, scope or None)`` of an exported
    directory: the files that its ``index.json`` lists (every ``*.json`` beside it when it
    has none), and the ids of the mutants and port faults the index lists (the export's
    scope: an export of some metrics, or one that left a metric out, lists those its files
    answer for). ValueError naming what cannot be read."""
    root = Path(directory)
    if not root.is_dir():
        raise ValueError(f"{directory} is not a directory")
    core = scope = None
    try:
        index_path = root / "index.json"
        if index_path.is_file():
            index = json.loads(index_path.read_text(encoding="utf-8"))
            names = [entry["file"] for entry in index["files"]]
            if "core" in index:
                core = [(t["file"], t["tcId"]) for t in index["core"]["tests"]]
            if "mutants" in index:
                scope = {m["id"] for m in index["mutants"] + index.get("portFaults", [])}
        else:
            names = sorted(p.name for p in root.glob("*.json"))
        files = {name: json.loads((root / name).read_text(encoding="utf-8")) for name in names}
    except (OSError, ValueError, KeyError, TypeError) as error:
        raise ValueError(f"cannot read the vectors in {directory}: {error}") from None
    if not files:
        raise ValueError(f"no vector files in {directory}")
    return files, core, scope


def report(files: dict, matrix: dict, core: list, mutants: list, source: str, out_of_scope=()) -> dict:
    """The ``bleuprint_vector_stats_v3`` report (schema ``bleuprint_vector_stats_v3.json``):
    the planted mutants, then the port faults, of ``mutants``; ``out_of_scope``: the ids
    of the catalogue's others, outside the export's scope."""
    from .. import __version__
    from ..vectors.adequacy import vectors
    from ..vectors.export import is_port_fault

    in_core = {tuple(key) for key in core}
    rows, faults = [], []
    for mutant in mutants:
        keys = [tuple(key) for key in matrix.get(mutant.id, ())]
        row = {"id": mutant.id, "fault": mutant.fault, "killedBy": [f"{name}#{tc_id}" for name, tc_id in keys],
               "numberKilledBy": len(keys), "inCoreCover": any(key in in_core for key in keys)}
        if is_port_fault(mutant):
            faults.append({**row, "class": mutant.fault_class, "languages": list(mutant.languages)})
        else:
            rows.append({**row, "semantic": mutant.semantic})
    return {"schema": "bleuprint_vector_stats_v3", "bleuprintVersion": __version__, "source": source,
            "mutants": rows, "killed": sum(1 for row in rows if row["numberKilledBy"]),
            "numberOfMutants": len(rows), "survivors": [row["id"] for row in rows if not row["numberKilledBy"]],
            "portFaults": faults, "portFaultsKilled": sum(1 for row in faults if row["numberKilledBy"]),
            "numberOfPortFaults": len(faults),
            "portFaultSurvivors": [row["id"] for row in faults if not row["numberKilledBy"]],
            "coreSize": len(core), "fullSize": sum(1 for _ in vectors(files)), "outOfScope": list(out_of_scope)}


def _rows_text(rows: list) -> list[str]:
    lines = []
    for row in rows:
        if row["numberKilledBy"]:
            shown = ", ".join(row["killedBy"][:SHOWN])
            more = f" +{row['numberKilledBy'] - SHOWN} more" if row["numberKilledBy"] > SHOWN else ""
            core = "in core cover" if row["inCoreCover"] else "NOT in core cover"
            lines.append(f"{row['id']:<4} {row['numberKilledBy']:>5} vectors  {core}  {row['fault']}")
            lines.append(f"      {shown}{more}")
        else:
            lines.append(f"{row['id']:<4} SURVIVES  {row['fault']}")
    return lines


def render(document: dict) -> str:
    lines = _rows_text(document["mutants"])
    if document["portFaults"]:
        lines.append("port faults (a port's language, bleuprint.mutants.port_faults):")
        lines += _rows_text(document["portFaults"])
    lines.append(f"mutants killed: {document['killed']} of {document['numberOfMutants']}; port faults killed: "
                 f"{document['portFaultsKilled']} of {document['numberOfPortFaults']}; core suite: "
                 f"{document['coreSize']} vectors; full suite: {document['fullSize']} vectors")
    survivors = document["survivors"] + document["portFaultSurvivors"]
    if survivors:
        lines.append(f"surviving: {', '.join(survivors)}")
    if document["outOfScope"]:
        lines.append(f"outside the export's scope (not in its index.json), so not run: "
                     f"{', '.join(document['outOfScope'])}")
    return "\n".join(lines) + "\n"


def stats_main(args, stdout, stderr, mutants=None) -> int:
    from ..vectors import all_files, dumps
    from ..vectors.adequacy import core_suite, every_fault, kill_matrix

    mutants = list(every_fault() if mutants is None else mutants)
    scope = None
    if args.directory is None:
        files, core, source = all_files(), None, "built"
    else:
        try:
            files, core, scope = read_exported(args.directory)
        except ValueError as error:
            stderr.write(f"bleuprint: {error}\n")
            return 1
        source = str(args.directory)
    out_of_scope = []
    if scope is not None:  # an export that left a metric out has none of its vectors: its
        # mutants are outside the export's scope, not survivors of it
        out_of_scope = [m.id for m in mutants if m.id not in scope]
        mutants = [m for m in mutants if m.id in scope]
    matrix = kill_matrix(files, mutants)
    if core is None:
        core = core_suite(matrix)
    document = report(files, matrix, core, mutants, source, out_of_scope)
    if args.json == "-":
        stdout.write(dumps(document))
    else:
        stdout.write(render(document))
        if args.json is not None:
            try:
                Path(args.json).write_text(dumps(document), encoding="utf-8")
            except OSError as error:
                stderr.write(f"bleuprint: cannot write {args.json}: {error.strerror or error}\n")
                return 1
    return 1 if document["survivors"] or document["portFaultSurvivors"] else 0
