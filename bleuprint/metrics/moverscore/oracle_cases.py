"""The MoverScore / WMD golden cases (``python -m bleuprint.oracles.generate moverscore``):
small seeded arrays, each variant's ground costs and masses written out here from the
reference code's formulas (numpy), and the transport value from the oracles: POT's
``ot.emd2`` (balanced problems: pypi-v2, github-v2, WMD), pyemd's POT backend (v1's
unequal masses, EMD-hat by partial transport) and pyemd's C++ backend (FastEMD, as
MoverScore ran it: masses and costs rounded to 1e-6 of their largest value), and gensim's
``KeyedVectors.wmdistance`` for WMD (``norm=False``, and its default ``norm=True``, which is
WMD of the vectors scaled to unit length). Oracle code: used by the generator and
the tests only.
"""

from __future__ import annotations

import numpy as np

VARIANTS = ("v1", "pypi-v2", "github-v2", "wmd")


def _arrays(rng, n, m, d):
    hyp = np.round(rng.normal(size=(n, d)), 3)
    ref = np.round(rng.normal(size=(m, d)), 3)
    return hyp, ref


def _shapes():
    rng = np.random.default_rng(35)
    out = [(1, 1, 3), (1, 4, 3), (4, 1, 2), (2, 2, 2), (3, 5, 4), (6, 4, 5), (5, 6, 3), (7, 7, 4)]
    out += [tuple(int(x) for x in rng.integers(1, 8, 2)) + (int(rng.integers(2, 6)),) for _ in range(6)]
    return out


def _v1_problem(hyp, ref, hw, rw):
    raw = np.vstack([ref, hyp])
    raw = raw / (np.linalg.norm(raw, axis=1, keepdims=True) + 1e-6)
    sq = (raw ** 2).sum(1)
    dist = np.clip(sq[:, None] + sq[None, :] - 2.0 * raw @ raw.T, 0.0, np.inf)
    c1 = np.zeros(len(raw))
    c2 = np.zeros(len(raw))
    c1[: len(ref)] = rw
    c2[len(ref):] = hw
    return c1 / (c1.sum() + 1e-5), c2 / (c2.sum() + 1e-5), dist


def _v2_problem(hyp, ref, hw, rw):
    raw = np.vstack([ref, hyp])
    raw = raw / (np.linalg.norm(raw, axis=1, keepdims=True) + 1e-30)
    sq = (raw ** 2).sum(1)
    dist = np.sqrt(np.maximum(sq[:, None] + sq[None, :] - 2.0 * raw @ raw.T, 1e-30))
    c1 = np.zeros(len(raw))
    c2 = np.zeros(len(raw))
    c1[: len(ref)] = rw
    c2[len(ref):] = hw
    return c1 / (c1.sum() + 1e-30), c2 / (c2.sum() + 1e-30), dist


def _wmd_gensim(hyp, ref, norm=False):
    from gensim.models import KeyedVectors

    words = [f"r{k}" for k in range(len(ref))] + [f"h{k}" for k in range(len(hyp))]
    kv = KeyedVectors(vector_size=hyp.shape[1], dtype=np.float64)
    kv.add_vectors(words, np.vstack([ref, hyp]))
    return float(kv.wmdistance(words[len(ref):], words[: len(ref)], norm=norm))


def build_cases() -> list[dict]:
    import ot
    import pyemd

    rng = np.random.default_rng(2019)
    cases = []
    for variant in VARIANTS:
        for k, (n, m, d) in enumerate(_shapes()):
            hyp, ref = _arrays(rng, n, m, d)
            if k == 3:  # the hypothesis is the reference
                hyp = ref.copy()
            hw = None if variant == "wmd" else np.round(rng.uniform(0.0, 3.0, n), 3)
            rw = None if variant == "wmd" else np.round(rng.uniform(0.0, 3.0, m), 3)
            if hw is not None:
                hw[0] += 0.5  # never all zero
                rw[0] += 0.5
                if k == 5:
                    hw[1] = 0.0  # a token of zero mass (MoverScore v2's filtered tokens)
            case = {"id": f"{variant}-{k}", "variant": variant, "hyp": hyp.tolist(), "ref": ref.tolist(),
                    "hyp_idf": None if hw is None else hw.tolist(), "ref_idf": None if rw is None else rw.tolist()}
            if variant == "wmd":
                a = np.full(m, 1.0 / m)
                b = np.full(n, 1.0 / n)
                diff = ref[:, None, :] - hyp[None, :, :]
                cost = np.sqrt((diff ** 2).sum(-1))
                case["pot"] = float(ot.emd2(a, b, cost))
                case["problem"] = {"supply": a.tolist(), "demand": b.tolist(), "cost": cost.tolist(), "penalty": 0.0,
                                   "pot": case["pot"]}
                case["gensim"] = _wmd_gensim(hyp, ref)
                # gensim's default, norm=True: the same distance on unit-length vectors
                case["gensim_norm"] = _wmd_gensim(hyp, ref, norm=True)
            elif variant == "v1":
                c1, c2, dist = _v1_problem(hyp, ref, hw, rw)
                case["pot"] = 1.0 - float(pyemd.emd(c1, c2, dist, backend="pot"))
                case["problem"] = {"supply": c1[:m].tolist(), "demand": c2[m:].tolist(), "cost": dist[:m, m:].tolist(),
                                   "penalty": float(dist.max()), "pot": 1.0 - case["pot"]}
                case["pyemd_cpp"] = 1.0 - float(pyemd.emd(c1, c2, dist, backend="cpp"))
            else:
                c1, c2, dist = _v2_problem(hyp, ref, hw, rw)
                cost = float(ot.emd2(c1[: m][c1[:m] > 0], c2[m:][c2[m:] > 0],
                                     dist[:m, m:][np.ix_(c1[:m] > 0, c2[m:] > 0)], check_marginals=False))
                case["problem"] = {"supply": c1[:m].tolist(), "demand": c2[m:].tolist(), "cost": dist[:m, m:].tolist(),
                                   "penalty": 0.0, "pot": cost}
                _, flow = pyemd.emd_with_flow(c1, c2, dist, backend="cpp")
                cpp = float(np.sum(np.array(flow) * dist))
                case["pot"] = 1.0 - cost if variant == "pypi-v2" else 1.0 / (1.0 + cost)
                case["pyemd_cpp"] = 1.0 - cpp if variant == "pypi-v2" else 1.0 / (1.0 + cpp)
            cases.append(case)
    return cases
