"""SQuAD's golden cases, from the pinned oracle: ``transformers==4.57.6``'s
``transformers.data.metrics.squad_metrics`` (a packaged port of the official v2.0 script;
the module was removed in transformers 5). Read only by the generator and verify.

What the oracle covers: v2.0 entirely (normalisation, EM, F1 with its empty rule, gold
answers normalizing to "" dropped, missing predictions skipped in the overall score, the
no-answer threshold, the best-threshold search). v1.1 has no packaged oracle: its cases
here are only corpora on which v1.1 and v2.0 cannot differ (no answer or prediction that
normalizes to "", no missing prediction, no empty gold list), where the v1.1 script's
functions are the same as the port's; v1.1's own rules are hand examples in
``tests/spec/test_squad_definition.py``.
"""

from __future__ import annotations

import random
from types import SimpleNamespace

ORACLE_VERSION = "4.57.6"

WORDS = ["the", "a", "an", "The", "Paris", "paris", "U.S.", "US", "an-apple", "apple", "“Paris”", "café",
         "don't", "dont", "cat", "cats", "sat", "on", "mat", "theatre", "and", "1,000", "1000", "Ångström",
         "naïve", "-", "...", "Straße", "anA", "x"]


def oracle():
    """transformers' ``squad_metrics`` at the pinned version; it imports without torch, and
    its import-time notice that no deep-learning framework is installed is silenced (it
    would be printed in the middle of ``bleuprint verify``'s output)."""
    import os

    os.environ.setdefault("TRANSFORMERS_VERBOSITY", "error")
    import transformers
    from transformers.data.metrics import squad_metrics

    if transformers.__version__ != ORACLE_VERSION:
        raise RuntimeError(f"the SQuAD goldens need transformers=={ORACLE_VERSION}, found {transformers.__version__}")
    return squad_metrics


def _answer(rng: random.Random) -> str:
    n = rng.choice([0, 1, 1, 2, 2, 3, 4])
    sep = rng.choice([" ", " ", "  ", "\t", ""])
    return sep.join(rng.choice(WORDS) for _ in range(n))


def _empty_after_normalising(text: str, m) -> bool:
    return not m.normalize_answer(text)


def _oracle_rows(m, preds, golds):
    """Per question ``[EM, F1, answered]`` from the oracle's ``get_raw_scores``."""
    examples = [SimpleNamespace(qas_id=str(i), answers=[{"text": g} for g in gs]) for i, gs in enumerate(golds)]
    predictions = {str(i): p for i, p in enumerate(preds) if p is not None}
    import contextlib
    import io

    with contextlib.redirect_stdout(io.StringIO()):  # "Missing prediction for ..."
        exact, f1 = m.get_raw_scores(examples, predictions)
    rows = [[exact[str(i)], f1[str(i)], 1] if str(i) in exact else [0, 0, 0] for i in range(len(preds))]
    return rows, exact, f1, examples, predictions


def _case(m, family, k, preds, golds, version):
    rows, exact, f1, examples, predictions = _oracle_rows(m, preds, golds)
    out = []
    for value in ("f1", "exact"):
        overall = m.make_eval_dict(exact, f1)  # 100 x mean over the answered questions
        out.append({"id": f"squad/{family}/{value}/{k:02d}", "metric": "squad", "family": f"{family}:{value}",
                    "level": "corpus", "options": {"version": version, "value": value},
                    "hyps": list(preds), "refs": [list(g) for g in golds],
                    "score": overall[value], "sentence_stats": rows})
    return out


def _report_case(m, k, preds, golds, na_probs, threshold):
    examples = [SimpleNamespace(qas_id=str(i), answers=[{"text": g} for g in gs]) for i, gs in enumerate(golds)]
    predictions = {str(i): p for i, p in enumerate(preds)}
    probs = None if na_probs is None else {str(i): q for i, q in enumerate(na_probs)}
    report = m.squad_evaluate(examples, predictions, probs, threshold)
    return {"id": f"squad/v2-report/{k:02d}", "metric": "squad-v2-report", "hyps": list(preds),
            "refs": [list(g) for g in golds], "na_probs": na_probs, "threshold": threshold, "report": dict(report)}


def build_cases() -> list[dict]:
    m = oracle()
    rng = random.Random(17)
    cases = []
    # v2.0: anything goes, missing predictions (None) and unanswerable questions included.
    for k in range(40):
        n = rng.randint(1, 6)
        preds = [None if rng.random() < 0.15 else _answer(rng) for _ in range(n)]
        if all(p is None for p in preds):
            preds[0] = _answer(rng)
        golds = [[_answer(rng) for _ in range(rng.choice([0, 1, 1, 2, 3]))] for _ in range(n)]
        cases += _case(m, "v2", k, preds, golds, "2.0")
    # v1.1: corpora on which the two scripts agree (module doc).
    k = 0
    while k < 30:
        n = rng.randint(1, 6)
        preds = [_answer(rng) for _ in range(n)]
        golds = [[_answer(rng) for _ in range(rng.choice([1, 1, 2, 3]))] for _ in range(n)]
        if any(_empty_after_normalising(t, m) for t in preds + [g for gs in golds for g in gs]):
            continue
        cases += _case(m, "v1.1-agreeing", k, preds, golds, "1.1")
        k += 1
    return cases


def build_report_cases() -> list[dict]:
    """v2.0's whole report (threshold and best-threshold search; every question predicted),
    stored apart (``goldens/squad_v2_report.json``, ``extra_goldens``: not metric
    cases, verify does not read them), built by ``python -m bleuprint.oracles.generate``
    through ``bleuprint.metrics.squad.oracle_reports``."""
    m = oracle()
    rng = random.Random(1717)
    cases = []
    for k in range(30):
        n = rng.randint(1, 8)
        golds = [[_answer(rng) for _ in range(rng.choice([0, 0, 1, 2]))] for _ in range(n)]
        # half the answerable questions answered right, so that answering beats abstaining
        preds = [rng.choice(g) if g and rng.random() < 0.5 else _answer(rng) for g in golds]
        na_probs = None if k % 5 == 0 else [rng.choice([0.0, 0.1, 0.25, 0.5, 0.5, 0.75, 0.9, 1.0]) for _ in range(n)]
        threshold = rng.choice([1.0, 0.5, 0.3, 0.0])
        cases.append(_report_case(m, k, preds, golds, na_probs, threshold))
    return cases
