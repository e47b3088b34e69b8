"""METEOR as nltk 3.10.4's ``meteor_score`` computes it, with WordNet 3.0 (the definition:
``bleuprint.metrics.meteor_nltk.spec``; the fast version: ``bleuprint.metrics.meteor_nltk.impl``;
the WordNet reader: ``bleuprint.metrics.meteor_nltk.wordnet``).

The name says which METEOR: nltk's (greedy alignment by exact, Porter-stem and WordNet
synonym matches, alpha 0.9, beta 3, gamma 0.5, the penalty always applied), not the Meteor
1.5 jar of pycocoevalcap (beam-searched alignment, paraphrases, function words, other
parameters): the two give different numbers on the same text.

Shape ``MEAN``: a segment's row is its score (nltk's ``meteor_score``: the best
reference's), one fractional column; the corpus value is the mean of the segments'
scores. nltk has no corpus METEOR (nltk/nltk#2365): the mean is this metric's choice, the
one evaluation suites report. Intervals and paired tests resample the rows.

WordNet: with ``synonyms=True`` (the default, as nltk) the metric needs the WordNet 3.0
files; ``wordnet`` gives their location, else ``find_wordnet()`` looks in
BLEUPRINT_WORDNET, NLTK_DATA and nltk's data folders, and says what is missing and how to
install it (``python -m bleuprint.metrics.meteor_nltk.install_wordnet DIR``). The location
is not part of the signature or of the vectors (it is not portable): they say
``syn:wordnet-3.0`` or ``syn:none``.
"""

from __future__ import annotations

from ...core import Metric, Option, Shape, register
from ...spec.inputs import input_hooks


def wordnet_available() -> bool:
    """Whether ``find_wordnet()`` finds the WordNet 3.0 files (no location given)."""
    try:
        from .wordnet import find_wordnet

        find_wordnet(None)
    except (ImportError, ValueError, OSError):
        return False
    return True


class MeteorNltk(Metric):
    name = "meteor_nltk"
    title = "METEOR as nltk 3.10.4's meteor_score (exact, Porter stem, WordNet 3.0 synonyms; mean over segments)"
    scale = 1
    shape = Shape.MEAN
    fractional_columns = (0,)
    options = (
        Option("fmean_alpha", float, 0.9, "nltk's alpha (renamed: alpha is the bootstrap's level): Fmean = P R / (alpha P + (1 - alpha) R)", stage="stats",
               minimum=0.0, maximum=1.0),
        Option("beta", float, 3.0, "nltk's beta: the exponent of the fragmentation chunks / matches", stage="stats",
               minimum=0.0),
        Option("gamma", float, 0.5, "nltk's gamma: the weight of the fragmentation penalty", stage="stats",
               minimum=0.0, maximum=1.0),
        Option("synonyms", bool, True, "the WordNet synonym stage (False: exact and stem matches only, as nltk "
               "with a WordNet that knows no word)", stage="stats"),
        Option("wordnet", str, None, "the location of the WordNet 3.0 files (None: BLEUPRINT_WORDNET, NLTK_DATA, "
               "nltk's data folders); read only with synonyms", stage="stats", nullable=True),
    )

    def segment_stats(self, hyp, refs, fmean_alpha=0.9, beta=3.0, gamma=0.5, synonyms=True, wordnet=None) -> list:
        from .spec import meteor_nltk_stats

        return meteor_nltk_stats(hyp, refs, fmean_alpha, beta, gamma, synonyms, wordnet)

    def score(self, combined, n_segments) -> float:
        from .spec import meteor_nltk_from_stats

        return meteor_nltk_from_stats(list(combined), n_segments)

    def stats_matrix(self, hyps, refs, context=None, fmean_alpha=0.9, beta=3.0, gamma=0.5, synonyms=True, wordnet=None):
        import numpy as np

        from .impl import meteor_nltk_rows

        hyps, refs = input_hooks(self).check_inputs(hyps, refs)
        rows = meteor_nltk_rows(hyps, refs, fmean_alpha=fmean_alpha, beta=beta, gamma=gamma, synonyms=synonyms, wordnet=wordnet)
        return np.array(rows, dtype=np.float64).reshape(len(rows), 1)

    def batch_scores(self, sums, n_segments, float32):
        import numpy as np

        sums = np.asarray(sums, dtype=np.float64)
        return sums[:, 0] / n_segments, np.ones(sums.shape[0], dtype=bool)


METEOR_NLTK = register(MeteorNltk())
