"""One formula per metric per layer (issue #13 item 3).

* impl has one scorer per metric, ``bleu_scores``, ``chrf_scores`` and ``ter_scores``,
  which scores a 2-D batch of statistics sums (a corpus, bootstrap resamples, paired
  trials); the public ``bleu_from_stats``, ``chrf_from_stats`` and ``ter_from_stats`` are
  its one-row call, and are bit for bit (``==``, no tolerance) the spec's on Python
  numbers; the batch scorer on float32 rows is bit for bit the spec's on
  ``numpy.float32`` scalars (sacreBLEU's resample arithmetic), its flag saying which
  scores the spec returns as Python floats. Each runs with the compiled kernels and with
  numpy alone.
* The constants of the definitions are written once, in the spec (``LOG_ZERO``, ``EPS``,
  the default seed, the float exactness limits), and the C kernels' copies equal them.
* ``bleuprint.compat`` runs the layers' paired tests and bootstrap, it has no copy:
  its results are theirs, and what impl lacked for compat (approximate randomization of
  statistics too large for exact float64 trial sums) is impl's now.
"""

from __future__ import annotations

import ast
import importlib
from pathlib import Path

import numpy as np
import pytest
from hypothesis import given, strategies as st

from bleuprint import impl, spec
from bleuprint.impl import native
from bleuprint.core.value import metric as configured

impl_bleu = importlib.import_module("bleuprint.metrics.bleu.impl")
impl_chrf = importlib.import_module("bleuprint.metrics.chrf.impl")
impl_ter = importlib.import_module("bleuprint.metrics.ter.impl")
ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture(scope="module", params=["kernel", "numpy"], autouse=True)
def scoring(request):
    """Every test twice: with the resampling kernel (BLEU's scores, log and exp in C) and
    with numpy alone. Module-scoped, so that Hypothesis tests may use it (nothing in it
    changes between examples)."""
    with pytest.MonkeyPatch.context() as patch:
        if request.param == "numpy":
            patch.setattr(native, "resample", None)
        elif native.resample is None:
            pytest.skip("the resampling kernel is not built (or disabled)")
        yield request.param


# -- the scalar scorers are one-row calls of the batch scorers -------------------------------


@pytest.mark.parametrize("module, scalar, batch, row", [
    (impl_bleu, "bleu_from_stats", "bleu_scores", [10, 12, 7, 3, 1, 0, 10, 9, 8, 7]),
    (impl_chrf, "chrf_from_stats", "chrf_scores", [5, 6, 3] * 6),
    (impl_ter, "ter_from_stats", "ter_scores", [3, 4]),
])
def test_the_scalar_scorer_is_a_one_row_call_of_the_batch_scorer(monkeypatch, module, scalar, batch, row):
    """impl has no second copy of a score formula: its scalar scorer hands the one row to
    the batch scorer and returns that number."""
    calls = []
    original = getattr(module, batch)

    def spy(sums, *args, **kwargs):
        calls.append(np.asarray(sums).shape)
        return original(sums, *args, **kwargs)

    monkeypatch.setattr(module, batch, spy)
    value = getattr(module, scalar)(row)
    assert calls == [(1, len(row))]
    assert value == float(original(np.array([row], dtype=np.float64))[0][0])


def _count(draw, big):
    return draw(st.one_of(st.just(0), st.integers(0, 5), st.integers(2**24 - 2, 2**24 + 2),
                          st.integers(0, 2**53 if big else 10**6)))


@st.composite
def bleu_rows(draw):
    """``[c, r, m_1..m_N, t_1..t_N]`` with zero totals (the loop stops), zero matches
    (smoothing), c == r, c = 0, and counts beyond 2^24 (float32 rounds them)."""
    order, big = draw(st.integers(1, 6)), draw(st.booleans())
    totals = [0 if draw(st.booleans()) and n else _count(draw, big) for n in range(order)]
    matches = [draw(st.integers(0, t)) if draw(st.booleans()) else 0 for t in totals]
    c = _count(draw, big)
    return [c, c if draw(st.booleans()) else _count(draw, big)] + matches + totals


@st.composite
def chrf_rows(draw):
    n = draw(st.integers(0, 6))
    word_order = draw(st.integers(0 if n else 1, 2))
    big = draw(st.booleans())
    row = []
    for _ in range(n + word_order):
        h, r = _count(draw, big), _count(draw, big)
        row += [h, r, draw(st.integers(0, min(h, r))) if draw(st.booleans()) else 0]
    return n, word_order, row


@st.composite
def ter_rows(draw):
    length = draw(st.one_of(st.just(0), st.integers(0, 10**6), st.integers(0, 400).map(lambda x: x / 4 + 1 / 3)))
    return [_count(draw, draw(st.booleans())), length]


SMOOTHINGS = [("exp", None), ("none", None), ("floor", None), ("floor", 0), ("floor", 3), ("floor", 1e-300),
              ("add-k", None), ("add-k", 0), ("add-k", 0.5), ("add-k", 3), ("exp", 0.3)]
BETAS = [2, 1, 3, 0, 0.5, -2, 1e-200, 1e150, 10**100]


def _same(got, want) -> bool:
    """Equal values (NaN equal to NaN), and a float32 exactly where the spec's is one."""
    return isinstance(got, np.float32) == isinstance(want, np.float32) and (got == want or got != got and want != want)


@given(st.lists(bleu_rows(), min_size=1, max_size=6), st.sampled_from(SMOOTHINGS), st.booleans())
def test_bleu_one_row_and_batches_equal_the_spec(rows, smoothing, effective):
    """``bleu_from_stats`` (one row) is the spec's on Python ints, as ints, int64 or float64
    arrays; ``bleu_scores`` of the rows as float32 (every row, or some) is the spec's on
    ``numpy.float32`` scalars, and the corpus rows in double the spec's on ints."""
    method, value = smoothing
    options = dict(smooth_method=method, smooth_value=value, effective_order=effective)
    rows = [row for row in rows if len(row) == len(rows[0])]
    for row in rows:
        want = spec.bleu_from_stats(row, **options)
        for given_row in (row, np.array(row, dtype=np.int64), np.array(row, dtype=np.float64)):
            assert _same(impl.bleu_from_stats(given_row, **options), want)
    flags = np.array([i % 2 == 0 for i in range(len(rows))])
    sums = np.array([[float(np.float32(x)) if f else x for x in row] for row, f in zip(rows, flags)], dtype=np.float64)
    values, python_float = impl_bleu.bleu_scores(sums, flags, **options)
    for row, f, got, py in zip(rows, flags, values.tolist(), python_float.tolist()):
        want = spec.bleu_from_stats([np.float32(x) for x in row] if f else row, **options)
        assert got == want and py


@given(chrf_rows(), st.sampled_from(BETAS), st.booleans())
def test_chrf_one_row_and_float32_rows_equal_the_spec(data, beta, eps_smoothing):
    """``chrf_from_stats`` is the spec's on Python ints, on float64 arrays and on
    ``numpy.float32`` entries (a float32 where the spec returns one); ``chrf_scores`` of a
    float32 row flags a Python-float score where the spec returns a Python float."""
    n, word_order, row = data
    options = dict(n=n, beta=beta, word_order=word_order, eps_smoothing=eps_smoothing)
    with np.errstate(all="ignore"):
        for given_row in (row, np.array(row, dtype=np.float64), [np.float32(x) for x in row]):
            assert _same(impl.chrf_from_stats(given_row, **options), spec.chrf_from_stats(given_row, **options))
        want = spec.chrf_from_stats([np.float32(x) for x in row], **options)
        values, python_float = impl_chrf.chrf_scores(np.array([row], dtype=np.float32).astype(np.float64), True,
                                                     **options)
    assert _same(values[0] if python_float[0] else np.float32(values[0]), want)


@given(ter_rows())
def test_ter_one_row_and_float32_rows_equal_the_spec(row):
    """``ter_from_stats`` on Python numbers and on float32 entries is the spec's (the
    Python floats 100.0 and 0.0 of L = 0 stay Python floats)."""
    for given_row in (row, np.array(row, dtype=np.float64), [np.float32(x) for x in row]):
        assert _same(impl.ter_from_stats(given_row), spec.ter_from_stats(given_row))


# -- constants written once ------------------------------------------------------------------

#: The constants of the definitions, by value: each is written in exactly one module.
DEFINED_ONCE = {
    9999999999: "bleuprint/metrics/bleu/spec.py",     # LOG_ZERO, sacreBLEU's log(0)
    1e-16: "bleuprint/metrics/chrf/spec.py",          # EPS, chrF's undefined precision / recall / F
    12345: "bleuprint/spec/significance.py",  # DEFAULT_SEED, sacreBLEU's SACREBLEU_SEED
}
#: The float exactness limits, written as 2**24 and 2**53.
POWERS_ONCE = {24: "bleuprint/spec/intervals.py", 53: "bleuprint/spec/inputs.py"}
PACKAGES = ("spec", "impl", "compat", "metrics", "core")


def _literals(path: Path):
    """The numbers (and strings of digits) written in the code of ``path``, and the
    exponents of ``2 ** k``, each with its line (docstrings are strings of words and do
    not count)."""
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Constant) and not isinstance(node.value, bool):
            if isinstance(node.value, (int, float)):
                yield "number", node.value, node.lineno
            elif isinstance(node.value, str) and node.value.isdigit():
                yield "number", int(node.value), node.lineno
        elif (isinstance(node, ast.BinOp) and isinstance(node.op, ast.Pow) and isinstance(node.left, ast.Constant)
              and node.left.value in (2, 2.0) and isinstance(node.right, ast.Constant)):
            yield "power", node.right.value, node.lineno


def test_the_definitions_constants_are_written_once():
    """``LOG_ZERO``, ``EPS``, the default seed and the float exactness limits each stand in
    one module of spec, impl, compat, the metrics and the core (their definition); every
    other module imports them."""
    found = {}
    for package in PACKAGES:
        for path in sorted((ROOT / "bleuprint" / package).rglob("*.py")):
            for kind, value, line in _literals(path):
                table = DEFINED_ONCE if kind == "number" else POWERS_ONCE
                if value in table:
                    found.setdefault((kind, value), set()).add(path.relative_to(ROOT).as_posix())
    for kind, table in (("number", DEFINED_ONCE), ("power", POWERS_ONCE)):
        for value, home in table.items():
            assert found.get((kind, value)) == {home}, (value, found.get((kind, value)))


def test_the_kernels_copies_of_the_constants_equal_the_spec():
    """The C kernels keep their own #define of a spec constant; each module exports it,
    and it must be the spec's. The compiled modules are imported directly, not through
    ``native`` (which this file's numpy run switches off); only an install without a C
    compiler, which has no kernels to hold to the spec, skips."""
    try:
        resample = importlib.import_module("bleuprint.impl._resample")
        terkernel = importlib.import_module("bleuprint.impl._terkernel")
    except ImportError as error:
        pytest.skip(f"the kernels are not built in this install: {error}")
    from bleuprint.metrics.bleu.spec import LOG_ZERO
    from bleuprint.metrics.ter import spec as spec_ter

    assert resample.LOG_ZERO == LOG_ZERO
    for name in ("MAX_SHIFT_SIZE", "MAX_SHIFT_DISTANCE", "BEAM_WIDTH", "MAX_SHIFT_CANDIDATES"):
        assert getattr(terkernel, name) == getattr(spec_ter, name), name


# -- compat runs the layers' tests -------------------------------------------------------------

HYPS = ["the cat sat on the mat", "a b c e", "one two three four five", "x y", "le chat", ""]
OTHER = ["the cat is on the mat", "a b c d", "one two four five", "y x", "le chien", "rien"]
THIRD = ["a cat sat on a mat", "a b", "one two three four five six", "x y", "chat", "x"]
REFS = [["the cat is on the mat"], ["a b c d"], ["one two three four six"], ["x y"], ["le chat"], ["rien"]]


@pytest.mark.parametrize("metric, options", [("bleu", {}), ("bleu", {"smooth_method": "add-k", "smooth_value": 0.5}),
                                             ("chrf", {"n": 3, "word_order": 1}), ("ter", {})])
@pytest.mark.parametrize("test", ["bs", "ar"])
def test_compat_paired_test_is_the_layers_test(metric, options, test):
    """``compat.resampling.paired_test`` (``bleuprint score --paired-bs/--paired-ar``) gives
    each layer's ``paired_*_stats`` rows, chrF's ``n`` among the options of the metric's value."""
    from bleuprint.compat.backends import IMPL, SPEC
    from bleuprint.compat.resampling import paired_test

    for backend, layer in ((IMPL, impl), (SPEC, spec)):
        matrices = [layer.sentence_stats(configured(metric, **options), hyps, REFS) for hyps in (HYPS, OTHER, THIRD)]
        run = layer.paired_bootstrap_stats if test == "bs" else layer.paired_approximate_randomization_stats
        want = run(configured(metric, **options), matrices[0], matrices[1:], n=60, seed=11)
        head, rows = paired_test(backend, metric, matrices[0], matrices[1:], test, 60, 11, options)
        assert (head, rows) == (want.baseline, want.systems)


def test_approximate_randomization_of_statistics_beyond_exact_float64_sums():
    """When N * max |baseline - system| reaches 2^53, float64 trial sums would round: impl
    sums them in int64, as sacreBLEU (and the spec) do, instead of refusing them, so the
    test runs on such statistics in both layers with the same result."""
    big = 2**51  # four rows: corpus sums of 2^53, the largest statistic
    baseline = np.array([[big, big, big, 0, 0, big, big, big]] * 4, dtype=np.int64)
    system = np.array([[big, big, 1, 0, 0, big, big, big]] * 4, dtype=np.int64)
    results = [layer.paired_approximate_randomization_stats("bleu", baseline, [system], n=50, seed=5)
               for layer in (spec, impl)]
    assert results[0] == results[1]
