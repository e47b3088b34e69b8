"""sacreBLEU's metric classes ``BLEU``, ``CHRF`` and ``TER`` (2.5.1's, which 2.6.0 keeps)
with their constructor options, ``corpus_score``, ``sentence_score`` and ``get_signature``,
computed by ``bleuprint.impl`` (or ``bleuprint.spec``: set
``metric.backend = bleuprint.compat.SPEC``). Each class also holds its flags of sacreBLEU's command line (``add_command_line_flags``,
``from_command_line``: ``bleuprint score``), and ``compat_class`` gives the class of a
registered metric, if it has one.

References come as sacreBLEU's *streams*: ``references[r][i]`` is reference r of segment
i. ``sacrebleu_version`` ("2.5.1" or "2.6.0"; by default the process's choice, else the
installed sacreBLEU's, else 2.6.0: ``bleuprint.spec.sacrebleu_versions``) is the version the
object reproduces: its signature's last field, and its tokenizers (``spBLEU-1K`` under
2.5.1 is a ``ValueError`` saying it is new in 2.6.0). A ``None`` in a stream drops that
reference for that segment (the signature then says ``nrefs:var`` if the counts differ);
``''`` is a real, empty reference.

Deliberate differences from sacreBLEU (each raises instead of computing a number that the
caller did not ask for):

* streams of a different length than the hypotheses are a ``ValueError`` (sacreBLEU
  silently truncates to the shortest, issues #239, #275, #281);
* a bare string as ``hypotheses`` is a ``TypeError`` (sacreBLEU scores its characters);
* a segment without any reference, and an empty corpus, are ``ValueError`` (sacreBLEU
  crashes with TypeError, IndexError or ZeroDivisionError);
* an unknown smoothing method is a ``ValueError`` (an ``AssertionError`` in sacreBLEU);
  the tokenizers that need extra packages or downloads (``ja-mecab``, ``ko-mecab``,
  ``spm``, ``flores101``, ``flores200``, and 2.6.0's ``spBLEU-1K``) are a ``ValueError``;
* ``CHRF(char_order=0, word_order=0)`` (no order at all) is a ``ValueError`` (sacreBLEU
  divides by zero with eps smoothing, raises IndexError on a corpus of several segments,
  and scores a one-segment corpus 0.0);
* a ``smooth_value`` that is NaN, infinite or negative (``BLEU(...)``, the functions), and
  statistics that are not counts (``BLEU.compute_bleu``, ``score_from_statistics``:
  negative, NaN, fractional where they count, more matches than n-grams) are a
  ``ValueError`` naming the argument (sacreBLEU returns NaN or inf, TER [-1, 3] is -33.33,
  or it raises ``math domain error``).

Source: sacreBLEU 2.5.1 ``metrics/base.py``, ``bleu.py``, ``chrf.py``, ``ter.py``
(behaviour read, not code copied).
"""

from __future__ import annotations

import math
from collections.abc import Sequence

from ..metrics.bleu.spec import SMOOTH_DEFAULTS, bleu_precisions, brevity_penalty, log_or_floor
from ..spec.inputs import check_smooth_value, check_statistic, input_hooks
from ..spec.sacrebleu_versions import check_tokenizer_version, chosen_sacrebleu_version
from ..spec.tokenizers import BLEU_TOKENIZERS, tokenizer_signature
from ..spec.tokenizers_spm import SPM_TOKENIZERS, spm_model_path, use_spm_model
from .backends import IMPL, Backend, column_sums, row_numbers
from .resampling import bootstrap_interval, seed_from_environment
from .scores import BLEUScore, CHRFScore, TERScore
from .signatures import BLEUSignature, CHRFSignature, TERSignature
from ..core.options import options_for_stats

class _Logger:
    """The ``bleuprint`` logger (``logging.getLogger("bleuprint")``), the logging package
    imported at the first warning: a start-up that gives none does not pay for it."""

    def warning(self, *args, **kwargs) -> None:
        import logging

        logging.getLogger("bleuprint").warning(*args, **kwargs)


logger = _Logger()

def _check_hypotheses(prefix: str, hypotheses) -> list[str]:
    if isinstance(hypotheses, str):
        raise TypeError(f"{prefix}: `hyps` should be a sequence of strings, got a bare str "
                        "(sacreBLEU would score its characters as segments)")
    if not isinstance(hypotheses, Sequence):
        raise TypeError(f"{prefix}: `hyps` should be a sequence of strings.")
    if len(hypotheses) == 0:
        raise ValueError(f"{prefix}: empty corpus: `hyps` has no segments")
    for i, line in enumerate(hypotheses):
        if line is None:
            raise TypeError(f"{prefix}: Undefined line in hypotheses stream! (hyps[{i}] is None)")
        if not isinstance(line, str):
            raise TypeError(f"{prefix}: Each element of `hyps` should be a string (hyps[{i}] is "
                            f"{type(line).__name__}).")
    return list(hypotheses)


def streams_to_segments(prefix: str, references, n_segments: int | None) -> tuple[list[list[str]], int]:
    """Transpose reference streams into per-segment reference lists (``None`` dropped) and
    return them with sacreBLEU's ``num_refs`` (the common count, or -1 if it varies)."""
    if isinstance(references, str) or not isinstance(references, Sequence):
        raise TypeError(f"{prefix}: `refs` should be a sequence of sequence of strings.")
    streams = list(references)
    for r, stream in enumerate(streams):
        if isinstance(stream, str) or not isinstance(stream, Sequence):
            raise TypeError(f"{prefix}: Each element of `refs` should be a sequence of strings "
                            f"(reference stream {r} is {type(stream).__name__}).")
    lengths = {len(stream) for stream in streams}
    expected = n_segments if n_segments is not None else max(lengths)
    if lengths != {expected}:
        raise ValueError(
            f"{prefix}: reference streams have {sorted(lengths)} segments but there are {expected} "
            "hypotheses; `refs[r][i]` is reference r of segment i (sacreBLEU would silently truncate)")
    segments, counts = [], set()
    for i in range(expected):
        refs = []
        for r, stream in enumerate(streams):
            ref = stream[i]
            if ref is None:
                continue
            if not isinstance(ref, str):
                raise TypeError(f"{prefix}: `refs` should be a sequence of sequence of strings "
                                f"(refs[{r}][{i}] is {type(ref).__name__}).")
            refs.append(ref)
        if not refs:
            raise ValueError(f"{prefix}: segment {i} has no reference (every reference is None)")
        segments.append(refs)
        counts.add(len(refs))
    return segments, (counts.pop() if len(counts) == 1 else -1)


class Metric:
    """What ``BLEU``, ``CHRF`` and ``TER`` share (sacreBLEU ``metrics/base.py``)."""

    #: Where the statistics and scores come from (``bleuprint.compat.IMPL`` or ``SPEC``).
    backend: Backend = IMPL
    #: The metric's name in ``bleuprint`` (``"bleu"``, ``"chrf"``, ``"ter"``).
    metric_name = ""

    def __init__(self, sacrebleu_version: str | None = None):
        #: The sacreBLEU version this object reproduces ("2.5.1" or "2.6.0"; None chooses
        #: by ``bleuprint.spec.sacrebleu_versions``): what its signature ends with.
        self.sacrebleu_version = chosen_sacrebleu_version(sacrebleu_version)
        self._ref_cache = None
        #: False: warn when 100 lines end in a tokenized period (BLEU's ``force`` option).
        self.force = True
        self.n_bootstrap = None
        self.seed = None

    # ------------------------------------------------------------------ references
    def _cache_references(self, references) -> list[list[str]]:
        segments, self.num_refs = streams_to_segments(type(self).__name__, references, None)
        return segments

    def _segments(self, hypotheses, references) -> tuple[list[str], list[list[str]]]:
        prefix = type(self).__name__
        hyps = _check_hypotheses(prefix, hypotheses)
        if references:
            segments, self.num_refs = streams_to_segments(prefix, references, len(hyps))
        elif self._ref_cache:
            segments = self._ref_cache
            if len(segments) != len(hyps):
                raise ValueError(f"{prefix}: {len(hyps)} hypotheses but the cached references have "
                                 f"{len(segments)} segments (sacreBLEU would silently truncate)")
        else:
            raise RuntimeError("No references provided and the cache is empty.")
        return hyps, segments

    # ------------------------------------------------------------------ options
    def options(self) -> dict:
        """The options of ``bleuprint``'s functions (``sentence_stats`` and the scorer)
        that this object's constructor options stand for."""
        raise NotImplementedError

    # ------------------------------------------------------------------ command line
    @classmethod
    def add_command_line_flags(cls, parser) -> None:
        """Add this metric's flags of sacreBLEU's command line to ``parser`` (an argparse
        parser: ``bleuprint score``), in their own group."""
        raise NotImplementedError

    @classmethod
    def from_command_line(cls, args):
        """The object that sacreBLEU's command line builds from ``args``, the namespace
        parsed with the flags of ``add_command_line_flags`` (and the command's own
        ``--language-pair`` and ``--sentence-level``). What bleuprint cannot honour is a
        one-line ValueError naming the flag."""
        raise NotImplementedError

    # ------------------------------------------------------------------ statistics
    #: Whether sacreBLEU checks this metric's hypotheses for tokenized periods (BLEU).
    checks_tokenized_input = False

    @classmethod
    def warn_about_inputs(cls, hyps: list[str]) -> None:
        """sacreBLEU's warning about hypotheses that look tokenized (100 lines ending in
        " ."), for a metric that gives it (BLEU, unless ``force``)."""
        if cls.checks_tokenized_input and sum(1 for h in hyps if h.endswith(" .")) >= 100:
            logger.warning("That's 100 lines that end in a tokenized period ('.')")
            logger.warning("It looks like you forgot to detokenize your test data, which may hurt your score.")
            logger.warning("If you insist your data is detokenized, or don't care, you can suppress this "
                           "message with the `force` parameter.")

    def statistics(self, hypotheses, references=None) -> np.ndarray:
        """The N x S matrix of segment statistics (one row per hypothesis)."""
        hyps, segments = self._segments(hypotheses, references)
        if not self.force:
            self.warn_about_inputs(hyps)
        return self.backend.stats(self.metric_name, hyps, segments, **self.options())

    def check_limits(self, hypotheses, references=None) -> None:
        """Refuse, before any work, a corpus the metric cannot compute (TER's line-length
        limit), naming a segment by its index in the whole corpus."""
        from ..core import get_metric

        hyps, segments = self._segments(hypotheses, references)
        definition = get_metric(self.metric_name)
        input_hooks(definition).check_corpus_limits(hyps, segments, **options_for_stats(definition, self.options()))

    def score_from_statistics(self, summed: list, score: float | None = None):
        """The score object of summed statistics (Python numbers); ``score``, when given,
        is their score already computed (``sentence_scores``)."""
        raise NotImplementedError

    def sentence_scores(self, matrix: np.ndarray) -> list:
        """The score object of every row of a statistics matrix (``-sl``), the rows scored
        in one call of the backend (``Backend.row_scores``)."""
        values = self.backend.row_scores(self.metric_name, matrix, **self.options())
        return [self.score_from_statistics(row_numbers(row), value) for row, value in zip(matrix, values)]

    def score_matrix(self, matrix: np.ndarray, n_bootstrap: int = 1):
        """The score object of a statistics matrix; with ``n_bootstrap > 1`` also the
        bootstrap mean and 95% half-width (seed from ``SACREBLEU_SEED``), which then enter
        the signature."""
        score = self.score_from_statistics(column_sums(matrix))
        if n_bootstrap > 1:
            text, seed = seed_from_environment()
            mean, half_width = bootstrap_interval(self.backend, self.metric_name, matrix, n_bootstrap, seed,
                                                  self.options())
            self.add_interval(score, mean, half_width, n_bootstrap, text)
        return score

    def add_interval(self, score, mean: float, half_width: float, n_bootstrap: int, seed_text: str) -> None:
        """Give ``score`` (of this object) the bootstrap mean and 95% half-width of
        ``n_bootstrap`` resamples drawn from the seed ``seed_text`` says; they then enter
        the signature (``bs``, ``seed``)."""
        self.n_bootstrap, self.seed = n_bootstrap, seed_text
        score._mean, score._ci = mean, half_width

    # ------------------------------------------------------------------ API
    def corpus_score(self, hypotheses, references, n_bootstrap: int = 1):
        """The corpus score; with ``n_bootstrap > 1`` also the bootstrap mean and 95%
        half-width (seed from ``SACREBLEU_SEED``), which then enter the signature."""
        return self.score_matrix(self.statistics(hypotheses, references), n_bootstrap)

    def sentence_score(self, hypothesis: str, references: Sequence[str]):
        """The score of one hypothesis against its references (a list of strings)."""
        prefix = type(self).__name__
        if not isinstance(hypothesis, str):
            raise TypeError(f"{prefix}: The argument `hyp` should be a string.")
        if isinstance(references, str) or not isinstance(references, Sequence):
            raise TypeError(f"{prefix}: The argument `refs` should be a sequence of strings.")
        if len(references) == 0:
            raise ValueError(f"{prefix}: `refs` is empty: a sentence needs at least one reference")
        return self.corpus_score([hypothesis], [[ref] for ref in references])

    def get_signature(self):
        if not hasattr(self, "num_refs"):
            raise ValueError("Number of references unknown, please evaluate the metric first.")
        return self._signature()

    def _signature(self):
        raise NotImplementedError


class BLEU(Metric):
    """BLEU (Papineni et al., 2002) with sacreBLEU's options and defaults."""

    SMOOTH_DEFAULTS = dict(SMOOTH_DEFAULTS)
    TOKENIZERS = tuple(BLEU_TOKENIZERS)
    TOKENIZER_DEFAULT = "13a"
    #: The default tokenizer of a target language (``trg_lang``), sacreBLEU's choice.
    TRG_LANG_TOKENIZERS = {"zh": "zh", "ja": "ja-mecab", "ko": "ko-mecab"}
    metric_name = "bleu"
    checks_tokenized_input = True

    def __init__(self, lowercase: bool = False, force: bool = False, tokenize: str | None = None,
                 smooth_method: str = "exp", smooth_value: float | None = None, max_ngram_order: int = 4,
                 effective_order: bool = False, trg_lang: str = "", references=None, spm_model=None,
                 sacrebleu_version: str | None = None):
        """sacreBLEU's arguments; ``spm_model`` (bleuprint's) is the model file of a
        SentencePiece tokenizer (``use_spm_model``), where sacreBLEU reads its cache or
        downloads; ``sacrebleu_version`` the version reproduced (``bleuprint.spec.
        sacrebleu_versions``). As in sacreBLEU, the tokenizer is made here: a missing MeCab
        or model is an error now, not at the first score."""
        super().__init__(sacrebleu_version)
        self.force = force
        self.trg_lang = trg_lang
        self.lowercase = lowercase
        self.smooth_value = smooth_value
        self.smooth_method = smooth_method
        self.max_ngram_order = max_ngram_order
        self.effective_order = effective_order
        if smooth_method not in self.SMOOTH_DEFAULTS:
            raise ValueError(f"Unknown smooth_method {smooth_method!r}: expected one of "
                             f"{', '.join(self.SMOOTH_DEFAULTS)}")
        check_smooth_value(smooth_value)  # sacreBLEU: NaN, inf or a math domain error when scoring
        if isinstance(max_ngram_order, bool) or not isinstance(max_ngram_order, int) or max_ngram_order < 1:
            raise ValueError(f"max_ngram_order must be an int >= 1, got {max_ngram_order!r}")
        if tokenize is None:
            tokenize = self.TRG_LANG_TOKENIZERS.get(trg_lang, self.TOKENIZER_DEFAULT)
        else:
            for lang, best in (("zh", "zh"), ("ja", "ja-mecab"), ("ko", "ko-mecab")):
                if trg_lang == lang and tokenize != best:
                    logger.warning(f"Consider using the '{best}' or 'spm' tokenizer for "
                                   f"{ {'zh': 'Chinese', 'ja': 'Japanese', 'ko': 'Korean'}[lang] }.")
        check_tokenizer_version(tokenize, self.sacrebleu_version)
        if tokenize not in BLEU_TOKENIZERS:
            raise ValueError(f"unknown tokenizer {tokenize!r}: expected one of {', '.join(BLEU_TOKENIZERS)}")
        if tokenize in SPM_TOKENIZERS:
            if spm_model is not None:
                use_spm_model(tokenize, spm_model)
            spm_model_path(tokenize)  # sacreBLEU loads (or downloads) the model here
            if tokenize == "spm":
                logger.warning("Tokenizer 'spm' has been changed to 'flores101', and may be removed in the future.")
        elif spm_model is not None:
            raise ValueError(f"spm_model is the model of a SentencePiece tokenizer ({', '.join(SPM_TOKENIZERS)}), "
                             f"not of {tokenize!r}")
        self.tokenize = tokenize
        self.tokenizer_signature = tokenizer_signature(tokenize)
        if references is not None:
            self._ref_cache = self._cache_references(references)

    @classmethod
    def add_command_line_flags(cls, parser) -> None:
        group = parser.add_argument_group("BLEU")
        group.add_argument("--smooth-method", "-s", choices=list(SMOOTH_DEFAULTS), default="exp",
                           dest="bleu_smooth_method")
        group.add_argument("--smooth-value", "-sv", type=float, default=None, dest="bleu_smooth_value")
        group.add_argument("--tokenize", "-tok", choices=list(BLEU_TOKENIZERS), default=None, dest="bleu_tokenize")
        group.add_argument("--spm-model", default=None, dest="bleu_spm_model", metavar="PATH",
                           help="bleuprint's: the model file of a SentencePiece tokenizer (spm, flores101, flores200, "
                                "spBLEU-1K); without it, sacreBLEU's cache ($SACREBLEU/models); nothing is downloaded")
        group.add_argument("--lowercase", "-lc", action="store_true", dest="bleu_lowercase")
        group.add_argument("--force", action="store_true", dest="bleu_force")

    @classmethod
    def from_command_line(cls, args) -> BLEU:
        """sacreBLEU's command line: the target language of ``-l`` picks the default
        tokenizer, and ``-sl`` turns on the effective order."""
        trg_lang = args.langpair.split("-")[1] if args.langpair and "-" in args.langpair else ""
        tokenize = args.bleu_tokenize
        if tokenize is None:  # zh, ja-mecab or ko-mecab by the target language, else 13a
            tokenize = cls.TRG_LANG_TOKENIZERS.get(trg_lang, cls.TOKENIZER_DEFAULT)
        version = chosen_sacrebleu_version(getattr(args, "sacrebleu_version", None))
        try:  # sacreBLEU prints nan or inf, or a math domain error's traceback
            check_smooth_value(args.bleu_smooth_value)
        except ValueError as error:
            raise ValueError(f"-sv/--smooth-value: {error}") from None
        return cls(lowercase=args.bleu_lowercase, force=args.bleu_force, tokenize=tokenize,
                   smooth_method=args.bleu_smooth_method, smooth_value=args.bleu_smooth_value,
                   effective_order=args.sentence_level, trg_lang=trg_lang,
                   spm_model=getattr(args, "bleu_spm_model", None), sacrebleu_version=version)

    def options(self) -> dict:
        return dict(tokenize=self.tokenize, lowercase=self.lowercase, max_ngram_order=self.max_ngram_order,
                    smooth_method=self.smooth_method, smooth_value=self.smooth_value,
                    effective_order=self.effective_order)

    def score_from_statistics(self, summed: list, score: float | None = None) -> BLEUScore:
        N = self.max_ngram_order
        if len(summed) != 2 + 2 * N:
            raise ValueError(f"BLEU statistics of order {N} have {2 + 2 * N} numbers, got {len(summed)}")
        if score is None:
            score = self.backend.score("bleu", list(summed), smooth_method=self.smooth_method,
                                       smooth_value=self.smooth_value, effective_order=self.effective_order)
        details = self.compute_bleu(list(summed[2:2 + N]), list(summed[2 + N:]), int(summed[0]), int(summed[1]),
                                    self.smooth_method, self.smooth_value, self.effective_order, N)
        details.score = score
        return details

    @staticmethod
    def compute_bleu(correct: list, total: list, sys_len: int, ref_len: int, smooth_method: str = "none",
                     smooth_value=None, effective_order: bool = False, max_ngram_order: int = 4) -> BLEUScore:
        """BLEU from its sufficient statistics (note the default ``smooth_method='none'``,
        as in sacreBLEU). With add-k, the returned ``counts``/``totals`` include the k
        added to orders >= 2 (sacreBLEU changes the caller's lists; this returns copies).

        Numbers that are not counts are refused, as ``bleuprint.spec.bleu_from_stats``
        refuses them (``spec.inputs.check_counts``: finite, >= 0, whole, at most 2**53, and
        ``correct[n] <= total[n]``), and so is a ``smooth_value`` that is not a finite number
        >= 0; sacreBLEU returns NaN or inf there, or raises ``math domain error``."""
        if smooth_method not in SMOOTH_DEFAULTS:
            raise ValueError(f"Unknown smooth_method {smooth_method!r}")
        check_smooth_value(smooth_value)
        if len(correct) < max_ngram_order or len(total) < max_ngram_order:
            raise ValueError(f"correct and total need {max_ngram_order} numbers each (max_ngram_order)")
        check_statistic(sys_len, "sys_len")
        check_statistic(ref_len, "ref_len")
        for n in range(max_ngram_order):
            check_statistic(correct[n], f"correct[{n}]")
            check_statistic(total[n], f"total[{n}]")
            if correct[n] > total[n]:
                raise ValueError(f"correct[{n}] must not exceed total[{n}], got {correct[n]} > {total[n]} "
                                 "(matches are counted among the n-grams)")
        correct, total = list(correct), list(total)
        bp = brevity_penalty(sys_len, ref_len)
        if not any(correct):
            return BLEUScore(0.0, correct, total, [0.0] * max_ngram_order, bp, sys_len, ref_len)
        precisions, eff_order = bleu_precisions(correct[:max_ngram_order], total[:max_ngram_order],
                                                smooth_method, smooth_value, effective_order)
        if smooth_method == "add-k":  # the k that sacreBLEU's loop adds before it stops
            k = SMOOTH_DEFAULTS["add-k"] if smooth_value is None else smooth_value
            for n in range(max_ngram_order):
                if n > 0:
                    correct[n] += k
                    total[n] += k
                if total[n] == 0:
                    break
        score = bp * math.exp(sum([log_or_floor(p) for p in precisions[:eff_order]]) / eff_order)
        return BLEUScore(score, correct, total, precisions, bp, sys_len, ref_len)

    def sentence_score(self, hypothesis: str, references: Sequence[str]) -> BLEUScore:
        if not self.effective_order:
            logger.warning("It is recommended to enable `effective_order` for sentence-level BLEU.")
        return super().sentence_score(hypothesis, references)

    def _signature(self) -> BLEUSignature:
        return BLEUSignature(self.num_refs, lowercase=self.lowercase, effective_order=self.effective_order,
                             tokenize=self.tokenizer_signature, smooth_method=self.smooth_method,
                             smooth_value=self.smooth_value, n_bootstrap=self.n_bootstrap, seed=self.seed,
                             version=self.sacrebleu_version)


class CHRF(Metric):
    """chrF (Popović 2015) and chrF++ (``word_order=2``; Popović 2017); ``char_order=0``
    with ``word_order >= 1`` is a word-only chrF (word n-gram statistics only)."""

    CHAR_ORDER = 6
    WORD_ORDER = 0
    BETA = 2
    metric_name = "chrf"

    def __init__(self, char_order: int = CHAR_ORDER, word_order: int = WORD_ORDER, beta: int = BETA,
                 lowercase: bool = False, whitespace: bool = False, eps_smoothing: bool = False, references=None,
                 sacrebleu_version: str | None = None):
        super().__init__(sacrebleu_version)
        for name, value in (("char_order", char_order), ("word_order", word_order)):
            if isinstance(value, bool) or not isinstance(value, int) or value < 0:
                raise ValueError(f"{name} must be an int >= 0, got {value!r}")
        if char_order + word_order == 0:
            # sacreBLEU: ZeroDivisionError (eps smoothing), IndexError (several segments), or 0.0
            raise ValueError("char_order and word_order are both 0: chrF needs at least one character or "
                             "word order (char_order=0 with word_order >= 1 is a word-only chrF)")
        self.beta = beta
        self.char_order = char_order
        self.word_order = word_order
        self.order = char_order + word_order
        self.lowercase = lowercase
        self.whitespace = whitespace
        self.eps_smoothing = eps_smoothing
        if references is not None:
            self._ref_cache = self._cache_references(references)

    @classmethod
    def add_command_line_flags(cls, parser) -> None:
        group = parser.add_argument_group("chrF")
        group.add_argument("--chrf-char-order", "-cc", type=int, default=cls.CHAR_ORDER)
        group.add_argument("--chrf-word-order", "-cw", type=int, default=cls.WORD_ORDER)
        group.add_argument("--chrf-beta", type=int, default=cls.BETA)
        group.add_argument("--chrf-whitespace", action="store_true")
        group.add_argument("--chrf-lowercase", action="store_true")
        group.add_argument("--chrf-eps-smoothing", action="store_true")

    @classmethod
    def from_command_line(cls, args) -> CHRF:
        for flag, order in (("-cc/--chrf-char-order", args.chrf_char_order), ("-cw/--chrf-word-order",
                                                                              args.chrf_word_order)):
            if order < 0:  # the spec's own message would name char_order, not the flag
                raise ValueError(f"{flag} takes a whole number >= 0, got {order}")
        if args.chrf_char_order == 0 and args.chrf_word_order == 0:  # sacreBLEU: a traceback
            raise ValueError("-cc/--chrf-char-order and -cw/--chrf-word-order are both 0: chrF needs at least "
                             "one character or word order (-cc 0 -cw 2 is a word-only chrF)")
        return cls(char_order=args.chrf_char_order, word_order=args.chrf_word_order, beta=args.chrf_beta,
                   lowercase=args.chrf_lowercase, whitespace=args.chrf_whitespace,
                   eps_smoothing=args.chrf_eps_smoothing,
                   sacrebleu_version=getattr(args, "sacrebleu_version", None))

    def options(self) -> dict:
        return dict(n=self.char_order, beta=self.beta, word_order=self.word_order, lowercase=self.lowercase,
                    whitespace=self.whitespace, eps_smoothing=self.eps_smoothing)

    def score_from_statistics(self, summed: list, score: float | None = None) -> CHRFScore:
        if score is None:
            score = self.backend.score("chrf", list(summed), n=self.char_order, beta=self.beta,
                                       word_order=self.word_order, eps_smoothing=self.eps_smoothing)
        return CHRFScore(score, self.char_order, self.word_order, self.beta)

    def _signature(self) -> CHRFSignature:
        return CHRFSignature(self.num_refs, lowercase=self.lowercase, eps_smoothing=self.eps_smoothing,
                             char_order=self.char_order, word_order=self.word_order, whitespace=self.whitespace,
                             n_bootstrap=self.n_bootstrap, seed=self.seed, version=self.sacrebleu_version)


class TER(Metric):
    """TER (Snover et al., 2006), sacreBLEU's re-implementation of Tercom."""

    metric_name = "ter"

    def __init__(self, normalized: bool = False, no_punct: bool = False, asian_support: bool = False,
                 case_sensitive: bool = False, references=None, sacrebleu_version: str | None = None):
        super().__init__(sacrebleu_version)
        self.no_punct = no_punct
        self.normalized = normalized
        self.asian_support = asian_support
        self.case_sensitive = case_sensitive
        from .tercom import TercomTokenizer  # here: scoring BLEU loads no TER module

        self.tokenizer = TercomTokenizer(normalized=normalized, no_punct=no_punct, asian_support=asian_support,
                                         case_sensitive=case_sensitive)
        self.tokenizer_signature = self.tokenizer.signature()
        if references is not None:
            self._ref_cache = self._cache_references(references)

    @classmethod
    def add_command_line_flags(cls, parser) -> None:
        group = parser.add_argument_group("TER")
        group.add_argument("--ter-case-sensitive", action="store_true")
        group.add_argument("--ter-asian-support", action="store_true")
        group.add_argument("--ter-no-punct", action="store_true")
        group.add_argument("--ter-normalized", action="store_true")

    @classmethod
    def from_command_line(cls, args) -> TER:
        return cls(normalized=args.ter_normalized, no_punct=args.ter_no_punct, asian_support=args.ter_asian_support,
                   case_sensitive=args.ter_case_sensitive, sacrebleu_version=getattr(args, "sacrebleu_version", None))

    def options(self) -> dict:
        return dict(normalized=self.normalized, no_punct=self.no_punct, asian_support=self.asian_support,
                    case_sensitive=self.case_sensitive)

    def score_from_statistics(self, summed: list, score: float | None = None) -> TERScore:
        edits, length = summed[0], float(summed[1])
        if score is None:
            score = self.backend.score("ter", [edits, length])
        return TERScore(score, edits, length)

    def _signature(self) -> TERSignature:
        return TERSignature(self.num_refs, case_sensitive=self.case_sensitive, normalized=self.normalized,
                            no_punct=self.no_punct, asian_support=self.asian_support,
                            n_bootstrap=self.n_bootstrap, seed=self.seed,
                            version=self.sacrebleu_version)


#: The sacreBLEU classes, in the order of sacreBLEU's command-line help.
COMPAT_CLASSES = (BLEU, CHRF, TER)


def compat_class(metric) -> type[Metric] | None:
    """The class of this module that computes ``metric`` (a registered
    ``bleuprint.core.Metric``: the class whose ``metric_name`` is registered as that very
    object), or None for a metric that sacreBLEU does not have. A metric registered in
    place of a built-in one (``register(..., replace=True)``) has none: these classes'
    options, scores and signatures are the built-in metric's."""
    from ..core import get_metric, metric_names

    for cls in COMPAT_CLASSES:
        if cls.metric_name in metric_names() and get_metric(cls.metric_name) is metric:
            return cls
    return None
