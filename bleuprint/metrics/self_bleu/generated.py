"""self-BLEU's seeded corpora for ``bleuprint verify`` (``generated_corpus``),
drawn with ``random.Random`` (no Hypothesis needed)."""

from __future__ import annotations

#: Words of the seeded verify corpora (``generated_outputs``).
GENERATED_WORDS = ("a", "b", "c", "the", "cat", "sat", "mat", ".", ",", "!", "caf\u00e9", "Stra\u00dfe", "\u6211\u4eec",
                   "3.14", "don't", "(x)")


def generated_outputs(rng) -> list:
    """2..8 outputs drawn with ``rng`` (a ``random.Random``): 0..9 words of
    ``GENERATED_WORDS`` joined by a space (sometimes a tab or two spaces), then 0..2 copies
    of earlier outputs inserted (for ``generated_corpus``: no Hypothesis)."""
    outputs = []
    for _ in range(rng.randint(2, 6)):
        glue = rng.choice([" ", " ", " ", "  ", "\t"])
        outputs.append(glue.join(rng.choice(GENERATED_WORDS) for _ in range(rng.randint(0, 9))))
    for _ in range(rng.randint(0, 2)):
        outputs.insert(rng.randint(0, len(outputs)), rng.choice(outputs))
    return outputs
