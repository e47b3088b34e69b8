"""A seeded synthetic MT corpus for the benchmarks: references and edited hypotheses.

Not real language, but shaped like it where the metrics' cost lies:

* a 50,000-word vocabulary drawn with Zipf-Mandelbrot frequencies (the most frequent
  ranks are real English and German function words; rarer words are longer); about a
  third capitalised (German nouns), some with umlauts or ß, some hyphenated compounds
  and ``'s`` forms;
* segment lengths log-normal around 20 tokens (1..150);
* numbers in the forms the tokenizers treat specially (``1999``, ``3.14``, ``1,000``,
  ``10-12``, ``25%``, ``$5``), commas, quotes (ASCII and German), parentheses, a final
  ``.``/``?``/``!``/``:`` most of the time;
* about 2% of the segments (``chinese_share``) in Chinese (common Han characters with
  ``，`` and ``。``), so the ``zh`` tokenizer has Chinese to split;
* each hypothesis is its reference with token edits (about 5% deleted, 12% substituted,
  5% followed by an inserted word), so n-grams of every order match in part.

``SyntheticCorpus(seed).batches(n, batch_size)`` yields ``(hyps, refs)`` batches in
bleuprint's layout (``refs[i] = [reference of hyps[i]]``), generated on the fly: only one
batch is ever in memory. The same seed, ``n`` and ``batch_size`` give the same text.
"""

from __future__ import annotations

import numpy as np

FUNCTION_WORDS = (
    "the", "der", "die", "und", "of", "in", "to", "das", "and", "a", "ist", "zu", "den",
    "is", "that", "es", "nicht", "ich", "it", "for", "wir", "sie", "mit", "you", "we",
    "ein", "on", "auf", "eine", "this", "von", "dass", "sich", "be", "are", "auch", "was",
    "as", "with", "so", "they", "have", "im", "dem", "f\u00fcr", "an", "at", "wie", "or", "but",
)

# Letter frequencies of English/German prose (roughly), umlauts and ß included.
_LETTERS = "etaoinshrdlcumwfgypbvkjxqz\u00e4\u00f6\u00fc\u00df"
_LETTER_WEIGHTS = np.array([12.7, 9.1, 8.2, 7.5, 7.0, 6.7, 6.3, 6.1, 6.0, 4.3, 4.0, 2.8, 2.8, 2.4,
                            2.4, 2.2, 2.0, 2.0, 1.9, 1.5, 1.0, 0.8, 0.15, 0.15, 0.1, 0.07,
                            0.5, 0.3, 0.6, 0.2])

# A few thousand common Han characters (U+4E00..) for the Chinese segments.
_HAN = np.array([chr(0x4E00 + k) for k in range(0, 20902, 7)])


def _zipf_cdf(size: int, exponent: float = 1.0, shift: float = 2.7) -> np.ndarray:
    weights = 1.0 / (np.arange(size) + shift) ** exponent
    cdf = np.cumsum(weights)
    return cdf / cdf[-1]


def _vocabulary(rng: np.random.Generator, size: int) -> np.ndarray:
    """``size`` distinct-ish words, frequent (low rank) ones shorter."""
    lengths = np.clip(np.round(rng.lognormal(np.log(7), 0.45, size)), 2, 24).astype(int)
    # Rank order: short words tend to be frequent (loosely: noise in the sort key).
    lengths = lengths[np.argsort(lengths + rng.normal(0, 4, size), kind="stable")]
    letters = rng.choice(np.array(list(_LETTERS)), size=int(lengths.sum()),
                         p=_LETTER_WEIGHTS / _LETTER_WEIGHTS.sum()).tolist()
    ends = np.cumsum(lengths).tolist()
    words, start = [], 0
    for end in ends:
        words.append("".join(letters[start:end]))
        start = end
    draws = rng.random((4, size))
    for i in range(size):
        word = words[i]
        if draws[0, i] < 0.33:
            word = word.capitalize()
        if draws[1, i] < 0.01 and i > 0:
            word = word + "-" + words[(i * 7919) % size]
        elif draws[2, i] < 0.005:
            word = word + "'s"
        words[i] = word
    words[: len(FUNCTION_WORDS)] = FUNCTION_WORDS
    return np.array(words, dtype=object)


def _numbers(rng: np.random.Generator, size: int) -> list[str]:
    forms = []
    for kind, a, b in zip(rng.integers(0, 8, size), rng.integers(0, 2100, size), rng.integers(0, 100, size)):
        forms.append((
            f"{a}", f"{a}.{b}", f"{a},{b:02d}0", f"{b}-{b + 5}", f"{b}%", f"${b}", f"{1900 + b}", f"{a / 7:.2f}",
        )[kind])
    return forms


class SyntheticCorpus:
    """A reproducible generator of (hypothesis, reference) segments (see module doc)."""

    def __init__(self, seed: int = 20211, vocabulary: int = 50_000, chinese_share: float = 0.02) -> None:
        self.seed = seed
        self.chinese_share = chinese_share
        rng = np.random.default_rng(seed)
        self.words = _vocabulary(rng, vocabulary)
        self.cdf = _zipf_cdf(vocabulary)
        self.numbers = np.array(_numbers(rng, 5000), dtype=object)

    def _words(self, rng: np.random.Generator, count: int) -> np.ndarray:
        return self.words[np.searchsorted(self.cdf, rng.random(count))]

    def _chinese(self, rng: np.random.Generator) -> str:
        length = int(rng.integers(8, 50))
        ranks = np.minimum(np.searchsorted(_zipf_cdf(len(_HAN)), rng.random(length)), len(_HAN) - 1)
        chars = _HAN[ranks].tolist()
        for k in range(5, length - 1, int(rng.integers(6, 12))):
            chars[k] += "\uff0c"
        return "".join(chars) + "\u3002"

    def _batch(self, rng: np.random.Generator, size: int) -> tuple[list[str], list[list[str]]]:
        lengths = np.clip(np.round(rng.lognormal(np.log(18), 0.6, size)), 1, 150).astype(np.int64)
        total = int(lengths.sum())
        ends = np.cumsum(lengths)
        starts = ends - lengths
        tokens = self._words(rng, total)
        u = rng.random((4, total))
        numbers = u[0] < 0.03
        tokens[numbers] = self.numbers[rng.integers(0, len(self.numbers), int(numbers.sum()))]
        last = np.zeros(total, dtype=bool)
        last[ends - 1] = True
        comma = (u[1] < 0.06) & ~last
        tokens[comma] = tokens[comma] + ","
        quoted = u[2] < 0.008
        tokens[quoted] = np.where(u[3][quoted] < 0.5, "\"" + tokens[quoted] + "\"",
                                  "\u201e" + tokens[quoted] + "\u201c")
        bracket = (u[2] > 0.997) & ~last
        tokens[bracket] = "(" + tokens[bracket] + ")"
        firsts = tokens[starts]
        tokens[starts] = [w[:1].upper() + w[1:] for w in firsts]
        final = rng.choice(np.array([".", "?", "!", ":", ""], dtype=object), size=size,
                           p=[0.82, 0.08, 0.03, 0.02, 0.05])
        tokens[ends - 1] = tokens[ends - 1] + final

        # Hypotheses: delete (5%), substitute (12%), or keep and insert a word after (5%).
        r = rng.random(total)
        substituted = tokens.copy()
        sub = (r >= 0.05) & (r < 0.17)
        substituted[sub] = self._words(rng, int(sub.sum()))
        copies = np.where(r < 0.05, 0, np.where(r >= 0.95, 2, 1))
        hyp_tokens = np.repeat(substituted, copies)
        hyp_ends = np.cumsum(copies)
        inserted = hyp_ends[copies == 2] - 1
        hyp_tokens[inserted] = self._words(rng, len(inserted))
        per_segment = np.add.reduceat(copies, starts)
        hyp_seg_ends = np.cumsum(per_segment)

        ref_list, hyp_list = tokens.tolist(), hyp_tokens.tolist()
        refs, hyps = [], []
        hyp_start = 0
        for a, b, hb in zip(starts.tolist(), ends.tolist(), hyp_seg_ends.tolist()):
            refs.append(" ".join(ref_list[a:b]))
            hyps.append(" ".join(hyp_list[hyp_start:hb]))
            hyp_start = hb
        for i in np.flatnonzero(rng.random(size) < self.chinese_share).tolist():
            ref = self._chinese(rng)
            refs[i] = ref
            hyps[i] = ref[: max(1, len(ref) - int(rng.integers(0, 6)))] + self._chinese(rng)[:3]
        return hyps, [[ref] for ref in refs]

    def batches(self, n_segments: int, batch_size: int = 10_000):
        """Yield ``(hyps, refs)`` batches of ``batch_size`` segments (the last may be
        shorter) until ``n_segments`` have been produced."""
        rng = np.random.default_rng([self.seed, n_segments, batch_size])
        produced = 0
        while produced < n_segments:
            size = min(batch_size, n_segments - produced)
            yield self._batch(rng, size)
            produced += size

    def corpus(self, n_segments: int) -> tuple[list[str], list[list[str]]]:
        """The whole corpus of ``n_segments`` segments in memory."""
        hyps, refs = [], []
        for h, r in self.batches(n_segments):
            hyps += h
            refs += r
        return hyps, refs
