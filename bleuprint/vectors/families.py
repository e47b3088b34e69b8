"""The option families of a metric's vector files, derived from its options' data.

``default_families(metric)`` is ``bleuprint.vectors.hooks.vector_families``'s default: the defaults; one
family per option, varying that option alone through the values its data allows (a
bool's other value, each other choice, the minimum and a few values above it, ``None``
where allowed) and through values it forbids (another type, an unknown choice, below the
minimum, ``None`` where not allowed); last the metric's ``verify_configurations``. The
generator keeps a forbidden value only where the specification refuses it, as an
``invalid`` test.
"""

from __future__ import annotations
from ..verify_hooks import verify_hooks


def allowed_values(option) -> list:
    """Values other than the default that ``option`` allows (module doc)."""
    if option.kind is bool:
        values = [not option.default]
    elif option.choices is not None:
        values = list(option.generated_choices)  # not those that need an outside package or file
    elif option.kind is int:
        low = option.minimum if option.minimum is not None else (option.default or 0) - 1
        values = [int(low), (option.default or 0) + 1]
    elif option.kind is float:
        values = [float(v) for v in (option.minimum, 0.5, 1, 2 * option.default if option.default else None)
                  if v is not None]
    else:
        values = []
    if option.nullable:
        values.append(None)
    out, seen = [], {(type(option.default), option.default)}
    for value in values:
        if (type(value), value) not in seen and (option.maximum is None or value is None or value <= option.maximum):
            seen.add((type(value), value))
            out.append(value)
    return out


def forbidden_values(option) -> list:
    """Values ``option`` forbids: another type, an unknown choice, below the minimum,
    above the maximum, ``None`` where it is not allowed."""
    wrong_type = {bool: "yes", int: 1.5, float: "1", str: 1}[option.kind]
    values = [wrong_type]
    if option.choices is not None:
        values.append("no-such-" + option.name)
    if option.minimum is not None:
        values.append(option.kind(option.minimum) - 1)
    if option.maximum is not None:
        values.append(option.kind(option.maximum) + 1)
    if not option.nullable:
        values.append(None)
    return values


def default_families(metric) -> list:
    """``[(family, [options, ...]), ...]`` for ``metric`` (module doc). Each options dict
    names only what differs from the defaults; invalid ones carry ``"__invalid__": True``
    (removed by the generator, which marks their tests invalid when the spec refuses
    them)."""
    families = [("defaults", [{}])]
    for option in metric.options:
        valid = [{option.name: v} for v in allowed_values(option)]
        invalid = [{option.name: v, "__invalid__": True} for v in forbidden_values(option)]
        families.append((option.name, valid + invalid))
    configurations = [dict(options) for options, _ in verify_hooks(metric).verify_configurations() if options]
    if configurations:
        families.append(("configurations", configurations))
    return families
