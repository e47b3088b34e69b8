"""The cases ``bleuprint verify --port`` sends: built in memory from the registry, or read
from a directory of vector files.

``builtin_cases(metrics)``: for each metric that the port lists and that is registered,
in registration order, every configuration (its defaults, then its
``verify_configurations()``) on a few corpora: the metric's hand-worked examples
(``bleuprint.oracles.hand``), a few fixed edge corpora, and seeded generated corpora
(``bleuprint.oracles.texts``, as ``bleuprint verify`` draws them); plus input that must be
refused (a corpus whose layout is wrong, an option value outside its choices or range,
from the metric's ``Option`` data). Every expected value is computed by ``bleuprint.spec``
now; a case whose input the spec refuses expects an error of the spec's kind. Each
metric's cases form one "file", ``builtin/NAME``; the flags name the option family and
the kind of corpus.

``vector_cases(directory)``: the vector files of ``bleuprint vectors export`` (issue 14,
item 1). Provisional: it reads the layout the issue describes (``testGroups`` with
``options``, tests with ``tcId``, ``flags``, ``hyps``, ``refs``, expected values and
``result``) and says clearly when a file does not have it. The interval and paired-test
files (schema ``bleuprint_interval_vectors_v1.json``, ``bleuprint.vectors.intervals``) are
skipped: the port protocol v1 has no interval command, so ports check those vectors in
their own tests.
"""

from __future__ import annotations

import json
import random
from pathlib import Path

from ..core import get_metric, metric_names
from ..vectors.intervals import INTERVAL_SCHEMAS
from ..vectors.statistics import STATISTICS_SCHEMAS
from .protocol import full_options
from .runner import Case
from ..verify_hooks import verify_hooks
from ..core.options import options_for_score

#: Seed and number of generated corpora per configuration.
GENERATED_SEED, GENERATED_PER_CONFIGURATION = 20261201, 6

#: Fixed corpora that catch the common pitfalls of any metric: an empty hypothesis, white
#: space at the ends, references of different lengths (closest versus shortest, best versus
#: last), upper case, and several segments (corpus pooling versus averaging).
EDGE_CORPORA = (
    ("empty-hypothesis", "an empty hypothesis line", [""], [["the cat sat on the mat"]]),
    ("edge-space", "white space at both ends and inside", ["  the  cat sat\t"], [[" the cat  sat on "]]),
    ("reference-lengths", "references of different lengths: the closest is not the shortest, the best is not "
     "the last", ["the cat sat on the mat today"],
     [["the cat", "the cat sat on the mat today", "a dog lay under a big red table all day long"]]),
    ("case", "upper and lower case that only a case rule tells apart", ["The Cat SAT on the Mat."],
     [["the cat sat on the mat."]]),
    ("pooled", "three segments whose pooled score differs from the mean of their scores",
     ["the cat", "a b c d e f g", "on the mat"], [["the cat sat"], ["a b c d e f g"], ["the mat is on"]]),
)

INVALID_NOTE = "input the metric must refuse: the port must answer with an error"

#: The kinds of note whose flag names a fault a port may have: a planted mutant of the spec,
#: a port fault (what a port gets from its language, ``bleuprint.mutants.port_faults``).
PITFALL_KINDS = ("mutant", "port-fault")


def _configurations(definition) -> list[tuple[dict, str]]:
    seen, found = [], []
    for options, label in (({}, "defaults"), *verify_hooks(definition).verify_configurations()):
        if options not in seen:
            seen.append(options)
            found.append((dict(options), label))
    return found


def _corpora(name: str, rng: random.Random) -> list[tuple[str, str, list, list]]:
    from ..oracles import texts
    from ..oracles.hand import HAND_EXAMPLES

    corpora = [(f"hand/{example['id'].rsplit('/', 1)[-1]}", "hand-example", example["hyps"], example["refs"])
               for example in HAND_EXAMPLES if example["metric"] == name]
    corpora += [(f"edge/{key}", f"edge:{key}", hyps, refs) for key, _, hyps, refs in EDGE_CORPORA]
    pools = sorted(texts.POOLS)
    for i in range(GENERATED_PER_CONFIGURATION):
        hyps, refs = texts.corpus(rng, rng.choice(pools), sentences=(1, 6), nrefs=(1, 3), length=(0, 12),
                                  white_space=rng.random() < 0.3, edge_spaces=rng.random() < 0.3)
        corpora.append((f"generated/{i}", "generated", hyps, refs))
    return corpora


def expected_case(definition, case_id: str, file: str, options: dict, hyps: list, refs: list,
                  flags: tuple, notes: dict) -> Case:
    """A case with its expected values from ``bleuprint.spec``: the rows, the score of
    their sum and its named parts, or (when the spec refuses the input) the error kind."""
    from ..spec import corpus as spec

    full = full_options(definition, options)
    case = Case(case_id, file, definition.name, full, hyps, refs, flags=flags, notes=notes)
    try:
        configured = definition(**options)
        rows = spec.segment_rows(configured, hyps, refs)
        summed = [sum(column) for column in zip(*rows)]
        case.score = spec.score_from_stats(configured, summed, len(rows))
        case.stats = [[int(x) if float(x).is_integer() else float(x) for x in row] for row in rows]
        case.parts = _plain(definition.parts(spec.as_numbers(summed), len(rows), **options_for_score(definition, full)))
    except (TypeError, ValueError) as exc:
        case.error = type(exc).__name__
        case.comment = str(exc)
    return case


def _plain(value):
    """Parts as JSON-ready numbers, lists and dicts."""
    if isinstance(value, dict):
        return {str(k): _plain(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [_plain(v) for v in value]
    return value


def _invalid_inputs(definition) -> list[tuple[str, str, dict, list, list]]:
    """(key, comment, options, hyps, refs) of input the metric must refuse: a layout
    error, and an out-of-range or unknown value for each option whose data says so."""
    found = [
        ("refs-count", "two hypotheses, references for one", {}, ["a b", "c d"], [["a b"]]),
        ("no-reference", "a hypothesis with an empty list of references", {}, ["a b"], [[]]),
    ]
    for option in definition.options:
        if option.choices is not None and option.kind is str:
            found.append((f"{option.name}-choice", f"{option.name} outside its choices",
                          {option.name: "no-such-" + option.name}, ["a b"], [["a b"]]))
        elif option.minimum is not None and option.kind in (int, float):
            value = option.minimum - 1
            found.append((f"{option.name}-minimum", f"{option.name} below its minimum {option.minimum}",
                          {option.name: option.kind(value)}, ["a b"], [["a b"]]))
    return found


def nearest_metric(name: str, registered) -> str:
    """The registered metric a port most probably meant by ``name`` ("" for none): the
    metric of an alias (``meteor-1.5``: ``meteor``), the name that differs only in case or
    in ``-`` for ``_`` (``BLEU``: ``bleu``), else the closest spelling (difflib, ratio at
    least 0.6)."""
    import difflib

    try:
        return get_metric(name).name
    except (TypeError, ValueError):
        pass
    folded = {metric.lower().replace("-", "_"): metric for metric in registered}
    key = name.lower().replace("-", "_")
    if key in folded:
        return folded[key]
    close = difflib.get_close_matches(key, list(folded), n=1, cutoff=0.6)
    return folded[close[0]] if close else ""


def unknown_metrics(listed) -> list[dict]:
    """The names a port lists (its answer to ``start``) that are no registered metric's
    name, in its order, each once: ``[{"name", "suggestion"}]`` (``nearest_metric``). The
    protocol speaks the registry's names only; an alias is unknown too, and suggests its
    metric's name. A port listing one verifies nothing of that metric, so the run fails."""
    registered = metric_names()
    found, seen = [], set()
    for name in listed:
        if name not in registered and name not in seen:
            seen.add(name)
            found.append({"name": name, "suggestion": nearest_metric(name, registered)})
    return found


def builtin_cases(metrics) -> tuple[list[Case], list[str]]:
    """The in-memory cases for the ``metrics`` a port lists (module doc), and notes (none
    today: the listed names bleuprint does not have are the report's ``unknown_metrics``)."""
    registered = metric_names()
    notes: list[str] = []
    cases: list[Case] = []
    for name in registered:
        if name not in metrics:
            continue
        definition = get_metric(name)
        file = f"builtin/{name}"
        # One generator per metric, seeded by its name (SHA-512 of the string, the same in
        # every Python): its corpora do not depend on which other metrics are registered or
        # listed by the port.
        corpora = _corpora(name, random.Random(f"{GENERATED_SEED}/{name}"))
        edge_notes = {f"edge:{key}": note for key, note, _, _ in EDGE_CORPORA}
        for options, label in _configurations(definition):
            family_note = f"options {label}" + ("" if label == "defaults" else ", the others at their defaults")
            for corpus_id, kind, hyps, refs in corpora:
                notes_here = {label: family_note, "hand-example": "a corpus worked by hand (bleuprint.oracles.hand)",
                              "generated": "a seeded generated corpus (bleuprint.oracles.texts)", **edge_notes}
                flags = (label, kind)
                cases.append(expected_case(definition, f"{name}/{label}/{corpus_id}", file, options, hyps, refs,
                                           flags, {f: notes_here[f] for f in flags}))
        for key, comment, options, hyps, refs in _invalid_inputs(definition):
            case = expected_case(definition, f"{name}/invalid/{key}", file, options, hyps, refs,
                                 ("invalid-input",), {"invalid-input": INVALID_NOTE})
            if case.error:  # only what the spec itself refuses is expected to be refused
                case.comment = comment + ": " + case.comment
                cases.append(case)
    return cases, notes


class VectorFormatError(ValueError):
    """A vector file without the layout ``vector_cases`` reads."""


def vector_cases(directory, metrics=None) -> list[Case]:
    """The cases of every vector file (``*.json`` with ``testGroups``) directly in
    ``directory`` (not its subdirectories: ``core/`` holds the core suite, which
    ``--vectors DIR/core`` runs alone);
    with ``metrics``, only those of the listed metrics are returned. ValueError when the
    directory is missing; ``VectorFormatError`` naming the file and what it lacks."""
    root = Path(directory)
    if not root.is_dir():
        raise ValueError(f"no vector directory {str(root)!r}")
    cases = []
    for path in sorted(root.glob("*.json")):
        try:
            data = json.loads(path.read_text(encoding="utf-8"))
        except (OSError, UnicodeDecodeError, ValueError) as exc:
            raise VectorFormatError(f"{path}: cannot read it as JSON ({exc})") from None
        if not isinstance(data, dict) or "testGroups" not in data:
            continue  # the index, a schema
        if data.get("schema") in INTERVAL_SCHEMAS or data.get("schema") in STATISTICS_SCHEMAS:
            continue  # interval and statistics vectors: protocol v1 has no command for them (module doc)
        cases.extend(_file_cases(path.relative_to(root).as_posix(), data))
    return [c for c in cases if metrics is None or c.metric in metrics]


def _file_cases(file: str, data: dict) -> list[Case]:
    notes = {flag: _note_text(note) for flag, note in (data.get("notes") or {}).items()}
    pitfalls = {flag for flag, note in (data.get("notes") or {}).items()
                if isinstance(note, dict) and note.get("kind") in PITFALL_KINDS}
    header = data.get("header") if isinstance(data.get("header"), dict) else {}
    cases = []
    for g, group in enumerate(data["testGroups"]):
        metric = group.get("metric") or data.get("metric") or header.get("metric")
        if not isinstance(metric, str):
            raise VectorFormatError(f"{file}: testGroups[{g}] names no metric")
        options = group.get("options")
        if not isinstance(options, dict):
            raise VectorFormatError(f"{file}: testGroups[{g}] has no options object")
        for t, test in enumerate(group.get("tests", [])):
            try:
                expected = test.get("expected") or {}
                result = test.get("result", "valid")
                flags = tuple(test.get("flags", ()))
                cases.append(Case(
                    id=f"{file}#{test['tcId']}", file=file, metric=metric, options=dict(options),
                    hyps=test["hyps"], refs=test["refs"], score=expected.get("score"),
                    stats=expected.get("stats", expected.get("sentenceStats")), parts=expected.get("parts"),
                    error="" if result == "valid" else str(test.get("error", result)), flags=flags,
                    notes={f: notes.get(f, "") for f in flags}, comment=test.get("comment", ""),
                    pitfalls=tuple(f for f in flags if f in pitfalls)))
            except (KeyError, AttributeError, TypeError) as exc:
                raise VectorFormatError(f"{file}: testGroups[{g}].tests[{t}] lacks {exc}") from None
    return cases


def file_cases(file: str, data: dict) -> list[Case]:
    """The cases of one vector document ``data`` (a parsed file named ``file``), as
    ``vector_cases`` reads each file of a directory; VectorFormatError as there."""
    return _file_cases(file, data)


def _note_text(note) -> str:
    """A flag's note as one line: its description, the effect, the mutants it stands for."""
    if not isinstance(note, dict):
        return str(note)
    text = note.get("description", "")
    if note.get("effect"):
        text += f"; {note['effect']}"
    if note.get("mutants"):
        text += f" (mutants: {', '.join(map(str, note['mutants']))})"
    return text
