"""The vectors' protocol (``bleuprint.hooks``): what ``bleuprint vectors export`` asks a
metric, with its defaults. A metric tunes it in ``bleuprint/metrics/NAME/vectors.py``
(CIDEr-D's seeded corpora, SQuAD's hard cases, ...)."""

from __future__ import annotations

import dataclasses

from ..hooks import Protocol


def vector_families(definition) -> list:
    """``(family name, [options, ...])`` pairs: one vector file of
    ``bleuprint vectors export`` each, one test group per options dict (defaults are
    filled in by the generator). By default ``bleuprint.vectors.families.default_families``:
    the defaults, one family per option varying it through the values its data allows,
    and the ``verify_configurations``."""
    from .families import default_families

    return default_families(definition)


def vector_corpora(definition) -> list:
    """The corpora of every test group of this metric's vector files
    (``bleuprint.vectors.corpora.Corpus``: comment, flags, hyps, refs); by default the
    shared hard cases of ``bleuprint.vectors.corpora.hard_corpora`` (their hypotheses
    alone, refs None, for a metric without references; a metric whose segments are
    not text gives its own)."""
    from .corpora import hard_corpora

    if definition.references:
        return hard_corpora()
    return [dataclasses.replace(corpus, refs=None) for corpus in hard_corpora()]


def invalid_vector_corpora(definition) -> list:
    """The inputs of this metric's vector files that must be refused (kept where the
    spec refuses them), in the defaults' file: by default the shared ones of
    ``bleuprint.vectors.corpora.invalid_inputs``, for a metric without references with
    their references left out (each once)."""
    from .corpora import invalid_inputs

    if definition.references:
        return invalid_inputs()
    corpora, seen = [], []
    for corpus in invalid_inputs():
        if corpus.hyps not in seen:
            seen.append(corpus.hyps)
            corpora.append(dataclasses.replace(corpus, refs=None))
    return corpora


def vector_intermediates(definition, hyps: list, refs: list, **options) -> dict:
    """Intermediate values written beside a vector's expected values, to help a port
    find where it goes wrong (for example the tokens of each line); ``{}`` by default.
    Plain JSON data only, keys in camelCase."""
    return {}


def interval_pool(definition) -> list[tuple]:
    """The six segments the interval and paired-test vectors are made of
    (``bleuprint.vectors.intervals``): (hypothesis, a better system's line, a worse
    system's line, references); by default the shared pool (references None for a
    metric without them). A metric whose segments are not text gives its own."""
    from .corpora import shared_pool

    return shared_pool(definition.references)


def interval_options(definition) -> tuple:
    """The option dicts (defaults filled in by the generator) of this metric's interval
    and paired-test vectors (``bleuprint.vectors.intervals``), every interval group
    once per dict; by default the defaults alone."""
    return ({},)


VECTORS = Protocol("vectors", "vectors", {
    "vector_families": vector_families,
    "vector_corpora": vector_corpora,
    "invalid_vector_corpora": invalid_vector_corpora,
    "vector_intermediates": vector_intermediates,
    "interval_pool": interval_pool,
    "interval_options": interval_options,
})
vector_hooks = VECTORS.of
