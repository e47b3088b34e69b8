"""bleuprint's self-BLEU (spec, impl and the registered metric) against every golden case
generated from the oracles (``bleuprint/oracles/goldens/self_bleu.json``, built by
``bleuprint.metrics.self_bleu.oracle_cases``: sacreBLEU 2.5.1 ``sentence_bleu`` in a loop for
evalsuite, nltk 3.10.4 ``sentence_bleu`` with method1 for texygen). No oracle is needed here.

Tolerances: each output's value must be *equal* to the oracle's float (same operations in
the same order); the corpus mean within 1e-12 (the sum's order is the only difference).
"""

from __future__ import annotations

import pytest

from bleuprint.metrics.self_bleu import impl, spec
from bleuprint.oracles.goldens import golden_cases

CASES = golden_cases("self_bleu")
TOLERANCE = 1e-12


def _by_id(cases):
    return pytest.mark.parametrize("case", cases, ids=[case["id"] for case in cases])


def test_goldens_cover_every_family():
    families = {case["family"] for case in CASES}
    for variant in spec.VARIANTS:
        assert {f"self_bleu:{variant}:quirks", f"self_bleu:{variant}:gram=1", f"self_bleu:{variant}:dups:plain"} \
            <= families
    assert "self_bleu:texygen:first-500" in families
    assert len(CASES) >= 50
    assert all(case["refs"] is None for case in CASES)


@_by_id(CASES)
def test_spec_rows_equal_the_oracle(case):
    options = case["options"]
    rows = spec.self_bleu_rows(case["hyps"], options.get("variant", "evalsuite"), options.get("gram"))
    assert rows == case["sentence_stats"]
    assert spec.self_bleu(case["hyps"], **options) == pytest.approx(case["score"], abs=TOLERANCE)


@_by_id(CASES)
def test_impl_rows_equal_the_oracle(case):
    options = case["options"]
    matrix = impl.self_bleu_matrix(case["hyps"], options.get("variant", "evalsuite"), options.get("gram"))
    assert matrix.tolist() == case["sentence_stats"]
    assert impl.self_bleu(case["hyps"], **options) == pytest.approx(case["score"], abs=TOLERANCE)
