"""BERTScore from token embeddings the user supplies, the literal definition.

Zhang et al., "BERTScore: Evaluating Text Generation with BERT", ICLR 2020, section 3, as
coded in bert_score 0.3.13 (``bert_score/utils.py``: ``greedy_cos_idf``, ``get_idf_dict``,
``score``). The encoder is the user's: a segment is the token embeddings it produced.

Input. A segment (a hypothesis, or one of its references) is either

* a tokens x dimensions array of floats (a list of lists, or anything with ``__array__``),
  or
* a mapping ``{"embeddings": ARRAY, "ids": [token ids], "special": [positions]}``, where
  ``ids`` (one int per token) is needed for IDF weights only, and ``special`` lists the
  0-based positions of the tokenizer's special tokens ([CLS], [SEP], <s>, </s>).

IDF needs token ids because it counts token *types* across references, which embeddings do
not name (contextual vectors of one word differ). JSON-friendly, so the same form is a line
of a JSON-lines file and an entry of a vector file.

Definitions. Every sum is a plain float64 loop, left to right from 0.0 (``seq_sum``): a
stated order, which impl follows with one vectorised step per term, so its values are the
same bits (exactly rounded sums, ``math.fsum``, would need an exact accumulator in impl).

* ``unit(x)``: with m = max_k |x_k| and y = x / m (so no square overflows or
  underflows), ``y / sqrt(seq_sum(y_k * y_k))``; a zero vector is refused (no direction).
* ``cos[i][j] = seq_sum_k unit(h_i)_k * unit(r_j)_k``.
* token weights (``weights``): 0 at a special position; elsewhere 1, or with ``idf`` the
  token id's ``idf(t) = ln((M + 1) / (df(t) + 1))``, where M is the number of references of
  the whole corpus (every reference of every segment, as bert_score flattens them) and
  df(t) the number of those references containing t (``idf_table``). A hypothesis token
  never seen in a reference gets ``ln(M + 1)``. Weights are divided by their ``seq_sum``,
  so they sum to 1 per sequence; a sequence whose weights are all 0 is refused (bert_score
  divides 0 by 0 and returns NaN: its issue #6, idf with one reference).
* ``P = seq_sum_i w_h[i] * max_j cos[i][j]``, ``R = seq_sum_j w_r[j] * max_i cos[i][j]``,
  ``F = 2PR / (P + R)``, and F = 0 where P + R = 0 (bert_score: NaN -> 0 when P = R = 0;
  a difference below).
* several references (``multi_ref``): ``max`` (bert_score's rule) takes the maxima of P, R
  and F over the references independently, so F need not be 2PR/(P+R) of the reported P
  and R; ``best-f`` reports the P, R and F of the first reference with the largest F.
* baseline rescaling (``baseline``): ``x' = (x - b) / (1 - b)`` for P, R and F each, with
  b from row ``baseline_layer`` (0 = the embedding layer) of a bert_score baseline file
  (columns LAYER,P,R,F; ``baseline_values``). Rescaling is increasing, so it commutes with
  the maxima over references.
* the corpus score is the mean F1 over segments (what bert_score users report:
  ``F.mean()``); the corpus P and R are the means of the segments' P and R (the
  registered metric's ``measure`` names which of the three is its score).

Named differences from bert_score 0.3.13's ``greedy_cos_idf`` (each shown against it by
``tests/spec/test_bertscore_oracle.py``):

* batch-padding floor: bert_score pads a batch and multiplies the similarity matrix by the
  padding mask *before* the max, so a padded slot is a cosine of 0; a token whose best
  cosine is negative then takes 0 when its pair is batched with a longer one. Here a
  pair's score never depends on another pair (as bert_score called one pair at a time).
* two-token rule: bert_score takes any sequence of exactly two tokens for an empty one
  ([CLS] [SEP]) and sets P and R to 0, but not F. Here two tokens are two tokens.
* P + R = 0 with P != 0: bert_score divides by 0 (F = +-inf); here F = 0.
* float32: bert_score computes in float32 (torch), this definition in float64.
"""

from __future__ import annotations

import math
import numbers
from collections.abc import Mapping

from ...spec.arrays import check_rows, check_segment_keys
from ...spec.arrays import check_sequence as _sequence
from ...spec.inputs import check_choice, check_not_empty

MULTI_REF = ("max", "best-f")
MEASURES = ("precision", "recall", "f1")  # the order of a segment's (P, R, F)
KEYS = ("embeddings", "ids", "special")


# -- inputs -----------------------------------------------------------------------------------


class Segment:
    """One checked sequence: ``vectors`` (tuples of floats), ``ids`` (tuple or None),
    ``special`` (frozenset of positions)."""

    __slots__ = ("vectors", "ids", "special")

    def __init__(self, vectors, ids, special):
        self.vectors, self.ids, self.special = vectors, ids, special

    @property
    def dims(self) -> int:
        return len(self.vectors[0])


def check_vectors(x, what: str) -> tuple:
    """A tokens x dimensions array: at least one token, at least one dimension, every row
    as long as the first, finite numbers, no zero vector (``bleuprint.spec.arrays``)."""
    return check_rows(x, what, nonzero=True)


def check_segment(x, what: str, check=None) -> Segment:
    """An array, or a mapping with ``embeddings`` and optional ``ids`` and ``special``
    (module doc), checked; ``check`` checks the array (default ``check_vectors``; impl
    passes a vectorised check with the same rules and messages)."""
    check = check or check_vectors
    if isinstance(x, Segment):
        return x
    ids, special = None, frozenset()
    if isinstance(x, Mapping):
        check_segment_keys(x, what, KEYS)
        vectors = check(x["embeddings"], f"{what}['embeddings']")
        if x.get("ids") is not None:
            raw = _sequence(x["ids"], f"{what}['ids']", "token ids (ints)")
            if len(raw) != len(vectors):
                raise ValueError(f"{what} has {len(vectors)} token vectors but {len(raw)} ids")
            ids = tuple(_int(v, f"{what}['ids'][{k}]") for k, v in enumerate(raw))
        if x.get("special") is not None:
            raw = _sequence(x["special"], f"{what}['special']", "positions (ints)")
            positions = [_int(v, f"{what}['special'][{k}]") for k, v in enumerate(raw)]
            bad = [p for p in positions if not 0 <= p < len(vectors)]
            if bad:
                raise ValueError(f"{what}['special'] names position {bad[0]}, outside 0..{len(vectors) - 1}")
            special = frozenset(positions)
    else:
        vectors = check(x, what)
    return Segment(vectors, ids, special)


def _int(v, what: str) -> int:
    if hasattr(v, "item") and getattr(v, "shape", None) == ():
        v = v.item()
    if isinstance(v, bool) or not isinstance(v, numbers.Integral):
        raise TypeError(f"{what} must be an int, got {type(v).__name__}")
    return int(v)


def check_corpus(hyps, refs, check=None) -> tuple[list, list]:
    """``hyps[i]`` a segment, ``refs[i]`` a non-empty list of segments of the same
    dimensions as ``hyps[i]``; as many reference lists as hypotheses (``check``: as for
    ``check_segment``)."""
    hyp_list = _sequence(hyps, "hyps", "segments (token embedding arrays)")
    if refs is None:
        raise TypeError("bertscore needs references: refs is None")
    ref_list = _sequence(refs, "refs", "lists of reference segments")
    check_not_empty(hyp_list)  # the one empty-corpus rule of every metric
    if len(hyp_list) != len(ref_list):
        raise ValueError(f"mismatched lengths: {len(hyp_list)} hypotheses, {len(ref_list)} reference lists")
    checked_hyps, checked_refs = [], []
    for i, (hyp, group) in enumerate(zip(hyp_list, ref_list)):
        h = check_segment(hyp, f"hyps[{i}]", check)
        if isinstance(group, Mapping) or (hasattr(group, "shape") and len(group.shape) == 2):
            raise TypeError(f"refs[{i}] must be a list of reference segments, got one segment: wrap it in a list")
        members = _sequence(group, f"refs[{i}]", "reference segments")
        if not members:
            raise ValueError(f"refs[{i}] is empty: segment {i} has no reference")
        rs = [check_segment(r, f"refs[{i}][{k}]", check) for k, r in enumerate(members)]
        for k, r in enumerate(rs):
            if r.dims != h.dims:
                raise ValueError(f"dimension mismatch in segment {i}: hyps[{i}] has {h.dims} dimensions, "
                                 f"refs[{i}][{k}] has {r.dims}")
        checked_hyps.append(h)
        checked_refs.append(tuple(rs))
    return checked_hyps, checked_refs


def check_multi_ref(value: object) -> str:
    return check_choice(value, MULTI_REF, "multi_ref")


def check_measure(value: object) -> str:
    """The mean a corpus score is: of precision, recall or f1 (the registered metric's
    ``measure``)."""
    return check_choice(value, MEASURES, "measure")


# -- IDF --------------------------------------------------------------------------------------


def idf_table(refs) -> tuple:
    """``(M, ((id, df), ...))`` of every reference of the corpus (checked segments): M the
    number of references (each of a segment's references counts), df(t) the number of
    references whose ids contain t (bert_score's ``get_idf_dict``: a set per reference)."""
    df: dict = {}
    m = 0
    for i, group in enumerate(refs):
        for k, ref in enumerate(group):
            if ref.ids is None:
                raise ValueError(f"idf needs token ids: refs[{i}][{k}] has none (give {{'embeddings': ..., 'ids': ...}})")
            m += 1
            for t in set(ref.ids):
                df[t] = df.get(t, 0) + 1
    return m, tuple(sorted(df.items()))


def combine_tables(first, second) -> tuple:
    """The table of two shards' references together: M and each df add."""
    if first is None or second is None:
        return first if second is None else second
    df = dict(first[1])
    for t, n in second[1]:
        df[t] = df.get(t, 0) + n
    return first[0] + second[0], tuple(sorted(df.items()))


def idf(token: int, table) -> float:
    """``ln((M + 1) / (df + 1))``; df = 0 for a token no reference contains."""
    m, counts = table
    df = dict(counts).get(token, 0)
    return math.log((m + 1) / (df + 1))


# -- one pair ---------------------------------------------------------------------------------


def seq_sum(values) -> float:
    """The float64 sum of ``values`` left to right, from 0.0 (the stated order)."""
    total = 0.0
    for value in values:
        total += value
    return total


def unit(vector: tuple) -> list[float]:
    """``y / sqrt(seq_sum(y_k^2))`` with ``y = x / max_k |x_k|`` (module doc)."""
    m = max(abs(x) for x in vector)
    y = [x / m for x in vector]
    norm = math.sqrt(seq_sum(t * t for t in y))
    return [t / norm for t in y]


def cosine_matrix(hyp: Segment, ref: Segment) -> list[list[float]]:
    """``cos[i][j] = seq_sum_k unit(h_i)_k * unit(r_j)_k``."""
    hs = [unit(v) for v in hyp.vectors]
    rs = [unit(v) for v in ref.vectors]
    return [[seq_sum(a * b for a, b in zip(h, r)) for r in rs] for h in hs]


def weights(segment: Segment, table, what: str) -> list[float]:
    """The token weights, normalised to sum to 1 (module doc)."""
    if table is not None and segment.ids is None:
        raise ValueError(f"idf needs token ids: {what} has none (give {{'embeddings': ..., 'ids': ...}})")
    raw = [0.0 if t in segment.special else (idf(segment.ids[t], table) if table is not None else 1.0)
           for t in range(len(segment.vectors))]
    total = seq_sum(raw)
    if total == 0:
        raise ValueError(f"{what}: every token weight is 0 (all tokens special, or idf 0 for every token: "
                         f"with idf, a token in every reference weighs ln(1) = 0)")
    return [w / total for w in raw]


def f1(p: float, r: float) -> float:
    """``2PR / (P + R)``; 0 where P + R = 0."""
    return 0.0 if p + r == 0 else 2 * p * r / (p + r)


def pair_prf(hyp: Segment, ref: Segment, table=None, what: str = "segment") -> tuple[float, float, float]:
    """P, R and F of one hypothesis against one reference (module doc)."""
    cos = cosine_matrix(hyp, ref)
    wh = weights(hyp, table, f"{what} (hypothesis)")
    wr = weights(ref, table, f"{what} (reference)")
    p = seq_sum(w * max(row) for w, row in zip(wh, cos))
    r = seq_sum(w * max(row[j] for row in cos) for j, w in enumerate(wr))
    return p, r, f1(p, r)


def segment_prf(hyp: Segment, refs, table=None, multi_ref: str = "max", what: str = "segment") -> tuple:
    """P, R, F of a hypothesis against its references, combined by ``multi_ref``."""
    multi_ref = check_multi_ref(multi_ref)
    scores = [pair_prf(hyp, ref, table, f"{what}, reference {k}") for k, ref in enumerate(refs)]
    if multi_ref == "max":
        return tuple(max(s[k] for s in scores) for k in range(3))
    best = max(s[2] for s in scores)
    return next(s for s in scores if s[2] == best)


# -- baseline ---------------------------------------------------------------------------------


def baseline_path(baseline: str):
    """A baseline file: a path to a TSV/CSV file, or ``LANG/MODEL``, bert_score's shipped
    ``rescale_baseline/LANG/MODEL.tsv`` read from the installed bert-score distribution
    (located through its metadata, never imported; never copied into bleuprint)."""
    import os

    if os.path.sep in baseline and os.path.exists(baseline) or baseline.endswith((".tsv", ".csv")):
        if not os.path.exists(baseline):
            raise ValueError(f"baseline file {baseline!r} does not exist")
        return baseline
    from importlib.metadata import PackageNotFoundError, distribution

    try:
        dist = distribution("bert-score")
    except PackageNotFoundError:
        raise ValueError(f"baseline {baseline!r} names bert_score's shipped file, but bert-score is not installed "
                         f"(pip install bert-score==0.3.13), or give a path to a baseline file") from None
    path = dist.locate_file(f"bert_score/rescale_baseline/{baseline}.tsv")
    if not os.path.exists(str(path)):
        raise ValueError(f"no baseline {baseline!r} in the installed bert-score (bert_score/rescale_baseline/"
                         f"{baseline}.tsv does not exist)")
    return str(path)


def baseline_values(baseline: str, layer: int) -> tuple[float, float, float]:
    """``(bP, bR, bF)``: row ``layer`` of the baseline file after its header (bert_score's
    ``pd.read_csv(path).iloc[num_layers]``, columns LAYER,P,R,F), as float64."""
    if isinstance(layer, bool) or not isinstance(layer, int) or layer < 0:
        raise ValueError(f"baseline_layer must be an int >= 0 (the encoder layer; 0 = embeddings), got {layer!r}")
    with open(baseline_path(baseline), encoding="utf-8") as handle:
        lines = [line.strip() for line in handle if line.strip()]
    header = [h.strip() for h in lines[0].split(",")]
    if header[-3:] != ["P", "R", "F"]:
        raise ValueError(f"baseline {baseline!r}: expected the columns LAYER,P,R,F, got {lines[0]!r}")
    rows = lines[1:]
    if layer >= len(rows):
        raise ValueError(f"baseline {baseline!r} has layers 0..{len(rows) - 1}, not {layer}")
    values = tuple(float(v) for v in rows[layer].split(",")[-3:])
    if any(not math.isfinite(b) or b >= 1 for b in values):
        raise ValueError(f"baseline {baseline!r} layer {layer}: values must be finite and below 1, got {values}")
    return values


def rescale(prf: tuple, base: tuple) -> tuple:
    """``(x - b) / (1 - b)`` for each of P, R, F."""
    return tuple((x - b) / (1 - b) for x, b in zip(prf, base))


def check_baseline(baseline, baseline_layer):
    """The (bP, bR, bF) of the options, or None without a baseline."""
    if baseline is None:
        if baseline_layer is not None:
            raise ValueError("baseline_layer is given without a baseline")
        return None
    if not isinstance(baseline, str):
        raise TypeError(f"baseline must be a str (LANG/MODEL or a file path), got {type(baseline).__name__}")
    if baseline_layer is None:
        raise ValueError("a baseline needs baseline_layer: the row of the baseline file (the encoder layer used)")
    return baseline_values(baseline, baseline_layer)


# -- the registered metric's rows -------------------------------------------------------------


def split(x: float) -> list[float]:
    """A signed value as two non-negative statistics ``[max(x, 0), max(-x, 0)]``."""
    return [x if x > 0 else 0.0, -x if x < 0 else 0.0]


def segment_row(hyp: Segment, refs, table=None, multi_ref: str = "max", what: str = "segment") -> list[float]:
    """``[P+, P-, R+, R-, F+, F-]``: the segment's P, R and F (unrescaled) each split into
    positive and negative parts, so that rows are non-negative statistics whose column sums
    give sum(P) = P+ - P- (rows of a MEAN-like corpus pass)."""
    p, r, f = segment_prf(hyp, refs, table, multi_ref, what)
    return split(p) + split(r) + split(f)


def means_from_row(combined, n_segments: int, base=None) -> tuple[float, float, float]:
    """Mean P, R, F of summed rows (each ``(x+ - x-) / n``), rescaled by ``base``."""
    if len(combined) != 6:
        raise ValueError(f"bertscore statistics have 6 columns (P+, P-, R+, R-, F+, F-), got {len(combined)}")
    means = tuple((combined[2 * k] - combined[2 * k + 1]) / n_segments for k in range(3))
    return means if base is None else rescale(means, base)


# -- one call ---------------------------------------------------------------------------------


def bertscore_segments(hyps, refs, idf: bool = False, multi_ref: str = "max", baseline=None,
                       baseline_layer=None) -> list[tuple[float, float, float]]:
    """Every segment's (P, R, F) (module doc), rescaled when a baseline is given."""
    if not isinstance(idf, bool):
        raise TypeError(f"idf must be a bool, got {type(idf).__name__}")
    base = check_baseline(baseline, baseline_layer)
    hyps, refs = check_corpus(hyps, refs)
    table = idf_table(refs) if idf else None
    out = []
    for i, (h, rs) in enumerate(zip(hyps, refs)):
        prf = segment_prf(h, rs, table, multi_ref, f"segment {i}")
        out.append(prf if base is None else rescale(prf, base))
    return out


def bertscore(hyps, refs, idf: bool = False, multi_ref: str = "max", baseline=None, baseline_layer=None) -> dict:
    """BERTScore of a corpus: ``{"precision", "recall", "f1"}`` lists, one value a segment,
    and ``{"precision_mean", "recall_mean", "f1_mean"}`` (each ``fsum / N``); the corpus
    score is ``f1_mean``."""
    rows = bertscore_segments(hyps, refs, idf, multi_ref, baseline, baseline_layer)
    out = {name: [row[k] for row in rows] for k, name in enumerate(("precision", "recall", "f1"))}
    for name in ("precision", "recall", "f1"):
        out[name + "_mean"] = math.fsum(out[name]) / len(rows)
    return out
