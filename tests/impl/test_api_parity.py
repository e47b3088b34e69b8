"""bleuprint.impl offers every public name of bleuprint.spec, with the same signatures.

"Same signature" means the same parameters in the same order, each with the same name,
kind (positional-only, positional-or-keyword, keyword-only, ``*args``, ``**kwargs``) and
default (compared by type and value, so ``2`` and ``2.0`` differ). Annotations are not
compared. Constants (``TOKENIZERS``, ``SMOOTH_DEFAULTS``...) must be equal.

When a metric is added to the spec (say TER), these tests fail until impl has it: that
is the point of walking ``spec.__all__`` rather than a fixed list.
"""

from __future__ import annotations

import inspect

import pytest

from bleuprint import impl, spec


def parameter_differences(expected, actual) -> list[str]:
    """Human-readable differences between the signatures of two callables (empty when
    they agree on names, order, kinds and defaults)."""
    want = list(inspect.signature(expected).parameters.values())
    got = list(inspect.signature(actual).parameters.values())
    problems = []
    if [p.name for p in want] != [p.name for p in got]:
        problems.append(f"parameters {[p.name for p in want]} != {[p.name for p in got]}")
        return problems
    for w, g in zip(want, got):
        if w.kind != g.kind:
            problems.append(f"{w.name}: kind {w.kind.description} != {g.kind.description}")
        if (w.default is inspect.Parameter.empty) != (g.default is inspect.Parameter.empty):
            problems.append(f"{w.name}: default {w.default!r} != {g.default!r}")
        elif w.default is not inspect.Parameter.empty and (
            type(w.default) is not type(g.default) or w.default != g.default
        ):
            problems.append(f"{w.name}: default {w.default!r} != {g.default!r}")
    return problems


@pytest.mark.parametrize("name", spec.__all__)
def test_impl_has_every_public_name_of_spec(name):
    assert hasattr(impl, name), f"bleuprint.impl lacks {name!r}, a public name of bleuprint.spec"
    assert name in impl.__all__, f"bleuprint.impl has {name!r} but does not list it in __all__"


@pytest.mark.parametrize("name", spec.__all__)
def test_same_signature_or_same_value(name):
    expected = getattr(spec, name)
    actual = getattr(impl, name, None)
    assert actual is not None, f"bleuprint.impl lacks {name!r}"
    if callable(expected):
        assert callable(actual), f"spec.{name} is callable, impl.{name} is {type(actual).__name__}"
        problems = parameter_differences(expected, actual)
        assert not problems, f"impl.{name} differs from spec.{name}: " + "; ".join(problems)
    else:
        assert type(actual) is type(expected) and actual == expected, (
            f"impl.{name} = {actual!r} but spec.{name} = {expected!r}"
        )


# The checker itself must be able to fail: each pair below differs in one respect.


def _reference(hyp, refs, n=6, beta=2, *, word_order=0): ...
def _renamed(hyp, refs, n=6, b=2, *, word_order=0): ...
def _reordered(refs, hyp, n=6, beta=2, *, word_order=0): ...
def _keyword_kind(hyp, refs, n=6, *, beta=2, word_order=0): ...
def _default_type(hyp, refs, n=6, beta=2.0, *, word_order=0): ...
def _default_value(hyp, refs, n=6, beta=3, *, word_order=0): ...
def _no_default(hyp, refs, n, beta=2, *, word_order=0): ...
def _extra(hyp, refs, n=6, beta=2, *, word_order=0, extra=None): ...


@pytest.mark.parametrize("other", [_renamed, _reordered, _keyword_kind, _default_type,
                                   _default_value, _no_default, _extra])
def test_the_signature_check_detects_a_difference(other):
    assert parameter_differences(_reference, other), f"{other.__name__} should differ from _reference"


def test_the_signature_check_accepts_an_identical_signature():
    def twin(hyp, refs, n=6, beta=2, *, word_order=0): ...

    assert parameter_differences(_reference, twin) == []
