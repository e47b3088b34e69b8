"""The fast layer's protocol (``bleuprint.hooks``): what ``bleuprint.impl`` asks a metric
beside the definition's overrides, with the defaults. A metric tunes it in
``bleuprint/metrics/NAME/plain_impl.py``.

A first call in a fresh process pays for every module it imports: numpy's import alone
costs more CPU than scoring a small corpus. So a metric may give the corpus functions a
route that uses plain Python objects only (the compiled kernels take and return them),
which ``bleuprint.impl.corpus.corpus_score`` and ``bleuprint score`` take for a small corpus
before the statistics matrix's."""

from __future__ import annotations

from ..hooks import Protocol


def corpus_sums(definition, hyps, refs, **stats_options) -> list | None:
    """The column sums of the corpus's statistics matrix as Python numbers (exactly the
    sums of ``definition.stats_matrix(hyps, refs, **stats_options)``), computed without
    numpy; None where the metric has no such route for these inputs (no kernel, a large
    corpus, inputs that are not plain lists of str: the matrix's route then computes them,
    or refuses the inputs with its own message)."""
    return None


PLAIN = Protocol("impl", "plain_impl", {"corpus_sums": corpus_sums})
plain_hooks = PLAIN.of
