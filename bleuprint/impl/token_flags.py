"""The character flags the compiled tokenizers read (``csrc/ngrams.c``), and the tables of
13a's and zh's rules, without numpy: what ``bleuprint.impl.tokenizers`` builds its tables
from, and what BLEU's numpy-free route (``bleuprint.metrics.bleu.plain_impl``) hands the
kernel, so that a first small BLEU call need not import numpy.

The rules are those of ``bleuprint.spec.tokenizers`` (sacreBLEU 2.5.1's
``tokenizer_13a.py`` and ``tokenizer_zh.py``); ``tests/impl/test_tokenizers_diff.py``
checks the tables over every code point against the spec.
"""

from __future__ import annotations

import functools
import re

from ..spec.tokenizers import ZH_RANGES

#: The flags of a character: white space, the P and D of the period/comma rules (R2, R3),
#: a space on each side (SPLIT), the hyphen of rule R4 (DASH), and BLOCK (the kernel's).
WS, P, D, SPLIT, DASH, BLOCK = 1, 2, 4, 8, 16, 32

#: R1 of mteval-v13a (shared by 13a and zh): ASCII punctuation and symbols except ' , - .
#: get a space on each side. The tables below are derived from this pattern.
R1 = re.compile(r"[\{-\~\[-\` -\&\(-\+\:-\@\/]")

#: Each tokenizer's mode of the kernel's per-line tokenizers (an attribute of the kernel).
KERNEL_MODES = {"13a": "MODE_13A", "zh": "MODE_RULES_DASH", "intl": "MODE_RULES",
                "none": "MODE_WHITESPACE", "char": "MODE_CHARS"}


def zh_code_ranges() -> list[tuple[int, int]]:
    """``ZH_RANGES`` as inclusive code-point ranges for *one* character ``ch``.

    The spec tests ``start <= ch <= end`` on strings, and two bounds are two characters
    long (sacreBLEU's malformed 5-digit escapes). For a one-character ``ch``:
    ``ch >= start`` holds iff ``ch > start[0]``, or ``ch == start[0]`` and ``start`` is
    that single character; ``ch <= end`` holds iff ``ch <= end[0]`` (a proper prefix
    sorts first). The test suite checks the result against the spec on every code point.
    """
    out = []
    for start, end in ZH_RANGES:
        low = ord(start[0]) + (1 if len(start) > 1 else 0)
        high = ord(end[0])
        if low <= high:
            out.append((low, high))
    return out


#: 13a's and zh's flags (but white space) lie below these code points.
RULES_SIZE = {"13a": 128, "zh": max(high for _, high in zh_code_ranges()) + 1}


@functools.lru_cache(maxsize=None)
def rules_table(name: str) -> bytes:
    """The flags of the rules of 13a or zh (white space aside) for the code points below
    ``RULES_SIZE[name]``, one byte each."""
    table = bytearray(RULES_SIZE[name])
    for match in R1.finditer("".join(chr(c) for c in range(128))):
        table[match.start()] |= SPLIT
    for char in ".,":
        table[ord(char)] |= P
    for code in range(ord("0"), ord("9") + 1):
        table[code] |= D
    table[ord("-")] |= DASH
    if name == "zh":
        for low, high in zh_code_ranges():
            for code in range(low, high + 1):
                table[code] |= SPLIT
    return bytes(table)


def check_kernel_flags(kernel) -> None:
    """The kernel reads the tables with its own copy of the flag values: they must agree."""
    ours = {"F_WS": WS, "F_P": P, "F_D": D, "F_SPLIT": SPLIT, "F_DASH": DASH}
    theirs = {name: getattr(kernel, name) for name in ours}
    if ours != theirs:
        raise RuntimeError(f"the compiled tokenizer's flags {theirs} differ from {ours}")
