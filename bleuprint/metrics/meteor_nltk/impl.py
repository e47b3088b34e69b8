"""nltk 3.10.4's METEOR, fast: the numbers of ``bleuprint.metrics.meteor_nltk.spec``
(checked equal by tests/impl/test_meteor_nltk_diff.py), computed with

* each distinct word's lowercased form, Porter stem and WordNet synonym set computed once
  (memos: the stems for the process, the synonyms per WordNet reader), a hypothesis's
  words and stems once for all its references;
* the exact and stem stages as a pop from each word's list of free reference positions
  (ascending, so a pop is the highest free one), instead of the spec's scans;
* the synonym stage looking each candidate up among the leftover reference stems (the
  highest free position of any candidate wins: the spec's scan from the last).

The arithmetic of the score is the spec's, in the same order, so the floats are equal.
"""

from __future__ import annotations

from ..rouge.porter import stem as porter_stem
from .spec import ALPHA, BETA, GAMMA, check_parameters, check_synonyms, wordnet_reader

class _Memo(dict):
    """A dict computing a missing key's value once with ``function``."""

    def __init__(self, function):
        super().__init__()
        self.function = function

    def __missing__(self, key):
        value = self[key] = self.function(key)
        return value


_STEMS = _Memo(porter_stem)
_SYNONYMS: dict = {}


def clear_memos() -> None:
    """Forget every memoised stem and synonym set (benchmarks time a cold start)."""
    _STEMS.clear()
    _SYNONYMS.clear()


def _synonym_memo(reader) -> dict:
    """The memo of ``reader``'s synonym sets (each set with the word itself added)."""
    memo = _SYNONYMS.get(id(reader))
    if memo is None or memo[0] is not reader:
        memo = _SYNONYMS[id(reader)] = (reader, _Memo(lambda word: frozenset(reader.synonyms(word)) | {word}))
    return memo[1]


def _pair(hyp: list, hyp_stems: list, ref: list, candidates_of, alpha, beta, gamma) -> float:
    """One (hypothesis, reference) pair's score (spec ``pair_score``)."""
    n_hyp, n_ref = len(hyp), len(ref)
    if not n_hyp or not n_ref:
        return 0.0
    free = {}
    for j, word in enumerate(ref):
        if word in free:
            free[word].append(j)
        else:
            free[word] = [j]
    matches = []
    left_hyp = []
    for i in range(n_hyp - 1, -1, -1):
        positions = free.get(hyp[i])
        if positions:
            matches.append((i, positions.pop()))
        else:
            left_hyp.append(i)
    if left_hyp and len(matches) < n_ref:
        # the leftover reference positions by stem, ascending: a pop takes the highest
        stems = _STEMS
        free_stems = {}
        for positions in free.values():
            for j in positions:
                key = stems[ref[j]]
                if key in free_stems:
                    free_stems[key].append(j)
                else:
                    free_stems[key] = [j]
        for positions in free_stems.values():
            positions.sort()
        still = []
        for i in left_hyp:
            positions = free_stems.get(hyp_stems[i])
            if positions:
                matches.append((i, positions.pop()))
            else:
                still.append(i)
        if still and candidates_of is not None and len(matches) < n_ref:
            for i in still:
                best, best_word = -1, None
                for word in candidates_of(hyp_stems[i]):
                    positions = free_stems.get(word)
                    if positions and positions[-1] > best:
                        best, best_word = positions[-1], word
                if best_word is not None:
                    free_stems[best_word].pop()
                    matches.append((i, best))
    m = len(matches)
    if m == 0:
        return 0.0
    matches.sort()
    chunks = 1
    previous_i, previous_j = matches[0]
    for i, j in matches[1:]:
        if not (i == previous_i + 1 and j == previous_j + 1):
            chunks += 1
        previous_i, previous_j = i, j
    precision = float(m) / n_hyp
    recall = float(m) / n_ref
    f = (precision * recall) / (alpha * precision + (1 - alpha) * recall)
    frag = float(chunks) / m
    return (1 - gamma * frag ** beta) * f


def meteor_nltk_rows(hyps: list, refs: list, fmean_alpha: float = ALPHA, beta: float = BETA, gamma: float = GAMMA,
                     synonyms: bool = True, wordnet: str | None = None) -> list:
    """Every segment's row ``[score]`` of checked ``hyps`` and ``refs`` (spec
    ``meteor_nltk_stats``)."""
    alpha = fmean_alpha
    check_parameters(alpha, beta, gamma)
    check_synonyms(synonyms, wordnet)
    candidates_of = None
    if synonyms:
        reader = wordnet_reader(wordnet)
        candidates_of = _synonym_memo(reader).__getitem__

    lowered = _Memo(str.lower)
    stems = _STEMS

    def words(text):
        return [lowered[token] for token in text.split()]

    rows = []
    for hyp, group in zip(hyps, refs):
        hyp_words = words(hyp)
        hyp_stems = [stems[w] for w in hyp_words]
        rows.append([max(_pair(hyp_words, hyp_stems, words(ref), candidates_of, alpha, beta, gamma)
                         for ref in group)])
    return rows


def meteor_nltk(hyps, refs, fmean_alpha: float = ALPHA, beta: float = BETA, gamma: float = GAMMA,
                synonyms: bool = True, wordnet: str | None = None) -> float:
    """The corpus value (spec ``meteor_nltk``): the mean of the segments' scores (``math.fsum``)."""
    import math

    from ...spec.inputs import check_corpus

    hyps, refs = check_corpus(hyps, refs)
    rows = meteor_nltk_rows(hyps, refs, fmean_alpha, beta, gamma, synonyms, wordnet)
    return math.fsum(row[0] for row in rows) / len(rows)
