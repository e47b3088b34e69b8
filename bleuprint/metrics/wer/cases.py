"""The WER family's own inputs: vector corpora (``bleuprint.vectors.hooks.vector_corpora``) and the quirk
lines of its golden fixture (``oracle_cases``). Inputs only: the expected values come from
the spec (vectors) or jiwer (goldens). One reference per hypothesis throughout."""

from __future__ import annotations

#: (reference, hypothesis) pairs, in jiwer's order, each showing one rule of jiwer 4.0.0 or
#: of rapidfuzz's choice among equally cheap alignments.
QUIRK_PAIRS = [
    ("a b", "b c"),                   # tie: S 2 (not H 1, D 1, I 1)
    ("b c", "a b"),                   # the other way: H 1, D 1, I 1
    ("a b c", "c a b"),               # insert then delete vs substitutions
    ("a b c", "b c c"),               # the common suffix is matched first: S 2, not H 2, D 1, I 1
    ("a a b", "a b b"),
    ("x y", "y x"),
    ("a b a", "b a b"),
    ("a\tb", "a b"),                  # a single tab is inside a word
    ("a\t\tb", "a b"),                # two tabs are a separator (runs of \s collapse)
    ("a \tb c", "a b c"),             # a space and a tab: one separator
    ("a\u00a0b", "a b"),              # a no-break space alone is inside a word
    ("a\u00a0\u00a0b c", "a b c"),    # two no-break spaces: a separator
    ("a\nb", "a b"),                  # a single newline is inside a word
    ("  lead and trail  ", "lead and trail"),
    ("A b", "a b"),                   # case is kept
    ("Stra\u00dfe caf\u00e9 \u6771\u4eac", "strasse cafe \u6771\u4eac"),
    ("ab  c", "ab c"),                # CER keeps both spaces
    ("", "a b"),                      # empty reference inside a corpus
    ("a b", ""),                      # empty hypothesis
    ("", ""),
    ("\t \u3000", "x"),               # a reference of white space only is empty
]


def wer_corpora() -> list:
    from ...vectors.corpora import Corpus

    def corpus(comment, flags, pairs):
        return Corpus(comment, flags, [h for _, h in pairs], [[r] for r, _ in pairs])

    return [
        corpus("WER: ties among equally cheap alignments (rapidfuzz's back-trace decides H, S, D, I)",
               ("AlignmentTie",), QUIRK_PAIRS[:7]),
        corpus("WER: white space (a single tab, newline or no-break space is inside a word; runs of any white "
               "space are one separator)", ("UnusualWhitespace", "EdgeWhitespace"), QUIRK_PAIRS[7:14]),
        corpus("WER: case kept, non-ASCII letters, CER's inner spaces", ("Case", "NonAscii"), QUIRK_PAIRS[14:17]),
        corpus("WER: empty references and hypotheses inside a corpus (pooled: no special rule)",
               ("EmptyReference", "EmptyHypothesis", "CorpusPooling"), [("a b c d", "a b c d"), ("", "x y"),
                                                                        ("e", ""), ("", "")]),
        corpus("WER: every reference empty (jiwer 4.0: WER = the insertions, MER = WIL = 1)",
               ("EmptyReference",), [("", "a b"), ("  ", "c")]),
        corpus("WER: references and hypotheses all empty (WER 0, MER 0, WIP 1)", ("EmptyReference", "EmptyHypothesis"),
               [("", ""), (" ", "\t")]),
        corpus("WER: pooled, not the mean of sentence WERs (0.2, not 0.5)", ("CorpusPooling",),
               [("a b c d", "a b c d"), ("e", "f")]),
    ]


def random_corpora(count: int = 20, seed: int = 1818) -> list:
    """Seeded random corpora of two- to four-word vocabularies (ties abound), with the
    separators jiwer treats apart: what a port meets beyond the named cases."""
    import random

    from ...vectors.corpora import Corpus

    rng = random.Random(seed)
    separators = [" ", " ", " ", " ", "  ", "\t", "\u00a0", " \t"]

    def line(words):
        out = ""
        for k in range(rng.randint(0, 7)):
            out += (rng.choice(separators) if k else "") + rng.choice(words)
        return out

    corpora = []
    for k in range(count):
        words = ["a", "b", "c", "d", "A", "\u00e9"][:rng.randint(2, 6)]
        size = rng.randint(1, 5)
        corpora.append(Corpus(f"WER: seeded random corpus {k} (vocabulary {' '.join(words)})", ("Random",),
                              [line(words) for _ in range(size)], [[line(words)] for _ in range(size)]))
    return corpora
