"""TER, translation edit rate (Snover et al., AMTA 2006), exactly as sacreBLEU 2.5.1
computes it with its re-implementation of Tercom.

TER = (number of edits) / (average reference length), on the 0..100 scale. An edit is the
insertion, deletion or substitution of one word, or the *shift* of a contiguous block of
hypothesis words to another place (cost 1 whatever its length). The minimum number of
edits with shifts is NP-hard; Tercom, and sacreBLEU after it, search greedily:

    repeat: find the shift that most reduces the edit distance to the reference; apply it
    until no shift helps (or the budget of candidate shifts is spent);
    edits = number of shifts applied + the edit distance of the shifted hypothesis.

The edit distance itself is a *banded* Levenshtein distance (only cells near a
pseudo-diagonal are computed), so it can exceed the true distance on very uneven inputs;
the heuristics below (band, tie order, candidate order, limits) are part of the definition,
since they change the counts.

Sufficient statistics of one hypothesis against its references: ``[E, L]`` with E the
smallest edit count over the references and L their *average* length (a float). A corpus
score is ``ter_from_stats`` of the summed statistics. A hypothesis or reference of more
than ``MAX_WORDS`` words is refused before any search (bleuprint's limit, not sacreBLEU's:
see ``MAX_WORDS``).

Sources: Snover, Dorr, Schwartz, Micciulla, Makhoul, "A Study of Translation Edit Rate with
Targeted Human Annotation" (AMTA 2006) for the definition; Tercom (github.com/jhclark/
tercom) for the search heuristics; sacreBLEU 2.5.1 ``metrics/ter.py`` and
``metrics/lib_ter.py`` for the exact variant reproduced here (behaviour read, not code
copied). sacreBLEU caches rows of the edit-distance matrix in a prefix trie; the cache
never changes a result (every shifted variant of a hypothesis has the same length, hence
the same band) and is left out here.
"""

from __future__ import annotations

import math

from ...spec.inputs import check_counts, check_references, check_text
from .tercom import tokenize_tercom
from ...core.one_call import one_call_functions

#: The longest block a shift may move, in words (Tercom's limit).
MAX_SHIFT_SIZE = 10
#: The largest distance, in words, between a block's start in the hypothesis and the start
#: of its match in the reference (Tercom's limit).
MAX_SHIFT_DISTANCE = 50
#: Half-width of the band of the edit distance, in reference words.
BEAM_WIDTH = 25
#: How many candidate shifts may be evaluated for one (hypothesis, reference) pair, over
#: all rounds together (sacreBLEU's own limit, not Tercom's).
MAX_SHIFT_CANDIDATES = 1000
#: The cost of a cell outside the band.
INFINITY = 10**16
#: The longest line, in TER words (``ter_words``), whose TER is computed: a hypothesis or
#: a reference longer than this is refused with a ValueError before any search
#: (``check_lengths``), by the spec and by ``bleuprint.impl`` alike (with or without its
#: compiled kernel), so that whether a number exists never depends on the implementation.
#: Why 2,000: the search, as defined and as sacreBLEU runs it, computes a banded edit
#: distance over a whole (n+1) x (m+1) matrix for each of up to 1,000 candidate shifts, so
#: its time and memory grow with the product of the lengths. Measured on the project's
#: 2-core machine, one hypothesis of n words against a reference of n words (cut from the
#: TED corpus; peak RSS of the process): n = 2,000 takes this spec about 110 s (77 MiB)
#: and sacreBLEU 2.5.1 62-75 s (about 300 MiB); n = 3,000 takes them 300 s and 154 s
#: (445 MiB). impl's numpy fallback keeps n x m arrays: 1 s and 440 MiB at 2,000, 890 MiB
#: at 3,000, 1.3 GiB at 5,000. 2,000 keeps every implementation within two minutes and
#: half a GiB for one segment (a paragraph or a news article fits; a longer document must
#: be split). The compiled kernel, whose memory is bounded by the band, would take
#: 100,000 words against 100,000 in 0.3 s and 131 MiB.
MAX_WORDS = 2000

# Edit operations of the edit-distance trace, from the hypothesis to the reference.
MATCH = "match"  # hypothesis word = reference word; both consumed
SUBSTITUTE = "substitute"  # hypothesis word replaced by the reference word; both consumed
DELETE = "delete"  # a hypothesis word without counterpart; consumes a hypothesis word
INSERT = "insert"  # a reference word without counterpart; consumes a reference word
UNDEFINED = "undefined"  # a cell that was never reached


def ter_words(line: str, *, normalized=False, no_punct=False, asian_support=False, case_sensitive=False) -> list[str]:
    """The words TER compares: ``tokenize_tercom(line.rstrip(), ...).split()``.
    Only trailing white space is stripped before the tokenizer (sacreBLEU's TER)."""
    return tokenize_tercom(
        line.rstrip(),
        normalized=normalized,
        no_punct=no_punct,
        asian_support=asian_support,
        case_sensitive=case_sensitive,
    ).split()


def check_lengths(n_hyp: int, n_refs: list[int], where: str) -> None:
    """Refuse a segment with a line longer than ``MAX_WORDS``: ``n_hyp`` is the number of
    TER words of the hypothesis, ``n_refs`` those of its references, ``where`` names the
    segment (``"hyp"``, ``"hyps[3]"``). The ValueError gives both lengths of the first
    pair at fault (and which reference, 1-based, when there are several) and the limit.
    Lengths only: a pair with an empty side, which needs no search, is refused all the
    same, so that whether a segment is refused never depends on its words."""
    for k, n_ref in enumerate(n_refs):
        if n_hyp > MAX_WORDS or n_ref > MAX_WORDS:
            which = f" (reference {k + 1} of {len(n_refs)})" if len(n_refs) > 1 else ""
            raise ValueError(
                f"{where}: TER of a {n_hyp}-word hypothesis against a {n_ref}-word reference{which} is beyond "
                f"the limit of {MAX_WORDS} words per line; split the segment or leave it out")


def check_corpus_lengths(hyps: list[str], refs: list[list[str]], *, normalized=False, no_punct=False,
                         asian_support=False, case_sensitive=False) -> None:
    """``check_lengths`` of every segment of a corpus (``hyps[i]`` against ``refs[i]``, as
    ``check_corpus`` returns them) in order, before any search: a corpus with a line
    beyond ``MAX_WORDS`` is refused before its first segment is computed."""
    options = dict(normalized=normalized, no_punct=no_punct, asian_support=asian_support,
                   case_sensitive=case_sensitive)
    for i, (hyp, references) in enumerate(zip(hyps, refs)):
        check_lengths(len(ter_words(hyp, **options)), [len(ter_words(ref, **options)) for ref in references],
                      f"hyps[{i}]")


def band_half_width(n_hyp: int, n_ref: int) -> int:
    """The band's half-width: ``BEAM_WIDTH`` (25), widened to ``ceil(ratio/2 + 25)`` when
    ``ratio/2 > 25``, where ``ratio = n_ref / n_hyp`` (float division; 1 when the
    hypothesis is empty). The widening keeps consecutive rows' bands overlapping when the
    reference is more than 50 times longer than the hypothesis. (sacreBLEU
    ``BeamEditDistance``.)"""
    ratio = n_ref / n_hyp if n_hyp > 0 else 1
    if BEAM_WIDTH < ratio / 2:
        return math.ceil(ratio / 2 + BEAM_WIDTH)
    return BEAM_WIDTH


def band_columns(i: int, n_hyp: int, n_ref: int) -> range:
    """The columns j computed in row i (1 <= i <= n_hyp) of the edit-distance matrix.

    Around the pseudo-diagonal ``d = floor(i * ratio)`` (``ratio = n_ref / n_hyp`` as a
    float, multiplied by i in floating point, as sacreBLEU does): ``j`` from
    ``max(0, d - w)`` to ``min(n_ref + 1, d + w)`` exclusive, w = ``band_half_width``. The
    last row (i = n_hyp) is always computed in full, j = 0..n_ref, so the final cell is
    reached.
    """
    ratio = n_ref / n_hyp
    width = band_half_width(n_hyp, n_ref)
    diagonal = math.floor(i * ratio)
    low = max(0, diagonal - width)
    high = min(n_ref + 1, diagonal + width)
    if i == n_hyp:
        high = n_ref + 1
    return range(low, high)


def edit_distance_with_trace(hyp: list[str], ref: list[str]) -> tuple[int, list[str]]:
    """The banded word edit distance from ``hyp`` to ``ref`` and its trace of operations.

    Matrix D of (cost, operation), rows i = 0..len(hyp), columns j = 0..len(ref):

    * row 0: ``D[0][j] = (j, INSERT)`` (j reference words inserted; also D[0][0]);
    * every other cell starts as ``(INFINITY, UNDEFINED)``; in row i only the columns of
      ``band_columns`` are computed, the others keep INFINITY (and may still be read as
      neighbours);
    * column 0: ``D[i][0] = (D[i-1][0].cost + 1, DELETE)``, unconditionally (so
      INFINITY + 1 can appear when column 0 left the band);
    * other cells: the candidates, in this order, are
      ``(D[i-1][j-1].cost + (0 if hyp[i-1] == ref[j-1] else 1), MATCH or SUBSTITUTE)``,
      ``(D[i-1][j].cost + 1, DELETE)``, ``(D[i][j-1].cost + 1, INSERT)``; each replaces the
      cell's value when its cost is *strictly* lower, starting from INFINITY. Ties thus go
      to the diagonal, then DELETE, then INSERT (Tercom's preference, which sacreBLEU states
      with insertion and deletion named the other way round).

    The distance is the cost of ``D[len(hyp)][len(ref)]``. The trace is read back from that
    cell to (0, 0): the cell's operation is prepended; MATCH/SUBSTITUTE step to (i-1, j-1),
    DELETE to (i-1, j), INSERT to (i, j-1). All costs are 1 (Snover et al. 2006).
    """
    n_hyp, n_ref = len(hyp), len(ref)
    rows = [[(j, INSERT) for j in range(n_ref + 1)]]
    for i in range(1, n_hyp + 1):
        rows.append([(INFINITY, UNDEFINED)] * (n_ref + 1))
        previous, current = rows[i - 1], rows[i]
        for j in band_columns(i, n_hyp, n_ref):
            if j == 0:
                current[0] = (previous[0][0] + 1, DELETE)
                continue
            if hyp[i - 1] == ref[j - 1]:
                diagonal = (previous[j - 1][0], MATCH)
            else:
                diagonal = (previous[j - 1][0] + 1, SUBSTITUTE)
            for cost, operation in (diagonal, (previous[j][0] + 1, DELETE), (current[j - 1][0] + 1, INSERT)):
                if cost < current[j][0]:
                    current[j] = (cost, operation)
    trace: list[str] = []
    i, j = n_hyp, n_ref
    while i > 0 or j > 0:
        operation = rows[i][j][1]
        trace.insert(0, operation)
        if operation in (MATCH, SUBSTITUTE):
            i, j = i - 1, j - 1
        elif operation == DELETE:
            i -= 1
        elif operation == INSERT:
            j -= 1
        else:
            raise AssertionError(f"edit-distance trace reached an undefined cell ({i}, {j})")
    return rows[n_hyp][n_ref][0], trace


def alignment_from_trace(trace: list[str]) -> tuple[list[int], list[int], list[int]]:
    """The alignment and error marks that the shift search reads from a trace.

    Walk the trace forwards with a hypothesis position h and a reference position r, both
    starting at -1:

    * MATCH / SUBSTITUTE: h and r advance; ``align[r] = h``; the hypothesis word and the
      reference word are marked 0 (match) or 1 (substitution) in ``hyp_errors`` and
      ``ref_errors``;
    * DELETE (a hypothesis-only word): h advances; ``hyp_errors`` gets a 1;
    * INSERT (a reference-only word): r advances; ``align[r] = h``, the current hypothesis
      position (-1 before the first hypothesis word); ``ref_errors`` gets a 1.

    Returns ``(align, ref_errors, hyp_errors)``: ``align[r]`` for every reference position
    r, and one 0/1 mark per reference and per hypothesis word. (sacreBLEU
    ``trace_to_alignment`` applied to the flipped trace.)
    """
    h = r = -1
    align: list[int] = []
    ref_errors: list[int] = []
    hyp_errors: list[int] = []
    for operation in trace:
        if operation in (MATCH, SUBSTITUTE):
            h += 1
            r += 1
            align.append(h)
            mark = 0 if operation == MATCH else 1
            hyp_errors.append(mark)
            ref_errors.append(mark)
        elif operation == DELETE:
            h += 1
            hyp_errors.append(1)
        elif operation == INSERT:
            r += 1
            align.append(h)
            ref_errors.append(1)
        else:
            raise ValueError(f"unknown edit operation {operation!r}")
    return align, ref_errors, hyp_errors


def matching_spans(hyp: list[str], ref: list[str]):
    """The blocks a shift may move, as ``(hyp_start, ref_start, length)``, in search order.

    For ``hyp_start`` = 0, 1, ... and, inside, ``ref_start`` = 0, 1, ... (skipping pairs
    more than ``MAX_SHIFT_DISTANCE`` apart), every length L = 1, 2, ... for which
    ``hyp[hyp_start:hyp_start+L] == ref[ref_start:ref_start+L]``, up to
    ``MAX_SHIFT_SIZE`` words and until either sentence ends: the growing common block is
    yielded at each length, shortest first. Spans that start at the same position in both
    are not excluded (sacreBLEU's docstring says they are; its code, which defines the
    results, does not). (sacreBLEU ``_find_shifted_pairs``.)
    """
    for hyp_start in range(len(hyp)):
        for ref_start in range(len(ref)):
            if abs(ref_start - hyp_start) > MAX_SHIFT_DISTANCE:
                continue
            length = 0
            while hyp[hyp_start + length] == ref[ref_start + length] and length < MAX_SHIFT_SIZE:
                length += 1
                yield hyp_start, ref_start, length
                if hyp_start + length == len(hyp) or ref_start + length == len(ref):
                    break


def worth_shifting(hyp_start: int, ref_start: int, length: int, align, ref_errors, hyp_errors) -> bool:
    """Tercom's filter on a matching span: it is tried only if

    * some hypothesis word of the span is an error (``hyp_errors`` not all 0 there),
    * some reference word of the span is an error (``ref_errors`` not all 0 there), and
    * the reference start is not aligned inside the span itself
      (not ``hyp_start <= align[ref_start] < hyp_start + length``).
    """
    if not any(hyp_errors[hyp_start : hyp_start + length]):
        return False
    if not any(ref_errors[ref_start : ref_start + length]):
        return False
    return not (hyp_start <= align[ref_start] < hyp_start + length)


def shift_targets(ref_start: int, length: int, align: list[int]) -> list[int]:
    """Where a span matching ``ref[ref_start:ref_start+length]`` may be moved to, in order.

    For offset = -1, 0, ..., length-1: the target index (the block is inserted *before*
    that hypothesis position) is 0 when ``ref_start + offset == -1``, else
    ``align[ref_start + offset] + 1`` (just after the hypothesis word aligned to that
    reference word). A target equal to the one of the previous offset is skipped (only
    consecutive repeats; an earlier value can come back). (sacreBLEU ``_shift``: Tercom
    inserts after the index, sacreBLEU before the next one.)
    """
    targets = []
    previous = -1
    for offset in range(-1, length):
        if ref_start + offset == -1:
            target = 0
        else:
            target = align[ref_start + offset] + 1
        if target == previous:
            continue
        previous = target
        targets.append(target)
    return targets


def move_block(words: list[str], start: int, length: int, target: int) -> list[str]:
    """``words`` with the block ``words[start:start+length]`` moved to ``target``:

    * ``target < start``: ``words[:target] + block + words[target:start] + words[start+length:]``;
    * ``target > start + length``: ``words[:start] + words[start+length:target] + block +
      words[target:]``;
    * otherwise (``start <= target <= start + length``): ``words[:start] +
      words[start+length:target+length] + block + words[target+length:]``, i.e. the block
      moves right past the next ``target - start`` words (``target == start`` leaves the
      words as they are).

    The third case is sacreBLEU's ``_perform_shift`` as written: a target inside the block
    is read relative to the words after it.
    """
    block = words[start : start + length]
    if target < start:
        return words[:target] + block + words[target:start] + words[start + length :]
    if target > start + length:
        return words[:start] + words[start + length : target] + block + words[target:]
    return words[:start] + words[start + length : target + length] + block + words[target + length :]


def shift_rank(gain: int, length: int, hyp_start: int, target: int) -> tuple[int, int, int, int]:
    """How candidate shifts are ranked (larger is better), as a tuple compared
    lexicographically: the largest reduction of the edit distance, then the longest block,
    then the earliest block start, then the earliest target: ``(gain, length, -hyp_start,
    -target)``. Two candidates with equal ranks are the same shift. (Tercom's order.)"""
    return (gain, length, -hyp_start, -target)


def best_shift(hyp: list[str], ref: list[str], checked: int) -> tuple[int, list[str], int]:
    """One round of the greedy search: the best shift of ``hyp`` towards ``ref``.

    With ``(distance, trace) = edit_distance_with_trace(hyp, ref)`` and the alignment of
    that trace, visit ``matching_spans`` in order; for every span that is
    ``worth_shifting``, move it to each of its ``shift_targets`` in order; each move is one
    candidate: its gain is ``distance`` minus the edit distance of the moved words, and
    ``checked`` grows by one. The first candidate with the highest ``shift_rank`` is kept.
    After all the targets of a span, if ``checked >= MAX_SHIFT_CANDIDATES`` the search stops
    (the count ``checked`` is carried over from the earlier rounds).

    Returns ``(gain, words, checked)`` of the best candidate, or ``(0, hyp, checked)`` if
    there was none. The gain may be zero or negative. (sacreBLEU ``_shift``.)
    """
    distance, trace = edit_distance_with_trace(hyp, ref)
    align, ref_errors, hyp_errors = alignment_from_trace(trace)
    best_rank, best_words = None, hyp
    for hyp_start, ref_start, length in matching_spans(hyp, ref):
        if not worth_shifting(hyp_start, ref_start, length, align, ref_errors, hyp_errors):
            continue
        for target in shift_targets(ref_start, length, align):
            moved = move_block(hyp, hyp_start, length, target)
            gain = distance - edit_distance_with_trace(moved, ref)[0]
            rank = shift_rank(gain, length, hyp_start, target)
            checked += 1
            if best_rank is None or rank > best_rank:
                best_rank, best_words = rank, moved
        if checked >= MAX_SHIFT_CANDIDATES:
            break
    if best_rank is None:
        return 0, hyp, checked
    return best_rank[0], best_words, checked


def edits_with_shifts(hyp: list[str], ref: list[str]) -> tuple[int, int]:
    """The TER edit count of ``hyp`` against one reference, and the reference length.

    An empty reference gives ``(len(hyp), 0)``: every hypothesis word is deleted. Otherwise
    the shift loop: ``best_shift`` repeatedly; stop as soon as the cumulative candidate
    count reaches ``MAX_SHIFT_CANDIDATES`` -- the shift found in that round is then
    *discarded*, even if it helps -- or the best gain is not positive; otherwise apply the
    shift, count one edit for it and go on. The count is the number of shifts applied plus
    ``edit_distance_with_trace`` of the final words. (sacreBLEU
    ``translation_edit_rate``; Snover et al. 2006, section 2.)
    """
    if not ref:
        return len(hyp), 0
    shifts = 0
    checked = 0
    words = hyp
    while True:
        gain, shifted, checked = best_shift(words, ref, checked)
        if checked >= MAX_SHIFT_CANDIDATES:
            break
        if gain <= 0:
            break
        shifts += 1
        words = shifted
    return shifts + edit_distance_with_trace(words, ref)[0], len(ref)


def ter_stats(
    hyp: str,
    refs: list[str],
    *,
    normalized: bool = False,
    no_punct: bool = False,
    asian_support: bool = False,
    case_sensitive: bool = False,
) -> list:
    """The two TER statistics of one hypothesis: ``[E, L]``.

    Every line goes through ``ter_words``. For each reference k, in order,
    ``(e_k, len_k) = edits_with_shifts(hyp, ref_k)``; E is the smallest e_k (an int; the
    first of equal minima, which does not matter for the value), L = ``sum(len_k) / K``,
    the *average* reference length (a float; an empty reference counts as length 0). E and
    L may come from different references: ``'a b'`` against ``''`` and ``'a b c'`` gives
    ``[1, 1.5]``. ``refs`` is the list of references of ``hyp`` (a bare string is a
    TypeError). A line of more than ``MAX_WORDS`` words is refused (``check_lengths``)
    before any search. (sacreBLEU ``TER._compute_segment_statistics``.)
    """
    check_text(hyp, "hyp")
    refs = check_references(refs)
    options = dict(normalized=normalized, no_punct=no_punct, asian_support=asian_support,
                   case_sensitive=case_sensitive)
    hyp_words = ter_words(hyp, **options)
    refs_words = [ter_words(ref, **options) for ref in refs]
    check_lengths(len(hyp_words), [len(words) for words in refs_words], "hyp")
    best_edits = INFINITY
    total_length = 0
    for ref_words in refs_words:
        edits, length = edits_with_shifts(hyp_words, ref_words)
        total_length += length
        if edits < best_edits:
            best_edits = edits
    return [best_edits, total_length / len(refs)]


def check_ter_stats(stats) -> list:
    """TER's statistics ``[E, L]``: E a count, L an average of counts (fractional; 0 for
    empty references), both finite, >= 0 and at most 2**53 (``check_counts``). Returns
    the entries."""
    return check_counts(stats, 2, "TER stats", fractional=(1,))


def ter_from_stats(stats) -> float:
    """TER on the 0..100 scale from (summed) statistics ``[E, L]``:
    ``100 * (E / L)`` if L > 0; otherwise 100.0 if E > 0 (words against empty references)
    and 0.0 if E = 0 (empty against empty). TER is not capped: it exceeds 100 when there are
    more edits than reference words. (sacreBLEU ``TER._compute_score_from_stats``.)

    E is a count and L an average of counts (fractional; 0 for empty references): both
    finite and >= 0, E whole (``check_counts``), where sacreBLEU scores ``[-1, 3]`` -33.33."""
    edits, length = check_ter_stats(stats)
    if length > 0:
        rate = edits / length
    elif edits > 0:
        rate = 1.0
    else:
        rate = 0.0
    return 100 * rate


# ``ter`` and ``sentence_ter``: declared once in ``api.py``, made from the registered
# definition on first use (``bleuprint.core.one_call``).
__getattr__ = one_call_functions(__name__)
