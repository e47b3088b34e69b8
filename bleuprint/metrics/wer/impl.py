"""WER, CER, MER, WIL and WIP, fast: the same rows and values as
``bleuprint.metrics.wer.spec`` (checked by ``tests/impl/test_wer_diff.py``).

* Words: jiwer's transform (the spec's ``words``: runs of 2+ white-space characters are a
  separator, as is a single " "; the ends stripped) and the interning of each distinct word
  as an int32 id are done in C (``_wer.word_ids``: no Python call a word); characters: the
  kernel reads the stripped texts' code points itself (``_wer.text_rows``; a lone surrogate
  is a code point like any other). Without the kernel: one compiled regular expression and
  a dict (``_word_ids``), UTF-32 code points (``_char_ids``).
* The counts: the compiled kernel (``bleuprint.impl.native.wer``, ``csrc/wer.c``: the
  spec's affix step, rapidfuzz's Hirschberg split and the spec's back-trace, on Hyyro's
  bit-parallel table, 64 cells a machine word, in memory linear in the lengths), over
  ``native.THREADS`` threads (the kernel releases the GIL); without it (no C compiler,
  ``BLEUPRINT_NO_NATIVE=1``) a Python back-trace on the same ids (``_python_counts``).
* WER and CER need only the distances (``error_rate``: S + D + I is the Levenshtein
  distance whichever alignment is chosen, and H + S + D the reference's length), which the
  kernel computes without keeping any column (``_wer.distances``).
* The measures: the spec's ``measure_from_counts`` on the summed row (a handful of
  operations), and ``wer_batch`` vectorised with numpy for bootstrap resamples, in the
  same IEEE double operations.
"""

from __future__ import annotations

import re

import numpy as np

from ...impl import native
from .spec import HIRSCHBERG_BYTES, MEASURES, UNIT_OF, alignment_counts, check_unit, check_wer_corpus, measure_from_counts

_RUNS_OF_SPACE = re.compile(r"\s\s+")

#: Fewest pairs per part when the kernel call is split over threads (read at call time).
SPLIT_MIN_SEGMENTS = 500


def _references(refs: list) -> list:
    """The one reference of each segment (the spec's ``single_reference`` refusal)."""
    out = []
    for k, group in enumerate(refs):
        if len(group) != 1:
            from .spec import single_reference

            single_reference(group, f"refs[{k}]")
        out.append(group[0])
    return out


def _checked(hyps, refs):
    if not (type(hyps) is list and type(refs) is list and hyps and len(hyps) == len(refs)
            and all(type(h) is str for h in hyps) and all(type(g) is list and len(g) == 1 and type(g[0]) is str
                                                          for g in refs)):
        hyps, refs = check_wer_corpus(hyps, refs)
    return hyps, _references(refs)


def _word_ids(texts: list, vocab: dict):
    """int32 ids of every text's words, and int64 offsets."""
    sub = _RUNS_OF_SPACE.sub
    lengths = np.empty(len(texts) + 1, dtype=np.int64)
    lengths[0] = 0
    ids: list = []
    intern = vocab.setdefault
    for k, text in enumerate(texts):
        pieces = [w for w in sub(" ", text).strip().split(" ") if w]
        ids.extend([intern(w, len(vocab)) for w in pieces])
        lengths[k + 1] = len(pieces)
    return np.array(ids, dtype=np.int32), np.cumsum(lengths)


def _char_ids(texts: list):
    """int32 code points of every stripped text, and int64 offsets."""
    stripped = [t.strip() for t in texts]
    lengths = np.zeros(len(texts) + 1, dtype=np.int64)
    lengths[1:] = np.fromiter(map(len, stripped), np.int64, len(stripped))
    ids = np.frombuffer("".join(stripped).encode("utf-32-le", "surrogatepass"), dtype=np.uint32).astype(np.int32)
    return ids, np.cumsum(lengths)


def _python_counts(r: list, h: list) -> list:
    """The spec's ``alignment_counts`` on id lists, one column of the table at a time
    (vertical differences kept for the back-trace); a pair long enough that rapidfuzz may
    split it (Hirschberg) goes to the spec itself."""
    n0, m0 = len(r), len(h)
    prefix = 0
    while prefix < n0 and prefix < m0 and r[prefix] == h[prefix]:
        prefix += 1
    suffix = 0
    while suffix < n0 - prefix and suffix < m0 - prefix and r[n0 - 1 - suffix] == h[m0 - 1 - suffix]:
        suffix += 1
    a, b = r[prefix:n0 - suffix], h[prefix:m0 - suffix]
    n, m = len(a), len(b)
    if n >= 65 and m >= 10 and 2 * n * m // 8 >= HIRSCHBERG_BYTES:  # rapidfuzz may split: the spec's rule
        return list(alignment_counts(r, h))
    hits, subs, dels, ins = prefix + suffix, 0, 0, 0
    if n == 0 or m == 0:
        return [hits, 0, n, m]
    prev = list(range(n + 1))
    vertical = [[1] * (n + 1)]
    for j in range(1, m + 1):
        bj = b[j - 1]
        cur = [j] * (n + 1)
        column = [0] * (n + 1)
        for i in range(1, n + 1):
            best = min(prev[i - 1] + (a[i - 1] != bj), cur[i - 1] + 1, prev[i] + 1)
            cur[i] = best
            column[i] = best - cur[i - 1]
        vertical.append(column)
        prev = cur
    i, j = n, m
    while i and j:
        if vertical[j][i] == 1:
            dels += 1
            i -= 1
        elif j > 1 and vertical[j - 1][i] == -1:
            ins += 1
            j -= 1
        else:
            if a[i - 1] == b[j - 1]:
                hits += 1
            else:
                subs += 1
            i -= 1
            j -= 1
    return [hits, subs, dels + i, ins + j]


def _element_ids(hyps: list, ref_texts: list, unit: str):
    """``(ref_ids, ref_off, hyp_ids, hyp_off)``: int32 ids of every reference's and
    hypothesis' elements (words interned in one vocabulary, or code points), and int64
    offsets (pair k's reference is ``ref_ids[ref_off[k]:ref_off[k + 1]]``)."""
    n = len(hyps)
    if unit == "words":
        kernel = native.wer
        if kernel is not None:  # jiwer's transform and the interning in C: no Python call a word
            ids, offsets = kernel.word_ids(ref_texts + hyps)
            ids, offsets = np.frombuffer(ids, np.int32), np.frombuffer(offsets, np.int64)
            return ids, offsets[:n + 1], ids, offsets[n:]
        vocab: dict = {}
        ref_ids, ref_off = _word_ids(ref_texts, vocab)
        hyp_ids, hyp_off = _word_ids(hyps, vocab)
        return ref_ids, ref_off, hyp_ids, hyp_off
    if native.wer is not None:  # stripped and read as code points in C
        ids, offsets = native.wer.char_ids(ref_texts + hyps)
        ids, offsets = np.frombuffer(ids, np.int32), np.frombuffer(offsets, np.int64)
    else:
        ids, offsets = _char_ids(ref_texts + hyps)
    return ids, offsets[:n + 1], ids, offsets[n:]


def _kernel_rows(name: str, hyps: list, ref_texts: list, unit: str) -> tuple[np.ndarray, int]:
    """The kernel's ``counts`` (rows of 6) or ``distances`` (one value a pair), the pairs cut
    into parts over ``native.THREADS`` threads; and the references' total length. On
    characters the kernel reads the texts themselves (``text_rows``: no corpus-wide array
    of code points)."""
    n = len(hyps)
    bounds = native.split_points(n, native.parts(), SPLIT_MIN_SEGMENTS)
    kernel = native.wer
    if unit == "characters":
        distances = name == "distances"

        def part(a: int, b: int):
            return lambda: kernel.text_rows(ref_texts, hyps, a, b, distances)
    else:
        ref_ids, ref_off, hyp_ids, hyp_off = _element_ids(hyps, ref_texts, unit)
        call = getattr(kernel, name)

        def part(a: int, b: int):
            return lambda: call(ref_ids, ref_off, hyp_ids, hyp_off, a, b)

    results = native.run_parallel([part(a, b) for a, b in zip(bounds[:-1], bounds[1:])])
    rows = np.frombuffer(results[0] if len(results) == 1 else b"".join(results), np.int64)
    if unit == "characters":
        if name == "distances":
            rows = rows.reshape(n, 2)
            return rows[:, 0], int(rows[:, 1].sum())
        return rows, int(rows.reshape(n, 6)[:, 4].sum())
    return rows, int(ref_off[n] - ref_off[0])


def counts_matrix(hyps, refs, unit: str = "words") -> np.ndarray:
    """The N x 6 int64 matrix of rows ``[H, S, D, I, N_ref, N_hyp]`` (the spec's
    ``segment_row`` of every segment)."""
    unit = check_unit(unit)
    hyps, ref_texts = _checked(hyps, refs)
    n = len(hyps)
    if native.wer is None:
        ref_ids, ref_off, hyp_ids, hyp_off = _element_ids(hyps, ref_texts, unit)
        rows = np.zeros((n, 6), dtype=np.int64)
        rl, hl = ref_ids.tolist(), hyp_ids.tolist()
        for k in range(n):
            r, h = rl[ref_off[k]:ref_off[k + 1]], hl[hyp_off[k]:hyp_off[k + 1]]
            rows[k, :4] = _python_counts(r, h)
            rows[k, 4], rows[k, 5] = len(r), len(h)
        return rows
    return _kernel_rows("counts", hyps, ref_texts, unit)[0].reshape(n, 6).copy()


def error_rate(hyps, refs, unit: str = "words") -> float:
    """WER (words) or CER (characters) from the distances alone: the spec's
    ``measure_from_counts`` is (S + D + I) / (H + S + D) with H + S + D = N_ref, and
    S + D + I is the Levenshtein distance of the pair whatever alignment is chosen, so the
    pooled value is (sum of distances) / (sum of reference lengths) in the same double
    operations; every reference empty: the insertions, i.e. the sum of distances."""
    unit = check_unit(unit)
    hyps, ref_texts = _checked(hyps, refs)
    if native.wer is None:
        summed = counts_matrix(hyps, [[r] for r in ref_texts], unit).sum(axis=0).tolist()
        return float(measure_from_counts(summed, "wer"))
    distances, ref_len = _kernel_rows("distances", hyps, ref_texts, unit)
    errors = int(distances.sum())
    if ref_len == 0:
        return float(errors)
    return float(errors) / float(ref_len)


def wer_batch(sums, measure: str = "wer") -> np.ndarray:
    """The measure of every row of the R x 6 array ``sums`` (float64), as the spec's
    ``measure_from_counts`` computes it row by row (the same double operations)."""
    rows = np.asarray(sums, dtype=np.float64).reshape(-1, 6)
    hits, subs, dels, ins, ref_len, hyp_len = rows.T
    errors = subs + dels + ins
    empty_ref, empty_hyp = ref_len == 0, hyp_len == 0
    with np.errstate(divide="ignore", invalid="ignore"):
        if measure in ("wer", "cer"):
            return np.where(empty_ref, ins, errors / (hits + subs + dels))
        if measure == "mer":
            return np.where(empty_ref, np.where(empty_hyp, 0.0, 1.0), errors / (hits + subs + dels + ins))
        wip = np.where(empty_ref, np.where(empty_hyp, 1.0, 0.0),
                       np.where(empty_hyp, 0.0, (hits / ref_len) * (hits / hyp_len)))
    if measure == "wip":
        return wip
    if measure == "wil":
        return 1 - wip
    raise ValueError(f"unknown measure {measure!r}: expected one of {', '.join(MEASURES)}")


def _corpus(measure: str, hyps, refs) -> float:
    if measure in ("wer", "cer"):  # the distance alone decides them
        return error_rate(hyps, refs, UNIT_OF[measure])
    rows = counts_matrix(hyps, refs, UNIT_OF[measure])
    return float(measure_from_counts(rows.sum(axis=0).tolist(), measure))


def wer_stats(hyp: str, refs: list) -> list[int]:
    """One segment's word row (the spec's ``wer_stats``)."""
    from ...spec.inputs import check_text

    return counts_matrix([check_text(hyp, "hyp")], [refs], "words")[0].tolist()


def cer_stats(hyp: str, refs: list) -> list[int]:
    """One segment's character row (the spec's ``cer_stats``)."""
    from ...spec.inputs import check_text

    return counts_matrix([check_text(hyp, "hyp")], [refs], "characters")[0].tolist()


def wer(hyps, refs) -> float:
    """Corpus WER (the spec's ``wer``; hypotheses first)."""
    return _corpus("wer", hyps, refs)


def cer(hyps, refs) -> float:
    """Corpus CER (the spec's ``cer``; hypotheses first)."""
    return _corpus("cer", hyps, refs)


def mer(hyps, refs) -> float:
    """Corpus MER (the spec's ``mer``; hypotheses first)."""
    return _corpus("mer", hyps, refs)


def wil(hyps, refs) -> float:
    """Corpus WIL (the spec's ``wil``; hypotheses first)."""
    return _corpus("wil", hyps, refs)


def wip(hyps, refs) -> float:
    """Corpus WIP (the spec's ``wip``; hypotheses first)."""
    return _corpus("wip", hyps, refs)
