"""Meteor 1.5 as the jar inside pycocoevalcap 1.2 computes it (``meteor-1.5.jar - -
-stdio -l en -norm``): the literal definition.

A segment: the hypothesis and each reference are trimmed (``String.trim``, the stdio
protocol's), normalised, lowercased and split as the jar does (``normalize.tokens``);
each reference is aligned with the hypothesis (``align.align``: exact, stem, synonym,
paraphrase stages, the definite matches, the beam search) and its statistics scored
(``score.compute_metrics``); the first reference with the strictly highest score gives the
segment's statistics (``MeteorScorer.getMeteorStats(String, ArrayList)``: ties keep the
earlier reference). The statistics are the jar's ``SCORE`` answer, 23 integers
(``score``'s docstring lists them). The corpus score is ``EVAL``'s last line: the score of
the summed statistics (``score.corpus_score``), not the mean of the segment scores.

Resources are read from the installed jar at run time (``resources.find_jar``): the
function words, the synonym files, and the paraphrase table beside the jar. Loading them
(the paraphrase table is 5.3M entries) is this spec's one memo: ``load_resources`` keeps
them for the process. Nothing computed from the inputs is cached.

The pycocoevalcap wrapper also removes ``|||`` and doubled spaces from the hypothesis
before sending it; a ``|||`` or a line break cannot be sent in a reference (it breaks
the protocol), so texts with them are refused here (ValueError).
"""

from __future__ import annotations

from ...spec.inputs import check_not_empty
from . import align, score

_RESOURCES = None


class Resources:
    """What the aligner reads: ``stem``, ``synonyms``, ``paraphrases``, ``function_words``."""

    def __init__(self, jar=None):
        from . import resources, snowball
        from .paraphrase import load_table
        from .synonyms import SynonymDictionary

        self.jar = resources.find_jar(jar)
        self.stem = snowball.stem
        self.function_words = frozenset(resources.function_words(self.jar))
        self.synonyms = SynonymDictionary(resources.read_resource(self.jar, "synonym/english.exceptions"),
                                          resources.read_resource(self.jar, "synonym/english.synsets"))
        self.paraphrases = load_table(resources.paraphrase_path(self.jar))


def load_resources() -> Resources:
    """The jar's resources, loaded once per process (the spec's one memo)."""
    global _RESOURCES
    if _RESOURCES is None:
        _RESOURCES = Resources()
    return _RESOURCES


from .normalize import java_trim  # noqa: E402  (String.trim: the stdio protocol trims each field)


def check_text(text, what: str) -> str:
    if not isinstance(text, str):
        raise TypeError(f"Meteor: the {what} must be a str, got {type(text).__name__}")
    if "|||" in text or "\n" in text or "\r" in text:
        raise ValueError(f"Meteor: the {what} contains '|||' or a line break, which the jar's "
                         f"stdio protocol cannot carry: {text!r}")
    return text


def words(text: str) -> list:
    """The words the aligner sees (the stdio trim, then the jar's -norm)."""
    from .normalize import tokens

    return tokens(java_trim(text))


def pair_stats(hyp_words: list, ref_words: list, resources) -> list:
    """``MeteorScorer.getMeteorStats(Alignment)`` for one reference: the 23 numbers."""
    a = align.align(hyp_words, ref_words, resources)
    row = [len(a.words1), len(a.words2), a.function_words1, a.function_words2]
    for stage in range(4):
        row += [a.content1[stage], a.content2[stage], a.function1[stage], a.function2[stage]]
    test_words = ref_words_matched = 0
    for stage in range(4):
        test_words += a.content1[stage] + a.function1[stage]
        ref_words_matched += a.content2[stage] + a.function2[stage]
    row += [a.chunks, test_words, ref_words_matched]
    return row


def best_reference(hyp_words: list, refs_words: list, resources) -> tuple:
    """(index, stats) of the first reference with the highest score (the jar starts at
    score -1 and replaces on a strictly higher one)."""
    best, best_score, best_index = None, -1.0, -1
    for index, ref_words in enumerate(refs_words):
        row = pair_stats(hyp_words, ref_words, resources)
        value = score.compute_metrics(row)
        if value > best_score:
            best, best_score, best_index = row, value, index
    return best_index, best


def meteor_segment_stats(hyp: str, refs: list) -> list:
    """The jar's ``SCORE ||| ref1 ||| ... ||| hyp`` answer as 23 integers."""
    check_text(hyp, "hypothesis")
    if isinstance(refs, str) or not isinstance(refs, (list, tuple)):
        raise TypeError(f"Meteor: the references must be a list of str, got {type(refs).__name__}")
    if not refs:
        raise ValueError("Meteor: a segment needs at least one reference (the jar answers "
                         "'Error: specify hypothesis and at least one reference')")
    for ref in refs:
        check_text(ref, "reference")
    resources = load_resources()
    return best_reference(words(hyp), [words(r) for r in refs], resources)[1]


def meteor_score_from_stats(stats) -> float:
    """The score of one stats line (``EVAL ||| stats``'s first answer)."""
    stats = list(stats)
    if len(stats) != score.STATS_LENGTH:
        raise ValueError(f"Meteor: a stats line has {score.STATS_LENGTH} numbers, got {len(stats)}")
    return score.compute_metrics(stats)


def meteor_sentence(hyp: str, refs: list) -> float:
    """One segment's Meteor 1.5 score."""
    return meteor_score_from_stats(meteor_segment_stats(hyp, refs))


def meteor_corpus_from_rows(rows) -> float:
    """``EVAL ||| stats1 ||| stats2 ...``'s final answer: the score of the summed stats."""
    return score.corpus_score([list(r) for r in rows])


def meteor(hyps: list, refs: list) -> float:
    """Corpus Meteor 1.5 (what pycocoevalcap's ``Meteor().compute_score`` returns first):
    ``refs[i]`` is the list of references of ``hyps[i]``."""
    check_not_empty(hyps)
    if len(hyps) != len(refs):
        raise ValueError(f"Meteor: {len(hyps)} hypotheses but {len(refs)} reference lists")
    return meteor_corpus_from_rows(meteor_segment_stats(h, r) for h, r in zip(hyps, refs))
