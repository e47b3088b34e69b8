"""chrf's hooks of the vectors tool (``bleuprint.hooks``): moved from the metric's class."""

from __future__ import annotations


def vector_intermediates(definition, hyps, refs, word_order=0, lowercase=False, whitespace=False, **_) -> dict:
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
