"""MAUVE: impl.mauve_from_histograms against the spec with Hypothesis (within 1e-12: the
same float64 operations, sums exactly rounded in both), the quantisation's steps against
mauve-text's (PCA: the same projection as scikit-learn's up to each component's sign,
within 1e-9), the multi-seed mode, and the refusals of bad features."""

from __future__ import annotations

import importlib.util

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bleuprint.metrics.mauve import impl, spec

counts = st.lists(st.integers(0, 20), min_size=1, max_size=40)


@settings(max_examples=200, deadline=None)
@given(counts, counts, st.sampled_from([0.0, 0.5]), st.integers(1, 30))
def test_impl_equals_spec(p, q, smoothing, points):
    k = min(len(p), len(q))
    p, q = p[:k], q[:k]
    p[0] += 1
    q[-1] += 1
    a = spec.mauve_from_histograms(p, q, curve_points=points, smoothing=smoothing)
    b = impl.mauve_from_histograms(p, q, curve_points=points, smoothing=smoothing)
    assert abs(a["mauve"] - b["mauve"]) <= 1e-12
    assert abs(a["frontier_integral"] - b["frontier_integral"]) <= 1e-12
    assert np.allclose(a["divergence_curve"], b["divergence_curve"], rtol=0, atol=1e-12)


def test_auto_buckets_round_half_to_even():
    """min(n_p, n_q) / 10 = 2.5 -> round gives 2; 3.5 -> 4; 1.4 -> 1, raised to 2."""
    assert impl.auto_buckets(25, 30) == 2
    assert impl.auto_buckets(35, 40) == 4
    assert impl.auto_buckets(14, 400) == 2


@pytest.mark.skipif(importlib.util.find_spec("sklearn") is None, reason="scikit-learn is not installed")
def test_pca_is_scikit_learns_up_to_sign():
    """mauve-text's step 2 is sklearn's PCA(whiten=False) then the first d' columns."""
    from sklearn.decomposition import PCA

    rng = np.random.default_rng(3)
    data = rng.normal(size=(120, 10)) @ rng.normal(size=(10, 10))
    data /= np.linalg.norm(data, axis=1, keepdims=True)
    ours = impl.pca_project(data, 0.9)
    pca = PCA(n_components=None, whiten=False, random_state=1).fit(data)
    keep = int(np.argmax(np.cumsum(pca.explained_variance_ratio_) >= 0.9)) + 1
    theirs = pca.transform(data)[:, :keep]
    assert ours.shape == theirs.shape
    signs = np.sign((ours * theirs).sum(axis=0))
    assert np.max(np.abs(ours * signs - theirs)) <= 1e-9


def test_same_seed_same_histograms_and_seed_spread():
    rng = np.random.default_rng(0)
    p = rng.normal(size=(120, 6))
    q = rng.normal(size=(100, 6)) + 0.5
    a = impl.mauve(p, q, seed=7)
    assert a == impl.mauve(p, q, seed=7)
    assert a["num_buckets"] == 10 and sum(a["p_counts"]) == 120 and sum(a["q_counts"]) == 100
    spread = impl.mauve_over_seeds(p, q, seeds=[1, 2, 3])
    values = [impl.mauve(p, q, seed=s)["mauve"] for s in (1, 2, 3)]
    assert spread["values"] == values
    assert abs(spread["mean"] - sum(values) / 3) <= 1e-15
    assert abs(spread["sd"] - float(np.std(values, ddof=1))) <= 1e-12


def test_identical_samples_give_one():
    """P's rows are Q's: every bucket holds as many of each, so P = Q and MAUVE is 1
    (within 1e-12: w p + (1 - w) q rounds away from p by an ulp, so KL is about 1e-16)."""
    p = np.random.default_rng(1).normal(size=(60, 5))
    out = impl.mauve(p, p.copy(), seed=0)
    assert out["p_counts"] == out["q_counts"]
    assert abs(out["mauve"] - 1.0) <= 1e-12


@pytest.mark.parametrize("p, q, kwargs, words", [
    ([[1.0, 2.0], [1.0]], [[1.0, 2.0]], {}, "p_features is ragged: row 1 has 1 dimensions"),
    ([[1.0, float("nan")]] * 3, [[1.0, 2.0]] * 3, {}, "p_features[0][1] is nan"),
    ([[1.0, 2.0]] * 3, [[1.0, 2.0, 3.0]] * 3, {}, "p_features has 2 dimensions but q_features has 3"),
    (np.zeros((0, 3)), [[1.0, 2.0, 3.0]], {}, "p_features has shape (0, 3)"),
    ([[0.0, 0.0], [1.0, 2.0]], [[1.0, 2.0]] * 2, {}, "p_features row 0 is the zero vector"),
    ([[1.0, 2.0]] * 2, [[1.0, 2.0]] * 2, {"num_buckets": 9}, "9 buckets for 4 samples"),
    ([[1.0, 2.0]] * 2, [[1.0, 2.0]] * 2, {"explained_variance": 1.0}, "explained_variance"),
])
def test_bad_features_are_named(p, q, kwargs, words):
    with pytest.raises(ValueError) as info:
        impl.mauve(p, q, **kwargs)
    assert words in str(info.value)


@pytest.mark.skipif(importlib.util.find_spec("mauve") is None or importlib.util.find_spec("faiss") is None,
                    reason="mauve-text and faiss-cpu are not installed")
@pytest.mark.parametrize("blobs", [2, 3])
@pytest.mark.parametrize("seed", range(4))
def test_quantisation_agrees_with_mauve_text_on_clear_clusters(blobs, seed):
    """faiss's k-means and this one differ in initialisation and arithmetic, so their
    buckets can only be compared where the clustering is unambiguous: ``blobs`` tight
    blobs on orthogonal axes (10 apart, noise 0.3), k = ``blobs``. Both must find the
    blobs: the (P count, Q count) pairs of the buckets, in any bucket order, are the
    blobs' own; MAUVE and MAUVE* then agree within 1e-12 (the same sums in another
    bucket order)."""
    import faiss
    import mauve as mauve_text

    faiss.omp_set_num_threads(1)
    rng = np.random.default_rng(100 + seed)
    centres = np.eye(16)[:blobs] * 10
    lp, lq = rng.integers(0, blobs, 80), rng.integers(0, blobs, 60)
    p = centres[lp] + 0.3 * rng.normal(size=(80, 16))
    q = centres[lq] + 0.3 * rng.normal(size=(60, 16))
    truth = sorted(zip(np.bincount(lp, minlength=blobs).tolist(), np.bincount(lq, minlength=blobs).tolist()))
    theirs = mauve_text.compute_mauve(p_features=p, q_features=q, seed=seed, num_buckets=blobs)
    ours = impl.mauve(p, q, seed=seed, num_buckets=blobs)
    assert sorted(zip(np.rint(theirs.p_hist * 80).astype(int).tolist(),
                      np.rint(theirs.q_hist * 60).astype(int).tolist())) == truth
    assert sorted(zip(ours["p_counts"], ours["q_counts"])) == truth
    assert abs(ours["mauve"] - theirs.mauve) <= 1e-12
    assert abs(ours["mauve_star"] - theirs.mauve_star) <= 1e-12


@pytest.mark.skipif(importlib.util.find_spec("mauve") is None or importlib.util.find_spec("faiss") is None,
                    reason="mauve-text and faiss-cpu are not installed")
@pytest.mark.parametrize("seed", [0, 25])
def test_only_the_kmeans_differs_from_mauve_text(seed):
    """Steps 1-3 (L2 normalisation, PCA to 0.9 of the variance, k) are mauve-text's: faiss's
    k-means with mauve-text's own call (``niter=500, nredo=5, seed=seed + 2``, float32, one
    thread) on impl's projection gives mauve-text's histograms exactly (equal arrays), and
    ``mauve_from_histograms`` on them mauve-text's MAUVE within 1e-12, the histogram part's
    tolerance (``tests/spec/test_mauve_definition.py``: the sums here exactly rounded,
    numpy's pairwise there; observed 0.0 at seed 0 and 1.1e-16 at seed 25). What is left between the two MAUVEs is
    therefore impl's own k-means (module docstring of ``impl``). 600 x 32 blobs a side."""
    import faiss
    import mauve as mauve_text

    from bleuprint.metrics.mauve.oracle_cases import features

    faiss.omp_set_num_threads(1)
    p, q = features(0, 600, 600, 32, 0.3, 8)
    theirs = mauve_text.compute_mauve(p_features=p, q_features=q, seed=seed, verbose=False)
    k = impl.auto_buckets(len(p), len(q))
    data = impl.projected(impl.check_features(p, "p"), impl.check_features(q, "q"), 0.9).astype(np.float32)
    kmeans = faiss.Kmeans(data.shape[1], k, niter=500, nredo=5, update_index=True, seed=seed + 2, verbose=False)
    kmeans.train(data)
    labels = kmeans.index.search(data, 1)[1].reshape(-1)
    q_counts, p_counts = np.bincount(labels[:len(q)], minlength=k), np.bincount(labels[len(q):], minlength=k)
    p_hist, q_hist = p_counts / p_counts.sum(), q_counts / q_counts.sum()
    assert np.array_equal(p_hist, theirs.p_hist)
    assert np.array_equal(q_hist, theirs.q_hist)
    assert abs(impl.mauve_from_histograms(p_hist, q_hist)["mauve"] - theirs.mauve) <= 1e-12
