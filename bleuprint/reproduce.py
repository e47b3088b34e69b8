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

The space searched (all with ``bleuprint.impl``):

* every metric: the reference subsets (module function ``reference_subsets``: every
  non-empty subset for up to 4 reference files, else all, each one alone and each
  all-but-one), the 0-100 and 0-1 scales, the corpus score and the mean of sentence
  scores;
* BLEU: tokenizer (13a, none, intl, zh, char) x case x smoothing (exp, none, floor 0.1,
  add-k 1) x effective order x maximum order 1..6;
* chrF: character order 1..6 x word order 0..2 x beta 1, 2, 3 x case x white space x eps
  smoothing;
* TER: normalisation x punctuation x case (x Asian support, only when the text has CJK
  characters: otherwise it changes nothing).

Bounds: BLEU statistics are computed once per (subset, tokenizer, case) at order 6 and
sliced for lower orders; chrF statistics once per (reference, case, white space) at
character order 6 and word order 2 and sliced (the best reference of a segment is then
chosen per configuration, as sacreBLEU does); TER statistics once per (reference, option
set) and combined per subset (fewest edits, mean length). ``max_subsets`` caps the
number of reference subsets, ``max_ter_pairs`` the TER work (hypothesis-reference pairs x
option sets; over it, only the default TER options and those one option away are tried).
The report says what was searched and what was cut.
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
from .compat.signatures import BLEUSignature, CHRFSignature, TERSignature
from .spec.tokenizers import TOKENIZERS

#: BLEU smoothings searched: (method, value as sacreBLEU's default).
BLEU_SMOOTHINGS = (("exp", None), ("none", None), ("floor", None), ("add-k", None))
BLEU_MAX_ORDERS = (1, 2, 3, 4, 5, 6)
CHRF_CHAR_ORDERS = (1, 2, 3, 4, 5, 6)
CHRF_WORD_ORDERS = (0, 1, 2)
CHRF_BETAS = (1, 2, 3)
TER_OPTIONS = ("normalized", "no_punct", "case_sensitive", "asian_support")
MAX_SUBSETS = 15
#: TER statistics come from the literal specification (about 500 pairs a second of one core),
#: so 20,000 pairs x option sets is about 40 seconds.
MAX_TER_PAIRS = 20_000

_CJK = re.compile(r"[\u2e80-\u9fff\uf900-\ufaff\ufe30-\ufe4f\uff00-\uffef]")


# ---------------------------------------------------------------------------- claims


@dataclass(frozen=True)
class Claim:
    """A published number: its text, value and decimals, and what it says of itself."""

    text: str
    value: float
    decimals: int
    metric: str | None = None  # "bleu", "chrf", "ter"
    signature: dict | None = None  # long key -> value
    beta: int | None = None  # chrF's beta, from a name like chrF1++
    word_order: int | None = None  # chrF's word order, from the +'s of the name

    @property
    def half_unit(self) -> float:
        return 0.5 * 10.0 ** (-self.decimals)

    def matched_by(self, value: float) -> bool:
        """Does ``value`` round to the claim at its precision (either rounding of a tie)?"""
        return abs(value - self.value) <= self.half_unit * (1 + 1e-9)


_SHORT_TO_LONG = {
    "#": "nrefs", "v": "version", "c": "case", "e": "eff", "tok": "tok", "s": None, "nc": "nc", "nw": "nw",
    "t": "tok", "nr": "norm", "pn": "punct", "as": "asian", "bs": "bs", "ar": "ar", "rs": "seed",
}


def parse_signature(text: str) -> tuple[str | None, dict]:
    """A sacreBLEU signature (long or short form, with or without a leading metric name)
    as ``(metric, {long key: value})``."""
    fields = {}
    metric = None
    for part in text.strip().split("|"):
        if ":" not in part:
            metric = _metric_of_name(part.strip()) or metric
            continue
        key, value = part.split(":", 1)
        key = key.strip()
        fields[key] = value.strip()
    long = {}
    for key, value in fields.items():
        if key in ("s",):  # BLEU smooth, or chrF space: decided below
            long["_s"] = value
        else:
            long[_SHORT_TO_LONG.get(key) or key] = value
    if "_s" in long:
        short_s = long.pop("_s")
        if "nc" in long or "nw" in long:
            long["space"] = short_s
        else:
            long["smooth"] = short_s
    if metric is None:
        if "smooth" in long or long.get("tok") in TOKENIZERS:
            metric = "bleu"
        elif "nc" in long or "space" in long:
            metric = "chrf"
        elif "norm" in long or "punct" in long or long.get("tok") == "tercom":
            metric = "ter"
    return metric, long


def _metric_of_name(name: str) -> str | None:
    lowered = name.lower()
    if lowered.startswith("bleu"):
        return "bleu"
    if lowered.startswith("chrf"):
        return "chrf"
    if lowered.startswith("ter"):
        return "ter"
    return None


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
    found_metric, fields = parse_signature(sig_text) if sig_text else (None, None)
    named_metric = _metric_of_name(name) if name else None
    if named_metric and found_metric and named_metric != found_metric:
        raise ValueError(f"the claim names {name.strip()!r} ({named_metric}) but its signature is {found_metric}'s: "
                         f"{sig_text!r}")
    metric = metric or named_metric or found_metric
    beta = word_order = None
    if name and metric == "chrf":
        match = re.fullmatch(r"chrF(\d+)(\+*)", name.strip())
        if match:
            beta, word_order = int(match.group(1)), len(match.group(2))
    return Claim(text, float(number), decimals, metric, fields, beta, word_order)


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


def _bleu_candidates(hyps, streams, subsets) -> list[Candidate]:
    from .impl import bleu_stats_matrix
    from .impl.intervals import score_sums

    N = len(hyps)
    keys = list(itertools.product(subsets, TOKENIZERS, (False, True)))
    full = {}
    for subset in subsets:
        segments = _segments(streams, subset)
        for tokenize, lowercase in itertools.product(TOKENIZERS, (False, True)):
            full[subset, tokenize, lowercase] = bleu_stats_matrix(hyps, segments, tokenize, lowercase=lowercase,
                                                                  max_ngram_order=6)
    out = []
    for order in BLEU_MAX_ORDERS:
        cols = [0, 1] + list(range(2, 2 + order)) + list(range(8, 8 + order))
        # every (subset, tokenizer, case): its N sentence rows, then its corpus sum (exact in float64)
        blocks = []
        for key in keys:
            matrix = full[key][:, cols]
            blocks += [matrix, matrix.sum(axis=0, dtype=np.int64)[None, :]]
        stacked = np.concatenate(blocks).astype(np.float64)
        for (method, value), eff in itertools.product(BLEU_SMOOTHINGS, (False, True)):
            scores, _ = score_sums("bleu", stacked, N, False, smooth_method=method, smooth_value=value,
                                   effective_order=eff)
            for k, (subset, tokenize, lowercase) in enumerate(keys):
                block = scores[k * (N + 1):(k + 1) * (N + 1)]
                options = dict(tokenize=tokenize, lowercase=lowercase, smooth_method=method, smooth_value=value,
                               effective_order=eff, max_ngram_order=order)
                signature = str(BLEUSignature(len(subset), lowercase=lowercase, effective_order=eff,
                                              tokenize=tokenize, smooth_method=method, smooth_value=value))
                deviations = (tokenize != "13a") + lowercase + (method != "exp") + eff + (order != 4)
                notes = [] if order == 4 else [f"max_ngram_order={order} (not in the signature)"]
                for aggregate, score in (("corpus", float(block[N])), ("sentence-mean", _mean(block[:N]))):
                    out.append(Candidate("bleu", options, subset, aggregate, 100, score, "BLEU|" + signature,
                                         list(notes), deviations))
    return out


def _chrf_candidates(hyps, streams, subsets) -> list[Candidate]:
    from .impl import chrf_stats_matrix
    from .impl.intervals import score_sums

    n_refs = len(streams)
    out = []
    for lowercase, whitespace in itertools.product((False, True), (False, True)):
        per_ref = [chrf_stats_matrix(hyps, [[line] for line in streams[r]], 6, 2, word_order=2,
                                     lowercase=lowercase, whitespace=whitespace) for r in range(n_refs)]
        for n, word_order, beta, eps in itertools.product(CHRF_CHAR_ORDERS, CHRF_WORD_ORDERS, CHRF_BETAS,
                                                          (False, True)):
            cols = list(range(3 * n)) + list(range(18, 18 + 3 * word_order))
            options = dict(n=n, beta=beta, word_order=word_order, eps_smoothing=eps)
            sliced = [m[:, cols] for m in per_ref]
            N = len(hyps)
            # one scoring call for the sentences of every reference, one for every subset's corpus
            everything = score_sums("chrf", np.concatenate(sliced).astype(np.float64), 1, False, **options)[0]
            sentence_scores = [everything[r * N:(r + 1) * N] for r in range(n_refs)]
            chosen_rows, sentence_means = [], []
            for subset in subsets:
                if len(subset) == 1:
                    chosen = sliced[subset[0]]
                    sentences = sentence_scores[subset[0]]
                else:
                    stacked = np.stack([sentence_scores[r] for r in subset])
                    best = np.argmax(stacked, axis=0)  # the first best reference, as sacreBLEU
                    rows = np.arange(N)
                    chosen = np.stack([sliced[r] for r in subset])[best, rows]
                    sentences = stacked[best, rows]
                chosen_rows.append(chosen.sum(axis=0, dtype=np.int64))
                sentence_means.append(_mean(sentences))
            corpora = score_sums("chrf", np.stack(chosen_rows).astype(np.float64), N, False, **options)[0]
            for subset, corpus, sentence_mean in zip(subsets, corpora, sentence_means):
                signature = str(CHRFSignature(len(subset), lowercase=lowercase, eps_smoothing=eps, char_order=n,
                                              word_order=word_order, whitespace=whitespace))
                name = f"chrF{beta}" + "+" * word_order
                deviations = (n != 6) + (word_order not in (0, 2)) + (beta != 2) + eps + lowercase + whitespace
                full = dict(options, lowercase=lowercase, whitespace=whitespace)
                for aggregate, score in (("corpus", float(corpus)), ("sentence-mean", sentence_mean)):
                    out.append(Candidate("chrf", full, subset, aggregate, 100, score, f"{name}|{signature}", [],
                                         deviations))
    return out


def _ter_option_sets(hyps, streams, max_pairs) -> tuple[list[dict], str]:
    text_has_cjk = any(_CJK.search(line) for line in hyps) or any(
        _CJK.search(line) for stream in streams for line in stream)
    names = TER_OPTIONS if text_has_cjk else TER_OPTIONS[:3]
    sets = [dict(zip(names, flags)) for flags in itertools.product((False, True), repeat=len(names))]
    note = "" if text_has_cjk else "asian_support not varied (no CJK characters: it would change nothing)"
    pairs = len(hyps) * len(streams) * len(sets)
    if pairs > max_pairs:
        default = dict.fromkeys(names, False)
        sets = [default] + [dict(default, **{name: True}) for name in names]
        note = (f"TER options cut to the defaults and one-option changes ({len(sets)} sets): "
                f"{pairs} hypothesis-reference pairs would exceed max_ter_pairs={max_pairs}")
    for options in sets:
        options.setdefault("asian_support", False)
    return sets, note


def _ter_candidates(hyps, streams, subsets, option_sets) -> list[Candidate]:
    out = []
    for options in option_sets:
        per_ref = [backends.IMPL.stats("ter", hyps, [[line] for line in streams[r]], **options)
                   for r in range(len(streams))]
        for subset in subsets:
            edits = np.min(np.stack([per_ref[r][:, 0] for r in subset]), axis=0)
            lengths = sum(per_ref[r][:, 1] for r in subset) / len(subset)
            corpus = backends.IMPL.score("ter", backends.column_sums(np.stack([edits, lengths], axis=1)))
            with np.errstate(divide="ignore", invalid="ignore"):
                sentences = np.where(lengths > 0, 100 * (edits / lengths), np.where(edits > 0, 100.0, 0.0))
            signature = str(TERSignature(len(subset), **options))
            deviations = sum(bool(v) for v in options.values())
            for aggregate, score in (("corpus", corpus), ("sentence-mean", _mean(sentences))):
                out.append(Candidate("ter", dict(options), subset, aggregate, 100, score, "TER|" + signature, [],
                                     deviations))
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
    out = []
    for c in candidates:
        out.append(c)
        out.append(Candidate(c.metric, c.options, c.subset, c.aggregate, 1, c.value / 100, c.signature, c.notes,
                             c.deviations + 1))
    return out


def recompute_under_signature(hyps, streams, claim: Claim) -> tuple[float, str, list]:
    """The claim's metric under its signature, with every reference; notes on what the
    signature says that cannot be honoured (nrefs, version)."""
    from .compat import metrics as compat_metrics

    fields = claim.signature or {}
    notes = []
    if fields.get("version") and fields["version"] != "2.5.1":
        notes.append(f"the signature is of sacreBLEU {fields['version']}; bleuprint reproduces 2.5.1 "
                     "(BLEU, chrF and TER are unchanged from 2.0 to 2.6)")
    if fields.get("nrefs") not in (None, "var") and str(len(streams)) != fields["nrefs"]:
        notes.append(f"the signature says nrefs:{fields['nrefs']} but {len(streams)} reference file(s) were given")
    if claim.metric == "bleu":
        smooth = fields.get("smooth", "exp")
        match = re.fullmatch(r"([a-z-]+)(?:\[([\d.]+)\])?", smooth)
        if not match:
            raise ValueError(f"cannot read the smoothing {smooth!r} of the signature")
        metric = compat_metrics.BLEU(lowercase=fields.get("case") == "lc", tokenize=fields.get("tok", "13a"),
                                     smooth_method=match.group(1),
                                     smooth_value=float(match.group(2)) if match.group(2) else None,
                                     effective_order=fields.get("eff") == "yes")
        name = "BLEU"
    elif claim.metric == "chrf":
        metric = compat_metrics.CHRF(char_order=int(fields.get("nc", 6)),
                                     word_order=int(fields.get("nw", claim.word_order or 0)),
                                     beta=claim.beta or 2, lowercase=fields.get("case") == "lc",
                                     whitespace=fields.get("space") == "yes", eps_smoothing=fields.get("eff") == "no")
        if claim.beta is None:
            notes.append("chrF's beta is not in the signature (it is in the name, e.g. chrF2); assumed 2")
        name = f"chrF{metric.beta}" + "+" * metric.word_order
    elif claim.metric == "ter":
        metric = compat_metrics.TER(normalized=fields.get("norm") == "yes", no_punct=fields.get("punct") == "no",
                                    asian_support=fields.get("asian") == "yes",
                                    case_sensitive=fields.get("case") == "mixed")
        name = "TER"
    else:
        raise ValueError("the signature does not say which metric it is; pass --metric")
    score = metric.corpus_score(hyps, streams)
    return score.score, f"{name}|{metric.get_signature()}", notes


def audit(hyps: list[str], streams: list[list[str]], claim: Claim, *, metrics=None, max_subsets: int = MAX_SUBSETS,
          max_ter_pairs: int = MAX_TER_PAIRS, nearest: int = 5, search: bool = True) -> AuditReport:
    """Check ``claim`` against ``hyps`` and the reference ``streams`` (module doc).

    ``metrics``: which metrics to search (default: the claim's metric, else BLEU and chrF);
    ``search=False``: only recompute under the claim's signature."""
    if not hyps:
        raise ValueError("no hypotheses")
    for r, stream in enumerate(streams):
        if len(stream) != len(hyps):
            raise ValueError(f"reference {r + 1} has {len(stream)} lines but there are {len(hyps)} hypotheses")
    if metrics and claim.metric and claim.metric not in metrics:
        raise ValueError(f"the claim {claim.text!r} is a {claim.metric} score, but the metrics to search (-m) are "
                         f"{' '.join(metrics)}: search {claim.metric}, or give the claim without a metric name")
    recomputed = recomputed_signature = holds = None
    notes = []
    if claim.signature:
        recomputed, recomputed_signature, notes = recompute_under_signature(hyps, streams, claim)
        holds = claim.matched_by(recomputed)
    metrics = list(metrics or ([claim.metric] if claim.metric else ["bleu", "chrf"])) if search else []
    subsets, subset_note = reference_subsets(len(streams), max_subsets)
    description = [f"reference subsets: {subset_note}", "scales: 0-100 and 0-1",
                   "aggregation: corpus score and mean of sentence scores"]
    candidates = []
    if "bleu" in metrics:
        candidates += _bleu_candidates(hyps, streams, subsets)
        description.append(f"BLEU: {len(TOKENIZERS)} tokenizers x 2 cases x {len(BLEU_SMOOTHINGS)} smoothings "
                           f"(default values) x 2 effective-order x max order {BLEU_MAX_ORDERS[0]}..{BLEU_MAX_ORDERS[-1]}")
    if "chrf" in metrics:
        candidates += _chrf_candidates(hyps, streams, subsets)
        description.append(f"chrF: character order {CHRF_CHAR_ORDERS[0]}..{CHRF_CHAR_ORDERS[-1]} x word order "
                           f"0..{CHRF_WORD_ORDERS[-1]} x beta {'/'.join(map(str, CHRF_BETAS))} x case x white space "
                           "x eps smoothing")
    if "ter" in metrics:
        option_sets, ter_note = _ter_option_sets(hyps, streams, max_ter_pairs)
        candidates += _ter_candidates(hyps, streams, subsets, option_sets)
        description.append(f"TER: {len(option_sets)} option sets" + (f" ({ter_note})" if ter_note else ""))
    candidates = _with_scales(candidates)
    order = sorted(candidates, key=lambda c: (abs(c.value - claim.value), c.deviations, len(streams) - len(c.subset)))
    if recomputed_signature is not None:
        for c in order:
            if (c.signature == recomputed_signature and c.subset == tuple(range(len(streams)))
                    and c.aggregate == "corpus" and c.scale == 100 and not c.notes):
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
    parser.add_argument("--metric", "-m", nargs="+", choices=["bleu", "chrf", "ter"], default=None,
                        help="metrics to search (default: the claim's, else bleu and chrf)")
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
    if first.options.get("max_ngram_order") != other.options.get("max_ngram_order"):
        changed.append(f"max_ngram_order={other.options.get('max_ngram_order')}")
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
