"""Limiting a set of mutants, planted or generated, to scopes of the spec.

A scope is a name of ``bleuprint.mutants.generate.SCOPES`` (``bleu``, ``chrf``,
``exact_match``, ``tokenizers``), which names one spec module. A generated mutant is in a
scope when it changes that module; a planted mutant when one of its targets is a function
of that module. The scopes apply to planted mutants too, so ``grade --scope chrf`` grades a
suite against chrF's planted faults only.
"""

from __future__ import annotations


def scope_modules(scopes) -> set[str]:
    """The spec modules the scopes name; ValueError naming an unknown scope."""
    from .generate import SCOPES

    unknown = [s for s in scopes if s not in SCOPES]
    if unknown:
        raise ValueError(f"unknown scope(s) {', '.join(unknown)}: one of {', '.join(SCOPES)}")
    return {SCOPES[s][0] for s in scopes}


def in_scopes(mutants, scopes) -> list:
    """The mutants of ``mutants`` whose code is in one of ``scopes`` (module doc)."""
    modules = scope_modules(scopes)
    return [m for m in mutants if any(t.partition(":")[0] in modules for t in m.targets)]
