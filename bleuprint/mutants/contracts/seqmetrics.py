"""The course module L4.5's contract (``tinyllm.eval.seqmetrics``), backed by ``bleuprint.spec``.

Source: the course module "Sequence metrics: exact match, BLEU, chrF", section 4 (The
interface). Every function has the contract's name, parameters and defaults, and nothing
more: a student's test can pass only these, so bleuprint's extra options (``lowercase``,
``smooth_method``, ``word_order``, ...) stay at the spec's defaults, which are sacreBLEU
2.5.1's and the course's. The reference layout is the same in both: ``refs[i]`` is the
list of references of ``hyps[i]``; a bare string there is a TypeError (the spec raises it).
For ``exact_match`` the contract gives one reference string per hypothesis, which the spec
accepts as it is.

Each function calls the spec at call time (no name bound at import), so a mutant switched
on in the spec is what the caller sees.
"""

from __future__ import annotations

from collections.abc import Sequence

from ... import spec as _spec

TOKENIZERS = ("13a", "none")


def tokenize_13a(line: str) -> str:
    """sacreBLEU's 13a tokenizer (mteval-v13a): the tokens joined by single spaces."""
    return _spec.tokenize_13a(line)


def exact_match(hyps: Sequence[str], refs: Sequence[str]) -> float:
    """Fraction (0..1) of hypotheses equal to their reference after stripping both ends."""
    return _spec.exact_match(hyps, refs)


def bleu_stats(hyp: str, refs: Sequence[str], tokenize: str = "13a") -> list[int]:
    """``[c, r, m_1..m_4, t_1..t_4]`` of one hypothesis against its references."""
    return _spec.bleu_stats(hyp, refs, tokenize)


def bleu_from_stats(stats: Sequence[float]) -> float:
    """BLEU (0..100, "exp" smoothing) of summed statistics."""
    return _spec.bleu_from_stats(stats)


def corpus_bleu(hyps: Sequence[str], refs: Sequence[Sequence[str]], tokenize: str = "13a") -> float:
    """Corpus BLEU (0..100) from the pooled statistics; ``refs[i]`` are ``hyps[i]``'s references."""
    return _spec.corpus_bleu(hyps, refs, tokenize)


def chrf_stats(hyp: str, refs: Sequence[str], n: int = 6, beta: float = 2.0) -> list[int]:
    """3n numbers: per order 1..n the hypothesis count, the reference count and the matches
    (of the best reference)."""
    return _spec.chrf_stats(hyp, refs, n, beta)


def chrf_from_stats(stats: Sequence[float], n: int = 6, beta: float = 2.0) -> float:
    """chrF (0..100) of summed statistics."""
    return _spec.chrf_from_stats(stats, n, beta)


def chrf(hyps: Sequence[str], refs: Sequence[Sequence[str]], n: int = 6, beta: float = 2.0) -> float:
    """Corpus chrF (0..100) from the pooled statistics."""
    return _spec.chrf(hyps, refs, n, beta)


def sentence_stats(metric: str, hyps, refs):
    """The ``[N, S]`` float64 matrix of per-sentence statistics of ``metric``."""
    return _spec.sentence_stats(metric, hyps, refs)


def score_from_stats(metric: str, summed, n_sentences: int) -> float:
    """The corpus score of ``metric`` from its column sums."""
    return _spec.score_from_stats(metric, summed, n_sentences)


def metric_ci(metric, hyps, refs, n_boot=1000, alpha=0.05, rng=None) -> tuple[float, float, float]:
    """``(score, lo, hi)``: the corpus score and its bootstrap percentile interval over
    sentences (``rng`` required)."""
    return _spec.metric_ci(metric, hyps, refs, n_boot, alpha, rng)


#: The contract's public names, in the course's order.
FUNCTIONS = ("exact_match", "tokenize_13a", "bleu_stats", "bleu_from_stats", "corpus_bleu", "chrf_stats",
             "chrf_from_stats", "chrf", "sentence_stats", "score_from_stats", "metric_ci")
