"""WER, CER, MER, WIL and WIP as jiwer 4.0.0 computes them (its ``process_words`` and
``process_characters`` with their default transforms), on rapidfuzz 3.14.6's alignment.

Read beside the definition (jiwer 4.0.0 ``process.py``, ``transformations.py``,
``transforms.py``; rapidfuzz-cpp ``distance/Levenshtein_impl.hpp``, ``recover_alignment``):

* **Words** (``words``, jiwer's ``wer_default``): every run of two or more white-space
  characters (Python ``re``'s Unicode ``\\s``: tab, newline, no-break space, ...) becomes
  one space (``RemoveMultipleSpaces``), the text is stripped of white space at both ends
  (``Strip``, ``str.strip()``), and split on the space character ``" "`` only, empty
  pieces dropped (``ReduceToListOfListOfWords``). So a *single* tab or no-break space
  between two words is part of one word ("a\\tb" is one word), while a tab next to a
  space (or two tabs) is a separator. Case is kept.
* **Characters** (``characters``, ``cer_default``): the stripped text, one element per
  code point; inner spaces are characters and runs are *not* collapsed.
* **Alignment counts** (``alignment_counts``): rapidfuzz's ``Levenshtein.opcodes(ref,
  hyp)`` (unit costs) picks one alignment among the equally cheap ones; hits H,
  substitutions S, deletions D (reference elements dropped) and insertions I
  (hypothesis elements added) are counted from it. Its choice, written as a literal
  procedure: (1) the common prefix and the common suffix of the two sequences are
  matched first (``common_affix``; the prefix is taken before the suffix, so they never
  overlap); (2) on what remains, the table D[i][j] (``distance_table``: D[i][0] = i,
  D[0][j] = j, D[i][j] = min(D[i-1][j] + 1, D[i][j-1] + 1, D[i-1][j-1] + [r_i != h_j]))
  is read back from (n, m): while i > 0 and j > 0, **delete** r_i when D[i][j] =
  D[i-1][j] + 1; else **insert** h_j when D[i][j-1] + 1 = D[i-1][j-1] (possible only for
  j > 1); else step diagonally (a hit when r_i = h_j, else a substitution); the rest of
  the reference is deleted, the rest of the hypothesis inserted (``back_trace``). This is
  rapidfuzz's bit-parallel back-trace (its VP bit is D[i][j] - D[i-1][j] = +1, its VN bit
  D[i][j-1] - D[i-1][j-1] = -1) in table form. The split is not symmetric: ref "a b",
  hyp "b c" gives S 2, while ref "b c", hyp "a b" gives H 1, D 1, I 1.

  (3) For very long pairs rapidfuzz does not read one table back but splits (Hirschberg):
  when, after the affix step, n >= 65, m >= 10 and its 2-bit table of the band (n wide for
  the whole pair; min(n, 2d + 1) for a part at distance d; over m) reaches 1 MiB
  (``needs_split``; e.g. two lines of 2,050 characters), the hypothesis is cut at m // 2, the
  reference at the first i minimising D(r[:i], h[:m//2]) + D(r[i:], h[m//2:])
  (``split_point``), and each half is aligned by the same procedure, affix step first.
  The split changes H, S, D, I (not the distance) on about one such pair in ten.
* **Statistics row** (``segment_row``): ``[H, S, D, I, N_ref, N_hyp]``, N the lengths in
  words (or characters). jiwer takes one reference per hypothesis: a segment with more
  than one reference is refused (ValueError), never reduced to one.
* **Pooling**: jiwer sums H, S, D, I and the lengths over every pair of a list, then
  computes each measure once (``measure_from_counts``), not a mean of per-sentence
  values. With the sums H, S, D, I, N_ref, N_hyp, as jiwer 4.0.0 does:

  - N_ref > 0: WER = (S + D + I) / (H + S + D); MER = (S + D + I) / (H + S + D + I);
    WIP = (H / N_ref) (H / N_hyp), 0 when N_hyp = 0; WIL = 1 - WIP. CER is WER on
    characters. An empty reference inside a corpus just adds its insertions.
  - N_ref = 0 (every reference empty after the transform): WER = I (the number of
    inserted words, a count, not a rate); MER = 1, WIP = 0 when N_hyp > 0; MER = 0,
    WIP = 1 (so WER 0, WIL 0) when the hypotheses are empty too.

No numpy here; one function per definition.
"""

from __future__ import annotations

import re

from ...spec.inputs import check_counts, check_text

#: The oracle whose numbers this reproduces.
JIWER_VERSION = "4.0.0"
RAPIDFUZZ_VERSION = "3.14.6"

#: The columns of a statistics row.
COLUMNS = ("hits", "substitutions", "deletions", "insertions", "ref_len", "hyp_len")
N_COLUMNS = len(COLUMNS)

#: The measures, and the unit each is computed on.
MEASURES = ("wer", "cer", "mer", "wil", "wip")
UNITS = ("words", "characters")
UNIT_OF = {"wer": "words", "cer": "characters", "mer": "words", "wil": "words", "wip": "words"}

_RUNS_OF_SPACE = re.compile(r"\s\s+")


def words(text: str) -> list[str]:
    """jiwer's ``wer_default``: runs of 2+ white-space characters become one space, the
    ends are stripped, the text is split on ``" "`` only (empty pieces dropped)."""
    return [w for w in _RUNS_OF_SPACE.sub(" ", text).strip().split(" ") if len(w) >= 1]


def characters(text: str) -> list[str]:
    """jiwer's ``cer_default``: the stripped text's code points, inner spaces kept."""
    return list(text.strip())


def units(text: str, unit: str) -> list[str]:
    """The sequence an alignment runs on: ``words`` or ``characters`` of ``text``."""
    if unit == "words":
        return words(text)
    if unit == "characters":
        return characters(text)
    raise ValueError(f"unknown unit {unit!r}: expected one of {', '.join(UNITS)}")


def common_affix(ref: list, hyp: list) -> tuple[int, int]:
    """The lengths of the common prefix, then of the common suffix of what is left."""
    prefix = 0
    while prefix < len(ref) and prefix < len(hyp) and ref[prefix] == hyp[prefix]:
        prefix += 1
    suffix = 0
    while (suffix < len(ref) - prefix and suffix < len(hyp) - prefix
           and ref[len(ref) - 1 - suffix] == hyp[len(hyp) - 1 - suffix]):
        suffix += 1
    return prefix, suffix


def distance_table(ref: list, hyp: list) -> list[list[int]]:
    """The Levenshtein table D (unit costs), D[i][j] the distance of ref[:i] and hyp[:j]."""
    table = [[0] * (len(hyp) + 1) for _ in range(len(ref) + 1)]
    for i in range(len(ref) + 1):
        table[i][0] = i
    for j in range(len(hyp) + 1):
        table[0][j] = j
    for i in range(1, len(ref) + 1):
        for j in range(1, len(hyp) + 1):
            table[i][j] = min(table[i - 1][j] + 1, table[i][j - 1] + 1,
                              table[i - 1][j - 1] + (ref[i - 1] != hyp[j - 1]))
    return table


def back_trace(ref: list, hyp: list) -> tuple[int, int, int, int]:
    """``(H, S, D, I)`` of rapidfuzz's back-trace of the whole table (module doc, step 2)."""
    table = distance_table(ref, hyp)
    i, j = len(ref), len(hyp)
    hits = substitutions = deletions = insertions = 0
    while i > 0 and j > 0:
        if table[i][j] == table[i - 1][j] + 1:
            deletions += 1
            i -= 1
        elif table[i][j - 1] + 1 == table[i - 1][j - 1]:
            insertions += 1
            j -= 1
        else:
            if ref[i - 1] == hyp[j - 1]:
                hits += 1
            else:
                substitutions += 1
            i -= 1
            j -= 1
    deletions += i
    insertions += j
    return hits, substitutions, deletions, insertions


#: rapidfuzz's size rule for Hirschberg's split (``levenshtein_align_hirschberg``): the
#: 2-bit table of the band, in bytes, from which it no longer builds the whole table.
HIRSCHBERG_BYTES = 1024 * 1024


def needs_split(n: int, m: int, distance: int | None) -> bool:
    """Whether rapidfuzz splits an n x m problem (after its affix step) rather than reading
    one table back: its band is min(n, 2 max + 1) reference elements wide, where max is the
    bound it knows on the distance (for the whole pair, which ``Levenshtein.opcodes`` is
    called on without a score hint, the longer length: the band is n; for a part of a
    split, the part's ``distance``), and it splits when the band's 2-bit table over m
    hypothesis elements reaches ``HIRSCHBERG_BYTES`` and n >= 65 and m >= 10."""
    band = n if distance is None else min(n, 2 * distance + 1)
    return not (2 * band * m // 8 < HIRSCHBERG_BYTES or n < 65 or m < 10)


def split_point(ref: list, hyp: list) -> int:
    """Hirschberg's split of the reference for the hypothesis cut at m // 2: the first i
    (smallest) minimising D(ref[:i], hyp[:m // 2]) + D(ref[i:], hyp[m // 2:])."""
    middle = len(hyp) // 2
    left = [row[middle] for row in distance_table(ref, hyp[:middle])]
    right = [row[len(hyp) - middle] for row in distance_table(ref[::-1], hyp[middle:][::-1])]
    totals = [left[i] + right[len(ref) - i] for i in range(len(ref) + 1)]
    return totals.index(min(totals))


def alignment_counts(ref: list, hyp: list, whole_pair: bool = True) -> tuple[int, int, int, int]:
    """``(H, S, D, I)`` of rapidfuzz's ``Levenshtein.opcodes(ref, hyp)``: the common prefix
    and suffix are hits; the middle is read back (``back_trace``), unless rapidfuzz splits
    it (``needs_split``: very long, very different pairs), in which case the reference is
    cut at ``split_point`` against the hypothesis' halves and each half (a part:
    ``whole_pair`` false) is aligned the same way, its own affix step first, the counts
    added."""
    prefix, suffix = common_affix(ref, hyp)
    ref, hyp = ref[prefix:len(ref) - suffix], hyp[prefix:len(hyp) - suffix]
    n, m = len(ref), len(hyp)
    split = n >= 65 and m >= 10 and 2 * n * m // 8 >= HIRSCHBERG_BYTES  # else it cannot split
    if split:
        split = needs_split(n, m, None if whole_pair else distance_table(ref, hyp)[-1][-1])
    if split:
        cut, middle = split_point(ref, hyp), len(hyp) // 2
        first = alignment_counts(ref[:cut], hyp[:middle], False)
        second = alignment_counts(ref[cut:], hyp[middle:], False)
        hits, substitutions, deletions, insertions = (a + b for a, b in zip(first, second))
    else:
        hits, substitutions, deletions, insertions = back_trace(ref, hyp)
    return hits + prefix + suffix, substitutions, deletions, insertions


def check_unit(unit: object) -> str:
    from ...spec.inputs import check_choice

    return check_choice(unit, UNITS, "unit")


def single_reference(refs: object, what: str = "refs") -> str:
    """The one reference of a segment: jiwer aligns each hypothesis with one reference."""
    from ...spec.inputs import check_references

    refs = check_references(refs, what)
    if len(refs) != 1:
        raise ValueError(f"{what} has {len(refs)} references: jiwer's WER/CER/MER/WIL/WIP take exactly one "
                         f"reference per hypothesis (score each reference stream apart)")
    return refs[0]


def check_wer_corpus(hyps: object, refs: object) -> tuple[list[str], list[list[str]]]:
    """A corpus in bleuprint's order: ``hyps`` N strings, ``refs[i]`` the list holding
    hyps[i]'s one reference. ``refs`` given as a list of strings (jiwer's layout, where
    each item is a reference itself) can never be bleuprint's, and is refused with the way
    to jiwer's order."""
    from ...spec.inputs import check_corpus

    if isinstance(refs, (list, tuple)) and refs and all(isinstance(r, str) for r in refs):
        raise TypeError("refs is a list of str: bleuprint's WER functions take (hyps, refs) with refs[i] = "
                        "[reference of hyps[i]]; for jiwer's order (reference, hypothesis) use "
                        "bleuprint.compat.jiwer")
    hyps, refs = check_corpus(hyps, refs)
    for k, group in enumerate(refs):
        single_reference(group, f"refs[{k}]")
    return hyps, refs


def segment_row(hyp: str, refs: list, unit: str = "words") -> list[int]:
    """One segment's row ``[H, S, D, I, N_ref, N_hyp]`` (``refs``: its one reference)."""
    check_text(hyp, "hyp")
    ref = single_reference(refs)
    unit = check_unit(unit)
    ref_units, hyp_units = units(ref, unit), units(hyp, unit)
    return [*alignment_counts(ref_units, hyp_units), len(ref_units), len(hyp_units)]


def check_row(summed: object, what: str = "summed") -> list[int]:
    """Summed statistics ``[H, S, D, I, N_ref, N_hyp]``: whole counts >= 0 with
    H + S + D = N_ref and H + S + I = N_hyp (every alignment's identities)."""
    values = [int(v) for v in check_counts(summed, N_COLUMNS, what)]
    hits, substitutions, deletions, insertions, ref_len, hyp_len = values
    if hits + substitutions + deletions != ref_len:
        raise ValueError(f"{what}: hits + substitutions + deletions must equal ref_len, got "
                         f"{hits} + {substitutions} + {deletions} != {ref_len}")
    if hits + substitutions + insertions != hyp_len:
        raise ValueError(f"{what}: hits + substitutions + insertions must equal hyp_len, got "
                         f"{hits} + {substitutions} + {insertions} != {hyp_len}")
    return values


def measure_from_counts(summed: list, measure: str = "wer"):
    """One of jiwer's measures of the summed counts (module doc, "Pooling"), with jiwer's
    types: a float, or on an empty reference side the int that jiwer returns (WER = I;
    MER, WIP, WIL 0 or 1)."""
    from ...spec.inputs import check_choice

    measure = check_choice(measure, MEASURES, "measure")
    hits, substitutions, deletions, insertions, ref_len, hyp_len = check_row(summed)
    if ref_len == 0:
        wer = insertions
        mer, wip = (0, 1) if hyp_len == 0 else (1, 0)
    else:
        wer = float(substitutions + deletions + insertions) / float(hits + substitutions + deletions)
        mer = float(substitutions + deletions + insertions) / float(hits + substitutions + deletions + insertions)
        wip = (float(hits) / ref_len) * (float(hits) / hyp_len) if hyp_len >= 1 else 0
    values = {"wer": wer, "cer": wer, "mer": mer, "wip": wip, "wil": 1 - wip}
    return values[measure]


def corpus_counts(hyps, refs, unit: str = "words") -> list[int]:
    """The pooled row of a corpus: the column sums of every segment's row."""
    hyps, refs = check_wer_corpus(hyps, refs)
    unit = check_unit(unit)
    rows = [segment_row(h, r, unit) for h, r in zip(hyps, refs)]
    return [sum(column) for column in zip(*rows)]


def _corpus(measure: str, hyps, refs) -> float:
    return float(measure_from_counts(corpus_counts(hyps, refs, UNIT_OF[measure]), measure))


def wer_stats(hyp: str, refs: list) -> list[int]:
    """One segment's word row ``[H, S, D, I, N_ref, N_hyp]``."""
    return segment_row(hyp, refs, "words")


def cer_stats(hyp: str, refs: list) -> list[int]:
    """One segment's character row ``[H, S, D, I, N_ref, N_hyp]``."""
    return segment_row(hyp, refs, "characters")


def wer(hyps, refs) -> float:
    """Corpus WER (bleuprint's order: hypotheses first; ``refs[i]`` = ``[reference]``).
    jiwer's order (reference first) is ``bleuprint.compat.jiwer.wer``."""
    return _corpus("wer", hyps, refs)


def cer(hyps, refs) -> float:
    """Corpus CER (hypotheses first; jiwer's order: ``bleuprint.compat.jiwer.cer``)."""
    return _corpus("cer", hyps, refs)


def mer(hyps, refs) -> float:
    """Corpus MER (hypotheses first; jiwer's order: ``bleuprint.compat.jiwer.mer``)."""
    return _corpus("mer", hyps, refs)


def wil(hyps, refs) -> float:
    """Corpus WIL (hypotheses first; jiwer's order: ``bleuprint.compat.jiwer.wil``)."""
    return _corpus("wil", hyps, refs)


def wip(hyps, refs) -> float:
    """Corpus WIP (hypotheses first; jiwer's order: ``bleuprint.compat.jiwer.wip``)."""
    return _corpus("wip", hyps, refs)
