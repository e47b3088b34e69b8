"""The audit of BERTScore libraries on token embeddings (issue 35 item 6): bert_score
0.3.13's path after the encoder (``bleuprint.audit.adapters.bert_score``) and torchmetrics
1.9.0's ``bert_score`` (``bleuprint.audit.adapters.torchmetrics``), through the audit's own
search (the metric's corpora, the trim that drops segments, references and tokens).

Each test lets the audit find a divergence by itself (the bundled corpora, then the
Hypothesis search), shrinks it with the audit's trim, and then shows what the minimal input
is, by the library's own numbers (no expected value typed here):

* bert_score: the pair(s) scored one per call equal the definition (within the adapter's
  float32 tolerance, 1e-5), the same pairs in one batch do not: the batch-padding floor;
  and, in the audit of its mean precision (F1 keeps its value, so an audit of F1 cannot
  see it), one pair with a sequence of exactly two tokens, whose P and R it sets to 0:
  the two-token rule;
* torchmetrics: its corpus value (the mean of its per-pair F1) changes when the same pairs
  are listed in another order, which no per-pair score allows: pairs matched with other
  pairs' references (``emb[sorting_indices]`` applies the length sort twice), on three
  pairs, the fewest whose sort permutation is not its own inverse.

Without torch, bert-score or torchmetrics the tests skip (under BLEUPRINT_REQUIRE_ENCODER=1
the bert_score ones fail instead; torchmetrics is not installed by CI: PyPI's torchmetrics
pulls the CUDA torch, ``pip install --no-deps torchmetrics==1.9.0 lightning-utilities``
works next to a CPU torch).
"""

from __future__ import annotations

import importlib.util
import time

import pytest

from bleuprint.audit.search import Comparer, hunt, real_text_cases, trim
from encoder_support import need


def _subject(target: str, name: str):
    from bleuprint.audit.adapters import load

    return next(s for s in load(target) if s.name == name)


def _found_and_trimmed(subject, still, examples: int = 60):
    """The first divergence ``still`` holds for, from the bundled corpora or else the
    search (seed 0), trimmed by the audit while ``still`` holds."""
    comparer = Comparer(subject)  # its outcomes compare within the subject's declared tolerance
    for hyps, refs in real_text_cases(subject):
        outcome = comparer.compare(hyps, refs)
        if outcome is not None and outcome.diverges and still(outcome):
            return trim(comparer, outcome, still)
    smallest, _, _ = hunt(comparer, examples, 0, lambda outcome, count=True: not still(outcome),
                          time.monotonic() + 60)
    assert smallest is not None, "the search found no divergence"
    return trim(comparer, smallest, still)


def test_bert_score_declared_mapping_agrees_on_equal_lengths():
    """Two pairs of the same lengths (no padding) with [CLS]/[SEP] ids at the ends and two
    references for the first: the adapter's value is the definition's within its float32
    tolerance (1e-5), so the audit's differences are not the adapter's."""
    need("torch", "bert_score", package=False)
    from bleuprint.spec import corpus_score

    subject = _subject("bert-score", "bert-score:score")
    seg = lambda rows: {"embeddings": rows, "ids": [101] + [1000 + k for k in range(len(rows) - 2)] + [102],
                        "special": [0, len(rows) - 1]}
    hyps = [seg([[1.0, 0.5], [0.25, 1.0], [1.0, 1.0]]), seg([[0.5, 1.0], [1.0, 0.0], [0.0, 1.0]])]
    refs = [[seg([[1.0, 0.0], [0.5, 1.0], [1.0, 0.25]]), seg([[0.0, 1.0], [1.0, 1.0], [0.5, 0.5]])],
            [seg([[1.0, 0.25], [0.25, 1.0], [1.0, 0.5]])]]
    expected = corpus_score("bertscore", hyps, refs)
    assert subject.score(hyps, refs) == pytest.approx(expected, abs=1e-5)


def test_bert_score_audit_finds_and_shrinks_the_padding_floor():
    need("torch", "bert_score", package=False)
    import bleuprint

    subject = _subject("bert-score", "bert-score:score")

    def alone(outcome) -> float:
        return sum(subject.score([h], [r]) for h, r in zip(outcome.hyps, outcome.refs)) / len(outcome.hyps)

    def padding_floor(outcome) -> bool:
        return outcome.library is not None and abs(alone(outcome) - outcome.spec) <= 1e-5

    found = _found_and_trimmed(subject, padding_floor)
    assert abs(found.library - found.spec) > 1e-3            # batched: not the definition
    assert abs(alone(found) - found.spec) <= 1e-5              # one pair per call: the definition
    assert len(found.hyps) == 2 and all(len(r) == 1 for r in found.refs)  # two pairs: one padded by the other
    tokens = [len(x["embeddings"]) for x in found.hyps] + [len(r[0]["embeddings"]) for r in found.refs]
    assert sum(tokens) <= 6, tokens
    # a best cosine below 0 in the pair the floor raises (what the floor needs)
    s = bleuprint.bertscore(found.hyps, found.refs)
    assert min(s["precision"].min(), s["recall"].min()) < 0 or min(s["f1"]) < found.library


def test_bert_score_audit_of_precision_finds_and_shrinks_the_two_token_rule():
    """The audit of bert_score's mean precision finds a divergence that stays when each
    segment is scored in its own call (so not the padding floor), and shrinks it to one pair
    in which one sequence has exactly two tokens: bert_score's P and R of it are 0, the
    definition's are not, and its F1 is the definition's (within 1e-5), which is why an audit
    of F1 alone does not find it."""
    need("torch", "bert_score", package=False)
    import bleuprint

    subject = _subject("bert-score", "bert-score:score-precision")

    def alone(outcome) -> float:
        return sum(subject.score([h], [r]) for h, r in zip(outcome.hyps, outcome.refs)) / len(outcome.hyps)

    def stays_alone(outcome) -> bool:
        return outcome.library is not None and abs(alone(outcome) - outcome.spec) > 1e-5

    found = _found_and_trimmed(subject, stays_alone)
    assert len(found.hyps) == 1 and len(found.refs[0]) == 1  # one pair
    tokens = [len(x["embeddings"] if isinstance(x, dict) else x) for x in (found.hyps[0], found.refs[0][0])]
    assert 2 in tokens, (tokens, found.hyps, found.refs)
    definition = bleuprint.bertscore(found.hyps, found.refs)
    assert found.library == 0.0 and abs(definition["precision_mean"]) > 1e-3
    assert _subject("bert-score", "bert-score:score-recall").score(found.hyps, found.refs) == 0.0
    assert abs(definition["recall_mean"]) > 1e-3
    f1 = _subject("bert-score", "bert-score:score").score(found.hyps, found.refs)
    assert f1 == pytest.approx(definition["f1_mean"], abs=1e-5) and abs(f1) > 1e-3


@pytest.mark.skipif(importlib.util.find_spec("torchmetrics") is None or importlib.util.find_spec("torch") is None,
                    reason="torchmetrics 1.9.0 is not installed (pip install --no-deps torchmetrics==1.9.0 "
                           "lightning-utilities, next to a CPU torch)")
def test_torchmetrics_audit_finds_and_shrinks_the_misaligned_pairs():
    subject = _subject("torchmetrics", "torchmetrics:bert_score")

    def reordered(outcome) -> list[float]:
        """The library's value of the same pairs in other orders (rotated, reversed): a mean
        over pairs cannot depend on their order, whatever each pair's value (the padding of
        one batch is the same in any order)."""
        h, r = list(outcome.hyps), list(outcome.refs)
        return [subject.score(h[1:] + h[:1], r[1:] + r[:1]), subject.score(h[::-1], r[::-1])]

    def misaligned(outcome) -> bool:
        return outcome.library is not None and any(abs(v - outcome.library) > 1e-5 for v in reordered(outcome))

    found = _found_and_trimmed(subject, misaligned)
    assert max(abs(v - found.library) for v in reordered(found)) > 1e-3
    # two (hypothesis, reference) pairs are never misaligned (a permutation of two is its own
    # inverse): three are needed (torchmetrics flattens several references into pairs)
    assert sum(len(r) for r in found.refs) == 3
