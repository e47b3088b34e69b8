"""BLEU without numpy, for a small corpus: the fast layer's ``corpus_sums``
(``bleuprint.impl.hooks``) and the score of summed statistics, both by the compiled
kernels on plain Python objects.

A first ``corpus_bleu`` in a fresh process, and ``bleuprint score -m bleu`` on a small
file, would otherwise spend more CPU importing numpy than scoring. The numbers are those of
``bleuprint.metrics.bleu.impl``, computed by the same kernel calls:

* the statistics rows are ``_ngrams.bleu_rows``' (what ``impl._fused_rows`` calls: each
  sentence tokenized and counted on its own), read as int64 from its bytes and summed per
  column in Python ints, which is what ``stats_matrix(...).sum(axis=0)`` gives (int64 sums
  of counts far below 2**63);
* the score is ``_resample.bleu_scores``' of the one row (what ``impl.bleu_scores`` calls),
  the row as float64 and the Python arithmetic flag of a row of Python numbers, after
  ``impl.bleu_from_stats``' checks in its order.

Where this does not apply (no kernel, more than ``MAX_SEGMENTS`` segments, inputs that are
not plain lists of str, the intl tokenizer, whose table needs ``regex``'s classes, add-k
smoothing, which the kernel does not score, statistics that are not Python ints) the
functions return None and the caller takes impl's numpy route, which also refuses bad inputs
with its own messages. ``tests/impl/test_bleu_plain_impl.py`` holds both routes equal.
"""

from __future__ import annotations

from array import array
from itertools import chain

from ...impl import native
from ...impl.token_flags import KERNEL_MODES, check_kernel_flags, rules_table
from ...spec.inputs import check_choice, check_smooth_value
from ...spec.tokenizers import TOKENIZERS
from .spec import SMOOTH_DEFAULTS, SMOOTH_METHODS, check_bleu_stats

#: The largest corpus summed here. Up to it both routes cost the same once numpy is imported
#: (ted-ende's systems one after another, warm: 500 segments 1.09 ms here against 1.14 ms,
#: 1,000 2.09 against 2.12); past it, repeated hypotheses (several systems on one test set)
#: make the numpy route's deduplication pay (2,000: 4.2 ms against 3.7).
MAX_SEGMENTS = 1000
#: The smoothing methods the kernel scores (its codes), as ``impl._KERNEL_SMOOTHING``.
_KERNEL_SMOOTHING = {"exp": 0, "floor": 1, "none": 2}
#: The highest order the kernel scores.
_KERNEL_MAX_ORDER = 64


def _plain(hyps, refs) -> bool:
    """Whether the corpus is lists of exact ``str``, of one length, each segment with a
    reference (``impl._check_corpus``' fast path)."""
    return (type(hyps) is list and type(refs) is list and 0 < len(hyps) == len(refs)
            and all(type(hyp) is str for hyp in hyps)
            and all(type(group) in (list, tuple) and len(group) > 0 for group in refs)
            and all(type(ref) is str for ref in chain.from_iterable(refs)))


def corpus_sums(definition, hyps, refs, tokenize="13a", lowercase=False, max_ngram_order=4) -> list | None:
    """The column sums of BLEU's statistics rows ``[c, r, m_1..m_N, t_1..t_N]`` of a small
    plain corpus, as Python ints (module doc), or None."""
    kernel = native.ngrams
    if kernel is None or not _plain(hyps, refs) or len(hyps) > MAX_SEGMENTS:
        return None
    if type(tokenize) is not str or tokenize not in TOKENIZERS or tokenize == "intl":
        return None
    if type(max_ngram_order) is not int or not 1 <= max_ngram_order or type(lowercase) is not bool:
        return None
    if lowercase:
        hyps = [hyp.lower() for hyp in hyps]
        refs = [[ref.lower() for ref in group] for group in refs]
    check_kernel_flags(kernel)
    table = rules_table(tokenize) if tokenize in ("13a", "zh") else b""
    found = kernel.bleu_rows(hyps, refs, 0, len(hyps), getattr(kernel, KERNEL_MODES[tokenize]), table,
                             tokenize == "zh", max_ngram_order)
    if found is None:
        return None
    rows = memoryview(found).cast("q")
    width = 2 + 2 * max_ngram_order
    return [sum(rows[c::width]) for c in range(width)]


def score(stats, *, smooth_method: str = "exp", smooth_value=None, effective_order: bool = False,
          max_ngram_order: int | None = None) -> float | None:
    """``impl.bleu_from_stats(stats, ...)`` by the kernel on a row of Python ints, after
    the same checks in the same order; None where the kernel does not apply (module doc)."""
    check_choice(smooth_method, SMOOTH_METHODS, "smooth_method")
    check_smooth_value(smooth_value)
    stats, order = check_bleu_stats(stats, max_ngram_order)
    kernel = native.resample
    if kernel is None or smooth_method not in _KERNEL_SMOOTHING or order > _KERNEL_MAX_ORDER:
        return None
    if not all(type(x) is int for x in stats):
        return None
    value = SMOOTH_DEFAULTS[smooth_method] if smooth_value is None else smooth_value
    row = memoryview(array("d", stats)).cast("B").cast("d", (1, len(stats)))
    out = array("d", [0.0])
    kernel.bleu_scores(row, bytes(1), _KERNEL_SMOOTHING[smooth_method], float(value or 0), bool(effective_order), out)
    return out[0]
