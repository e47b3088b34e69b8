"""Golden WER/CER/MER/WIL/WIP cases: corpora scored by jiwer 4.0.0 (on rapidfuzz 3.14.6),
for ``bleuprint/oracles/goldens/wer.json``.

Read only by the generator (``python -m bleuprint.oracles.generate wer``), verify and the
tests; never imported by the metrics. It draws its own texts (it may not import
``bleuprint.oracles``).

Each corpus is scored for every measure (one case each: ``metric`` wer, mer, wil, wip on
words, cer on characters). ``sentence_stats[i]`` is ``[H, S, D, I, N_ref, N_hyp]`` of
jiwer's ``process_words(refs[i][0], hyps[i])`` (``process_characters`` for cer), the
lengths those of jiwer's transformed sequences; ``score`` is jiwer's measure of the whole
list in one call (jiwer's pooling, and its empty-reference rules). Families:
``wer:random:<alphabet>`` (small alphabets: ties of every kind), ``wer:perturbed``
(references with words dropped, replaced, inserted), ``wer:whitespace`` (tabs, newlines,
no-break and ideographic spaces, runs, ends), ``wer:case-unicode``, ``wer:quirks`` (the
family's quirk pairs, one corpus), ``wer:quirks:single`` (each quirk pair alone, so that
the every-reference-empty rules are scored), ``wer:empty-corpus`` (all references empty),
``wer:long`` (sentences of 60 to 400 words, and 1,000+ characters for CER). Lines long enough
that rapidfuzz splits the alignment are a fixture of their own (``oracle_split``), kept out of
verify's rows because the spec's Python tables take tens of seconds there.
"""

from __future__ import annotations

import random

SEED = 20261218
JIWER_VERSION = "4.0.0"
RAPIDFUZZ_VERSION = "3.14.6"
MEASURES = ("wer", "mer", "wil", "wip", "cer")


def require_jiwer():
    """jiwer at the pinned versions; RuntimeError otherwise."""
    try:
        from importlib.metadata import version

        import jiwer
    except ImportError as exc:
        raise RuntimeError(f"jiwer {JIWER_VERSION} is needed (pip install 'bleuprint[oracle]'): {exc}") from None
    found = (version("jiwer"), version("rapidfuzz"))
    if found != (JIWER_VERSION, RAPIDFUZZ_VERSION):
        raise RuntimeError(f"the WER goldens need jiwer {JIWER_VERSION} and rapidfuzz {RAPIDFUZZ_VERSION}, "
                           f"found {found[0]} and {found[1]}")
    return jiwer


def _row(output) -> list:
    return [output.hits, output.substitutions, output.deletions, output.insertions,
            sum(len(r) for r in output.references), sum(len(h) for h in output.hypotheses)]


class _Cases:
    def __init__(self):
        self.cases: list[dict] = []
        self.numbers: dict = {}
        self.jiwer = require_jiwer()

    def add(self, family: str, hyps: list, refs: list, measures=MEASURES) -> None:
        for measure in measures:
            process = self.jiwer.process_characters if measure == "cer" else self.jiwer.process_words
            rows = [_row(process(r, h)) for r, h in zip(refs, hyps)]
            whole = process(list(refs), list(hyps))
            score = whole.cer if measure == "cer" else getattr(whole, measure)
            number = self.numbers.get(family, 0)
            self.numbers[family] = number + 1
            self.cases.append({
                "id": f"wer/{family}/{number:02d}", "metric": measure, "level": "corpus", "family": family,
                "options": {}, "hyps": list(hyps), "refs": [[r] for r in refs], "sentence_stats": rows,
                "score": float(score), "jiwer_value": score,
                "oracle": f"jiwer {JIWER_VERSION}, rapidfuzz {RAPIDFUZZ_VERSION}",
            })


ALPHABETS = {
    "ab": ["a", "b"],
    "abc": ["a", "b", "c"],
    "abcd": ["a", "b", "c", "d"],
    "words": ["the", "cat", "sat", "on", "mat", "a", "dog", "The", "cat.", ","],
}
SEPARATORS = [" ", " ", " ", " ", "  ", "\t", "\n", "\u00a0", "\u3000", " \t", "\t\t", "\u00a0\u00a0", "\r\n"]
CASE_UNICODE = ["Stra\u00dfe", "strasse", "STRASSE", "caf\u00e9", "cafe\u0301", "\u6771\u4eac", "\u6771", "\u4eac",
                "\u0130stanbul", "istanbul", "\U0001f600", "na\u00efve", "NA\u00cfVE", "\u00e9"]


def _join(rng, words, separators):
    out = ""
    for k, word in enumerate(words):
        out += (rng.choice(separators) if k else "") + word
    if rng.random() < 0.2:
        out = rng.choice(separators) + out
    if rng.random() < 0.2:
        out += rng.choice(separators)
    return out


def _perturb(rng, words, pool, noise):
    out = []
    for word in words:
        roll = rng.random()
        if roll < noise / 3:
            continue
        out.append(rng.choice(pool) if roll < 2 * noise / 3 else word)
        if rng.random() < noise / 3:
            out.append(rng.choice(pool))
    return out


def _corpus(rng, pool, sentences, length, noise=None, separators=(" ",)):
    hyps, refs = [], []
    for _ in range(rng.randint(*sentences)):
        ref = [rng.choice(pool) for _ in range(rng.randint(*length))]
        hyp = (_perturb(rng, ref, pool, noise) if noise is not None
               else [rng.choice(pool) for _ in range(rng.randint(*length))])
        refs.append(_join(rng, ref, separators))
        hyps.append(_join(rng, hyp, separators))
    return hyps, refs


def build_cases() -> list[dict]:
    """Every WER-family golden case, in a fixed order (seeded; jiwer is deterministic)."""
    from .cases import QUIRK_PAIRS

    rng = random.Random(SEED)
    cases = _Cases()
    for name, pool in ALPHABETS.items():
        for _ in range(6):
            cases.add(f"wer:random:{name}", *_corpus(rng, pool, (2, 6), (0, 8)))
    for _ in range(6):
        cases.add("wer:perturbed", *_corpus(rng, ALPHABETS["words"], (3, 6), (1, 14), noise=0.5))
    for _ in range(6):
        cases.add("wer:whitespace", *_corpus(rng, ["a", "b", "c", "ab"], (3, 6), (0, 6), noise=0.4,
                                              separators=SEPARATORS))
    for _ in range(4):
        cases.add("wer:case-unicode", *_corpus(rng, CASE_UNICODE, (3, 6), (1, 8), noise=0.5,
                                                separators=[" ", " ", "  ", "\u00a0"]))
    cases.add("wer:quirks", [h for _, h in QUIRK_PAIRS], [r for r, _ in QUIRK_PAIRS])
    for ref, hyp in QUIRK_PAIRS:
        cases.add("wer:quirks:single", [hyp], [ref])
    cases.add("wer:empty-corpus", ["a b", "c", ""], ["", " ", "\t"])
    cases.add("wer:empty-corpus", ["", " "], ["", "\u00a0"])
    for _ in range(2):
        cases.add("wer:long", *_corpus(rng, ALPHABETS["abcd"], (2, 3), (60, 400), noise=0.6))
    return cases.cases


def build_split_cases() -> list[dict]:
    """Lines of 2,100+ characters or words, where rapidfuzz splits the alignment
    (Hirschberg): family ``wer:hirschberg``, cer on characters, wer and mer on words."""
    rng = random.Random(SEED + 1)
    cases = _Cases()
    letters = [rng.choice("ab c") for _ in range(2600)]
    hyps = ["".join(letters), "".join(c if rng.random() < 0.7 else rng.choice("abc ") for c in letters[:2300])]
    refs = ["".join(rng.choice("ab c") for _ in range(2500)), "".join(letters[100:2400])]
    cases.add("wer:hirschberg", hyps, refs, measures=("cer",))
    hyps, refs = _corpus(rng, ALPHABETS["abc"], (2, 2), (2100, 2300), noise=0.8)
    cases.add("wer:hirschberg", hyps, refs, measures=("wer", "mer"))
    return cases.cases
