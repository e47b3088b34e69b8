"""Planted faults of the shared tokenizers and of the signatures (the metrics' own faults
are in their folders, ``bleuprint/metrics/NAME/faults.py``)."""

from __future__ import annotations

from .. import spec
from ..spec import tokenizers as T
from .model import Mutant

TOK = "bleuprint.spec.tokenizers:"
SIG = "bleuprint.spec.signature:"


# --- tokenizers -------------------------------------------------------------------------

def split_every_period(original):
    return lambda line: T.collapse_white_space(original(line).replace(".", " . ").replace(",", " , "))


def entities_kept(original):
    return lambda line: original(line.replace("&", "\x00")).replace("\x00", "&")


def no_padding(original):
    def tokenize_13a(line):
        line = line.replace("<skipped>", "").replace("-\n", "").replace("\n", " ")
        if "&" in line:
            line = line.replace("&quot;", '"').replace("&amp;", "&").replace("&lt;", "<").replace("&gt;", ">")
        return T.apply_mteval_rules(line)
    return tokenize_13a


def intl_without_symbols(original):
    def tokenize_intl(line):
        for pattern, replacement in T.intl_rules()[:2]:
            line = pattern.sub(replacement, line)
        return T.collapse_white_space(line)
    return tokenize_intl


def intended_zh_ranges(original):
    fixed = [r for r in T.ZH_RANGES if len(r[0]) == 1] + [("\U00020000", "\U0002a6d6"), ("\U0002f800", "\U0002fa1d")]
    return lambda ch: any(start <= ch <= end for start, end in fixed)


def spaces_as_characters(original):
    return lambda line: " ".join("_" if ch == " " else ch for ch in line)


# --- signatures ---------------------------------------------------------------------------

def chrf_eff_flipped(original):
    def chrf_signature_fields(**options):
        return [(k, {"yes": "no", "no": "yes"}[v] if k == "eff" else v) for k, v in original(**options)]
    return chrf_signature_fields


def smoothing_without_value(original):
    return lambda smooth_method, smooth_value=None: smooth_method


#: Faults of the tokenizers (``bleuprint.spec.tokenizers``), shared by the metrics that tokenize:
#: the catalogue lists them itself.
TOKENIZER_MUTANTS = [
    Mutant("s09", "spec.tokenizers.tokenize_13a", "13a splits every period and comma, so 3.14 becomes 3 . 14",
           "6. a different tokenizer", "test_tokenize_13a_matches_sacrebleu",
           {TOK + "tokenize_13a": split_every_period},
           lambda: spec.tokenize_13a("pi is 3.14 and 1,000")),
    Mutant("f01", "spec.tokenizers.tokenize_intl", "intl does not split symbols (\\p{S})",
           "intl tokenizer", "intl tokenizer goldens",
           {TOK + "tokenize_intl": intl_without_symbols},
           lambda: spec.tokenize_intl("a+b costs $5"), semantic=False),
    Mutant("f02", "spec.tokenizers.is_chinese_char", "zh uses the intended ranges, not sacreBLEU's malformed ones",
           "zh tokenizer (sacreBLEU #298)", "zh range bug by hand",
           {TOK + "is_chinese_char": intended_zh_ranges},
           lambda: spec.tokenize_zh("a\u2014b"), semantic=False),
    Mutant("f03", "spec.tokenizers.tokenize_char", "char turns spaces into tokens",
           "char tokenizer", "char tokenizer by hand",
           {TOK + "tokenize_char": spaces_as_characters},
           lambda: spec.tokenize_char("a b").split(), semantic=False),
    Mutant("f11", "spec.tokenizers.tokenize_13a", "13a does not unescape HTML entities",
           "13a entities", "13a entities by hand",
           {TOK + "tokenize_13a": entities_kept},
           lambda: spec.tokenize_13a("a &quot;b&quot; &amp; c"), semantic=False),
    Mutant("f12", "spec.tokenizers.tokenize_13a", "13a does not pad the line, so a final period after a digit stays",
           "13a padding", "13a final period",
           {TOK + "tokenize_13a": no_padding},
           lambda: spec.tokenize_13a("in 1999."), semantic=False),
]

#: Faults of the signatures (``bleuprint.spec.signature``): the catalogue lists them itself.
SIGNATURE_MUTANTS = [
    Mutant("f20", "spec.signature.chrf_signature_fields", "chrF's eff key means eps smoothing (flipped)",
           "signatures", "signature goldens",
           {SIG + "chrf_signature_fields": chrf_eff_flipped},
           lambda: spec.signature("chrf"), semantic=False),
    Mutant("f21", "spec.signature.smoothing_label", "the smoothing value is left out of the signature",
           "signatures", "signature goldens",
           {SIG + "smoothing_label": smoothing_without_value},
           lambda: spec.signature(spec.metric("bleu", smooth_method="floor")), semantic=False),
]
