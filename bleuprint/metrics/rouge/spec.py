"""ROUGE as rouge-score 0.1.2 computes it (Lin 2004; google-research ``rouge_score``).

Read beside the definition (``bleuprint/metrics/rouge``'s ``__init__`` lists the quirks):

* **Tokens** (``tokenize``): the text is lowercased (Python's Unicode ``str.lower``, so the
  Kelvin sign U+212A becomes ASCII ``k``), every run of characters outside ``[a-z0-9]``
  becomes one space, the result is split on white space, and only tokens matching
  ``[a-z0-9]+`` are kept. Every non-ASCII letter vanishes and splits its word: "café" is
  the tokens ``caf``; "don't" is ``don``, ``t``; Chinese text has no tokens at all.
  With ``use_stemmer=True`` (rouge-score's option) every token longer than 3 characters
  is replaced by its Porter stem as nltk 3.10.4 computes it (``porter.stem``; shorter
  tokens are kept as they are), in ROUGE-N, L and Lsum alike.
* **ROUGE-N** (``rouge_n``): ``overlap`` = sum over the target's n-grams of
  min(count in target, count in prediction); P = overlap / max(prediction n-grams, 1),
  R = overlap / max(target n-grams, 1), F = 2PR / (P + R), 0 when P + R = 0 (no beta).
* **ROUGE-L** (``rouge_l``): the LCS of the two whole token sequences (a newline is
  white space); P = LCS / prediction tokens, R = LCS / target tokens; (0, 0, 0) when
  either side has no token.
* **ROUGE-Lsum** (``rouge_lsum``): sentences are the ``\\n``-separated lines, empty lines
  dropped (a line of spaces is kept and has no tokens). For each target sentence r, the
  union U(r) of the target positions of one LCS of r with each prediction sentence, where
  the LCS is the one read back from the LCS table from the end, taking a match when the
  tokens are equal, else moving left in the prediction when table[i][j-1] > table[i-1][j],
  else up (``lcs_positions``). The tokens of U(r), in order, are hits as long as both the
  target's and the prediction's remaining count of that token is positive (each hit
  uses one of each). P = hits / prediction tokens, R = hits / target tokens.
* **Several targets** (``best_target_scores``): each target is scored alone, and the
  scores of the first target with the highest F are taken (rouge-score's ``score_multi``,
  ``np.argmax``), independently for each ROUGE type.

No numpy here; one function per definition.
"""

from __future__ import annotations

from collections import Counter

from ...spec.inputs import check_choice
from .porter import stem

#: rouge-score's ROUGE types: ``rouge1`` .. ``rouge9`` (its pattern ``rouge[0-9]$``, 0
#: refused), ``rougeL`` and ``rougeLsum``.
ROUGE_TYPES = tuple(f"rouge{n}" for n in range(1, 10)) + ("rougeL", "rougeLsum")

#: Which of a row's values is the score.
MEASURES = ("precision", "recall", "fmeasure")

_ASCII_ALNUM = frozenset("abcdefghijklmnopqrstuvwxyz0123456789")
#: The characters rouge-score keeps in a token (public for the port faults that change it).
ASCII_ALNUM = _ASCII_ALNUM


def check_rouge_type(rouge_type: object) -> str:
    return check_choice(rouge_type, ROUGE_TYPES, "rouge_type")


#: ``rouge_all``'s types when none are named: the four that summarisation papers report.
ALL_TYPES = ("rouge1", "rouge2", "rougeL", "rougeLsum")


def check_rouge_types(rouge_types: object) -> list:
    """A list of distinct ROUGE types (``rouge_all``'s ``rouge_types``); a bare str, an
    empty list or a repeated type is refused, naming the problem."""
    if isinstance(rouge_types, str) or not hasattr(rouge_types, "__iter__"):
        raise TypeError("rouge_types must be a sequence of ROUGE types such as ('rouge1', 'rougeL'), got "
                        + ("a bare str " + repr(rouge_types) if isinstance(rouge_types, str)
                           else type(rouge_types).__name__))
    types = [check_rouge_type(t) for t in rouge_types]
    if not types:
        raise ValueError("rouge_types is empty: ask for at least one ROUGE type")
    repeated = sorted({t for t in types if types.count(t) > 1})
    if repeated:
        raise ValueError(f"rouge_types names {', '.join(repeated)} more than once")
    return types


def check_measure(measure: object) -> str:
    return check_choice(measure, MEASURES, "measure")


def tokenize(text: str, use_stemmer: bool = False) -> list[str]:
    """rouge-score's tokens of ``text``: lowercase, every character outside ``[a-z0-9]``
    is a separator, the remaining runs are the tokens; with ``use_stemmer``, each token of
    more than 3 characters is replaced by its Porter stem (``stem_tokens``)."""
    tokens, current = [], []
    for character in text.lower():
        if character in _ASCII_ALNUM:
            current.append(character)
        elif current:
            tokens.append("".join(current))
            current = []
    if current:
        tokens.append("".join(current))
    if use_stemmer:
        return stem_tokens(tokens)
    return tokens


def stem_tokens(tokens: list[str]) -> list[str]:
    """rouge-score's stemming: a token longer than 3 characters becomes its Porter stem
    (nltk 3.10.4, ``porter.stem``), the others stay; then, as rouge-score checks every token
    again, only the non-empty ``[a-z0-9]`` runs are kept."""
    stemmed = [stem(token) if len(token) > 3 else token for token in tokens]
    return [token for token in stemmed if token and all(c in _ASCII_ALNUM for c in token)]


def fmeasure(precision: float, recall: float) -> float:
    """F1 = 2PR / (P + R); 0.0 when P + R = 0."""
    if precision + recall > 0:
        return 2 * precision * recall / (precision + recall)
    return 0.0


def ngram_counts(tokens: list[str], n: int) -> Counter:
    """The multiset of the token n-grams (tuples of n consecutive tokens)."""
    return Counter(tuple(tokens[i:i + n]) for i in range(len(tokens) - n + 1))


def rouge_n(target_tokens: list[str], prediction_tokens: list[str], n: int) -> tuple:
    """(P, R, F) of ROUGE-N (module doc)."""
    target, prediction = ngram_counts(target_tokens, n), ngram_counts(prediction_tokens, n)
    overlap = 0
    for ngram in target:
        overlap += min(target[ngram], prediction[ngram])
    precision = overlap / max(sum(prediction.values()), 1)
    recall = overlap / max(sum(target.values()), 1)
    return precision, recall, fmeasure(precision, recall)


def lcs_table(target: list[str], prediction: list[str]) -> list[list[int]]:
    """table[i][j] = length of the LCS of target[:i] and prediction[:j]."""
    table = [[0] * (len(prediction) + 1) for _ in range(len(target) + 1)]
    for i in range(1, len(target) + 1):
        for j in range(1, len(prediction) + 1):
            if target[i - 1] == prediction[j - 1]:
                table[i][j] = table[i - 1][j - 1] + 1
            else:
                table[i][j] = max(table[i - 1][j], table[i][j - 1])
    return table


def rouge_l(target_tokens: list[str], prediction_tokens: list[str]) -> tuple:
    """(P, R, F) of ROUGE-L (module doc)."""
    if not target_tokens or not prediction_tokens:
        return 0.0, 0.0, 0.0
    lcs = lcs_table(target_tokens, prediction_tokens)[-1][-1]
    precision = lcs / len(prediction_tokens)
    recall = lcs / len(target_tokens)
    return precision, recall, fmeasure(precision, recall)


def lcs_positions(target: list[str], prediction: list[str]) -> list[int]:
    """The target positions of the LCS that rouge-score reads back (module doc: from the
    end; equal tokens match; left when table[i][j-1] > table[i-1][j], else up)."""
    table = lcs_table(target, prediction)
    i, j, positions = len(target), len(prediction), []
    while i > 0 and j > 0:
        if target[i - 1] == prediction[j - 1]:
            positions.append(i - 1)
            i, j = i - 1, j - 1
        elif table[i][j - 1] > table[i - 1][j]:
            j -= 1
        else:
            i -= 1
    return positions[::-1]


def union_lcs(target_sentence: list[str], prediction_sentences: list[list[str]]) -> list[str]:
    """The tokens of the union, over the prediction sentences, of the LCS positions in
    ``target_sentence``, in target order."""
    positions = set()
    for sentence in prediction_sentences:
        positions.update(lcs_positions(target_sentence, sentence))
    return [target_sentence[i] for i in sorted(positions)]


def sentences(text: str, use_stemmer: bool = False) -> list[list[str]]:
    """Lsum's sentences: the non-empty ``\\n``-separated lines, tokenized."""
    return [tokenize(line, use_stemmer) for line in text.split("\n") if line]


def rouge_lsum(target: str, prediction: str, use_stemmer: bool = False) -> tuple:
    """(P, R, F) of ROUGE-Lsum (module doc) of two texts."""
    return rouge_lsum_of_sentences(sentences(target, use_stemmer), sentences(prediction, use_stemmer))


def rouge_lsum_of_sentences(target_sentences: list[list], prediction_sentences: list[list]) -> tuple:
    """(P, R, F) of ROUGE-Lsum (module doc) of two texts given as their sentences' tokens
    (any tokenizer's: ``bleuprint.compat.rouge_score`` passes a user's)."""
    m = sum(len(s) for s in target_sentences)
    n = sum(len(s) for s in prediction_sentences)
    if not target_sentences or not prediction_sentences or not m or not n:
        return 0.0, 0.0, 0.0
    target_left = Counter(token for s in target_sentences for token in s)
    prediction_left = Counter(token for s in prediction_sentences for token in s)
    hits = 0
    for sentence in target_sentences:
        for token in union_lcs(sentence, prediction_sentences):
            if target_left[token] > 0 and prediction_left[token] > 0:
                hits += 1
                target_left[token] -= 1
                prediction_left[token] -= 1
    precision, recall = hits / n, hits / m
    return precision, recall, fmeasure(precision, recall)


def pair_scores(target: str, prediction: str, rouge_type: str, use_stemmer: bool = False) -> tuple:
    """(P, R, F) of ``rouge_type`` for one target and one prediction."""
    if rouge_type == "rougeLsum":
        return rouge_lsum(target, prediction, use_stemmer)
    if rouge_type == "rougeL":
        return rouge_l(tokenize(target, use_stemmer), tokenize(prediction, use_stemmer))
    return rouge_n(tokenize(target, use_stemmer), tokenize(prediction, use_stemmer), int(rouge_type[5:]))


def best_target_scores(prediction: str, targets: list[str], rouge_type: str, use_stemmer: bool = False) -> tuple:
    """(P, R, F) against the first target with the highest F for this type."""
    best = None
    for target in targets:
        scores = pair_scores(target, prediction, rouge_type, use_stemmer)
        if best is None or scores[2] > best[2]:
            best = scores
    return best


def check_use_stemmer(use_stemmer: object) -> bool:
    if not isinstance(use_stemmer, bool):
        raise TypeError(f"use_stemmer must be a bool, got {type(use_stemmer).__name__}")
    return use_stemmer


def rouge_stats(hyp: str, refs: list[str], rouge_type: str = "rouge1", use_stemmer: bool = False) -> list:
    """One segment's row: ``[P, R, F]`` of ``rouge_type`` (the best target's)."""
    from ...spec.inputs import check_references, check_text

    check_text(hyp, "hyp")
    refs = check_references(refs, "refs")
    return list(best_target_scores(hyp, refs, check_rouge_type(rouge_type), check_use_stemmer(use_stemmer)))


def rouge_from_stats(summed: list, n_segments: int, measure: str = "fmeasure") -> float:
    """The corpus value: the mean of the segments' ``measure`` (their sum / count)."""
    index = MEASURES.index(check_measure(measure))
    if len(summed) != 3:
        raise ValueError(f"rouge statistics have 3 columns (P, R, F), got {len(summed)}")
    if isinstance(n_segments, bool) or not isinstance(n_segments, int) or n_segments < 1:
        raise ValueError(f"n_segments must be a positive int, got {n_segments!r}")
    return float(summed[index]) / n_segments


def rouge_all(hyps, refs, rouge_types=ALL_TYPES, use_stemmer: bool = False) -> dict:
    """Every segment's ``[P, R, F]`` of every type of ``rouge_types``: ``{type: [row of
    segment 0, row of segment 1, ...]}`` in the order of ``rouge_types``, each row the
    type's ``rouge_stats`` (its own best target). By definition one type after another;
    ``bleuprint.rouge_all`` (impl) gives the same numbers in one pass, as numpy arrays."""
    from ...spec.inputs import check_corpus

    hyps, refs = check_corpus(hyps, refs)
    types = check_rouge_types(rouge_types)
    check_use_stemmer(use_stemmer)
    return {t: [rouge_stats(h, r, t, use_stemmer) for h, r in zip(hyps, refs)] for t in types}


def rouge(hyps, refs, rouge_type: str = "rouge1", measure: str = "fmeasure", use_stemmer: bool = False) -> float:
    """Corpus ROUGE: the mean over segments of the best target's ``measure``."""
    from ...spec.inputs import check_corpus

    hyps, refs = check_corpus(hyps, refs)
    check_rouge_type(rouge_type)
    check_measure(measure)
    check_use_stemmer(use_stemmer)
    rows = [rouge_stats(h, r, rouge_type, use_stemmer) for h, r in zip(hyps, refs)]
    return rouge_from_stats([sum(column) for column in zip(*rows)], len(rows), measure)
