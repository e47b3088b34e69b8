"""chrF and chrF++, fast: the API, results and errors of ``bleuprint.spec.chrf``.

Definitions (``bleuprint.spec.chrf``; Popovic 2015, 2017; sacreBLEU 2.5.1): per order
(characters 1..n, then words 1..word_order) the statistics ``[hyp, ref, matches]`` of a
hypothesis against a reference, matches clipped, the hypothesis count 0 when the
reference has no n-gram of that order; with several references the one with the strictly
highest sentence score, the first on a tie; a corpus score is the score of the summed
statistics.

How it is fast: the whole corpus is handled at once (``chrf_stats_matrix``).

* Every line (hypotheses and all references) is preprocessed once (``str.lower``),
  joined, and encoded to an array of code points (UTF-32). White space (exactly the code
  points ``str.split()`` splits on) is masked out with a lookup table unless
  ``whitespace`` is true. Code points become dense symbol ids 1..A.
* Totals need no n-grams: a line of L symbols has ``max(L - k + 1, 0)`` n-grams of order k.
* Matches: each position of each line gets one sort key ``(sentence, next n symbols with
  0 past the end of the line, line label)`` where the label is 0 for the hypothesis and
  j for its j-th reference. After one sort, the occurrences of every k-gram of a
  sentence are contiguous for every k at once (a k-gram is a prefix of the key), so per
  order the runs of equal prefixes are counted per label (``np.bincount``) and the clipped
  matches are ``min(hyp count, ref count)`` summed per sentence. Runs without a match at
  order k cannot hold one at order k + 1 and are dropped as the orders go up. When the
  key does not fit in 63 bits (large alphabets, many sentences and high n) the fields are
  sorted with ``np.lexsort`` instead.
* chrF++ words are found with the same white-space mask (tokens) and the punctuation
  rule is applied per token on its first and last code points; the words get dense ids
  (one dictionary pass) and are counted by the same routine, words as symbols.
* The best reference is chosen with the sentence scores computed for all references at
  once by ``_sentence_scores``, which performs the float operations of
  ``spec.chrf_from_stats`` in the same order (numpy float64 element-wise operations are
  the same IEEE operations as Python's), so equal scores compare equal and ties go to the
  first reference as in the spec.
"""

from __future__ import annotations

import math

import numpy as np

from ..spec.chrf import ASCII_PUNCTUATION, EPS
from ..spec.chrf import chrf_from_stats as _spec_chrf_from_stats
from ..spec.inputs import (
    check_corpus,
    check_non_negative_int,
    check_number,
    check_positive_int,
    check_references,
    check_text,
)

__all__ = ["chrf", "chrf_from_stats", "chrf_stats", "chrf_stats_matrix", "sentence_chrf"]

#: The code points ``str.split()`` (and ``str.isspace()``) treat as white space; a test
#: checks this against all of Unicode for the running Python.
WHITESPACE_CODE_POINTS = (
    0x09, 0x0A, 0x0B, 0x0C, 0x0D, 0x1C, 0x1D, 0x1E, 0x1F, 0x20, 0x85, 0xA0, 0x1680,
    0x2000, 0x2001, 0x2002, 0x2003, 0x2004, 0x2005, 0x2006, 0x2007, 0x2008, 0x2009, 0x200A,
    0x2028, 0x2029, 0x202F, 0x205F, 0x3000,
)

# Look-up tables indexed by min(code point, len - 1); the last entry stands for every
# code point beyond the table and is False.
_WS_TABLE = np.zeros(max(WHITESPACE_CODE_POINTS) + 2, dtype=bool)
_WS_TABLE[list(WHITESPACE_CODE_POINTS)] = True
_PUNCT_TABLE = np.zeros(129, dtype=bool)
_PUNCT_TABLE[[ord(c) for c in ASCII_PUNCTUATION]] = True

_MAX_KEY_BITS = 63


def chrf_from_stats(stats, n: int = 6, beta: float = 2, *, word_order: int = 0, eps_smoothing: bool = False) -> float:
    """chrF on the 0..100 scale from (summed) statistics: ``spec.chrf_from_stats`` itself
    (one vector, not a hot path; see its docstring for the definition)."""
    return _spec_chrf_from_stats(stats, n, beta, word_order=word_order, eps_smoothing=eps_smoothing)


# ----------------------------------------------------------------------------------------
# Text to symbols.


def _code_points(lines: list[str]) -> tuple[np.ndarray, np.ndarray]:
    """The code points of ``"\\n".join(lines)`` (uint32) and the start of each line in it."""
    lengths = np.fromiter(map(len, lines), dtype=np.int64, count=len(lines))
    starts = np.zeros(len(lines), dtype=np.int64)
    np.cumsum(lengths[:-1] + 1, out=starts[1:])
    joined = "\n".join(lines)
    points = np.frombuffer(joined.encode("utf-32-le", "surrogatepass"), dtype=np.uint32)
    return points, starts


def _is_white_space(points: np.ndarray) -> np.ndarray:
    return _WS_TABLE[np.minimum(points, len(_WS_TABLE) - 1)]


def _line_of_positions(lengths: np.ndarray, total: int) -> np.ndarray:
    """For a concatenation of lines of ``lengths`` with one separator after each line but
    the last, the line index of every position (separators get their line's index)."""
    line = np.repeat(np.arange(len(lengths), dtype=np.int64), lengths + 1)
    return line[:total]


def _dense(values: np.ndarray) -> np.ndarray:
    """``values`` (non-negative ints) renumbered 1..A in increasing order."""
    if len(values) == 0:
        return values.astype(np.int64)
    top = int(values.max())
    if top < 4 * len(values) + 65536:
        present = np.zeros(top + 1, dtype=np.int64)
        present[values] = 1
        return np.cumsum(present)[values]
    return np.unique(values, return_inverse=True)[1].astype(np.int64).ravel() + 1


def _characters(points, starts, n_lines, whitespace):
    """Dense character ids of all lines concatenated, and the number per line."""
    total = len(points)
    line = _line_of_positions(np.diff(np.append(starts, total + 1)) - 1, total)
    if whitespace:
        keep = np.ones(total, dtype=bool)
        keep[starts[1:] - 1] = False  # the separators
    else:
        keep = ~_is_white_space(points)  # the separator "\n" is white space
    symbols = _dense(points[keep])
    counts = np.bincount(line[keep], minlength=n_lines)
    return symbols, counts


def _words(lines, points, starts, n_lines):
    """chrF++'s words (``spec.chrf.chrf_words``) of all lines concatenated, as dense ids,
    and the number per line."""
    total = len(points)
    white = _is_white_space(points)  # separators included: "\n" is white space
    black = ~white
    begin = black.copy()
    begin[1:] &= white[:-1]
    end = black.copy()
    end[:-1] &= white[1:]
    first = np.flatnonzero(begin)
    last = np.flatnonzero(end)
    tokens = "\n".join(lines).split()
    if len(tokens) != len(first):  # cannot happen unless the white-space table is wrong
        raise AssertionError("white-space table disagrees with str.split()")
    if len(tokens) == 0:
        return np.zeros(0, dtype=np.int64), np.zeros(n_lines, dtype=np.int64)
    line = _line_of_positions(np.diff(np.append(starts, total + 1)) - 1, total)[first]
    size = last - first + 1
    punct_last = _PUNCT_TABLE[np.minimum(points[last], 128)]
    punct_first = _PUNCT_TABLE[np.minimum(points[first], 128)]
    split_last = (size >= 2) & punct_last
    split_first = (size >= 2) & ~punct_last & punct_first
    i_last = np.flatnonzero(split_last).tolist()
    i_first = np.flatnonzero(split_first).tolist()
    # Word strings: every token, then the pieces of the split tokens.
    pieces = tokens + [tokens[i][:-1] for i in i_last] + [tokens[i][-1] for i in i_last] \
        + [tokens[i][0] for i in i_first] + [tokens[i][1:] for i in i_first]
    index = {word: k for k, word in enumerate(dict.fromkeys(pieces), 1)}
    ids = np.fromiter(map(index.__getitem__, pieces), dtype=np.int64, count=len(pieces))
    n_tok, n_l, n_f = len(tokens), len(i_last), len(i_first)
    tok_ids = ids[:n_tok]
    split = split_last | split_first
    # Each token takes one slot, a split token two; fill the slots in order.
    slots = 1 + split.astype(np.int64)
    slot_start = np.cumsum(slots) - slots
    words = np.empty(int(slots.sum()), dtype=np.int64)
    words[slot_start] = tok_ids
    at_l = slot_start[split_last]
    words[at_l] = ids[n_tok : n_tok + n_l]
    words[at_l + 1] = ids[n_tok + n_l : n_tok + 2 * n_l]
    at_f = slot_start[split_first]
    words[at_f] = ids[n_tok + 2 * n_l : n_tok + 2 * n_l + n_f]
    words[at_f + 1] = ids[n_tok + 2 * n_l + n_f :]
    counts = np.bincount(line, weights=slots, minlength=n_lines).astype(np.int64)
    return words, counts


# ----------------------------------------------------------------------------------------
# Clipped matches of every order, whole corpus at once.


def _clipped_matches(symbols, counts, line_sentence, line_label, n_sentences, n_labels, order):
    """Matches of every reference line against the hypothesis of its sentence.

    ``symbols``: dense ids >= 1 of all lines concatenated in line order, ``counts[l]`` of
    them in line ``l``; ``line_sentence[l]`` its sentence, ``line_label[l]`` 0 for a
    hypothesis and j >= 1 for the j-th reference of the sentence. Returns an int64 array
    (lines, order): for a reference line, per order k, the sum over k-grams of
    min(count in the hypothesis, count in the reference); 0 for hypothesis lines.
    """
    n_lines = len(counts)
    matches = np.zeros((n_lines, order), dtype=np.int64)
    total = len(symbols)
    if total == 0:
        return matches
    longest = int(counts.max())
    depth = min(order, longest)
    line = np.repeat(np.arange(n_lines, dtype=np.int64), counts)
    line_start = np.cumsum(counts) - counts
    remaining = counts[line] - (np.arange(total, dtype=np.int64) - line_start[line])
    padded = np.concatenate([symbols.astype(np.int64), np.zeros(depth, dtype=np.int64)])

    def column(j):
        return np.where(remaining > j, padded[j : j + total], 0)

    sentence = line_sentence[line]
    label = line_label[line]
    s_bits = max(1, int(n_sentences - 1).bit_length())
    c_bits = int(padded.max()).bit_length()
    l_bits = max(1, int(n_labels - 1).bit_length())
    packed = s_bits + depth * c_bits + l_bits <= _MAX_KEY_BITS
    if packed:
        key = sentence.copy()
        for j in range(depth):
            key <<= c_bits
            key |= column(j)
        key <<= l_bits
        key |= label
        key.sort()
        data = key
        c_mask = (1 << c_bits) - 1

        def col(data, j):
            return (data >> (l_bits + (depth - 1 - j) * c_bits)) & c_mask

        def sentences_of(data):
            return data >> (l_bits + depth * c_bits)

        def labels_of(data):
            return data & ((1 << l_bits) - 1)
    else:
        fields = [sentence] + [column(j) for j in range(depth)] + [label]
        order_ = np.lexsort(fields[::-1])
        data = np.stack(fields)[:, order_]

        def col(data, j):
            return data[1 + j]

        def sentences_of(data):
            return data[0]

        def labels_of(data):
            return data[-1]

    # ``previous_run``: the run (equal sentence and (k-1)-gram) of each kept item.
    previous_run = None
    for k in range(depth):
        c = col(data, k)
        n_items = c.shape[0]
        if n_items == 0:
            break
        new_run = np.empty(n_items, dtype=bool)
        new_run[0] = True
        np.not_equal(c[1:], c[:-1], out=new_run[1:])
        if previous_run is None:
            s = sentences_of(data)
            new_run[1:] |= s[1:] != s[:-1]
        else:
            new_run[1:] |= previous_run[1:] != previous_run[:-1]
        run = np.cumsum(new_run) - 1
        n_runs = int(run[-1]) + 1
        labels = labels_of(data)
        per_label = np.bincount(run * n_labels + labels, minlength=n_runs * n_labels).reshape(n_runs, n_labels)
        run_sentence = sentences_of(data)[new_run]
        hyp_count = per_label[:, 0]
        matched = np.zeros(n_runs, dtype=bool)
        for j in range(1, n_labels):
            clipped = np.minimum(hyp_count, per_label[:, j])
            # bincount's float64 sums are exact for counts below 2**53.
            per_sentence = np.bincount(run_sentence, weights=clipped, minlength=n_sentences)
            matches_j = per_sentence.astype(np.int64)
            rows = _rows_of_label(line_label, line_sentence, j)
            matches[rows, k] = matches_j[line_sentence[rows]]
            matched |= clipped > 0
        if k + 1 == depth:
            break
        keep = matched[run] & (col(data, k + 1) != 0)
        data = data[..., keep]
        previous_run = run[keep]
    return matches


def _rows_of_label(line_label, line_sentence, j):
    return np.flatnonzero(line_label == j)


# ----------------------------------------------------------------------------------------
# Fast path for characters: byte symbols, one 64-bit key per position read from the
# symbol stream as an overlapping big-endian window.

#: Items (stream positions) per sort: small enough for the cache, large enough that the
#: per-chunk Python overhead does not matter.
_CHUNK = 1 << 16

#: Line separator candidates: control characters that are not white space, that no
#: character lowercases to and that ``str.lower`` leaves alone.
_SEPARATORS = tuple(chr(c) for c in range(32) if c not in WHITESPACE_CODE_POINTS)


def _separator(lines: list[str]) -> str | None:
    """A character that occurs in none of ``lines`` (None if every candidate occurs)."""
    joined = "".join(lines)
    for sep in _SEPARATORS:
        if sep not in joined:
            return sep
    return None


#: Symbol values of the byte path: characters are 1..253; the end of a hypothesis line
#: is 0 and the end of a reference line 254, so that an n-gram running over the end of a
#: line never groups a hypothesis position with a reference position; 255 marks white
#: space to drop.
_HYP_END, _REF_END, _DROP, _MAX_SYMBOLS = 0, 254, 255, 253


def _char_matches_bytes(lines, n, whitespace, lowercase, line_sentence, line_label, n_sentences, n_labels):
    """Character counts per line and clipped matches (lines, n) as ``_clipped_matches``,
    when the corpus has at most 253 distinct characters and n <= 7; else None.

    The lines are joined with an end mark after each; white space is dropped unless
    ``whitespace``. The sort key of position p is (sentence within the chunk, the 8n bits
    of the symbols p..p+n-1, label); the symbols after an end mark belong to the next
    line, but a run of equal k-prefixes that contains an end mark holds positions of
    hypothesis lines only or of reference lines only, so it adds no match.

    Per run of equal (sentence, k-gram), min(h, r) = (h + r - |h - r|) / 2 with
    h - r read off a running sum of +1 (hypothesis) and -1 (reference j) over the sorted
    positions; summed per sentence, h + r is just the number of positions of the two lines.
    """
    l_bits = max(1, int(n_labels - 1).bit_length())
    s_bits = 63 - 8 * n - l_bits
    if s_bits < 1:
        return None
    sep = _separator(lines)
    if sep is None:
        return None
    text = sep.join(lines) + sep
    if lowercase:
        # One call for the corpus; the separator (a control character: neither cased nor
        # case-ignorable) ends a word for the final-sigma rule as the end of a line does.
        text = text.lower()
    points = np.frombuffer(text.encode("utf-32-le", "surrogatepass"), dtype=np.uint32)
    size = max(int(points.max()), len(_WS_TABLE)) + 1
    present = np.zeros(size, dtype=np.uint8)
    present[points] = 1
    present[ord(sep)] = 0
    if not whitespace:
        present[: len(_WS_TABLE)][_WS_TABLE] = 0
    ids = np.cumsum(present, dtype=np.int32)
    if ids[-1] > _MAX_SYMBOLS:
        return None
    lut = np.where(present == 1, ids, _HYP_END).astype(np.uint8)
    if not whitespace:
        lut[: len(_WS_TABLE)][_WS_TABLE] = _DROP
    symbols = lut[points]
    if not whitespace:
        symbols = symbols[symbols != _DROP]
    line_end = np.flatnonzero(symbols == _HYP_END)  # the separator after each line
    is_ref = line_label > 0
    symbols[line_end[is_ref]] = _REF_END
    counts = np.diff(line_end, prepend=-1) - 1
    padded = np.concatenate([symbols, np.zeros(8, dtype=np.uint8)])

    window_shift = 64 - 8 * n
    s_shift = 8 * n + l_bits
    # absolute[l, k]: sum over the runs of order k + 1 of |h - r| for reference line l.
    absolute = np.zeros((len(lines), n), dtype=np.int64)
    # Chunks of whole sentences, about _CHUNK positions and at most 2**s_bits sentences.
    first_line = np.searchsorted(line_sentence, np.arange(n_sentences + 1))
    sentence_end = line_end[first_line[1:] - 1] + 1  # one past the last position
    cuts = np.searchsorted(sentence_end, np.arange(_CHUNK, int(sentence_end[-1]), _CHUNK), side="right")
    bounds = sorted(set([0, n_sentences] + cuts.tolist()))
    limit = 1 << s_bits
    chunks = []
    for a, b in zip(bounds[:-1], bounds[1:]):
        chunks += [(x, min(x + limit, b)) for x in range(a, b, limit)]
    sentence_start = np.concatenate([[0], sentence_end[:-1]])
    for sa, sb in chunks:
        la, lb = int(first_line[sa]), int(first_line[sb])
        pa, pb = int(sentence_start[sa]), int(sentence_end[sb - 1])
        m = pb - pa
        window = np.ndarray((m,), dtype=">u8", buffer=padded, offset=pa, strides=(1,))
        code = ((line_sentence[la:lb] - sa) << s_shift) | line_label[la:lb]
        key = np.repeat(code.astype(np.uint64), counts[la:lb] + 1)
        key |= (window >> window_shift).astype(np.uint64) << l_bits
        key.sort()  # sentences keep their ranges of positions: the sentence is the top field
        differ = key[1:] ^ key[:-1]
        labels = (key & ((1 << l_bits) - 1)).astype(np.int8)
        hyp = labels == 0
        balance = []  # running sums of +1 per hypothesis, -1 per reference j position
        for j in range(1, n_labels):
            step = hyp.astype(np.int64) - (labels == j)
            running = np.zeros(m + 1, dtype=np.int64)
            np.cumsum(step, out=running[1:])
            balance.append(running)
        starts_of_sentences = sentence_start[sa:sb] - pa
        ref_rows = [np.flatnonzero(line_label[la:lb] == j) + la for j in range(1, n_labels)]
        for k in range(1, n + 1):
            boundary = np.flatnonzero(differ >= (1 << (l_bits + 8 * (n - k))))
            boundary += 1
            runs = np.concatenate([[0], boundary, [m]])
            first_run = np.searchsorted(runs, starts_of_sentences)
            for j in range(1, n_labels):
                rows = ref_rows[j - 1]
                if len(rows) == 0:
                    continue
                total = np.add.reduceat(np.abs(np.diff(balance[j - 1][runs])), first_run)
                absolute[rows, k - 1] = total[line_sentence[rows] - sa]
    # Per reference line: h + r summed over all runs is the positions of the two lines.
    hyp_line = first_line[:-1][line_sentence]
    both = (counts + 1)[hyp_line] + counts + 1
    matches = (both[:, None] - absolute) // 2
    matches[~is_ref] = 0
    return counts, matches


# ----------------------------------------------------------------------------------------
# Sentence scores of many statistics rows, with the spec's float operations.


def _sentence_scores(stats: np.ndarray, orders: int, factor, eps_smoothing) -> np.ndarray:
    """``spec.chrf_from_stats`` of every row of ``stats`` (int64, 3 * orders columns).

    The same IEEE operations in the same order as the spec's scalar code: Python int /
    int true division is correctly rounded, as is float64 division of the same (exactly
    representable, < 2**53) values; ``factor * x`` with an int factor converts it to float
    first, which ``float(factor)`` does the same way.
    """
    f = float(factor)
    one_plus_f = float(1 + factor)
    rows = stats.shape[0]
    f_sum = np.zeros(rows)
    sum_p = np.zeros(rows)
    sum_r = np.zeros(rows)
    effective = np.zeros(rows, dtype=np.int64)
    with np.errstate(divide="ignore", invalid="ignore", over="ignore"):
        for i in range(orders):
            h = stats[:, 3 * i].astype(np.float64)
            r = stats[:, 3 * i + 1].astype(np.float64)
            m = stats[:, 3 * i + 2].astype(np.float64)
            precision = np.where(h > 0, m / h, EPS)
            recall = np.where(r > 0, m / r, EPS)
            denominator = f * precision + recall
            f_i = np.where(denominator > 0, one_plus_f * precision * recall / denominator, EPS)
            f_sum = f_sum + f_i
            both = (h > 0) & (r > 0)
            sum_p = np.where(both, sum_p + precision, sum_p)
            sum_r = np.where(both, sum_r + recall, sum_r)
            effective += both
        if eps_smoothing:
            return 100.0 * f_sum / float(orders)
        eff = effective.astype(np.float64)
        avg_p = np.where(effective > 0, sum_p / eff, 0.0)
        avg_r = np.where(effective > 0, sum_r / eff, 0.0)
        score = one_plus_f * avg_p * avg_r
        score = score / (f * avg_p + avg_r)
        return np.where(avg_p + avg_r == 0, 0.0, 100.0 * score)


def _best_rows(scores: np.ndarray, owner: np.ndarray, n_sentences: int) -> np.ndarray:
    """For each sentence, the index of the first of its rows with the highest score
    (rows of a sentence are consecutive, ``owner`` ascending); -1 when every score of the
    sentence is NaN (the spec's ``score > best_score`` is then never true)."""
    valid = ~np.isnan(scores)
    filled = np.where(valid, scores, -np.inf)
    starts = np.searchsorted(owner, np.arange(n_sentences))
    best = np.maximum.reduceat(filled, starts)
    index = np.arange(len(scores))
    candidate = np.where(valid & (filled == best[owner]), index, len(scores))
    first = np.minimum.reduceat(candidate, starts)
    return np.where(first < len(scores), first, -1)


# ----------------------------------------------------------------------------------------
# Public API.


def _checked_options(n, beta, word_order):
    check_positive_int(n, "n")
    check_non_negative_int(word_order, "word_order")
    check_number(beta, "beta")
    return beta**2  # raises OverflowError for a huge float beta, as the spec does


def _sentence_major(hyps, refs, ref_counts):
    """All lines, sentence by sentence: the hypothesis, then its references."""
    n_sentences = len(hyps)
    if int(ref_counts.min()) == int(ref_counts.max()):
        width = int(ref_counts[0]) + 1
        lines = [None] * (n_sentences * width)
        lines[0::width] = hyps
        for j in range(1, width):
            lines[j::width] = [r[j - 1] for r in refs]
        return lines
    lines = []
    for hyp, r in zip(hyps, refs):
        lines.append(hyp)
        lines += r
    return lines


def _stats_matrix(hyps, refs, n, factor, word_order, lowercase, whitespace, eps_smoothing):
    """``chrf_stats_matrix`` on validated inputs; rows of sentences without a defined
    score (possible only for a beta of inf or nan) are reported in the second result."""
    n_sentences = len(hyps)
    ref_counts = np.fromiter(map(len, refs), dtype=np.int64, count=n_sentences)
    lines = _sentence_major(hyps, refs, ref_counts)
    n_lines = len(lines)
    n_refs = n_lines - n_sentences
    group = ref_counts + 1
    group_start = np.cumsum(group) - group
    line_sentence = np.repeat(np.arange(n_sentences, dtype=np.int64), group)
    line_label = np.arange(n_lines, dtype=np.int64) - np.repeat(group_start, group)
    hyp_lines = group_start
    ref_lines = np.flatnonzero(line_label > 0)
    owner = line_sentence[ref_lines]
    n_labels = int(ref_counts.max()) + 1

    fast = _char_matches_bytes(lines, n, whitespace, lowercase, line_sentence, line_label, n_sentences, n_labels)
    if lowercase:
        lines = [line.lower() for line in lines]
    if fast is None:
        points, starts = _code_points(lines)
        symbols, char_counts = _characters(points, starts, n_lines, whitespace)
        char_matches = _clipped_matches(symbols, char_counts, line_sentence, line_label, n_sentences, n_labels, n)
    else:
        char_counts, char_matches = fast
    blocks = [(char_counts, char_matches, n)]
    if word_order > 0:
        points, starts = _code_points(lines)
        word_ids, word_counts = _words(lines, points, starts, n_lines)
        word_matches = _clipped_matches(word_ids, word_counts, line_sentence, line_label, n_sentences,
                                        n_labels, word_order)
        blocks.append((word_counts, word_matches, word_order))

    orders = n + word_order
    stats = np.zeros((n_refs, 3 * orders), dtype=np.int64)
    column = 0
    for counts, matches, depth in blocks:
        k = np.arange(1, depth + 1, dtype=np.int64)
        hyp_totals = np.maximum(counts[hyp_lines][owner][:, None] - k + 1, 0)
        ref_totals = np.maximum(counts[ref_lines][:, None] - k + 1, 0)
        stats[:, column : column + 3 * depth : 3] = np.where(ref_totals > 0, hyp_totals, 0)
        stats[:, column + 1 : column + 3 * depth : 3] = ref_totals
        stats[:, column + 2 : column + 3 * depth : 3] = matches[ref_lines]
        column += 3 * depth

    undefined = np.zeros(n_sentences, dtype=bool)
    finite_factor = math.isfinite(float(factor))
    if n_refs == n_sentences and finite_factor:
        return stats, undefined  # one reference each and every score defined: no choice
    scores = _sentence_scores(stats, orders, factor, eps_smoothing)
    best = _best_rows(scores, owner, n_sentences)
    undefined = best < 0
    return stats[np.maximum(best, 0)], undefined


def _undefined_error(beta, undefined):
    first = int(np.flatnonzero(undefined)[0])
    return ValueError(
        f"beta={beta!r} gives no defined sentence score (NaN) for any reference of sentence "
        f"{first}, so no reference can be chosen; use a finite beta"
    )


def chrf_stats_matrix(
    hyps,
    refs,
    n: int = 6,
    beta: float = 2,
    *,
    word_order: int = 0,
    lowercase: bool = False,
    whitespace: bool = False,
    eps_smoothing: bool = False,
) -> np.ndarray:
    """The int64 matrix (N, 3 * (n + word_order)) whose row i is ``spec.chrf_stats(hyps[i],
    refs[i], ...)``: the statistics of each hypothesis against its best reference.

    Raises ``ValueError`` where the spec would return ``None`` for a row (a beta of inf or
    nan for which every reference of a sentence scores NaN).
    """
    hyps, refs = check_corpus(hyps, refs)
    factor = _checked_options(n, beta, word_order)
    stats, undefined = _stats_matrix(hyps, refs, n, factor, word_order, lowercase, whitespace, eps_smoothing)
    if undefined.any():
        raise _undefined_error(beta, undefined)
    return stats


def chrf_stats(
    hyp: str,
    refs: list[str],
    n: int = 6,
    beta: float = 2,
    *,
    word_order: int = 0,
    lowercase: bool = False,
    whitespace: bool = False,
    eps_smoothing: bool = False,
) -> list[int]:
    """The 3 * (n + word_order) statistics of one hypothesis against its best reference
    (``spec.chrf_stats``; ``None``, as there, when no reference has a defined score)."""
    check_text(hyp, "hyp")
    refs = check_references(refs)
    factor = _checked_options(n, beta, word_order)
    stats, undefined = _stats_matrix([hyp], [refs], n, factor, word_order, lowercase, whitespace, eps_smoothing)
    if undefined[0]:
        return None
    return stats[0].tolist()


def chrf(
    hyps: list[str],
    refs: list[list[str]],
    n: int = 6,
    beta: float = 2,
    *,
    word_order: int = 0,
    lowercase: bool = False,
    whitespace: bool = False,
    eps_smoothing: bool = False,
) -> float:
    """Corpus chrF (chrF++ with ``word_order=2``): ``chrf_from_stats`` of the column sums of
    ``chrf_stats_matrix`` (``spec.chrf``). Defaults are sacreBLEU's ``CHRF()``."""
    hyps, refs = check_corpus(hyps, refs)
    factor = _checked_options(n, beta, word_order)
    stats, undefined = _stats_matrix(hyps, refs, n, factor, word_order, lowercase, whitespace, eps_smoothing)
    if undefined.any():
        raise _undefined_error(beta, undefined)
    summed = stats.sum(axis=0).tolist()
    return chrf_from_stats(summed, n, beta, word_order=word_order, eps_smoothing=eps_smoothing)


def sentence_chrf(
    hyp: str,
    refs: list[str],
    n: int = 6,
    beta: float = 2,
    *,
    word_order: int = 0,
    lowercase: bool = False,
    whitespace: bool = False,
    eps_smoothing: bool = False,
) -> float:
    """chrF of one hypothesis: the corpus score of a one-sentence corpus (``spec.sentence_chrf``)."""
    check_text(hyp, "hyp")
    return chrf([hyp], [check_references(refs)], n, beta, word_order=word_order,
                lowercase=lowercase, whitespace=whitespace, eps_smoothing=eps_smoothing)
