"""``bleuprint reproduce``: audit a published score.

Given hypotheses, references and a claimed score (a number, optionally with a sacreBLEU
signature or a whole sacreBLEU output line), this

1. reads the claim's precision from the way it is written (``27.3``: one decimal, so any
   value in [27.25, 27.35] rounds to it; ``0.273``: three decimals);
2. if a signature is given, recomputes the score under it with all the references and
   says whether the claim holds at that precision;
3. searches the configuration space of the metric and lists the configurations whose
   score rounds to the claim, nearest first, each with its full sacreBLEU signature and
   what the signature does not show (the references used, the scale, corpus score or mean
   of sentence scores, BLEU's maximum order).

Every metric is reached through the registry (``bleuprint.core``), and what is particular
to one lives with it (``bleuprint.core.metric.Metric``, the reproduce hooks): the names a
published score of it goes by (``claim_prefixes``, ``score_name``, ``options_from_name``),
how its signature reads (``options_from_signature``; the keys and their abbreviations are
those ``bleuprint.spec.signature`` prints), its search space (``search_space``, cut to the
corpus by ``fit_search_space``), and how the search computes it once
(``search_statistics``, ``combine_reference_rows``, ``search_batches``).

The space searched (all with ``bleuprint.impl``):

* every metric: the reference subsets (module function ``reference_subsets``: every
  non-empty subset for up to 4 reference files, else all, each one alone and each
  all-but-one), the metric's scale and the other one (0-100 and 0-1), the corpus score
  and the mean of sentence scores (but for a ``MEAN`` metric, whose corpus score is that
  mean);
* each metric's ``search_space``: for BLEU tokenizer x case x smoothing x effective order
  x maximum order 1..6; for chrF character order 1..6 x word order 0..2 x beta 1, 2, 3 x
  case x white space x eps smoothing; for TER normalisation x punctuation x case (x Asian
  support, only when the text has CJK characters: otherwise it changes nothing).

How it is computed: the configurations are taken in the metric's batches
(``search_batches``: configurations sharing their score options); each configuration's
statistics are the columns of a matrix computed once for its ``search_statistics``
options (BLEU at order 6, chrF at character order 6 and word order 2, sliced down), once
per reference subset, or once per reference when the metric combines a subset's rows from
each reference's (``combine_reference_rows``: chrF's best reference, chosen per
configuration as sacreBLEU does; TER's fewest edits and mean length); a batch is scored in
two vectorised calls of the metric's ``batch_scores`` (every subset's sentences, every
subset's sums). ``max_subsets`` caps the number of reference subsets, ``max_ter_pairs``
the work of a metric whose statistics are costly (TER: hypothesis-reference pairs x option
sets; over it, only the default TER options and those one option away are tried). The
report says what was searched and what was cut.
"""

from __future__ import annotations

import itertools
import json
import math
import re
import sys
from dataclasses import dataclass, field

import numpy as np

from .compat import backends
from .compat.metrics import compat_class
from .core import Metric, Shape, get_metric, metric_names
from .spec.signature import signature as sacrebleu_signature
from .spec.signature import signed_metrics

MAX_SUBSETS = 15
#: The bound on the work of a metric whose statistics are costly, given to every metric's
#: ``fit_search_space`` (TER cuts its option sets above it); ``--max-ter-pairs``.
MAX_TER_PAIRS = 20_000

#: The keys every sacreBLEU signature may have beside the metric's own (the number of
#: references, the version, a bootstrap's or a paired test's), short or long -> long.
_COMMON_KEYS = {"#": "nrefs", "nrefs": "nrefs", "v": "version", "version": "version", "bs": "bs", "ar": "ar",
                "rs": "seed", "seed": "seed"}


# ---------------------------------------------------------------------------- claims


@dataclass(frozen=True)
class Claim:
    """A published number: its text, value and decimals, and what it says of itself."""

    text: str
    value: float
    decimals: int
    metric: str | None = None  # a registered metric's name
    signature: dict | None = None  # long key -> value
    #: The options the score's name states (chrF2++: beta 2, word_order 2).
    name_options: dict = field(default_factory=dict)
    #: The claim's name and signature as written, for the metric's ``search_space``.
    hint: str = ""

    @property
    def half_unit(self) -> float:
        return 0.5 * 10.0 ** (-self.decimals)

    def matched_by(self, value: float) -> bool:
        """Does ``value`` round to the claim at its precision (either rounding of a tie)?"""
        return abs(value - self.value) <= self.half_unit * (1 + 1e-9)

    def __getattr__(self, name: str):
        """An option the score's name states, by the option's name (``claim.beta`` of
        chrF2++ is 2); None for an option of a registered metric that it does not state."""
        if name.startswith("_"):
            raise AttributeError(name)
        stated = self.__dict__.get("name_options") or {}
        if name in stated:
            return stated[name]
        if any(name in get_metric(key).option_names() for key in metric_names()):
            return None
        raise AttributeError(f"{type(self).__name__!r} object has no attribute {name!r}")


def _metric_of_name(name: str) -> str | None:
    """The registered metric that a published score's name (``BLEU``, ``chrF2++``) is of:
    the one with the longest of its ``claim_prefixes`` that the name begins with, without
    case (the first registered on a tie); None if none."""
    lowered = name.lower()
    found, longest = None, 0
    for key in metric_names():
        metric = get_metric(key)
        for prefix in metric.claim_prefixes or (metric.name,):
            if len(prefix) > longest and lowered.startswith(prefix.lower()):
                found, longest = key, len(prefix)
    return found


def _signature_keys(metric: Metric) -> dict:
    """The metric's own signature keys, short or long -> long, as
    ``bleuprint.spec.signature`` prints them (the long and the short form of its default
    signature, key for key)."""
    long = [key for key, _ in metric.signature_fields(**metric.defaults())]
    try:
        short = [part.split(":", 1)[0] for part in sacrebleu_signature(metric.name, short=True).split("|")[1:-1]]
    except (KeyError, ValueError):  # keys without an abbreviation
        short = long
    return {**dict(zip(short, long)), **{key: key for key in long}}


def _long_fields(pairs: list, metric: str | None) -> dict:
    """The signature's ``(key, value)`` pairs by long key, read as ``metric``'s keys (as
    written for a metric without a sacreBLEU signature); with no metric, as every signed
    metric's where they agree (an abbreviation of different keys, BLEU's and chrF's
    ``s``, is left as written)."""
    signed = signed_metrics()
    if metric in signed:
        keys = _signature_keys(get_metric(metric))
    elif metric is not None:
        keys = {}
    else:
        keys, ambiguous = {}, set()
        for name in signed:
            for key, long in _signature_keys(get_metric(name)).items():
                if keys.setdefault(key, long) != long:
                    ambiguous.add(key)
        keys = {key: long for key, long in keys.items() if key not in ambiguous}
    keys = {**_COMMON_KEYS, **keys}
    return {keys.get(key, key): value for key, value in pairs}


def _reads_back(metric: Metric, pairs: list) -> bool:
    """Whether ``metric`` reads the signature: its reading, printed again, gives the
    signature's values of its keys."""
    fields = _long_fields(pairs, metric.name)
    try:
        options, _ = metric.options_from_signature(fields, {})
        printed = dict(metric.signature_fields(**{**metric.defaults(), **options}))
    except (TypeError, ValueError):
        return False
    return all(printed[key] == value for key, value in fields.items() if key in printed)


def _metric_of_fields(pairs: list) -> str | None:
    """The signed metric whose keys the signature's are (BLEU's ``smooth``, chrF's ``nc``,
    TER's ``norm``...); where several have them all (``case``, ``tok``), the one that reads
    the values back (``tok:13a`` is BLEU's, ``tok:tercom`` TER's); None if not one."""
    signed = [get_metric(name) for name in signed_metrics()]
    keys = {metric.name: set(_signature_keys(metric)) for metric in signed}
    own = {key for key, _ in pairs if key not in _COMMON_KEYS and any(key in k for k in keys.values())}
    covering = [metric for metric in signed if own <= keys[metric.name]]
    if len(covering) > 1:
        covering = [metric for metric in covering if _reads_back(metric, pairs)]
    return covering[0].name if len(covering) == 1 else None


def parse_signature(text: str, metric: str | None = None) -> tuple[str | None, dict]:
    """A sacreBLEU signature (long or short form, with or without a leading metric name)
    as ``(metric, {long key: value})``: the metric the text names, else the one its keys
    are of (``_metric_of_fields``); the keys are read as that metric's, else as
    ``metric``'s (the claim's)."""
    named = None
    pairs = []
    for part in text.strip().split("|"):
        if ":" not in part:
            named = _metric_of_name(part.strip()) or named
            continue
        key, value = part.split(":", 1)
        pairs.append((key.strip(), value.strip()))
    found = named or _metric_of_fields(pairs)
    return found, _long_fields(pairs, found or metric)


def parse_claim(text: str, signature: str | None = None, metric: str | None = None) -> Claim:
    """The claim from a number (``27.3``), a sacreBLEU line (``BLEU|nrefs:1|... = 27.3 ...``
    or ``chrF2++ = 61.2``), or sacreBLEU's JSON; ``signature`` and ``metric`` may add to it."""
    text = text.strip()
    name = None
    sig_text = signature
    number = text
    if text.startswith("{"):
        try:
            data = json.loads(text)
        except json.JSONDecodeError as exc:
            raise ValueError(f"cannot read the claim {text!r} as sacreBLEU's JSON: {exc.msg}") from None
        if not isinstance(data, dict) or "score" not in data:
            raise ValueError(f"cannot read a score in {text!r}: sacreBLEU's JSON has a \"score\" field")
        name, number = data.get("name"), str(data["score"])
        sig_text = sig_text or data.get("signature")
    elif "=" in text:
        head, tail = text.split("=", 1)
        number = tail.split()[0] if tail.split() else ""
        head = head.strip()
        name = head.split("|", 1)[0]
        if "|" in head:
            sig_text = sig_text or head.split("|", 1)[1]
    if not re.fullmatch(r"[-+]?\d+(\.\d+)?", number):
        raise ValueError(f"cannot read a score in {text!r}: expected a number such as 27.3")
    decimals = len(number.split(".")[1]) if "." in number else 0
    named_metric = _metric_of_name(name) if name else None
    found_metric, fields = parse_signature(sig_text, metric or named_metric) if sig_text else (None, None)
    if named_metric and found_metric and named_metric != found_metric:
        raise ValueError(f"the claim names {name.strip()!r} ({named_metric}) but its signature is {found_metric}'s: "
                         f"{sig_text!r}")
    metric = metric or named_metric or found_metric
    name_options = get_metric(metric).options_from_name(name.strip()) if name and metric else {}
    hint = "|".join(part.strip() for part in (name, sig_text) if part)
    return Claim(text, float(number), decimals, metric, fields, name_options, hint)


# ---------------------------------------------------------------------------- candidates


@dataclass
class Candidate:
    """One configuration and the score it gives."""

    metric: str
    options: dict
    subset: tuple[int, ...]
    aggregate: str  # "corpus" or "sentence-mean"
    scale: int  # 100 or 1
    value: float
    signature: str = ""
    notes: list = field(default_factory=list)
    deviations: int = 0

    def describe(self, ref_names: list[str]) -> str:
        refs = "+".join(ref_names[r] for r in self.subset)
        parts = [f"refs: {refs}", "corpus score" if self.aggregate == "corpus" else "mean of sentence scores",
                 "0-100" if self.scale == 100 else "0-1 scale"]
        return "; ".join(parts + self.notes)


def reference_subsets(n_refs: int, max_subsets: int = MAX_SUBSETS) -> tuple[list[tuple[int, ...]], str]:
    """The reference subsets searched, and how they were bounded (module doc)."""
    everything = [s for k in range(n_refs, 0, -1) for s in itertools.combinations(range(n_refs), k)]
    if len(everything) <= max_subsets:
        return everything, f"all {len(everything)} non-empty subsets of the {n_refs} reference(s)"
    chosen = [tuple(range(n_refs))]
    chosen += [tuple(r for r in range(n_refs) if r != skip) for skip in range(n_refs)]
    chosen += [(r,) for r in range(n_refs)]
    chosen = list(dict.fromkeys(chosen))[:max_subsets]
    return chosen, (f"{len(chosen)} of {len(everything)} subsets (all references, all but one, each alone; "
                    f"capped at {max_subsets})")


def _segments(streams, subset) -> list[list[str]]:
    return [[streams[r][i] for r in subset] for i in range(len(streams[0]))]


def _mean(values: np.ndarray) -> float:
    return math.fsum(values.tolist()) / len(values)


def _signature_text(metric: Metric, nrefs: int, options: dict) -> str:
    """The score's name and its signature: sacreBLEU's (``bleuprint.spec.signature``) for a
    metric that has one, else ``nrefs`` and every option as ``key:value``."""
    if metric.name in signed_metrics():
        body = sacrebleu_signature(metric.name, nrefs=nrefs, **options)
    else:
        full = {**metric.defaults(), **options}
        shown = {True: "yes", False: "no"}
        body = "|".join([f"nrefs:{nrefs}"] + [f"{name}:{shown[value] if isinstance(value, bool) else value}"
                                              for name, value in full.items()])
    return f"{metric.score_name(**options)}|{body}"


def _candidates(metric: Metric, hyps: list, streams: list, subsets: list, space: list) -> list[Candidate]:
    """Every configuration of ``space`` on every reference subset, corpus score and mean of
    sentence scores (module doc: how it is computed)."""
    N = len(hyps)
    by_reference = type(metric).combine_reference_rows is not Metric.combine_reference_rows
    matrices: dict = {}

    def statistics(options: dict, refs: tuple, columns) -> np.ndarray:
        """The matrix of ``options`` against the references ``refs`` (indices), and its
        ``columns``, each computed once."""
        key = (tuple(sorted(options.items())), refs)
        if key not in matrices:
            matrices[key] = backends.IMPL.stats(metric.name, hyps, _segments(streams, refs), **options)
        if columns is None:
            return matrices[key]
        sliced = key + (tuple(columns),)
        if sliced not in matrices:
            matrices[sliced] = matrices[key][:, columns]
        return matrices[sliced]

    def subset_rows(options: dict) -> list:
        """Each subset's rows under ``options``, and their sentence scores where the
        metric has them (else None)."""
        wide, columns = metric.search_statistics(options)
        if by_reference:
            rows = [statistics(wide, (r,), columns) for r in range(len(streams))]
            return metric.combine_reference_rows(rows, subsets, options)
        return [(statistics(wide, subset, columns), None) for subset in subsets]

    signatures, texts = {}, {}

    def signature_of(options: dict, nrefs: int) -> str:
        """``_signature_text``, once for every configuration and number of references (and
        once for every signature: it depends on the metric's signature fields only)."""
        key = (id(options), nrefs)
        if key not in signatures:
            fields = metric.signature_fields(**options)
            text_key = (nrefs, metric.score_name(**options), tuple(fields) if fields is not None else key)
            if text_key not in texts:
                texts[text_key] = _signature_text(metric, nrefs, options)
            signatures[key] = texts[text_key]
        return signatures[key]

    defaults = metric.defaults()
    with_sentences = metric.shape is not Shape.MEAN  # a MEAN metric's corpus score is that mean
    out = []
    previous = None  # the last batch's rows, its sums and its sentence rows (BLEU's smoothings share them)
    for batch in metric.search_batches(space):
        score_options = metric.score_options(batch[0])
        rows = [subset_rows(options) for options in batch]
        blocks = [(options, subset, *rows[c][s]) for s, subset in enumerate(subsets) for c, options in enumerate(batch)]
        matrices_now = [matrix for _, _, matrix, _ in blocks]
        if previous and len(previous[0]) == len(matrices_now) and all(a is b for a, b in zip(previous[0], matrices_now)):
            sums, stacked = previous[1], previous[2]
        else:
            sums = np.array([backends.column_sums(matrix) for matrix in matrices_now], dtype=np.float64)
            unscored = [matrix for _, _, matrix, scores in blocks if scores is None]
            stacked = np.concatenate(unscored).astype(np.float64) if with_sentences and unscored else None
            previous = (matrices_now, sums, stacked)
        corpora = metric.batch_scores(sums, N, False, **score_options)[0]
        if with_sentences:
            if stacked is not None:
                scored = iter(np.split(metric.batch_scores(stacked, 1, False, **score_options)[0], len(stacked) // N))
            sentences = [next(scored) if scores is None else scores for _, _, _, scores in blocks]
        for k, (options, subset, _, _) in enumerate(blocks):
            notes = [f"{name}={options[name]} (not in the signature)" for name in metric.unsigned_options
                     if name in options and options[name] != defaults[name]]
            deviations = metric.search_deviations(options)
            values = [("corpus", float(corpora[k]))]
            if with_sentences:
                values.append(("sentence-mean", _mean(sentences[k])))
            for aggregate, value in values:
                out.append(Candidate(metric.name, options, subset, aggregate, metric.scale, value,
                                     signature_of(options, len(subset)), list(notes), deviations))
    return out


# ---------------------------------------------------------------------------- audit


@dataclass
class AuditReport:
    claim: Claim
    recomputed: float | None
    recomputed_signature: str | None
    holds: bool | None
    notes: list
    searched: int
    search_description: list
    matches: list
    nearest: list


def _with_scales(candidates: list[Candidate]) -> list[Candidate]:
    """Each candidate, then the same value on the other scale (0-1 for a 0-100 metric, and
    the reverse), one deviation further."""
    out = []
    for c in candidates:
        out.append(c)
        scale, value = (1, c.value / 100) if c.scale == 100 else (100, c.value * 100)
        out.append(Candidate(c.metric, c.options, c.subset, c.aggregate, scale, value, c.signature, c.notes,
                             c.deviations + 1))
    return out


def recompute_under_signature(hyps, streams, claim: Claim) -> tuple[float, str, list]:
    """The claim's metric under its signature (the metric's ``options_from_signature``),
    with every reference; notes on what the signature says that cannot be honoured (nrefs,
    version) and on what the metric assumed."""
    fields = claim.signature or {}
    notes = []
    if fields.get("version") and fields["version"] != "2.5.1":
        notes.append(f"the signature is of sacreBLEU {fields['version']}; bleuprint reproduces 2.5.1 "
                     "(BLEU, chrF and TER are unchanged from 2.0 to 2.6)")
    if fields.get("nrefs") not in (None, "var") and str(len(streams)) != fields["nrefs"]:
        notes.append(f"the signature says nrefs:{fields['nrefs']} but {len(streams)} reference file(s) were given")
    if claim.metric is None:
        raise ValueError("the signature does not say which metric it is; pass --metric")
    metric = get_metric(claim.metric)
    options, assumed = metric.options_from_signature(fields, claim.name_options)
    notes += assumed
    metric.check_option_names(options)
    for name, value in options.items():
        metric.option(name).check(value)
    sacrebleu_class = compat_class(metric)
    if sacrebleu_class is not None:  # sacreBLEU's BLEU warns about tokenized hypotheses
        sacrebleu_class.warn_about_inputs(hyps)
    matrix = backends.IMPL.stats(metric.name, hyps, _segments(streams, range(len(streams))), **options)
    score = metric.fast_score(backends.column_sums(matrix), len(hyps), **metric.score_options(options))
    return float(score), _signature_text(metric, len(streams), options), notes


def audit(hyps: list[str], streams: list[list[str]], claim: Claim, *, metrics=None, max_subsets: int = MAX_SUBSETS,
          max_ter_pairs: int = MAX_TER_PAIRS, nearest: int = 5, search: bool = True) -> AuditReport:
    """Check ``claim`` against ``hyps`` and the reference ``streams`` (module doc).

    ``metrics``: which registered metrics to search (default: the claim's metric, else
    those ``searched_by_default``, BLEU and chrF); ``max_ter_pairs``: the bound of work
    every metric's ``fit_search_space`` receives; ``search=False``: only recompute under
    the claim's signature."""
    if not hyps:
        raise ValueError("no hypotheses")
    for r, stream in enumerate(streams):
        if len(stream) != len(hyps):
            raise ValueError(f"reference {r + 1} has {len(stream)} lines but there are {len(hyps)} hypotheses")
    for name in metrics or ():
        get_metric(name)  # a ValueError naming the registered metrics for another name
    if metrics and claim.metric and claim.metric not in metrics:
        raise ValueError(f"the claim {claim.text!r} is a {claim.metric} score, but the metrics to search (-m) are "
                         f"{' '.join(metrics)}: search {claim.metric}, or give the claim without a metric name")
    recomputed = recomputed_signature = holds = None
    notes = []
    if claim.signature:
        recomputed, recomputed_signature, notes = recompute_under_signature(hyps, streams, claim)
        holds = claim.matched_by(recomputed)
    default = [name for name in metric_names() if get_metric(name).searched_by_default]
    metrics = list(metrics or ([claim.metric] if claim.metric else default)) if search else []
    subsets, subset_note = reference_subsets(len(streams), max_subsets)
    description = [f"reference subsets: {subset_note}", "scales: 0-100 and 0-1",
                   "aggregation: corpus score and mean of sentence scores"]
    candidates = []
    for name in metric_names():  # in the registry's order
        if name in metrics:
            metric = get_metric(name)
            space, note = metric.fit_search_space(metric.search_space(claim.hint), hyps, streams, max_ter_pairs)
            candidates += _candidates(metric, hyps, streams, subsets, space)
            description.append(metric.describe_search(space, note))
    candidates = _with_scales(candidates)
    order = sorted(candidates, key=lambda c: (abs(c.value - claim.value), c.deviations, len(streams) - len(c.subset)))
    if recomputed_signature is not None:
        for c in order:
            if (c.signature == recomputed_signature and c.subset == tuple(range(len(streams)))
                    and c.aggregate == "corpus" and c.scale == get_metric(c.metric).scale and not c.notes):
                c.notes.append("the claimed configuration")
    matches = [c for c in order if claim.matched_by(c.value)]
    return AuditReport(claim, recomputed, recomputed_signature, holds, notes, len(candidates), description, matches,
                       order[:nearest])


# ---------------------------------------------------------------------------- command line


def add_parser(commands) -> None:
    parser = commands.add_parser(
        "reproduce", help="audit a published score: recompute it and search the configurations that give it",
        description="Recompute a claimed score under its sacreBLEU signature and list the configurations "
                    "(tokenizer, case, smoothing, orders, references, scale, aggregation) that reproduce it.")
    parser.add_argument("refs", nargs="+", help="reference file(s), one segment per line")
    parser.add_argument("--input", "-i", required=True, help="the system output (hypotheses), one per line")
    parser.add_argument("--claim", "-c", required=True,
                        help="the published score: a number (27.3), a sacreBLEU line (BLEU|nrefs:1|... = 27.3 ...) "
                             "or sacreBLEU's JSON")
    parser.add_argument("--signature", "-S", default=None, help="the sacreBLEU signature published with the score")
    default = " and ".join(name for name in metric_names() if get_metric(name).searched_by_default)
    parser.add_argument("--metric", "-m", nargs="+", choices=metric_names(), default=None,
                        help=f"metrics to search (default: the claim's, else {default})")
    parser.add_argument("--num-refs", "-nr", type=int, default=1, help="tab-separated references per line")
    parser.add_argument("--top", type=int, default=20, help="how many reproducing configurations to list")
    parser.add_argument("--max-subsets", type=int, default=MAX_SUBSETS, help="cap on reference subsets searched")
    parser.add_argument("--max-ter-pairs", type=int, default=MAX_TER_PAIRS,
                        help="cap on TER work (pairs x option sets) before its options are cut")
    parser.add_argument("--format", "-f", choices=["text", "json"], default="text")
    parser.set_defaults(handler=main)


def _read(path: str) -> list[str]:
    with open(path, encoding="utf-8", newline="\n") as handle:
        return [line.rstrip() for line in handle]


def _fmt(value: float, claim: Claim) -> str:
    return f"{value:.{claim.decimals + 3}f}"


def render_text(report: AuditReport, ref_names: list[str], top: int) -> str:
    claim = report.claim
    lines = [f"Claim: {claim.value:.{claim.decimals}f} ({claim.decimals} decimal(s): values in "
             f"[{claim.value - claim.half_unit:.{claim.decimals + 2}f}, {claim.value + claim.half_unit:.{claim.decimals + 2}f}] "
             f"round to it)"]
    if report.recomputed is not None:
        verdict = "HOLDS" if report.holds else "DOES NOT HOLD"
        lines.append(f"Under the claimed signature: {report.recomputed_signature} = {_fmt(report.recomputed, claim)}"
                     f" -> the claim {verdict} at its precision")
    lines += [f"Note: {note}" for note in report.notes]
    lines.append(f"Searched {report.searched} configurations:")
    lines += [f"  - {item}" for item in report.search_description]
    if report.matches:
        n_groups = len(_groups(report.matches))
        lines.append(f"{len(report.matches)} configuration(s) reproduce {claim.value:.{claim.decimals}f}"
                     f" (nearest first{', first ' + str(top) + ' values' if n_groups > top else ''}):")
        shown = report.matches
    else:
        lines.append(f"No configuration reproduces {claim.value:.{claim.decimals}f}; the nearest:")
        shown = report.nearest
    for group in _groups(shown if not report.matches else report.matches)[:top]:
        c = group[0]
        lines.append(f"  {_fmt(c.value, claim)}  (off by {abs(c.value - claim.value):.{claim.decimals + 3}f})  "
                     f"{c.signature}")
        lines.append(f"      {c.describe(ref_names)}")
        if len(group) > 1:
            lines.append(f"      (the same value with {len(group) - 1} other setting(s): "
                         + ", ".join(_difference(c, other) for other in group[1:4])
                         + (", ..." if len(group) > 4 else "") + ")")
    return "\n".join(lines)


def _groups(candidates: list[Candidate]) -> list[list[Candidate]]:
    """Consecutive candidates with the same value, references, aggregation and scale."""
    groups: list[list[Candidate]] = []
    for c in candidates:
        last = groups[-1][0] if groups else None
        if (last is not None and last.value == c.value and last.subset == c.subset
                and last.aggregate == c.aggregate and last.scale == c.scale and last.metric == c.metric):
            groups[-1].append(c)
        else:
            groups.append([c])
    return groups


def _difference(first: Candidate, other: Candidate) -> str:
    a, b = first.signature.split("|"), other.signature.split("|")
    changed = [y for x, y in zip(a, b) if x != y]
    for name in get_metric(first.metric).unsigned_options:
        if first.options.get(name) != other.options.get(name):
            changed.append(f"{name}={other.options.get(name)}")
    return " ".join(changed) or "identical signature"


def render_json(report: AuditReport, ref_names: list[str], top: int) -> str:
    def row(c: Candidate) -> dict:
        return {"value": c.value, "distance": abs(c.value - report.claim.value), "signature": c.signature,
                "references": [ref_names[r] for r in c.subset], "aggregate": c.aggregate, "scale": c.scale,
                "options": c.options, "notes": c.notes}

    return json.dumps({
        "claim": report.claim.text, "value": report.claim.value, "decimals": report.claim.decimals,
        "recomputed": report.recomputed, "signature": report.recomputed_signature, "holds": report.holds,
        "notes": report.notes, "searched": report.searched, "search": report.search_description,
        "matches": [row(c) for c in report.matches[:top]], "n_matches": len(report.matches),
        "nearest": [row(c) for c in report.nearest],
    }, indent=1, ensure_ascii=False)


def run(args, stdout=None, stderr=None) -> int:
    stdout = stdout if stdout is not None else sys.stdout
    stderr = stderr if stderr is not None else sys.stderr
    try:
        from .score_cli import UsageError, read_references

        streams = read_references(args.refs, args.num_refs, "utf-8")
        hyps = _read(args.input)
        if args.num_refs > 1:
            names = [f"{args.refs[0]}[{k + 1}]" for k in range(args.num_refs)]
        else:
            names = list(args.refs)
        claim = parse_claim(args.claim, args.signature, None)
        report = audit(hyps, streams, claim, metrics=args.metric, max_subsets=args.max_subsets,
                       max_ter_pairs=args.max_ter_pairs)
    except UsageError as error:
        stderr.write(f"bleuprint: {error}\n")
        return error.status
    except (OSError, ValueError, TypeError) as error:
        stderr.write(f"bleuprint: {error}\n")
        return 2
    render = render_json if args.format == "json" else render_text
    stdout.write(render(report, names, args.top) + "\n")
    if report.holds is not None:
        return 0 if report.holds else 1
    return 0 if report.matches else 1


def main(args) -> int:
    return run(args)
