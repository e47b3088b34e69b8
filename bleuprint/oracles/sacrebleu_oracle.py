"""An adapter that asks sacreBLEU (2.5.1 or 2.6.0) itself, in bleuprint's per-hypothesis layout.

bleuprint passes ``refs[i]``, the list of references of ``hyps[i]`` (their number may vary
from sentence to sentence). sacreBLEU's ``corpus_score`` takes the transpose, reference
*streams* ``streams[k][i]``, drops ``None`` entries, and prints ``nrefs:var`` when the
number of remaining references varies (sacreBLEU ``metrics/base.py``,
``Metric._cache_references``). ``to_streams`` does that transposition.

Every function builds a fresh sacreBLEU metric object, so no reference cache or
bootstrap state leaks from one call into the next.

Per-sentence statistics come from ``Metric._extract_corpus_statistics`` and the score
from ``Metric._aggregate_and_compute``, two *private* sacreBLEU methods: they are the
two steps sacreBLEU's own ``corpus_score`` and ``sentence_score`` consist of, so the rows
are sacreBLEU's statistics by definition and the score is its score. Using private
methods is acceptable here, in an oracle that accepts only the sacreBLEU versions
bleuprint reproduces (``SUPPORTED_VERSIONS``: 2.5.1 and 2.6.0, whose metric code is the
same) and is checked against the public methods by
``tests/oracles``; nothing outside the tests and the golden generator depends on it.
The corpus statistics are the element-wise sum of the rows
(``sacrebleu.utils.sum_of_lists``, on a copy).

sacreBLEU is imported lazily (``require_sacrebleu``), so importing this module works
without it and fails only when an oracle is called.
"""

from __future__ import annotations

import copy
from collections.abc import Sequence

from ..core.oracle_result import OracleResult
from ..spec.sacrebleu_versions import SUPPORTED_VERSIONS

#: The version of the shipped goldens (``python -m bleuprint.oracles.generate`` writes them
#: with it; ``pip install -e '.[test]'`` installs it). 2.6.0 is accepted as well.
REQUIRED_VERSION = "2.5.1"

#: bleuprint option names and defaults, as ``bleuprint.spec.corpus_bleu`` spells them.
BLEU_DEFAULTS = {
    "tokenize": "13a",
    "lowercase": False,
    "smooth_method": "exp",
    "smooth_value": None,
    "max_ngram_order": 4,
    "effective_order": False,
}

#: The sentence-level BLEU defaults: sacreBLEU's ``sentence_bleu`` uses effective order.
SENTENCE_BLEU_DEFAULTS = {**BLEU_DEFAULTS, "effective_order": True}

#: bleuprint option names and defaults, as ``bleuprint.metrics.chrf.spec`` spells them.
CHRF_DEFAULTS = {
    "n": 6,
    "beta": 2,
    "word_order": 0,
    "lowercase": False,
    "whitespace": False,
    "eps_smoothing": False,
}


def require_sacrebleu():
    """The ``sacrebleu`` module, checked to be one of ``SUPPORTED_VERSIONS``.

    Raises ImportError when it is not installed and RuntimeError when another version
    is, since the goldens and the spec are pinned to 2.5.1's behaviour (which 2.6.0 keeps).
    """
    try:
        import sacrebleu
    except ImportError as error:
        raise ImportError(
            f"bleuprint's oracle needs sacrebleu=={REQUIRED_VERSION}: "
            f"pip install 'sacrebleu=={REQUIRED_VERSION}' (or the 'oracle' extra)"
        ) from error
    if sacrebleu.__version__ not in SUPPORTED_VERSIONS:
        raise RuntimeError(
            f"bleuprint's oracle is sacrebleu {' or '.join(SUPPORTED_VERSIONS)}, "
            f"but sacrebleu {sacrebleu.__version__} is installed"
        )
    return sacrebleu


def _check_hypotheses(hyps) -> list[str]:
    if isinstance(hyps, str) or not isinstance(hyps, Sequence):
        raise TypeError(f"hyps must be a list of hypothesis strings, got {type(hyps).__name__}")
    if len(hyps) == 0:
        raise ValueError("empty corpus: hyps has no sentences")
    for i, hyp in enumerate(hyps):
        if not isinstance(hyp, str):
            raise TypeError(f"hyps[{i}] must be a str, got {type(hyp).__name__}")
    return list(hyps)


def _check_references(refs, what: str) -> list[str]:
    if isinstance(refs, str) or not isinstance(refs, Sequence):
        raise TypeError(f"{what} must be a list of reference strings, got {type(refs).__name__}")
    if len(refs) == 0:
        raise ValueError(f"{what} is empty: every hypothesis needs at least one reference")
    for k, ref in enumerate(refs):
        if not isinstance(ref, str):
            raise TypeError(f"{what}[{k}] must be a str, got {type(ref).__name__}")
    return list(refs)


def _check_sentence(hyp) -> str:
    if not isinstance(hyp, str):
        raise TypeError(f"hyp must be a str, got {type(hyp).__name__}")
    return hyp


def _check_corpus(hyps, refs) -> tuple[list[str], list[list[str]]]:
    hyps = _check_hypotheses(hyps)
    if isinstance(refs, str) or not isinstance(refs, Sequence):
        raise TypeError(f"refs must be a list with one list of references per hypothesis, got {type(refs).__name__}")
    if len(refs) != len(hyps):
        # sacreBLEU would silently truncate to the shorter of the two.
        raise ValueError(f"mismatched lengths: {len(hyps)} hypotheses but {len(refs)} reference lists")
    return hyps, [_check_references(r, f"refs[{i}]") for i, r in enumerate(refs)]


def to_streams(refs) -> list[list[str | None]]:
    """Transpose per-hypothesis references into sacreBLEU's reference streams.

    ``streams[k][i]`` is ``refs[i][k]``, or ``None`` when sentence i has k references or
    fewer; sacreBLEU drops the ``None`` entries. Example: ``[["a", "b"], ["c"]]`` ->
    ``[["a", "c"], ["b", None]]``.
    """
    if isinstance(refs, str) or not isinstance(refs, Sequence):
        raise TypeError(f"refs must be a list with one list of references per hypothesis, got {type(refs).__name__}")
    per_sentence = [_check_references(r, f"refs[{i}]") for i, r in enumerate(refs)]
    if not per_sentence:
        raise ValueError("refs is empty: no sentences")
    width = max(len(r) for r in per_sentence)
    return [[r[k] if k < len(r) else None for r in per_sentence] for k in range(width)]


def _options(given: dict, defaults: dict, what: str) -> dict:
    unknown = sorted(set(given) - set(defaults))
    if unknown:
        raise TypeError(f"unknown option(s) for {what}: {', '.join(unknown)}")
    return {**defaults, **given}


def _bleu_metric(options: dict):
    sacrebleu = require_sacrebleu()
    # force=True only silences the "forgot to detokenize?" warning; it changes no number.
    return sacrebleu.BLEU(
        tokenize=options["tokenize"],
        lowercase=options["lowercase"],
        smooth_method=options["smooth_method"],
        smooth_value=options["smooth_value"],
        max_ngram_order=options["max_ngram_order"],
        effective_order=options["effective_order"],
        force=True,
    )


def _chrf_metric(options: dict):
    sacrebleu = require_sacrebleu()
    return sacrebleu.CHRF(
        char_order=options["n"],
        word_order=options["word_order"],
        beta=options["beta"],
        lowercase=options["lowercase"],
        whitespace=options["whitespace"],
        eps_smoothing=options["eps_smoothing"],
    )


def _run(metric, hyps: list[str], streams: list[list]) -> OracleResult:
    """Statistics, score and signature from one fresh metric object.

    ``corpus_score`` (with ``n_bootstrap=1``) and ``sentence_score`` are, after their
    argument checks, exactly ``_extract_corpus_statistics`` followed by
    ``_aggregate_and_compute``; calling the two steps here reads the per-sentence rows
    without scoring the corpus twice. (``sentence_score(hyp, refs)`` passes the streams
    ``[[r] for r in refs]``, which is ``to_streams([refs])``.) The tests in
    ``tests/oracles`` check the result against the public methods.
    """
    from sacrebleu.utils import sum_of_lists

    rows = [list(row) for row in metric._extract_corpus_statistics(hyps, streams)]
    # sum_of_lists returns its only row itself for a one-sentence corpus, and BLEU's add-k
    # adds k into what it is given: work on copies.
    corpus_stats = list(sum_of_lists(copy.deepcopy(rows)))
    result = metric._aggregate_and_compute(copy.deepcopy(rows))
    signature = metric.get_signature()
    return OracleResult(
        score=float(result.score),
        corpus_stats=corpus_stats,
        sentence_stats=rows,
        signature=signature.format(),
        signature_short=signature.format(short=True),
    )


def oracle_bleu(hyps, refs, **options) -> OracleResult:
    """sacreBLEU's corpus BLEU. Options as ``bleuprint.spec.corpus_bleu``: tokenize="13a",
    lowercase=False, smooth_method="exp", smooth_value=None, max_ngram_order=4,
    effective_order=False."""
    hyps, refs = _check_corpus(hyps, refs)
    options = _options(options, BLEU_DEFAULTS, "BLEU")
    return _run(_bleu_metric(options), hyps, to_streams(refs))


def oracle_chrf(hyps, refs, **options) -> OracleResult:
    """sacreBLEU's corpus chrF. Options as ``bleuprint.metrics.chrf.spec``: n=6 (sacreBLEU's
    ``char_order``), beta=2, word_order=0, lowercase=False, whitespace=False,
    eps_smoothing=False."""
    hyps, refs = _check_corpus(hyps, refs)
    options = _options(options, CHRF_DEFAULTS, "chrF")
    return _run(_chrf_metric(options), hyps, to_streams(refs))


def oracle_sentence_bleu(hyp, refs, **options) -> OracleResult:
    """sacreBLEU's ``sentence_score`` for BLEU, with the sentence-level default
    ``effective_order=True`` (as sacreBLEU's ``sentence_bleu``)."""
    hyps = [_check_sentence(hyp)]
    refs = _check_references(refs, "refs")
    options = _options(options, SENTENCE_BLEU_DEFAULTS, "BLEU")
    return _run(_bleu_metric(options), hyps, to_streams([refs]))


def oracle_sentence_chrf(hyp, refs, **options) -> OracleResult:
    """sacreBLEU's ``sentence_score`` for chrF (same defaults as the corpus score)."""
    hyps = [_check_sentence(hyp)]
    refs = _check_references(refs, "refs")
    options = _options(options, CHRF_DEFAULTS, "chrF")
    return _run(_chrf_metric(options), hyps, to_streams([refs]))


def oracle_tokenize(line: str, name: str) -> str:
    """The output of sacreBLEU's BLEU tokenizer ``name`` (13a, none, intl, zh, char, and
    with sacreBLEU's ``ja`` / ``ko`` extras ja-mecab, ko-mecab) on ``line`` exactly as
    given (BLEU itself lowercases and right-strips first)."""
    if not isinstance(line, str):
        raise TypeError(f"line must be a str, got {type(line).__name__}")
    known = ("13a", "none", "intl", "zh", "char", "ja-mecab", "ko-mecab")
    if name not in known:
        raise ValueError(f"unknown tokenizer {name!r}: expected one of {', '.join(known)}")
    return _bleu_metric({**BLEU_DEFAULTS, "tokenize": name}).tokenizer(line)
