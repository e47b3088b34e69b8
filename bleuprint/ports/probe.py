"""Which option values a port skips, found before fuzzing (``bleuprint fuzz --port``).

A port may implement part of a metric (the example ports: BLEU's 13a and none
tokenizers only) and answer ``skipped`` for the rest. Left alone, the fuzzer would spend
most of its examples on values the port skips. So the fuzzer first probes the port: one
``run`` on a small ordinary corpus at the metric's defaults, then one per value of each
option whose values form a finite set in the option's data (``Option.choices``, both
values of a bool, ``None`` where the option is nullable), with that one option changed
and the others at their defaults. The values the port answers ``skipped`` are then not
drawn: ``ProbeResult.replace`` swaps such a value in a drawn dictionary for one the port
accepts (the default first), keeping the rest of the draw. Generic: only ``Option`` data
is read, never a metric's name.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from .protocol import PortError
from ..core.options import option_defaults

#: The corpus of every probe: one segment, two references, nothing unusual in it.
PROBE_HYPS = ["the cat sat on the mat ."]
PROBE_REFS = [["the cat sat on the mat .", "a cat was sitting on the mat ."]]


class DefaultsSkipped(PortError):
    """The port skips the metric at its default options: there is nothing to fuzz."""


def finite_values(option) -> tuple:
    """The values of ``option`` that form a finite set in its data: its choices, or both
    values of a bool, then ``None`` where it is nullable (empty for a free number or text
    that is not nullable). Choices that need an outside package or file (``Option.outside``)
    are not probed."""
    if option.choices is not None:
        values = option.generated_choices
    elif option.kind is bool:
        values = (False, True)
    else:
        values = ()
    return values + ((None,) if option.nullable and None not in values else ())


@dataclass
class ProbeResult:
    """What the probe found: ``skipped`` maps an option name to the values the port skips
    (in the option's order); ``accepted`` maps it to the probed values the port accepts,
    the default first; ``probes`` counts the ``run`` requests sent."""

    skipped: dict = field(default_factory=dict)
    accepted: dict = field(default_factory=dict)
    probes: int = 0

    def describe(self) -> dict:
        """``{option: [skipped values]}``, the ``notDrawn`` of the JSON report."""
        return {name: list(values) for name, values in self.skipped.items()}

    def text(self) -> str:
        """``tokenize=intl, tokenize=zh`` (empty when nothing is skipped)."""
        return ", ".join(f"{name}={_shown(value)}" for name, values in self.skipped.items() for value in values)

    def replace(self, options: dict, draw) -> dict:
        """``options`` with every skipped value replaced by an accepted one, drawn with
        ``draw`` (a Hypothesis ``draw``) from the accepted values, the default first (so
        it shrinks to the default); the other entries are kept as drawn."""
        from hypothesis import strategies as st

        if not self.skipped:
            return options
        out = dict(options)
        for name, values in self.skipped.items():
            if name in out and _member(out[name], values):
                out[name] = draw(st.sampled_from(self.accepted[name]))
        return out


def _member(value, values) -> bool:
    """``value in values`` without True == 1 or 1 == 1.0 confusions."""
    return any(type(value) is type(v) and value == v for v in values)


def _shown(value) -> str:
    if value is None:
        return "None"
    return str(value).lower() if isinstance(value, bool) else str(value)


def _skips(port, restart, metric: str, options: dict) -> bool:
    """Whether the port answers ``skipped`` on the probe corpus with ``options``. A port
    that dies or hangs on a probe is restarted (``restart``) and the value is kept: the
    fuzzer will report it as a disagreement."""
    try:
        return port.run(metric, options, PROBE_HYPS, PROBE_REFS).kind == "skipped"
    except PortError:
        restart()
        return False


def probe(port, definition, restart=None) -> ProbeResult:
    """Probe ``port`` (a started ``process.Port``) on the metric ``definition`` (module
    doc). DefaultsSkipped when it skips the defaults; PortError when it cannot be
    restarted after dying on a probe."""
    restart = restart or port.restart
    defaults = option_defaults(definition)
    result = ProbeResult(probes=1)
    if _skips(port, restart, definition.name, defaults):
        raise DefaultsSkipped(f"the port skips {definition.name} at its default options "
                              f"({_options_text(defaults)}): there is nothing to fuzz")
    for option in definition.options:
        skipped, accepted = [], [option.default]
        for value in finite_values(option):
            if _member(value, (option.default,)):
                continue
            result.probes += 1
            if _skips(port, restart, definition.name, {**defaults, option.name: value}):
                skipped.append(value)
            else:
                accepted.append(value)
        if skipped:
            result.skipped[option.name] = tuple(skipped)
            result.accepted[option.name] = tuple(accepted)
    return result


def _options_text(options: dict) -> str:
    return ", ".join(f"{name}={_shown(value)}" for name, value in options.items())


__all__ = ["DefaultsSkipped", "PROBE_HYPS", "PROBE_REFS", "ProbeResult", "finite_values", "probe"]
