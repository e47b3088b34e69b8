"""The ``CORPUS_PASS`` shape: a metric whose rows depend on the whole corpus, defined in
this file (issue #13 item 4), the way CIDEr-D's rows depend on document frequencies.

``RareWordRecall``: the context is, for every word, the number of segments whose
references contain it (``df``) and the number of segments ``N``. A word is *rare* when
``df * 2 <= N``. A segment's row is ``[rare reference words the hypothesis has, rare
reference words]`` (types, over the union of its references); the score is 100 * sum(m) /
sum(r) (0 when sum(r) = 0). Scoring a shard alone would use the shard's frequencies, so
shards share the corpus's context (contexts of shards add).
"""

from __future__ import annotations

from collections import Counter

import numpy as np
import pytest

import bleuprint.impl as impl
from bleuprint import spec
from bleuprint.core import Metric, Shape, register, unregister


class RareWordRecall(Metric):
    name = "rare_word_recall_test"
    title = "recall of the reference words that at most half of the segments have"
    shape = Shape.CORPUS_PASS

    def corpus_context(self, hyps, refs):
        df = Counter()
        for references in refs:
            df.update({word for ref in references for word in ref.split()})
        return (len(hyps), df)

    def combine_contexts(self, first, second):
        return (first[0] + second[0], first[1] + second[1])

    def segment_stats(self, hyp, refs, context) -> list:
        n, df = context
        rare = {word for ref in refs for word in ref.split() if df[word] * 2 <= n}
        return [len(rare & set(hyp.split())), len(rare)]

    def score(self, combined, n_segments) -> float:
        matches, total = combined
        return 100 * matches / total if total else 0.0


@pytest.fixture(scope="module", autouse=True)
def registered():
    metric = register(RareWordRecall())
    yield metric
    unregister(metric.name)


HYPS = ["the cat", "the dog", "the owl", "a bird"]
REFS = [["the cat sat"], ["the dog"], ["the owl"], ["a bird sang"]]


def test_rows_use_the_whole_corpus():
    """df: the 4, cat 1, sat 1, dog 1, owl 1, a 1, bird 1, sang 1; N = 4, rare when df <= 2:
    every word but "the". Rows: cat/sat -> [1, 2]; dog -> [1, 1]; owl -> [1, 1];
    a/bird/sang -> [2, 3]. Sum [5, 7]: 100 * 5 / 7. The first segment alone (N = 1, every
    word has df 1 > 1/2) has no rare word: [0, 0]."""
    for layer in (spec, impl):
        matrix = layer.sentence_stats("rare_word_recall_test", HYPS, REFS)
        assert matrix.tolist() == [[1, 2], [1, 1], [1, 1], [2, 3]]
        assert layer.score_from_stats("rare_word_recall_test", matrix.sum(axis=0), 4) == 100 * 5 / 7
    assert spec.sentence_stats("rare_word_recall_test", HYPS[:1], REFS[:1]).tolist() == [[0, 0]]


def test_shards_share_the_combined_context():
    metric = RareWordRecall()
    context = metric.combine_contexts(metric.corpus_context(HYPS[:2], REFS[:2]),
                                      metric.corpus_context(HYPS[2:], REFS[2:]))
    with pytest.raises(ValueError, match="compute its context first"):
        impl.Accumulator("rare_word_recall_test")
    first = impl.Accumulator("rare_word_recall_test", context=context).add(HYPS[:2], REFS[:2])
    second = impl.Accumulator("rare_word_recall_test", context=context).add(HYPS[2:], REFS[2:])
    assert first.merge(second).score() == 100 * 5 / 7


def test_bootstrap_keeps_the_corpus_context():
    """Resamples reuse the rows computed with the whole corpus's frequencies (the documented
    choice): the spec's and impl's intervals agree, and every resample score is one of the
    ratios the four rows can make."""
    a = spec.bootstrap("rare_word_recall_test", HYPS, REFS, n_boot=30, rng=np.random.default_rng(5), exact=True)
    b = impl.bootstrap("rare_word_recall_test", HYPS, REFS, n_boot=30, rng=np.random.default_rng(5), exact=True)
    assert a.score == b.score == 100 * 5 / 7
    assert np.allclose([a.lo, a.hi, a.mean], [b.lo, b.hi, b.mean], rtol=0, atol=1e-9)


# -- bleuprint score -m -------------------------------------------------------------------------


def test_score_m_takes_the_context_of_the_whole_file(tmp_path, monkeypatch):
    """``bleuprint score -m rare_word_recall_test`` computes the rows with the context of
    the whole file, even where a progress bar computes other metrics' rows in chunks (of
    10 lines here). By hand: ten lines "a b" against "a b", then "a c" against "a c":
    N = 11, df(a) = 11, df(b) = 10, df(c) = 1, rare (df * 2 <= 11): c only; rows [0, 0]
    ten times and [1, 1]: 100 * 1 / 1 = 100.0. The last line as a chunk of its own would
    have N = 1 and no rare word: [0, 0] everywhere, 0.0."""
    import io

    from bleuprint.cli import score as score_cli
    from bleuprint.cli import score_compute
    from bleuprint.cli import build_parser

    for name in ("hyp.txt", "ref.txt"):
        (tmp_path / name).write_text("a b\n" * 10 + "a c\n", encoding="utf-8")
    monkeypatch.setattr(score_compute, "PROGRESS_THRESHOLD", 0)
    monkeypatch.setattr(score_compute, "CHUNK_COST", 7)
    monkeypatch.chdir(tmp_path)
    args = build_parser().parse_args("score ref.txt -i hyp.txt -m rare_word_recall_test -f text".split())
    out, err = io.StringIO(), io.StringIO()
    assert score_cli.run(args, stdout=out, stderr=err) == 0
    assert out.getvalue() == "rare_word_recall_test = 100.0\n" and "100.0%" in err.getvalue()


def test_sentence_scores_read_the_whole_corpus():
    """A segment alone has no corpus: its sentence score is its row of the whole corpus
    (above: [1, 2], [1, 1], [1, 1], [2, 3]) scored alone: 50, 100, 100, 200/3; not the
    row of a one-segment corpus (which has no rare word: 0)."""
    for layer in (spec, impl):
        assert list(layer.sentence_scores("rare_word_recall_test", HYPS, REFS)) == [50.0, 100.0, 100.0, 100 * 2 / 3]
