"""A small SentencePiece model trained by the tests themselves (no model is downloaded),
and the text it is trained on.

``train_model(path)`` trains a unigram model of 400 pieces on ``training_lines()``:
about 600 lines written here in several scripts (Latin with accents, Cyrillic, Greek,
Japanese, Korean, Chinese, Arabic, digits with ``.`` and ``,``, punctuation), with
deterministic settings (one thread, no shuffling, no sampling of the input). A character
coverage under 1 leaves the rarest characters out of the vocabulary, so the tests also
meet pieces SentencePiece reads as unknown, whose surface text becomes the piece.
"""

from __future__ import annotations

import random

from bleuprint.oracles.texts_cjk import JAPANESE, KOREAN

WORDS = {
    "latin": ["the", "cat", "sat", "on", "mat", "dog", "house", "walking", "talked", "café", "naïve", "Straße",
              "über", "niño", "façade", "déjà", "vu", "and", "of", "to", "in", "is", "was", "running", "e-mail",
              "U.S.", "It's", "don't", "3.14", "1,000", "2024", "10-12", "50%", "$5.00", "(yes)", "[no]", "!", "?",
              ".", ",", ";", ":"],
    "cyrillic": ["привет", "мир", "кошка", "сидела", "на", "ковре", "дом", "собака", "и", "в", "не", "что"],
    "greek": ["καλημέρα", "κόσμε", "γάτα", "σπίτι", "και", "το", "η", "ΣΑΣ", "σας"],
    "chinese": ["我们", "是", "中国人", "你好", "世界", "的", "猫", "狗", "。", "，", "！"],
    "arabic": ["مرحبا", "بالعالم", "القطة", "على", "السجادة", "في", "و"],
}


def training_lines(count: int = 600, seed: int = 7) -> list[str]:
    """``count`` lines: every Japanese and Korean line of ``texts_cjk``, then lines of
    random words of one script or two."""
    rng = random.Random(seed)
    lines = [line for line in JAPANESE + KOREAN if line.strip()]
    scripts = list(WORDS)
    while len(lines) < count:
        first, second = rng.choice(scripts), rng.choice(scripts)
        words = [rng.choice(WORDS[first if rng.random() < 0.7 else second]) for _ in range(rng.randint(3, 14))]
        lines.append(" ".join(words))
    return lines


def train_model(path, vocab_size: int = 400) -> str:
    """Train the model into ``path`` (a file name; ``path.model`` is not added) and
    return ``str(path)``."""
    import io

    import sentencepiece

    model = io.BytesIO()
    sentencepiece.SentencePieceTrainer.train(
        sentence_iterator=iter(training_lines()), model_writer=model, vocab_size=vocab_size,
        model_type="unigram", character_coverage=0.995, num_threads=1, shuffle_input_sentence=False,
        input_sentence_size=0, seed_sentencepiece_size=100000, hard_vocab_limit=False, minloglevel=2)
    with open(path, "wb") as out:
        out.write(model.getvalue())
    return str(path)
