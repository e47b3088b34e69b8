"""The audit's own variants of the spec: what real metric libraries do differently.

Each is a *planted mutant* in the catalogue's sense (``bleuprint.mutants.model.Mutant``: a
stable id, the spec functions it replaces, the fault in words, a witness input on which it
differs from the spec) that only the audit uses: it is not a fault bleuprint's own tests
must kill, it is a nearby definition a library may have chosen. ``classify.Context`` lists
them beside the catalogue's mutants, and the tracer keeps those whose functions the spec
run of the audited metric reaches.

Unlike the catalogue's mutants, these *combine*: a library may keep the case of its
tokens and count n-grams as sets at once. A variant therefore does not replace a function
by a fixed fault; every variant of one function installs the same replacement, which
reads the *settings* switched on (``ACTIVE``) when it runs. ``patches_of(ids)`` gives the
union of the patches of several variants, and ``settings(ids)`` the settings to switch on
with them (``classify.Context.switched`` installs the union of their patches).

ROUGE (``bleuprint.metrics.rouge.spec``, rouge-score's definition):

* ``v01`` case-sensitive tokens (rouge-score lowercases);
* ``v02`` white-space tokens: punctuation stays glued to its word (rouge-score splits at
  every character outside ``[a-z0-9]``);
* ``v03`` n-grams counted as sets (each distinct n-gram once), not clipped multisets;
* ``v04`` English stop words removed before counting (``STOP_WORDS``);
* ``v05`` 1e-8 added to the F denominator: F = 2PR / (P + R + 1e-8);
* ``v06`` the corpus F is F of the mean P and the mean R, not the mean of the F values;
* ``v07`` white-space tokens where a "." separates words too (sentences cut at ".");
* ``v08`` a text of white space only is one empty token (``" ".split(" ")`` after normalising);
* ``v12`` stop words removed before counting, the list given by the library: its adapter reads
  it from the installed package at audit time (``Subject.stop_words``); where a subject gives
  one, v12 replaces v04 (whose list is the audit's own) among the candidates.

* ``v10`` with several references the matches and the sizes are summed over them (ROUGE-1.5.5's
  pooling, sumeval's ``rouge_n`` and rouge-metric's ``multi_ref_mode="average"``): P = sum of
  the matches / (k x the hypothesis's n-grams), R = sum of the matches / the references'
  n-grams summed (rouge-score takes the best reference by F);
* ``v11`` ROUGE-L is the summary-level union LCS over sentences cut at every "." (the ``rouge``
  package's ``rouge_l_summary_level``): each reference sentence's LCS with each hypothesis
  sentence, united; with v03 (sets) the union and both sizes count distinct words, as that
  package's ``Ngrams(exclusive=True)`` does, its LCS read back going up on ties.

chrF (``bleuprint.metrics.chrf.spec``, sacreBLEU's definition):

* ``v13`` before the character n-grams only the ASCII space U+0020 is removed, after the ends
  are stripped of all white space: other white space inside the text (the ideographic space
  U+3000, the no-break space, a tab) is a character (torchmetrics' ``_get_characters``:
  ``sentence.strip().replace(" ", "")``); sacreBLEU removes all white space ``str.split``
  sees;
* ``v14`` a segment none of whose references scores above 0 adds no reference statistics
  (its hypothesis n-grams still count): the best reference is the first whose sentence
  score beats a start value of 0 (torchmetrics' ``_calculate_sentence_level_chrf_score``,
  ``if f_score > best_f_score`` from ``tensor(0.0)``); sacreBLEU starts below 0, so a
  segment's first reference is kept even at 0;
* ``v15`` the white space removed before the character n-grams is Unicode's White_Space (what
  the ``regex`` module's ``\\s`` matches, nltk's ``re.sub(r"\\s+", "", sent)`` through
  ``nltk.redos``): the information separators U+001C to U+001F, which ``str.split`` also takes
  for white space, are characters.

TER (``bleuprint.metrics.ter.spec``, sacreBLEU's definition):

* ``v16`` the edit search runs with the two swapped (the reference shifted towards the
  hypothesis), the reference's length kept, and an empty hypothesis counts 0 edits
  (torchmetrics' ``_compute_sentence_statistics`` calls ``_translation_edit_rate(tgt_words,
  pred_words)``, whose guard ``if len(target_words) == 0: return tensor(0.0)`` then sees the
  hypothesis). The catalogue's r07 swaps the reference length too.

BLEU (``bleuprint.metrics.bleu.spec``, sacreBLEU's definition):

* ``v09`` smoothing applied to the orders without hypothesis n-grams (their denominator taken
  as 1), as pytorch-ignite's ``smooth1`` and nltk's ``method3`` do; sacreBLEU stops there.
"""

from __future__ import annotations

import re
from collections import Counter

from ..mutants.model import Mutant

#: The settings switched on while the audit scores a variant (module doc).
ACTIVE: dict = {}

RS = "bleuprint.metrics.rouge.spec:"
TS = "bleuprint.metrics.ter.spec:"
CS = "bleuprint.metrics.chrf.spec:"
BS = "bleuprint.metrics.bleu.spec:"

#: English stop words of the kind ROUGE-1.5.5-style lists hold: function words (articles,
#: pronouns, auxiliaries, prepositions, conjunctions), every single letter, and weekday and
#: month abbreviations. Written for the audit, not copied from a library: where a library's
#: list has more, the inputs it shows on stay unexplained.
STOP_WORDS = frozenset("abcdefghijklmnopqrstuvwxyz") | frozenset("""
mon tue wed thu fri sat sun jan feb mar apr may jun jul aug sep oct nov dec
a an the and or but if then so than too very of in on at by for with from to into onto over under about
as is am are was were be been being do does did done have has had having i me my we our you your he him
his she her it its they them their this that these those there here what which who whom whose when where
why how all any both each few more most other some such no nor not only own same can will just should now
""".split())

#: The value of the ``stop_words`` setting of v12: the list is the library's, given by the
#: subject (``settings``' ``given``), not ``STOP_WORDS``.
LIBRARY_LIST = "library"

_TOKEN = {(False, False): re.compile(r"[a-z0-9]+"), (True, False): re.compile(r"[A-Za-z0-9]+")}


def _rouge_tokenize(original):
    """rouge-score's tokenizer under the tokenizer settings (v01, v02, v04)."""
    def tokenize(text, use_stemmer=False):
        case, spaces, stop = ACTIVE.get("case_sensitive"), ACTIVE.get("whitespace_tokens"), ACTIVE.get("stop_words")
        periods, blank = ACTIVE.get("period_splits"), ACTIVE.get("blank_token")
        if not (case or spaces or stop or periods or blank):
            return original(text, use_stemmer)
        if blank and text and not text.strip():
            return [""]
        spaces = spaces or periods
        if not (case or spaces or stop):
            return original(text, use_stemmer)
        text = text if case else text.lower()
        if spaces and periods:
            text = text.replace(".", " ")
        tokens = text.split() if spaces else _TOKEN[(bool(case), False)].findall(text)
        if stop:
            words = ACTIVE["stop_word_list"] if stop == LIBRARY_LIST else STOP_WORDS
            tokens = [t for t in tokens if t.lower() not in words]
        if use_stemmer:
            from ..metrics.rouge.spec import stem_tokens

            return stem_tokens(tokens)
        return tokens
    return tokenize


def _rouge_ngram_counts(original):
    """Counts of n-grams; with v03 each distinct n-gram counts once (a set)."""
    def ngram_counts(tokens, n):
        counts = original(tokens, n)
        if ACTIVE.get("ngram_sets"):
            return Counter(dict.fromkeys(counts, 1))
        return counts
    return ngram_counts


def _rouge_fmeasure(original):
    """F1; with v05, 2PR / (P + R + 1e-8)."""
    def fmeasure(precision, recall):
        if ACTIVE.get("f_epsilon"):
            return 2 * precision * recall / (precision + recall + ACTIVE["f_epsilon"])
        return original(precision, recall)
    return fmeasure


def _rouge_from_stats(original):
    """The corpus value; with v06 and the F measure, F of the mean P and R."""
    def rouge_from_stats(summed, n_segments, measure="fmeasure"):
        if ACTIVE.get("f_of_means") and measure == "fmeasure":
            from ..metrics.rouge.spec import fmeasure

            return fmeasure(float(summed[0]) / n_segments, float(summed[1]) / n_segments)
        return original(summed, n_segments, measure)
    return rouge_from_stats


def _rouge_best_target_scores(original):
    """(P, R, F) of one segment; with v10 pooled over the references, with v11 (ROUGE-L)
    the union LCS over '.'-sentences (module doc)."""
    def best_target_scores(prediction, targets, rouge_type, use_stemmer=False):
        pool, union = ACTIVE.get("pool_references"), ACTIVE.get("sentence_union_lcs")
        if not (pool or (union and rouge_type == "rougeL")) or rouge_type == "rougeLsum":
            return original(prediction, targets, rouge_type, use_stemmer)
        from ..metrics.rouge import spec

        rows = [_pair_counts(spec, target, prediction, rouge_type, use_stemmer, union) for target in targets]
        if not pool:
            best = None
            for matches, hyp_size, ref_size in rows:
                scores = _prf(spec, matches, hyp_size, ref_size)
                if best is None or scores[2] > best[2]:
                    best = scores
            return best
        return _prf(spec, sum(r[0] for r in rows), sum(r[1] for r in rows), sum(r[2] for r in rows))
    return best_target_scores


def _prf(spec, matches, hyp_size, ref_size):
    precision = matches / hyp_size if hyp_size else 0.0
    recall = matches / ref_size if ref_size else 0.0
    return precision, recall, spec.fmeasure(precision, recall)


def _pair_counts(spec, target, prediction, rouge_type, use_stemmer, union):
    """(matches, hypothesis size, reference size) of one target, under the active settings."""
    if rouge_type == "rougeL" and union:
        cut = lambda text: [spec.tokenize(p, use_stemmer) for p in text.split(".") if p]  # noqa: E731
        return _union_lcs_counts(cut(target), cut(prediction))
    if rouge_type == "rougeL":
        t, p = spec.tokenize(target, use_stemmer), spec.tokenize(prediction, use_stemmer)
        return (spec.lcs_table(t, p)[-1][-1] if t and p else 0), len(p), len(t)
    n = int(rouge_type[5:])
    t = spec.ngram_counts(spec.tokenize(target, use_stemmer), n)
    p = spec.ngram_counts(spec.tokenize(prediction, use_stemmer), n)
    return sum(min(c, p[g]) for g, c in t.items()), sum(p.values()), sum(t.values())


def _union_lcs_counts(target_sentences, prediction_sentences):
    """(union LCS hits, hypothesis size, reference size) over sentences: with sets (v03)
    the distinct words (the ``rouge`` package's), else ROUGE-Lsum's counts."""
    from ..metrics.rouge.spec import lcs_table, rouge_lsum_of_sentences

    m = [w for s in target_sentences for w in s]
    n = [w for s in prediction_sentences for w in s]
    if not ACTIVE.get("ngram_sets"):
        precision, recall, _ = rouge_lsum_of_sentences(target_sentences, prediction_sentences)
        return precision * len(n), len(n), len(m)
    union: set = set()
    for reference in target_sentences:
        for sentence in prediction_sentences:
            table = lcs_table(reference, sentence)
            i, j = len(reference), len(sentence)
            while i > 0 and j > 0:  # read back going up on ties
                if reference[i - 1] == sentence[j - 1]:
                    union.add(reference[i - 1])
                    i, j = i - 1, j - 1
                elif table[i - 1][j] > table[i][j - 1]:
                    i -= 1
                else:
                    j -= 1
    return len(union), len(set(n)), len(set(m))


def _bleu_precisions(original):
    """BLEU's precisions; with v09 an order without hypothesis n-grams is smoothed as one
    with no match over one n-gram (the denominator max(1, t_n)), not left at 0."""
    def bleu_precisions(matches, totals, smooth_method="exp", smooth_value=None, effective_order=False):
        if ACTIVE.get("smooth_empty_orders"):
            totals = [t if t else 1 for t in totals]
        return original(matches, totals, smooth_method, smooth_value, effective_order)
    return bleu_precisions


#: What ``str.isspace`` counts as white space and Unicode's White_Space property does not (v15).
INFORMATION_SEPARATORS = frozenset("\x1c\x1d\x1e\x1f")


def _chrf_char_ngram_counts(original):
    """chrF's character n-gram counts; with v13 only U+0020 is removed, after stripping;
    with v15 the White_Space characters (not U+001C-U+001F)."""
    def char_ngram_counts(line, n, whitespace=False):
        if ACTIVE.get("ascii_space_only") and not whitespace:
            return original(line.strip().replace(" ", ""), n, True)
        if ACTIVE.get("unicode_white_space") and not whitespace:
            kept = "".join(c for c in line if not c.isspace() or c in INFORMATION_SEPARATORS)
            return original(kept, n, True)
        return original(line, n, whitespace)
    return char_ngram_counts


def _chrf_stats(original):
    """One segment's chrF statistics; with v14, a segment whose best reference has no
    matching n-gram (its sentence score 0) keeps its hypothesis totals only."""
    def chrf_stats(hyp, refs, n=6, beta=2, *, word_order=0, lowercase=False, whitespace=False,
                   eps_smoothing=False):
        stats = original(hyp, refs, n, beta, word_order=word_order, lowercase=lowercase, whitespace=whitespace,
                         eps_smoothing=eps_smoothing)
        if ACTIVE.get("zero_score_no_reference") and not any(stats[2::3]):
            # no n-gram matches: torchmetrics' F is exactly 0 (its P and R are 0, not an
            # epsilon, where a count is 0), so no reference beats the start value
            stats = [v if i % 3 == 0 else 0 for i, v in enumerate(stats)]
        return stats
    return chrf_stats


def _chrf_witness(hyps: list, refs: list):
    def run():
        from ..spec.corpus import corpus_score

        return corpus_score("chrf", hyps, refs)
    return run


def _ter_edits(original):
    """TER's edits against one reference; with v16 searched with the two swapped, the
    reference's length kept, 0 edits for an empty hypothesis."""
    def edits_with_shifts(hyp, ref):
        if ACTIVE.get("ter_swapped_edits"):
            return (original(ref, hyp)[0] if hyp else 0), len(ref)
        return original(hyp, ref)
    return edits_with_shifts


def _ter_witness():
    from ..spec.corpus import corpus_score

    return corpus_score("ter", [""], [["b"]])


def _bleu_witness():
    from ..spec.corpus import corpus_score

    return corpus_score("bleu", ["a b"], [["a b c"]])


def _witness(options: dict, hyp: str, refs: list, **rouge):
    def run():
        from ..spec.corpus import corpus_score
        from ..core.value import metric

        return corpus_score(metric("rouge", **rouge), [hyp] if isinstance(hyp, str) else hyp,
                            [refs] if isinstance(hyp, str) else refs)
    return run


def _variant(id_: str, fault: str, setting: tuple, patches: dict, witness) -> Mutant:
    mutant = Mutant(id_, "audit variant", fault, fault, "the audit's explanation of a library", patches, witness,
                    semantic=True)
    SETTINGS[id_] = setting
    return mutant


#: Variant id -> (setting name, value) it switches on.
SETTINGS: dict = {}

VARIANTS = [
    _variant("v01", "tokens keep their case (no lowercasing)", ("case_sensitive", True),
             {RS + "tokenize": _rouge_tokenize}, _witness({}, "The cat", ["the cat"])),
    _variant("v02", "tokens are the white-space-separated words (punctuation is not split off)",
             ("whitespace_tokens", True), {RS + "tokenize": _rouge_tokenize}, _witness({}, "cat.", ["cat"])),
    _variant("v03", "n-grams are counted as sets (each distinct n-gram once), not clipped multisets",
             ("ngram_sets", True), {RS + "ngram_counts": _rouge_ngram_counts}, _witness({}, "a a", ["a"])),
    _variant("v04", "English stop words are removed before counting", ("stop_words", True),
             {RS + "tokenize": _rouge_tokenize}, _witness({}, "the cat", ["a cat"])),
    _variant("v05", "adds 1e-8 to the F denominator", ("f_epsilon", 1e-8),
             {RS + "fmeasure": _rouge_fmeasure}, _witness({}, "a b", ["a c"])),
    _variant("v06", "the corpus F is F of the mean precision and the mean recall",
             ("f_of_means", True), {RS + "rouge_from_stats": _rouge_from_stats},
             _witness({}, ["a b", "a"], [["a"], ["a b c"]])),
    _variant("v07", "tokens are the words between white space and '.' (the text is cut into sentences at every "
             "'.'; other punctuation is not split off)", ("period_splits", True),
             {RS + "tokenize": _rouge_tokenize}, _witness({}, "a.b,", ["a b"])),
    _variant("v08", "a text of white space only is one empty token (it matches another such text)",
             ("blank_token", True), {RS + "tokenize": _rouge_tokenize}, _witness({}, " ", [" "])),
    _variant("v12", "stop words are removed before counting, with the library's own list (read from the installed "
             "package)", ("stop_words", LIBRARY_LIST), {RS + "tokenize": _rouge_tokenize},
             _witness({}, "the cat", ["a cat"])),
    _variant("v10", "with several references the matches and the sizes are summed over them (ROUGE-1.5.5's pooling), "
             "not the best reference's", ("pool_references", True),
             {RS + "best_target_scores": _rouge_best_target_scores}, _witness({}, "a b", ["a b", "c d"])),
    _variant("v11", "ROUGE-L is the union LCS over sentences cut at every '.' (summary level), not one LCS",
             ("sentence_union_lcs", True), {RS + "best_target_scores": _rouge_best_target_scores},
             _witness({}, "c. a b", ["a b c"], rouge_type="rougeL")),
    _variant("v13", "only the ASCII space is removed before the character n-grams (the ends stripped of all white "
             "space): other white space inside the text, such as U+3000 or a no-break space, is a character",
             ("ascii_space_only", True), {CS + "char_ngram_counts": _chrf_char_ngram_counts},
             _chrf_witness(["d\u3000e"], [["d e"]])),
    _variant("v15", "the white space removed before the character n-grams is Unicode's White_Space: the information "
             "separators U+001C to U+001F are characters", ("unicode_white_space", True),
             {CS + "char_ngram_counts": _chrf_char_ngram_counts}, _chrf_witness(["\x1cb"], [["b"]])),
    _variant("v14", "a segment none of whose references scores above 0 adds no reference n-grams (its hypothesis "
             "n-grams still count)", ("zero_score_no_reference", True), {CS + "chrf_stats": _chrf_stats},
             _chrf_witness(["a", "b"], [["a"], ["c"]])),
    _variant("v16", "TER's edits are searched with hypothesis and reference swapped (the reference's length kept), and "
             "an empty hypothesis counts 0 edits", ("ter_swapped_edits", True),
             {TS + "edits_with_shifts": _ter_edits}, _ter_witness),
    _variant("v09", "smoothing is applied to the orders the hypothesis has no n-grams of (denominator max(1, "
             "t_n)), where sacreBLEU stops at the first such order", ("smooth_empty_orders", True),
             {BS + "bleu_precisions": _bleu_precisions}, _bleu_witness),
]

BY_ID = {v.id: v for v in VARIANTS}


def combined(ids: list) -> Mutant:
    """The audit variants ``ids`` switched on together, as one mutant "v03+v11" (they
    combine: module doc): the union of their patches, their faults joined. The ``rouge``
    package's ROUGE-L needs two at once (sets and the sentence union LCS), and neither
    alone gives its value."""
    parts = [BY_ID[i] for i in ids]
    patches: dict = {}
    for part in parts:
        patches.update(part.patches)
    fault = "; and ".join(p.fault for p in parts)
    return Mutant("+".join(ids), "audit variant", fault, fault, "the audit's explanation of a library", patches,
                  parts[0].witness, semantic=True)


def settings(ids, given: dict | None = None) -> dict:
    """The settings the variants among ``ids`` switch on (catalogue mutants have none;
    a combined id "v03+v11" switches on each part's). ``given``: what the subject gives
    (``stop_words``: the library's list, for v12; ValueError when v12 has none)."""
    out = dict(SETTINGS[p] for i in ids for p in i.split("+") if p in SETTINGS)
    if out.get("stop_words") == LIBRARY_LIST:
        words = (given or {}).get("stop_words")
        if not words:
            raise ValueError("v12 needs the library's stop-word list (Subject.stop_words)")
        out["stop_word_list"] = frozenset(w.lower() for w in words)
    return out


__all__ = ["ACTIVE", "BY_ID", "LIBRARY_LIST", "STOP_WORDS", "VARIANTS", "combined", "settings"]
