"""Issue 35 item 8, side by side in one process: BERTScore's greedy matching from token
embeddings (bleuprint's impl against bert_score 0.3.13's torch path on the CPU) for
10,000 pairs, and MAUVE from features (bleuprint's impl against mauve-text 0.4.0 with
faiss-cpu), each timed as wall time and as CPU time of this process (torch and faiss may
use more than one thread: CPU time counts them all).

BERTScore inputs: seeded token embeddings, 8..24 tokens a sequence (uniform), 128
dimensions, float32 as an encoder gives them, drawn around a shared direction so that
every best cosine is positive (as with real encoders; then bert_score's batch padding
changes nothing and both compute the same definition). bert_score's path is what
``bert_score.score`` runs once the encoder has run (``bert_cos_score_idf``): the pairs in
order, in batches of 64, each batch padded (``pad_batch_stats``) and scored by
``greedy_cos_idf``, weights 1 (no idf); the tensors are made once, outside the timing, as
its embedding cache holds them. bleuprint's is ``bleuprint.metrics.bertscore.impl.
bertscore`` on the float32 arrays (its input checks, float64 arithmetic and the
per-segment P, R, F included). The largest |F1 difference| over the pairs is printed (the
float32 tolerance of the oracle tests is 1e-5).

MAUVE inputs: ``bleuprint.metrics.mauve.oracle_cases.features`` (Gaussian blobs), N x D
each side; both with seed 25 and ``OMP_NUM_THREADS=1`` (set by the usage line below), and
the two MAUVE values printed (equal when the quantisation agrees).

torch runs on ``--torch-threads`` threads (``torch.set_num_threads``; default 1, as
bleuprint's kernel uses one), stated in the output: compare CPU time, which counts every
thread.

Each timing is the median of ``--repeat`` interleaved runs, with the range, because the
machine is shared.

Usage (from the repository root):
    OMP_NUM_THREADS=1 PYTHONPATH=. python benchmarks/embedding_speed.py [--pairs 10000] [--repeat 3]
"""

from __future__ import annotations

import argparse
import statistics
import time

import numpy as np


def timed(fn, repeat: int):
    """(result, wall times, CPU times) of ``repeat`` calls."""
    walls, cpus, result = [], [], None
    for _ in range(repeat):
        w, c = time.perf_counter(), time.process_time()
        result = fn()
        walls.append(time.perf_counter() - w)
        cpus.append(time.process_time() - c)
    return result, walls, cpus


def cell(times) -> str:
    return f"{statistics.median(times):8.2f} s ({min(times):.2f}..{max(times):.2f})"


def token_embeddings(pairs: int, dims: int, seed: int = 35):
    rng = np.random.default_rng(seed)
    shared = rng.normal(size=dims).astype(np.float32)
    shared *= 3.0 / np.linalg.norm(shared)

    def one():
        n = int(rng.integers(8, 25))
        return (shared + rng.normal(scale=0.15, size=(n, dims))).astype(np.float32)

    return [one() for _ in range(pairs)], [one() for _ in range(pairs)]


def bert_score_path(hyps, refs):
    """bert_score 0.3.13's greedy matching as ``score()`` runs it (module doc): F1 a pair."""
    import torch
    from bert_score.utils import greedy_cos_idf
    from torch.nn.utils.rnn import pad_sequence

    h = [torch.from_numpy(x) for x in hyps]
    r = [torch.from_numpy(x) for x in refs]
    hw = [torch.ones(len(x)) for x in hyps]
    rw = [torch.ones(len(x)) for x in refs]

    def padded(emb, idf, lo, hi):
        lens = torch.tensor([len(e) for e in emb[lo:hi]])
        mask = torch.arange(int(lens.max())).expand(len(lens), int(lens.max())) < lens.unsqueeze(1)
        return pad_sequence(emb[lo:hi], batch_first=True, padding_value=2.0), mask, pad_sequence(idf[lo:hi],
                                                                                                 batch_first=True)

    def run():
        out = []
        with torch.no_grad():
            for lo in range(0, len(h), 64):
                hi = lo + 64
                ref_emb, ref_mask, ref_idf = padded(r, rw, lo, hi)
                hyp_emb, hyp_mask, hyp_idf = padded(h, hw, lo, hi)
                out.append(greedy_cos_idf(ref_emb, ref_mask, ref_idf, hyp_emb, hyp_mask, hyp_idf)[2])
        return torch.cat(out).numpy()

    return run


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--pairs", type=int, default=10_000)
    parser.add_argument("--dims", type=int, default=128)
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--mauve-n", type=int, default=2000)
    parser.add_argument("--mauve-dim", type=int, default=128)
    parser.add_argument("--torch-threads", type=int, default=1)
    args = parser.parse_args()

    import torch

    torch.set_num_threads(args.torch_threads)

    from bleuprint.impl import native
    from bleuprint.metrics.bertscore import impl as B

    ours_name = "bleuprint impl (C kernel, float64)" if native.bertscore else "bleuprint impl (numpy, float64)"

    hyps, refs = token_embeddings(args.pairs, args.dims)
    ref_lists = [[r] for r in refs]
    theirs = bert_score_path(hyps, refs)
    print(f"BERTScore greedy matching, {args.pairs:,} pairs, {args.dims} dimensions, 8..24 tokens "
          f"(torch {torch.__version__}, {torch.get_num_threads()} threads)")
    ours_f = theirs_f = None
    rows = {ours_name: ([], []), "bert_score 0.3.13 (torch, float32)": ([], [])}
    for _ in range(args.repeat):  # interleaved
        ours_f, w, c = timed(lambda: B.bertscore(hyps, ref_lists)["f1"], 1)
        rows[ours_name][0].extend(w)
        rows[ours_name][1].extend(c)
        theirs_f, w, c = timed(theirs, 1)
        rows["bert_score 0.3.13 (torch, float32)"][0].extend(w)
        rows["bert_score 0.3.13 (torch, float32)"][1].extend(c)
    print(f"  {'':<36}{'wall':>26}{'CPU':>26}")
    for name, (walls, cpus) in rows.items():
        print(f"  {name:<36}{cell(walls):>26}{cell(cpus):>26}")
    print(f"  largest |F1 difference|: {float(np.max(np.abs(np.asarray(ours_f) - theirs_f))):.2e}; "
          f"mean F1 {float(np.mean(ours_f)):.6f}")

    import faiss
    import mauve as mauve_text

    from bleuprint.metrics.mauve import impl as M
    from bleuprint.metrics.mauve.oracle_cases import features

    faiss.omp_set_num_threads(1)
    p, q = features(0, args.mauve_n, args.mauve_n, args.mauve_dim, 0.3, 8)
    print(f"\nMAUVE from features, {args.mauve_n:,} x {args.mauve_dim} each side, seed 25, faiss one thread")
    rows = {"bleuprint impl": ([], []), "mauve-text 0.4.0": ([], [])}
    values = {}
    for _ in range(args.repeat):
        values["bleuprint impl"], w, c = timed(lambda: M.mauve(p, q, seed=25)["mauve"], 1)
        rows["bleuprint impl"][0].extend(w)
        rows["bleuprint impl"][1].extend(c)
        values["mauve-text 0.4.0"], w, c = timed(
            lambda: float(mauve_text.compute_mauve(p_features=p, q_features=q, seed=25, verbose=False).mauve), 1)
        rows["mauve-text 0.4.0"][0].extend(w)
        rows["mauve-text 0.4.0"][1].extend(c)
    print(f"  {'':<36}{'wall':>26}{'CPU':>26}{'MAUVE':>12}")
    for name, (walls, cpus) in rows.items():
        print(f"  {name:<36}{cell(walls):>26}{cell(cpus):>26}{values[name]:>12.6f}")


if __name__ == "__main__":
    main()
