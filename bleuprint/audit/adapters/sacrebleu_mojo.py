"""sacrebleu-mojo's ``corpus_bleu`` and ``corpus_chrf`` (a Mojo kernel with a pure-Python
fallback) as audit subjects (written from the package's documentation: it needs Python
3.12 or later, so it may not install everywhere).

The package documents sacreBLEU's call shapes and defaults: ``corpus_bleu(hypotheses,
[reference_stream, ...]).score`` on a 0-100 scale with the 13a tokenizer and ``exp``
smoothing, and ``corpus_chrf(hypotheses, [reference_stream, ...]).score`` with
``char_order=6``, ``word_order=0``, ``beta=2``, white space removed and the best reference
per sentence. The closest configurations are therefore bleuprint's bleu and chrf with their
defaults. The adapter transposes bleuprint's per-hypothesis references into streams,
padding with None where a hypothesis has fewer references (sacreBLEU's convention).
"""

from __future__ import annotations

import sys

from ..subject import Subject
from ._common import as_float, require, to_streams

#: The target name (``bleuprint audit sacrebleu-mojo``), also the subjects' library.
TARGET = "sacrebleu-mojo"


def subjects() -> list[Subject]:
    too_old = sys.version_info < (3, 12)
    module, version = require("sacrebleu-mojo", "sacrebleu_mojo",
                              extra="  # needs Python >= 3.12" if too_old else "")

    def caller(function):
        def score(hyps, refs):
            return as_float(function(list(hyps), to_streams(refs)).score)
        return score

    notes = "refs transposed into reference streams, None where a hypothesis has fewer references"
    common = dict(library=TARGET, version=version, level="corpus", scale=100.0,
                  notes=notes)
    return [
        Subject(metric="bleu", call="sacrebleu_mojo.corpus_bleu(hypotheses, streams).score", options={},
                score=caller(module.corpus_bleu), name="sacrebleu-mojo:bleu", **common),
        Subject(metric="chrf", call="sacrebleu_mojo.corpus_chrf(hypotheses, streams).score", options={},
                score=caller(module.corpus_chrf), name="sacrebleu-mojo:chrf", **common),
    ]
