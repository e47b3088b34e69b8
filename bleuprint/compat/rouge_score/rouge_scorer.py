"""rouge-score 0.1.2's ``rouge_scorer.RougeScorer``, computed by the registered ``rouge``
metric (``bleuprint.metrics.rouge``: its impl by default, its spec with
``scorer.backend = bleuprint.compat.SPEC``). Behaviour read from rouge-score 0.1.2
``rouge_score/rouge_scorer.py``; no code copied.

* ``RougeScorer(rouge_types, use_stemmer=False, split_summaries=False, tokenizer=None)``:
  the types are rouge-score's names (``rouge1`` .. ``rouge9``, ``rougeL``, ``rougeLsum``).
* ``score(target, prediction)``: **the target comes first**, as in rouge-score;
  ``{type: Score(precision, recall, fmeasure)}`` in the order of ``rouge_types``. Each type
  is the metric's row for the one-segment corpus ``[prediction]`` with the single
  reference ``target`` (option ``rouge_type``).
* ``score_multi(targets, prediction)``: for each type independently, the scores against the
  first target with the highest F (rouge-score's ``np.argmax``); that is the metric's row
  with ``targets`` as the segment's references.
* ``score_batch(targets, predictions)`` (rouge-score-rs's addition; rouge-score 0.1.2 has
  none): ``[score(t, p) for t, p in zip(targets, predictions)]``, computed by one call of
  the metric's all-types kernel (``bleuprint.metrics.rouge.impl.rouge_pair_parts``, i.e.
  ``rouge_rows`` with one target a segment: every text tokenized once, the pairs split
  over threads), the dicts built in C from the threads' rows (``_rouge.rows_dicts``).
* ``use_stemmer=True`` is passed to the metric as its option ``use_stemmer`` (nltk's Porter
  stemmer on tokens longer than 3 characters).
* ``tokenizer``: any object with a ``tokenize(text)`` method returning a list of hashable
  tokens. The texts are then scored by the spec's functions of the ``rouge`` metric on
  those tokens (``rouge_n``, ``rouge_l``, ``rouge_lsum_of_sentences``; Lsum's sentences are
  the non-empty ``\\n``-separated lines, each tokenized by it), as rouge-score does
  (``use_stemmer`` is then ignored, as rouge-score ignores it).

Per call (``score``, ``score_multi``) the default scorer takes a direct path: a compiled
``PairScorer`` (``bleuprint/impl/csrc/rouge.c``) built once with the scorer keeps the token
vocabulary and each distinct token's stem between calls (cleared past 2**20 tokens), and
scores one segment with the same per-segment function as the batch kernel, building the
``{type: Score}`` dict itself; the options, checked once in ``__init__``, are not checked
again. It is used with the ``IMPL`` backend, no ``tokenizer`` and the compiled kernels;
otherwise the metric's rows are computed as described above.

Differences from rouge-score (each refuses instead of computing something else):

* ``split_summaries=True`` is a ``ValueError``: rouge-score splits with
  ``nltk.sent_tokenize``, which needs nltk's punkt data; it is not a package and cannot be
  downloaded here (``LookupError: punkt_tab``), and a result that depends on a downloaded
  model is not this project's to define. Put one sentence per line (``\\n``) instead.
* A bare string as ``rouge_types`` or as ``targets`` is a ``TypeError`` (rouge-score
  iterates its characters); an unknown type is a ``ValueError`` when the scorer is built
  (rouge-score raises it on the first ``score``); an empty ``targets`` list is a
  ``ValueError`` naming the problem (rouge-score: numpy's "attempt to get argmax of an
  empty sequence"); a non-string text is a ``TypeError``.
* Scores are floats: where rouge-score returns ``Score(0, 0, 0)`` with ints (ROUGE-L with
  an empty side), this returns ``Score(0.0, 0.0, 0.0)``; they compare equal.
"""

from __future__ import annotations

from collections.abc import Iterable

from ...core import get_metric
from ...impl import native
from ...metrics.rouge.spec import ROUGE_TYPES, rouge_l, rouge_lsum_of_sentences, rouge_n
from ...spec.inputs import input_hooks
from ..backends import IMPL, Backend
from . import scoring

#: Why ``split_summaries=True`` is refused (module doc).
SPLIT_SUMMARIES_REFUSAL = (
    "split_summaries=True is not available: rouge-score splits sentences with nltk.sent_tokenize, which needs "
    "nltk's punkt data (not a package; it cannot be downloaded here, and bleuprint does not define scores by a "
    "downloaded model). Give rougeLsum its sentences one per line, separated by '\\n', with "
    "split_summaries=False.")


def _check_text(value, name: str) -> str:
    if not isinstance(value, str):
        raise TypeError(f"{name} must be a str, got {type(value).__name__}")
    return value


def _check_texts(targets: list, predictions: list) -> None:
    """``score_batch``'s texts, each named by its list and index when it is not a str."""
    for texts, name in ((targets, "targets"), (predictions, "predictions")):
        for i, text in enumerate(texts):
            _check_text(text, f"{name}[{i}]")


class RougeScorer(scoring.BaseScorer):
    """rouge-score's scorer (module doc)."""

    #: The layer that computes: ``bleuprint.compat.IMPL`` (default) or ``SPEC``.
    backend: Backend = IMPL

    def __init__(self, rouge_types, use_stemmer=False, split_summaries=False, tokenizer=None):
        if isinstance(rouge_types, str) or not isinstance(rouge_types, Iterable):
            raise TypeError("rouge_types must be a list of ROUGE type names such as ['rouge1', 'rougeL'], got "
                            f"{'a bare str' if isinstance(rouge_types, str) else type(rouge_types).__name__}")
        rouge_types = list(rouge_types)
        for rouge_type in rouge_types:
            if not isinstance(rouge_type, str):
                raise TypeError(f"each ROUGE type must be a str, got {type(rouge_type).__name__}")
            if rouge_type not in ROUGE_TYPES:
                raise ValueError(f"Invalid rouge type: {rouge_type!r} (expected one of {', '.join(ROUGE_TYPES)})")
        for flag, name in ((use_stemmer, "use_stemmer"), (split_summaries, "split_summaries")):
            if not isinstance(flag, bool):
                raise TypeError(f"{name} must be a bool, got {type(flag).__name__}")
        if split_summaries:
            raise ValueError(SPLIT_SUMMARIES_REFUSAL)
        if tokenizer is not None and not callable(getattr(tokenizer, "tokenize", None)):
            raise TypeError("tokenizer must have a tokenize(text) method returning a list of tokens, got "
                            f"{type(tokenizer).__name__}")
        self._metric = get_metric("rouge")
        self.rouge_types = rouge_types
        self._use_stemmer = use_stemmer
        self._split_summaries = split_summaries
        self._tokenizer = tokenizer
        self._types = tuple(dict.fromkeys(rouge_types))  # a repeated type is one key, as in rouge-score's dict
        self._pair = self._pair_scorer()

    def _pair_scorer(self):
        """The compiled direct path (module doc), or None where it does not apply."""
        kernel = native.rouge
        if kernel is None or self._tokenizer is not None or not self.rouge_types:
            return None
        from ...metrics.rouge.impl import TYPE_CODES, token_stemmer

        stem = token_stemmer() if self._use_stemmer else None
        return kernel.PairScorer([TYPE_CODES[t] for t in self._types], self._types, scoring.Score, stem)

    # -- through the registered metric --------------------------------------------------------

    def _options(self, rouge_type: str) -> dict:
        options = {"rouge_type": rouge_type}
        if self._use_stemmer:
            options["use_stemmer"] = True
        return options

    def _row(self, prediction: str, targets: list, rouge_type: str) -> scoring.Score:
        options = self._options(rouge_type)
        if self.backend.name == "impl":
            row = self._metric.stats_matrix([prediction], [targets], **options)[0]
        else:
            row = input_hooks(self._metric).rows([prediction], [targets], **options)[0]
        return scoring.Score(*(float(x) for x in row))

    # -- a user's tokenizer: the spec's functions on its tokens -------------------------------

    def _tokenizer_scores(self, target: str, prediction: str) -> dict:
        whole = not (len(self.rouge_types) == 1 and self.rouge_types[0] == "rougeLsum")
        if whole:
            target_tokens = self._tokenizer.tokenize(target)
            prediction_tokens = self._tokenizer.tokenize(prediction)
        result = {}
        for rouge_type in self.rouge_types:
            if rouge_type == "rougeLsum":
                values = rouge_lsum_of_sentences(
                    [self._tokenizer.tokenize(line) for line in target.split("\n") if line],
                    [self._tokenizer.tokenize(line) for line in prediction.split("\n") if line])
            elif rouge_type == "rougeL":
                values = rouge_l(target_tokens, prediction_tokens)
            else:
                values = rouge_n(target_tokens, prediction_tokens, int(rouge_type[5:]))
            result[rouge_type] = scoring.Score(*values)
        return result

    # -- rouge-score's API --------------------------------------------------------------------

    def score(self, target, prediction) -> dict:
        """``{type: Score}`` of ``prediction`` against ``target`` (target first)."""
        pair = self._pair
        if pair is not None and self.backend is IMPL:
            return pair.score(target, prediction)
        _check_text(target, "target")
        _check_text(prediction, "prediction")
        if self._tokenizer is not None:
            return self._tokenizer_scores(target, prediction)
        return {rouge_type: self._row(prediction, [target], rouge_type) for rouge_type in self.rouge_types}

    def score_multi(self, targets, prediction) -> dict:
        """``{type: Score}`` against the first target with the highest F, per type."""
        if isinstance(targets, str) or not isinstance(targets, Iterable):
            raise TypeError("targets must be a list of target texts, got "
                            f"{'a bare str' if isinstance(targets, str) else type(targets).__name__}")
        targets = list(targets)
        if not targets:
            raise ValueError("score_multi needs at least one target: targets is empty")
        for i, target in enumerate(targets):
            _check_text(target, f"targets[{i}]")
        _check_text(prediction, "prediction")
        if self._pair is not None and self.backend is IMPL:
            return self._pair.score_multi(targets, prediction)
        if self._tokenizer is None:
            return {rouge_type: self._row(prediction, targets, rouge_type) for rouge_type in self.rouge_types}
        every = [self._tokenizer_scores(target, prediction) for target in targets]
        best = {}
        for rouge_type in self.rouge_types:
            scores = [scores[rouge_type] for scores in every]
            best[rouge_type] = scores[max(range(len(scores)), key=lambda i: (scores[i].fmeasure, -i))]
        return best

    def score_batch(self, targets, predictions) -> list:
        """``[score(t, p) for t, p in zip(targets, predictions)]`` (rouge-score-rs's
        method; module doc), in one call of the all-types kernel."""
        for value, name in ((targets, "targets"), (predictions, "predictions")):
            if isinstance(value, str) or not isinstance(value, Iterable):
                raise TypeError(f"{name} must be a list of texts, got "
                                f"{'a bare str' if isinstance(value, str) else type(value).__name__}")
        targets = targets if type(targets) is list else list(targets)  # read, never changed: no copy
        predictions = predictions if type(predictions) is list else list(predictions)
        if len(targets) != len(predictions):
            raise ValueError(f"targets and predictions differ in length: {len(targets)} != {len(predictions)}")
        if self._pair is None or self.backend is not IMPL or not targets:
            _check_texts(targets, predictions)
            return [self.score(t, p) for t, p in zip(targets, predictions)]
        from ...metrics.rouge.impl import rouge_pair_parts

        types = self._types
        try:  # the kernel refuses a text that is not a str; the message then names it
            rows = rouge_pair_parts(predictions, targets, types, self._use_stemmer)
        except TypeError:
            _check_texts(targets, predictions)
            raise
        return native.rouge.rows_dicts(rows, types, scoring.Score)


__all__ = ["RougeScorer", "SPLIT_SUMMARIES_REFUSAL"]
