"""The verifier's protocol (``bleuprint.hooks``): what ``bleuprint verify`` (and the tools
that compare the spec with impl the same way: the vectors' adequacy, the mutants'
search, the ports' cases) asks a metric, with its defaults. A metric tunes it in
``bleuprint/metrics/NAME/verify.py``."""

from __future__ import annotations

from .hooks import Protocol


def verify_configurations(definition) -> tuple:
    """``(options, label)`` pairs on which ``bleuprint verify`` compares the spec with
    impl on its built-in texts (the seeded generated corpora), one row each, named
    ``generated <label>`` (``labelled_configurations`` labels option dicts); by default
    the metric's defaults."""
    return (({}, "defaults"),)


def labelled_configurations(*option_dicts: dict) -> tuple:
    """``(options, label)`` pairs for ``verify_configurations``: each dict labelled
    by its options, ``key=value`` sorted by key and joined by commas ("defaults" for
    none)."""
    return tuple((dict(options), ",".join(f"{k}={v}" for k, v in sorted(options.items())) or "defaults")
                 for options in option_dicts)


def generated_corpus(definition, rng) -> tuple[list, list | None]:
    """A seeded random corpus (``rng``: a ``random.Random``) on which ``bleuprint verify``
    compares impl with the spec: by default the texts of ``bleuprint.oracles.texts``
    (refs None for a metric without references)."""
    from .oracles import texts

    hyps, refs = texts.corpus(rng, rng.choice(sorted(texts.POOLS)), sentences=(1, 6), nrefs=(1, 3),
                              length=(0, 12), white_space=rng.random() < 0.3, edge_spaces=rng.random() < 0.3)
    return hyps, (refs if definition.references else None)


def real_corpus_configurations(definition) -> tuple:
    """``(options, label)`` pairs on which ``bleuprint verify`` scores the real corpus
    (ted-ende) with live sacreBLEU, through the oracles' adapter of the metric's
    ``golden``; none by default."""
    return ()


def layer_functions(definition, layer) -> dict:
    """This metric's own one-call functions in ``layer`` (the module ``bleuprint.spec``
    or ``bleuprint.impl``, which export the same names), which ``bleuprint verify``
    checks beside ``sentence_stats`` and ``score_from_stats``: ``"stats"`` (one
    segment's row: ``f(hyp, refs, **stats_options)``), ``"corpus"`` (``f(hyps, refs,
    **options)``) and ``"sentence"`` (``f(hyp, refs, **options)``), each optional; none
    by default."""
    return {}


def missing_data(definition, options: dict) -> str:
    """Why this metric cannot be computed with ``options`` on this machine ("" when it
    can): data the user installs apart (nltk's METEOR's WordNet). ``bleuprint verify``
    leaves such cases out with this line as a note, instead of a mismatch."""
    return ""


#: Whether impl computes the rows without its compiled kernel by a path of its own
#: (numpy, Python). False: without the kernel impl hands each segment to the spec
#: (Meteor 1.5, whose aligner exists only in C and in the spec), so ``bleuprint
#: verify``'s impl-numpy rows would compare the spec with itself; it leaves them out
#: with a note.
numpy_path = True

VERIFY = Protocol("verify", "verify", {
    "verify_configurations": verify_configurations,
    "generated_corpus": generated_corpus,
    "real_corpus_configurations": real_corpus_configurations,
    "layer_functions": layer_functions,
    "missing_data": missing_data,
    "numpy_path": numpy_path,
})
verify_hooks = VERIFY.of
