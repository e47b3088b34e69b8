"""Golden tokenizer cases: sacreBLEU 2.5.1's BLEU tokenizers on hand-picked lines.

Each case is ``{"id", "family", "tokenizer", "line", "output"}``: ``output`` is what
sacreBLEU's tokenizer object returns for ``line`` exactly as given (BLEU itself would
lowercase and right-strip first; these cases test the tokenizer alone). Every tokenizer
sees the shared lines and lines aimed at its own rules. The ``intl`` lines are checked
to use only characters whose Unicode category is the same in Python's ``unicodedata``
and in the ``regex`` module (``texts.check_unicode_stable``).
"""

from __future__ import annotations

from .sacrebleu_oracle import oracle_tokenize
from .texts import check_unicode_stable

SHARED_LINES = [
    "It's 3.14, e.g. 1,000-2,000.",
    "1999.",
    ".5 and 5. and 5,",
    "1--2 x-1 1-x 10-12 -5",
    "e-mail me at john.doe@example.com!",
    "\u201cQuoted\u201d \u2014 dash \u2013 en\u2026",
    "\u2018single\u2019 \u00abguillemets\u00bb \u201eAnf\u00fchrung\u201c",
    "$5.00! (really?) [x] {y} <z> a|b ~c ^d _e `f` #g %h *i +j =k /l \\m",
    "  leading and trailing  ",
    "tab\there\x1cunit\xa0nbsp\u2028ls\u3000ideo\x85nel",
    "",
    " ",
    "a",
    "don't won't isn't",
    "Mr. Smith's 2.5% 9, 10,5 U.S.A.",
    "\U0001f600 \u2713 \u00a9 \u2122 \u20ac5 \u00b2 x\u00b2 \u00bd \u00a7 3 \u00b6",
    "\u6211\u4eec\u662f\u4e2d\u56fd\u4eba\u3002\u4f60\u597d\uff01\U00020000\U0002a6a5",
    "\u304b\u306a\u30ab\u30bf\u30ab\u30ca\ud55c\uad6d\uc5b4\uff76\uff85",
    "\u2014\u201c\u201d\u2026\u20ac\u2192\u2a6d\u2a6e\u2000x\u2001y",
    "\u03a3\u0391\u03a3 \u0130stanbul Stra\u00dfe",
    "a\u200bb",
    "trailing newline\n",
]

OWN_LINES = {
    "13a": [
        "&amp;lt;tag&amp;gt; &quot;hi&quot; AT&T &AMP; &lt;b&gt;",
        "a<skipped>b <skipped> c",
        "hyphen-\nated line\nbreak",
        "x &amp; y",
        "&quot;",
        "no entity here: &",
        "3.14.15 1,2,3 1.-2",
    ],
    "none": [
        "already . tokenized , text",
        "&amp; <skipped> stay",
    ],
    "intl": [
        "Hello, world! (test) [x] {y}",
        "1,000.00 vs 1.000,00",
        "\u00a7 5 \u00b6 3 \u00b0C \u00b12",
        "\u00bfQu\u00e9? \u00a1S\u00ed!",
        "a/b\\c #hash @at",
        "50% 3+4=7 <a>",
        "\u2460 \u00be \u0663\u0664 \u2167",
    ],
    "zh": [
        "\u4e2d\u6587\uff0cEnglish words. 1999. end.",
        "\uff12\uff10\uff12\uff10\u5e74",
        "A\u3002B\u3001C",
        "\U00020000\u4e2d",
        "  \u4e2d \u6587  ",
        "\u2600\u2700\u27bf\u3300",
    ],
    "char": [
        "ab cd",
        "\u4e2d\u6587 \U0001f600",
    ],
}


def build_cases() -> list[dict]:
    """Every tokenizer golden case, tokenizers in sacreBLEU's order, lines in list order."""
    cases = []
    for name in ("13a", "none", "intl", "zh", "char"):
        lines = SHARED_LINES + OWN_LINES[name]
        if name == "intl":
            check_unicode_stable(lines)
        for k, line in enumerate(lines):
            cases.append({
                "id": f"tokenizers/{name}/{k:02d}",
                "family": f"tokenize={name}",
                "tokenizer": name,
                "line": line,
                "output": oracle_tokenize(line, name),
            })
    return cases
