"""``bleuprint squad DATA.json PRED.json``: the official SQuAD evaluation scripts' command
line (``evaluate-v1.1.py``/``evaluate-v2.0.py``), scored by
``bleuprint.metrics.squad.official.evaluate_squad``. Prints the report as one JSON object
(with ``--json``, indented; without it the scripts' own form, ``json.dumps`` on one line).
v1.1: a question without a prediction scores 0, and a note per such question goes to
standard error (as the v1.1 script prints it). Bad input (a file that cannot be read or
parsed, a wrong structure, a v2.0 prediction missing): one line ``bleuprint squad: error:
...`` on standard error and exit status 2."""

from __future__ import annotations

import json
import sys


def add_parser(commands) -> None:
    squad = commands.add_parser(
        "squad", help="SQuAD v1.1 / v2.0 exact match and F1, as the official evaluation scripts",
        description="Score PRED.json ({question id: answer}) against the SQuAD dataset DATA.json with the "
        "official v1.1 or v2.0 evaluation rules and print the report (JSON).")
    squad.add_argument("data", metavar="DATA.json", help="the SQuAD dataset ({'data': [articles]})")
    squad.add_argument("pred", metavar="PRED.json", help="the predictions: {question id: answer string}")
    squad.add_argument("--version", dest="squad_version", choices=("1.1", "2.0"), default="2.0",
                       help="the evaluation script (default 2.0)")
    squad.add_argument("--na-prob-file", metavar="F", default=None,
                       help="v2.0: {question id: no-answer probability}; adds the best-threshold search")
    squad.add_argument("--na-prob-thresh", metavar="T", type=float, default=1.0,
                       help="v2.0: predict 'no answer' when the probability is above T (default 1.0)")
    squad.add_argument("--json", action="store_true", help="indent the report")
    squad.set_defaults(handler=main)


def _fail(message: str) -> int:
    print(f"bleuprint squad: error: {message}".splitlines()[0], file=sys.stderr)
    return 2


def _load(path: str, what: str):
    try:
        with open(path, encoding="utf-8") as handle:
            return json.load(handle)
    except OSError as error:
        raise ValueError(f"cannot read {what} {path!r}: {error.strerror or error}") from None
    except (json.JSONDecodeError, UnicodeDecodeError) as error:
        raise ValueError(f"{what} {path!r} is not JSON: {error}") from None


def main(args) -> int:
    from .official import evaluate_squad, missing_questions

    try:
        dataset = _load(args.data, "the dataset")
        predictions = _load(args.pred, "the predictions")
        na_probs = None if args.na_prob_file is None else _load(args.na_prob_file, "the no-answer probabilities")
        if args.squad_version == "1.1" and (na_probs is not None or args.na_prob_thresh != 1.0):
            raise ValueError("--na-prob-file and --na-prob-thresh are SQuAD v2.0's")
        report = evaluate_squad(dataset, predictions, version=args.squad_version, na_probs=na_probs,
                                na_prob_thresh=args.na_prob_thresh)
        if args.squad_version == "1.1":
            for qid in missing_questions(dataset, predictions):
                print(f"Unanswered question {qid} will receive score 0.", file=sys.stderr)
    except (TypeError, ValueError) as error:
        return _fail(str(error))
    print(json.dumps(report, indent=2 if args.json else None))
    return 0


#: This module adds ``bleuprint squad`` (``bleuprint.cli.hooks``).
cli_module = "bleuprint.metrics.squad.cli"
