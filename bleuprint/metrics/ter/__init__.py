"""TER as a registered metric (the definition: ``bleuprint.metrics.ter.spec``; the fast version:
``bleuprint.metrics.ter.impl``).

Shape ``SUM``: a segment's row is ``[edits, average reference length]`` (the fewest edits
over its references, and the mean of their lengths: fractional with several references
of different lengths); the corpus score is the score of the summed rows (0..100, may
exceed 100).
"""

from __future__ import annotations

from ...core import Metric, Option, register
from ...core.metric import labelled_configurations
from ...spec.signature import SACREBLEU_VERSION
from .spec import check_corpus_lengths, ter_from_stats, ter_stats


class TER(Metric):
    name = "ter"
    title = "TER (Snover et al., 2006) as sacreBLEU 2.5.1 (Tercom's shift search)"
    fractional_columns = (1,)
    #: Measured when TER's statistics came from the specification, and kept for both
    #: layers (the shift search dominates either way).
    cost = 300
    spec_cost = 300
    signature_abbreviations = {"tok": "t", "norm": "nr", "punct": "pn", "asian": "as"}
    options = (
        Option("normalized", bool, False, "Tercom's normalisation of punctuation and numbers", stage="stats"),
        Option("no_punct", bool, False, "remove punctuation", stage="stats"),
        Option("asian_support", bool, False, "split Asian characters", stage="stats"),
        Option("case_sensitive", bool, False, "keep case (else both sides are lowercased)", stage="stats"),
    )

    def check_corpus_limits(self, hyps, refs, **options) -> None:
        check_corpus_lengths(hyps, refs, **options)

    def segment_stats(self, hyp, refs, **options) -> list:
        return ter_stats(hyp, refs, **options)

    def score(self, combined, n_segments) -> float:
        return ter_from_stats(combined)

    def stats_matrix(self, hyps, refs, **options):
        from .impl import ter_stats_matrix

        return ter_stats_matrix(hyps, refs, **options)

    def fast_score(self, combined, n_segments) -> float:
        from .impl import ter_from_stats as fast_ter_from_stats

        return fast_ter_from_stats(combined)

    def batch_scores(self, sums, n_segments, float32):
        from .impl import ter_scores

        return ter_scores(sums, float32)

    def signature_fields(self, **options) -> list:
        from ...spec.signature import ter_signature_fields  # it reads this metric's spec

        return ter_signature_fields(**options)

    # -- bleuprint reproduce ------------------------------------------------------------------

    claim_prefixes = ("TER",)
    #: Edits over the reference length: above 100 when the hypothesis is longer.
    value_range = (0.0, None)
    #: The options searched, in this order (each on and off); Asian support only where the
    #: text has CJK characters (elsewhere it changes nothing).
    SEARCH_OPTIONS = ("normalized", "no_punct", "case_sensitive", "asian_support")

    def options_from_signature(self, fields, stated) -> tuple[dict, list]:
        """``norm:yes``, ``punct:no`` (punctuation removed), ``asian:yes``, ``case:mixed``
        (case-sensitive); the tokenizer is always Tercom's."""
        return dict(stated, normalized=fields.get("norm") == "yes", no_punct=fields.get("punct") == "no",
                    asian_support=fields.get("asian") == "yes", case_sensitive=fields.get("case") == "mixed"), []

    def search_space(self, hint: str = "") -> list[dict]:
        """Every on/off combination of the four options, the last varying fastest."""
        import itertools

        names = self.SEARCH_OPTIONS
        return [dict(zip(names, flags)) for flags in itertools.product((False, True), repeat=len(names))]

    def fit_search_space(self, space, hyps, streams, max_pairs) -> tuple[list, str]:
        """Without CJK characters in the text, Asian support is not varied; above
        ``max_pairs`` hypothesis-reference pairs x option sets (the shift search is the
        costly part: 20,000 take under a second with the compiled kernel on TED-length
        lines), only the defaults and the sets one option away from them."""
        import re

        cjk = re.compile(r"[\u2e80-\u9fff\uf900-\ufaff\ufe30-\ufe4f\uff00-\uffef]")
        text_has_cjk = any(cjk.search(line) for line in hyps) or any(
            cjk.search(line) for stream in streams for line in stream)
        names = self.SEARCH_OPTIONS if text_has_cjk else self.SEARCH_OPTIONS[:3]
        if not text_has_cjk:
            space = [options for options in space if not options.get("asian_support")]
        note = "" if text_has_cjk else "asian_support not varied (no CJK characters: it would change nothing)"
        pairs = len(hyps) * len(streams) * len(space)
        if pairs > max_pairs:
            default = dict.fromkeys(self.SEARCH_OPTIONS, False)
            space = [default] + [dict(default, **{name: True}) for name in names]
            note = (f"TER options cut to the defaults and one-option changes ({len(space)} sets): "
                    f"{pairs} hypothesis-reference pairs would exceed max_ter_pairs={max_pairs}")
        return space, note

    def combine_reference_rows(self, rows, subsets, options) -> list:
        """A segment's row against several references: the fewest edits, and the mean of
        the reference lengths (added in order, then divided)."""
        import numpy as np

        return [(np.stack([np.min(np.stack([rows[r][:, 0] for r in subset]), axis=0),
                           sum(rows[r][:, 1] for r in subset) / len(subset)], axis=1), None) for subset in subsets]

    # -- mutants ------------------------------------------------------------------------------

    def spec_entry_points(self) -> tuple[str, ...]:
        return ("bleuprint.metrics.ter.spec:ter_stats", "bleuprint.metrics.ter.spec:ter", "bleuprint.metrics.ter.spec:sentence_ter")

    def faults(self) -> list:
        from .faults import MUTANTS

        return list(MUTANTS)

    # -- vectors ---------------------------------------------------------------------------

    def vector_intermediates(self, hyps, refs, **options) -> dict:
        """The words TER aligns: ``hypWords[i]`` and ``refWords[i][j]``, after Tercom's
        tokenizer with these options (``bleuprint.metrics.ter.spec.ter_words``)."""
        from .spec import ter_words

        return {"hypWords": [ter_words(h, **options) for h in hyps],
                "refWords": [[ter_words(r, **options) for r in group] for group in refs]}

    # -- bleuprint verify -------------------------------------------------------------------

    golden = "ter"
    oracle_versions = {"sacrebleu": SACREBLEU_VERSION}
    corpus_oracle = "bleuprint.oracles.sacrebleu_ter:oracle_ter"

    def verify_configurations(self) -> tuple:
        """The defaults, then the options two by two."""
        return labelled_configurations({}, {"normalized": True, "case_sensitive": True},
                                       {"no_punct": True, "asian_support": True})

    #: This metric's public functions in ``bleuprint.spec`` and ``bleuprint.impl`` (the one-call
    #: ones made from ``api.py`` where it has one).
    api_names = ("ter", "sentence_ter", "ter_stats", "ter_from_stats", "tokenize_tercom")

    def layer_functions(self, layer) -> dict:
        return {"stats": layer.ter_stats, "corpus": layer.ter, "sentence": layer.sentence_ter}


TER_METRIC = register(TER())
