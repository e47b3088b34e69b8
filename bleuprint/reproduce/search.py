"""The search of ``bleuprint reproduce``: every configuration of the metric that could
have given a claim, each scored, and the audit of the claim (``audit``).

The space searched (all with ``bleuprint.impl``):

* every metric: the reference subsets (``reference_subsets``: every non-empty subset for
  up to 4 reference files, else all, each one alone and each all-but-one), the metric's
  scale and the other one (0-100 and 0-1), the corpus score and the mean of sentence
  scores (but for a ``MEAN`` metric, whose corpus score is that mean);
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

import contextlib
import itertools
import math
from dataclasses import dataclass, field

import numpy as np

from ..compat import backends
from ..compat.metrics import compat_class
from ..core import Metric, Shape, get_metric, metric_names
from ..spec.sacrebleu_versions import SUPPORTED_VERSIONS, chosen_sacrebleu_version, using_sacrebleu_version
from ..spec.signature import signature as sacrebleu_signature
from ..spec.signature import signed_metrics
from .claims import Claim
from .hooks import REPRODUCE, reproduce_hooks
from ..spec.signature import signature_hooks
from ..core.options import check_option_names, find_option, option_defaults, options_for_score

MAX_SUBSETS = 15
#: The bound on the work of a metric whose statistics are costly, given to every metric's
#: ``fit_search_space`` (TER cuts its option sets above it); ``--max-ter-pairs``.
MAX_TER_PAIRS = 20_000


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
        body = sacrebleu_signature(metric(**options), nrefs=nrefs)
    else:
        full = {**option_defaults(metric), **options}
        shown = {True: "yes", False: "no"}
        body = "|".join([f"nrefs:{nrefs}"] + [f"{name}:{shown[value] if isinstance(value, bool) else value}"
                                              for name, value in full.items()])
    return f"{reproduce_hooks(metric).score_name(**options)}|{body}"


def _candidates(metric: Metric, hyps: list, streams: list, subsets: list, space: list) -> list[Candidate]:
    """Every configuration of ``space`` on every reference subset, corpus score and mean of
    sentence scores (module doc: how it is computed)."""
    N = len(hyps)
    by_reference = "combine_reference_rows" in REPRODUCE.overrides(metric)
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
        wide, columns = reproduce_hooks(metric).search_statistics(options)
        if by_reference:
            rows = [statistics(wide, (r,), columns) for r in range(len(streams))]
            return reproduce_hooks(metric).combine_reference_rows(rows, subsets, options)
        return [(statistics(wide, subset, columns), None) for subset in subsets]

    signatures, texts = {}, {}

    def signature_of(options: dict, nrefs: int) -> str:
        """``_signature_text``, once for every configuration and number of references (and
        once for every signature: it depends on the metric's signature fields only)."""
        key = (id(options), nrefs)
        if key not in signatures:
            fields = signature_hooks(metric).signature_fields(**options)
            text_key = (nrefs, reproduce_hooks(metric).score_name(**options), tuple(fields) if fields is not None else key)
            if text_key not in texts:
                texts[text_key] = _signature_text(metric, nrefs, options)
            signatures[key] = texts[text_key]
        return signatures[key]

    defaults = option_defaults(metric)
    with_sentences = metric.shape is not Shape.MEAN  # a MEAN metric's corpus score is that mean
    out = []
    previous = None  # the last batch's rows, its sums and its sentence rows (BLEU's smoothings share them)
    for batch in reproduce_hooks(metric).search_batches(space):
        score_options = options_for_score(metric, batch[0])
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
            notes = [f"{name}={options[name]} (not in the signature)" for name in reproduce_hooks(metric).unsigned_options
                     if name in options and options[name] != defaults[name]]
            deviations = reproduce_hooks(metric).search_deviations(options)
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


def claimed_sacrebleu_version(claim: Claim) -> str | None:
    """The sacreBLEU version the claim's signature names (``version:2.6.0``, ``v:2.6.0``)
    when bleuprint reproduces it (``SUPPORTED_VERSIONS``), else None (no signature, no
    version, or another one: the default rule applies)."""
    version = (claim.signature or {}).get("version")
    return version if version in SUPPORTED_VERSIONS else None


def version_note(metric: Metric, version: str | None) -> str:
    """What the claim's signature says about the version its number is exact to, in one
    line: the sacreBLEU version bleuprint recomputes it as, or why it cannot ("" when the
    signature names no version, or the one of a metric exact to another oracle)."""
    if version is None:
        return ""
    if signature_hooks(metric).signature_version:  # exact to another oracle (rouge-score, jiwer, ...)
        if version == signature_hooks(metric).signature_version:
            return ""
        return (f"the signature names version {version}, but bleuprint's {metric.name} is exact to "
                f"{signature_hooks(metric).signature_version}: recomputed as that")
    chosen = chosen_sacrebleu_version()
    if version in SUPPORTED_VERSIONS:
        return f"the signature names sacreBLEU {version}: recomputed as sacreBLEU {version}"
    same = ("BLEU, chrF and TER compute the same numbers from 2.0 to 2.6" if version.startswith("2.")
            else "sacreBLEU before 2.0 computed some scores differently")
    return (f"the signature names sacreBLEU {version}, which bleuprint does not reproduce (it reproduces "
            f"{' and '.join(SUPPORTED_VERSIONS)}): recomputed as sacreBLEU {chosen} ({same})")


def recompute_under_signature(hyps, streams, claim: Claim) -> tuple[float, str, list]:
    """The claim's metric under its signature (the metric's ``options_from_signature``),
    with every reference; notes on what the signature says that cannot be honoured (nrefs,
    version) and on what the metric assumed."""
    fields = claim.signature or {}
    notes = []
    if fields.get("nrefs") not in (None, "var") and str(len(streams)) != fields["nrefs"]:
        notes.append(f"the signature says nrefs:{fields['nrefs']} but {len(streams)} reference file(s) were given")
    if claim.metric is None:
        raise ValueError("the signature does not say which metric it is; pass --metric")
    metric = get_metric(claim.metric)
    notes[:0] = [note for note in [version_note(metric, fields.get("version"))] if note]
    options, assumed = reproduce_hooks(metric).options_from_signature(fields, claim.name_options)
    notes += assumed
    check_option_names(metric, options)
    for name, value in options.items():
        find_option(metric, name).check(value)
    sacrebleu_class = compat_class(metric)
    if sacrebleu_class is not None:  # sacreBLEU's BLEU warns about tokenized hypotheses
        sacrebleu_class.warn_about_inputs(hyps)
    matrix = backends.IMPL.stats(metric.name, hyps, _segments(streams, range(len(streams))), **options)
    score = metric.fast_score(backends.column_sums(matrix), len(hyps), **options_for_score(metric, options))
    return float(score), _signature_text(metric, len(streams), options), notes


def audit(hyps: list[str], streams: list[list[str]], claim: Claim, *, metrics=None, max_subsets: int = MAX_SUBSETS,
          max_ter_pairs: int = MAX_TER_PAIRS, nearest: int = 5, search: bool = True) -> AuditReport:
    """Check ``claim`` against ``hyps`` and the reference ``streams`` (``bleuprint.reproduce``).

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
    claimed = claimed_sacrebleu_version(claim)  # the claim's version, if it names one bleuprint reproduces
    with using_sacrebleu_version(claimed) if claimed else contextlib.nullcontext():
        return _audit(hyps, streams, claim, metrics, max_subsets, max_ter_pairs, nearest, search)


def _audit(hyps, streams, claim, metrics, max_subsets, max_ter_pairs, nearest, search) -> AuditReport:
    """``audit`` under the sacreBLEU version the claim names (or the default)."""
    recomputed = recomputed_signature = holds = None
    notes = []
    if claim.signature:
        recomputed, recomputed_signature, notes = recompute_under_signature(hyps, streams, claim)
        # on the claim's scale where it states one (a sacreBLEU 1.x chrF: 0-1, a "%": 0-100)
        recomputed = claim.on_claim_scale(recomputed, get_metric(claim.metric).scale)
        holds = claim.matched_by(recomputed)
    default = [name for name in metric_names() if reproduce_hooks(get_metric(name)).searched_by_default]
    metrics = list(metrics or ([claim.metric] if claim.metric else default)) if search else []
    subsets, subset_note = reference_subsets(len(streams), max_subsets)
    description = [f"reference subsets: {subset_note}", "scales: 0-100 and 0-1",
                   "aggregation: corpus score and mean of sentence scores"]
    candidates = []
    for name in metric_names():  # in the registry's order
        if name in metrics:
            metric = get_metric(name)
            space, note = reproduce_hooks(metric).fit_search_space(reproduce_hooks(metric).search_space(claim.hint), hyps, streams, max_ter_pairs)
            candidates += _candidates(metric, hyps, streams, subsets, space)
            description.append(reproduce_hooks(metric).describe_search(space, note))
    candidates = _with_scales(candidates)
    order = sorted(candidates, key=lambda c: (abs(c.value - claim.value), c.deviations, len(streams) - len(c.subset)))
    claimed = []
    if recomputed_signature is not None:
        for c in order:
            if (c.signature == recomputed_signature and c.subset == tuple(range(len(streams)))
                    and c.aggregate == "corpus" and c.scale == (claim.scale or get_metric(c.metric).scale)
                    and not c.notes):
                c.notes.append("the claimed configuration")
                claimed.append(c)
    matches = [c for c in order if claim.matched_by(c.value)]
    # The claimed configuration, when it reproduces the number, comes first: a claim that
    # holds under its own signature is explained by it, however near others come.
    first = [c for c in claimed if claim.matched_by(c.value)]
    matches = first + [c for c in matches if all(c is not f for f in first)]
    return AuditReport(claim, recomputed, recomputed_signature, holds, notes, len(candidates), description, matches,
                       order[:nearest])
