"""Screening of (mutant, vector) pairs (``bleuprint.vectors.screening``, issue 33 item 7:
``vectors export --metric bleu`` in seconds): a shortcut of the kill matrix that must
change none of its verdicts."""

from __future__ import annotations

import sys
import textwrap

import pytest

from bleuprint.mutants.catalogue import get
from bleuprint.mutants.switch import replaced
from bleuprint.vectors import adequacy, build_files, intervals, screening

MODULE = """
def total(xs):
    return sum(xs)


def caller(xs):
    return total(xs), list(xs)
"""


@pytest.fixture
def toy(tmp_path, monkeypatch):
    """A module ``screening_toy``: ``caller(xs)`` returns ``(total(xs), list(xs))``."""
    (tmp_path / "screening_toy.py").write_text(textwrap.dedent(MODULE), encoding="utf-8")
    monkeypatch.syspath_prepend(str(tmp_path))
    import screening_toy

    yield screening_toy
    sys.modules.pop("screening_toy", None)


def _recorded(toy, xs):
    calls = []
    with replaced({"screening_toy:total": screening._recorder("screening_toy:total", calls)}):
        toy.caller(xs)
    return calls


@pytest.mark.parametrize("mutation, cleared", [
    (lambda original: lambda xs: original(list(xs)), True),          # same value, argument untouched
    (lambda original: lambda xs: original(xs) + 0.0, False),          # 6.0 is not 6: types are strict
    (lambda original: lambda xs: (xs.sort(), original(xs))[1], False),  # same value, argument sorted in place
    (lambda original: lambda xs: original(xs[1:]), False),            # another value
])
def test_a_mutant_is_cleared_only_when_each_call_gives_the_same_and_leaves_its_argument(toy, mutation, cleared):
    """``total([3, 1, 2])`` returns 6 and leaves the list as it was: a mutant returning 6
    from a copy is cleared; one returning 6.0, one sorting the list in place (``caller``
    would then return ``[1, 2, 3]``) and one returning 3 are not."""
    calls = _recorded(toy, [3, 1, 2])
    assert [call[0] for call in calls] == ["screening_toy:total"]
    with replaced({"screening_toy:total": mutation}):
        assert screening.cannot_differ(calls, ["screening_toy:total"]) is cleared


def test_values_that_are_not_plain_data_are_never_cleared_and_floats_are_compared_by_repr(toy):
    """A set (its copy may iterate in another order) is not plain data: a call with one is
    never cleared. -0.0 equals 0.0 but prints otherwise: not the same."""
    calls = _recorded(toy, {3, 1, 2})
    assert calls[0][1] is screening.OPAQUE
    with replaced({"screening_toy:total": lambda original: original}):
        assert screening.cannot_differ(calls, ["screening_toy:total"]) is False
    assert not screening.same(-0.0, 0.0) and screening.same(0.5, 0.5) and not screening.same([1], (1,))


def test_screening_changes_no_verdict_of_the_kill_matrix():
    """The kill matrix of BLEU's and chrF's defaults files under every planted mutant is
    the same with screening as without."""
    files = {name: document for name, document in build_files(["bleu", "chrf"]).items()
             if name in ("bleu_defaults.json", "chrf_defaults.json")}
    screened = adequacy.kill_matrix(files, workers=1, screen=True)
    assert screened == adequacy.kill_matrix(files, workers=1, screen=False)
    assert sum(map(len, screened.values())) > 100


def test_the_memo_runs_a_repeated_call_once_and_clears_no_other_call(toy):
    """Two vectors making the same call ``total([3, 1, 2])`` (the same sentence in two
    option families' files): with one memo for the mutant, the mutated function runs once
    and both are cleared. A third vector calling ``total([3, 1])`` is not cleared by that
    memo when the mutant changes its value (2 + 1 + ... : the mutant adds 1 for two items),
    and calls whose arguments differ only in type (``[1]`` and ``[1.0]``) have different keys."""
    runs = []

    def counting(original):
        def mutated(xs):
            runs.append(list(xs))
            return original(xs) + (1 if len(xs) == 2 else 0)
        return mutated

    first, second, third = _recorded(toy, [3, 1, 2]), _recorded(toy, [3, 1, 2]), _recorded(toy, [3, 1])
    memo: dict = {}
    with replaced({"screening_toy:total": counting}):
        assert screening.cannot_differ(first, ["screening_toy:total"], memo) is True
        assert screening.cannot_differ(second, ["screening_toy:total"], memo) is True
        assert runs == [[3, 1, 2]]
        assert screening.cannot_differ(third, ["screening_toy:total"], memo) is False
    ints, floats = _recorded(toy, [1]), _recorded(toy, [1.0])
    assert screening._call_key(ints[0]) != screening._call_key(floats[0])
    assert screening._call_key(first[0]) == screening._call_key(second[0])


def test_the_matrix_run_on_reached_vectors_alone_is_the_matrix_of_every_mutant_on_every_vector():
    """A vector is run under a mutant only when its evaluation on the real spec called one of
    the mutant's targets (recorded by swapping the targets' code objects, so every reference
    to them is seen): BLEU's defaults file under every planted mutant and port fault gives
    the same matrix as when every mutant is run on every vector, unscreened."""
    files = {name: document for name, document in build_files(["bleu"]).items() if name == "bleu_defaults.json"}
    mutants = adequacy.every_fault()
    everything = frozenset(t for m in mutants for t in m.targets)
    every_vector = {key: everything for key, *_ in adequacy.vectors(files)}
    pruned, reached, _ = adequacy.kill_matrix_reached(files, mutants, workers=1)
    assert pruned == adequacy.kill_matrix(files, mutants, workers=1, screen=False, reached=every_vector)
    assert sum(map(len, pruned.values())) > 100
    assert set(reached) == set(every_vector) and all(hit < everything for hit in reached.values())


def test_the_files_shared_between_workers_give_the_matrix_of_one_process():
    """``kill_matrix`` hands whole files to two worker processes (the costly first, each
    worker keeping its memos across its files): three of BLEU's files give the same matrix,
    and the same reached targets in the same order, as in one process."""
    files = {name: document for name, document in build_files(["bleu"]).items()
             if name in ("bleu_defaults.json", "bleu_lowercase.json", "bleu_effective_order.json")}
    mutants = adequacy.every_fault()
    alone = adequacy.kill_matrix_reached(files, mutants, workers=1)
    shared = adequacy.kill_matrix_reached(files, mutants, workers=2, alongside=lambda: "beside")
    assert shared[:2] == alone[:2] and shared[2] == "beside"
    assert list(shared[1]) == [key for key, *_ in adequacy.vectors(files)]


def test_a_mutant_run_check_by_check_gives_the_verdict_of_evaluate():
    """Under a mutant, ``_differs`` runs a valid test's checks with the last killing one first
    and an interval test's statistics before its resampling: it says a vector differs
    exactly when ``evaluate`` does, whichever check is tried first. BLEU's defaults file and
    the first test of each group of its interval file, under mutants that move the
    statistics (s01, s10), only the score (s03, r03) and only the intervals (f28, s18);
    each verdict must be among both kinds, or the orders are not tried on a kill."""
    files = {name: document for name, document in build_files(["bleu"]).items() if name == "bleu_defaults.json"}
    for name, document in intervals.interval_files(["bleu"]).items():
        files[name] = {**document, "testGroups": [{**group, "tests": group["tests"][:1]}
                                                  for group in document["testGroups"]]}
    orders = [[], ["stats"], ["score"], ["own"], ["parts"], ["signature"], ["intermediates"]]
    verdicts = set()
    for mutant_id in ("s01", "s10", "s03", "r03", "f28", "s18"):
        with replaced(get(mutant_id).patches):
            for key, document, group, test in adequacy.vectors(files):
                expected = adequacy.evaluate(document, group, test) is not None
                verdicts.add((key[0], expected))
                for last in orders:
                    assert adequacy._differs(document, group, test, list(last)) is expected, (mutant_id, key, last)
    assert verdicts == {(name, verdict) for name in files for verdict in (True, False)}


def test_the_pass_leaves_the_collector_as_it_found_it():
    """``few_collections`` freezes what is alive and raises the thresholds within its block
    only: after it the collector has its thresholds back and nothing frozen. Objects frozen
    before it (the caller's ``gc.freeze``, or an enclosing block's) are still frozen after
    it, the enclosing block's thresholds back too."""
    import gc

    before = gc.get_threshold()
    assert gc.get_freeze_count() == 0
    with adequacy.few_collections():
        assert gc.get_threshold() == adequacy.PASS_GC_THRESHOLDS and gc.get_freeze_count() > 0
    assert gc.get_threshold() == before and gc.get_freeze_count() == 0
    try:
        with adequacy.few_collections():
            frozen = gc.get_freeze_count()
            with adequacy.few_collections():
                pass
            assert gc.get_freeze_count() == frozen > 0 and gc.get_threshold() == adequacy.PASS_GC_THRESHOLDS
        gc.freeze()  # the caller's own
        frozen = gc.get_freeze_count()
        with adequacy.few_collections():
            pass
        assert gc.get_freeze_count() == frozen and gc.get_threshold() == before
    finally:
        gc.unfreeze()
