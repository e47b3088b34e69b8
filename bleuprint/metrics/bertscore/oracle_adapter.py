"""bert_score 0.3.13 as BERTScore's oracle on supplied embeddings (read only by the golden
builder, verify and the tests; never by the metric).

``greedy_cos_idf(ref_emb, ref_mask, ref_idf, hyp_emb, hyp_mask, hyp_idf)`` is bert_score's
own greedy matching; it needs no model. Around it, what ``bert_score.score`` does with a
model is written out here, line for line of ``bert_score/score.py`` and
``bert_cos_score_idf``, since that code reaches it only through a tokenizer and an encoder:

* the token weights: without idf ``defaultdict(lambda: 1.0)`` with the [CLS] and [SEP] ids
  set to 0; with idf bert_score's own ``get_idf_dict`` over every reference (flattened),
  fed the token ids through a tokenizer stand-in whose ``encode`` returns them;
* several references: the candidate repeated once per reference, then
  ``all_preds[beg:end].max(dim=0)``;
* a batch: sequences padded with 2.0 (``pad_sequence(..., padding_value=2.0)``), idf with
  0, masks from the lengths (``pad_batch_stats``);
* the baseline: ``pd.read_csv(path).iloc[num_layers].to_numpy()[1:]`` as float32, then
  ``(x - b) / (1 - b)``.

Pairs are scored one per call (``pairs_alone``), which is what the definition is exact to,
or several per call (``pairs_batched``), which shows the batch-padding floor.
"""

from __future__ import annotations

import copy

BERT_SCORE_VERSION = "0.3.13"
TORCH_VERSION = "2.13.0"
#: The ids standing for [CLS] and [SEP] (``cases.CLS``, ``cases.SEP``).
CLS, SEP = 101, 102


def require():
    """``(torch, bert_score.utils)`` at the pinned versions, else RuntimeError naming them."""
    from importlib.metadata import version

    found = version("bert-score")
    if found != BERT_SCORE_VERSION:
        raise RuntimeError(f"the bertscore oracle needs bert-score=={BERT_SCORE_VERSION}, found {found}")
    import torch
    from bert_score import utils

    if torch.__version__.split("+")[0] != TORCH_VERSION:
        raise RuntimeError(f"the bertscore oracle needs torch=={TORCH_VERSION} (CPU), found {torch.__version__}")
    return torch, utils


class IdsTokenizer:
    """A tokenizer stand-in for ``get_idf_dict``: a "sentence" is its token ids joined by
    spaces, and ``encode`` gives them back."""

    model_max_length = 10 ** 9

    def encode(self, sentence, **_):
        return [int(x) for x in sentence.split()]


def idf_dict(refs: list, idf: bool) -> dict:
    """The weight of each token id as ``bert_score.score`` builds it (module doc); ``refs``
    is every segment's list of references in the mapping form."""
    from collections import defaultdict

    _, utils = require()
    if not idf:
        weights = defaultdict(lambda: 1.0)
        weights[SEP] = 0
        weights[CLS] = 0
        return weights
    flat = [" ".join(map(str, ref["ids"])) for group in refs for ref in group]
    return utils.get_idf_dict(flat, IdsTokenizer(), nthreads=0)


def _padded(sequences: list, weights: dict):
    """``pad_batch_stats``: embeddings padded with 2.0, idf weights with 0, boolean masks."""
    torch, _ = require()
    from torch.nn.utils.rnn import pad_sequence

    emb = [torch.tensor(s["embeddings"], dtype=torch.float32) for s in sequences]
    idf = [torch.tensor([weights[t] for t in s["ids"]], dtype=torch.float32) for s in sequences]
    lens = torch.tensor([len(s["ids"]) for s in sequences], dtype=torch.long)
    mask = torch.arange(int(lens.max()), dtype=torch.long).expand(len(lens), int(lens.max())) < lens.unsqueeze(1)
    return pad_sequence(emb, batch_first=True, padding_value=2.0), mask, pad_sequence(idf, batch_first=True)


def pairs_batched(hyps: list, refs: list, weights: dict) -> list[tuple[float, float, float]]:
    """bert_score's ``greedy_cos_idf`` on every pair (``hyps[k]`` with ``refs[k]``, one
    reference each, mapping form with ids) in one padded batch: ``(P, R, F)`` a pair, as
    Python floats of the float32 results."""
    torch, utils = require()
    ref_emb, ref_mask, ref_idf = _padded(refs, weights)
    hyp_emb, hyp_mask, hyp_idf = _padded(hyps, weights)
    with torch.no_grad():
        p, r, f = utils.greedy_cos_idf(ref_emb.clone(), ref_mask, ref_idf.clone(), hyp_emb.clone(), hyp_mask,
                                       hyp_idf.clone())
    return [(float(a), float(b), float(c)) for a, b, c in zip(p.tolist(), r.tolist(), f.tolist())]


def pairs_alone(hyps: list, refs: list, weights: dict) -> list[tuple[float, float, float]]:
    """``pairs_batched`` one pair per call: no padding, so no pair affects another."""
    return [pairs_batched([h], [r], weights)[0] for h, r in zip(hyps, refs)]


def as_mapping(segment) -> dict:
    """A segment in the mapping form with ids (an array without ids gets ordinary ids
    1000, 1001, ... and no special position)."""
    if isinstance(segment, dict):
        return copy.deepcopy(segment)
    vectors = [list(map(float, v)) for v in segment]
    return {"embeddings": vectors, "ids": list(range(1000, 1000 + len(vectors))), "special": []}


def segment_scores(hyps: list, refs: list, idf: bool = False, multi_ref: str = "max") -> list:
    """Every segment's (P, R, F) from bert_score one pair at a time: each candidate against
    each of its references, then the maxima over the references (``max``, bert_score's
    ``all_preds[beg:end].max(dim=0)``) or the row of the first largest F (``best-f``, not
    bert_score's: derived from its per-reference rows)."""
    torch, _ = require()
    hyps = [as_mapping(h) for h in hyps]
    refs = [[as_mapping(r) for r in group] for group in refs]
    weights = idf_dict(refs, idf)
    out = []
    for h, group in zip(hyps, refs):
        rows = pairs_alone([h] * len(group), group, weights)
        if multi_ref == "max":
            best = torch.tensor(rows, dtype=torch.float32).max(dim=0)[0].tolist()
            out.append(tuple(float(x) for x in best))
        else:
            top = max(row[2] for row in rows)
            out.append(next(row for row in rows if row[2] == top))
    return out


def rescaled(scores: list, baseline_file: str, layer: int) -> list:
    """``bert_score.score``'s rescaling of (P, R, F) rows with row ``layer`` of a baseline
    file, in float32 as there."""
    import pandas as pd

    torch, _ = require()
    base = torch.from_numpy(pd.read_csv(baseline_file).iloc[layer].to_numpy())[1:].float()
    values = (torch.tensor(scores, dtype=torch.float32) - base) / (1 - base)
    return [tuple(float(x) for x in row) for row in values.tolist()]
