"""BLEU's tuning of the generated mutants (``bleuprint.mutants.scopes``): besides its own
spec module, the tokenizers it defines in the shared spec layer (13a, intl, zh, char, ...)
are mutated as the scope ``tokenizers``."""

SPEC_MODULES = ("bleuprint.spec.tokenizers",)
