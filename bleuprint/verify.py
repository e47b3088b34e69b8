"""What ``bleuprint verify`` runs (its command: ``bleuprint.cli.verify``): check bleuprint's
metrics against the oracles, as rows of a table.

Oracles, in the order they are checked:

* ``hand``: the hand-computed worked examples (``bleuprint.oracles.hand``);
* ``goldens``: the fixtures generated from the oracles (sacreBLEU 2.5.1, rouge-score 0.1.2
  with nltk 3.10.4, transformers 4.57.6) and shipped with the package
  (``bleuprint.oracles.goldens``), so this runs without them;
* ``oracles live``: when the oracles are installed, the fixture corpora rebuilt and scored
  by them now (a fixture whose oracle is missing is skipped, and the note says so), and the
  real corpus ``../shared/corpora/ted-ende.json`` when it is present; sacreBLEU 2.5.1 or
  2.6.0, whichever is installed;
* ``spec``: impl (and impl-numpy) against the spec on seeded generated corpora, for every
  registered metric on its ``verify_configurations()``.

Every metric is reached through the registry (``bleuprint.core``): its golden fixture
(``bleuprint.oracles.hooks.golden``), its configurations, its own one-call functions
(``bleuprint.verify_hooks.layer_functions``; else the layer's ``corpus_score`` of any metric) and its
sentence-level defaults are the metric's, so a metric registered anywhere (a test's)
gets its rows with no edit here.

A case is *equal* when the sentence statistics and the corpus statistics are exactly
equal, the score is within ``SCORE_TOLERANCE`` and the signature (long and short) is
identical; a golden's signatures are asked for under the sacreBLEU version the golden
records, a live case's under the installed one. The table has one row per subject,
metric, option family and oracle: cases, equal, largest score difference, statistics
mismatches and signature mismatches. The exit status is 1 when any case differs.
"""

from __future__ import annotations

import contextlib
import importlib
import inspect
import json
import logging
import math
import sys
from dataclasses import dataclass, field
from pathlib import Path

from .core import get_metric, metric_names
from .verify_hooks import verify_hooks
from .oracles.hooks import oracle_hooks
from .spec.inputs import segment_references

#: Scores must agree within this (absolute, on the 0-100 scale; 0-1 for exact match).
SCORE_TOLERANCE = 1e-9

#: What is verified: the spec, the fast implementation as installed (its compiled kernels
#: where they are built), and the fast implementation on its numpy code alone (the
#: fallback of an install without a C compiler).
SUBJECTS = {"spec": "bleuprint.spec", "impl": "bleuprint.impl", "impl-numpy": "bleuprint.impl"}

#: Seed of the corpora generated to compare impl with spec, and how many each of a
#: metric's configurations gets.
GENERATED_SEED, GENERATED_PER_CONFIGURATION = 20261129, 4

#: Where the shared real corpus lives relative to a source checkout.
TED_PATH = Path(__file__).resolve().parents[2] / "shared" / "corpora" / "ted-ende.json"


@dataclass
class Row:
    """Aggregated comparison results for one (subject, metric, family, oracle)."""

    subject: str
    metric: str
    family: str
    oracle: str
    cases: int = 0
    equal: int = 0
    max_diff: float = 0.0
    stats_mismatches: int = 0
    signature_mismatches: int = 0
    failures: list = field(default_factory=list)

    @property
    def ok(self) -> bool:
        return self.equal == self.cases


@dataclass
class Outcome:
    """The comparison of one case."""

    stats_equal: bool = True
    signature_equal: bool = True
    score_diff: float = 0.0
    error: str = ""

    @property
    def equal(self) -> bool:
        return not self.error and self.stats_equal and self.signature_equal and self.score_diff <= SCORE_TOLERANCE


def _as_numbers(rows) -> list[list]:
    """Statistics as Python numbers (ints where integral) for exact comparison."""
    out = []
    for row in rows:
        out.append([int(x) if float(x).is_integer() else float(x) for x in row])
    return out


def _nrefs(refs: list[list[str]] | None):
    """The signature's ``nrefs`` of a corpus's references (None for a metric without)."""
    if refs is None:
        return None
    counts = {len(r) for r in refs}
    return counts.pop() if len(counts) == 1 else "var"


def _score_diff(expected: float, actual: float) -> float:
    if math.isnan(actual) or math.isnan(expected):
        return math.inf
    return abs(float(expected) - float(actual))


def _accepted(function, options: dict) -> dict:
    """The options that ``function`` takes (a statistics function takes no scoring options)."""
    parameters = inspect.signature(function).parameters
    return {k: v for k, v in options.items() if k in parameters}


def _sentence_result(subject, definition, hyp: str, refs: list, options: dict) -> tuple[list, float]:
    """One segment's row and score by ``subject``: through the metric's own per-segment
    functions where it has them, else its rows and score of one segment, with its
    sentence-level defaults."""
    functions = verify_hooks(definition).layer_functions(subject)
    sentence_level = definition(**options).sentence_level()
    if "stats" in functions:
        row = functions["stats"](hyp, refs, **_accepted(functions["stats"], options))
    else:
        row = subject.sentence_stats(sentence_level, [hyp], segment_references(definition, refs))[0]
    if "sentence" in functions:
        return row, functions["sentence"](hyp, refs, **options)
    return row, subject.score_from_stats(sentence_level, row, 1)


def _computed(subject, case: dict) -> dict:
    """What ``subject`` computes for ``case``'s input (its expected values aside): the
    tokenizer output, or the rows, the score from the rows, the one call's score and the
    signatures. An exception propagates."""
    metric = case["metric"]
    options = dict(case.get("options", {}))
    if metric == "tokenizers":  # the shared fixture of tokenizer outputs
        return {"output": subject.tokenize(case["line"], case["tokenizer"])}
    definition = get_metric(metric)
    hyps, refs = case["hyps"], case["refs"]
    sentence_level = case.get("level") == "sentence"
    if sentence_level:
        row, score = _sentence_result(subject, definition, hyps[0], refs[0] if refs is not None else (), options)
        done = {"rows": _as_numbers([row]), "scores": [score]}
    else:
        configured = definition(**options)
        rows = subject.sentence_stats(configured, hyps, refs)
        score = subject.score_from_stats(configured, rows.sum(axis=0), len(hyps))
        own = verify_hooks(definition).layer_functions(subject).get("corpus")  # else the one call of any metric
        one_call = own(hyps, refs, **options) if own else subject.corpus_score(configured, hyps, refs)
        done = {"rows": _as_numbers(rows), "scores": [score, one_call]}
    if "signature" in case:  # computed for each case's sacreBLEU version (_signatures)
        configured = definition(**options)
        done["signature_call"] = (configured.sentence_level() if sentence_level else configured, _nrefs(refs))
        done["signatures"] = {}
    return done


def _signatures(subject, done: dict, version: str | None) -> tuple[str, str]:
    """The long and short signatures ``subject`` gives for a computed case under the
    sacreBLEU ``version`` (None: the default), remembered per version in ``done``."""
    if version not in done["signatures"]:
        metric, nrefs = done["signature_call"]
        done["signatures"][version] = (
            subject.signature(metric, nrefs=nrefs, sacrebleu_version=version),
            subject.signature(metric, nrefs=nrefs, short=True, sacrebleu_version=version))
    return done["signatures"][version]


def _input_key(case: dict) -> str:
    """The part of ``case`` that its computation reads (the goldens and the live oracles
    hold the same inputs: verify computes each once per subject)."""
    return json.dumps([case.get(k) for k in ("metric", "options", "hyps", "refs", "level", "line", "tokenizer")]
                      + ["signature" in case], sort_keys=True, ensure_ascii=False, default=repr)


def compare_case(subject, case: dict, memo: dict | None = None) -> Outcome:
    """Compute ``case`` with the ``subject`` module and compare with its expected values.
    ``memo`` (one dict per subject): computations already done for the same input, reused
    (the comparison is made against each case's own expected values)."""
    try:
        if "expected_error" in case:  # the spec itself failed on the generated corpus
            return Outcome(error=f"the spec raised {case['expected_error']}")
        if memo is None:
            done = _computed(subject, case)
        else:
            key = _input_key(case)
            if key not in memo:
                try:
                    memo[key] = _computed(subject, case)
                except Exception as exc:  # remembered: the twin case fails the same way
                    memo[key] = exc
            done = memo[key]
            if isinstance(done, Exception):
                raise done
        if "output" in done:
            return Outcome(stats_equal=done["output"] == case["output"])
        score_diff = max(_score_diff(case["score"], score) for score in done["scores"])
        rows = done["rows"]
        stats_equal = rows == case["sentence_stats"]
        if "corpus_stats" in case:
            summed = [sum(column) for column in zip(*rows)]
            stats_equal = stats_equal and summed == case["corpus_stats"]
        signature_equal = True
        if "signature" in case:
            signature_equal = (_signatures(subject, done, case.get("sacrebleu_version"))
                               == (case["signature"], case["signature_short"]))
        return Outcome(stats_equal=stats_equal, signature_equal=signature_equal, score_diff=score_diff)
    except Exception as exc:  # a crash is a mismatch, reported with its message
        return Outcome(error=f"{type(exc).__name__}: {exc}")


def _missing_data(case: dict) -> str:
    """Why ``case`` cannot be computed on this machine ("" when it can): its metric's
    ``missing_data`` for its options (nltk's METEOR with synonyms and no WordNet; BLEU with
    a MeCab tokenizer and no MeCab). A tokenizer case asks BLEU about its tokenizer."""
    if case.get("metric") == "tokenizers":
        return verify_hooks(get_metric("bleu")).missing_data({"tokenize": case.get("tokenizer")})
    if case.get("metric") in (None, "hand"):
        return ""
    try:
        definition = get_metric(case["metric"])
    except ValueError:
        return ""
    return verify_hooks(definition).missing_data(dict(case.get("options", {})))


def _numpy_path(case: dict) -> bool:
    """Whether the case's metric has an impl path of its own without the compiled kernels
    (``bleuprint.verify_hooks.numpy_path``; True for the shared fixtures' cases)."""
    try:
        return verify_hooks(get_metric(case.get("metric") or "")).numpy_path
    except ValueError:
        return True


def _collect(rows: dict, subject_name: str, subject, cases, oracle: str, skipped: dict | None = None,
             memo: dict | None = None) -> None:
    """Compare every case; a case whose data is missing here is left out and counted in
    ``skipped`` (reason -> cases) instead."""
    for case in cases:
        reason = _missing_data(case)
        if not reason and subject_name == "impl-numpy" and not _numpy_path(case):
            reason = ("impl-numpy left out: without its compiled kernel impl computes the spec's "
                      "rows, so it would be compared with itself")
        if reason:
            if skipped is not None:
                skipped[(case["metric"], reason)] = skipped.get((case["metric"], reason), 0) + 1
            continue
        metric = case["metric"]
        family = case.get("family", "")
        key = (subject_name, metric, family, oracle)
        row = rows.setdefault(key, Row(subject_name, metric, family, oracle))
        outcome = compare_case(subject, case, memo)
        row.cases += 1
        row.equal += outcome.equal
        if outcome.score_diff > row.max_diff:
            row.max_diff = outcome.score_diff
        row.stats_mismatches += not outcome.stats_equal
        row.signature_mismatches += not outcome.signature_equal
        if not outcome.equal:
            row.failures.append(f"{case.get('id', '?')}: {outcome.error or 'differs'}")


#: The shared fixtures compared case by case here, besides each metric's golden (the
#: intervals fixture has its own comparison).
SHARED_CASE_FIXTURES = ("tokenizers", "mecab")


def _metrics() -> list:
    """The registered metrics, in registration order."""
    return [get_metric(name) for name in metric_names()]


def case_fixtures(metrics=None) -> tuple[str, ...]:
    """The fixtures compared case by case: each registered metric's golden, then the
    shared ones (BLEU's tokenizers and MeCab); ``metrics``: those of these metrics only."""
    chosen = [d for d in _metrics() if metrics is None or d.name in metrics]
    shared = SHARED_CASE_FIXTURES if metrics is None or "bleu" in metrics else ()
    return tuple(oracle_hooks(definition).golden for definition in chosen if oracle_hooks(definition).golden) + shared


def wanted(case: dict, metrics) -> bool:
    """Whether ``case`` belongs to ``metrics`` (None: every metric); a tokenizer case is
    BLEU's."""
    if metrics is None:
        return True
    metric = case.get("metric")
    return (metric == "tokenizers" and "bleu" in metrics) or metric in metrics


def golden_cases(metrics=None) -> dict[str, list[dict]]:
    """The shipped fixtures (no sacreBLEU needed); ``metrics``: their cases of these
    metrics only."""
    from .oracles.goldens import golden_names, load_goldens

    stored = golden_names()
    documents = {name: load_goldens(name) for name in case_fixtures(metrics) if name in stored}
    found = {name: _tag(document["cases"], name, document["versions"].get("sacrebleu"))
             for name, document in documents.items()}
    return {name: [case for case in cases if wanted(case, metrics)] for name, cases in found.items()}


def _tag(cases: list[dict], metric: str, sacrebleu_version: str | None = None) -> list[dict]:
    """Each case with its metric, and the sacreBLEU version its expected signature was made
    with (the golden's recorded one, or the installed one for a live case), which the
    subject's signature is then asked for."""
    for case in cases:
        case.setdefault("metric", metric)
        if sacrebleu_version is not None and "signature" in case:
            case.setdefault("sacrebleu_version", sacrebleu_version)
    return cases


def live_cases(ted_systems: int | None, metrics=None) -> tuple[dict[str, list[dict]], str]:
    """Cases scored by the oracles now: the fixture builders, and ted-ende when present; a
    fixture whose oracle is missing (or another version) is skipped, and the note says so.
    ``metrics``: the fixtures and ted-ende configurations of these metrics only.

    Returns the cases by fixture and a note (empty, or why something was skipped)."""
    try:
        from .oracles.sacrebleu_oracle import require_sacrebleu

        installed = require_sacrebleu().__version__
        # sacreBLEU logs advice (e.g. effective order at sentence level) that is noise here.
        logging.getLogger("sacrebleu").setLevel(logging.ERROR)
    except (ImportError, RuntimeError) as exc:
        return {}, f"live sacreBLEU skipped: {exc}"
    from .oracles.generate import builders

    modules = builders()
    found, skipped = {}, []
    for name in case_fixtures(metrics):
        try:
            cases = _tag(importlib.import_module(modules[name]).build_cases(), name, installed)
        except (ImportError, RuntimeError) as exc:  # that metric's oracle is missing or another version
            skipped.append(f"live {name} skipped: {exc}")
            continue
        found[name] = [case for case in cases if wanted(case, metrics)]
    if TED_PATH.is_file():
        found["ted-ende"] = _tag(ted_cases(ted_systems, skipped, metrics), "ted-ende", installed)
    else:
        skipped.append(f"real corpus not found at {TED_PATH}: ted-ende rows skipped")
    return found, "; ".join(skipped)


def ted_cases(n_systems: int | None, skipped: list | None = None, metrics=None) -> list[dict]:
    """ted-ende systems scored by the metrics' oracles: each metric on its
    ``real_corpus_configurations()`` (corpus BLEU with every tokenizer, chrF, chrF++ and
    the word-only chrF, ROUGE), through its corpus adapter (``bleuprint.oracles.hooks.corpus_oracle``). A
    metric whose oracle is missing (or another version) is left out, with the reason
    appended to ``skipped``."""
    from .oracles.cases_common import corpus_oracle

    data = json.loads(TED_PATH.read_text(encoding="utf-8"))
    refs = [list(segment) for segment in zip(*data["references"])]
    systems = sorted(data["systems"].items())[: n_systems or None]
    configurations = [(definition.name, corpus_oracle(definition.name), options, f"ted-ende {label}")
                      for definition in _metrics() if metrics is None or definition.name in metrics
                      for options, label in verify_hooks(definition).real_corpus_configurations()]
    cases, missing = [], set()
    for name, hyps in systems:
        for metric, oracle, options, family in configurations:
            if metric in missing:
                continue
            try:
                result = oracle(hyps, refs, **options)
            except (ImportError, RuntimeError) as exc:
                missing.add(metric)
                if skipped is not None:
                    skipped.append(f"live ted-ende {metric} skipped: {exc}")
                continue
            cases.append({
                "id": f"ted-ende/{name}/{family}", "metric": metric, "family": family, "options": options,
                "hyps": hyps, "refs": refs, "sentence_stats": result.sentence_stats,
                "corpus_stats": result.corpus_stats, "score": result.score,
                **({"signature": result.signature, "signature_short": result.signature_short}
                   if result.signature else {}),  # an oracle without a signature (rouge-score) checks none
            })
    return cases


def generated_configurations(metric: str) -> list[tuple[dict, str]]:
    """``(options, family)`` of ``metric``'s ``verify_configurations()``, the family named
    ``generated <label>``."""
    return [(options, f"generated {label}") for options, label in verify_hooks(get_metric(metric)).verify_configurations()]


def metric_generated_cases(metric: str, seed: int = GENERATED_SEED,
                           per_configuration: int = GENERATED_PER_CONFIGURATION) -> list[dict]:
    """``metric``'s seeded random corpora (its ``generated_corpus``), ``per_configuration``
    for each of its configurations (case ``k`` to configuration ``k`` modulo their number),
    with the spec's results as the expected values: the oracle for impl against spec.

    The corpora come from the metric's own ``random.Random("SEED/NAME")`` (a string seed is
    hashed by SHA-512, the same in every Python, unlike ``hash()``), so they depend on the
    metric's name, configurations and corpus generator alone: registering another metric,
    or verifying this one with others, changes none of them. A corpus the spec fails on is
    a case that fails, with the spec's error."""
    import random

    from . import spec
    from .spec.signature import signed_metrics

    definition = get_metric(metric)
    configurations = generated_configurations(metric)
    signed = metric in signed_metrics()
    rng = random.Random(f"{seed}/{metric}")
    cases = []
    for k in range(per_configuration * len(configurations)):
        options, family = configurations[k % len(configurations)]
        hyps, refs = verify_hooks(definition).generated_corpus(rng)
        case = {"id": f"generated/{metric}/{k}", "metric": metric, "family": family, "options": options,
                "hyps": hyps, "refs": refs}
        try:
            configured = spec.metric(metric, **options)
            rows = spec.sentence_stats(configured, hyps, refs)
            case["sentence_stats"] = _as_numbers(rows)
            case["corpus_stats"] = [sum(column) for column in zip(*case["sentence_stats"])]
            case["score"] = spec.score_from_stats(configured, rows.sum(axis=0), len(hyps))
            if signed:
                nrefs = _nrefs(refs)
                case["signature"] = spec.signature(configured, nrefs=nrefs)
                case["signature_short"] = spec.signature(configured, nrefs=nrefs, short=True)
        except Exception as exc:  # reported as the case's failure, not a traceback
            case["expected_error"] = f"{type(exc).__name__}: {exc}"
        cases.append(case)
    return cases


def generated_cases(seed: int = GENERATED_SEED, per_configuration: int = GENERATED_PER_CONFIGURATION,
                    metrics=None) -> list[dict]:
    """``metric_generated_cases`` of every registered metric (``metrics``: of these only),
    in registration order."""
    return [case for name in metric_names() if metrics is None or name in metrics
            for case in metric_generated_cases(name, seed, per_configuration)]


def run(subjects: list[str], live: bool = True, ted_systems: int | None = 1,
        only_spec: bool = False, metrics=None) -> tuple[list[Row], list[str]]:
    """Compare each subject with every oracle; returns the rows and notes. ``only_spec``:
    impl against the spec on the generated corpora alone (no hand, golden, live or
    interval rows; a second or so). ``metrics``: the cases of these metrics (registered
    names) only; None for every metric."""
    from .oracles.hand import HAND_EXAMPLES

    notes = []
    hand = [case for case in HAND_EXAMPLES if wanted(case, metrics)]
    sources = [] if only_spec else [("hand", {"hand": hand}), ("goldens", golden_cases(metrics))]
    if live and not only_spec:
        found, note = live_cases(ted_systems, metrics)
        if note:
            notes.append(note)
        if found:
            sources.append(("oracles live", found))
    generated = generated_cases(metrics=metrics) if set(subjects) - {"spec"} else []
    rows: dict = {}
    skipped: dict = {}
    for subject_name in subjects:
        subject = importlib.import_module(SUBJECTS[subject_name])
        memo: dict = {}  # one per subject: a golden and its live twin are computed once
        with _kernels_for(subject_name) as note:
            if note:
                notes.append(note)
            for oracle, groups in sources:
                for cases in groups.values():
                    _collect(rows, subject_name, subject, cases, oracle, skipped, memo)
            if subject_name != "spec":
                _collect(rows, subject_name, subject, generated, "spec", skipped, memo)
            if not only_spec:
                _interval_rows(rows, subject_name, subject, metrics)
    return list(rows.values()), notes + skipped_notes(skipped)


def skipped_notes(skipped: dict) -> list[str]:
    """One note line per reason of ``skipped`` ((metric, reason) -> cases left out), naming
    the metrics (MeCab's goldens hold BLEU and tokenizer cases: one line for both)."""
    by_reason: dict = {}
    for (metric, reason), count in skipped.items():
        metrics, total = by_reason.get(reason, ([], 0))
        by_reason[reason] = (metrics + [metric], total + count)
    return [f"{', '.join(metrics)}: {count} case computations skipped: {reason}"
            for reason, (metrics, count) in by_reason.items()]


@contextlib.contextmanager
def _kernels_for(subject_name: str):
    """impl-numpy runs with the compiled kernels switched off; yields a note saying which
    kernels the subject uses."""
    if subject_name == "spec":
        yield ""
        return
    from .impl import native

    names = [name for name, built in native.available().items() if built]
    if subject_name == "impl":
        yield f"impl: compiled kernels {', '.join(names) if names else 'none (numpy only)'}"
        return
    saved = {name: getattr(native, name) for name in native.available()}
    try:
        for name in saved:
            setattr(native, name, None)
        yield "impl-numpy: the compiled kernels switched off"
    finally:
        for name, value in saved.items():
            setattr(native, name, value)


def _interval_rows(rows: dict, subject_name: str, subject, metrics=None) -> None:
    """Bootstrap intervals and paired tests against their sacreBLEU goldens (``metrics``:
    those of these metrics only)."""
    from .oracles.cases_intervals import compare_with_goldens
    from .oracles.goldens import golden_cases as load

    cases = [case for case in load("intervals") if wanted(case, metrics)]
    if not cases:
        return
    for family_row in compare_with_goldens(subject, cases):
        row = Row(subject_name, "intervals", family_row.family, "goldens", family_row.cases, family_row.equal,
                  family_row.max_diff, failures=list(family_row.failures))
        rows[(subject_name, "intervals", family_row.family, "goldens")] = row


def mutants_row() -> Row:
    """The project's spec tests against every planted mutant: the row is equal when every
    mutant is killed; the family names the run time. Each mutant stops at its first
    killer (``bleuprint mutants run`` gives the full matrix)."""
    from .mutants.project import run_project

    matrix = run_project(first_kill=True)
    killed = sum(matrix.status(m.id) == "killed" for m in matrix.mutants)
    row = Row("spec", "mutants", f"planted mutants, killed ({matrix.seconds:.0f} s)", "own tests",
              cases=len(matrix.mutants), equal=killed,
              failures=[f"{m.id} survived: {m.fault}" for m in matrix.survivors]
              + [f"test fails on the real spec: {t}" for t in matrix.baseline_failures])
    if matrix.baseline_failures:
        row.equal = min(row.equal, row.cases - 1)
    return row


def format_table(rows: list[Row]) -> str:
    """A fixed-width table, one block per metric; the subject, family and oracle columns
    are as wide as their longest entry in the block (nothing is cut)."""
    lines = []
    for metric in dict.fromkeys(row.metric for row in rows):
        block = [r for r in rows if r.metric == metric]
        subject = max(8, *(len(r.subject) for r in block))
        family = max(6, *(len(r.family) for r in block))
        oracle = max(6, *(len(r.oracle) for r in block))
        lines.append(f"== {metric}")
        lines.append(f"{'subject':<{subject}} {'family':<{family}} {'oracle':<{oracle}} {'cases':>6} {'equal':>6} "
                     f"{'max |diff|':>11} {'stats≠':>7} {'sig≠':>5}")
        for row in block:
            mark = "" if row.ok else "  <-- MISMATCH"
            lines.append(
                f"{row.subject:<{subject}} {row.family:<{family}} {row.oracle:<{oracle}} {row.cases:>6} "
                f"{row.equal:>6} {row.max_diff:>11.1e} {row.stats_mismatches:>7} {row.signature_mismatches:>5}{mark}"
            )
        lines.append("")
    return "\n".join(lines)


if __name__ == "__main__":  # pragma: no cover
    sys.exit("run: bleuprint verify")
