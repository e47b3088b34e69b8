"""Japanese and Korean test text for the MeCab and SentencePiece tokenizers' goldens and
tests, written for bleuprint (no corpus is downloaded).

The lines aim at what a MeCab tokenizer of BLEU can get wrong around MeCab itself: white
space at either end (stripped before and after the parse), inside the line (ASCII space,
tab, U+3000 ideographic space, NBSP, U+2028, U+0085), empty and white-space-only lines,
punctuation of both widths, digits with ``.`` and ``,`` (half- and full-width), Latin
words and half-width katakana mixed in, emoji, and text of the other language.
``corpus_cjk(rng, language)`` draws hypotheses and references from them by editing the
lines (dropping, swapping and repeating fragments), so that BLEU's n-grams partly match.
"""

from __future__ import annotations

import random

JAPANESE = [
    "今日は良い天気ですね。",
    "東京都に住んでいます。",
    "彼は「明日行く」と言った。",
    "価格は1,000円です。",
    "円周率は3.14です。",
    "円周率は３．１４です。",
    "１，０００人が参加した。",
    "iPhoneとAndroidを比べる。",
    "ＡＢＣ社の新製品",
    "ｶﾀｶﾅとカタカナ",
    "  前後に空白がある  ",
    "全角\u3000空白\u3000です",
    "タブ\t区切り\tの文",
    "ノーブレーク\u00a0スペース",
    "行区切り\u2028の文字",
    "",
    "   ",
    "\u3000",
    "えっ！？本当…",
    "『吾輩は猫である』を読んだ。",
    "コーヒーを２杯飲みました。",
    "2024年12月4日（水）",
    "メールはinfo@example.comまで。",
    "URLはhttps://example.jp/a?b=1です",
    "ＮＬＰの研究をしています",
    "日本語と한국어が混ざった文",
    "絵文字😀も使います👍",
    "すもももももももものうち",
    "一二三、四五六。七八九！",
    "（株）と㈱と①②③",
    "ﾊﾝｶｸｶﾅ ﾃﾞｽ｡",
    "英語: The cat sat on the mat.",
    "3.5%の増加、-2.0の減少",
    "昨日、友達と映画を見に行きました",
    "明日は雨が降るでしょう",
    "猫が好きです",
    "犬が好きです",
]

KOREAN = [
    "오늘은 날씨가 좋네요.",
    "서울에 살고 있습니다.",
    "그는 \"내일 간다\"고 말했다.",
    "가격은 1,000원입니다.",
    "원주율은 3.14입니다.",
    "원주율은 ３．１４입니다.",
    "１，０００명이 참가했다.",
    "아이폰과 Android를 비교한다.",
    "ＡＢＣ 회사의 신제품",
    "  앞뒤에 공백이 있다  ",
    "전각\u3000공백\u3000입니다",
    "탭\t구분\t문장",
    "줄바꿈 없는\u00a0공백",
    "",
    "  ",
    "정말요?! 대박…",
    "ㅋㅋㅋ ㅎㅎ ㅠㅠ",
    "2024년 12월 4일 (수)",
    "이메일은 info@example.com 으로.",
    "自然語言 처리와 한국어",
    "한국어와 日本語가 섞인 문장",
    "이모지😀도 씁니다👍",
    "3.5% 증가, -2.0 감소",
    "어제 친구와 영화를 보러 갔습니다",
    "내일은 비가 올 것입니다",
    "고양이를 좋아합니다",
    "개를 좋아합니다",
    "영어: The cat sat on the mat.",
    "하나, 둘, 셋! 넷.",
    "〈책〉과 《신문》을 읽었다",
]

LINES = {"ja": JAPANESE, "ko": KOREAN}


def edited(rng: random.Random, line: str, pool: list[str]) -> str:
    """``line`` changed a little: a fragment dropped, two halves swapped, a piece of
    another line added, a space put in, or unchanged."""
    k = rng.randrange(6)
    if len(line) > 3 and k == 0:
        a = rng.randrange(len(line) - 1)
        return line[:a] + line[a + rng.randint(1, 3):]
    if len(line) > 3 and k == 1:
        a = rng.randrange(1, len(line))
        return line[a:] + line[:a]
    if k == 2:
        other = rng.choice(pool)
        return line + other[: rng.randint(0, len(other))]
    if len(line) > 2 and k == 3:
        a = rng.randrange(1, len(line))
        return line[:a] + rng.choice([" ", "\u3000", "\t", "  "]) + line[a:]
    return line


def corpus_cjk(rng: random.Random, language: str, size: int = 6, nrefs: tuple[int, int] = (1, 2),
               mixed: bool = False) -> tuple[list[str], list[list[str]]]:
    """A corpus of ``size`` segments in ``language`` ("ja" or "ko"; ``mixed``: lines of
    both): each hypothesis and reference an edit of one base line, with ``nrefs`` (low,
    high) references a segment."""
    pool = JAPANESE + KOREAN if mixed else LINES[language]
    hyps, refs = [], []
    for _ in range(size):
        base = rng.choice(pool)
        hyps.append(edited(rng, base, pool))
        refs.append([edited(rng, base, pool) for _ in range(rng.randint(*nrefs))])
    return hyps, refs
