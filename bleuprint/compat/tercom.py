"""sacreBLEU 2.5.1's ``TercomTokenizer`` class (``tokenizers/tokenizer_ter.py``): the
tokenizer of TER, as a callable object with ``signature()``; the work is done by
``bleuprint.metrics.ter.tercom_impl.tokenize_tercom``, the fast form of
``bleuprint.metrics.ter.tercom.tokenize_tercom``, whose docstring gives the steps."""

from __future__ import annotations

from ..metrics.ter.tercom_impl import tokenize_tercom


class TercomTokenizer:
    """``TercomTokenizer(normalized=False, no_punct=False, asian_support=False,
    case_sensitive=False)``; ``tokenizer(line)`` returns the tokenized line (the caller,
    TER, right-strips lines first)."""

    def __init__(self, normalized: bool = False, no_punct: bool = False, asian_support: bool = False,
                 case_sensitive: bool = False):
        self._normalized = normalized
        self._no_punct = no_punct
        self._asian_support = asian_support
        self._case_sensitive = case_sensitive

    def __call__(self, sent: str) -> str:
        if not isinstance(sent, str):
            raise TypeError(f"TercomTokenizer takes a str, got {type(sent).__name__}")
        return tokenize_tercom(sent, normalized=self._normalized, no_punct=self._no_punct,
                               asian_support=self._asian_support, case_sensitive=self._case_sensitive)

    def signature(self) -> str:
        return "tercom"
