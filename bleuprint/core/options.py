"""A metric's options as data.

Each ``Option`` says what a consumer needs without reading Python signatures: its name,
the Python type of its values, its default, the values or range it allows, whether
``None`` is allowed, which stage reads it (``stats``: the per-segment statistics;
``score``: the score of combined statistics; ``both``), and what it means. ``describe()``
gives the same as JSON-ready data (for the CLI, vectors and ports in other languages).

The metric's own functions stay the authority on bad values (their messages name the
problem in the metric's terms); ``Option.check`` is the same rule stated as data, and the
tests hold the two together: every value a metric's functions accept, the data accepts
(a configured metric checks its values with it when it is made, ``bleuprint.core.value``),
so the data says what the functions accept, sacreBLEU's flags read for their truth
(``truthy``) included.

``outside`` lists the choices that need something from outside bleuprint to compute (a
package with compiled code of its own, a model file: BLEU's MeCab and SentencePiece
tokenizers). They are accepted like any choice, but the values the tools generate by
themselves from the data (vector families, audit variants, port probes) leave them out:
a port or a test machine cannot be expected to have them.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

STAGES = ("stats", "score", "both")
_KINDS = {bool: "bool", int: "int", float: "float", str: "str"}


class _AsCorpus:
    """``Option.sentence_default``'s default: a sentence is scored with the option's
    corpus default."""

    def __repr__(self) -> str:
        return "AS_CORPUS"


AS_CORPUS = _AsCorpus()


@dataclass(frozen=True)
class Option:
    """One option of a metric (module doc)."""

    name: str
    kind: type
    default: object
    doc: str
    stage: str = "both"
    choices: tuple | None = None
    minimum: float | None = None
    maximum: float | None = None
    nullable: bool = False
    outside: tuple = ()
    #: A flag read for its truth, as sacreBLEU reads its own (``lowercase=1`` and
    #: ``lowercase="yes"`` lowercase, ``None`` does not): every value is accepted and means
    #: ``bool(value)``. Only for a bool option; the values the tools generate stay bools.
    truthy: bool = False
    #: What the messages call a value of this option ("unknown tokenizer 'moses'" for
    #: BLEU's ``tokenize``, as sacreBLEU's own message says); the option's name by default.
    noun: str = ""
    #: The default when one segment is scored alone (a sentence-level score), where it
    #: differs from ``default`` (BLEU's ``effective_order``, as sacreBLEU's
    #: ``sentence_bleu``); ``AS_CORPUS``: the same.
    sentence_default: object = AS_CORPUS

    def __post_init__(self) -> None:
        if self.kind not in _KINDS:
            raise TypeError(f"option {self.name}: kind must be one of bool, int, float, str")
        if self.truthy and self.kind is not bool:
            raise TypeError(f"option {self.name}: only a bool option can be truthy")
        if self.stage not in STAGES:
            raise ValueError(f"option {self.name}: stage must be one of {', '.join(STAGES)}")
        self.check(self.default)
        if self.sentence_default is not AS_CORPUS:
            self.check(self.sentence_default)
        if self.outside and (self.choices is None or not set(self.outside) <= set(self.choices)
                             or self.default in self.outside):
            raise ValueError(f"option {self.name}: outside must be choices other than the default")

    @property
    def generated_choices(self) -> tuple | None:
        """The choices the tools generate values from: ``choices`` but ``outside``."""
        if self.choices is None:
            return None
        return tuple(c for c in self.choices if c not in self.outside)

    @property
    def used_by_stats(self) -> bool:
        return self.stage in ("stats", "both")

    @property
    def used_by_score(self) -> bool:
        return self.stage in ("score", "both")

    def check(self, value: object) -> object:
        """``value`` if this option allows it, else TypeError or ValueError naming it."""
        if self.truthy:
            return value
        if value is None and self.nullable:
            return value
        if self.kind is float:
            if isinstance(value, bool) or not isinstance(value, (int, float)):
                raise TypeError(f"{self.name} must be a number, got {type(value).__name__}")
            if not math.isfinite(value):
                bounds = "".join(f" {sign} {bound}" for sign, bound in ((">=", self.minimum), ("<=", self.maximum))
                                 if bound is not None)
                raise ValueError(f"{self.name} must be a finite number{bounds}, got {value!r}")
        elif self.kind is int:
            if isinstance(value, bool) or not isinstance(value, int):
                raise TypeError(f"{self.name} must be an int, got {type(value).__name__}")
        elif not isinstance(value, self.kind):
            raise TypeError(f"{self.name} must be a {_KINDS[self.kind]}, got {type(value).__name__}")
        if self.choices is not None and value not in self.choices:
            raise ValueError(f"unknown {self.noun or self.name} {value!r}: expected one of {', '.join(map(str, self.choices))}")
        if self.minimum is not None and value < self.minimum:
            raise ValueError(f"{self.name} must be >= {self.minimum}, got {value!r}")
        if self.maximum is not None and value > self.maximum:
            raise ValueError(f"{self.name} must be <= {self.maximum}, got {value!r}")
        return value

    def parse(self, text: str) -> object:
        """The value that ``text`` (a word of a command line) means for this option,
        checked by ``check``: ``none`` (any case) is None where None is allowed; a bool is
        ``true``/``false``/``1``/``0`` (any case); an int or a float as Python reads it; a
        str as given. ValueError (or ``check``'s TypeError) naming the option otherwise."""
        if not isinstance(text, str):
            raise TypeError(f"{self.name}: the text to parse must be a str, got {type(text).__name__}")
        if self.nullable and text.lower() == "none":
            return None
        if self.kind is bool:
            if text.lower() not in ("true", "false", "1", "0"):
                raise ValueError(f"{self.name} is a bool: give true, false, 1 or 0, got {text!r}")
            return self.check(text.lower() in ("true", "1"))
        if self.kind is str:
            return self.check(text)
        try:
            value = self.kind(text)
        except ValueError:
            what = "an int" if self.kind is int else "a number"
            raise ValueError(f"{self.name} must be {what}, got {text!r}") from None
        return self.check(value)

    def describe(self) -> dict:
        """The option as JSON-ready data."""
        return {
            "name": self.name,
            "type": _KINDS[self.kind],
            "default": self.default,
            "nullable": self.nullable,
            "stage": self.stage,
            "choices": list(self.choices) if self.choices is not None else None,
            "minimum": self.minimum,
            "maximum": self.maximum,
            "doc": self.doc,
        }


# -- a definition's options (``Metric.options``, a tuple of ``Option``): what the tools ask
# of them. Functions of the definition, not members of ``Metric``, which is the definition
# only (``bleuprint.core.metric``).

def find_option(definition, name: str) -> Option:
    """The option of ``definition`` called ``name``; KeyError if it has none."""
    for option in definition.options:
        if option.name == name:
            return option
    raise KeyError(name)


def option_names(definition) -> frozenset:
    """The names of ``definition``'s options."""
    return frozenset(option.name for option in definition.options)


def option_defaults(definition) -> dict:
    """Every option of ``definition`` with its default."""
    return {option.name: option.default for option in definition.options}


def sentence_defaults(definition) -> dict:
    """The options of ``definition`` whose default differs when one segment is scored alone
    (``Option.sentence_default``), with that default; none for most metrics."""
    return {option.name: option.sentence_default for option in definition.options
            if option.sentence_default is not AS_CORPUS}


def check_option_names(definition, options) -> None:
    """TypeError naming the options (names) that ``definition`` does not have."""
    unknown = sorted(set(options) - option_names(definition))
    if unknown:
        raise TypeError(f"unknown option(s) for {definition.name}: {', '.join(unknown)}")


def options_for_stats(definition, options: dict) -> dict:
    """The given ``options`` that ``definition``'s statistics read (defaults are not filled
    in: the metric's functions apply them)."""
    used = {option.name for option in definition.options if option.used_by_stats}
    return {key: value for key, value in options.items() if key in used}


def options_for_score(definition, options: dict) -> dict:
    """The given ``options`` that ``definition``'s score reads."""
    used = {option.name for option in definition.options if option.used_by_score}
    return {key: value for key, value in options.items() if key in used}
