"""Write the shared TED corpus as the plain-text files of the README's console examples.

``python examples/ted_files.py DIR`` writes ``DIR/ref.de`` (the human reference) and one
``DIR/<system>.de`` per system (``Facebook-AI.de``, ``HuaweiTSC.de``, ``Nemo.de``, ...), one
segment per line, UTF-8, from ``../shared/corpora/ted-ende.json`` beside the checkout
(``--corpus`` names another copy). The corpus is read, never copied into the repository.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

DEFAULT_CORPUS = Path(__file__).resolve().parents[2] / "shared" / "corpora" / "ted-ende.json"


def write_files(corpus: Path, folder: Path) -> list[Path]:
    """The files written: the reference first, then the systems in the corpus's order."""
    data = json.loads(corpus.read_text(encoding="utf-8"))
    streams = {"ref": data["references"][0], **data["systems"]}
    folder.mkdir(parents=True, exist_ok=True)
    written = []
    for name, lines in streams.items():
        for i, line in enumerate(lines):
            if "\n" in line or "\r" in line:
                raise ValueError(f"{name} segment {i} holds a line break: it cannot be one line of a file")
        path = folder / f"{name}.de"
        path.write_text("".join(line + "\n" for line in lines), encoding="utf-8")
        written.append(path)
    return written


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0], allow_abbrev=False)
    parser.add_argument("folder", nargs="?", default=".", help="where to write the files (default: here)")
    parser.add_argument("--corpus", default=str(DEFAULT_CORPUS), help="the ted-ende.json to read")
    args = parser.parse_args(argv)
    corpus = Path(args.corpus)
    if not corpus.is_file():
        print(f"ted_files: no corpus at {corpus} (it lives in shared/corpora beside the checkout)", file=sys.stderr)
        return 1
    written = write_files(corpus, Path(args.folder))
    print(f"wrote {len(written)} files to {args.folder}: {', '.join(p.name for p in written[:4])}, ...")
    return 0


if __name__ == "__main__":
    sys.exit(main())
