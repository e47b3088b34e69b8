"""The zh tokenizer's "Chinese" ranges against sacreBLEU 2.5.1's, on every code point of
the Basic Multilingual Plane and a sample of the astral ones.

Each code point c is put between two ASCII letters (``a c b``, glued): sacreBLEU surrounds
c with spaces exactly when its (malformed, issue #298) ranges call c Chinese, so the two
tokenizations agree on that line only if bleuprint's ranges agree on c. The generated
mutants of ``ZH_RANGES`` (a range dropped, a bound moved by one code point) each change
the class of at least one code point, which this test then finds; the bounds moved into
an adjacent range (U+9FA5 -> U+9FA6, next to U+9FA6..U+9FBB) change none and are
equivalent.
"""

import pytest

pytest.importorskip("sacrebleu", reason="sacrebleu 2.5.1 is not installed: the live oracle is unavailable")

from bleuprint import spec  # noqa: E402
from bleuprint.oracles.sacrebleu_oracle import oracle_tokenize  # noqa: E402

#: Code points per compared line (a failure names its block).
BLOCK = 2048
ASTRAL = ("\U00010000", "\U0001F600", "\U00020000", "\U0002000B", "\U0002A6D6", "\U0002F800", "\U0002FA1D",
          "\U000E0001", "\U0010FFFD")


def _line(points) -> str:
    return "".join("a" + chr(p) + "b" for p in points if not 0xD800 <= p <= 0xDFFF)


@pytest.mark.parametrize("start", range(0, 0x10000, BLOCK), ids=lambda s: f"U+{s:04X}")
def test_zh_classes_every_bmp_code_point_as_sacrebleu(start):
    """The block U+start .. U+start+2047, each code point glued between a and b: bleuprint's
    zh tokenization equals sacreBLEU's."""
    line = _line(range(start, start + BLOCK))
    assert spec.tokenize_zh(line) == oracle_tokenize(line, "zh")


def test_no_astral_code_point_is_chinese_as_in_sacrebleu():
    """The astral ranges sacreBLEU meant (U+20000.., U+2F800..) were written as 4-digit
    escapes, so no astral character is Chinese there: ``a\\U00020000b`` stays one token."""
    line = "".join("a" + ch + "b" for ch in ASTRAL)
    assert spec.tokenize_zh(line) == oracle_tokenize(line, "zh") == line
