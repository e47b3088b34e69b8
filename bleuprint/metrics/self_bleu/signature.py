"""self_bleu's hooks of the signature tool (``bleuprint.hooks``): moved from the metric's class."""

from __future__ import annotations

from .spec import check_variant
from .spec import order
signature_abbreviations = {"variant": "v", "tok": "tok", "smooth": "s", "order": "n", "outputs": "o"}


#: The numbers are sacreBLEU 2.5.1's sentence BLEU (evalsuite) or nltk 3.10.4's
#: sentence_bleu (texygen); the ``variant`` key says which. It does not follow the
#: chosen sacreBLEU version (``bleuprint.spec.sacrebleu_versions``): sacreBLEU has no
#: self-BLEU, so this is not a sacreBLEU signature but the pair of oracles its goldens
#: were checked against, and 2.6.0's sentence BLEU (13a, exp) gives the same numbers
#: (the goldens rebuild unchanged with it: ``tests/oracles``).
signature_version = "sacrebleu-2.5.1+nltk-3.10.4"


def signature_fields(definition, variant="evalsuite", gram=None, **_) -> list:
    """``variant``, ``tok`` (13a or white-space split), ``smooth`` (exp with effective
    order, or nltk's method1), ``order``, ``outputs`` (all, or the first 500)."""
    check_variant(variant)
    n = order(variant, gram)
    if variant == "evalsuite":
        return [("variant", variant), ("tok", "13a"), ("smooth", "exp-eff"), ("order", str(n)),
                ("outputs", "all")]
    return [("variant", variant), ("tok", "split"), ("smooth", "method1"), ("order", str(n)),
            ("outputs", "first-500")]
