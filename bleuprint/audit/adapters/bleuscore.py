"""bleuscore's ``compute`` (Rust) as audit subjects.

``bleuscore.compute(references, predictions, max_order=4, smooth=False,
ref_len_method="shortest")`` is a corpus BLEU on a 0-1 scale with its own 13a tokenizer,
following Hugging Face ``evaluate``: by default the brevity penalty uses each segment's
*shortest* reference, where sacreBLEU (and bleuprint) use the closest. bleuprint has no
option for the shortest reference, so the closest configuration (bleu, 13a, no smoothing)
differs whenever a segment's references have different lengths; the second subject passes
``ref_len_method="closest"``, which the library documents as sacreBLEU's rule.
References go in bleuprint's per-hypothesis layout, which is the library's.
"""

from __future__ import annotations

from ..subject import Subject
from ._common import as_float, require

#: The target name (``bleuprint audit bleuscore``), also the subjects' library.
TARGET = "bleuscore"
OPTIONS = {"tokenize": "13a", "smooth_method": "none", "effective_order": False, "max_ngram_order": 4}


def subjects() -> list[Subject]:
    module, version = require("bleuscore", "bleuscore")

    def default(hyps, refs):
        return as_float(module.compute([list(r) for r in refs], list(hyps))["bleu"])

    def closest(hyps, refs):
        return as_float(module.compute([list(r) for r in refs], list(hyps), ref_len_method="closest")["bleu"])

    common = dict(library=TARGET, version=version, metric="bleu", level="corpus", scale=1.0,
                  )
    return [
        Subject(call='bleuscore.compute(references, predictions)["bleu"]', options=dict(OPTIONS),
                score=default, name="bleuscore:bleu",
                notes="refs passed as given (the library's layout is bleuprint's); the library's "
                      "default ref_len_method='shortest' has no bleuprint option", **common),
        Subject(call='bleuscore.compute(references, predictions, ref_len_method="closest")["bleu"]',
                options=dict(OPTIONS), score=closest, name="bleuscore:bleu-closest",
                notes="refs passed as given; ref_len_method='closest' (sacreBLEU's rule)", **common),
    ]
