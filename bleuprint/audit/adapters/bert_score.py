"""bert_score 0.3.13 (Tiiiger/bert_score) as an audit subject for BERTScore from token
embeddings: what ``bert_score.score`` does once the encoder has run (``bert_cos_score_idf``),
written from its source and calling its own ``greedy_cos_idf``.

* weights (``score``): without idf ``defaultdict(lambda: 1.0)`` with the [CLS] (101) and
  [SEP] (102) ids set to 0 (the segments' ``ids``; a segment without ids gets ordinary ids
  1000, 1001, ...);
* several references: each candidate repeated once per reference, the (candidate,
  reference) pairs in that order in batches of ``batch_size=64`` (its default), each
  batch padded (embeddings with 2.0, masks from the lengths: ``pad_batch_stats``) and
  scored by one ``greedy_cos_idf`` call; then ``all_preds[beg:end].max(dim=0)`` per
  candidate;
* the corpus score: the mean F1 (``F.mean()``), as bleuprint's ``bertscore``; and, as two
  more subjects, the mean P and the mean R (bleuprint's ``measure="precision"`` and
  ``"recall"``), since ``greedy_cos_idf`` sets P and R, but not F, to 0 for a sequence of
  exactly two tokens (its empty-sentence test, ``masks.sum(dim=1).eq(2)``, made for
  [CLS] [SEP]): a difference an audit of F1 alone cannot see.

Tolerance 1e-5 (``Subject.tolerance``): bert_score computes in float32 (torch), bleuprint
in float64 on the same inputs; float32's rounding of cosines of at most 6 coordinates and
their weighted means stays below it (``tests/spec/test_bertscore_oracle.py`` states the
bound), so only differences of definition are classes: the batch-padding floor, the
two-token rule, and coordinates float32 cannot hold (beyond 3.4e38, or below 1.4e-45,
which become 0).
"""

from __future__ import annotations

from ..subject import Subject
from ._common import require

TARGET = "bert-score"
BATCH_SIZE = 64
CLS, SEP = 101, 102


def _mapping(segment) -> dict:
    if isinstance(segment, dict):
        return segment
    rows = [list(map(float, row)) for row in segment]
    return {"embeddings": rows, "ids": list(range(1000, 1000 + len(rows))), "special": []}


def subjects() -> list[Subject]:
    utils, version = require("bert-score", "bert_score.utils", "torch==2.13.0 (a CPU build first)")
    import torch
    from torch.nn.utils.rnn import pad_sequence

    from collections import defaultdict

    weights = defaultdict(lambda: 1.0)
    weights[CLS] = 0
    weights[SEP] = 0

    def padded(sequences):
        emb = [torch.tensor(s["embeddings"], dtype=torch.float32) for s in sequences]
        idf = [torch.tensor([weights[t] for t in s["ids"]], dtype=torch.float32) for s in sequences]
        lens = torch.tensor([len(s["ids"]) for s in sequences], dtype=torch.long)
        mask = torch.arange(int(lens.max())).expand(len(lens), int(lens.max())) < lens.unsqueeze(1)
        return pad_sequence(emb, batch_first=True, padding_value=2.0), mask, pad_sequence(idf, batch_first=True)

    def scores(hyps, refs):
        """Each candidate's (P, R, F): the maxima over its references' pairs."""
        cands, flat, bounds = [], [], []
        for hyp, group in zip(hyps, refs):
            start = len(flat)
            for ref in group:
                cands.append(_mapping(hyp))
                flat.append(_mapping(ref))
            bounds.append((start, len(flat)))
        rows = []
        for b in range(0, len(flat), BATCH_SIZE):
            ref_emb, ref_mask, ref_idf = padded(flat[b:b + BATCH_SIZE])
            hyp_emb, hyp_mask, hyp_idf = padded(cands[b:b + BATCH_SIZE])
            with torch.no_grad():
                p, r, f = utils.greedy_cos_idf(ref_emb, ref_mask, ref_idf, hyp_emb, hyp_mask, hyp_idf)
            rows.append(torch.stack([p, r, f], dim=1))
        preds = torch.cat(rows)
        return torch.stack([preds[s:e].max(dim=0)[0] for s, e in bounds])

    def mean_of(column: int):
        return lambda hyps, refs: float(scores(hyps, refs)[:, column].mean())

    common = dict(library=TARGET, version=version, metric="bertscore", level="corpus", scale=1.0, tolerance=1e-5)
    notes = "token embeddings given as the encoder's output; [CLS]/[SEP] ids 101/102 weigh 0; float32: scores " \
            "equal within 1e-5"
    return [Subject(**common, call="bert_score.score(cands, refs) after the encoder: greedy_cos_idf on batches of "
                    "64 pairs", options={"idf": False, "multi_ref": "max"}, score=mean_of(2), name="bert-score:score",
                    notes=notes),
            *(Subject(**common, call=f"bert_score.score(cands, refs)[{k}].mean() ({measure}) after the encoder: "
                      f"greedy_cos_idf on batches of 64 pairs",
                      options={"idf": False, "multi_ref": "max", "measure": measure}, score=mean_of(k),
                      name=f"bert-score:score-{measure}", notes=notes)
              for k, measure in enumerate(("precision", "recall")))]
