"""The inputs of the vector files: hard-case corpora, seeded random corpora and bad inputs.

Every test group of every metric's vector files runs the same corpora (a metric may give
others through ``bleuprint.vectors.hooks.vector_corpora``). The inputs are written here, the expected values
never: the generator computes them with the spec and checks them against the oracle.

Each corpus carries ``flags``, names of the notes in ``NOTES`` (Wycheproof's flags): what
the case is about, so that a port failing it is told which pitfall it probably has. The
random corpora are drawn with ``random.Random(seed)`` (its ``randrange``/``choice`` are
stable across Python versions), so every export writes the same inputs.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

#: Seed of the random corpora.
SEED = 14
#: How many random corpora, and segments in each.
RANDOM_CORPORA = 4
RANDOM_SEGMENTS = 5


@dataclass(frozen=True)
class Corpus:
    """One test's input: ``hyps`` (N strings) and ``refs`` (``refs[i]`` the references of
    ``hyps[i]``), what it shows (``comment``) and its ``flags`` (keys of ``NOTES``).
    ``everywhere``: in every test group, or (False, for an input that is slow to score) only
    in the group of the defaults."""

    comment: str
    flags: tuple
    hyps: list
    refs: list
    everywhere: bool = True


def _note(kind: str, description: str, effect: str) -> dict:
    return {"kind": kind, "description": description, "effect": effect, "mutants": []}


#: flag -> note: ``kind`` (``edge-case``, ``layout``, ``random``, ``invalid``), what the
#: input is, what a port that gets it wrong usually did, and the planted mutants it
#: stands for (empty here: ``bleuprint.vectors.adequacy.annotate`` fills it in at export
#: from the kill matrix).
NOTES = {
    "Basic": _note("edge-case", "an ordinary sentence pair", "a port that fails this is wrong in general"),
    "EmptyHypothesis": _note("edge-case", "a hypothesis that is the empty string",
                             "divisions by a zero length, or a segment dropped from the corpus"),
    "EmptyReference": _note("edge-case", "a reference that is the empty string",
                            "zero reference length; a reference skipped instead of counted"),
    "SingleCharacter": _note("edge-case", "one-character lines", "n-gram orders above 1 are empty"),
    "ReferenceLengthTie": _note("edge-case", "two references equally close in length to the hypothesis",
                                "BLEU's effective reference length takes the shorter on a tie"),
    "ClosestReference": _note("edge-case", "references of very different lengths",
                              "the shortest (or first, or last) reference used instead of the closest"),
    "ZeroMatches": _note("edge-case", "no n-gram in common, or none above order 1",
                         "smoothing of zero-match orders; log of zero"),
    "Clipping": _note("edge-case", "a hypothesis repeating a word more often than any reference",
                      "matches not clipped by the reference counts"),
    "Punctuation": _note("edge-case", "punctuation attached to words", "a different tokenizer"),
    "Numbers": _note("edge-case", "digits with '.' and ','", "the tokenizer's rules for numbers"),
    "NonAscii": _note("edge-case", "letters outside ASCII, CJK characters",
                      "bytes counted instead of characters; ASCII-only lowercasing"),
    "Case": _note("edge-case", "the same words in another case", "lowercasing applied or not"),
    "UnusualWhitespace": _note("edge-case", "tabs, repeated, leading and trailing spaces, Unicode spaces",
                               "another split rule than the reference implementation's"),
    "AlignmentTie": _note("edge-case", "equally cheap alignments (a shift, a swap, a common suffix around them)",
                          "another back-trace order or no affix step: the S/D/I split (MER, WIL, WIP) changes"),
    "MultipleReferences": _note("layout", "several references per hypothesis",
                                "the last (or first) reference used instead of the best; refs transposed"),
    "VariableReferenceCount": _note("layout", "hypotheses with different numbers of references",
                                    "streams padded wrongly; refs[i] not the references of hyps[i]"),
    "CorpusPooling": _note("layout", "several segments of different lengths",
                           "sentence scores averaged instead of statistics summed"),
    "LongSentence": _note("edge-case", "a sentence of many repeated words", "overflow or quadratic limits"),
    "EdgeWhitespace": _note("edge-case", "white space only at the ends of a line (and tabs)",
                            "the line not stripped at its ends before it is compared or split"),
    "Symbols": _note("edge-case", "symbols (+, =, $, %, currency, math, copyright) beside words and digits",
                     "the intl tokenizer's rule splitting symbols (\\p{S}) left out"),
    "HtmlEntities": _note("edge-case", "HTML entities (&amp; &quot; &lt; &gt;)",
                          "13a's unescaping of the four entities left out"),
    "CjkPunctuation": _note("edge-case", "CJK text with dashes, CJK punctuation and full-width forms",
                            "the zh tokenizer's character ranges (sacreBLEU's exact, malformed ones) changed"),
    "LongShift": _note("edge-case", "two blocks of ten (or more) words in swapped order",
                       "TER's shift size limit (10 words) taken as another"),
    "ShiftSearchCap": _note("edge-case", "long runs of one repeated word, swapped, so TER's search for a shift "
                                         "reaches its 1,000-candidate limit",
                            "the candidate limit ignored, or the shift found in that round applied"),
    "Articles": _note("edge-case", "the articles a, an, the beside punctuation (\"an-apple\", \"a.m.\", \"the,\")",
                      "SQuAD's normaliser removing articles before punctuation, or articles not removed"),
    "MissingPrediction": _note("edge-case", "a question without a prediction (a null hypothesis)",
                               "SQuAD v1.1's zero for a missing prediction skipped, or v2.0's skip scored 0"),
    "Unanswerable": _note("edge-case", "a question without a gold answer, or with gold answers that normalize "
                                       "to nothing (SQuAD v2.0)",
                          "v1.1's empty rule (F1 0 for empty against empty) used in v2.0"),
    "WhiteSpaceClasses": _note("edge-case", "characters only some languages take for white space: U+001C-U+001F "
                                            "and U+0085 (Python's str.isspace, not JavaScript's \\s), U+FEFF "
                                            "(JavaScript's, not Python's), U+3000 and NBSP (not ASCII's)",
                               "the port's language's white space (JavaScript's \\s and trim(), Go's and Rust's "
                               "Unicode White_Space, C's isspace) used instead of Python's"),
    "Astral": _note("edge-case", "characters outside the Basic Multilingual Plane (emoji, rare CJK)",
                    "UTF-16 code units (a surrogate pair) or UTF-8 bytes counted as characters"),
    "CombiningMarks": _note("edge-case", "a letter followed by a combining accent, beside the precomposed letter",
                            "grapheme clusters counted as characters, or the text normalised (NFC, NFKC)"),
    "CaseMappings": _note("edge-case", "letters whose lowercase is special: İ (two code points), a final capital "
                                       "sigma (ς), ß, full-width and ligature forms",
                          "a simple, ASCII-only or case-folding lowercase instead of Python's str.lower()"),
    "LineEndings": _note("edge-case", "line endings inside a segment: \\r\\n, \\r, U+2028, U+0085, after a '-'",
                         "line endings normalised to \\n when the text is read (13a then joins '-' + line end)"),
    "ByteOrderMark": _note("edge-case", "a segment that starts with U+FEFF (a byte-order mark)",
                           "the mark dropped when the text is read, or taken for white space"),
    "EntitiesEscapedTwice": _note("edge-case", "every 13a entity, also escaped twice (&amp;quot; &amp;gt; "
                                               "&amp;lt; &amp;amp;), and entities 13a leaves alone (&apos; &#39; "
                                               "&nbsp;)",
                                  "the entities unescaped in another order (&amp; first) or by an HTML library "
                                  "(every entity, in one pass)"),
    "RegexClasses": _note("edge-case", "digits outside ASCII around '.' and ',', an article after a non-ASCII "
                                       "letter, non-ASCII punctuation and symbols",
                          "a regular expression's \\d, \\w, \\b or \\p{P} taken as Unicode where the "
                          "definition has ASCII, or as ASCII where it has Unicode"),
    "Random": _note("random", "a seeded random corpus of short words, punctuation and non-ASCII",
                    "any disagreement not covered by a named case"),
    "InvalidInput": _note("invalid", "input the specification refuses",
                          "accepted silently instead of refused with the named error"),
    "InvalidOption": _note("invalid", "an option value the specification refuses",
                           "accepted silently instead of refused with the named error"),
}


def hard_corpora() -> list[Corpus]:
    """The named hard cases, then the seeded random corpora (module doc)."""
    return HARD_CASES + random_corpora()


HARD_CASES = [
    Corpus("an ordinary pair", ("Basic",), ["the cat sat on the mat"], [["the cat is on the mat"]]),
    Corpus("an empty hypothesis beside an ordinary one", ("EmptyHypothesis", "CorpusPooling"),
           ["", "a b c d"], [["a b"], ["a b c d"]]),
    Corpus("an empty reference", ("EmptyReference",), ["a b"], [[""]]),
    Corpus("empty hypothesis and reference", ("EmptyHypothesis", "EmptyReference"), [""], [[""]]),
    Corpus("a single matching character", ("SingleCharacter",), ["a"], [["a"]]),
    Corpus("single characters that differ", ("SingleCharacter", "ZeroMatches"), ["a"], [["b"]]),
    Corpus("references of 3 and 5 words for a hypothesis of 4", ("ReferenceLengthTie", "MultipleReferences"),
           ["a b c d"], [["a b c e e", "a b c"]]),
    Corpus("references of 2 and 6 words for a hypothesis of 5", ("ClosestReference", "MultipleReferences"),
           ["one two three four five"], [["one two", "one two three four five six"]]),
    Corpus("no word in common", ("ZeroMatches",), ["x y z"], [["a b c"]]),
    Corpus("unigram matches only", ("ZeroMatches",), ["c b a"], [["a b c"]]),
    Corpus("a word repeated beyond its reference count", ("Clipping",), ["the the the the the"],
           [["the cat on the mat"]]),
    Corpus("punctuation attached to words", ("Punctuation",), ["Hello, world! (test) - yes... \"quoted\""],
           [["Hello world , test - yes . quoted"]]),
    Corpus("numbers with separators", ("Numbers", "Punctuation"), ["It costs 1,000.50 dollars, or 3.14."],
           [["It costs 1,000.50 dollars or 3.14 ."]]),
    Corpus("non-ASCII letters and CJK", ("NonAscii",), ["Größe café naïve 東京は大きい Über"],
           [["größe cafe naïve 東京は 大きい über"]]),
    Corpus("upper and lower case", ("Case", "NonAscii"), ["The CAT sat ÉTÉ"], [["the cat sat été"]]),
    Corpus("tabs, double, leading and trailing spaces, no-break and ideographic spaces",
           ("UnusualWhitespace",), ["  a\tb  c\u00a0d\u3000e  "], [["a b c d e"]]),
    Corpus("three references, the best in the middle", ("MultipleReferences",),
           ["the quick brown fox", "jumps over the dog"],
           [["a slow red fox", "the quick brown fox", "the fox"],
            ["over the dog", "jumps over the lazy dog", "it jumps"]]),
    Corpus("one and three references", ("VariableReferenceCount", "MultipleReferences"),
           ["a b c", "d e f g"], [["a b c"], ["d e", "d e f g h", "x"]]),
    Corpus("segments of very different lengths", ("CorpusPooling",),
           ["a", "the cat sat on the mat today", "x y"],
           [["a"], ["the cat sat on a mat today"], ["y x"]]),
    Corpus("a sentence of 60 words", ("LongSentence",), [" ".join(["w1 w2 w3"] * 20)],
           [[" ".join(["w1 w2 w4"] * 20)]]),
    # For the course's pitfall 1 (unclipped matches): repeated words against one and several
    # references, in short and longer segments, pooled.
    Corpus("a word repeated beyond every reference's count, several references", ("Clipping", "MultipleReferences"),
           ["a a a a b b", "to be or not to be to be"],
           [["a b c", "a a b d"], ["to be or not to be", "be it or not"]]),
    Corpus("repeated bigrams and a repeated word in a pooled corpus", ("Clipping", "CorpusPooling"),
           ["it is it is it is what it is", "no no no", "yes"],
           [["it is what it is"], ["no means no"], ["yes"]]),
    # For pitfall 5 (no smoothing): segments too short for the higher orders, and one with no
    # trigram in common.
    Corpus("short segments without 3- and 4-grams in common", ("ZeroMatches", "CorpusPooling"),
           ["the dog barked", "a cat", "big red car here"],
           [["the dog slept"], ["a cat"], ["big car red here"]]),
    Corpus("unigram matches only", ("ZeroMatches",), ["green apples taste sweet today"],
           [["today sweet taste apples green"]]),
    Corpus("white space at the line ends only", ("EdgeWhitespace", "UnusualWhitespace"),
           ["Paris is big ", "\tthe end", "  same  "], [[" Paris is big"], ["the end  "], ["same"]]),
    Corpus("symbols beside words and digits", ("Symbols", "Punctuation"),
           ["a+b=c costs $5, 100% of \u20ac3 \u00a9 2020 \u2265 x^2 | y~z"],
           [["a + b = c costs $ 5 , 100 % of \u20ac 3 \u00a9 2020 \u2265 x ^ 2 | y ~ z"]]),
    Corpus("HTML entities", ("HtmlEntities", "Punctuation"),
           ["Tom &amp; Jerry say &quot;hi&quot; to &lt;b&gt; tags"],
           [["Tom & Jerry say \"hi\" to <b> tags"]]),
    Corpus("CJK with dashes, CJK punctuation and full-width forms", ("CjkPunctuation", "NonAscii"),
           ["\u6771\u4eac\u2014\u5927\u962a\u3001\u300c\u4eca\u65e5\u300d\u3002\uff21\uff22 \u2e80\u2f00\u3005 ok",
            "\u5317\u4eac\u2013\u4e0a\u6d77 \u2014 a\u2014b"],
           [["\u6771\u4eac \u2014 \u5927\u962a \u3001 \u300c \u4eca\u65e5 \u300d \u3002 \uff21\uff22 \u2e80 \u2f00 \u3005 ok"],
            ["\u5317\u4eac \u2013 \u4e0a\u6d77\u2014a \u2014 b"]]),
    # What a port gets from its language rather than from the metric
    # (``bleuprint.mutants.port_faults``): in the defaults group only, where each is caught,
    # but the special lowercase mappings, which need a group that lowercases.
    Corpus("white space of some languages only, inside and at the ends of segments", ("WhiteSpaceClasses",
           "UnusualWhitespace", "EdgeWhitespace"),
           ["\x1ca b", "\x85c d", "e f\ufeff", "g\x1ch\x1d\x1di j\x1e\x1fk l\x85\x85m n\ufeff\ufeffo p\u3000q"],
           [["a b"], ["c d"], ["e f"], ["g h i j k l m n o p q"]], everywhere=False),
    Corpus("astral characters and combining marks beside precomposed letters", ("Astral", "CombiningMarks", "NonAscii"),
           ["\U0001f600 a\U0001f600b caf\u0065\u0301 \U00020000x", "\ufb01ne \uff21\uff22"],
           [["\U0001f600 ab caf\u00e9 \U00020000x"], ["fine AB"]], everywhere=False),
    Corpus("special lowercase mappings: \u0130, a final capital sigma, \u00df", ("CaseMappings", "Case", "NonAscii"),
           ["\u0130stanbul \u039f\u0394\u039f\u03a3 Stra\u00dfe \u00c9T\u00c9"],
           [["i\u0307stanbul \u03bf\u03b4\u03bf\u03c2 strasse \u00e9t\u00e9"]]),
    Corpus("line endings inside a segment: a word broken by '-' + \\r\\n, \\r, U+2028, U+0085",
           ("LineEndings",), ["a well-\r\nknown cat\rsat on\u2028the\x85mat"], [["a wellknown cat sat on the mat"]],
           everywhere=False),
    Corpus("a byte-order mark at the start of a segment", ("ByteOrderMark",), ["\ufeffthe cat sat", "on the mat"],
           [["the cat sat"], ["on the mat"]], everywhere=False),
    Corpus("every 13a entity, escaped once and twice, and entities 13a leaves alone", ("EntitiesEscapedTwice",
           "HtmlEntities"), ["&amp;quot;hi&amp;quot; &amp;gt; &amp;lt; &amp;amp; &quot;a&quot; &apos;b&#39; c&nbsp;d"],
           [["&quot;hi&quot; &gt; &lt; &amp; \"a\" 'b' c d"]], everywhere=False),
    Corpus("digits outside ASCII, an article after a non-ASCII letter, non-ASCII punctuation",
           ("RegexClasses", "NonAscii", "Punctuation"),
           ["\u0663.\u0661\u0664 costs \u0662,\u0665", "th\u00e9a \u00fcber \u00abja\u00bb 5\u20ac"],
           [["\u0663 . \u0661\u0664 costs \u0662 , \u0665"], ["th\u00e9 \u00fcber \u00ab ja \u00bb 5 \u20ac"]],
           everywhere=False),
    # Slow for TER's literal spec (a tenth of a second each): in the defaults group only.
    Corpus("two blocks of ten words swapped", ("LongShift",), ["k l m n o p q r s t a b c d e f g h i j"],
           [["a b c d e f g h i j k l m n o p q r s t"]], everywhere=False),
    Corpus("runs of 8 repeated words swapped", ("ShiftSearchCap",),
           [" ".join(["cat"] * 8 + ["dog"] * 8)], [[" ".join(["dog"] * 8 + ["cat"] * 8)]], everywhere=False),
]

#: The random corpora's vocabulary.
_WORDS = ("the", "a", "cat", "dog", "sat", "on", "mat", "Mat", "é", "Ünïcode", "東京", ",", ".", "!", "3.5",
          "1,000", "don't", "x-y", "(", ")")


def random_corpora(seed: int = SEED, count: int = RANDOM_CORPORA, segments: int = RANDOM_SEGMENTS) -> list[Corpus]:
    """``count`` corpora of ``segments`` segments: lines of 0 to 12 words of ``_WORDS``,
    each hypothesis with 1 to 3 references, drawn from ``random.Random(seed)``."""
    rng = random.Random(seed)

    def line() -> str:
        return " ".join(rng.choice(_WORDS) for _ in range(rng.randrange(13)))

    out = []
    for k in range(count):
        hyps = [line() for _ in range(segments)]
        refs = [[line() for _ in range(1 + rng.randrange(3))] for _ in range(segments)]
        out.append(Corpus(f"random corpus {k + 1} (seed {seed})", ("Random",), hyps, refs))
    return out


def invalid_inputs() -> list[Corpus]:
    """Inputs of the wrong type or shape, JSON-expressible. The generator keeps those the
    specification refuses (with the error it raises) and drops the others."""
    return [
        Corpus("hyps is a string, not a list", ("InvalidInput",), "a b c", [["a b c"]]),
        Corpus("an empty corpus", ("InvalidInput",), [], []),
        Corpus("a hypothesis that is a number", ("InvalidInput",), [1], [["1"]]),
        Corpus("a hypothesis that is null", ("InvalidInput",), [None], [["a"]]),
        Corpus("a reference that is null", ("InvalidInput",), ["a"], [[None]]),
        Corpus("more hypotheses than reference lists", ("InvalidInput",), ["a", "b"], [["a"]]),
        Corpus("a hypothesis without references", ("InvalidInput",), ["a"], [[]]),
        Corpus("references of a hypothesis given as a bare string, not a list", ("InvalidInput",), ["a b"], ["a b"]),
        Corpus("references given as one bare string", ("InvalidInput",), ["a b", "c"], "a b"),
    ]


#: The segment pool of the interval and paired-test vectors (``bleuprint.vectors.intervals``):
#: (hypothesis, better system's line, worse system's line, references). Every line shares words and characters with its reference, so no resample has zero
#: matches (where sacreBLEU mixes Python floats and float32 scores, spec.intervals).
INTERVAL_POOL = [
    ("the cat sat on the mat", "the cat is on the mat", "a cat was on a mat", ["the cat is on the mat"]),
    ("a quick brown fox jumps over the dog", "the quick brown fox jumped over the lazy dog",
     "quick fox over dog", ["the quick brown fox jumped over the lazy dog"]),
    ("one two three four five", "one two three four six", "five four three two one", ["one two three four six"]),
    ("we went to the market today", "today we went to the market", "we go to market", ["today we went to the market"]),
    ("it is raining in Paris again", "it rains in Paris again", "rain in Paris", ["it rains in Paris again"]),
    ("Der Hund läuft schnell nach Hause", "Der Hund rennt schnell nach Hause", "Ein Hund läuft heim",
     ["Der Hund rennt schnell nach Hause"]),
]


def shared_pool(references: bool = True) -> list[tuple]:
    """The shared segment pool: (hypothesis, better line, worse line, references), the
    references None for a metric without them (``interval_pool``'s default,
    ``bleuprint.vectors.hooks``)."""
    return [tuple(segment) if references else (*segment[:3], None) for segment in INTERVAL_POOL]


def generated_corpora(metric: str, fixed: list, generate, note: str = "", count: int = 3, seed: int = 35) -> list:
    """The vector corpora of a metric whose segments are token vectors (BERTScore,
    MoverScore): its ``fixed`` corpora, then ``count`` corpora ``generate(rng)`` gives as
    ``(hyps, refs)``, drawn in turn from one ``random.Random(seed)`` ("METRIC: generated
    corpus K" + ``note``, flagged LongSentence)."""
    import random

    rng = random.Random(seed)
    corpora = list(fixed)
    for k in range(count):
        hyps, refs = generate(rng)
        corpora.append(Corpus(f"{metric}: generated corpus {k}{note}", ("LongSentence",), hyps, refs))
    return corpora


def negation_pool(vector, seed: int, dims: int = 3) -> list[tuple]:
    """The interval pool of a metric whose segments are token vectors: six segments
    (hypothesis, a better one: the reference itself, a worse one: its negation,
    references), the k-th with a reference of k % 3 + 1 tokens and a hypothesis of k % 2 + 1,
    each token ``vector(rng, dims)`` from one ``random.Random(seed)``."""
    import random

    rng = random.Random(seed)
    pool = []
    for k in range(6):
        ref = [vector(rng, dims) for _ in range(k % 3 + 1)]
        hyp = [vector(rng, dims) for _ in range(k % 2 + 1)]
        pool.append((hyp, [list(v) for v in ref], [[-x for x in v] for v in ref], [ref]))
    return pool
