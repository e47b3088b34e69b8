"""torchmetrics' functional text metrics as audit subjects, with the library's defaults
(written from the documentation and source of ``torchmetrics.functional.text``; on CPU torch).

Every function takes ``preds`` (a list of strings) and ``target`` (per prediction, its list of
references: bleuprint's layout), returns a 0-d tensor on a 0-1 scale, and is a corpus score.

* ``bleu_score(preds, target, n_gram=4, smooth=False)``: splits on white space
  (``tokenize="none"``), no smoothing; the closest reference length is the first reference
  at the smallest distance (sacreBLEU takes the shorter one on a tie).
* ``sacre_bleu_score(preds, target, n_gram=4, smooth=False, tokenize="13a", lowercase=False)``:
  sacreBLEU's tokenizers but *no* smoothing by default (sacreBLEU's default is ``exp``).
* ``chrf_score(preds, target, n_char_order=6, n_word_order=2, beta=2.0, lowercase=False,
  whitespace=False)``: chrF++ by default (``word_order=2``).
* ``translation_edit_rate(preds, target, normalize=False, no_punctuation=False,
  lowercase=True, asian_support=False)``: TER, lowercased by default (bleuprint's default
  ``case_sensitive=False``).
* ``rouge_score(preds, target, rouge_keys=(KEY,))[KEY + "_fmeasure"]`` for ``rouge1`` and
  ``rougeL`` (``rougeLsum`` needs nltk's punkt data, a download): rouge-score's tokens, the best
  target by F (``accumulate="best"``), the mean over segments, all in float32 tensors.

The statistics are float32 tensors, so scores may differ from the exact value by about
1e-7 even on ordinary text: the BLEU, chrF and TER subjects declare a relative tolerance of
1e-5 (``Subject.tolerance``, ``classify.NUMERIC``'s float32 bound), so only differences
beyond float32 are classes (chrF++'s word n-grams are one: ``test_adapters``). The ROUGE
subjects declare none: the audit finds their float32 arithmetic by itself
(``run.detect_noise``), the issue's case.

* ``bert_score(preds, target, model=..., user_tokenizer=..., user_forward_fn=...)``:
  BERTScore from the segments' token embeddings, given to torchmetrics as its own API
  allows for a user's model: each segment is a "sentence" whose tokenizer gives its
  tokens consecutive ids (0 is padding) and whose forward function looks the embeddings
  up by id (padding rows are ones: torchmetrics divides every row by its norm before it
  masks). Its defaults: ``idf=False``, ``batch_size=64``; the first and the last real
  token of every sequence are taken for [CLS] and [SEP] by position and neither weigh nor
  match; the corpus score is the mean of its ``f1``. Float32: equal within 1e-5 (as
  bert_score's adapter says). Installing torchmetrics 1.9.0 from PyPI pulls the CUDA
  torch; ``pip install --no-deps torchmetrics==1.9.0 lightning-utilities`` next to a CPU
  torch is enough.
"""

from __future__ import annotations

import warnings

from ..subject import Subject
from ._common import as_float, require

#: The target name (``bleuprint audit torchmetrics``), also the subjects' library.
TARGET = "torchmetrics"
BLEU = {"tokenize": "none", "smooth_method": "none", "effective_order": False, "max_ngram_order": 4}
SACRE_BLEU = {"tokenize": "13a", "lowercase": False, "smooth_method": "none", "effective_order": False,
              "max_ngram_order": 4}
CHRF = {"n": 6, "word_order": 2, "beta": 2.0, "lowercase": False, "whitespace": False}
#: The relative tolerance of the float32 subjects (module doc).
FLOAT32 = 1e-5
TER = {"case_sensitive": False, "normalized": False, "no_punct": False, "asian_support": False}


def subjects() -> list[Subject]:
    text, version = require("torchmetrics", "torchmetrics.functional.text")

    def caller(function):
        def score(hyps, refs):
            return as_float(function(list(hyps), [list(r) for r in refs]))
        return score

    notes = "preds = hyps, target = refs as given (the library's layout is bleuprint's); tensor -> float"
    common = dict(library=TARGET, version=version, level="corpus", scale=1.0,
                  notes=notes)
    float32 = dict(common, tolerance=FLOAT32, notes=notes + "; float32 tensors: equal within 1e-5 (relative)")
    bert = _bert_score(version)
    return [
        *bert,
        Subject(metric="bleu", call="torchmetrics.functional.text.bleu_score(preds, target)",
                options=dict(BLEU), score=caller(text.bleu_score), name="torchmetrics:bleu_score", **float32),
        Subject(metric="bleu", call="torchmetrics.functional.text.sacre_bleu_score(preds, target)",
                options=dict(SACRE_BLEU), score=caller(text.sacre_bleu_score),
                name="torchmetrics:sacre_bleu_score", **float32),
        Subject(metric="chrf", call="torchmetrics.functional.text.chrf_score(preds, target)",
                options=dict(CHRF), score=caller(text.chrf_score), name="torchmetrics:chrf_score", **float32),
        Subject(metric="ter", call="torchmetrics.functional.text.translation_edit_rate(preds, target)",
                options=dict(TER), score=caller(text.translation_edit_rate),
                name="torchmetrics:translation_edit_rate", **float32),
    ] + [Subject(metric="rouge", call=f"torchmetrics.functional.text.rouge_score(preds, target, rouge_keys=({key!r},))"
                 f"[{key + '_fmeasure'!r}]", options={"rouge_type": key}, score=rouge(text.rouge_score, key),
                 name=f"torchmetrics:rouge_score:{key}", **common) for key in ("rouge1", "rougeL")]


def rouge(function, key):
    def score(hyps, refs):
        return as_float(function(list(hyps), [list(r) for r in refs], rouge_keys=(key,))[key + "_fmeasure"])
    return score


def _bert_score(version: str) -> list[Subject]:
    """torchmetrics' ``bert_score`` on supplied token embeddings (module doc); none where
    its module does not import (no torch or transformers: the text metrics need neither)."""
    try:
        import torch
        from torchmetrics.functional.text.bert import bert_score
    except ImportError:
        return []

    def rows(segment):
        return segment["embeddings"] if isinstance(segment, dict) else segment

    def score(hyps, refs):
        segments = [rows(h) for h in hyps] + [rows(r) for group in refs for r in group]
        first, table = [], [None]  # the first id of each segment; id 0 is padding
        for segment in segments:
            first.append(len(table))
            table.extend(segment)
        width = len(segments[0][0])
        vectors = torch.tensor([[1.0] * width] + table[1:], dtype=torch.float32)

        def tokenizer(texts, max_length=512, **_):
            lengths = [len(segments[int(t)]) for t in texts]
            longest = max(lengths)
            ids = torch.zeros((len(texts), longest), dtype=torch.long)
            mask = torch.zeros((len(texts), longest), dtype=torch.long)
            for k, (t, n) in enumerate(zip(texts, lengths)):
                ids[k, :n] = torch.arange(first[int(t)], first[int(t)] + n)
                mask[k, :n] = 1
            return {"input_ids": ids, "attention_mask": mask}

        def forward(model, batch):
            return vectors[batch["input_ids"]]

        preds = [str(k) for k in range(len(hyps))]
        target, start = [], len(hyps)
        for group in refs:
            target.append([str(start + j) for j in range(len(group))])
            start += len(group)
        if all(len(group) == 1 for group in target):
            target = [group[0] for group in target]
        with warnings.catch_warnings():  # "could not retrieve num_layers" of a user's model, every call
            warnings.simplefilter("ignore")
            out = bert_score(preds, target, model=torch.nn.Identity(), user_tokenizer=tokenizer,
                             user_forward_fn=forward, device="cpu")
        return float(torch.as_tensor(out["f1"]).mean())

    return [Subject(library=TARGET, version=version, metric="bertscore", level="corpus", scale=1.0,
                   call="torchmetrics.functional.text.bert_score(preds, target, model, user_tokenizer, "
                        "user_forward_fn)", options={"idf": False, "multi_ref": "max"}, score=score,
                   name="torchmetrics:bert_score", tolerance=FLOAT32,
                   notes="token embeddings through a user tokenizer and forward function (ids look the rows up); "
                         "the mean of f1; float32: scores equal within 1e-5")]
