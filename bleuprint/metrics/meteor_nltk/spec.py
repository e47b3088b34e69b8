"""METEOR as nltk 3.10.4's ``meteor_score`` computes it (``nltk/translate/meteor_score.py``:
``single_meteor_score``, ``meteor_score`` and the helpers they call), with WordNet 3.0.

The score follows Lavie and Agarwal 2007 ("METEOR: An Automatic Metric for MT Evaluation
with High Levels of Correlation with Human Judgments"), with nltk's own alignment. Read
beside the definition:

* **Words**: nltk takes pre-tokenized lists; a bleuprint segment is a string, and its
  tokens are ``str.split()`` (``tokens``; the only tokenization: nltk has none of its own
  here). nltk's ``preprocess`` default, ``str.lower``, is applied to every token.
* **Alignment** (``align``, nltk's ``_enum_align_words``): three stages in turn, each on
  the words the earlier stages left unmatched (positions keep their original index):

  1. exact (``match_stage``, nltk's ``_match_enums``): the hypothesis words are visited
     from the **last** to the first; each takes the **highest** still-free position of
     the same word among the leftover reference words. Greedy, no search for fewer
     chunks (the Meteor jar's beam search is another metric).
  2. Porter stems (``stem_stage``, nltk's ``_enum_stem_match``): both sides' leftover
     words are replaced by their stems (nltk's ``PorterStemmer()``, NLTK_EXTENSIONS mode:
     ``bleuprint.metrics.rouge.porter.stem``), then matched as in stage 1. The words that
     this stage leaves unmatched stay **stemmed**: stage 3 sees stems on both sides.
  3. WordNet synonyms (``synonym_stage``, nltk's ``_enum_wordnetsyn_match``): visiting the
     hypothesis (stemmed) words from the last, a word's candidates are the lemma names
     without ``_`` of its WordNet synsets (``wordnet.synsets(word)``, every part of
     speech, through morphy) plus the word itself; it takes the highest still-free
     leftover reference position whose (stemmed) word is a candidate.

  "happy" vs "glad" therefore does not match (stage 3 looks up "happi"), and "dog" vs
  "hound" does.
* **Chunks** (``count_chunks``, nltk's ``_count_chunks``): the matches sorted by
  hypothesis position; a new chunk starts wherever the next match is not one further on
  *both* sides.
* **Score** (``pair_score``, nltk's ``single_meteor_score``): m matches, P = m / |hyp|,
  R = m / |ref|, Fmean = P R / (alpha P + (1 - alpha) R), frag = chunks / m,
  penalty = gamma frag^beta, score = (1 - penalty) Fmean. The penalty is **always**
  applied (an identical 6-word sentence scores 1 - 0.5 (1/6)^3 = 0.99768...; the jar skips
  it for a full one-chunk match). nltk's ``try``/``except ZeroDivisionError`` makes the
  score 0.0 when there is no match or either side has no word. Defaults alpha 0.9,
  beta 3, gamma 0.5.
* **References** (``segment_score``, nltk's ``meteor_score``): the maximum over them.
* **Corpus**: nltk has no corpus METEOR (nltk/nltk#2365); the corpus value here is the
  mean of the segments' scores (the metric's ``Shape.MEAN``).

Options: ``fmean_alpha`` (nltk's ``alpha``, renamed because ``alpha`` is the significance
level of bleuprint's bootstrap and paired tests, which pass a metric's options through) in [0, 1], ``beta`` >= 0, ``gamma`` in [0, 1] (nltk accepts anything;
outside these ranges the score can be negative, above 1 or NaN, so they are refused);
``synonyms`` (False: exact and stem stages only, as nltk with a WordNet that knows no
word); ``wordnet``: the location of the WordNet 3.0 files (None: ``find_wordnet()``'s
search), read by ``bleuprint.metrics.meteor_nltk.wordnet``. The reader is loaded once per
location (loading data, not caching a computation). Pure Python, no numpy; nltk is not
imported.
"""

from __future__ import annotations

import functools

from ..rouge import porter

#: nltk 3.10.4's defaults of ``meteor_score``.
ALPHA = 0.9
BETA = 3.0
GAMMA = 0.5


# -- options -----------------------------------------------------------------------------

def _check_number(value, what):
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        raise TypeError(f"{what} must be a number, got {type(value).__name__}")
    if value != value or value in (float("inf"), float("-inf")):
        raise ValueError(f"{what} must be a finite number, got {value!r}")
    return value


def check_parameters(alpha, beta, gamma) -> tuple:
    """``(alpha, beta, gamma)`` checked: alpha and gamma in [0, 1], beta >= 0 (outside
    these the score can leave [0, 1] or be NaN); TypeError for a non-number."""
    _check_number(alpha, "fmean_alpha")
    _check_number(beta, "beta")
    _check_number(gamma, "gamma")
    if not 0 <= alpha <= 1:
        raise ValueError(f"fmean_alpha (nltk's alpha) must be in [0, 1] (the weight of precision in Fmean), got {alpha!r}")
    if beta < 0:
        raise ValueError(f"beta must be >= 0 (the exponent of the fragmentation), got {beta!r}")
    if not 0 <= gamma <= 1:
        raise ValueError(f"gamma must be in [0, 1] (the weight of the penalty), got {gamma!r}")
    return alpha, beta, gamma


def check_synonyms(synonyms, wordnet) -> None:
    if not isinstance(synonyms, bool):
        raise TypeError(f"synonyms must be a bool, got {type(synonyms).__name__}")
    if wordnet is not None and not isinstance(wordnet, str):
        raise TypeError(f"wordnet must be a str (the location of the WordNet 3.0 files) or None, "
                        f"got {type(wordnet).__name__}")


@functools.lru_cache(maxsize=4)
def _reader(location: str):
    from .wordnet import WordNet

    return WordNet(location)


def wordnet_reader(wordnet: str | None = None):
    """The WordNet 3.0 reader of the files at ``wordnet`` (None: ``find_wordnet()``'s
    search: BLEUPRINT_WORDNET, NLTK_DATA, nltk's data folders), loaded once per location;
    ValueError saying what is missing and how to install it when none is found."""
    from .wordnet import find_wordnet

    return _reader(str(find_wordnet(wordnet)))


def no_synonyms(word: str) -> frozenset:
    """The synonyms of every word when ``synonyms=False``: none (nltk with an empty
    WordNet)."""
    return frozenset()


def synonym_source(synonyms: bool = True, wordnet: str | None = None):
    """``word -> frozenset`` of its WordNet lemma names without ``_`` (nltk's set), or
    ``no_synonyms``."""
    check_synonyms(synonyms, wordnet)
    if not synonyms:
        return no_synonyms
    return wordnet_reader(wordnet).synonyms


# -- words -------------------------------------------------------------------------------

def tokens(text: str) -> list[str]:
    """A segment's words: ``str.split()``, each lowercased (nltk's ``preprocess=str.lower``)."""
    return [word.lower() for word in text.split()]


def stem(word: str) -> str:
    """nltk's ``PorterStemmer().stem(word)`` (default NLTK_EXTENSIONS mode)."""
    return porter.stem(word)


# -- alignment ---------------------------------------------------------------------------

def match_stage(hyp: list, ref: list) -> tuple[list, list, list]:
    """nltk's ``_match_enums``: ``hyp`` and ``ref`` are ``(original position, word)`` lists;
    from the last hypothesis entry to the first, each takes the highest-numbered free
    reference entry with the same word. Returns the matches ``(hyp position, ref
    position)`` in the order made, and the unmatched entries of each side (in order)."""
    matches, used_hyp, used_ref = [], set(), set()
    for i in range(len(hyp) - 1, -1, -1):
        for j in range(len(ref) - 1, -1, -1):
            if j not in used_ref and ref[j][1] == hyp[i][1]:
                matches.append((hyp[i][0], ref[j][0]))
                used_hyp.add(i)
                used_ref.add(j)
                break
    return (matches, [e for i, e in enumerate(hyp) if i not in used_hyp],
            [e for j, e in enumerate(ref) if j not in used_ref])


def stem_stage(hyp: list, ref: list) -> tuple[list, list, list]:
    """nltk's ``_enum_stem_match``: both sides' words stemmed, then ``match_stage``; the
    unmatched entries come back stemmed."""
    return match_stage([(p, stem(w)) for p, w in hyp], [(p, stem(w)) for p, w in ref])


def synonym_stage(hyp: list, ref: list, synonyms_of) -> tuple[list, list, list]:
    """nltk's ``_enum_wordnetsyn_match``: from the last hypothesis entry to the first, its
    candidates are ``synonyms_of(word) | {word}``; it takes the highest-numbered free
    reference entry whose word is a candidate."""
    matches, used_hyp, used_ref = [], set(), set()
    for i in range(len(hyp) - 1, -1, -1):
        candidates = set(synonyms_of(hyp[i][1])) | {hyp[i][1]}
        for j in range(len(ref) - 1, -1, -1):
            if j not in used_ref and ref[j][1] in candidates:
                matches.append((hyp[i][0], ref[j][0]))
                used_hyp.add(i)
                used_ref.add(j)
                break
    return (matches, [e for i, e in enumerate(hyp) if i not in used_hyp],
            [e for j, e in enumerate(ref) if j not in used_ref])


def align(hyp_words: list, ref_words: list, synonyms_of) -> list:
    """nltk's ``_enum_align_words``: the exact, stem and synonym stages in turn, each on the
    leftovers of the one before; every match ``(hyp position, ref position)``, sorted by
    the hypothesis position."""
    hyp = list(enumerate(hyp_words))
    ref = list(enumerate(ref_words))
    exact, hyp, ref = match_stage(hyp, ref)
    stemmed, hyp, ref = stem_stage(hyp, ref)
    synonym, hyp, ref = synonym_stage(hyp, ref, synonyms_of)
    return sorted(exact + stemmed + synonym, key=lambda pair: pair[0])


def count_chunks(matches: list) -> int:
    """nltk's ``_count_chunks``: 1, plus one for every neighbouring pair of (sorted) matches
    that is not consecutive on both sides."""
    chunks = 1
    for k in range(len(matches) - 1):
        if not (matches[k + 1][0] == matches[k][0] + 1 and matches[k + 1][1] == matches[k][1] + 1):
            chunks += 1
    return chunks


def fmean(precision: float, recall: float, alpha: float) -> float:
    """P R / (alpha P + (1 - alpha) R) (Lavie and Agarwal 2007)."""
    return (precision * recall) / (alpha * precision + (1 - alpha) * recall)


def penalty(chunks: int, matches: int, beta: float, gamma: float) -> float:
    """gamma (chunks / matches)^beta, the fragmentation computed as nltk does (a float
    division of ``float(chunks)``)."""
    frag = float(chunks) / matches
    return gamma * frag ** beta


def pair_score(hyp_words: list, ref_words: list, synonyms_of, alpha: float = ALPHA, beta: float = BETA,
               gamma: float = GAMMA) -> float:
    """nltk's ``single_meteor_score`` of lowercased word lists: (1 - penalty) Fmean, and
    0.0 when there is no match or a side has no word."""
    matches = align(hyp_words, ref_words, synonyms_of)
    m = len(matches)
    if m == 0 or not hyp_words or not ref_words:
        return 0.0
    precision = float(m) / len(hyp_words)
    recall = float(m) / len(ref_words)
    f = fmean(precision, recall, alpha)
    return (1 - penalty(count_chunks(matches), m, beta, gamma)) * f


def best_score(scores: list) -> float:
    """nltk's ``meteor_score`` keeps the best reference: ``max``."""
    return max(scores)


def segment_score(hyp: str, refs: list, fmean_alpha: float = ALPHA, beta: float = BETA, gamma: float = GAMMA,
                  synonyms: bool = True, wordnet: str | None = None) -> float:
    """nltk's ``meteor_score(refs, hyp)`` of one segment (``str.split()`` tokens): the best
    of its references' ``pair_score``."""
    from ...spec.inputs import check_references, check_text

    check_text(hyp, "hyp")
    refs = check_references(refs, "refs")
    check_parameters(fmean_alpha, beta, gamma)
    synonyms_of = synonym_source(synonyms, wordnet)
    hyp_words = tokens(hyp)
    return best_score([pair_score(hyp_words, tokens(ref), synonyms_of, fmean_alpha, beta, gamma) for ref in refs])


def meteor_nltk_stats(hyp: str, refs: list, fmean_alpha: float = ALPHA, beta: float = BETA, gamma: float = GAMMA,
                      synonyms: bool = True, wordnet: str | None = None) -> list:
    """One segment's row: ``[segment_score]``."""
    return [segment_score(hyp, refs, fmean_alpha, beta, gamma, synonyms, wordnet)]


def meteor_nltk_from_stats(summed: list, n_segments: int) -> float:
    """The corpus value: the sum of the segments' scores over their number (the mean)."""
    if len(summed) != 1:
        raise ValueError(f"meteor_nltk statistics have 1 column (the segment's score), got {len(summed)}")
    if isinstance(n_segments, bool) or not isinstance(n_segments, int) or n_segments < 1:
        raise ValueError(f"n_segments must be a positive int, got {n_segments!r}")
    return float(summed[0]) / n_segments


def meteor_nltk(hyps, refs, fmean_alpha: float = ALPHA, beta: float = BETA, gamma: float = GAMMA,
                synonyms: bool = True, wordnet: str | None = None) -> float:
    """The corpus value: the mean over segments of nltk's ``meteor_score`` (nltk has no
    corpus METEOR, nltk/nltk#2365); the sum is ``math.fsum`` (correctly rounded, as the
    registry's exact sum of a fractional column)."""
    import math

    from ...spec.inputs import check_corpus

    hyps, refs = check_corpus(hyps, refs)
    check_parameters(fmean_alpha, beta, gamma)
    check_synonyms(synonyms, wordnet)
    rows = [meteor_nltk_stats(h, r, fmean_alpha, beta, gamma, synonyms, wordnet) for h, r in zip(hyps, refs)]
    return meteor_nltk_from_stats([math.fsum(row[0] for row in rows)], len(rows))


def meteor_nltk_sentence(hyp: str, refs: list, fmean_alpha: float = ALPHA, beta: float = BETA, gamma: float = GAMMA,
                         synonyms: bool = True, wordnet: str | None = None) -> float:
    """One segment's score: nltk's ``meteor_score(refs, hyp)``."""
    return segment_score(hyp, refs, fmean_alpha, beta, gamma, synonyms, wordnet)
