"""``bleuprint vectors export DIR``: its subcommand and handler. The files are built by
``bleuprint.vectors`` from the spec and checked here against sacreBLEU
(``bleuprint.oracles.vectors_check``) before anything is written."""

from __future__ import annotations

import sys
import time

from . import Parser


def add_parser(commands) -> None:
    vectors = commands.add_parser("vectors", help="language-neutral test vectors of every metric")
    actions = vectors.add_subparsers(dest="action", metavar="ACTION", parser_class=Parser)
    actions.required = True
    export = actions.add_parser("export", help="write one JSON file per metric and option family, the "
                                               "schemas and index.json into DIR")
    export.add_argument("directory", metavar="DIR", help="the directory to write (created if missing)")
    export.add_argument("--no-check", action="store_true",
                        help="do not check the expected values against sacreBLEU (for a machine without it)")
    vectors.set_defaults(handler=main)


def main(args, stdout=None, stderr=None) -> int:
    from ..vectors import build_files, export

    stdout = stdout if stdout is not None else sys.stdout
    stderr = stderr if stderr is not None else sys.stderr
    started = time.perf_counter()
    files = build_files()
    checked = 0
    if not args.no_check:
        from ..oracles.vectors_check import check_files

        try:
            checked, mismatches = check_files(files)
        except (ImportError, RuntimeError) as error:
            stderr.write(f"bleuprint: cannot check the vectors against sacreBLEU: {error} (or use --no-check)\n")
            return 1
        if mismatches:
            for line in mismatches:
                stderr.write(f"bleuprint: sacreBLEU disagrees: {line}\n")
            stderr.write(f"bleuprint: {len(mismatches)} vectors disagree with sacreBLEU; nothing written\n")
            return 1
    try:
        index = export(args.directory, files)
    except OSError as error:
        stderr.write(f"bleuprint: cannot write the vectors to {args.directory}: "
                     f"{error.strerror or error}\n")
        return 1
    check = "not checked" if args.no_check else f"{checked} checked against sacreBLEU 2.5.1"
    stdout.write(f"wrote {index['numberOfFiles']} files, {index['numberOfTests']} vectors ({check}) to "
                 f"{args.directory} in {time.perf_counter() - started:.1f} s\n")
    return 0
