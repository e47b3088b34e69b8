"""Token embeddings from a Hugging Face encoder on the CPU, as bert_score 0.3.13 computes
them for ``score()`` (``bert_score/utils.py``: ``sent_encode``, ``get_model``,
``bert_encode``), one sentence per forward pass.

* tokens: ``tokenizer.encode(text.strip(), add_special_tokens=True,
  max_length=tokenizer.model_max_length, truncation=True)`` (``add_prefix_space=True`` for
  GPT-2 and RoBERTa tokenizers), with the fast tokenizer (bert_score's
  ``use_fast_tokenizer=True``; the pinned MiniLM ships only ``tokenizer.json``);
* embeddings: the hidden state after ``layer`` encoder layers (0: the embedding layer),
  float32, from ``model(ids, attention_mask=ones)`` in eval mode without gradients;
  bert_score keeps the first ``num_layers`` layers and takes the last hidden state, the
  same computation;
* special positions: where the id is the tokenizer's ``cls_token_id`` or
  ``sep_token_id``, the tokens bert_score gives weight 0 (by id, wherever they occur).

One sentence per pass, so no sentence is padded: the embeddings do not depend on which
other sentences are encoded (bert_score pads a batch and masks attention; with
``batch_size=1`` it pads nothing, and the embeddings are the same bits,
``tests/encoder/test_encoder_oracle.py``). An empty (or all-blank) text is refused:
bert_score encodes it as [CLS] [SEP], whose weights sum to 0 (P and R are then NaN, set to
0 by its two-token rule).
"""

from __future__ import annotations

from .pins import EncoderUnavailable, ModelFiles

#: What the extra installs (pyproject's ``encoder`` extra); torch must be a CPU build.
REQUIREMENTS = "torch==2.13.0 (a CPU build) and transformers==4.57.6: pip install 'bleuprint[encoder]'"


def require():
    """``(torch, transformers)``, else EncoderUnavailable naming what to install."""
    try:
        import torch
        import transformers
    except ImportError as error:
        raise EncoderUnavailable(f"an encoder needs {REQUIREMENTS} ({error.name} is not installed)") from None
    return torch, transformers


class Encoder:
    """A loaded encoder: ``segments(texts)`` gives each text's segment in bertscore's
    mapping form ``{"embeddings": tokens x dims float32 array, "ids": [...],
    "special": [...]}``; ``layer`` is the hidden state taken (default: the last layer);
    ``record`` names the source (directory, or pinned package and sha256) and the layer."""

    def __init__(self, source: str, layer: int | None = None):
        files = ModelFiles(source)  # a source that is neither a directory nor a pin: refused first
        with files as directory:  # a pinned archive's sha256 checked before torch is imported
            torch, transformers = require()
            layers = transformers.AutoConfig.from_pretrained(directory, local_files_only=True).num_hidden_layers
            if layer is None:
                layer = layers
            if isinstance(layer, bool) or not isinstance(layer, int) or not 0 <= layer <= layers:
                raise ValueError(f"encoder layer must be an int from 0 (the embedding layer) to {layers}, "
                                 f"got {layer!r}")
            self.tokenizer = transformers.AutoTokenizer.from_pretrained(directory, use_fast=True,
                                                                        local_files_only=True)
            self.model = transformers.AutoModel.from_pretrained(directory, local_files_only=True)
        self.model.eval()
        self._torch = torch
        self.layer = layer
        self.record = {**files.record, "layer": layer}
        self._prefix_space = isinstance(self.tokenizer, (transformers.GPT2TokenizerFast,
                                                         transformers.RobertaTokenizerFast))
        self._special = {self.tokenizer.cls_token_id, self.tokenizer.sep_token_id} - {None}
        self._done: dict = {}  # text -> its segment: a text repeated anywhere is encoded once

    def token_ids(self, text: str, what: str = "the text") -> list[int]:
        """bert_score's ``sent_encode`` (module doc); an empty text is refused."""
        if not isinstance(text, str):
            raise TypeError(f"{what} must be a str, got {type(text).__name__}")
        text = text.strip()
        if not text:
            raise ValueError(f"{what} is empty: BERTScore has no token to match (bert_score scores it 0 by its "
                             "two-token rule)")
        extra = {"add_prefix_space": True} if self._prefix_space else {}
        return self.tokenizer.encode(text, add_special_tokens=True, max_length=self.tokenizer.model_max_length,
                                     truncation=True, **extra)

    def embeddings(self, ids: list[int]):
        """The float32 tokens x dims array of the hidden state ``layer`` for ``ids``."""
        torch = self._torch
        x = torch.tensor([ids], dtype=torch.long)
        with torch.no_grad():
            out = self.model(x, attention_mask=torch.ones_like(x), output_hidden_states=True)
        return out.hidden_states[self.layer][0].numpy().copy()

    def segment(self, text: str, what: str = "the text") -> dict:
        ids = self.token_ids(text, what)
        return {"embeddings": self.embeddings(ids), "ids": ids,
                "special": [k for k, t in enumerate(ids) if t in self._special]}

    def segments(self, texts, what: str = "text") -> list[dict]:
        """Every text's segment; the k-th text is named ``what k`` (from 1) in a refusal. A
        text already encoded by this encoder is not encoded again (the same segment)."""
        out = []
        for k, text in enumerate(texts, 1):
            if not isinstance(text, str) or text not in self._done:
                self._done[text] = self.segment(text, f"{what} {k}")
            out.append(self._done[text])
        return out
