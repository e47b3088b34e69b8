"""self-BLEU as one registered, reference-free metric (the definition and its two variants:
``bleuprint.metrics.self_bleu.spec``; the fast version: ``bleuprint.metrics.self_bleu.impl``).

``variant="evalsuite"`` (default): sacreBLEU 2.5.1 sentence BLEU (13a, exp smoothing,
effective order, order 4) of each output against all the others, mean, 0..100.
``variant="texygen"``: Texygen's ``SelfBleu`` (nltk 3.10.4 ``sentence_bleu``, method1,
uniform weights over ``gram`` = 3 orders, white-space tokens instead of
``nltk.word_tokenize``), over the first 500 outputs only, mean, 0..1. ``gram`` (None: the
variant's order) changes the order of either.

**Scale:** each variant keeps its oracle's scale (EvalSuite/sacreBLEU 0..100, Texygen/nltk
0..1), so numbers compare with the tools people ran; ``Metric.scale`` (100) is the default
variant's, the command line's ``scale_for(variant=...)`` (``cli.py``) each variant's (``bleuprint score`` prints Texygen's
with 4 decimals).

Shape ``CORPUS_PASS`` (``bleuprint.core.metric``): the context is the ``Counter`` of the
selected outputs (index-free: leave-one-out by index is one copy fewer in the multiset), so
contexts of shards add (``combine_contexts``). A row is ``[value, counted]``, the output's
sentence BLEU and 1; ``[0.0, 0]`` for an output past Texygen's first 500 (only when the
rows are computed on the whole corpus, which knows the indices: a shard does not know
where it starts, so Texygen's selection is made on the whole corpus before sharding, and a
Texygen context over 500 outputs is refused). The corpus value is sum(value) /
sum(counted). Bootstrap intervals resample the rows, each computed against the *whole*
corpus's other outputs (the model's ``CORPUS_PASS`` rule: a resample does not recompute
the references; with resampled references a drawn duplicate would become its own
reference). One output (no other outputs): ValueError, as both oracles fail there.

On files: ``bleuprint score -m self_bleu -i out.txt`` (one output a line; no reference
files); ``--metric-option variant=texygen``.
"""

from __future__ import annotations

from ...core import Metric, Option, Shape, register
from .spec import VARIANTS, mean_of_rows, order, output_bleu, outputs_context
from ...spec.inputs import input_hooks


class SelfBleu(Metric):
    name = "self_bleu"
    title = "self-BLEU (Zhu et al. 2018): mean sentence BLEU of each output against the other outputs"
    scale = 100
    shape = Shape.CORPUS_PASS
    references = False
    fractional_columns = (0,)
    options = (
        Option("variant", str, "evalsuite", "evalsuite: sacreBLEU 2.5.1 sentence BLEU (13a, exp smoothing, "
               "effective order), 0..100; texygen: Texygen's SelfBleu (nltk 3.10.4 sentence_bleu, method1, "
               "white-space tokens, the first 500 outputs), 0..1", stage="stats", choices=VARIANTS),
        Option("gram", int, None, "the n-gram order (uniform weights); None: the variant's own "
               "(evalsuite 4, texygen 3)", stage="stats", minimum=1, nullable=True),
    )

    # -- the spec layer -------------------------------------------------------------------

    def corpus_context(self, hyps, refs=None, variant="evalsuite", gram=None):
        hyps, _ = input_hooks(self).check_inputs(hyps, refs)
        return outputs_context(hyps, variant)

    def combine_contexts(self, first, second):
        """Counters of outputs add."""
        return first + second

    def segment_stats(self, hyp, refs=(), variant="evalsuite", gram=None, context=None) -> list:
        if context is None:
            raise ValueError("a self-BLEU row needs the corpus context (the Counter of the outputs)")
        return [output_bleu(hyp, context, variant, gram), 1]

    def score(self, combined, n_segments) -> float:
        return mean_of_rows(list(combined))

    def parts(self, combined, n_segments) -> dict:
        return {"counted": int(combined[1])}

    # -- the impl layer -------------------------------------------------------------------

    def stats_matrix(self, hyps, refs=None, context=None, variant="evalsuite", gram=None):
        from .impl import self_bleu_matrix

        hyps, _ = input_hooks(self).check_inputs(hyps, refs)
        return self_bleu_matrix(hyps, variant, gram, context)

    def batch_scores(self, sums, n_segments, float32):
        import numpy as np

        sums = np.asarray(sums, dtype=np.float64)
        if np.any(sums[:, 1] <= 0):
            raise ValueError("self-BLEU: no output is counted (sum of the 'counted' column is 0)")
        return sums[:, 0] / sums[:, 1], np.ones(sums.shape[0], dtype=bool)


SELF_BLEU = register(SelfBleu())
