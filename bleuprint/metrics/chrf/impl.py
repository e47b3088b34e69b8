"""chrF and chrF++, fast: the API, results and errors of ``bleuprint.metrics.chrf.spec``.

Definitions (``bleuprint.metrics.chrf.spec``; Popovic 2015, 2017; sacreBLEU 2.5.1): per order
(characters 1..n, then words 1..word_order; n = 0 is the word-only chrF, whose character
block is empty: no character match is counted) the statistics ``[hyp, ref, matches]`` of a
hypothesis against a reference, matches clipped, the hypothesis count 0 when the
reference has no n-gram of that order; with several references the one with the strictly
highest sentence score, the first on a tie; a corpus score is the score of the summed
statistics.

How it is fast: with the compiled kernels, ``chrf_rows`` (``csrc/ngrams.c``) counts every
reference's row straight from the strings, sentence by sentence: the sentence's units
numbered as bytes, one 6-byte key per position, the keys of the hypothesis and the
reference radix-sorted together, and every order read off that one sorted array (as in
the numpy route below, without branches that depend on the text); a sentence with more
than 254 distinct units in its hypothesis, or an order past 6, is counted in an L1-sized
table of its own. The sentences run in parts on ``native.THREADS`` threads; the best
reference is then chosen as below. Without them (or with ``_ROWS_KERNEL`` off) the whole
corpus is handled at once (``chrf_stats_matrix``):

* The lines (each hypothesis followed by its references) are joined with a separator
  character that occurs in none of them, lowercased in one call, and encoded to code
  points (UTF-32). Characters become dense symbols 1..A; white space (exactly the code
  points ``str.split()`` splits on) is dropped unless ``whitespace``; each line is
  followed by an end mark, one value after hypotheses and another after references.
* Totals need no n-grams: a line of L symbols has ``max(L - k + 1, 0)`` k-grams.
* Matches: every position p gets one integer sort key (sentence, the symbols p..p+n-1,
  label), the label being 0 for the hypothesis and j for its j-th reference. After one
  sort (per chunk of whole sentences) the positions of each (sentence, k-gram) are
  contiguous for every k at once, since a k-gram is a prefix of the key. Per run,
  min(h, r) = (h + r - |h - r|) / 2, and h - r is a difference of a running sum of +1
  (hypothesis) and -1 (reference) over the sorted positions, so each order costs one
  comparison of neighbouring keys and a few operations per run. Keys that run over the
  end of a line are harmless: a run containing a hypothesis end mark holds hypothesis
  positions only (likewise for references), so it adds no match. With at most 253
  characters the symbols are bytes and a key is read as an overlapping big-endian 8-byte
  window of the symbol stream; otherwise it is assembled by shifts, or, when it does not
  fit in 63 bits, the fields are sorted with ``np.lexsort``.
* chrF++ words: the runs of non-white symbols, split by the punctuation rule read off
  their first and last symbols; words of up to 8 byte symbols are keyed by those symbols,
  longer ones by a hash checked by a full comparison; an argsort per chunk of sentences
  numbers them (ids need only agree within a sentence), and the same routine matches
  them, words as symbols. (Wide alphabets, or a collision, take
  the string route: one ``str.split`` of the joined text and a dictionary.)
* The best reference is chosen with the sentence scores of all references computed at
  once by ``chrf_scores``, impl's one scorer, which performs the float operations of
  ``spec.chrf_from_stats`` in the same order (numpy float64 element-wise operations are
  the same IEEE operations as Python's), so equal scores compare equal and a tie goes to
  the first reference, as in the spec.
"""

from __future__ import annotations

from collections import Counter
from itertools import chain

import numpy as np

from ...impl import native
from ...impl.mixed import Mixed, row_flags, table as mixed_table
from .spec import ASCII_PUNCTUATION, EPS, check_chrf_stats, check_orders
from ...spec.inputs import check_beta, check_corpus
from ...core.one_call import one_call_functions

__all__ = ["chrf", "chrf_from_stats", "chrf_scores", "chrf_stats", "chrf_stats_matrix", "sentence_chrf"]

#: The code points ``str.split()`` (and ``str.isspace()``) treat as white space; a test
#: checks this against all of Unicode for the running Python.
WHITESPACE_CODE_POINTS = (
    0x09, 0x0A, 0x0B, 0x0C, 0x0D, 0x1C, 0x1D, 0x1E, 0x1F, 0x20, 0x85, 0xA0, 0x1680,
    0x2000, 0x2001, 0x2002, 0x2003, 0x2004, 0x2005, 0x2006, 0x2007, 0x2008, 0x2009, 0x200A,
    0x2028, 0x2029, 0x202F, 0x205F, 0x3000,
)
_WHITE = np.array(WHITESPACE_CODE_POINTS, dtype=np.int64)
_PUNCT = np.array(sorted(ord(c) for c in ASCII_PUNCTUATION), dtype=np.int64)

#: Separator candidates: control characters that are not white space, then the private
#: use area; none is cased, case-ignorable or the lowercase of anything.
_SEPARATORS = tuple(c for c in range(32) if c not in WHITESPACE_CODE_POINTS) + tuple(range(0xE000, 0xF900))

#: Positions per sort: small enough for the cache, large enough that the per-chunk
#: Python overhead does not matter.
_CHUNK = 1 << 16

#: Most characters for byte symbols: 1..253, 254 ends a reference line, 0 a hypothesis
#: line; 255 marks white space to drop.
_BYTE_ALPHABET = 253

#: Widest sort key packed into one int64 (sentence bits come on top of it).
_KEY_BITS = 62


def chrf_from_stats(stats, n: int = 6, beta: float = 2, *, word_order: int = 0, eps_smoothing: bool = False) -> float:
    """chrF on the 0..100 scale from (summed) statistics, 3 numbers per order:
    ``chrf_scores`` of the one row (the definition: ``spec.chrf_from_stats``), after the
    spec's checks (``check_chrf_stats``). The arithmetic follows the numbers' types as the
    spec's does: double on Python numbers, float32 where an entry is a ``numpy.float32``
    (the score is then a ``numpy.float32``, but for the spec's Python-float branches)."""
    stats = check_chrf_stats(stats, n, beta, word_order)
    values, python_float = chrf_scores(np.array([stats], dtype=np.float64), row_flags(stats), n=n, beta=beta,
                                       word_order=word_order, eps_smoothing=eps_smoothing)
    return float(values[0]) if python_float[0] else np.float32(values[0])


def chrf_scores(sums, float32=False, *, n: int = 6, beta: float = 2, word_order: int = 0,
                eps_smoothing: bool = False):
    """chrF of every row of the 2-D array ``sums`` (``[hyp, ref, matches]`` per order, one
    row each: sentences against a reference, a corpus, bootstrap resamples, paired trials),
    performing ``spec.chrf_from_stats``' operations in its order and types:
    ``(values, python_float)``, float64 scores and a flag per row, true where the spec's
    score is a Python float rather than a ``numpy.float32``.

    ``float32`` says which statistics are ``numpy.float32`` (sacreBLEU's resample sums):
    a bool, a bool per row, or a bool per entry (NumPy >= 2 rules, ``bleuprint.impl.mixed``:
    a Python float meeting a float32 is rounded to float32; the 0.0 branches and EPS stay
    Python floats). Double arithmetic is the IEEE arithmetic of the spec's Python floats:
    int / int true division is correctly rounded, as is float64 division of the same
    (exactly representable, <= 2**53) values, and ``beta**2 * x`` with an int beta
    converts the square to float first, as ``numpy.float64`` does. The rows are not
    checked (they are sums of checked rows); the options are."""
    check_orders(n, word_order)
    check_beta(beta)
    orders = n + word_order
    sums = np.asarray(sums, dtype=np.float64)
    if sums.ndim != 2 or sums.shape[1] != 3 * orders:
        raise ValueError(f"chrF sums of {orders} orders must be a 2-D array of rows of {3 * orders} numbers, "
                         f"got shape {sums.shape}")
    with np.errstate(divide="ignore", invalid="ignore", over="ignore"):
        return _chrf_scores(sums, float32, orders, beta**2, eps_smoothing)


def _chrf_scores(sums, float32, orders, factor, eps_smoothing):
    """``chrf_scores`` on checked options: every order of every row at once, the sums over
    the orders added left to right (``Mixed.row_sums``), as the spec's loop adds them."""
    stats = mixed_table(sums, float32)
    h, r, m = stats[:, 0::3], stats[:, 1::3], stats[:, 2::3]
    has_h, has_r = h.value > 0, r.value > 0
    precision = (m / h).where(has_h, EPS)
    recall = (m / r).where(has_r, EPS)
    if eps_smoothing:
        denominator = Mixed.of(factor) * precision + recall
        term = ((Mixed.of(1 + factor) * precision) * recall) / denominator
        f_sum = term.where(denominator.value > 0, EPS).row_sums()
        result = (Mixed.of(100) * f_sum) / orders
        return result.value, result.python_float()
    # the spec adds the precisions and recalls of the orders with n-grams on both sides
    # only; adding a Python 0.0 instead leaves the sum, its value and its type, as it is
    both = has_h & has_r
    sum_p, sum_r = precision.where(both, 0.0).row_sums(), recall.where(both, 0.0).row_sums()
    effective = both.sum(axis=1)
    safe = np.maximum(effective, 1)
    avg_p = (sum_p / Mixed(safe)).where(effective > 0, 0.0)
    avg_r = (sum_r / Mixed(safe)).where(effective > 0, 0.0)
    zero = (avg_p + avg_r).value == 0
    score = (Mixed.of(1 + factor) * avg_p) * avg_r
    score = score / (Mixed.of(factor) * avg_p + avg_r)
    result = (Mixed.of(100) * score).where(~zero, 0.0)
    return result.value, result.python_float()


# ----------------------------------------------------------------------------------------
# Text to symbol streams.


def _separator(lines: list[str]) -> str | None:
    """A character that occurs in none of ``lines`` (None if every candidate occurs)."""
    joined = "".join(lines)
    for code in _SEPARATORS[:8]:
        if chr(code) not in joined:
            return chr(code)
    used = np.zeros(0x110000, dtype=bool)
    used[np.frombuffer(joined.encode("utf-32-le", "surrogatepass"), dtype=np.uint32)] = True
    free = [code for code in _SEPARATORS if not used[code]]
    return chr(free[0]) if free else None


class _Alphabet:
    """Dense symbols for the code points of ``points``: characters 1..size in code-point
    order, the separator 0, white space ``drop`` when it is to be dropped; ``ref_end``
    marks the end of a reference line; ``bits`` per symbol."""

    def __init__(self, points: np.ndarray, separator: int, drop_white: bool, byte_alphabet: int):
        top = max(int(points.max()), int(_WHITE[-1]), int(_PUNCT[-1]))
        present = np.zeros(top + 1, dtype=np.int32)
        present[points] = 1
        present[separator] = 0
        if drop_white:
            present[_WHITE] = 0
        ids = np.cumsum(present, dtype=np.int32)
        self.size = int(ids[-1])
        if self.size <= byte_alphabet:
            self.dtype, self.ref_end, self.drop, self.bits = np.uint8, 254, 255, 8
        else:
            self.dtype, self.ref_end, self.drop = np.int32, self.size + 1, -1
            self.bits = (self.size + 1).bit_length()
        ids *= present
        self.table = ids.astype(self.dtype)
        if drop_white:
            self.table[_WHITE] = self.drop
        self.white_symbols = ids[_WHITE][present[_WHITE] == 1]
        self.punct_symbols = ids[_PUNCT][present[_PUNCT] == 1]


def _line_stream(symbols: np.ndarray, line_label: np.ndarray, ref_end: int):
    """Mark the end of each reference line (hypothesis lines keep 0); return the symbol
    count of each line and the position of its end mark."""
    line_end = np.flatnonzero(symbols == 0)
    symbols[line_end[line_label > 0]] = ref_end
    return np.diff(line_end, prepend=-1) - 1, line_end


def _word_stream(text, separator, letters, letter_end, alphabet, line_label):
    """chrF++'s words (``spec.chrf.chrf_words``) of every line as a stream of dense word
    ids 1..W with end marks (0 after a hypothesis line, W + 1 after a reference line),
    from ``letters``, the stream of non-white-space symbols whose line ends are at
    ``letter_end``. Returns (stream, words per line, W + 1)."""
    n_lines = len(letter_end)
    tokens = text.replace(separator, " ").split()
    size = np.fromiter(map(len, tokens), dtype=np.int64, count=len(tokens))
    flat_start = np.cumsum(size) - size  # in the concatenation of all tokens
    line = np.searchsorted(letter_end - np.arange(n_lines), flat_start, side="right")
    start = flat_start + line  # in ``letters``, whose line ends add one position each
    is_punct = np.zeros(max(alphabet.size, int(alphabet.ref_end)) + 2, dtype=bool)
    is_punct[alphabet.punct_symbols] = True
    long = size >= 2
    split_last = long & is_punct[letters[start + size - 1]]
    split_first = long & ~split_last & is_punct[letters[start]]
    i_last = np.flatnonzero(split_last).tolist()
    i_first = np.flatnonzero(split_first).tolist()
    pieces = tokens + [tokens[i][:-1] for i in i_last] + [tokens[i][-1] for i in i_last] \
        + [tokens[i][0] for i in i_first] + [tokens[i][1:] for i in i_first]
    index = {word: k for k, word in enumerate(dict.fromkeys(pieces), 1)}
    ids = np.fromiter(map(index.__getitem__, pieces), dtype=np.int64, count=len(pieces))
    n_tok, n_l, n_f = len(tokens), len(i_last), len(i_first)
    # One slot per word and one per end mark; a split token takes two word slots.
    slots = 1 + split_last + split_first
    per_line = np.bincount(line, weights=slots, minlength=n_lines).astype(np.int64)
    ends = np.cumsum(per_line + 1) - 1
    ref_end = len(index) + 1
    stream = np.zeros(int(ends[-1]) + 1 if n_lines else 0, dtype=np.int64)
    stream[ends[line_label > 0]] = ref_end
    at = np.cumsum(slots) - slots + line  # first slot of each token
    stream[at] = ids[:n_tok]
    at_l = at[split_last]
    stream[at_l] = ids[n_tok : n_tok + n_l]
    stream[at_l + 1] = ids[n_tok + n_l : n_tok + 2 * n_l]
    at_f = at[split_first]
    stream[at_f] = ids[n_tok + 2 * n_l : n_tok + 2 * n_l + n_f]
    stream[at_f + 1] = ids[n_tok + 2 * n_l + n_f :]
    return stream, per_line, ref_end


_HASH_MULTIPLIER = np.uint64(0x9E3779B97F4A7C15)


#: _TOP_BYTES[k]: the mask of the k leading bytes of a uint64 (k = 0..8).
_TOP_BYTES = np.array([(0xFFFFFFFFFFFFFFFF << (64 - 8 * k)) & 0xFFFFFFFFFFFFFFFF for k in range(9)],
                      dtype=np.uint64)


def _piece_chunk(windows, start, length, i):
    """Symbols 8i..8i+7 of the pieces at ``start`` of ``length`` (> 8i) symbols, as
    big-endian uint64 with zero bytes past the piece's end."""
    chunk = windows[start + 8 * i].astype(np.uint64)
    chunk &= _TOP_BYTES[np.minimum(length - 8 * i, 8)]
    return chunk


def _word_stream_bytes(symbols, white_symbols, ref_end, punct_symbols, line_label, line_sentence, n_sentences):
    """chrF++'s words of every line, as ``_word_stream`` returns them, from the byte
    symbols of the whole text before white space is dropped (white space is 255, or
    ``white_symbols`` when kept), without a Python string per word.

    Tokens are the runs of non-white symbols; the punctuation rule is read off their
    first and last symbols. A word of up to 8 symbols is keyed by its symbols (exact); a
    longer one by a 64-bit hash, and every longer word is compared in full with the
    representative of its key, so the ids are exact. Returns None when that comparison
    finds a collision (the caller then uses ``_word_stream``)."""
    n_lines = len(line_label)
    is_letter = np.ones(256, dtype=bool)
    is_letter[[0, ref_end, 255]] = False
    is_letter[white_symbols] = False
    letter = is_letter[symbols]
    begin = letter.copy()
    begin[1:] &= ~letter[:-1]
    last = letter.copy()
    last[:-1] &= ~letter[1:]
    first_pos = np.flatnonzero(begin)
    last_pos = np.flatnonzero(last)
    is_end = np.zeros(256, dtype=bool)
    is_end[[0, ref_end]] = True
    line_end = np.flatnonzero(is_end[symbols])
    tokens_before = np.searchsorted(first_pos, line_end)
    line = np.repeat(np.arange(n_lines), np.diff(tokens_before, prepend=0))
    size = last_pos - first_pos + 1
    is_punct = np.zeros(256, dtype=bool)
    is_punct[punct_symbols] = True
    long = size >= 2
    split_last = long & is_punct[symbols[last_pos]]
    split_first = long & ~split_last & is_punct[symbols[first_pos]]
    # Pieces in word order: a token, or the two parts of a split token.
    slots = 1 + split_last + split_first
    at = np.cumsum(slots) - slots
    n_words = int(slots.sum())
    start = np.empty(n_words, dtype=np.int64)
    length = np.empty(n_words, dtype=np.int64)
    start[at] = first_pos
    length[at] = size
    sl, sf = at[split_last], at[split_first]
    length[sl] = size[split_last] - 1
    start[sl + 1] = last_pos[split_last]
    length[sl + 1] = 1
    length[sf] = 1
    start[sf + 1] = first_pos[split_first] + 1
    length[sf + 1] = size[split_first] - 1
    padded = np.concatenate([symbols, np.zeros(8, dtype=np.uint8)])
    windows = np.ndarray((len(symbols),), dtype=">u8", buffer=padded, strides=(1,))
    rounds = (int(length.max()) + 7) // 8 if n_words else 0
    # Words of up to 8 symbols are keyed by their symbols exactly, longer ones by a hash.
    digest = _piece_chunk(windows, start, length, 0)
    long = np.flatnonzero(length > 8)
    mixed = (length[long].astype(np.uint64) * _HASH_MULTIPLIER) ^ digest[long]
    for i in range(1, rounds):
        active = np.flatnonzero(length[long] > 8 * i)
        chunk = _piece_chunk(windows, start[long[active]], length[long[active]], i)
        mixed[active] = (mixed[active] * _HASH_MULTIPLIER) ^ chunk
    digest[long] = mixed
    # Ids need only agree within a sentence: number the keys per chunk of whole sentences
    # (one small argsort each, cache-friendly), ids 0..W-1 within a chunk.
    ids = np.empty(n_words, dtype=np.int64)
    twin = np.empty(n_words, dtype=np.int64)
    per_line = np.bincount(line, weights=slots, minlength=n_lines).astype(np.int64)
    sentence_words = np.bincount(line_sentence, weights=per_line, minlength=n_sentences).astype(np.int64)
    sentence_end = np.cumsum(sentence_words)
    cuts = np.searchsorted(sentence_end, np.arange(_CHUNK, n_words, _CHUNK))
    bounds = sorted(set([0, n_words] + sentence_end[cuts].tolist()))
    n_ids = 0
    for wa, wb in zip(bounds[:-1], bounds[1:]):
        order = np.argsort(digest[wa:wb])
        ordered = digest[wa:wb][order]
        new_id = np.empty(wb - wa, dtype=np.int64)
        new_id[:1] = 0
        np.not_equal(ordered[1:], ordered[:-1], out=new_id[1:], casting="unsafe")
        np.cumsum(new_id, out=new_id)
        ids[wa + order] = new_id
        group_start = np.ones(wb - wa, dtype=bool)
        group_start[1:] = new_id[1:] != new_id[:-1]
        representative = order[group_start] + wa
        twin[wa:wb] = representative[ids[wa:wb]]
        n_ids = max(n_ids, len(representative))
    # Equal keys and lengths: equal words when short; long words are compared in full.
    if not np.array_equal(length[twin], length):
        return None
    check = long[twin[long] != long]
    for i in range(rounds):
        active = check[length[check] > 8 * i]
        mine = _piece_chunk(windows, start[active], length[active], i)
        theirs = _piece_chunk(windows, start[twin[active]], length[active], i)
        if not np.array_equal(mine, theirs):
            return None
    word_ref_end = n_ids + 1
    ends = np.cumsum(per_line + 1) - 1
    stream = np.zeros(int(ends[-1]) + 1 if n_lines else 0, dtype=np.int64)
    stream[ends[line_label > 0]] = word_ref_end
    word_line = np.repeat(line, slots)
    stream[np.arange(n_words) + word_line] = ids + 1
    return stream, per_line, word_ref_end


# ----------------------------------------------------------------------------------------
# Clipped matches of every order, whole corpus at once.


def _chunks(sentence_end, n_sentences, max_sentences):
    """Ranges of whole sentences of about ``_CHUNK`` positions, at most ``max_sentences``."""
    cuts = np.searchsorted(sentence_end, np.arange(_CHUNK, int(sentence_end[-1]), _CHUNK), side="right")
    bounds = sorted(set([0, n_sentences] + cuts.tolist()))
    chunks = []
    for a, b in zip(bounds[:-1], bounds[1:]):
        chunks += [(x, min(x + max_sentences, b)) for x in range(a, b, max_sentences)]
    return chunks


def _stream_matches(stream, counts, n, bits, line_sentence, line_label, first_line, n_sentences, n_labels):
    """Clipped matches (lines, n) of every reference line against the hypothesis of its
    sentence, 0 for hypothesis lines.

    ``stream``: the symbols (1..) of every line followed by its end mark (0 after a
    hypothesis, another value after a reference), lines sentence by sentence,
    ``counts[l]`` symbols in line ``l``; ``bits`` per symbol (8: bytes, read as windows).
    ``first_line[s]`` is the first line of sentence ``s`` (and ``first_line[-1]`` the
    number of lines).
    """
    n_lines = len(counts)
    depth = min(n, int(counts.max())) if n_lines else 0
    matches = np.zeros((n_lines, n), dtype=np.int64)
    if depth == 0:
        return matches
    absolute = np.zeros((n_lines, depth), dtype=np.int64)
    l_bits = max(1, int(n_labels - 1).bit_length())
    key_bits = depth * bits + l_bits
    packed = key_bits <= _KEY_BITS
    windows = packed and stream.dtype == np.uint8 and depth <= 7  # byte symbols only
    line_end = np.cumsum(counts + 1) - 1
    sentence_end = line_end[first_line[1:] - 1] + 1  # one past the sentence's last position
    sentence_start = np.concatenate([[0], sentence_end[:-1]])
    if windows:
        padded = np.concatenate([stream, np.zeros(8, dtype=stream.dtype)])
    else:
        padded = np.concatenate([stream.astype(np.int64), np.zeros(depth, dtype=np.int64)])
    max_sentences = 1 << (63 - key_bits) if packed else n_sentences
    for sa, sb in _chunks(sentence_end, n_sentences, max_sentences):
        la, lb = int(first_line[sa]), int(first_line[sb])
        pa, pb = int(sentence_start[sa]), int(sentence_end[sb - 1])
        m = pb - pa
        widths = counts[la:lb] + 1
        if packed:
            code = ((line_sentence[la:lb] - sa) << key_bits) | line_label[la:lb]
            key = np.repeat(code.astype(np.uint64), widths)
            if windows:
                window = np.ndarray((m,), dtype=">u8", buffer=padded, offset=pa, strides=(1,))
                key |= (window >> (64 - 8 * depth)).astype(np.uint64) << l_bits
            else:
                for j in range(depth):
                    key |= padded[pa + j : pb + j].astype(np.uint64) << (l_bits + (depth - 1 - j) * bits)
            key.sort()  # the sentence is the top field: sentences keep their positions
            differ = key[1:] ^ key[:-1]
            labels = (key & ((1 << l_bits) - 1)).astype(np.int32)

            def boundaries(k):
                return np.flatnonzero(differ >= (1 << (l_bits + bits * (depth - k))))
        else:
            sentence = np.repeat(line_sentence[la:lb], widths)
            label = np.repeat(line_label[la:lb], widths)
            columns = [padded[pa + j : pb + j] for j in range(depth)]
            order = np.lexsort([label] + columns[::-1] + [sentence])
            labels = label[order]
            # common[i]: how many leading symbols positions i and i + 1 share.
            common = np.full(m - 1, depth, dtype=np.int64)
            for j in reversed(range(depth)):
                column = columns[j][order]
                common[column[1:] != column[:-1]] = j
            sentence = sentence[order]
            common[sentence[1:] != sentence[:-1]] = 0

            def boundaries(k):
                return np.flatnonzero(common < k)
        hyp = (labels == 0).astype(np.int32)  # running sums stay below 2**31: chunks are small
        balance = {}
        rows = {}
        for j in range(1, n_labels):
            rows_j = np.flatnonzero(line_label[la:lb] == j) + la
            if len(rows_j) == 0:
                continue
            rows[j] = rows_j
            running = np.zeros(m + 1, dtype=np.int32 if m < 2**30 else np.int64)
            np.cumsum(hyp - (labels == j), out=running[1:])
            balance[j] = running
        sentence_first = sentence_start[sa:sb] - pa
        for k in range(1, depth + 1):
            starts = boundaries(k)
            starts += 1
            runs = np.concatenate([[0], starts, [m]])
            first_run = np.searchsorted(runs, sentence_first)
            for j, running in balance.items():
                total = np.add.reduceat(np.abs(np.diff(running[runs])), first_run)
                absolute[rows[j], k - 1] = total[line_sentence[rows[j]] - sa]
    # Summed over the runs, h + r is the number of positions of the two lines.
    hyp_line = first_line[:-1][line_sentence]
    both = (counts + 1)[hyp_line] + counts + 1
    is_ref = line_label > 0
    matches[is_ref, :depth] = (both[is_ref, None] - absolute[is_ref]) // 2
    return matches


def _literal_counts(lines, line_sentence, line_label, first_line, n, word_order, whitespace):
    """Counts and matches per line, the slow way (Counters per line), for a corpus that
    uses every separator candidate. Returns [(counts, matches, orders)] for characters and
    words."""
    def words_of(line):
        out = []
        for token in line.split():
            if len(token) > 1 and token[-1] in ASCII_PUNCTUATION:
                out += [token[:-1], token[-1]]
            elif len(token) > 1 and token[0] in ASCII_PUNCTUATION:
                out += [token[0], token[1:]]
            else:
                out.append(token)
        return out

    sequences = [("".join(line.split()) if not whitespace else line for line in lines)]
    if word_order:
        sequences.append(tuple(words_of(line)) for line in lines)
    blocks = []
    for units, orders in zip(sequences, (n, word_order)):
        units = list(units)
        counts = np.array([len(u) for u in units], dtype=np.int64)
        matches = np.zeros((len(lines), orders), dtype=np.int64)
        for l, u in enumerate(units):
            if line_label[l] == 0:
                continue
            h = units[first_line[line_sentence[l]]]
            for k in range(1, orders + 1):
                hc = Counter(tuple(h[i : i + k]) for i in range(len(h) - k + 1))
                rc = Counter(tuple(u[i : i + k]) for i in range(len(u) - k + 1))
                matches[l, k - 1] = sum(min(c, rc[g]) for g, c in hc.items())
        blocks.append((counts, matches, orders))
    return blocks


#: Whether the compiled ``chrf_rows`` counts the statistics (when the kernels are built);
#: False takes ``chrf_units`` and ``ngram_matches`` (tests check both).
_ROWS_KERNEL = True

#: Lines handed to the kernel one string each when there are at most this many (read at
#: call time; beyond, chunks of joined lines read faster than a million small strings).
_PLAIN_LINES_MAX = 100_000


def _kernel_blocks(lines, n, word_order, lowercase, whitespace, line_label, first_line, kernel):
    """``_corpus_blocks`` by the compiled kernel (``csrc/ngrams.c``): the lines, each its
    own string (lowercased one by one, as the spec lowercases each sentence) or, for many
    lines, in chunks of whole lines (``native.line_chunks``) joined by a separator and
    lowercased in one call per chunk; the characters and chrF++ words of each line read
    off by ``chrf_units``, the clipped matches of each reference against its hypothesis
    counted by ``ngram_matches``. None when no separator is free."""
    if len(lines) <= _PLAIN_LINES_MAX:  # each line its own string: no join, no separator
        texts = [line.lower() for line in lines] if lowercase else lines
        seps = [-1] * len(texts)
    else:
        texts, seps = [], []
        for chunk in native.line_chunks(lines):
            separator = _separator(chunk)
            if separator is None:
                return None
            text = separator.join(chunk)
            if lowercase:
                text = text.lower()  # the separator ends a word for the final-sigma rule, as a string end does
            texts.append(text)
            seps.append(ord(separator))
    chars, char_counts, words, word_counts = kernel.chrf_units(
        texts, seps, whitespace, word_order > 0, "".join(sorted(ASCII_PUNCTUATION)))
    hyp_lines = first_line[:-1]
    ref_lines = np.flatnonzero(line_label > 0)
    ref_offsets = np.concatenate(([0], np.cumsum(np.diff(first_line) - 1)))
    blocks = []
    for units, unit_counts, depth in ((chars, char_counts, n), (words, word_counts, word_order)):
        counts = np.frombuffer(unit_counts, np.int64)
        matches = np.zeros((len(lines), depth), dtype=np.int64)
        if depth > 0:
            ids = np.frombuffer(units, np.int64)
            starts = np.cumsum(counts) - counts
            found = native.ngram_matches(ids, starts, counts, hyp_lines, ref_offsets, ref_lines, depth, False)
            matches[ref_lines] = np.frombuffer(found, np.int64).reshape(len(ref_lines), depth)
        blocks.append((counts, matches, depth))
    return blocks


def _corpus_blocks(lines, n, word_order, lowercase, whitespace, line_sentence, line_label, first_line,
                   n_sentences, n_labels):
    """[(counts per line, matches per line, orders)] for characters and, if asked, words."""
    kernel = native.ngrams
    if kernel is not None:
        blocks = _kernel_blocks(lines, n, word_order, lowercase, whitespace, line_label, first_line, kernel)
        if blocks is not None:
            return blocks
    separator = _separator(lines)
    if separator is None:
        if lowercase:
            lines = [line.lower() for line in lines]
        return _literal_counts(lines, line_sentence, line_label, first_line, n, word_order, whitespace)
    text = separator.join(lines) + separator
    if lowercase:
        # One call for the corpus: the separator (neither cased nor case-ignorable) ends a
        # word for the final-sigma rule just as the end of a string does.
        text = text.lower()
    points = np.frombuffer(text.encode("utf-32-le", "surrogatepass"), dtype=np.uint32)
    alphabet = _Alphabet(points, ord(separator), not whitespace, _BYTE_ALPHABET)
    symbols = alphabet.table[points]
    full = symbols
    if not whitespace:
        symbols = symbols[symbols != alphabet.drop]
    counts, line_end = _line_stream(symbols, line_label, alphabet.ref_end)
    args = (line_sentence, line_label, first_line, n_sentences, n_labels)
    blocks = [(counts, _stream_matches(symbols, counts, n, alphabet.bits, *args), n)]
    if word_order > 0:
        word = None
        if alphabet.bits == 8:
            white = alphabet.white_symbols if whitespace else []
            word = _word_stream_bytes(full, white, alphabet.ref_end, alphabet.punct_symbols, line_label,
                                      line_sentence, n_sentences)
        if word is None:
            if whitespace:  # the words need the stream without white space
                keep = ~np.isin(symbols, alphabet.white_symbols)
                letters = symbols[keep]
                letter_end = np.flatnonzero((letters == 0) | (letters == alphabet.ref_end))
            else:
                letters, letter_end = symbols, line_end
            word = _word_stream(text, separator, letters, letter_end, alphabet, line_label)
        words, word_counts, word_ref_end = word
        bits = int(word_ref_end).bit_length()
        blocks.append((word_counts, _stream_matches(words, word_counts, word_order, bits, *args), word_order))
    return blocks


# ----------------------------------------------------------------------------------------
# The best reference of each sentence.


def _best_rows(scores: np.ndarray, owner: np.ndarray, n_sentences: int) -> np.ndarray:
    """For each sentence, the index of the first of its rows with the highest score
    (rows of a sentence are consecutive, ``owner`` ascending). Scores are never NaN: beta
    is checked to be finite with a finite square."""
    starts = np.searchsorted(owner, np.arange(n_sentences))
    best = np.maximum.reduceat(scores, starts)
    candidate = np.where(scores == best[owner], np.arange(len(scores)), len(scores))
    return np.minimum.reduceat(candidate, starts)


# ----------------------------------------------------------------------------------------
# Public API.


def _checked_corpus(hyps, refs):
    """``spec.inputs.check_corpus``, with a fast path for the common case of plain lists
    of plain strings (which that check accepts unchanged); anything else goes through the
    spec's check, which converts it or raises its error."""
    if (
        type(hyps) is list
        and type(refs) is list
        and 0 < len(hyps) == len(refs)
        and set(map(type, hyps)) == {str}
        and set(map(type, refs)) == {list}
        and min(map(len, refs)) > 0
        and set(map(type, chain.from_iterable(refs))) == {str}
    ):
        return hyps, refs
    return check_corpus(hyps, refs)


def _checked_options(n, beta, word_order):
    check_orders(n, word_order)
    return check_beta(beta)


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


def _stats_matrix(hyps, refs, n, beta, word_order, lowercase, whitespace, eps_smoothing):
    """``chrf_stats_matrix`` on validated inputs. Sentences with the same hypothesis and
    the same references (in the same order) are computed once: a sentence's statistics
    depend on nothing else, and test sets scored for several systems repeat many (41% of
    the 6,877 sentences of ted-ende's 13 systems)."""
    n_sentences = len(hyps)
    if len(set(hyps)) == n_sentences:  # no hypothesis repeats, so no sentence does
        return _distinct_stats(hyps, refs, n, beta, word_order, lowercase, whitespace, eps_smoothing)
    seen: dict = {}
    keys = [(hyp, *rs) for hyp, rs in zip(hyps, refs)]
    inverse = np.fromiter(map(seen.setdefault, keys, range(n_sentences)), np.int64, n_sentences)
    if len(seen) < n_sentences:
        first, inverse = np.unique(inverse, return_inverse=True)
        rows = _distinct_stats(
            [hyps[i] for i in first.tolist()], [refs[i] for i in first.tolist()],
            n, beta, word_order, lowercase, whitespace, eps_smoothing)
        return rows[inverse.reshape(-1)]
    return _distinct_stats(hyps, refs, n, beta, word_order, lowercase, whitespace, eps_smoothing)


def _kernel_rows(kernel, hyps, refs, n, word_order, lowercase, whitespace):
    """The statistics of every reference against its hypothesis (one row each, sentence by
    sentence) by the compiled ``chrf_rows`` (``csrc/ngrams.c``), which counts each
    sentence's n-grams on its own (sorted keys, or a table of its own); the sentences in up to ``native.parts()``
    consecutive parts on ``native.THREADS`` threads (a part's rows depend on its own
    sentences only). None if the kernel finds an input that is not a plain str or list."""
    if lowercase:
        hyps = [hyp.lower() for hyp in hyps]
        refs = [[ref.lower() for ref in rs] for rs in refs]
    punct = "".join(sorted(ASCII_PUNCTUATION))
    bounds = native.split_points(len(hyps), native.parts(), native.SPLIT_MIN_SENTENCES)

    def part(a: int, b: int):
        return lambda: kernel.chrf_rows(hyps, refs, a, b, n, word_order, whitespace, punct)

    found = native.run_parallel([part(a, b) for a, b in zip(bounds[:-1], bounds[1:])])
    if any(rows is None for rows in found):
        return None
    return np.frombuffer(b"".join(found) if len(found) > 1 else found[0], np.int64).reshape(-1, 3 * (n + word_order))


def _distinct_stats(hyps, refs, n, beta, word_order, lowercase, whitespace, eps_smoothing):
    """``_stats_matrix`` of every sentence, repeated ones included."""
    n_sentences = len(hyps)
    ref_counts = np.fromiter(map(len, refs), dtype=np.int64, count=n_sentences)
    kernel = native.ngrams if _ROWS_KERNEL else None
    if kernel is not None:
        stats = _kernel_rows(kernel, hyps, refs, n, word_order, lowercase, whitespace)
        if stats is not None:
            if len(stats) == n_sentences:
                return stats  # one reference each: nothing to choose
            owner = np.repeat(np.arange(n_sentences, dtype=np.int64), ref_counts)
            scores, _ = chrf_scores(stats, n=n, beta=beta, word_order=word_order, eps_smoothing=eps_smoothing)
            return stats[_best_rows(scores, owner, n_sentences)]
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

    first_line = np.append(group_start, n_lines)
    blocks = _corpus_blocks(lines, n, word_order, lowercase, whitespace, line_sentence, line_label, first_line,
                            n_sentences, n_labels)

    orders = n + word_order
    stats = np.zeros((n_refs, 3 * orders), dtype=np.int64)
    column = 0
    for counts, matches, depth in blocks:
        if depth == 0:
            continue
        k = np.arange(1, depth + 1, dtype=np.int64)
        hyp_totals = np.maximum(counts[hyp_lines][owner][:, None] - k + 1, 0)
        ref_totals = np.maximum(counts[ref_lines][:, None] - k + 1, 0)
        stats[:, column : column + 3 * depth : 3] = np.where(ref_totals > 0, hyp_totals, 0)
        stats[:, column + 1 : column + 3 * depth : 3] = ref_totals
        stats[:, column + 2 : column + 3 * depth : 3] = matches[ref_lines]
        column += 3 * depth

    if n_refs == n_sentences:
        return stats  # one reference each: nothing to choose
    scores, _ = chrf_scores(stats, n=n, beta=beta, word_order=word_order, eps_smoothing=eps_smoothing)
    return stats[_best_rows(scores, owner, n_sentences)]


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
    """
    hyps, refs = _checked_corpus(hyps, refs)
    beta = _checked_options(n, beta, word_order)
    return _stats_matrix(hyps, refs, n, beta, word_order, lowercase, whitespace, eps_smoothing)


# ``chrf``, ``sentence_chrf`` and ``chrf_stats``: declared once in ``api.py``, made from the registered
# definition on first use (``bleuprint.core.one_call``).
__getattr__ = one_call_functions(__name__)
