"""model_score's impl (numpy) against its spec, with Hypothesis. Tolerance: none (``==``):
the rows split a score exactly and both layers sum left to right; both refuse the same
inputs with the same exception type and message."""

from __future__ import annotations

import numpy as np
from hypothesis import given
from hypothesis import strategies as st

import bleuprint.impl as impl
from bleuprint import spec
from bleuprint.metrics.model_score.strategies import corpora

SCORE = st.one_of(st.floats(allow_nan=True, allow_infinity=True, width=64), st.integers(-10, 10),
                  st.sampled_from([0.0, -0.0, 5e-324, True]))


def _outcome(function, *args):
    try:
        return "ok", function(*args)
    except (TypeError, ValueError) as error:
        return type(error).__name__, str(error)


@given(st.lists(SCORE, max_size=8))
def test_one_call_function_is_the_specs(scores):
    assert _outcome(impl.model_score, scores) == _outcome(spec.model_score, scores)


@given(corpora())
def test_rows_and_scores_are_the_specs(corpus):
    hyps, _ = corpus
    assert np.asarray(impl.sentence_stats("model_score", hyps)).tolist() == \
        np.asarray(spec.sentence_stats("model_score", hyps)).tolist()
    assert impl.corpus_score("model_score", hyps) == spec.corpus_score("model_score", hyps)
    assert impl.model_score(np.array(hyps)) == spec.model_score(hyps)


SYSTEM_SCORE = st.one_of(st.integers(-400, 400).map(lambda k: k / 256), st.floats(-2.0, 30.0, width=32))


@st.composite
def comparisons(draw):
    n = draw(st.integers(1, 30))
    systems = {f"s{k}": draw(st.lists(SYSTEM_SCORE, min_size=n, max_size=n)) for k in range(draw(st.integers(2, 4)))}
    return systems, draw(st.integers(1, 40)), draw(st.sampled_from([0.4, 0.1, 1.0, 0.75])), draw(st.integers(0, 99))


@given(comparisons())
def test_comet_compare_is_the_specs(case):
    """COMET's compare statistics, including S = 1 (numpy's pairwise sum) and K = 1."""
    systems, splits, ratio, seed = case
    assert impl.comet_compare(systems, splits, ratio, seed) == spec.comet_compare(systems, splits, ratio, seed)


@given(corpora(), st.randoms(use_true_random=False))
def test_per_segment_scores_keep_the_input_order(corpus, rnd):
    """A segment's score comes back where it went in, in both layers, whatever order a TSV
    lists the segments in (users of bert_score and torchmetrics have had misordered output)."""
    import tempfile
    from pathlib import Path

    from bleuprint.metrics.model_score.files import read_scores

    hyps, _ = corpus
    assert list(impl.sentence_scores("model_score", hyps)) == list(spec.sentence_scores("model_score", hyps)) == hyps
    order = list(range(len(hyps)))
    rnd.shuffle(order)
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "scores.tsv"
        path.write_text("".join(f"sys\t{i}\t{hyps[i]!r}\n" for i in order), encoding="utf-8")
        assert read_scores(path) == {"sys": hyps}
