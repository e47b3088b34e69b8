"""Meteor 1.5 fast: the statistics of ``bleuprint.metrics.meteor.spec`` (the jar of
pycocoevalcap 1.2 with ``-l en -norm``) for a whole corpus at once.

``meteor_rows(hyps, refs)`` is one row per segment of the 23 numbers of the jar's
``SCORE`` answer (``spec.meteor_segment_stats``, listed in ``score``); ``meteor(hyps,
refs)`` the corpus score (``EVAL``'s: computeMetrics of the summed statistics).

How it is fast:

* the -norm text layer runs in C (``_meteor.normalize_lines``, a port of
  ``normalize.normalize_line`` then ``str.lower``, ``norm_lines``), each distinct text once
  per call; the rare texts whose line needs the escaping of runs of dots go through the
  spec's ``spec.words``. The lines' words are numbered in C where they stand
  (``_meteor.intern_lines``: no str a token, one a distinct word). The word layer stays in Python, through the spec's own functions
  (``snowball.stem``; the synonym dictionary ``synonyms.SynonymDictionary``; the function
  words), each distinct word seen once per call, its stem and synset list remembered
  across calls (a word's never change);
* a (hypothesis, reference) pair met again in a call is aligned once;
* every word of the call is reduced to numbers: its Java ``String.hashCode`` and its
  stem's (``Stage.wordsToKeys``, ``StemMatcher``), its id in the paraphrase table's
  vocabulary (``ParaphraseTransducer.translate``), whether it is a function word, and its
  synsets with those of its base forms (``SynonymMatcher``: ``getSynSets`` and
  ``getStemSynSets``, sorted);
* the matchers, the definite matches, the beam search and the statistics of every
  (hypothesis, reference) pair run in C (``bleuprint/impl/csrc/meteor.c``,
  ``_meteor.align_rows``), the pairs cut into parts run on ``native.THREADS`` threads;
  the best reference of a segment is the first with the strictly highest
  ``score.compute_metrics`` (``MeteorScorer.getMeteorStats(String, ArrayList)``).

The paraphrase table. ``data/paraphrase-en.gz`` beside the jar (62 MB, 5.27M entries)
is parsed in C (``_meteor.build_table``) into one blob of flat arrays: the vocabulary
(43,139 words) with its hash, the trie of the source phrases (438,645 states), each
state's entries in file order, the entries' target phrases as word ids. Decompressing
and building take about 7 s (3.3 s + 3.5 s) on the reference machine, so the blob is
cached on disk, derived at run time from the user's own file and never shipped:
``$XDG_CACHE_HOME/bleuprint/``
(default ``~/.cache/bleuprint/``), named ``meteor-paraphrase-v1-<sha256 of the .gz>.bin``
(named by content: a changed file gets a new name, a reinstalled one the same; writing a
new one deletes the folder's other ``meteor-paraphrase-v*.bin``, which are stale), written
to a temporary file in that folder and renamed into place (atomic: a reader never sees
half a file), and
mapped read-only (``mmap``) by later processes: a warm start costs the file's sha256
(about 0.1 s) and the mapping. The blob is checked by its header (magic number and
size); a cache file that fails the check is rebuilt. ``BLEUPRINT_CACHE_DIR`` overrides the folder;
``BLEUPRINT_NO_CACHE=1`` keeps the table in memory only; a folder that cannot be written
falls back to memory. The cache file is about 135 MB and can be deleted at any time.
Resources are loaded once per process (``load_resources``).

Without the compiled kernel (no C compiler, ``BLEUPRINT_NO_NATIVE=1``) the rows are the
spec's, segment by segment.
"""

from __future__ import annotations

import gc
import mmap
import os
import zlib
from itertools import chain

import numpy as np

from ...impl import native
from ...spec.inputs import check_not_empty
from . import score, spec
from .resources import cache_and_prune, cache_dir, file_sha256 as _sha256

__all__ = ["load_resources", "meteor", "meteor_corpus_from_rows", "meteor_rows", "paraphrase_blob", "cache_dir"]

_RESOURCES = None
CACHE_VERSION = "v1"
#: Fewest pairs per part when the pairs are split over threads.
SPLIT_MIN_PAIRS = 500


def _map(path: str):
    with open(path, "rb") as f:
        return mmap.mmap(f.fileno(), 0, access=mmap.ACCESS_READ)


def paraphrase_blob(gz_path: str, kernel=None):
    """The paraphrase table of ``gz_path`` as ``_meteor.build_table``'s blob: mapped from
    the cache when it holds this file's blob, else built (and cached when possible)."""
    kernel = kernel or native.meteor
    use_cache = os.environ.get("BLEUPRINT_NO_CACHE", "") in ("", "0")
    if use_cache:
        name = f"meteor-paraphrase-{CACHE_VERSION}-{_sha256(gz_path)}.bin"
        target = os.path.join(cache_dir(), name)
        if os.path.exists(target):
            try:
                blob = _map(target)
                kernel.word_ids(blob, [])  # checks the header (ValueError if not a blob)
                return blob
            except (OSError, ValueError):
                pass  # unreadable or damaged: rebuilt below
    with open(gz_path, "rb") as f:
        text = zlib.decompress(f.read(), 31)  # 31: the gzip container
    blob = kernel.build_table(text)
    del text
    if use_cache:
        # a folder that cannot be written: the table stays in memory
        cache_and_prune(target, blob, "meteor-paraphrase-v*.bin")
    return blob


class _LazySynsets:
    """The synset file's word -> synsets map with each line of numbers parsed when its
    word is first looked up (parsing all 147,306 took 1 s of every process's start): the
    ``get`` and ``in`` that ``synonyms.SynonymDictionary`` uses, with its values."""

    __slots__ = ("_raw", "_parsed")

    def __init__(self, text: str):
        from .synonyms import java_lines

        lines = java_lines(text)
        if len(lines) % 2:
            lines.pop()  # a word without its line of numbers: the spec's loader skips it too
        self._raw = dict(zip(lines[0::2], lines[1::2]))  # a later line of a word wins, as Hashtable.put
        self._parsed: dict = {}

    def __contains__(self, word) -> bool:
        return word in self._raw

    def get(self, word, default=None):
        value = self._parsed.get(word)
        if value is None:
            line = self._raw.get(word)
            if line is None:
                return default
            from .synonyms import java_tokens

            value = self._parsed[word] = frozenset(int(t) for t in java_tokens(line))
        return value


def fast_synonyms(exceptions: bytes, synsets: bytes):
    """``synonyms.SynonymDictionary`` (the spec's: its ``synsets``, ``stem_synsets`` and
    ``morph``) over a lazily parsed synset map; the exceptions are read as the spec reads
    them."""
    from .synonyms import SynonymDictionary

    dictionary = SynonymDictionary(exceptions, b"")
    dictionary.word_to_synsets = _LazySynsets(synsets.decode("utf-8", "replace"))
    return dictionary


class Resources:
    """What the fast aligner reads: the spec's stemmer, function words and synonym
    dictionary, the paraphrase blob and its ``emit_heads`` (each entry's first target
    word, 21 MB, computed once per process: the aligner skips, unread, the entries whose
    target cannot start in the other line)."""

    def __init__(self, jar=None):
        from . import resources, snowball

        self.jar = resources.find_jar(jar)
        self._stems: dict = {}
        self._synsets: dict = {}
        self._snowball = snowball.stem
        self.function_words = frozenset(resources.function_words(self.jar))
        self.synonyms = fast_synonyms(resources.read_resource(self.jar, "synonym/english.exceptions"),
                                      resources.read_resource(self.jar, "synonym/english.synsets"))
        self.blob = paraphrase_blob(resources.paraphrase_path(self.jar))
        self.heads = native.meteor.emit_heads(self.blob)


    #: Words whose stems are remembered across calls (a word's stem never changes; the
    #: memo is dropped when it grows past this).
    STEM_MEMO = 1 << 20

    def stem(self, word: str) -> str:
        """The spec's Snowball stem, remembered across calls."""
        found = self._stems.get(word)
        if found is None:
            if len(self._stems) >= self.STEM_MEMO:
                self._stems.clear()
            found = self._stems[word] = self._snowball(word)
        return found

    def word_synsets(self, word: str) -> list:
        """``sorted(synsets(word) | stem_synsets(word))`` (what ``SynonymMatcher`` compares),
        remembered across calls as the stems are (a word's synsets never change)."""
        found = self._synsets.get(word)
        if found is None:
            if len(self._synsets) >= self.STEM_MEMO:
                self._synsets.clear()
            syn = self.synonyms
            found = self._synsets[word] = sorted(syn.synsets(word) | syn.stem_synsets(word))
        return found


    def word_arrays(self, vocab: list, kernel) -> tuple:
        """``(hashes, stem_hashes, para, function, syn_off, flat, roots)`` of the words of
        ``vocab`` in its order: the arrays ``rows_from_words`` computes word by word (Java
        hashes of the word and of its stem, paraphrase word id, function word flag, the
        sorted synsets as offsets into one flat array, and the paraphrase trie's state under
        its root), each word's computed once per
        process and kept in growing arrays indexed by a word table (dropped, like the
        memos, past ``STEM_MEMO`` words); a call gathers its vocabulary's rows with numpy."""
        table = getattr(self, "_word_table", None)
        if table is None or len(table["index"]) + len(vocab) > self.STEM_MEMO:
            table = self._word_table = {"index": {}, "hashes": np.zeros(0, np.int32), "stems": np.zeros(0, np.int32),
                                        "para": np.zeros(0, np.int32), "function": np.zeros(0, np.int32),
                                        "roots": np.zeros(0, np.int32),
                                        "syn_start": np.zeros(0, np.int64), "syn_len": np.zeros(0, np.int64),
                                        "flat": np.zeros(0, np.int32)}
        index = table["index"]
        new = [w for w in vocab if w not in index]
        if new:
            fw = self.function_words
            synsets = list(map(self.word_synsets, new))
            lengths = np.fromiter(map(len, synsets), dtype=np.int64, count=len(new))
            starts = len(table["flat"]) + np.concatenate([[0], np.cumsum(lengths)[:-1]]).astype(np.int64)
            flat = np.fromiter(chain.from_iterable(synsets), dtype=np.int32, count=int(lengths.sum()))
            para = np.asarray(kernel.word_ids(self.blob, new), dtype=np.int32)
            grown = {
                "hashes": np.frombuffer(kernel.java_hashes(new), dtype=np.int32),
                "stems": np.frombuffer(kernel.java_hashes(list(map(self.stem, new))), dtype=np.int32),
                "para": para, "roots": np.frombuffer(kernel.root_states(self.blob, para), dtype=np.int32),
                "function": np.fromiter(map(fw.__contains__, map(str.lower, new)), dtype=np.int32, count=len(new)),
                "syn_start": starts, "syn_len": lengths, "flat": flat}
            for key, values in grown.items():
                table[key] = np.concatenate([table[key], values])
            index.update(zip(new, range(len(index), len(index) + len(new))))
        at = np.fromiter(map(index.__getitem__, vocab), dtype=np.int64, count=len(vocab))
        lengths = table["syn_len"][at]
        syn_off = np.zeros(len(vocab) + 1, dtype=np.int64)
        np.cumsum(lengths, out=syn_off[1:])
        gather = np.repeat(table["syn_start"][at] - syn_off[:-1], lengths) + np.arange(syn_off[-1], dtype=np.int64)
        return (table["hashes"][at], table["stems"][at], table["para"][at], table["function"][at], syn_off,
                table["flat"][gather], table["roots"][at])


def load_resources() -> Resources:
    """The resources, loaded once per process."""
    global _RESOURCES
    if _RESOURCES is None:
        _RESOURCES = Resources()
    return _RESOURCES


def _check(hyps, refs) -> None:
    if isinstance(hyps, str) or not isinstance(hyps, (list, tuple)):
        raise TypeError(f"Meteor: the hypotheses must be a list of str, got {type(hyps).__name__}")
    if isinstance(refs, str) or not isinstance(refs, (list, tuple)):
        raise TypeError(f"Meteor: the references must be a list of lists of str, got {type(refs).__name__}")
    if len(hyps) != len(refs):
        raise ValueError(f"Meteor: {len(hyps)} hypotheses but {len(refs)} reference lists")
    for hyp, group in zip(hyps, refs):
        spec.check_text(hyp, "hypothesis")
        if isinstance(group, str) or not isinstance(group, (list, tuple)):
            raise TypeError(f"Meteor: each segment's references must be a list of str, got {type(group).__name__}")
        if not group:
            raise ValueError("Meteor: a segment needs at least one reference (the jar answers "
                             "'Error: specify hypothesis and at least one reference')")
        for ref in group:
            spec.check_text(ref, "reference")


def rows_from_words(hyp_words: list, refs_words: list, resources, kernel=None) -> np.ndarray:
    """The rows for already tokenized segments (``hyp_words[i]`` a list of words,
    ``refs_words[i]`` a list of such lists). ``resources`` has ``stem``,
    ``function_words``, ``synonyms`` and ``blob``."""
    kernel = kernel or native.meteor
    if not hyp_words:
        return np.zeros((0, score.STATS_LENGTH), dtype=np.int64)
    # each distinct word list once, in order of first appearance (a list object met again
    # is the same list)
    every = [*hyp_words, *chain.from_iterable(refs_words)]
    distinct = dict(zip(map(id, every), every))
    position = dict(zip(distinct, range(len(distinct))))
    lists = [w if type(w) is list else list(w) for w in distinct.values()]
    index = np.fromiter(map(position.__getitem__, map(id, every)), dtype=np.int64, count=len(every))
    return _aligned_rows(kernel.intern_words(lists), index, refs_words, resources, kernel)


def _aligned_rows(interned: tuple, index: np.ndarray, refs: list, resources, kernel) -> np.ndarray:
    """The rows of the segments whose word lists are ``interned`` (``intern_words``' or
    ``intern_lines``' answer for the call's distinct texts): ``index`` gives each
    hypothesis's then each reference's (all segments' in order) text number, ``refs`` the
    segments' reference groups (only their lengths are read)."""
    vocab, tokens, offsets = interned
    offsets = np.frombuffer(offsets, dtype=np.int64)
    count = len(offsets) - 1
    n = len(refs)
    owners = np.repeat(np.arange(n, dtype=np.int64), np.fromiter(map(len, refs), dtype=np.int64, count=n))
    # a (hypothesis, reference) pair met again is aligned once: its rows are equal
    unique, which = np.unique(index[owners] * count + index[n:], return_inverse=True)
    h, r = unique // count, unique % count
    pairs = np.stack([offsets[h], offsets[h + 1] - offsets[h], offsets[r], offsets[r + 1] - offsets[r]], axis=1)
    if hasattr(resources, "word_arrays"):
        hashes, stem_hashes, para, function, syn_off, flat, roots = resources.word_arrays(vocab, kernel)
    else:  # a resources object without the word table (the tests' own)
        hashes, stem_hashes, para, function, syn_off, flat, roots = _word_arrays(vocab, resources, kernel)
    tokens = np.frombuffer(tokens, dtype=np.int32)
    pairs = np.ascontiguousarray(pairs, dtype=np.int64)
    bounds = native.split_points(len(pairs), native.parts(), SPLIT_MIN_PAIRS)

    def part(a, b):
        chunk = np.ascontiguousarray(pairs[a:b])
        return lambda: kernel.align_rows(resources.blob, hashes, stem_hashes, para, function, syn_off, flat,
                                         tokens, chunk, heads, roots)

    heads = getattr(resources, "heads", None)
    if heads is None:  # a resources object without them (the tests' own): its table is small
        heads = kernel.emit_heads(resources.blob)

    results = native.run_parallel([part(a, b) for a, b in zip(bounds[:-1], bounds[1:])])
    pair_rows = np.frombuffer(b"".join(results), dtype=np.int64).reshape(-1, score.STATS_LENGTH)
    pair_rows = pair_rows[which.reshape(-1)]
    rows = np.empty((n, score.STATS_LENGTH), dtype=np.int64)
    counts = np.bincount(owners, minlength=n)
    first = np.concatenate([[0], np.cumsum(counts)[:-1]]).astype(np.int64)
    single = counts == 1
    rows[single] = pair_rows[first[single]]
    for i in np.flatnonzero(~single).tolist():
        best, best_score = None, -1.0
        for k in range(int(first[i]), int(first[i] + counts[i])):
            value = score.compute_metrics(pair_rows[k].tolist())
            if value > best_score:  # ties keep the earlier reference, as the jar
                best, best_score = k, value
        rows[i] = pair_rows[best]
    return rows


def _word_arrays(vocab: list, resources, kernel) -> tuple:
    """``Resources.word_arrays`` computed afresh for each word (``resources`` any object
    with ``stem``, ``function_words``, ``synonyms`` and ``blob``)."""
    stem, fw = resources.stem, resources.function_words
    hashes = kernel.java_hashes(vocab)
    stem_hashes = kernel.java_hashes(list(map(stem, vocab)))
    para = np.asarray(kernel.word_ids(resources.blob, vocab), dtype=np.int32)
    function = np.fromiter(map(fw.__contains__, map(str.lower, vocab)), dtype=np.int32, count=len(vocab))
    word_synsets = getattr(resources, "word_synsets", None)
    if word_synsets is None:  # a resources object without the memo (the tests' own)
        syn = resources.synonyms

        def word_synsets(w):
            return sorted(syn.synsets(w) | syn.stem_synsets(w))
    synsets = list(map(word_synsets, vocab))
    syn_off = np.zeros(len(vocab) + 1, dtype=np.int64)
    np.cumsum(np.fromiter(map(len, synsets), dtype=np.int64, count=len(vocab)), out=syn_off[1:])
    flat = np.fromiter(chain.from_iterable(synsets), dtype=np.int32, count=int(syn_off[-1]))
    return hashes, stem_hashes, para, function, syn_off, flat, np.frombuffer(kernel.root_states(resources.blob, para),
                                                                             dtype=np.int32)


def meteor_rows(hyps: list, refs: list) -> np.ndarray:
    """One int64 row per segment: the jar's 23 statistics (``spec.meteor_segment_stats``)."""
    _check(hyps, refs)
    if not hyps:
        return np.zeros((0, score.STATS_LENGTH), dtype=np.int64)
    if native.meteor is None:
        return np.asarray([spec.meteor_segment_stats(h, list(r)) for h, r in zip(hyps, refs)],
                          dtype=np.int64).reshape(len(hyps), score.STATS_LENGTH)
    # The call makes a list per text and per segment, none in a cycle: the cyclic
    # collector's passes over them (a tenth of an English call's time) find nothing.
    collecting = gc.isenabled()
    gc.disable()
    try:
        every = [*hyps, *chain.from_iterable(refs)]
        distinct = list(dict.fromkeys(every))
        position = dict(zip(distinct, range(len(distinct))))
        index = np.fromiter(map(position.__getitem__, every), dtype=np.int64, count=len(every))
        return _aligned_rows(native.meteor.intern_lines(norm_lines(distinct)), index, refs, load_resources(),
                             native.meteor)
    finally:
        if collecting:
            gc.enable()


def norm_lines(texts: list, kernel=None) -> list:
    """Each text's -norm line (``_meteor.normalize_lines``, a port of
    ``normalize.normalize_line`` and ``str.lower``: its words are the pieces between single
    spaces), or the spec's ``spec.words`` list for a text whose line needs the escaping
    of runs of dots (``..``, ``DOTMULTI``)."""
    from .normalize import _prefixes

    kernel = kernel or native.meteor
    lines = kernel.normalize_lines(texts, _prefixes())
    if None in lines:
        for k, line in enumerate(lines):
            if line is None:
                lines[k] = spec.words(texts[k])
    return lines


def words_of(texts: list, kernel=None) -> list:
    """``[spec.words(t) for t in texts]``: ``norm_lines`` split at single spaces."""
    return [line if type(line) is list else line.split(" ") if line else [] for line in norm_lines(texts, kernel)]


def meteor_corpus_from_rows(rows) -> float:
    """``spec.meteor_corpus_from_rows`` (``score.corpus_score``: ``MeteorStats.addStats``
    over the rows, then computeMetrics) with the sums in numpy: integer sums are exact, and
    a row under the one-chunk rule (``score.is_perfect``) adds no chunks."""
    rows = np.asarray(rows, dtype=np.int64).reshape(-1, score.STATS_LENGTH)
    matched_hyp = rows[:, 4::4][:, :4].sum(axis=1) + rows[:, 6::4][:, :4].sum(axis=1)
    matched_ref = rows[:, 5::4][:, :4].sum(axis=1) + rows[:, 7::4][:, :4].sum(axis=1)
    perfect = (matched_hyp == rows[:, 0]) & (matched_ref == rows[:, 1]) & (rows[:, score.CHUNKS] == 1)
    total = rows.sum(axis=0)
    total[score.CHUNKS] -= rows[perfect, score.CHUNKS].sum()
    return score.compute_metrics(total.tolist())


def meteor(hyps: list, refs: list) -> float:
    """Corpus Meteor 1.5 (``spec.meteor``): the score of the summed statistics."""
    check_not_empty(hyps)
    return meteor_corpus_from_rows(meteor_rows(hyps, refs))
