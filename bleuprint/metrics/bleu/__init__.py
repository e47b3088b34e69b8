"""BLEU as a registered metric (the definition: ``bleuprint.metrics.bleu.spec``; the fast version:
``bleuprint.metrics.bleu.impl``).

Shape ``SUM``: a segment's row is ``[c, r, m_1..m_N, t_1..t_N]`` (hypothesis length, the
closest reference length, clipped matches and hypothesis n-grams of orders 1..N); the
corpus score is the score of the summed rows (0..100).
"""

from __future__ import annotations

from ...core import Metric, Option, register
from ...core.metric import labelled_configurations
from ...spec.signature import SACREBLEU_VERSION
from .spec import SMOOTH_METHODS, bleu_from_stats, bleu_precisions, bleu_stats, brevity_penalty
from ...spec.tokenizers import BLEU_TOKENIZERS, OUTSIDE_TOKENIZERS, TOKENIZERS, tokenizer_of_signature


class BLEU(Metric):
    name = "bleu"
    title = "BLEU (Papineni et al., 2002) as sacreBLEU 2.5.1"
    #: The unit of ``Metric.cost`` (impl: 200,000 segments in about 1.3 s on the project's
    #: 2-core machine).
    cost = 1
    options = (
        Option("tokenize", str, "13a", "the tokenizer applied to both sides (ja-mecab, ko-mecab: MeCab, "
               "pip install 'bleuprint[ja]' / '[ko]'; spm, flores101, flores200, spBLEU-1K: a SentencePiece model "
               "file, use_spm_model)", stage="stats", choices=BLEU_TOKENIZERS, outside=OUTSIDE_TOKENIZERS),
        Option("lowercase", bool, False, "lowercase both sides before tokenizing", stage="stats"),
        Option("smooth_method", str, "exp", "the smoothing of zero-match orders", stage="score",
               choices=SMOOTH_METHODS),
        Option("smooth_value", float, None, "the value of floor and add-k smoothing (None: the method's "
               "default, 0.1 for floor, 1 for add-k)", stage="score", nullable=True, minimum=0),
        Option("max_ngram_order", int, 4, "the highest n-gram order N", minimum=1),
        Option("effective_order", bool, False, "average only the orders the hypothesis has n-grams of",
               stage="score"),
    )

    def segment_stats(self, hyp, refs, **options) -> list:
        return bleu_stats(hyp, refs, **options)

    def score(self, combined, n_segments, **options) -> float:
        return bleu_from_stats(combined, **options)

    def parts(self, combined, n_segments, smooth_method="exp", smooth_value=None, effective_order=False,
              max_ngram_order=None) -> dict:
        order = (len(combined) - 2) // 2
        matches, totals = combined[2:2 + order], combined[2 + order:]
        precisions, _ = bleu_precisions(matches, totals, smooth_method, smooth_value, effective_order)
        return {"precisions": precisions, "bp": brevity_penalty(combined[0], combined[1]),
                "sys_len": combined[0], "ref_len": combined[1]}

    def stats_matrix(self, hyps, refs, **options):
        from .impl import bleu_stats_matrix

        return bleu_stats_matrix(hyps, refs, **options)

    def fast_score(self, combined, n_segments, **options) -> float:
        from .impl import bleu_from_stats as fast_bleu_from_stats

        return fast_bleu_from_stats(combined, **options)

    def batch_scores(self, sums, n_segments, float32, **options):
        from .impl import bleu_scores

        return bleu_scores(sums, float32, **options)

    def paired_trial_scores(self, sums, n_segments, **options):
        """sacreBLEU's paired tests add a fractional add-k value into int64 statistics
        (truncating it), after their "no match" test: the trial sums are adjusted so, and
        a trial without any match scores 0."""
        import numpy as np

        k = options.get("smooth_value")
        if options.get("smooth_method") != "add-k" or k is None or float(k).is_integer():
            return super().paired_trial_scores(sums, n_segments, **options)
        half = (sums.shape[1] - 2) // 2
        any_match = np.any(sums[:, 2 : 2 + half] != 0, axis=1)
        adjusted = sums.copy()
        adjusted[:, 3 : 2 + half] = np.trunc(adjusted[:, 3 : 2 + half] + k)
        adjusted[:, 3 + half :] = np.trunc(adjusted[:, 3 + half :] + k)
        values = super().paired_trial_scores(adjusted, n_segments, **{**options, "smooth_value": 0})
        return np.where(any_match, values, 0.0)

    def paired_trial_score(self, row, n_segments, **options) -> float:
        """``paired_trial_scores`` of one trial sum (Python numbers), the spec's way: with
        add-k and a fractional k, 0.0 without any match, else k added into orders 2..N
        and truncated (``int``), then scored with k = 0."""
        k = options.get("smooth_value")
        if options.get("smooth_method") != "add-k" or k is None or float(k).is_integer():
            return super().paired_trial_score(row, n_segments, **options)
        half = (len(row) - 2) // 2
        matches, totals = row[2 : 2 + half], row[2 + half :]
        if not any(matches):
            return 0.0
        adjusted = row[:3] + [int(m + k) for m in matches[1:]] + totals[:1] + [int(t + k) for t in totals[1:]]
        return super().paired_trial_score(adjusted, n_segments, **{**options, "smooth_value": 0})

    def pair_rows(self, hyps, refs, blocks, chunk, **options):
        """The shared-work route (``bleuprint.metrics.bleu.pairs_impl``): each distinct line's
        units read once, each block's n-grams counted once by the compiled kernel; the
        default route of explicit pairs without it."""
        from .pairs_impl import bleu_pair_rows

        rows = bleu_pair_rows(hyps, refs, blocks, chunk, **options)
        return super().pair_rows(hyps, refs, blocks, chunk, **options) if rows is None else rows

    def signature_fields(self, **options) -> list:
        from ...spec.signature import bleu_signature_fields  # it reads this metric's spec

        return bleu_signature_fields(**options)

    # -- bleuprint reproduce ------------------------------------------------------------------

    claim_prefixes = ("BLEU", "sacreBLEU")
    unsigned_options = ("max_ngram_order",)
    searched_by_default = True
    #: The smoothings searched (method, value: None, the method's default) and maximum orders.
    SEARCH_SMOOTHINGS = (("exp", None), ("none", None), ("floor", None), ("add-k", None))
    SEARCH_MAX_ORDERS = (1, 2, 3, 4, 5, 6)

    def search_space(self, hint: str = "") -> list[dict]:
        """Tokenizer x case x smoothing (default values) x effective order x maximum order,
        the order 1..6 outermost and the case innermost."""
        return [dict(tokenize=tokenize, lowercase=lowercase, smooth_method=method, smooth_value=value,
                     effective_order=effective, max_ngram_order=order)
                for order in self.SEARCH_MAX_ORDERS for method, value in self.SEARCH_SMOOTHINGS
                for effective in (False, True) for tokenize in TOKENIZERS for lowercase in (False, True)]

    def describe_search(self, space, note) -> str:
        orders = self.SEARCH_MAX_ORDERS
        return (f"BLEU: {len(TOKENIZERS)} tokenizers x 2 cases x {len(self.SEARCH_SMOOTHINGS)} smoothings "
                f"(default values) x 2 effective-order x max order {orders[0]}..{orders[-1]}")

    def search_batches(self, space) -> list[list[dict]]:
        """Consecutive configurations with the same score options (the same smoothing,
        effective order and maximum order: every tokenizer and case) in one batch."""
        from itertools import groupby

        return [list(batch) for _, batch in groupby(space, key=lambda o: tuple(sorted(self.score_options(o).items())))]

    def search_statistics(self, options) -> tuple[dict, list]:
        """The statistics at the highest order searched: the row of order N is the columns
        ``c, r``, the matches of orders 1..N and the n-gram counts of orders 1..N."""
        order = options.get("max_ngram_order", 4)
        top = max(order, self.SEARCH_MAX_ORDERS[-1])
        columns = [0, 1] + list(range(2, 2 + order)) + list(range(2 + top, 2 + top + order))
        return dict(self.stats_options(options), max_ngram_order=top), columns

    def options_from_signature(self, fields, stated) -> tuple[dict, list]:
        """``case:lc`` lowercase, ``eff:yes`` effective order, ``tok`` (13a when absent),
        ``smooth`` a method with its value in brackets (``floor[0.10]``; exp when absent)."""
        import re

        smooth = fields.get("smooth", "exp")
        match = re.fullmatch(r"([a-z-]+)(?:\[([\d.]+)\])?", smooth)
        if not match:
            raise ValueError(f"cannot read the smoothing {smooth!r} of the signature")
        return dict(stated, lowercase=fields.get("case") == "lc", tokenize=tokenizer_of_signature(fields.get("tok", "13a")),
                    smooth_method=match.group(1), smooth_value=float(match.group(2)) if match.group(2) else None,
                    effective_order=fields.get("eff") == "yes"), []

    # -- mutants and strategies -------------------------------------------------------------

    def spec_entry_points(self) -> tuple[str, ...]:
        return ("bleuprint.metrics.bleu.spec:bleu_stats", "bleuprint.metrics.bleu.spec:corpus_bleu",
                "bleuprint.metrics.bleu.spec:sentence_bleu")

    def faults(self) -> list:
        from .faults import MUTANTS

        return list(MUTANTS)

    def option_strategy(self):
        """The hand-tuned ``bleuprint.strategies.bleu_options`` (smoothing values that fit
        the method, order 4 most often)."""
        from .strategies import bleu_options

        return bleu_options()

    # -- vectors ---------------------------------------------------------------------------

    def vector_intermediates(self, hyps, refs, tokenize="13a", lowercase=False, **_) -> dict:
        """The tokens BLEU counts n-grams of: ``hypTokens[i]`` of ``hyps[i]`` and
        ``refTokens[i][j]`` of ``refs[i][j]`` (the tokenizer, after lowercasing where asked):
        a port whose statistics differ sees first whether its tokens do."""
        from .spec import bleu_tokens

        return {"hypTokens": [bleu_tokens(h, tokenize, lowercase) for h in hyps],
                "refTokens": [[bleu_tokens(r, tokenize, lowercase) for r in group] for group in refs]}

    # -- bleuprint verify -------------------------------------------------------------------

    golden = "bleu"
    oracle_versions = {"sacrebleu": SACREBLEU_VERSION}
    corpus_oracle = "bleuprint.oracles.sacrebleu_oracle:oracle_bleu"

    def verify_configurations(self) -> tuple:
        """Each tokenizer and smoothing, a high order with the effective order, a low order
        with add-k of another value."""
        return labelled_configurations(
            *({"tokenize": t} for t in ("13a", "none", "intl", "zh", "char")),
            *({"smooth_method": m} for m in ("none", "floor", "add-k")),
            {"effective_order": True, "max_ngram_order": 6, "lowercase": True},
            {"smooth_method": "add-k", "smooth_value": 0.5, "max_ngram_order": 2})

    def missing_data(self, options: dict) -> str:
        """Why BLEU cannot be computed with ``options`` here ("" when it can): a MeCab
        tokenizer without its packages, a SentencePiece tokenizer without its model file
        or package (the message names the pip command or the file)."""
        tokenize = options.get("tokenize", "13a")
        if tokenize not in OUTSIDE_TOKENIZERS:
            return ""
        from ...spec.tokenizers_mecab import MECAB_TOKENIZERS, mecab_tagger
        from ...spec.tokenizers_spm import spm_processor

        if tokenize in MECAB_TOKENIZERS:
            try:
                mecab_tagger(tokenize)
            except ValueError:  # MissingTokenizerPackage is one too; one reason for both tokenizers
                return ("MeCab or its dictionary is not installed (ja-mecab: pip install 'bleuprint[ja]', "
                        "ko-mecab: pip install 'bleuprint[ko]')")
            return ""
        try:
            spm_processor(tokenize)
        except ValueError as exc:
            return str(exc)
        return ""

    def real_corpus_configurations(self) -> tuple:
        """Every tokenizer."""
        return tuple(({"tokenize": t}, f"tokenize={t}") for t in TOKENIZERS)

    def sentence_defaults(self) -> dict:
        """sacreBLEU's ``sentence_bleu`` defaults to ``use_effective_order=True`` (as
        ``bleuprint.spec.sentence_bleu`` does), so a sentence score's signature reads
        ``eff:yes``."""
        return {"effective_order": True}

    #: This metric's public functions in ``bleuprint.spec`` and ``bleuprint.impl`` (the one-call
    #: ones made from ``api.py`` where it has one).
    api_names = ("corpus_bleu", "sentence_bleu", "bleu_stats", "bleu_from_stats", "SMOOTH_DEFAULTS", "SMOOTH_METHODS")

    def layer_functions(self, layer) -> dict:
        return {"stats": layer.bleu_stats, "corpus": layer.corpus_bleu, "sentence": layer.sentence_bleu}


BLEU_METRIC = register(BLEU())
