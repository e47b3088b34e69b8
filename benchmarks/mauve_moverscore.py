"""MAUVE's dependence on the k-means seed, the row order and the p/q order (bleuprint's
quantisation and mauve-text 0.4.0 with faiss, one thread), and timings of MAUVE from
features and of the transport problem (bleuprint's impl and spec against mauve-text, POT
``ot.emd2`` and pyemd's C++ backend). Helper notes for issue 35, not a claim table.

Features: seeded Gaussian blobs (``bleuprint.metrics.mauve.oracle_cases.features``),
300 x 32 each side by default. Timings: the median of ``--repeat`` interleaved runs, with
the spread (min..max), because the machine is shared.

Usage (from the repository root):
    OMP_NUM_THREADS=1 PYTHONPATH=. python benchmarks/mauve_moverscore.py [--repeat 5] [--n 300] [--dim 32]
"""

from __future__ import annotations

import argparse
import statistics
import time

import numpy as np


def timed(fn, repeat):
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        fn()
        times.append(time.perf_counter() - start)
    return f"{statistics.median(times) * 1000:.1f} ms ({min(times) * 1000:.1f}..{max(times) * 1000:.1f})"


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--repeat", type=int, default=5)
    parser.add_argument("--n", type=int, default=300)
    parser.add_argument("--dim", type=int, default=32)
    args = parser.parse_args()

    import faiss
    import mauve as mauve_text
    import ot
    import pyemd

    from bleuprint.metrics.mauve import impl as M
    from bleuprint.metrics.mauve.oracle_cases import features
    from bleuprint.metrics.moverscore import impl as T
    from bleuprint.metrics.moverscore import transport as S

    faiss.omp_set_num_threads(1)
    p, q = features(0, args.n, args.n, args.dim, 0.3, 6)
    perm = np.random.default_rng(9).permutation(len(p))

    def theirs(a, b, seed=25):
        return float(mauve_text.compute_mauve(p_features=a, q_features=b, seed=seed).mauve)

    def ours(a, b, seed=25):
        return M.mauve(a, b, seed=seed)["mauve"]

    print(f"MAUVE dependence ({args.n} x {args.dim} each side; seed 25 unless said)")
    print(f"{'input':<28}{'bleuprint':>12}{'mauve-text':>12}")
    for label, a, b in (("p, q", p, q), ("q, p (swapped)", q, p), ("p rows permuted, q", p[perm], q)):
        print(f"{label:<28}{ours(a, b):>12.4f}{theirs(a, b):>12.4f}")
    ours_seeds = [ours(p, q, s) for s in range(5)]
    theirs_seeds = [theirs(p, q, s) for s in range(5)]
    print(f"{'seeds 0-4 mean':<28}{np.mean(ours_seeds):>12.4f}{np.mean(theirs_seeds):>12.4f}")
    print(f"{'seeds 0-4 sd (n-1)':<28}{np.std(ours_seeds, ddof=1):>12.4f}{np.std(theirs_seeds, ddof=1):>12.4f}")

    print("\nTimings")
    print(f"MAUVE from features, bleuprint impl: {timed(lambda: ours(p, q), args.repeat)}")
    print(f"MAUVE from features, mauve-text:     {timed(lambda: theirs(p, q), args.repeat)}")
    rng = np.random.default_rng(1)
    for size in (10, 30):
        a = rng.random(size)
        b = rng.random(size)
        a, b = a / a.sum(), b / b.sum()
        cost = rng.random((size, size))
        full = np.zeros((2 * size, 2 * size))
        full[:size, size:] = cost
        full[size:, :size] = cost.T
        c1, c2 = np.concatenate([a, np.zeros(size)]), np.concatenate([np.zeros(size), b])
        print(f"transport {size}x{size}: impl {timed(lambda: T.transport(a, b, cost), args.repeat)}; "
              f"spec (rationals) {timed(lambda: S.transport_cost(a.tolist(), b.tolist(), cost.tolist()), 1)}; "
              f"ot.emd2 {timed(lambda: ot.emd2(a, b, cost), args.repeat)}; "
              f"pyemd C++ {timed(lambda: pyemd.emd(c1, c2, full, backend='cpp'), args.repeat)}")


if __name__ == "__main__":
    main()
