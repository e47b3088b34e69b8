"""sacreBLEU 1.x signatures, read as the 2.x fields ``bleuprint reproduce`` recomputes under.

sacreBLEU before 2.0 joined ``key.value`` pairs with ``+``, sorted by long key, after the
score's name: ``BLEU+case.mixed+numrefs.1+smooth.exp+tok.13a+version.1.4.14`` (short:
``BLEU+c.mixed+#.1+s.exp+tok.13a+v.1.4.14``). What each version printed (read in
sacreBLEU's sources: ``sacrebleu.py``'s ``bleu_signature``/``chrf_signature`` for 1.2 to
1.4.3, ``metrics/{base,bleu,chrf,ter}.py`` for 1.4.4 to 1.5.1):

* every metric: ``version`` (v), and where a test set was named ``test`` (t), ``lang``
  (l), ``origlang`` (o), ``subset`` (S): they name the data, not the computation;
* BLEU: ``case`` (c) ``mixed``/``lc``, ``numrefs`` (#), ``smooth`` (s) the method alone
  up to 1.4.x (``floor`` then meant a floor of 0.0, ``add-k`` k = 1), with its value in
  brackets from 1.5 (``floor[0.10]``), ``tok`` (tok) the tokenizer as in 2.x; there was
  no effective order in a corpus score (2.x ``eff:no``);
* chrF (name ``chrF{beta}``): ``numchars`` (n) the character order, ``space`` (s)
  ``True``/``False`` (``true``/``false`` from 1.4.4), up to 1.4.3 also ``case`` (c),
  ``numrefs`` (#) and, to 1.3, a meaningless ``tok``; no word order (2.x ``nw:0``), and
  the effective-order treatment of empty orders that 2.x keeps as its default
  (``eff:yes``); the score on the 0-1 scale;
* TER (1.4.4 to 1.5.1): ``tok`` (t from 1.5) ``tercom-{norm|nonorm}-{punct|nopunct}-
  {asian|noasian}-{cased|uncased}``; the score on the 0-1 scale (edits over reference
  length).

The numbers themselves may differ from 2.x's (sacreBLEU 2.0 changed some computations):
reproduce says which version the signature names and which it recomputes as.
"""

from __future__ import annotations

import difflib
import re
from dataclasses import dataclass, field

#: A 1.x signature: an optional name, then ``+key.value`` parts (no ``|``, no ``:``).
_PART = r"[A-Za-z#]+\.[^+\s]+"
V1_SIGNATURE = re.compile(rf"(?:(?P<name>[A-Za-z][\w-]*?\+*)\+)?(?P<body>{_PART}(?:\+{_PART})*)")

#: Every 1.x key, short or long -> long, by metric (sacreBLEU's ``_abbr`` tables).
_DATA_KEYS = {"t": "test", "test": "test", "l": "lang", "lang": "lang", "o": "origlang", "origlang": "origlang",
              "S": "subset", "subset": "subset"}
_COMMON = {"v": "version", "version": "version", **_DATA_KEYS}
KEYS = {
    "bleu": {**_COMMON, "c": "case", "case": "case", "#": "numrefs", "numrefs": "numrefs", "s": "smooth",
             "smooth": "smooth", "tok": "tok"},
    "chrf": {**_COMMON, "c": "case", "case": "case", "#": "numrefs", "numrefs": "numrefs", "n": "numchars",
             "numchars": "numchars", "s": "space", "space": "space", "tok": "tok"},
    "ter": {**_COMMON, "t": "tok", "tok": "tok"},
}
#: sacreBLEU 1.4.x's defaults of the smoothings that take a value (1.5 prints the value).
_SMOOTH_V14 = {"floor": "floor[0.00]", "add-k": "add-k[1.00]"}
_TER_TOKENS = ("tercom", ("norm", "nonorm"), ("punct", "nopunct"), ("asian", "noasian"), ("cased", "uncased"))


@dataclass
class V1Reading:
    """A 1.x signature read: the metric it is of, its fields as 2.x long keys, the scale
    of the score it signed, notes on what was read and warnings on what could not be."""

    metric: str | None
    fields: dict
    scale: int | None
    name: str | None
    notes: list = field(default_factory=list)
    warnings: list = field(default_factory=list)


def is_v1_signature(text: str) -> bool:
    """Whether ``text`` is written as a sacreBLEU 1.x signature (``+``-joined ``key.value``)."""
    return "|" not in text and ":" not in text and V1_SIGNATURE.fullmatch(text.strip()) is not None


def _metric_of(name: str | None, pairs: list) -> str | None:
    if name:
        lowered = name.lower()
        if lowered.startswith("bleu"):
            return "bleu"
        if lowered.startswith("chrf"):
            return "chrf"
        if lowered.startswith("ter"):
            return "ter"
        return None
    keys = {key for key, _ in pairs}
    values = dict(pairs)
    if keys & {"n", "numchars"} or values.get("space") or values.get("s", "").lower() in ("true", "false"):
        return "chrf"
    if any(value.startswith("tercom") for key, value in pairs if key in ("t", "tok")):
        return "ter"
    if keys & {"smooth", "s", "tok", "c", "case", "#", "numrefs"}:
        return "bleu"
    return None


def read_v1_signature(text: str) -> V1Reading:
    """The 2.x reading of a 1.x signature (module doc); ValueError when ``text`` is none."""
    match = V1_SIGNATURE.fullmatch(text.strip())
    if not match:
        raise ValueError(f"cannot read {text!r} as a sacreBLEU 1.x signature")
    name = match.group("name")
    pairs = [tuple(part.split(".", 1)) for part in match.group("body").split("+")]
    metric = _metric_of(name, pairs)
    if metric is None:
        raise ValueError(f"cannot tell the metric of the sacreBLEU 1.x signature {text!r}: name it (BLEU+..., "
                         "chrF2+..., TER+...)")
    keys = KEYS[metric]
    read, warnings = {}, []
    for key, value in pairs:
        if key in keys:
            read[keys[key]] = value
            continue
        near = difflib.get_close_matches(key, list(keys), n=1, cutoff=0.0)
        warnings.append(f"the sacreBLEU 1.x signature's field {key}.{value} is not one of its {metric} fields "
                        f"(nearest: {near[0] if near else '-'}): ignored")
    fields = {"nrefs": read["numrefs"]} if "numrefs" in read else {}
    version = read.get("version")
    scale = None
    if metric == "bleu":
        smooth = read.get("smooth", "exp")
        fields.update(case=read.get("case", "mixed"), eff="no", tok=read.get("tok", "13a"),
                      smooth=smooth if "[" in smooth else _SMOOTH_V14.get(smooth, smooth))
    elif metric == "chrf":
        space = read.get("space", "false").lower()
        fields.update(case=read.get("case", "mixed"), eff="yes", nc=read.get("numchars", "6"), nw="0",
                      space={"true": "yes", "false": "no"}.get(space, space))
        scale = 1
    else:
        tokens = read.get("tok", "tercom-nonorm-punct-noasian-uncased").split("-")
        if len(tokens) != 5 or tokens[0] != "tercom" or any(t not in pair for t, pair in zip(tokens[1:], _TER_TOKENS[1:])):
            raise ValueError(f"cannot read the TER tokenizer {read.get('tok')!r} of the sacreBLEU 1.x signature "
                             "(expected tercom-{norm|nonorm}-{punct|nopunct}-{asian|noasian}-{cased|uncased})")
        fields.update(case="mixed" if tokens[4] == "cased" else "lc", tok="tercom",
                      norm="yes" if tokens[1] == "norm" else "no", punct="yes" if tokens[2] == "punct" else "no",
                      asian="yes" if tokens[3] == "asian" else "no")
        scale = 1
    if version is not None:
        fields["version"] = version
    shown = "|".join(f"{key}:{value}" for key, value in fields.items() if key != "version")
    notes = [f"a sacreBLEU {version or '1.x'} signature, read as the 2.x fields {shown}"]
    data = [f"{key}.{read[key]}" for key in ("test", "lang", "origlang", "subset") if key in read]
    if data:
        notes.append(f"the signature names the data ({', '.join(data)}); the files given are scored")
    if scale == 1:
        notes.append(f"sacreBLEU 1.x printed {'chrF' if metric == 'chrf' else 'TER'} on the 0-1 scale: "
                     "the claim is read on it")
    return V1Reading(metric, fields, scale, name, notes, warnings)
