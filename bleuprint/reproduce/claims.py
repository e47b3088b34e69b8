"""The claim of ``bleuprint reproduce``: a published number, how precise it is, and what
it says of itself (its metric, its signature, the options its name states).

The claim's precision is read from the way it is written (``27.3``: one decimal, so any
value in [27.25, 27.35] rounds to it; ``0.273``: three decimals). What is particular to a
metric is the metric's (``bleuprint.core.metric.Metric``, the reproduce hooks): the names a
published score of it goes by (``claim_prefixes``, ``score_name``, ``options_from_name``)
and how its signature reads (``options_from_signature``; the keys and their abbreviations
are those ``bleuprint.spec.signature`` prints).
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass, field

from ..core import Metric, get_metric, metric_names
from ..spec.signature import signature as sacrebleu_signature
from ..spec.signature import signed_metrics

#: The keys every sacreBLEU signature may have beside the metric's own (the number of
#: references, the version, a bootstrap's or a paired test's), short or long -> long.
_COMMON_KEYS = {"#": "nrefs", "nrefs": "nrefs", "v": "version", "version": "version", "bs": "bs", "ar": "ar",
                "rs": "seed", "seed": "seed"}


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
