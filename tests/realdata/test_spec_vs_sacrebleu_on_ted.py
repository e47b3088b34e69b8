"""bleuprint.spec against sacreBLEU 2.5.1, live, on real MT output.

Data: ``<repo>/../shared/corpora/ted-ende.json``, 529 TED segments (English to German)
translated by 13 WMT 2021 systems, one human reference (see that directory's README).
It lives outside the repository; without it, or without sacreBLEU, the tests skip with
the reason.

For every system: corpus BLEU with each of the five tokenizers, chrF, chrF++ and the
word-only chrF (``n=0``, word orders 1 and 2). The corpus statistics must be exactly
equal to sacreBLEU's, the score within
``SCORE_TOLERANCE`` = 1e-9 (0..100 scale). Per-sentence statistics are compared too
(they are what the corpus statistics sum). The spec is slow (about 0.2 s of CPU per
system and metric), so each (system, metric) pair is computed once, in its own test, and
the spec's score is taken from its own pieces (``bleu_stats``/``chrf_stats``, summed by
``summing.sum_stats``, scored by ``bleu_from_stats``/``chrf_from_stats``), which is the
definition of ``corpus_bleu``/``chrf``; those two functions are checked whole on every
golden corpus in ``test_goldens.py``.
"""

from __future__ import annotations

import importlib.util

import pytest

from bleuprint import spec

SCORE_TOLERANCE = 1e-9

pytestmark = [
    pytest.mark.slow,  # the whole real corpus: left out of mutation runs
    pytest.mark.skipif(importlib.util.find_spec("sacrebleu") is None,
                       reason="sacrebleu is not installed (pip install 'sacrebleu==2.5.1')"),
]

#: The 13 systems of the corpus (its README); the test checks the file has exactly these.
SYSTEMS = ("Facebook-AI", "HuaweiTSC", "Nemo", "Online-W", "UEdin", "VolcTrans-AT", "VolcTrans-GLAT",
           "eTranslation", "metricsystem1", "metricsystem2", "metricsystem3", "metricsystem4", "metricsystem5")

#: metric label -> (metric, bleuprint options)
METRICS = {
    **{f"bleu-{name}": ("bleu", {"tokenize": name}) for name in spec.TOKENIZERS},
    "chrf": ("chrf", {}),
    "chrf++": ("chrf", {"word_order": 2}),
    "chrf-words": ("chrf", {"n": 0, "word_order": 2}),  # word-only: sacreBLEU's CHRF(char_order=0, word_order=2)
}


@pytest.fixture(scope="module")
def corpus(ted_ende):
    data = ted_ende
    references = data["references"]
    # The file holds reference streams (references[k][i]); bleuprint wants refs[i].
    refs = [list(per_sentence) for per_sentence in zip(*references)]
    return data["systems"], refs


def test_corpus_has_the_13_systems(corpus):
    systems, refs = corpus
    assert sorted(systems) == sorted(SYSTEMS)
    assert all(len(hyps) == len(refs) == 529 for hyps in systems.values())


@pytest.mark.parametrize("label", list(METRICS))
@pytest.mark.parametrize("system", SYSTEMS)
def test_spec_matches_sacrebleu_on_ted_ende(corpus, system, label):
    from bleuprint.oracles.sacrebleu_oracle import oracle_bleu, oracle_chrf

    systems, refs = corpus
    if system not in systems:
        pytest.fail(f"system {system} missing from ted-ende.json")
    hyps = systems[system]
    metric, options = METRICS[label]
    if metric == "bleu":
        expected = oracle_bleu(hyps, refs, **options)
        rows = [spec.bleu_stats(h, r, **options) for h, r in zip(hyps, refs)]
        score = spec.bleu_from_stats(spec.summing.sum_stats(rows))
    else:
        expected = oracle_chrf(hyps, refs, **options)
        rows = [spec.chrf_stats(h, r, **options) for h, r in zip(hyps, refs)]
        score = spec.chrf_from_stats(spec.summing.sum_stats(rows), **options)
    assert rows == expected.sentence_stats
    assert spec.summing.sum_stats(rows) == expected.corpus_stats
    assert abs(score - expected.score) <= SCORE_TOLERANCE, (score, expected.score)
