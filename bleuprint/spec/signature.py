"""sacreBLEU's reproducibility signatures (2.5.1 and 2.6.0: the same but for the version).

A signature lists ``key:value`` pairs joined by ``|`` in a fixed order: ``nrefs`` (an int,
or ``var`` when sentences have different numbers of references), then the metric's own
keys, then ``version`` last. The short form replaces each key by its abbreviation.
Booleans print as ``yes``/``no``.

* BLEU: ``case`` (c) ``mixed``/``lc``, ``eff`` (e) effective order, ``tok`` (tok) the
  tokenizer (``spec.tokenizers.tokenizer_signature``: its name, MeCab's version and
  dictionary for ``ja-mecab``/``ko-mecab``, the model's name for SentencePiece), ``smooth`` (s) the method, with its value in brackets to two decimals for
  floor and add-k (the default filled in): ``floor[0.10]``, ``add-k[1.00]``.
* chrF: ``case`` (c), ``eff`` (e) = ``yes`` when eps smoothing is *off*, ``nc`` character
  order, ``nw`` word order, ``space`` (s) white space kept. beta is not in the signature
  (it is in the score's name, ``chrF2``).
* TER: ``case`` (c) ``mixed`` when case-sensitive, else ``lc``; ``tok`` (**t**, not tok)
  always ``tercom``; ``norm`` (nr) normalisation; ``punct`` (pn) = ``yes`` when
  punctuation is *kept* (not no_punct); ``asian`` (as) Asian support.

* ``version`` (v): the sacreBLEU version chosen (``bleuprint.spec.sacrebleu_versions``:
  the call's ``sacrebleu_version``, else the process's, else the installed sacreBLEU's when
  it is 2.5.1 or 2.6.0, else 2.6.0), or the metric's own ``signature_version`` for a metric
  exact to something other than sacreBLEU.

Source: sacreBLEU 2.5.1 ``metrics/base.py`` (Signature), ``bleu.py`` (BLEUSignature),
``chrf.py`` (CHRFSignature), ``ter.py`` (TERSignature), checked against its output;
sacreBLEU 2.6.0's files are the same (it adds the tokenizer spBLEU-1K).
"""

from __future__ import annotations

from ..hooks import Protocol
from .inputs import check_choice, check_positive_int
from .sacrebleu_versions import check_tokenizer_version, chosen_sacrebleu_version
from .tokenizers import BLEU_TOKENIZERS, tokenizer_signature

#: The sacreBLEU version the shipped goldens and vector files were generated with (and
#: name: their signatures end in ``version:2.5.1``). The version a signature names is
#: chosen by ``bleuprint.spec.sacrebleu_versions`` (2.5.1 or 2.6.0).
SACREBLEU_VERSION = "2.5.1"

def signed_metrics() -> tuple[str, ...]:
    """The registered metrics that have a sacreBLEU-style signature (those that define
    ``signature_fields``)."""
    from ..core import get_metric, metric_names

    return tuple(name for name in metric_names() if "signature_fields" in SIGNATURES.overrides(get_metric(name)))


_ABBREVIATIONS = {
    "nrefs": "#", "version": "v",
    "case": "c", "eff": "e", "tok": "tok", "smooth": "s",
    "nc": "nc", "nw": "nw", "space": "s",
}



def yes_no(flag: bool) -> str:
    return "yes" if flag else "no"


def smoothing_label(smooth_method: str, smooth_value=None) -> str:
    """``exp``, ``none``, ``floor[0.10]``, ``add-k[1.00]``: the method, and for methods
    that take a value, the value (or its default) to two decimals."""
    # Imported here: bleuprint.spec binds this module at import, and the metrics' spec
    # modules import bleuprint.spec.
    from ..metrics.bleu.spec import SMOOTH_DEFAULTS, SMOOTH_METHODS

    check_choice(smooth_method, SMOOTH_METHODS, "smooth_method")
    default = SMOOTH_DEFAULTS[smooth_method]
    if default is None:
        return smooth_method
    value = default if smooth_value is None else smooth_value
    return f"{smooth_method}[{value:.2f}]"


def bleu_signature_fields(tokenize="13a", lowercase=False, smooth_method="exp", smooth_value=None,
                          effective_order=False, max_ngram_order=4) -> list[tuple[str, str]]:
    """BLEU's own keys, in order (max_ngram_order is not part of sacreBLEU's signature)."""
    check_choice(tokenize, BLEU_TOKENIZERS, "tokenizer")
    check_positive_int(max_ngram_order, "max_ngram_order")
    return [
        ("case", "lc" if lowercase else "mixed"),
        ("eff", yes_no(effective_order)),
        ("tok", tokenizer_signature(tokenize)),
        ("smooth", smoothing_label(smooth_method, smooth_value)),
    ]


def chrf_signature_fields(n=6, beta=2, word_order=0, lowercase=False, whitespace=False,
                          eps_smoothing=False) -> list[tuple[str, str]]:
    """chrF's own keys, in order (beta is not part of the signature)."""
    from ..metrics.chrf.spec import check_orders

    check_orders(n, word_order)
    return [
        ("case", "lc" if lowercase else "mixed"),
        ("eff", yes_no(not eps_smoothing)),
        ("nc", str(n)),
        ("nw", str(word_order)),
        ("space", yes_no(whitespace)),
    ]


def ter_signature_fields(normalized=False, no_punct=False, asian_support=False,
                         case_sensitive=False) -> list[tuple[str, str]]:
    """TER's own keys, in order; the tokenizer is always Tercom's (``tercom``)."""
    return [
        ("case", "mixed" if case_sensitive else "lc"),
        ("tok", "tercom"),
        ("norm", yes_no(normalized)),
        ("punct", yes_no(not no_punct)),
        ("asian", yes_no(asian_support)),
    ]


def signature(metric, *, nrefs=None, short: bool = False, sacrebleu_version: str | None = None) -> str:
    """The signature sacreBLEU prints for ``metric`` with these options (for a metric that
    sacreBLEU does not have, the same form, ending in the metric's ``signature_version``).

    ``sacrebleu_version`` ("2.5.1" or "2.6.0"; None: the process's choice or the default,
    ``bleuprint.spec.sacrebleu_versions``) is the version it ends with, for a metric that
    follows sacreBLEU; a tokenizer that version does not have is a ValueError
    (``spBLEU-1K`` under 2.5.1). A metric with its own ``signature_version`` ignores it.

    ``nrefs`` is the number of references of every sentence (1 when not given), or
    ``"var"`` when it varies; a metric without references has no ``nrefs`` field, and
    ``nrefs`` must then be left out.
    ``metric`` is a configured metric (``bleuprint.metric("bleu", tokenize="intl")``: the
    options as for ``corpus_bleu`` / ``chrf``) or a registered name for its defaults.
    """
    from ..core import as_metric

    if isinstance(metric, str):
        check_choice(metric, signed_metrics(), "metric with a sacreBLEU signature")
    value = as_metric(metric)
    definition, options = value.definition, value.options
    metric = definition.name
    check_choice(metric, signed_metrics(), "metric with a sacreBLEU signature")
    hooks = SIGNATURES.of(definition)
    version = hooks.signature_version
    if not version:
        version = chosen_sacrebleu_version(sacrebleu_version)
        check_tokenizer_version(options.get("tokenize"), version)
    elif sacrebleu_version is not None:
        chosen_sacrebleu_version(sacrebleu_version)  # checked all the same
    if not definition.references:
        if nrefs is not None:
            raise TypeError(f"{metric} takes no references, so its signature has no nrefs (got nrefs={nrefs!r})")
        pairs = []
    else:
        nrefs = 1 if nrefs is None else nrefs
        if nrefs != "var":
            check_positive_int(nrefs, "nrefs")
        pairs = [("nrefs", str(nrefs))]
    fields = hooks.signature_fields(**options)
    abbreviations = {**_ABBREVIATIONS, **hooks.signature_abbreviations}
    pairs += fields + [("version", version)]
    return "|".join(f"{abbreviations[key] if short else key}:{value}" for key, value in pairs)


# -- the signatures' protocol (``bleuprint.hooks``): what ``signature`` asks a metric; a
# metric with a signature of its own says so in ``bleuprint/metrics/NAME/signature.py``.

def signature_fields(definition, **options) -> list | None:
    """sacreBLEU-style ``(key, value)`` pairs of the metric's own signature keys, in
    order, or None for a metric without a signature."""
    return None


#: The short form of this metric's signature keys where it differs from (or adds to)
#: the common one (``_ABBREVIATIONS``: TER's ``tok`` is ``t``).
signature_abbreviations: dict = {}
#: The ``version`` that ends this metric's signature: the oracle whose numbers it
#: reproduces ("": sacreBLEU's, the version chosen by ``bleuprint.spec.sacrebleu_versions``,
#: 2.5.1 or 2.6.0).
signature_version = ""

SIGNATURES = Protocol("signatures", "signature", {
    "signature_fields": signature_fields,
    "signature_abbreviations": signature_abbreviations,
    "signature_version": signature_version,
})
signature_hooks = SIGNATURES.of
