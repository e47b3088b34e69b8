"""The claim of ``bleuprint reproduce``: a published number, how precise it is, and what
it says of itself (its metric, its signature, the options its name states).

The claim's precision is read from the way it is written (``27.3``: one decimal, so any
value in [27.25, 27.35] rounds to it; ``0.273``: three decimals). What is particular to a
metric is the metric's (``bleuprint.core.metric.Metric``, the reproduce hooks): the names a
published score of it goes by (``claim_prefixes``, ``score_name``, ``options_from_name``)
and how its signature reads (``options_from_signature``; the keys and their abbreviations
are those ``bleuprint.spec.signature`` prints).

The forms read (``parse_claim``):

* sacreBLEU's output: its line (``BLEU|nrefs:1|...|version:2.5.1 = 27.3 ...``, the short
  form, or a 1.x line ``BLEU+case.mixed+...+version.1.4.14 = 27.3 ...``) or its JSON;
* as papers print it: a metric's name and a number in either order, with or without
  ``=`` or ``:`` between them (``BLEU 31.6``, ``31.60 BLEU (detok, cased)``, ``BLEU:
  30.21%``, ``chrF++ 58.44``, ``ROUGE-L 0.55``), words before the name or after it
  ignored; a decimal comma (``30,21``) is a decimal point; a bare number has no metric.
  The name is matched through the registry, without case: a metric's ``claim_prefixes``,
  its name or an alias, followed by nothing, a non-letter (``BLEU-4``, ``chrF2++``) or
  what the metric's ``options_from_name`` reads (``rougeLsum``); ``BLEURT`` is none.

The scale: a number is read on its metric's scale, unless the claim says which it is on:
a ``%`` sign puts it on 0-100 (``WER 12.3%`` is 0.123), a sacreBLEU 1.x chrF or TER
signature on 0-1 (1.x printed them so). Otherwise the search tries both scales (the other
one deviation further), so ``BLEU 0.316`` finds a BLEU of 31.6 printed on the 0-1 scale as
well as one of 0.316, and ``ROUGE-L 0.55`` is taken as is. A number that no scale of the
metric can give (``BLEU = -3``, ``BLEU 130``: ``bleuprint.reproduce.hooks.claim_range`` on the metric's scale
or the other one) is refused (``check_claim_range``).

The signature: read long or short, 2.x or 1.x (``bleuprint.reproduce.sacrebleu1``: mapped
to the 2.x fields, the version kept); a field the metric does not have, or a value it does
not print, gets a warning naming the nearest valid one and what it is read as (the nearest,
when one is close; else the field is left out); the claim keeps the signature as written
(``signature_text``) to be shown as the claimed one.
"""

from __future__ import annotations

import difflib
import functools
import json
import re
from dataclasses import dataclass, field

from ..core import Metric, get_metric, metric_aliases, metric_names
from ..spec.signature import signature as sacrebleu_signature
from ..spec.signature import signed_metrics
from .sacrebleu1 import is_v1_signature, read_v1_signature
from .hooks import reproduce_hooks
from ..spec.signature import signature_hooks
from ..core.options import option_defaults, option_names

#: The keys every sacreBLEU signature may have beside the metric's own (the number of
#: references, the version, a bootstrap's or a paired test's, and the data's, which 2.x
#: never sets), short or long -> long.
_COMMON_KEYS = {"#": "nrefs", "nrefs": "nrefs", "v": "version", "version": "version", "bs": "bs", "ar": "ar",
                "rs": "seed", "seed": "seed", "t": "test", "test": "test", "l": "lang", "lang": "lang",
                "o": "origlang", "origlang": "origlang", "S": "subset", "subset": "subset"}


@dataclass(frozen=True)
class Claim:
    """A published number: its text, value and decimals, and what it says of itself."""

    text: str
    value: float
    decimals: int
    metric: str | None = None  # a registered metric's name
    #: The signature's fields as read (long key -> value): what the claim is recomputed under.
    signature: dict | None = None
    #: The options the score's name states (chrF2++: beta 2, word_order 2).
    name_options: dict = field(default_factory=dict)
    #: The claim's name and signature as written, for the metric's ``search_space``.
    hint: str = ""
    #: The scale the number is written on when the claim says it (a ``%`` sign: 100; a
    #: sacreBLEU 1.x chrF or TER signature: 1); None: the metric's own (module doc).
    scale: int | None = None
    #: The signature exactly as written (shown as the claimed signature, never corrected).
    signature_text: str | None = None
    #: What reading the claim noted (a 1.x signature's 2.x reading), and what it could not
    #: read as written (an unknown signature field or value, and what it was read as).
    notes: tuple = ()
    warnings: tuple = ()

    @property
    def half_unit(self) -> float:
        return 0.5 * 10.0 ** (-self.decimals)

    def matched_by(self, value: float) -> bool:
        """Does ``value`` round to the claim at its precision (either rounding of a tie)?"""
        return abs(value - self.value) <= self.half_unit * (1 + 1e-9)

    def on_claim_scale(self, value: float, metric_scale: int) -> float:
        """``value``, a score on ``metric_scale``, on the scale the claim is written on."""
        return value if self.scale is None else value * self.scale / metric_scale

    def __getattr__(self, name: str):
        """An option the score's name states, by the option's name (``claim.beta`` of
        chrF2++ is 2); None for an option of a registered metric that it does not state."""
        if name.startswith("_"):
            raise AttributeError(name)
        stated = self.__dict__.get("name_options") or {}
        if name in stated:
            return stated[name]
        if any(name in option_names(get_metric(key)) for key in metric_names()):
            return None
        raise AttributeError(f"{type(self).__name__!r} object has no attribute {name!r}")


def _metric_of_name(name: str) -> str | None:
    """The registered metric that a published score's name (``BLEU``, ``chrF2++``,
    ``ROUGE-L``) is of: the one with the longest of its ``claim_prefixes``, name or aliases
    that the name begins with, without case, followed by nothing, a non-letter or what the
    metric's ``options_from_name`` reads (the first registered on a tie); None if none."""
    name = name.strip()
    lowered = name.lower()
    found, longest = None, 0
    for key in metric_names():
        metric = get_metric(key)
        for prefix in (*reproduce_hooks(metric).claim_prefixes, metric.name, *metric_aliases(key)):
            prefix = prefix.lower()
            if len(prefix) <= longest or not lowered.startswith(prefix):
                continue
            rest = lowered[len(prefix):]
            if rest[:1].isalpha() and not reproduce_hooks(metric).options_from_name(name):
                continue  # BLEURT is not BLEU
            found, longest = key, len(prefix)
    return found


def known_names() -> str:
    """The names ``_metric_of_name`` reads, one per metric (its ``claim_prefixes``, else its
    registry name), for a message."""
    names = []
    for key in metric_names():
        metric = get_metric(key)
        names += [name for name in (reproduce_hooks(metric).claim_prefixes or (metric.name,)) if name not in names]
    return ", ".join(names)


def _signature_keys(metric: Metric) -> dict:
    """The metric's own signature keys, short or long -> long, as
    ``bleuprint.spec.signature`` prints them (the long and the short form of its default
    signature, key for key)."""
    long = [key for key, _ in signature_hooks(metric).signature_fields(**option_defaults(metric))]
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
        options, _ = reproduce_hooks(metric).options_from_signature(fields, {})
        printed = dict(signature_hooks(metric).signature_fields(**{**option_defaults(metric), **options}))
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


@dataclass
class SignatureReading:
    """A signature read: the metric it is of (None: not said), its fields by long key, the
    scale of the score it signed when it says (a 1.x chrF or TER: 1), the name it carries
    (a 1.x ``chrF2``), notes and warnings."""

    metric: str | None
    fields: dict
    scale: int | None = None
    name: str | None = None
    notes: list = field(default_factory=list)
    warnings: list = field(default_factory=list)


def read_signature(text: str, metric: str | None = None) -> SignatureReading:
    """A sacreBLEU signature, 2.x (long or short form, with or without a leading metric
    name) or 1.x (``bleuprint.reproduce.sacrebleu1``): the metric the text names, else the
    one its keys are of (``_metric_of_fields``); the keys are read as that metric's, else as
    ``metric``'s (the claim's). Values are not checked here (``check_fields``)."""
    text = text.strip()
    if is_v1_signature(text):
        v1 = read_v1_signature(text)
        return SignatureReading(v1.metric, v1.fields, v1.scale, v1.name, list(v1.notes), list(v1.warnings))
    named = None
    pairs = []
    for part in text.split("|"):
        if ":" not in part:
            named = _metric_of_name(part.strip()) or named
            continue
        key, value = part.split(":", 1)
        pairs.append((key.strip(), value.strip()))
    found = named or _metric_of_fields(pairs)
    return SignatureReading(found, _long_fields(pairs, found or metric))


def parse_signature(text: str, metric: str | None = None) -> tuple[str | None, dict]:
    """``read_signature``'s metric and fields."""
    reading = read_signature(text, metric)
    return reading.metric, reading.fields


@functools.lru_cache(maxsize=None)
def _printed_values(metric_name: str) -> dict:
    """Every value ``metric_name``'s signature prints for each of its keys, over its search
    space, its defaults and each choice of each option: the values a field may take."""
    metric = get_metric(metric_name)
    settings = [{}, *reproduce_hooks(metric).search_space("")]
    for option in metric.options:
        settings += [{option.name: choice} for choice in (getattr(option, "choices", None) or ())]
    values: dict = {}
    for options in settings:
        try:
            fields = signature_hooks(metric).signature_fields(**{**option_defaults(metric), **options}) or []
        except (TypeError, ValueError, KeyError, ImportError, OSError):
            continue  # a tokenizer whose package is missing prints no signature here
        for key, value in fields:
            values.setdefault(key, set()).add(value)
    return {key: sorted(found) for key, found in values.items()}


def _printed(metric: Metric, fields: dict, stated: dict) -> dict:
    """The signature fields ``metric`` prints for what it reads in ``fields``."""
    options, _ = reproduce_hooks(metric).options_from_signature(fields, stated)
    return dict(signature_hooks(metric).signature_fields(**{**option_defaults(metric), **options}) or [])


def _title(metric: Metric) -> str:
    """The metric as a message names it: its first claim prefix (``BLEU``), else its name."""
    return (reproduce_hooks(metric).claim_prefixes or (metric.name,))[0]


def _nearest(word: str, choices) -> str | None:
    near = difflib.get_close_matches(word, list(choices), n=1, cutoff=0.6)
    return near[0] if near else None


def check_fields(metric_name: str | None, fields: dict, stated: dict) -> tuple[dict, list]:
    """``fields`` (long key -> value as written) as ``metric_name`` reads them, and a
    one-line warning for each field it does not have or value it does not print: the
    nearest valid one, and what it is read as (the nearest when it is close, else the field
    is left out: the metric's default). A metric without a sacreBLEU-style signature has
    its option names for keys; its values are not checked."""
    if metric_name is None:
        return dict(fields), []
    metric = get_metric(metric_name)
    signed = metric_name in signed_metrics()
    own = set(_signature_keys(metric).values()) if signed else set(option_names(metric))
    valid = own | set(_COMMON_KEYS.values())
    title = _title(metric)
    read, warnings = {}, []
    for key, value in fields.items():
        if key in valid:
            read[key] = value
            continue
        near = _nearest(key, sorted(valid))
        if near and near not in fields:
            read[near] = value
            warnings.append(f"the signature's field {key}:{value} is not one of {title}'s (nearest: {near}); "
                            f"read as {near}:{value}")
        else:
            warnings.append(f"the signature's field {key}:{value} is not one of {title}'s (its fields: "
                            f"{', '.join(sorted(valid))}); left out")
    if not signed:
        return read, warnings
    values = _printed_values(metric_name)
    keys = [key for key in read if key in own]
    order = list(read)  # the fields are returned in the order written
    common = {key: value for key, value in read.items() if key not in own}
    read = {key: value for key, value in read.items() if key in own}  # the common keys are not options

    def wrong(candidate: dict) -> list:
        """The keys whose value ``metric`` does not print back (all at once, else alone)."""
        try:
            printed = _printed(metric, candidate, stated)
            return [key for key in keys if key in candidate and printed.get(key) != candidate[key]]
        except (TypeError, ValueError, KeyError):
            out = []
            for key in keys:
                try:
                    ok = _printed(metric, {key: candidate[key]}, stated).get(key) == candidate[key]
                except (TypeError, ValueError, KeyError):
                    ok = False
                out += [] if ok else [key]
            return out

    bad = wrong(read)
    corrected = dict(read)
    nearest = {}
    for key in bad:
        choices = set(values.get(key, ()))
        try:  # what the metric reads the value as (floor[0.2] prints floor[0.20]) is a choice too
            choices.add(_printed(metric, {key: read[key]}, stated)[key])
        except (TypeError, ValueError, KeyError):
            pass
        near = _nearest(read[key], sorted(choices))
        nearest[key] = near
        if near is not None and near != read[key]:
            corrected[key] = near
        else:
            corrected.pop(key)
    try:
        printed = _printed(metric, corrected, stated)
    except (TypeError, ValueError, KeyError):
        corrected = {key: value for key, value in corrected.items() if key not in bad}
        try:
            printed = _printed(metric, corrected, stated)
        except (TypeError, ValueError, KeyError):  # the recomputation will say what it cannot read
            return {key: {**common, **read}[key] for key in order}, warnings
    for key in bad:
        if nearest[key] == read[key]:
            shown = "a value it prints, but not with the other fields"
        elif nearest[key]:
            shown = f"nearest: {key}:{nearest[key]}"
        else:
            shown = f"its values: {', '.join(values.get(key, ())) or '-'}"
        warnings.append(f"the signature's {key}:{read[key]} is not a value {title} prints for {key} ({shown}); "
                        f"read as {key}:{printed.get(key, '-')}")
    merged = {**common, **corrected}
    return {key: merged[key] for key in order if key in merged}, warnings


def _ranges(claim: Claim, metric: Metric) -> list[tuple]:
    """The intervals a claim's number of ``metric`` may lie in: the metric's range on the
    scale the claim states, else on the metric's scale and on the other one (0-1 for a
    0-100 metric, x100 for the others, as the search tries them)."""
    low, high = reproduce_hooks(metric).claim_range()
    if claim.scale is not None:
        factors = [claim.scale / metric.scale]
    else:
        factors = [1.0, 0.01 if metric.scale == 100 else 100.0]
    return [(low * f, None if high is None else high * f) for f in factors]


def _describe_range(metric: Metric, claim: Claim) -> str:
    parts = []
    for low, high in _ranges(claim, metric):
        part = f"{low:g} to {high:g}" if high is not None else f"at least {low:g}"
        if part not in parts:
            parts.append(part)
    return f"{_title(metric)} is {' or '.join(parts)}"


def check_claim_range(claim: Claim, metrics) -> None:
    """ValueError when the claim's number is outside the range of every metric of
    ``metrics`` (registered names) on every scale tried (``_ranges``): such a claim is
    refused, never searched."""
    chosen = [get_metric(name) for name in metrics]
    for metric in chosen:
        for low, high in _ranges(claim, metric):
            if low <= claim.value and (high is None or claim.value <= high):
                return
    if len(chosen) <= 3:
        ranges = "; ".join(_describe_range(metric, claim) for metric in chosen)
    else:
        ranges = f"of any registered metric: none is below {min(_ranges(claim, m)[0][0] for m in chosen):g}"
    raise ValueError(f"the claim {claim.text!r} is out of range: {claim.value:g} is no score ({ranges})")


#: A number as papers print it: a sign (``-``, or a minus sign), a decimal point or comma.
_NUMBER = r"[-+\u2212]?(?:\d+(?:[.,]\d+)?|[.,]\d+)"
_NUMBER_FIRST = re.compile(rf"(?P<number>{_NUMBER})(?P<percent>\s?%)?(?:\s+(?P<words>.*))?", re.S)
_AFTER_EQUALS = re.compile(rf"\s*(?P<number>{_NUMBER})(?P<percent>\s?%)?(?P<rest>[\s,;(].*)?", re.S)
_NAME_FIRST = re.compile(rf"(?P<head>.*?\S)\s*(?:[=:]\s*|\s+)(?P<number>{_NUMBER})(?P<percent>\s?%)?"
                         rf"(?P<rest>[\s,;(].*)?", re.S)
_V1_HEAD = re.compile(r"(?P<name>[A-Za-z][\w-]*?\+*)\+[A-Za-z#]+\..*", re.S)


def _name_and_signature(text: str, part: str) -> tuple[str | None, str | None]:
    """The score's name and the signature written with it in ``part`` (the words around
    the number): ``NAME|signature``, a 1.x ``NAME+key.value+...``, or words of which the
    first that names a metric is the name (the others are ignored). ValueError naming the
    known names when there are words and none names a metric."""
    part = part.strip()
    if not part:
        return None, None
    if "|" in part:
        name, signature = part.split("|", 1)
        return name.strip(), signature
    match = _V1_HEAD.fullmatch(part)
    if match and is_v1_signature(part):
        return match.group("name"), part
    words = re.findall(r"[^\s()\[\]{},;:=]+", part)
    for word in words:
        if _metric_of_name(word):
            return word, None
    if words:
        raise ValueError(f"cannot read a metric name in the claim {text!r} ({words[0]!r} names no registered metric; "
                         f"known, in any case and with an order, beta or type as in chrF2++, ROUGE-L: "
                         f"{known_names()})")
    return None, None


def _read_number(number: str) -> tuple[float, int]:
    """The value and decimals of a number as written (a decimal comma is a point)."""
    number = number.replace("\u2212", "-").replace(",", ".")
    if number.lstrip("+-").startswith("."):
        number = number.replace(".", "0.", 1)
    decimals = len(number.split(".")[1]) if "." in number else 0
    return float(number), decimals


def parse_claim(text: str, signature: str | None = None, metric: str | None = None) -> Claim:
    """The claim from a number (``27.3``), a sacreBLEU line (``BLEU|nrefs:1|... = 27.3 ...``
    or ``chrF2++ = 61.2``; 1.x: ``BLEU+case.mixed+... = 27.3``), sacreBLEU's JSON, or a
    name and a number as printed in papers (module doc); ``signature`` and ``metric`` may
    add to it. ValueError for what it cannot read, a name of no registered metric, or a
    number out of the metric's range."""
    text = text.strip()
    name = None
    sig_text = signature
    percent = False
    if text.startswith("{"):
        try:
            data = json.loads(text)
        except json.JSONDecodeError as exc:
            raise ValueError(f"cannot read the claim {text!r} as sacreBLEU's JSON: {exc.msg}") from None
        if not isinstance(data, dict) or "score" not in data:
            raise ValueError(f"cannot read a score in {text!r}: sacreBLEU's JSON has a \"score\" field")
        name, number = data.get("name"), str(data["score"])
        if not re.fullmatch(_NUMBER, number):
            raise ValueError(f"cannot read a score in {text!r}: expected a number such as 27.3")
        sig_text = sig_text or data.get("signature")
    else:
        if "=" in text:  # what is before the first "=" names the score (a signature may end in ":2")
            head, tail = text.split("=", 1)
            match = _AFTER_EQUALS.fullmatch(tail)
            part = head
        else:
            match = _NUMBER_FIRST.fullmatch(text) or _NAME_FIRST.fullmatch(text)
            part = match and (match.group("words") if "words" in match.re.groupindex else match.group("head"))
        if not match:
            raise ValueError(f"cannot read a score in {text!r}: expected a number such as 27.3, with or without a "
                             "metric's name (BLEU 27.3, 27.3 BLEU, BLEU = 27.3, BLEU: 27.3%)")
        number, percent = match.group("number"), bool(match.group("percent"))
        name, written = _name_and_signature(text, part or "")
        sig_text = sig_text or written
    value, decimals = _read_number(number)
    named_metric = _metric_of_name(name) if name else None
    reading = read_signature(sig_text, metric or named_metric) if sig_text else None
    found_metric = reading.metric if reading else None
    if named_metric and found_metric and named_metric != found_metric:
        raise ValueError(f"the claim names {name.strip()!r} ({named_metric}) but its signature is {found_metric}'s: "
                         f"{sig_text!r}")
    if name is None and reading is not None and reading.name:
        name = reading.name  # a 1.x signature's chrF2
    metric = metric or named_metric or found_metric
    name_options = reproduce_hooks(get_metric(metric)).options_from_name(name.strip()) if name and metric else {}
    fields, warnings = (None, [])
    notes = []
    if reading is not None:
        fields, warnings = check_fields(metric, reading.fields, name_options)
        warnings = reading.warnings + warnings
        notes = reading.notes
    scale = 100 if percent else (reading.scale if reading else None)
    hint = "|".join(part.strip() for part in (name, sig_text) if part)
    claim = Claim(text, value, decimals, metric, fields, name_options, hint, scale,
                  sig_text.strip() if sig_text else None, tuple(notes), tuple(warnings))
    check_claim_range(claim, [metric] if metric else metric_names())
    return claim
