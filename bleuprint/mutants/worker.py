"""One worker of a parallel mutation run: ``python -m bleuprint.mutants.worker OUT IDS -- ARGS``
runs the pytest arguments ARGS against the comma-separated mutant ids (planted or
generated) and writes the matrix to OUT as JSON; ``--first-kill`` before ``--`` stops each
mutant at its first killer, ``--shard=I/N`` runs every N-th test from the I-th."""

import json
import signal
import sys

from . import runner
from .project import lookup


def main(argv: list[str]) -> int:
    split = argv.index("--")
    out, ids = argv[0], argv[1].split(",")
    first_kill = "--first-kill" in argv[2:split]
    shard = next((tuple(int(x) for x in a.split("=", 1)[1].split("/")) for a in argv[2:split]
                  if a.startswith("--shard=")), None)
    def stop(signum, frame):  # SIGTERM: pytest stops, and the matrix so far is written
        raise KeyboardInterrupt

    signal.signal(signal.SIGTERM, stop)
    matrix = runner.run(argv[split + 1:], lookup(ids), first_kill=first_kill, shard=shard)
    with open(out, "w", encoding="utf-8") as handle:
        json.dump(matrix.to_dict(), handle)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
