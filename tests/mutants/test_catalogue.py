"""The planted mutants: enough of them, well described, and none equivalent to the spec."""

import inspect

import pytest

from bleuprint import spec
from bleuprint.mutants.catalogue import all_mutants, get
from bleuprint.mutants.model import outcome
from bleuprint.mutants.switch import replaced
from bleuprint.mutants.hooks import mutant_hooks

MUTANTS = all_mutants()


def test_catalogue_has_the_required_mutants():
    """At least 40 mutants with unique ids; the course's s01-s17 (s18 comes with intervals),
    and the forced-fail sanity mutant x00."""
    ids = [m.id for m in MUTANTS]
    assert len(ids) >= 40
    assert len(set(ids)) == len(ids)
    assert {f"s{i:02d}" for i in range(1, 18)} <= set(ids)
    assert "x00" in ids
    for m in MUTANTS:
        assert m.fault and m.pitfall and m.kills_it and m.function


@pytest.mark.parametrize("mutant_id", [m.id for m in MUTANTS])
def test_mutant_is_not_equivalent(mutant_id):
    """The mutant's witness input gives a different value (or failure) than the spec, and
    the spec's own value comes back once the mutant is switched off."""
    mutant = get(mutant_id)
    before = outcome(mutant.witness)
    with replaced(mutant.patches):
        during = outcome(mutant.witness)
    after = outcome(mutant.witness)
    assert during != before
    assert after == before


def test_switch_reaches_names_imported_before_it():
    """A name bound with 'from ... import' before the switch sees the mutant: s04 turns
    the pooled corpus BLEU of two sentences into the mean of their sentence BLEUs.
    Sentence 1 is a perfect 4-token match; sentence 2 ('a b c e' vs 'a b c d') has
    m = [3, 2, 1, 0], t = [4, 3, 2, 1]. Pooled: m = [7, 5, 3, 1], t = [8, 6, 4, 2], so the
    score is 100 * (7/8 * 5/6 * 3/4 * 1/2) ** (1/4); the mutant gives something else."""
    from bleuprint.spec import corpus_bleu  # bound before the switch

    hyps, refs = ["a b c d", "a b c e"], [["a b c d"], ["a b c d"]]
    pooled = 100 * (7 / 8 * 5 / 6 * 3 / 4 * 1 / 2) ** 0.25
    assert corpus_bleu(hyps, refs) == pytest.approx(pooled, abs=1e-9)
    signature_before = inspect.signature(corpus_bleu)
    with replaced(get("s04").patches):
        assert corpus_bleu(hyps, refs) != pytest.approx(pooled, abs=1e-9)
        assert inspect.signature(corpus_bleu) == signature_before
    assert corpus_bleu(hyps, refs) == pytest.approx(pooled, abs=1e-9)
    assert spec.corpus_bleu is corpus_bleu


#: Every metric entry point of the spec that the sanity mutant x00 must make raise.
_ENTRY_POINTS = {
    "sentence_stats": lambda: spec.sentence_stats("ter", ["a"], [["a"]]),
    "bleu_stats": lambda: spec.bleu_stats("a", ["a"]),
    "corpus_bleu": lambda: spec.corpus_bleu(["a"], [["a"]]),
    "sentence_bleu": lambda: spec.sentence_bleu("a", ["a"]),
    "chrf_stats": lambda: spec.chrf_stats("a", ["a"]),
    "chrf": lambda: spec.chrf(["a"], [["a"]]),
    "sentence_chrf": lambda: spec.sentence_chrf("a", ["a"]),
    "exact_match": lambda: spec.exact_match(["a"], ["a"]),
    "ter_stats": lambda: spec.ter_stats("a", ["a"]),
    "ter": lambda: spec.ter(["a"], [["a"]]),
    "sentence_ter": lambda: spec.sentence_ter("a", ["a"]),
}


@pytest.mark.parametrize("entry_point", list(_ENTRY_POINTS))
def test_sanity_mutant_makes_every_metric_entry_point_raise(entry_point):
    """x00 leaves no metric out (TER included): each entry point raises its error while it
    is on, and works again once it is off."""
    with replaced(get("x00").patches):
        with pytest.raises(RuntimeError, match="x00"):
            _ENTRY_POINTS[entry_point]()
    _ENTRY_POINTS[entry_point]()


def test_a_broken_fault_module_fails_loudly():
    """A fault module that cannot be imported stops the catalogue with its ImportError; its
    mutants are never left out silently. (Run in a fresh interpreter, where an import hook
    makes ``faults_ter`` raise as a broken module would.)"""
    import os
    import subprocess
    import sys
    from pathlib import Path

    root = Path(__file__).resolve().parents[2]
    code = """
import importlib.abc, importlib.util, sys

class Broken(importlib.abc.MetaPathFinder, importlib.abc.Loader):
    def find_spec(self, name, path=None, target=None):
        return importlib.util.spec_from_loader(name, self) if name == "bleuprint.metrics.ter.faults" else None
    def create_module(self, spec):
        return None
    def exec_module(self, module):
        raise ImportError("planted: faults_ter is broken")

sys.meta_path.insert(0, Broken())
from bleuprint.mutants.catalogue import all_mutants
print(len(all_mutants()), "mutants")
"""
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=root, timeout=120,
                            env={**os.environ, "PYTHONPATH": str(root)})
    assert result.returncode != 0, f"the catalogue loaded without faults_ter: {result.stdout.strip()}"
    assert "ImportError: planted: faults_ter is broken" in result.stderr


def test_sanity_mutant_covers_every_registered_metric():
    """x00 is built from the registry: the corpus entry point first (the Stryker report
    places x00 there), then every registered metric's spec entry points."""
    from bleuprint.core import get_metric, metric_names

    targets = get("x00").targets
    assert targets[0] == "bleuprint.spec.corpus:sentence_stats"
    for name in metric_names():
        assert set(mutant_hooks(get_metric(name)).spec_entry_points()) <= set(targets), name


class _Base:
    def value(self):
        return 1


class _Derived(_Base):
    def value(self):
        return super().value() + 1


def test_switch_reaches_a_method_by_its_dotted_name():
    """``"module:Class.method"`` targets a method, also one calling ``super()`` (its code
    has the free variable ``__class__``): 2 becomes 20 while on, 2 again once off. A
    name the module lacks is an AttributeError naming the target."""
    target = f"{__name__}:_Derived.value"
    with replaced({target: lambda original: (lambda self: 10 * original(self))}):
        assert _Derived().value() == 20
    assert _Derived().value() == 2
    with pytest.raises(AttributeError, match="_Derived.missing"):
        with replaced({f"{__name__}:_Derived.missing": lambda original: original}):
            pass
