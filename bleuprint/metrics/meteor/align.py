"""Meteor 1.5's matching stages and aligner, literally (the jar's classes
``edu.cmu.meteor.aligner.{Stage, Match, PartialAlignment, ExactMatcher, StemMatcher,
SynonymMatcher, ParaphraseMatcher, Aligner}``; the jar is the truth where it differs from
the published source).

Line 1 is the hypothesis (the jar's "test"), line 2 the reference. A match links
``length`` reference words from ``start`` with ``match_length`` hypothesis words from
``match_start``; ``module`` is the stage's index (0 exact, 1 stem, 2 synonym, 3
paraphrase). ``Stage.matches[j]`` lists the candidate matches that start at reference
word j, in the order the matchers found them.

Quirks kept from the jar:

* words are compared by their Java ``String.hashCode`` (``Stage.wordsToKeys``), stems by
  the hash of the stem: two words with equal hashes match exactly;
* a hypothesis identical to the reference (same hashes) runs the exact stage only;
* the beam search orders partial alignments by ``Constants.PARTIAL_COMPARE_TOTAL``: more
  weighted matches, then fewer chunks, then less distance, Java's stable sort; the
  weighted counts are Java ints added with ``+=`` of a double (``MeteorScorer`` sets
  the aligner's weights to 1.0, 0.5, 0.5, 0.5), so each addition truncates: a one-word
  stem, synonym or paraphrase match adds nothing to the ordering;
* ``Aligner.resolve`` adds a new path's distance to the path it extends (``path`` rather
  than ``newPath``), so later siblings inherit it;
* a path whose next reference word is already covered by a match that does not start
  there is dropped (``resolve``'s ``line2UsedWords[current]`` branch);
* function words are looked up lowercased (``toLowerCase``; here ``str.lower``: the words
  are already lowercased by -norm, so the two agree).
"""

from __future__ import annotations

#: ``MeteorScorer.loadConfiguration``'s weights for the aligner (not the scoring weights)
ALIGN_WEIGHTS = (1.0, 0.5, 0.5, 0.5)
#: ``Constants.DEFAULT_BEAM_SIZE``
BEAM_SIZE = 40
EXACT, STEM, SYNONYM, PARAPHRASE = 0, 1, 2, 3


def java_hash(word: str) -> int:
    """Java's ``String.hashCode``: s[0]*31^(n-1) + ... + s[n-1] over UTF-16 code units,
    in signed 32-bit arithmetic."""
    h = 0
    data = word.encode("utf-16-le", "surrogatepass")
    for k in range(0, len(data), 2):
        h = (31 * h + (data[k] | (data[k + 1] << 8))) & 0xFFFFFFFF
    return h - (1 << 32) if h >= (1 << 31) else h


class Match:
    __slots__ = ("start", "length", "match_start", "match_length", "module")

    def __init__(self, module, start, length, match_start, match_length):
        self.module = module
        self.start = start
        self.length = length
        self.match_start = match_start
        self.match_length = match_length


class Stage:
    """``Stage``: the words' hash keys, the candidate matches by reference start, and
    how many candidates cover each word."""

    def __init__(self, words1: list, words2: list):
        self.words1 = [java_hash(w) for w in words1]
        self.words2 = [java_hash(w) for w in words2]
        self.matches = [[] for _ in words2]
        self.line1_coverage = [0] * len(words1)
        self.line2_coverage = [0] * len(words2)

    def add(self, m: Match) -> None:
        self.matches[m.start].append(m)
        for k in range(m.match_length):
            self.line1_coverage[m.match_start + k] += 1
        for k in range(m.length):
            self.line2_coverage[m.start + k] += 1


def exact_match(stage_index, words1, words2, s: Stage) -> None:
    """``ExactMatcher.match``: every pair with equal hash keys, reference-major."""
    for j in range(len(s.words2)):
        for i in range(len(s.words1)):
            if s.words1[i] == s.words2[j]:
                s.add(Match(stage_index, j, 1, i, 1))


def stem_match(stage_index, words1, words2, s: Stage, stem) -> None:
    """``StemMatcher.match``: equal stem hashes, words' hashes different."""
    stems1 = [java_hash(stem(w)) for w in words1]
    stems2 = [java_hash(stem(w)) for w in words2]
    for j in range(len(stems2)):
        for i in range(len(stems1)):
            if stems1[i] == stems2[j] and s.words1[i] != s.words2[j]:
                s.add(Match(stage_index, j, 1, i, 1))


def synonym_match(stage_index, words1, words2, s: Stage, synonyms) -> None:
    """``SynonymMatcher.match``: the synsets of a word and of its base forms
    (``getSynSets`` united with ``getStemSynSets``) share a synset; hashes different."""
    sets1 = [synonyms.synsets(w) | synonyms.stem_synsets(w) for w in words1]
    sets2 = [synonyms.synsets(w) | synonyms.stem_synsets(w) for w in words2]
    for j in range(len(words2)):
        for i in range(len(words1)):
            if not sets1[i].isdisjoint(sets2[j]) and s.words1[i] != s.words2[j]:
                s.add(Match(stage_index, j, 1, i, 1))


def paraphrase_match(stage_index, words1, words2, s: Stage, table) -> None:
    """``ParaphraseMatcher.match``: first every table phrase starting at each reference
    word whose paraphrase occurs in the hypothesis, then the same from the hypothesis's
    side; no check against earlier stages, a table entry listed twice matches twice."""
    n1, n2 = len(words1), len(words2)
    for j in range(n2):
        for length, par in table.paths(words2, j):
            for i in range(n1):
                if i + len(par) <= n1 and tuple(words1[i:i + len(par)]) == par:
                    s.add(Match(stage_index, j, length, i, len(par)))
    for i in range(n1):
        for length, par in table.paths(words1, i):
            for j in range(n2):
                if j + len(par) <= n2 and tuple(words2[j:j + len(par)]) == par:
                    s.add(Match(stage_index, j, len(par), i, length))


class Path:
    """``PartialAlignment``: a partial alignment in the beam."""

    __slots__ = ("matches", "match_count", "matches1", "matches2", "all1", "all2",
                 "chunks", "idx", "last_match_end", "distance", "used1", "used2")

    def copy(self) -> "Path":
        p = Path()
        p.matches = list(self.matches)
        p.match_count, p.matches1, p.matches2 = self.match_count, self.matches1, self.matches2
        p.all1, p.all2, p.chunks, p.idx = self.all1, self.all2, self.chunks, self.idx
        p.last_match_end, p.distance = self.last_match_end, self.distance
        p.used1, p.used2 = list(self.used1), list(self.used2)
        return p

    def is_used(self, m: Match) -> bool:
        return (any(self.used2[m.start + k] for k in range(m.length))
                or any(self.used1[m.match_start + k] for k in range(m.match_length)))

    def set_used(self, m: Match) -> None:
        for k in range(m.length):
            self.used2[m.start + k] = True
        for k in range(m.match_length):
            self.used1[m.match_start + k] = True

    def take(self, m: Match, weights) -> None:
        """The bookkeeping of adding match m (both branches of ``resolve``) except the
        distance, which the caller adds to the path the jar adds it to."""
        self.match_count += 1
        # Java: int += double truncates each time
        self.matches1 = int(self.matches1 + m.match_length * weights[m.module])
        self.matches2 = int(self.matches2 + m.length * weights[m.module])
        self.all1 += m.match_length
        self.all2 += m.length
        if self.last_match_end != -1 and m.match_start != self.last_match_end:
            self.chunks += 1
        self.idx = m.start + m.length
        self.last_match_end = m.match_start + m.match_length


def _order(p: Path):
    # PARTIAL_COMPARE_TOTAL as a key: more (matches1 + matches2), fewer chunks, less distance
    return (-(p.matches1 + p.matches2), p.chunks, p.distance)


def resolve(s: Stage, start: Path, weights=ALIGN_WEIGHTS, beam=BEAM_SIZE) -> Path:
    """``Aligner.resolve``: the beam search over reference positions."""
    next_paths = [start]
    n = len(s.matches)
    for current in range(n + 1):
        paths = next_paths
        next_paths = []
        paths.sort(key=_order)  # stable, as Collections.sort
        for path in paths[:beam]:
            if current == n:
                if path.last_match_end != -1:
                    path.chunks += 1
                next_paths.append(path)
                continue
            if path.used2[current]:
                if current < path.idx:
                    next_paths.append(path)
                elif path.matches[path.idx] is not None:
                    m = path.matches[path.idx]
                    path.take(m, weights)
                    path.distance += abs(m.start - m.match_start)
                    next_paths.append(path)
                # else: the jar drops the path
                continue
            for m in s.matches[current]:
                if path.is_used(m):
                    continue
                new = path.copy()
                new.set_used(m)
                new.matches[current] = m
                new.take(m, weights)
                path.distance += abs(m.start - m.match_start)  # sic: the old path
                next_paths.append(new)
            if path.last_match_end != -1:
                path.chunks += 1
                path.last_match_end = -1
            path.idx += 1
            next_paths.append(path)
        if not next_paths:
            # the jar warns on stderr and continues with the best path
            next_paths.append(paths[0])
    next_paths.sort(key=_order)
    return next_paths[0]


def count_and_chunks(matches: list) -> tuple:
    """``Aligner.getCountAndChunks``: hypothesis words matched, reference words matched,
    chunks, walking the chosen matches in reference order."""
    matches1 = matches2 = chunks = 0
    idx, last_end = 0, -1
    while idx < len(matches):
        m = matches[idx]
        if m is None:
            if last_end != -1:
                chunks += 1
                last_end = -1
            idx += 1
        else:
            matches1 += m.match_length
            matches2 += m.length
            if last_end != -1 and m.match_start != last_end:
                chunks += 1
            idx = m.start + m.length
            last_end = m.match_start + m.match_length
    if last_end != -1:
        chunks += 1
    return matches1, matches2, chunks


class Alignment:
    """The numbers of ``Alignment`` that ``MeteorScorer.getMeteorStats`` reads."""

    def __init__(self, words1, words2):
        self.words1, self.words2 = list(words1), list(words2)


def align(words1: list, words2: list, resources, modules=(EXACT, STEM, SYNONYM, PARAPHRASE),
          weights=ALIGN_WEIGHTS, beam=BEAM_SIZE) -> Alignment:
    """``Aligner.align(Alignment)`` for hypothesis words1 and reference words2.

    ``resources`` has ``stem(word)``, ``synonyms`` (``synsets``/``stem_synsets``),
    ``paraphrases`` (``paths``) and ``function_words``."""
    a = Alignment(words1, words2)
    s = Stage(words1, words2)
    used = len(modules)
    if len(words1) == len(words2) and s.words1 == s.words2:
        used = 1
    for index in range(used):
        module = modules[index]
        if module == EXACT:
            exact_match(index, words1, words2, s)
        elif module == STEM:
            stem_match(index, words1, words2, s, resources.stem)
        elif module == SYNONYM:
            synonym_match(index, words1, words2, s, resources.synonyms)
        elif module == PARAPHRASE:
            paraphrase_match(index, words1, words2, s, resources.paraphrases)
        else:
            raise ValueError(f"unknown Meteor module {module!r}")
    start = Path()
    start.matches = [None] * len(words2)
    start.match_count = start.matches1 = start.matches2 = start.all1 = start.all2 = 0
    start.chunks = start.idx = start.distance = 0
    start.last_match_end = -1
    start.used1 = [False] * len(words1)
    start.used2 = [False] * len(words2)
    # definite matches: the only candidate at j, and every word it covers has no other
    for j, candidates in enumerate(s.matches):
        if len(candidates) == 1:
            m = candidates[0]
            overlap = any(s.line2_coverage[j + k] != 1 for k in range(m.length)) or any(
                s.line1_coverage[m.match_start + k] != 1 for k in range(m.match_length))
            if not overlap:
                start.matches[j] = m
                start.set_used(m)
    best = resolve(s, start, weights, beam)
    n_modules = len(modules)
    content1, content2 = [0] * n_modules, [0] * n_modules
    function1, function2 = [0] * n_modules, [0] * n_modules
    fw = resources.function_words
    is_function1 = [w.lower() in fw for w in words1]
    is_function2 = [w.lower() in fw for w in words2]
    for m in best.matches:
        if m is not None:
            for k in range(m.match_length):
                if is_function1[m.match_start + k]:
                    function1[m.module] += 1
                else:
                    content1[m.module] += 1
            for k in range(m.length):
                if is_function2[m.start + k]:
                    function2[m.module] += 1
                else:
                    content2[m.module] += 1
    a.function_words1 = sum(is_function1)
    a.function_words2 = sum(is_function2)
    a.content1, a.content2, a.function1, a.function2 = content1, content2, function1, function2
    a.matches = list(best.matches)
    a.line1_matches, a.line2_matches, a.chunks = count_and_chunks(a.matches)
    return a
