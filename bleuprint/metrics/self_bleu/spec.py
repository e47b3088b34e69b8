"""self-BLEU (Zhu et al., "Texygen: A Benchmarking Platform for Text Generation Models",
SIGIR 2018): how alike a set of generated outputs is, as the mean sentence BLEU of each
output against all the *other* outputs as its references. Higher means less diverse.

Two named variants (option ``variant``), each the literal definition of one source:

* ``"evalsuite"`` (the evaluation suite of ``../shared/seeds/004_*.txt``: "average
  sentence BLEU of each prediction against all other predictions as references", its
  sentence BLEU being sacreBLEU's with exponential smoothing and effective order):
  output i's value is sacreBLEU 2.5.1 ``sentence_bleu(outputs[i], others)`` with its
  defaults: 13a tokenizer, case kept, ``smooth_method="exp"``, ``effective_order=True``,
  max order 4 (``gram``), on the 0..100 scale. Computed by bleuprint's definition of
  sacreBLEU's sentence BLEU (``bleuprint.metrics.bleu.spec.sentence_bleu``).
* ``"texygen"`` (Texygen's ``SelfBleu``, geek-ai/Texygen ``utils/metrics/SelfBleu.py``,
  its default ``get_score(is_fast=True)``): only the first 500 outputs are used (its
  ``sample_size``, no shuffle: ``first_outputs``); output i's value is nltk 3.10.4
  ``sentence_bleu(others, tokens_i, weights=(1/gram,)*gram,
  smoothing_function=SmoothingFunction().method1)`` with ``gram`` 3, on the 0..1 scale
  (``texygen_bleu``: nltk's arithmetic, written out). **Departure:** Texygen tokenizes
  with ``nltk.word_tokenize``, which needs nltk's punkt data (a download); here the
  tokens are ``str.split()`` (runs of Unicode white space). The two agree on text that is
  already tokenized with spaces around punctuation; they differ on "don't", "end." etc.

"Others" (``other_outputs``): the multiset of outputs with one copy of output i removed,
so a duplicate of output i *is* among its references (Texygen's ``reference[:index] +
reference[index+1:]``). Both oracles' results depend only on the *set* of distinct
references (clipping takes the max count over references; the closest reference length
is the minimum by (|r - c|, r), ties to the shorter, in both sacreBLEU and nltk), so the
definition passes the distinct other outputs: same numbers, less work.

One output has no other outputs: sacreBLEU raises IndexError and nltk KeyError on an
empty reference list; here a ValueError says so (at least two outputs, after Texygen's
selection).

Statistics (the ``CORPUS_PASS`` shape, ``bleuprint.core.metric``): the corpus context is
the ``Counter`` of the selected outputs (``corpus_context``), an index-free value that adds
across shards (leave-one-out by index is removing one copy from the multiset). A row is
``[value, counted]``: the output's sentence BLEU and 1, or ``[0.0, 0]`` for an output that
Texygen's first-500 rule leaves out; the corpus value is sum(value) / sum(counted), the
mean over the selected outputs.
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Sequence

from ...spec.inputs import check_choice, check_hypotheses, check_positive_int, check_text
from ..bleu.spec import bleu_from_stats, bleu_tokens, clipped_matches, closest_ref_length

VARIANTS = ("evalsuite", "texygen")
#: The variants' n-gram orders when ``gram`` is None (sacreBLEU's 4, Texygen's 3).
DEFAULT_GRAM = {"evalsuite": 4, "texygen": 3}
#: Texygen's ``SelfBleu.sample_size``: ``get_bleu_fast`` keeps ``reference[0:500]``.
TEXYGEN_SAMPLE_SIZE = 500
#: nltk ``SmoothingFunction()``'s epsilon, which method1 adds to a zero numerator.
NLTK_EPSILON = 0.1


def check_variant(variant) -> str:
    return check_choice(variant, VARIANTS, "self-BLEU variant")


def order(variant: str, gram) -> int:
    """The n-gram order: ``gram``, or the variant's default when it is None."""
    check_variant(variant)
    return DEFAULT_GRAM[variant] if gram is None else check_positive_int(gram, "gram")


def check_outputs(outputs) -> list[str]:
    """A non-empty sequence of strings (``bleuprint.spec.inputs.check_hypotheses``)."""
    return check_hypotheses(outputs)


def first_outputs(outputs: list, variant: str) -> list:
    """The outputs a variant scores: Texygen keeps the first ``TEXYGEN_SAMPLE_SIZE``
    (``get_bleu_fast``: ``reference[0:self.sample_size]``, not shuffled); EvalSuite all."""
    if check_variant(variant) == "texygen":
        return list(outputs[:TEXYGEN_SAMPLE_SIZE])
    return list(outputs)


def outputs_context(outputs: list, variant: str) -> Counter:
    """The corpus context: how many times each selected output occurs."""
    return Counter(first_outputs(outputs, variant))


def other_outputs(output: str, context: Counter) -> Counter:
    """The multiset of the other outputs: ``context`` with one copy of ``output`` removed
    (an output that is not one of the context's, such as a new output scored against a
    corpus, keeps every output of the context as a reference). No other output left (a
    corpus of one output): ValueError."""
    others = Counter(context)
    if others.get(output, 0) >= 1:
        others[output] -= 1
    others = +others
    if not others:
        raise ValueError("self-BLEU needs at least two outputs: with one, an output has no other outputs as "
                         "references (sacreBLEU raises IndexError and nltk KeyError on an empty reference list)")
    return others


def tokens(line: str, variant: str) -> list[str]:
    """EvalSuite: sacreBLEU's 13a tokens (``bleu_tokens``); Texygen: ``str.split()``
    (the departure from ``nltk.word_tokenize`` of the module doc)."""
    check_text(line, "output")
    if check_variant(variant) == "evalsuite":
        return bleu_tokens(line, "13a")
    return line.split()


def pair_statistics(hyp_tokens: list, ref_tokens: list, n_max: int) -> list[int]:
    """``[c, r, m_1..m_N, t_1..t_N]`` of one token list against reference token lists:
    c its length, r the closest reference length (ties to the shorter), m_n the clipped
    n-gram matches (max count over the references), t_n = max(c - n + 1, 0). nltk's
    ``modified_precision`` clips the same way; its denominator is max(1, t_n)
    (``texygen_bleu``)."""
    orders = range(1, n_max + 1)
    matches = [clipped_matches(hyp_tokens, ref_tokens, n) for n in orders]
    totals = [max(len(hyp_tokens) - n + 1, 0) for n in orders]
    ref_len = closest_ref_length(len(hyp_tokens), [len(t) for t in ref_tokens])
    return [len(hyp_tokens), ref_len] + matches + totals


def evalsuite_bleu(stats: list) -> float:
    """sacreBLEU 2.5.1's sentence BLEU of one segment's statistics: exp smoothing,
    effective order (``bleuprint.metrics.bleu.spec.bleu_from_stats``), 0..100."""
    return bleu_from_stats(stats, smooth_method="exp", effective_order=True)


def texygen_precisions(matches: list, totals: list) -> list[float]:
    """nltk's precisions after ``SmoothingFunction().method1``: p_n = m_n / max(1, t_n)
    where m_n > 0 (a ``Fraction``, read as the float m_n / max(1, t_n) by ``math.log``),
    else (0 + epsilon) / max(1, t_n), epsilon = 0.1 (an order with no hypothesis n-gram
    counts as 0/1, so it gets 0.1)."""
    out = []
    for m, t in zip(matches, totals):
        denominator = max(1, t)
        out.append(m / denominator if m else (m + NLTK_EPSILON) / denominator)
    return out


def texygen_bleu(stats: list) -> float:
    """nltk 3.10.4 ``sentence_bleu`` with uniform weights (1/N each, ``1. / ngram`` as
    Texygen builds them) and method1, from ``[c, r, m_1..m_N, t_1..t_N]``, 0..1:

    * no unigram match (m_1 = 0): 0 (nltk returns the int 0 before smoothing);
    * BP = 1 if c > r, else exp(1 - r / c) (c > 0 here since m_1 > 0);
    * BLEU = BP * exp(fsum(w * log p_n)) over the smoothed precisions (all > 0).
    """
    n_max = (len(stats) - 2) // 2
    c, r = stats[0], stats[1]
    matches, totals = stats[2:2 + n_max], stats[2 + n_max:]
    if matches[0] == 0:
        return 0.0
    bp = 1 if c > r else math.exp(1 - r / c)
    weight = 1.0 / n_max
    log_sum = math.fsum(weight * math.log(p) for p in texygen_precisions(matches, totals))
    return bp * math.exp(log_sum)


def output_bleu(output: str, context: Counter, variant: str = "evalsuite", gram=None) -> float:
    """One output's sentence BLEU against the distinct other outputs (module doc)."""
    n_max = order(variant, gram)
    others = sorted(other_outputs(output, context))
    hyp_tokens = tokens(output, variant)
    ref_tokens = [tokens(ref, variant) for ref in others]
    stats = pair_statistics(hyp_tokens, ref_tokens, n_max)
    return evalsuite_bleu(stats) if variant == "evalsuite" else texygen_bleu(stats)


def self_bleu_rows(outputs, variant: str = "evalsuite", gram=None, context=None) -> list[list]:
    """Every output's row ``[value, counted]`` (module doc). Without ``context``, the
    corpus's own (``outputs_context``), and Texygen's outputs past the first 500 get
    ``[0.0, 0]``. With the ``context`` of a larger corpus (``outputs`` a shard of it),
    every given output is counted: Texygen's selection is made on the whole corpus before
    it is sharded, so a Texygen context holds at most 500 outputs."""
    outputs = check_outputs(outputs)
    n_max = order(variant, gram)
    if context is None:
        context = outputs_context(outputs, variant)
        counted = len(first_outputs(outputs, variant))
    else:
        check_context(context, variant)
        counted = len(outputs)  # a shard of the selected outputs: every one is counted
    return [[output_bleu(o, context, variant, n_max), 1] if i < counted else [0.0, 0]
            for i, o in enumerate(outputs)]


def check_context(context, variant: str) -> Counter:
    """A context is a ``Counter`` of output strings; Texygen's has at most 500."""
    if not isinstance(context, Counter):
        raise TypeError(f"a self-BLEU context is a Counter of outputs, got {type(context).__name__}")
    if variant == "texygen" and sum(context.values()) > TEXYGEN_SAMPLE_SIZE:
        raise ValueError(f"a texygen self-BLEU context holds the first {TEXYGEN_SAMPLE_SIZE} outputs only, got "
                         f"{sum(context.values())}: select outputs[:{TEXYGEN_SAMPLE_SIZE}] before sharding")
    return context


def mean_of_rows(combined: Sequence) -> float:
    """sum(value) / sum(counted). A sum with no counted output scores 0.0: it is not a
    corpus (the one-call functions refuse an empty corpus and one output), but the sum of
    no rows (an ``Accumulator``'s probe) or a bootstrap resample that drew only rows past
    Texygen's first 500. A negative or fractional count is a ValueError."""
    if len(combined) != 2:
        raise ValueError(f"self-BLEU statistics have 2 columns (value, counted), got {len(combined)}")
    value, counted = combined
    if counted < 0 or counted != int(counted) or value < 0:
        raise ValueError(f"self-BLEU statistics must be a value >= 0 and a whole count >= 0, got {list(combined)!r}")
    if counted == 0:
        return 0.0
    return value / counted


def self_bleu(outputs, variant: str = "evalsuite", gram=None) -> float:
    """self-BLEU of ``outputs`` (module doc): the mean over the selected outputs of each
    one's sentence BLEU against the others; EvalSuite on 0..100, Texygen on 0..1. The
    row values are summed left to right from 0.0."""
    rows = self_bleu_rows(outputs, variant, gram)
    total = 0.0
    counted = 0
    for value, flag in rows:
        total += value
        counted += flag
    return mean_of_rows([total, counted])
