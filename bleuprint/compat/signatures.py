"""sacreBLEU's signature objects (2.5.1's, which 2.6.0 keeps) (``metrics/base.py`` ``Signature`` and the BLEU,
chrF and TER subclasses), as data: an ordered mapping of keys to values, printed
``key:value`` joined by ``|``.

Key order: ``nrefs``, ``bs``, ``ar``, ``seed``, (``test``, ``lang``, ``origlang``,
``subset``: never set in 2.x), the metric's own keys, ``version`` last. Keys whose value is
None are left out; booleans print ``yes``/``no``. The short form abbreviates each key.
``version`` is the sacreBLEU version chosen (``bleuprint.spec.sacrebleu_versions``; the
metric objects pass their own ``sacrebleu_version``).
"""

from __future__ import annotations

from ..spec.sacrebleu_versions import chosen_sacrebleu_version
from ..spec.signature import smoothing_label

_COMMON_ABBREVIATIONS = {
    "version": "v", "nrefs": "#", "test": "t", "lang": "l", "subset": "S", "origlang": "o",
    "bs": "bs", "ar": "ar", "seed": "rs",
}


class Signature:
    """A reproducibility signature (see the module doc)."""

    _METRIC_ABBREVIATIONS: dict = {}

    def __init__(self, num_refs: int, n_bootstrap=None, seed=None, version: str | None = None):
        self._abbr = {**_COMMON_ABBREVIATIONS, **self._METRIC_ABBREVIATIONS}
        self.info = {
            "version": chosen_sacrebleu_version(version),
            "nrefs": "var" if num_refs == -1 else num_refs,
            "bs": n_bootstrap,
            "ar": None,
            "seed": seed,
            "test": None,
            "lang": None,
            "origlang": None,
            "subset": None,
        }

    def format(self, short: bool = False) -> str:
        keys = [key for key in self.info if key != "version"] + ["version"]
        pairs = []
        for key in keys:
            value = self.info[key]
            if value is None:
                continue
            if isinstance(value, bool):
                value = "yes" if value else "no"
            pairs.append(f"{self._abbr[key] if short else key}:{value}")
        return "|".join(pairs)

    def update(self, key: str, value) -> None:
        self.info[key] = value

    def __str__(self) -> str:
        return self.format()

    __repr__ = __str__


class BLEUSignature(Signature):
    _METRIC_ABBREVIATIONS = {"case": "c", "eff": "e", "tok": "tok", "smooth": "s"}

    def __init__(self, num_refs, *, lowercase, effective_order, tokenize, smooth_method, smooth_value,
                 n_bootstrap=None, seed=None, version=None):
        super().__init__(num_refs, n_bootstrap, seed, version)
        self.info.update({
            "case": "lc" if lowercase else "mixed",
            "eff": "yes" if effective_order else "no",
            "tok": tokenize,
            "smooth": smoothing_label(smooth_method, smooth_value),
        })


class CHRFSignature(Signature):
    _METRIC_ABBREVIATIONS = {"case": "c", "eff": "e", "nc": "nc", "nw": "nw", "space": "s"}

    def __init__(self, num_refs, *, lowercase, eps_smoothing, char_order, word_order, whitespace,
                 n_bootstrap=None, seed=None, version=None):
        super().__init__(num_refs, n_bootstrap, seed, version)
        self.info.update({
            "case": "lc" if lowercase else "mixed",
            "eff": "yes" if not eps_smoothing else "no",
            "nc": char_order,
            "nw": word_order,
            "space": "yes" if whitespace else "no",
        })


class TERSignature(Signature):
    _METRIC_ABBREVIATIONS = {"case": "c", "tok": "t", "norm": "nr", "punct": "pn", "asian": "as"}

    def __init__(self, num_refs, *, case_sensitive, normalized, no_punct, asian_support,
                 n_bootstrap=None, seed=None, version=None):
        super().__init__(num_refs, n_bootstrap, seed, version)
        self.info.update({
            "case": "mixed" if case_sensitive else "lc",
            "tok": "tercom",
            "norm": bool(normalized),
            "punct": not no_punct,
            "asian": bool(asian_support),
        })
