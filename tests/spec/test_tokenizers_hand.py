"""BLEU's tokenizers by hand, rule by rule (sacreBLEU 2.5.1 behaviour; rules in the
docstrings of ``bleuprint/spec/tokenizers.py`` and section 2.1 of the course module).

Each expected output is derived in the docstring by applying the rules to the input by
hand; none was printed by our code. Tokens are what BLEU counts: the tokenizer's output
split with Python's ``str.split()``. Which planted fault each test kills is listed at the
top of ``test_hand_examples.py``.
"""

from __future__ import annotations

from bleuprint import spec


def test_13a_keeps_numbers_whole_and_splits_punctuation():
    """13a: pad with a space at each end; R1 puts spaces around ASCII punctuation other than
    ' , - .; R2 splits . or , after a non-digit; R3 splits . or , before a non-digit;
    R4 splits - after a digit; then white space is collapsed.

    "It's 3.14, e.g. 1,000-2,000." padded to " It's 3.14, e.g. 1,000-2,000. ":
      R1: nothing but spaces (' is not in R1's set);
      R2: "e." and "g." (letters before the period) -> "e . ", "g . ";
      R3: "," after 3.14 is followed by a space -> " , "; the final "." is followed by
          the padding space -> " . "; 3.14 and 1,000 and 2,000 have digits on both sides;
      R4: "0-" -> "0 - ".
    -> "It's 3.14 , e . g . 1,000 - 2,000 ."
    "10-12 e-mail": R4 splits the dash after the digit 0 only -> "10 - 12 e-mail".
    "in 1999." -> "in 1999 ." (the padding makes the final period split after a digit);
    ".5" -> ". 5": R3 does not fire (a digit follows the period) but R2 does, because the
    padding space before the period is a non-digit.
    """
    assert spec.tokenize_13a("It's 3.14, e.g. 1,000-2,000.") == "It's 3.14 , e . g . 1,000 - 2,000 ."
    assert spec.tokenize_13a("10-12 e-mail") == "10 - 12 e-mail"
    assert spec.tokenize_13a("in 1999.") == "in 1999 ."
    assert spec.tokenize_13a(".5") == ". 5"
    assert spec.tokenize("pi is 3.14", "13a") == "pi is 3.14"


def test_13a_unescapes_entities_and_removes_skipped():
    """13a step 1: "<skipped>" removed, "-" + newline removed (a word broken at a line
    end), other newlines become spaces. Step 2, only if the line has "&": &quot; &amp;
    &lt; &gt; unescaped, in that order and case-sensitively.

    'a &lt;b&gt; &amp; &quot;c&quot;' -> 'a <b> & "c"' -> R1 spaces <, >, &, " ->
      'a < b > & " c "'.
    "&amp;lt;" -> "&lt;" (the &amp; step) -> "<" (the &lt; step, which comes after) -> "<".
    "&AMP;" is no entity: R1 splits "&" and ";" -> "& AMP ;".
    "a<skipped>b" -> "ab"; "com-\\nputer now" -> "computer now"; "one\\ntwo" -> "one two".
    """
    assert spec.tokenize_13a('a &lt;b&gt; &amp; &quot;c&quot;') == 'a < b > & " c "'
    assert spec.tokenize_13a("&amp;lt;") == "<"
    assert spec.tokenize_13a("&AMP;") == "& AMP ;"
    assert spec.tokenize_13a("a<skipped>b") == "ab"
    assert spec.tokenize_13a("com-\nputer now") == "computer now"
    assert spec.tokenize_13a("one\ntwo") == "one two"


def test_bleu_counts_13a_tokens():
    """BLEU counts 13a tokens: "pi is 3.14" is 3 tokens (pi, is, 3.14), not 5.

    h = r = "pi is 3.14": stats [3, 3, 3, 2, 1, 0, 3, 2, 1, 0].
    h = "pi is 3.14", r = "pi is 3": tokens pi, is, 3.14 vs pi, is, 3: m1 = 2 (pi, is),
    m2 = 1 ("pi is"), m3 = 0: [3, 3, 2, 1, 0, 0, 3, 2, 1, 0]. (Splitting 3.14 into
    3 . 14 would make c = 5 and match "3".)
    h = "Hello, world!", r = "Hello , world !": 13a splits "," and "!" off, so both are
    Hello , world ! : [4, 4, 4, 3, 2, 1, 4, 3, 2, 1]. With tokenize="none" the hypothesis
    is 2 tokens, "Hello," and "world!", neither in the 4-token reference:
    [2, 4, 0, 0, 0, 0, 2, 1, 0, 0].
    """
    assert spec.bleu_stats("pi is 3.14", ["pi is 3.14"]) == [3, 3, 3, 2, 1, 0, 3, 2, 1, 0]
    assert spec.bleu_stats("pi is 3.14", ["pi is 3"]) == [3, 3, 2, 1, 0, 0, 3, 2, 1, 0]
    assert spec.bleu_stats("Hello, world!", ["Hello , world !"]) == [4, 4, 4, 3, 2, 1, 4, 3, 2, 1]
    assert spec.bleu_stats("Hello, world!", ["Hello , world !"], tokenize="none") == [2, 4, 0, 0, 0, 0, 2, 1, 0, 0]


def test_intl_tokenizer():
    """intl: (1) a non-number then punctuation -> both spaced; (2) punctuation then a
    non-number -> both spaced; (3) every symbol spaced. No padding, no entities.

    "in 1999.": the "." follows the number 9 (rule 1 needs a non-number) and nothing
      follows it (rule 2): stays "in 1999.".
    "don't": rule 1 on "n'" -> "don ' t".
    "e-mail": rule 1 on "e-" -> "e - mail".
    "$5.00!": "$" is a currency symbol (rule 3) -> " $ "; "." and "!" follow digits and
      the "." is followed by a digit: "$ 5.00!".
    """
    assert spec.tokenize_intl("in 1999.") == "in 1999."
    assert spec.tokenize_intl("don't") == "don ' t"
    assert spec.tokenize_intl("e-mail") == "e - mail"
    assert spec.tokenize_intl("$5.00!") == "$ 5.00!"


def test_zh_tokenizer():
    """zh: strip, a space on each side of every "Chinese" character, then R1..R4 without
    13a's padding.

    "我爱你" -> "我 爱 你" (CJK ideographs U+6211, U+7231, U+4F60).
    sacreBLEU's range bug (issue #298): the range meant as U+20000..U+2A6D6 acts as
    U+2001..U+2A6D, so the em dash U+2014 and the curly quotes U+201C, U+201D are split:
    "a\\u2014b" -> "a \\u2014 b", "\\u201chi\\u201d" -> "\\u201c hi \\u201d"; and no astral
    character is in any range, so U+20000 (a CJK Extension B ideograph) is not split:
    "a\\U00020000b" stays.
    "end." -> "end ." (R2) but "1999." stays (no padding after the final period).
    """
    assert spec.tokenize_zh("我爱你") == "我 爱 你"
    assert spec.tokenize_zh("a\u2014b") == "a \u2014 b"
    assert spec.tokenize_zh("\u201chi\u201d") == "\u201c hi \u201d"
    assert spec.tokenize_zh("a\U00020000b") == "a\U00020000b"
    assert spec.tokenize_zh("end.") == "end ."
    assert spec.tokenize_zh("1999.") == "1999."
    # 13a leaves non-ASCII punctuation alone.
    assert spec.tokenize_13a("a\u2014b") == "a\u2014b"


def test_char_and_none_tokenizers():
    """char: every character becomes a token (white space dropped by the split):
    "ab c" -> a, b, c. h = "ab c", r = "abc" under char: both a, b, c:
    [3, 3, 3, 2, 1, 0, 3, 2, 1, 0].
    none: the line as it is: "Hello, world!" -> "Hello,", "world!".
    """
    assert spec.tokenize_char("ab c").split() == ["a", "b", "c"]
    assert spec.bleu_stats("ab c", ["abc"], tokenize="char") == [3, 3, 3, 2, 1, 0, 3, 2, 1, 0]
    assert spec.tokenize_none("Hello, world!") == "Hello, world!"
    assert spec.tokenize("Hello, world!", "none").split() == ["Hello,", "world!"]


def test_unicode_white_space_splits_tokens():
    """Tokens are split by Python's ``str.split()``: NBSP (U+00A0) and U+001C are white
    space (``str.isspace()``), the zero-width space U+200B is not.

    With tokenize="none", against r = "a b":
      "a\\u00a0b" and "a\\x1cb" are 2 tokens a, b: [2, 2, 2, 1, 0, 0, 2, 1, 0, 0];
      "a\\u200bb" is 1 token, not in the reference: [1, 2, 0, 0, 0, 0, 1, 0, 0, 0].
    13a collapses white space with the same split: "a\\u00a0b" -> "a b".
    """
    for line in ("a\u00a0b", "a\x1cb"):
        assert spec.bleu_stats(line, ["a b"], tokenize="none") == [2, 2, 2, 1, 0, 0, 2, 1, 0, 0]
        assert spec.tokenize_13a(line) == "a b"
    assert spec.bleu_stats("a\u200bb", ["a b"], tokenize="none") == [1, 2, 0, 0, 0, 0, 1, 0, 0, 0]
    assert spec.tokenize_13a("a\u200bb") == "a\u200bb"


def test_tokenize_defaults_to_13a():
    """tokenize(line) without a name is 13a: "a." -> "a ." (the padded final period)."""
    from bleuprint.spec.tokenizers import tokenize

    assert tokenize("a.") == "a ."
