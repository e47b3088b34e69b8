"""The official SQuAD evaluation scripts' interface: ``evaluate_squad(dataset, predictions,
version=...)`` on the dataset's JSON structure and a ``{question id: answer}`` dict, returning
the scripts' report dict. The scores are the metric's (``bleuprint.metrics.squad.impl`` rows,
or ``spec`` with ``layer="spec"``; the v2.0 report is ``impl.squad_v2_report``, or
``spec.squad_v2_report``, on them): this module only reads the files' structure and checks it.

The scripts (``evaluate-v1.1.py``, ``evaluate-v2.0.py``, Rajpurkar et al. 2016, 2018; their
behaviour confirmed on transformers 4.57.6's port ``squad_metrics`` for v2.0):

* The dataset: ``{"data": [article, ...]}`` (or the list of articles itself), an article
  ``{"paragraphs": [{"qas": [question, ...]}, ...]}``, a question ``{"id": str, "answers":
  [{"text": str, ...}, ...], "is_impossible": bool (v2.0, optional)}``. Questions are scored
  in the dataset's order. ``is_impossible`` is not read (the v2.0 script neither): a question
  is unanswerable when its ``answers`` list is empty.
* v1.1 returns ``{"exact_match", "f1"}`` (the script's own keys), both over every question
  of the dataset: a question without a prediction scores 0 (the script prints "Unanswered
  question ID will receive score 0."; here ``missing_questions`` lists them, and the
  command ``bleuprint squad`` prints that note on standard error). v1.1 needs a gold answer
  per question (its script fails on an empty list: here a ValueError).
* v2.0 returns ``exact``, ``f1``, ``total``, then ``HasAns_exact``, ``HasAns_f1``,
  ``HasAns_total`` and ``NoAns_*`` (each split only when it has questions), after the
  no-answer threshold (``na_prob > na_prob_thresh`` reads as "no answer"); and, only when
  ``na_probs`` is given (the script's ``--na-prob-file``), ``best_exact``,
  ``best_exact_thresh``, ``best_f1``, ``best_f1_thresh`` (transformers' port adds them always).
  Every question needs a prediction and, with ``na_probs``, a probability (the script fails
  with a KeyError): here a ValueError naming the first missing ids and how many there are.
* Predictions for ids not in the dataset are ignored, as in both scripts.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from ...core import get_metric
from . import spec
from .spec import check_version

LAYERS = ("impl", "spec")
#: How many missing ids an error names.
NAMED = 5


def _check_mapping(value, what: str) -> Mapping:
    if not isinstance(value, Mapping):
        raise TypeError(f"{what} must be a JSON object (a dict), got {type(value).__name__}")
    return value


def _check_list(value, what: str) -> Sequence:
    if isinstance(value, (str, bytes)) or not isinstance(value, Sequence):
        raise TypeError(f"{what} must be a JSON array (a list), got {type(value).__name__}")
    return value


def _quick_questions(articles) -> tuple[list, list] | None:
    """``dataset_questions`` of a well-formed dataset in one tight walk, or None where the
    walk fails or finds something to refuse (then the checked walk names it)."""
    try:
        ids, golds = [], []
        for article in articles:
            for paragraph in article["paragraphs"]:
                for question in paragraph["qas"]:
                    ids.append(question["id"])
                    golds.append([answer["text"] for answer in question["answers"]])
    except Exception:  # noqa: BLE001 - anything odd goes to the checked walk
        return None
    if not ids or len(set(ids)) != len(ids) or not all(type(q) is str for q in ids) \
            or not all(type(t) is str for g in golds for t in g):
        return None
    return ids, golds


def dataset_questions(dataset) -> tuple[list[str], list[list[str]]]:
    """The question ids and gold answer texts of a SQuAD dataset, in its order (module doc)."""
    if isinstance(dataset, Mapping) and isinstance(dataset.get("data"), list):
        quick = _quick_questions(dataset["data"])
        if quick is not None:
            return quick
    articles = dataset
    if isinstance(dataset, Mapping):
        if "data" not in dataset:
            raise ValueError("the SQuAD dataset has no 'data' key (expected {'data': [article, ...]})")
        articles = dataset["data"]
    ids, golds, seen = [], [], set()
    for a, article in enumerate(_check_list(articles, "the dataset's 'data'")):
        paragraphs = _check_mapping(article, f"data[{a}]").get("paragraphs")
        if paragraphs is None:
            raise ValueError(f"data[{a}] has no 'paragraphs'")
        for p, paragraph in enumerate(_check_list(paragraphs, f"data[{a}].paragraphs")):
            where = f"data[{a}].paragraphs[{p}]"
            qas = _check_mapping(paragraph, where).get("qas")
            if qas is None:
                raise ValueError(f"{where} has no 'qas'")
            for q, question in enumerate(_check_list(qas, f"{where}.qas")):
                here = f"{where}.qas[{q}]"
                question = _check_mapping(question, here)
                if "id" not in question or "answers" not in question:
                    raise ValueError(f"{here} needs an 'id' and 'answers'")
                qid = question["id"]
                if not isinstance(qid, str):
                    raise TypeError(f"{here}.id must be a str, got {type(qid).__name__}")
                if qid in seen:
                    raise ValueError(f"question id {qid!r} appears twice in the dataset")
                seen.add(qid)
                answers = question["answers"]
                if isinstance(answers, str):
                    raise TypeError(f"{here}.answers (question {qid!r}) must be a list of answers "
                                    f"({{'text': ...}}), got a bare str {answers[:30]!r}")
                texts = []
                for k, answer in enumerate(_check_list(answers, f"{here}.answers")):
                    if not isinstance(answer, Mapping) or "text" not in answer:
                        raise TypeError(f"{here}.answers[{k}] (question {qid!r}) must be an object with a "
                                        f"'text', got {type(answer).__name__}")
                    if not isinstance(answer["text"], str):
                        raise TypeError(f"{here}.answers[{k}].text (question {qid!r}) must be a str, "
                                        f"got {type(answer['text']).__name__}")
                    texts.append(answer["text"])
                ids.append(qid)
                golds.append(texts)
    if not ids:
        raise ValueError("the SQuAD dataset has no questions")
    return ids, golds


def _check_predictions(predictions) -> Mapping:
    predictions = _check_mapping(predictions, "predictions ({question id: answer})")
    for qid, answer in predictions.items():
        if not isinstance(answer, str):
            raise TypeError(f"the prediction for question {qid!r} must be a str, got {type(answer).__name__}")
    return predictions


def _missing(ids: list[str], present: Mapping, what: str) -> None:
    missing = [qid for qid in ids if qid not in present]
    if missing:
        named = ", ".join(repr(q) for q in missing[:NAMED])
        raise ValueError(f"{what} missing for {len(missing)} of {len(ids)} questions: {named}"
                         f"{' ...' if len(missing) > NAMED else ''}")


def missing_questions(dataset, predictions) -> list[str]:
    """The ids of the dataset's questions that ``predictions`` does not answer, in order."""
    ids, _ = dataset_questions(dataset)
    predictions = _check_predictions(predictions)
    return [qid for qid in ids if qid not in predictions]


def _rows(preds: list, golds: list, version: str, layer: str) -> list:
    """Through the registered metric, whose methods reach impl (this module is of the spec
    layer: it imports no fast module itself)."""
    return get_metric("squad").layer_rows(preds, golds, version, layer)


def evaluate_squad(dataset, predictions, *, version: str, na_probs=None, na_prob_thresh: float = 1.0,
                   layer: str = "impl") -> dict:
    """The official script's report for ``version`` ("1.1" or "2.0") of ``predictions``
    (``{question id: answer string}``) on ``dataset`` (the SQuAD JSON structure), module doc.
    ``na_probs``: ``{question id: no-answer probability}`` (v2.0 only); ``na_prob_thresh``:
    the no-answer threshold (v2.0, default 1.0); ``layer``: whose rows, "impl" or "spec".
    With "impl", well-formed plain JSON inputs go through the metric's one-pass kernel
    (``Squad.quick_official_report``); anything else, and every error, through the checks
    below."""
    version = check_version(version)
    if layer not in LAYERS:
        raise ValueError(f"unknown layer {layer!r}: expected one of {', '.join(LAYERS)}")
    if isinstance(na_prob_thresh, bool) or not isinstance(na_prob_thresh, (int, float)) \
            or na_prob_thresh != na_prob_thresh:
        raise TypeError(f"na_prob_thresh must be a number, got {na_prob_thresh!r}")
    if layer == "impl" and (version == "2.0" or (na_probs is None and na_prob_thresh == 1.0)):
        quick = get_metric("squad").quick_official_report(dataset, predictions, version, na_probs,
                                                          float(na_prob_thresh))
        if quick is not None:
            return quick
    ids, golds = dataset_questions(dataset)
    predictions = _check_predictions(predictions)
    if version == "1.1":
        if na_probs is not None or na_prob_thresh != 1.0:
            raise ValueError("na_probs and na_prob_thresh are SQuAD v2.0's (the v1.1 script has no no-answer "
                             "threshold)")
        for qid, gold in zip(ids, golds):
            if not gold:
                raise ValueError(f"question {qid!r} has no gold answer: SQuAD v1.1 needs one per question")
        rows = _rows([predictions.get(qid) for qid in ids], golds, "1.1", layer)
        return {"exact_match": 100.0 * sum(r[0] for r in rows) / len(rows),
                "f1": 100.0 * sum(r[1] for r in rows) / len(rows)}
    _missing(ids, predictions, "predictions")
    if na_probs is not None:
        na_probs = _check_mapping(na_probs, "na_probs ({question id: probability})")
        _missing(ids, na_probs, "no-answer probabilities")
        probs = spec.check_na_probs([na_probs[qid] for qid in ids], len(ids))
    else:
        probs = [0.0] * len(ids)
    preds = [predictions[qid] for qid in ids]
    report = get_metric("squad").v2_report(_rows(preds, golds, "2.0", layer), preds, golds, probs,
                                           float(na_prob_thresh), layer)
    if na_probs is None:
        for key in ("best_exact", "best_exact_thresh", "best_f1", "best_f1_thresh"):
            del report[key]
    return report
