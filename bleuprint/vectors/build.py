"""The vector files of every registered metric, computed from the specification.

``build_files()`` returns ``{file name: document}``: for each metric of the registry
(``bleuprint.core.metric_names``), one document per option family of
``bleuprint.vectors.hooks.vector_families``, each test group one options dict (every option written
out, defaults filled in) and each test one corpus of ``bleuprint.vectors.hooks.vector_corpora``. The
expected values are the spec's (``bleuprint.spec.corpus.segment_rows``, their column sums,
``score_from_stats`` and the metric's ``parts``); an input the spec refuses with a
TypeError or ValueError becomes an ``invalid`` test naming that error. Nothing here asks
an oracle: ``bleuprint.oracles.vectors_check`` checks the documents afterwards (the
command ``bleuprint vectors export`` does both).

Identity of a test is (file, specVersion, tcId); tcIds count 1.. in generation order
within a file, so they are stable as long as the inputs and families are.
"""

from __future__ import annotations

import copy
import json
import re

from ..core import get_metric, metric_names
from .corpora import NOTES, invalid_inputs
from .hooks import vector_hooks
from ..verify_hooks import verify_hooks
from ..oracles.hooks import oracle_hooks
from ..core.options import option_defaults, options_for_score

#: The version of this generator (the layout of the documents it writes). 1.2.0: a note's
#: ``mutants`` are the mutants its flag stands for among its own metric's vectors (1.1.0
#: counted every exported metric's), so a metric's files no longer depend on which
#: others are exported (``bleuprint vectors export --metric``). 1.3.0: every test has a
#: ``class`` (``CLASSES``) and its flags name the port faults it catches
#: (``bleuprint.mutants.port_faults``) beside the planted mutants; the files follow the
#: schemas v6-v10 (v1-v5 with these two additions).
GENERATOR_VERSION = "1.3.0"
#: The schema of a vector file and of the index (``bleuprint/vectors/schemas/``). Five
#: levels, each written only where a valid test needs it, so that a port reading text
#: alone takes the level-1 files and passes over the rest:
#: level 1, every metric of text segments with references;
#: level 2 adds null hypotheses (a missing prediction) and empty reference lists (an
#: unanswerable question), for the metrics that take them (SQuAD);
#: level 3 adds null refs (a metric that scores hypotheses alone: ``Metric.references``
#: false) and hypotheses that are arrays of numbers (the inputs protocol's ``segment_kind``);
#: level 4 adds segments of embeddings (a vector, tokens x dimensions, or an object with
#: token ids), as hypotheses or references (BERTScore, embedding similarity);
#: level 5 adds hypotheses that are numbers (a model's score of a segment: model_score).
#: Generator 1.3.0 writes levels 1-5 as v6-v10 (each test's ``class``, port-fault flags);
#: files of generators before it are still read (``OLD_FILE_SCHEMAS``): levels 1-4 as
#: v1-v4 and level 5 as v5 (v5 was taken by the numbers before the classes came, so the
#: classes start at v6: a version number means one schema).
FILE_SCHEMA = "bleuprint_metric_vectors_v6.json"
FILE_SCHEMA_V2 = "bleuprint_metric_vectors_v7.json"
FILE_SCHEMA_V3 = "bleuprint_metric_vectors_v8.json"
FILE_SCHEMA_V4 = "bleuprint_metric_vectors_v9.json"
FILE_SCHEMA_V5 = "bleuprint_metric_vectors_v10.json"
#: The schemas of the files of generators before 1.3.0 (levels 1-5), read, never written.
OLD_FILE_SCHEMAS = tuple(f"bleuprint_metric_vectors_v{v}.json" for v in (1, 2, 3, 4, 5))
#: Every schema of a metric's vector file.
FILE_SCHEMAS = (FILE_SCHEMA, FILE_SCHEMA_V2, FILE_SCHEMA_V3, FILE_SCHEMA_V4, FILE_SCHEMA_V5) + OLD_FILE_SCHEMAS
#: A test's class (JSONTestSuite's y_ / n_ / i_): a valid test every port must pass, an input
#: every port must refuse, and a valid test whose expected value reproduces an accident of
#: the reference implementation that a port may leave out (``IMPLEMENTATION_DEFINED``).
MUST_PASS, MUST_REFUSE, IMPLEMENTATION_DEFINED_CLASS = "must-pass", "must-refuse", "implementation-defined"
CLASSES = (MUST_PASS, MUST_REFUSE, IMPLEMENTATION_DEFINED_CLASS)
#: The planted mutants that stand for an accident of the reference implementation rather than
#: for the definition: a valid test that one of them fails is implementation-defined
#: (``bleuprint.vectors.adequacy.annotate`` marks it).
IMPLEMENTATION_DEFINED = {
    "f02": "sacreBLEU's zh tokenizer ranges, malformed as sacreBLEU 2.5.1 has them (sacreBLEU issue #298): "
           "a port may use the intended ranges",
}
#: Version 2 of the index: version 1 with ``portFaults`` beside ``mutants``.
INDEX_SCHEMA = "bleuprint_vectors_index_v2.json"
#: The tolerance on scores; statistics are exact.
SCORE_TOLERANCE = 1e-9
INVALID_MARK = "__invalid__"

HEADER = [
    "Test vectors of a bleuprint metric, generated from bleuprint's specification and, where the",
    "metric has an oracle (specVersion.oracle), checked against it at generation.",
    "Layout: hyps is the list of N hypotheses; refs[i] is the list of references of hyps[i]",
    "(the per-hypothesis layout; sacreBLEU's API takes the transpose, reference streams).",
    "Each testGroup gives every option value (no implicit defaults).",
    "expected.stats[i] is the statistics row of segment i, expected.corpusStats their column sums,",
    "expected.score the corpus score of corpusStats over N segments, expected.parts its named parts,",
    "expected.signature the metric's sacreBLEU-style signature for these options and this corpus's",
    "number of references (nrefs: the count, or 'var' when it varies), expected.intermediates (where",
    "given) values a port computes on the way (for finding where it goes wrong).",
    "A flag named by a planted mutant's id (note kind 'mutant') or a port fault's id (note kind",
    "'port-fault': a fault a port gets from its language) marks a vector that the fault fails:",
    "a port failing it probably has that fault. The core/ files hold a small subset that still",
    "fails every planted mutant and port fault that any vector fails.",
    "class: 'must-pass' (every port must pass it), 'must-refuse' (result 'invalid'), or",
    "'implementation-defined' (a valid test reproducing an accident of the reference implementation:",
    "a port may differ, and says so).",
    "Statistics must be equal exactly; scores within an absolute 1e-9 (on the metric's scale).",
    "result 'invalid': the input must be refused with the error kind named in 'error'",
    "(TypeError: a value of the wrong type; ValueError: a value of the right type that is not allowed).",
    "A test is identified by (file, specVersion, tcId).",
]


def file_name(metric: str, family: str) -> str:
    """``bleu_tokenize.json``: the metric and family, characters other than letters,
    digits, ``-`` and ``_`` replaced by ``-``."""
    return re.sub(r"[^A-Za-z0-9_-]", "-", f"{metric}_{family}") + ".json"


def spec_version(definition) -> dict:
    """``{"bleuprint": version}``, with ``"oracle": {distribution: version}`` (``{"sacrebleu":
    "2.5.1"}``) for a metric checked against a pinned oracle (``bleuprint.oracles.hooks.oracle_versions``)."""
    from .. import __version__

    version = {"bleuprint": __version__}
    if oracle_hooks(definition).oracle_versions:
        version["oracle"] = dict(oracle_hooks(definition).oracle_versions)
    return version


def _refusal(call) -> tuple[object, str | None]:
    """``(value, None)`` from ``call()``, or ``(None, "TypeError"/"ValueError")`` when it
    raises one of them (a subclass is named by that base)."""
    try:
        return call(), None
    except TypeError:
        return None, "TypeError"
    except ValueError:
        return None, "ValueError"


def _json_ready(value, where: str):
    """``value`` as plain JSON data (ints, finite floats, strings, lists, dicts), or
    RuntimeError naming ``where``: nothing numpy or non-finite reaches a file (and a
    metric's bug is not mistaken for a refused input)."""
    try:
        return json.loads(json.dumps(value, allow_nan=False))
    except (TypeError, ValueError) as error:
        raise RuntimeError(f"{where}: expected values that are not plain JSON data: {error}") from None


def expected_values(definition, options: dict, hyps: list, refs: list) -> dict:
    """The spec's statistics rows, their sums, the score and its parts for one corpus, the
    signature (a metric that has one: ``bleuprint.spec.signature``) and the metric's
    ``vector_intermediates`` where it gives any."""
    from ..spec.corpus import as_numbers, score_from_stats, segment_rows
    from ..spec.signature import SACREBLEU_VERSION, signature, signed_metrics

    configured = definition(**options)
    rows = segment_rows(configured, copy.deepcopy(hyps), copy.deepcopy(refs))
    summed = [sum(column) for column in zip(*rows)] if rows else []
    score = score_from_stats(configured, summed, len(rows))
    expected = {"stats": rows, "corpusStats": summed, "score": float(score)}
    parts = definition.parts(as_numbers(summed), len(rows), **options_for_score(definition, options))
    if parts:
        expected["parts"] = parts
    if definition.name in signed_metrics():
        # The files name sacreBLEU 2.5.1 as their oracle (spec_version): their signatures
        # are 2.5.1's, whichever sacreBLEU is installed.
        expected["signature"] = signature(configured, nrefs=nrefs(refs), sacrebleu_version=SACREBLEU_VERSION)
    intermediates = vector_hooks(definition).vector_intermediates(copy.deepcopy(hyps), copy.deepcopy(refs), **options)
    if intermediates:
        expected["intermediates"] = intermediates
    return _json_ready(expected, definition.name)


def nrefs(refs: list):
    """The signature's ``nrefs`` of a corpus: the number of references of every
    hypothesis, or ``"var"`` when it varies (sacreBLEU's rule); None for a metric without
    references."""
    if refs is None:
        return None
    counts = {len(r) for r in refs}
    return counts.pop() if len(counts) == 1 else "var"


def _test(tc_id: int, corpus, options: dict, definition) -> dict:
    test = {"tcId": tc_id, "comment": corpus.comment, "flags": list(corpus.flags),
            "hyps": corpus.hyps, "refs": corpus.refs}
    expected, error = _refusal(lambda: expected_values(definition, options, corpus.hyps, corpus.refs))
    if error is None:
        test.update(expected=expected, result="valid", **{"class": MUST_PASS})
    else:
        test.update(result="invalid", error=error, **{"class": MUST_REFUSE})
        if "InvalidInput" not in corpus.flags and "InvalidOption" not in corpus.flags:
            test["flags"].append("InvalidInput")
    return test


def document_schema(groups: list) -> str:
    """``FILE_SCHEMA_V5`` when a valid test has a hypothesis that is a number, else
    ``FILE_SCHEMA_V4`` when a valid test has a segment of embeddings (a hypothesis that
    is an object or an array of arrays, or a reference that is not a string), else
    ``FILE_SCHEMA_V3`` when a valid test has null refs or a hypothesis that is not a
    string or null, else ``FILE_SCHEMA_V2`` when one has a null hypothesis or an empty
    reference list, else ``FILE_SCHEMA``."""
    valid = [test for group in groups for test in group["tests"] if test["result"] == "valid"]
    if any(isinstance(h, (int, float)) and not isinstance(h, bool) for test in valid for h in test["hyps"]):
        return FILE_SCHEMA_V5
    def embedded(segment) -> bool:
        return isinstance(segment, dict) or (isinstance(segment, list) and any(isinstance(x, list) for x in segment))

    if any(any(embedded(h) for h in test["hyps"]) or (test["refs"] is not None and any(
            not isinstance(r, str) for group in test["refs"] for r in group)) for test in valid):
        return FILE_SCHEMA_V4
    if any(test["refs"] is None or any(h is not None and not isinstance(h, str) for h in test["hyps"])
           for test in valid):
        return FILE_SCHEMA_V3
    if any(any(h is None for h in test["hyps"]) or any(len(r) == 0 for r in test["refs"]) for test in valid):
        return FILE_SCHEMA_V2
    return FILE_SCHEMA


def _options_refused(definition, options: dict, corpora: list) -> tuple:
    """``(probe corpus, error kind or None)``: the options are refused when the spec refuses
    them with every corpus (the first corpus's error is named); a corpus that these options
    cannot take (BERTScore's idf needs token ids, which its first corpus leaves out) does
    not make valid options invalid: the first corpus they are accepted with ends the probe."""
    first = None
    for corpus in corpora:
        _, refused = _refusal(lambda: expected_values(definition, options, corpus.hyps, corpus.refs))
        if refused is None:
            return corpus, None
        first = first or (corpus, refused)
    return first or (None, None)


def build_document(definition, family: str, option_dicts: list, seen: list | None = None) -> dict:
    """One vector file of ``definition`` (module doc). ``seen``: the full options of the
    groups of the metric's earlier files, skipped here (and extended)."""
    defaults = option_defaults(definition)
    corpora = vector_hooks(definition).vector_corpora()
    groups, tc_id = [], 0
    seen = [] if seen is None else seen
    for given in option_dicts:
        given = dict(given)
        meant_invalid = given.pop(INVALID_MARK, False)
        options = {**defaults, **given}
        if options in seen:
            continue
        seen.append(options)
        probe, refused = _options_refused(definition, options, corpora)
        if refused or meant_invalid:
            if not refused:
                continue  # a value meant to be refused that the spec accepts: not a vector
            tc_id += 1
            test = {"tcId": tc_id, "comment": f"refused options: {', '.join(f'{k}={v!r}' for k, v in given.items())}",
                    "flags": ["InvalidOption"], "hyps": probe.hyps, "refs": probe.refs, "result": "invalid",
                    "error": refused, "class": MUST_REFUSE}
            groups.append({"options": options, "tests": [test]})
            continue
        tests = []
        for corpus in corpora if family == "defaults" else [c for c in corpora if getattr(c, "everywhere", True)]:
            tc_id += 1
            tests.append(_test(tc_id, corpus, options, definition))
        if family == "defaults":
            for corpus in vector_hooks(definition).invalid_vector_corpora():
                _, error = _refusal(lambda: expected_values(definition, options, corpus.hyps, corpus.refs))
                if error is not None:
                    tc_id += 1
                    tests.append({"tcId": tc_id, "comment": corpus.comment, "flags": list(corpus.flags),
                                  "hyps": corpus.hyps, "refs": corpus.refs, "result": "invalid", "error": error,
                                  "class": MUST_REFUSE})
        groups.append({"options": options, "tests": tests})
    used = sorted({flag for group in groups for test in group["tests"] for flag in test["flags"]})
    return {
        "schema": document_schema(groups),
        "metric": definition.name,
        "family": family,
        "specVersion": spec_version(definition),
        "generatorVersion": GENERATOR_VERSION,
        "numberOfTests": tc_id,
        "header": list(HEADER),
        "scoreTolerance": SCORE_TOLERANCE,
        "options": [option.describe() for option in definition.options],
        "notes": {flag: NOTES[flag] for flag in used},
        "testGroups": groups,
    }


def missing_resources(metric: str) -> str:
    """Why ``metric``'s vector files cannot be built on this machine ("" when they can):
    what ``bleuprint.verify_hooks.missing_data`` says of its defaults and of its interval vectors' options
    (nltk's METEOR without WordNet). A metric whose defaults need data the machine lacks
    is left out of an export, never written with some of its families missing."""
    definition = get_metric(metric)
    for options in ({}, *vector_hooks(definition).interval_options()):
        reason = verify_hooks(definition).missing_data({**option_defaults(definition), **options})
        if reason:
            return reason
    return ""


def build_files(metrics=None) -> dict:
    """``{file name: document}`` for ``metrics`` (names; default every registered metric),
    in registry order and family order."""
    out = {}
    for name in metrics or metric_names():
        definition, seen = get_metric(name), []
        for family, option_dicts in vector_hooks(definition).vector_families():
            document = build_document(definition, family, option_dicts, seen)
            if document["numberOfTests"]:
                out[file_name(name, family)] = document
    return out


def dumps(document: dict) -> str:
    """The file's text: sorted keys, indent 1, ASCII (every other character escaped), a
    final newline; the same document always gives the same bytes."""
    return json.dumps(document, sort_keys=True, indent=1, ensure_ascii=True, allow_nan=False) + "\n"
