"""distinct-n, the literal definition (Li, Galley, Brockett, Gao and Dolan, 2016, "A
Diversity-Promoting Objective Function for Neural Conversation Models", NAACL, section
4.3: "the number of distinct unigrams and bigrams in generated responses ... scaled by
total number of generated tokens"; the form used since, and the one of seed 004's
evaluation suite, ``es.distinct_n(predictions, n=2)``, divides by the total number of
n-grams).

Tokens: ``str.split()``, i.e. the output split on runs of white space (Python's Unicode
white space), nothing else (case and punctuation kept). The n-grams of an output of T
tokens are its T - n + 1 windows of n consecutive tokens (none when T < n).

Two variants, each its own registered metric:

* ``corpus`` (metric ``distinct_n``, the default of ``distinct_n(...)``): the number of
  distinct n-grams in the union over all outputs divided by the total number of n-grams
  of all outputs (with repetitions). D / T.
* ``sentence-mean`` (metric ``distinct_n_mean``): the mean over outputs of each output's
  own ratio (its distinct n-grams over its n-grams).

The empty rules (0/0, never NaN): an output with fewer than n tokens has no n-gram. Its
own ratio is 0 (it shows no diversity), and it still counts in the sentence mean's
denominator (every output is one of the mean's terms; leaving it out would reward a system
for emitting empty outputs). A corpus with no n-gram at all (every output shorter than n)
has corpus distinct-n 0 by the same rule: 0/0 is read as "no diversity shown", a number
in 0..1 like every other value, rather than NaN or an error.

Both values are on 0..1. Plain Python: sets, lists and ``math.fsum`` only.
"""

from __future__ import annotations

import math

from ...spec.inputs import check_choice, check_hypotheses, check_positive_int

VARIANTS = ("corpus", "sentence-mean")
MAX_N = 10


def check_n(n: object) -> int:
    """The n-gram order: an int in 1..MAX_N (TypeError for a non-int or bool)."""
    n = check_positive_int(n, "n")
    if n > MAX_N:
        raise ValueError(f"n must be at most {MAX_N}, got {n}")
    return n


def check_variant(variant: object) -> str:
    return check_choice(variant, VARIANTS, "variant")


def tokens(output: str) -> list[str]:
    """White-space tokens: ``str.split()``."""
    return output.split()


def ngrams(output: str, n: int) -> list[tuple[str, ...]]:
    """Every window of n consecutive tokens, in order, with repetitions (T - n + 1 of them
    for T >= n tokens, none otherwise)."""
    words = tokens(output)
    return [tuple(words[i:i + n]) for i in range(len(words) - n + 1)]


def ratio(distinct: int, total: int) -> float:
    """distinct / total, and 0.0 when total is 0 (no n-gram: no diversity shown)."""
    return distinct / total if total else 0.0


def sentence_distinct(output: str, n: int = 2) -> float:
    """One output's own distinct-n: its distinct n-grams over its n-grams."""
    grams = ngrams(output, check_n(n))
    return ratio(len(set(grams)), len(grams))


def corpus_distinct(outputs, n: int = 2) -> float:
    """The corpus variant: |union of the outputs' n-gram sets| / total n-grams."""
    n = check_n(n)
    outputs = check_hypotheses(outputs)
    union, total = set(), 0
    for output in outputs:
        grams = ngrams(output, n)
        union.update(grams)
        total += len(grams)
    return ratio(len(union), total)


def sentence_mean_distinct(outputs, n: int = 2) -> float:
    """The sentence-mean variant: the mean of the outputs' own ratios (each output counts,
    one shorter than n with ratio 0). Each ratio is a float64 division, their sum is
    ``math.fsum`` (exactly rounded, so independent of the outputs' order and of any
    batching), divided by the number of outputs."""
    n = check_n(n)
    outputs = check_hypotheses(outputs)
    return math.fsum(sentence_distinct(output, n) for output in outputs) / len(outputs)


def distinct_n(outputs, n: int = 2, variant: str = "corpus") -> float:
    """distinct-n of ``outputs`` (a sequence of strings): ``variant`` "corpus" (distinct
    n-grams of all outputs / all n-grams) or "sentence-mean" (mean of per-output ratios);
    see the module doc for the definition, its source and the empty rules."""
    variant = check_variant(variant)
    if variant == "corpus":
        return corpus_distinct(outputs, n)
    return sentence_mean_distinct(outputs, n)


# -- the rows of the registered metrics (bleuprint.core's UNION and MEAN shapes) ------------


def corpus_items(outputs: list, n: int) -> tuple:
    """The UNION context: the corpus's distinct n-grams, sorted (so that shards' contexts
    combine into the same columns)."""
    return tuple(sorted({gram for output in outputs for gram in ngrams(output, n)}))


#: The most cells (outputs x (distinct n-grams + 1)) of the corpus variant's statistics
#: rows, 400 MiB as int64: beyond it the rows are refused (a ValueError, not a MemoryError).
DENSE_CELL_LIMIT = 50_000_000


def check_dense(n_rows: int, n_columns: int) -> None:
    """ValueError when ``n_rows`` rows of ``n_columns`` columns exceed ``DENSE_CELL_LIMIT``.
    The UNION rows are dense (one column per distinct n-gram of the corpus); the corpus
    value itself (``distinct_n``) needs no rows and takes any size."""
    cells = n_rows * n_columns
    if cells > DENSE_CELL_LIMIT:
        raise ValueError(
            f"distinct_n's statistics rows are dense, one column per distinct n-gram of the corpus: "
            f"{n_rows:,} outputs x {n_columns:,} columns is {cells:,} cells, more than the "
            f"{DENSE_CELL_LIMIT:,} allowed; the corpus value of any size comes from distinct_n(outputs), "
            f"but rows for intervals, paired tests, an Accumulator or bleuprint score need sparse rows, "
            f"which bleuprint does not have yet")


def union_row(output: str, n: int, context: tuple) -> list[int]:
    """An output's row of the corpus variant: ``[its n-gram count, count of context item 0,
    count of item 1, ...]``. The sum of rows has the union's items as its non-zero columns."""
    grams = ngrams(output, n)
    return [len(grams)] + [grams.count(item) for item in context]


def union_score(combined: list) -> float:
    """The corpus variant from summed rows: non-zero item columns / total n-grams."""
    total, counts = combined[0], combined[1:]
    return ratio(sum(1 for c in counts if c), total)


def mean_row(output: str, n: int) -> list[float]:
    """An output's row of the sentence-mean variant: ``[its own ratio]``."""
    return [sentence_distinct(output, n)]
