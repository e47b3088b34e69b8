"""chrF and chrF++ as a registered metric (the definition: ``bleuprint.metrics.chrf.spec``; the
fast version: ``bleuprint.metrics.chrf.impl``).

Shape ``SUM``: a segment's row is ``[hyp, ref, matches]`` for each order (characters
1..n, then words 1..word_order) against its best reference; the corpus score is the
score of the summed rows (0..100).
"""

from __future__ import annotations

from ...core import Metric, Option, register
from ...core.metric import labelled_configurations
from ...spec.signature import SACREBLEU_VERSION
from .spec import chrf_from_stats, chrf_parts, chrf_stats


class CHRF(Metric):
    name = "chrf"
    title = "chrF (Popovic, 2015) and chrF++ (2017) as sacreBLEU 2.5.1"
    cost = 2
    options = (
        Option("n", int, 6, "the character n-gram order (sacreBLEU's char_order; 0 with word_order >= 1: "
               "word n-grams only)", minimum=0),
        Option("beta", float, 2, "recall is beta times as important as precision"),
        Option("word_order", int, 0, "the word n-gram order (2: chrF++)", minimum=0),
        Option("lowercase", bool, False, "lowercase both sides", stage="stats"),
        Option("whitespace", bool, False, "keep white space in character n-grams", stage="stats"),
        Option("eps_smoothing", bool, False, "sacreBLEU's eps smoothing instead of the effective order"),
    )

    def segment_stats(self, hyp, refs, **options) -> list:
        return chrf_stats(hyp, refs, **options)

    def score(self, combined, n_segments, **options) -> float:
        return chrf_from_stats(combined, **options)

    def parts(self, combined, n_segments, **options) -> dict:
        return chrf_parts(combined, **options)

    def stats_matrix(self, hyps, refs, **options):
        from .impl import chrf_stats_matrix

        return chrf_stats_matrix(hyps, refs, **options)

    def fast_score(self, combined, n_segments, **options) -> float:
        from .impl import chrf_from_stats as fast_chrf_from_stats

        return fast_chrf_from_stats(combined, **options)

    def batch_scores(self, sums, n_segments, float32, **options):
        from .impl import chrf_scores

        return chrf_scores(sums, float32, **options)

    def pair_rows(self, hyps, refs, blocks, chunk, **options):
        """The shared-work route (``bleuprint.metrics.chrf.pairs_impl``): each distinct line's
        units read once, each block's n-grams counted once by the compiled kernel; the
        default route of explicit pairs without it."""
        from .pairs_impl import chrf_pair_rows

        rows = chrf_pair_rows(hyps, refs, blocks, chunk, **options)
        return super().pair_rows(hyps, refs, blocks, chunk, **options) if rows is None else rows

    def signature_fields(self, **options) -> list:
        from ...spec.signature import chrf_signature_fields  # it reads this metric's spec

        return chrf_signature_fields(**options)

    # -- bleuprint reproduce ------------------------------------------------------------------

    claim_prefixes = ("chrF",)
    searched_by_default = True
    SEARCH_CHAR_ORDERS = (1, 2, 3, 4, 5, 6)
    SEARCH_WORD_ORDERS = (0, 1, 2)
    SEARCH_BETAS = (1, 2, 3)

    def score_name(self, **options) -> str:
        """sacreBLEU's name of the score: ``chrF`` and beta, a ``+`` per word order."""
        return f"chrF{options.get('beta', 2)}" + "+" * options.get("word_order", 0)

    def options_from_name(self, name: str) -> dict:
        """``chrF2++`` (any case): beta 2 and word order 2; ``chrF++``: word order 2 (beta
        unstated); ``chrF3``: beta 3 and word order 0; ``chrF``: nothing stated."""
        import re

        match = re.fullmatch(r"(?i)chrF(\d*)(\+*)", name)
        if not match or not (match.group(1) or match.group(2)):
            return {}
        stated = {"word_order": len(match.group(2))}
        return {"beta": int(match.group(1)), **stated} if match.group(1) else stated

    def options_from_signature(self, fields, stated) -> tuple[dict, list]:
        """``nc`` and ``nw`` the orders (6; the name's word order, else 0), ``case:lc``,
        ``space:yes``, ``eff:no`` eps smoothing; beta only from the name (else 2, noted)."""
        notes = []
        if stated.get("beta") is None:
            notes.append("chrF's beta is not in the signature (it is in the name, e.g. chrF2); assumed 2")
        return dict(n=int(fields.get("nc", 6)), word_order=int(fields.get("nw", stated.get("word_order") or 0)),
                    beta=stated.get("beta") or 2, lowercase=fields.get("case") == "lc",
                    whitespace=fields.get("space") == "yes", eps_smoothing=fields.get("eff") == "no"), notes

    def search_space(self, hint: str = "") -> list[dict]:
        """Character order x word order x beta x eps smoothing, for each case and white
        space setting (outermost)."""
        import itertools

        return [dict(n=n, beta=beta, word_order=word_order, eps_smoothing=eps, lowercase=lowercase,
                     whitespace=whitespace)
                for lowercase, whitespace in itertools.product((False, True), (False, True))
                for n, word_order, beta, eps in itertools.product(self.SEARCH_CHAR_ORDERS, self.SEARCH_WORD_ORDERS,
                                                                  self.SEARCH_BETAS, (False, True))]

    def describe_search(self, space, note) -> str:
        return (f"chrF: character order {self.SEARCH_CHAR_ORDERS[0]}..{self.SEARCH_CHAR_ORDERS[-1]} x word order "
                f"0..{self.SEARCH_WORD_ORDERS[-1]} x beta {'/'.join(map(str, self.SEARCH_BETAS))} x case x white space "
                "x eps smoothing")

    def search_deviations(self, options) -> int:
        """As by default, but chrF++ (word order 2) is as usual as chrF (0)."""
        return super().search_deviations(options) - (options.get("word_order") == 2)

    def search_statistics(self, options) -> tuple[dict, list]:
        """Against one reference, the statistics at the highest orders searched: the row of
        orders (n, w) is the first 3n character columns and the first 3w word columns."""
        n, word_order = options.get("n", 6), options.get("word_order", 0)
        top_n, top_w = max(n, self.SEARCH_CHAR_ORDERS[-1]), max(word_order, self.SEARCH_WORD_ORDERS[-1])
        columns = list(range(3 * n)) + list(range(3 * top_n, 3 * top_n + 3 * word_order))
        wide = {"n": top_n, "word_order": top_w, "lowercase": options.get("lowercase", False),
                "whitespace": options.get("whitespace", False)}
        return wide, columns

    def combine_reference_rows(self, rows, subsets, options) -> list:
        """A segment's row against several references is its row against the one with the
        best sentence score under ``options`` (the first best), as sacreBLEU chooses it;
        those sentence scores come with the rows."""
        import numpy as np

        if all(len(subset) == 1 for subset in subsets):
            return [(rows[subset[0]], None) for subset in subsets]
        N = rows[0].shape[0]
        everything = self.batch_scores(np.concatenate(rows).astype(np.float64), 1, False,
                                       **self.score_options(options))[0]
        scores = [everything[r * N:(r + 1) * N] for r in range(len(rows))]
        out = []
        for subset in subsets:
            if len(subset) == 1:
                out.append((rows[subset[0]], scores[subset[0]]))
                continue
            stacked = np.stack([scores[r] for r in subset])
            best, segments = np.argmax(stacked, axis=0), np.arange(N)
            out.append((np.stack([rows[r] for r in subset])[best, segments], stacked[best, segments]))
        return out

    # -- mutants and strategies -------------------------------------------------------------

    def spec_entry_points(self) -> tuple[str, ...]:
        return ("bleuprint.metrics.chrf.spec:chrf_stats", "bleuprint.metrics.chrf.spec:chrf", "bleuprint.metrics.chrf.spec:sentence_chrf")

    def faults(self) -> list:
        from .faults import MUTANTS

        return list(MUTANTS)

    def option_strategy(self):
        """The hand-tuned ``bleuprint.strategies.chrf_options`` (n = 0 only with a word
        order, beta 1..3)."""
        from .strategies import chrf_options

        return chrf_options()

    # -- vectors ---------------------------------------------------------------------------

    def vector_intermediates(self, hyps, refs, word_order=0, lowercase=False, whitespace=False, **_) -> dict:
        """What chrF takes n-grams of: ``hypChars[i]``/``refChars[i][j]``, the line after
        lowercasing (where asked) and, unless ``whitespace``, with its white space removed
        (the character n-grams are its substrings); with ``word_order`` also
        ``hypWords``/``refWords``, chrF++'s words (punctuation split off)."""
        from .spec import chrf_words

        def chars(line):
            line = line.lower() if lowercase else line
            return line if whitespace else "".join(line.split())

        def words(line):
            return chrf_words(line.lower() if lowercase else line)

        out = {"hypChars": [chars(h) for h in hyps], "refChars": [[chars(r) for r in group] for group in refs]}
        if word_order:
            out.update(hypWords=[words(h) for h in hyps], refWords=[[words(r) for r in group] for group in refs])
        return out

    # -- bleuprint verify -------------------------------------------------------------------

    golden = "chrf"
    oracle_versions = {"sacrebleu": SACREBLEU_VERSION}
    corpus_oracle = "bleuprint.oracles.sacrebleu_oracle:oracle_chrf"

    def verify_configurations(self) -> tuple:
        """chrF, chrF++, a low order with beta 1 and white space, eps smoothing with
        lowercasing, word n-grams only."""
        return labelled_configurations({}, {"word_order": 2}, {"n": 3, "beta": 1, "whitespace": True},
                                       {"eps_smoothing": True, "lowercase": True}, {"n": 0, "word_order": 2})

    def real_corpus_configurations(self) -> tuple:
        return (({}, "chrF"), ({"word_order": 2}, "chrF++"), ({"n": 0, "word_order": 2}, "chrF words (nc:0)"))

    #: This metric's public functions in ``bleuprint.spec`` and ``bleuprint.impl`` (the one-call
    #: ones made from ``api.py`` where it has one).
    api_names = ("chrf", "sentence_chrf", "chrf_stats", "chrf_from_stats")

    def layer_functions(self, layer) -> dict:
        return {"stats": layer.chrf_stats, "corpus": layer.chrf, "sentence": layer.sentence_chrf}


CHRF_METRIC = register(CHRF())
