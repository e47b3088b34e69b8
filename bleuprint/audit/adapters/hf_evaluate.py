"""HuggingFace ``evaluate``'s text metrics, loaded from a local folder of metric scripts.

The ``evaluate`` package on PyPI ships no metric code (its 0.4.6 wheel and sdist hold the
loader, ``EvaluationModule`` and the evaluators only): ``evaluate.load("bleu")`` downloads the
script from the Hugging Face Hub. ``evaluate.load(path)`` of a local folder that holds a
script of the folder's name (``bleu/bleu.py``, as in evaluate's repository, ``metrics/``)
runs offline. So this adapter audits the scripts of the folder named by the environment
variable ``BLEUPRINT_EVALUATE_METRICS`` (for instance a checkout's ``metrics/``), the ones of
``SCRIPTS`` that are there; without it, or without evaluate installed, it reports the
target as not installed and says what to provide. Nothing is downloaded.

What each script is called as (its ``compute`` with the defaults; the closest bleuprint
configuration declared; what differs is the audit's to find):

* ``bleu``: ``compute(predictions, references)["bleu"]``, 0-1; BLEU with the 13a
  tokenizer and no smoothing (its defaults: ``tokenizer_13a``, ``max_order=4``,
  ``smooth=False``);
* ``sacrebleu``: ``["score"]``, 0-100, sacreBLEU's ``corpus_bleu`` defaults;
* ``chrf``: ``["score"]``, 0-100, sacreBLEU's ``CHRF`` defaults (chrF2);
* ``ter``: ``["score"]``, 0-100, sacreBLEU's ``TER`` defaults;
* ``rouge``: ``compute(predictions, references, rouge_types=["rouge1"], use_aggregator=False)``,
  the mean of its per-segment F (the aggregator's bootstrap median is a random number), 0-1.
"""

from __future__ import annotations

import os
from pathlib import Path

from ..subject import NotInstalled, Subject
from ._common import PINS, as_float, require

#: The target name (``bleuprint audit evaluate``), also the subjects' library.
TARGET = "evaluate"
#: The environment variable naming the folder of metric scripts (module doc).
FOLDER = "BLEUPRINT_EVALUATE_METRICS"
WHAT = (f"and set {FOLDER} to a folder of evaluate's metric scripts (bleu/bleu.py, sacrebleu/sacrebleu.py, ...): "
        "the package ships none, evaluate.load(name) fetches them from the Hugging Face Hub")

#: Script folder -> (bleuprint metric, declared options, scale, the result key, extra compute arguments).
SCRIPTS = {
    "bleu": ("bleu", {"tokenize": "13a", "smooth_method": "none"}, 1.0, "bleu", {}),
    "sacrebleu": ("bleu", {}, 100.0, "score", {}),
    "chrf": ("chrf", {}, 100.0, "score", {}),
    "ter": ("ter", {}, 100.0, "score", {}),
    "rouge": ("rouge", {"rouge_type": "rouge1"}, 1.0, "rouge1", {"rouge_types": ["rouge1"], "use_aggregator": False}),
}


def subjects() -> list[Subject]:
    module, version = require("evaluate", "evaluate", WHAT)
    given = os.environ.get(FOLDER, "")
    folder = Path(given) if given else None
    found = [name for name in SCRIPTS if folder is not None and (folder / name / f"{name}.py").is_file()]
    if not found:
        where = f"{FOLDER}={given!r} holds none of {', '.join(f'{n}/{n}.py' for n in SCRIPTS)}" if given else \
            f"{FOLDER} is not set"
        raise NotInstalled(TARGET, f"pip install {PINS['evaluate']} {WHAT} ({where})")
    out = []
    for name in found:
        metric, options, scale, key, extra = SCRIPTS[name]
        loaded = module.load(str(folder / name))
        out.append(Subject(library=TARGET, version=version, metric=metric, options=dict(options), scale=scale,
                           level="corpus", score=_caller(loaded, key, extra), name=f"evaluate:{name}",
                           call=f"evaluate.load({str(folder / name)!r}).compute(predictions, references"
                                + "".join(f", {k}={v!r}" for k, v in extra.items()) + f")[{key!r}]",
                           notes=f"the local script {name}/{name}.py of {FOLDER}"
                                 + ("; the mean of the per-segment values" if extra else "")))
    return out


def _caller(loaded, key: str, extra: dict):
    def score(hyps, refs):
        value = loaded.compute(predictions=list(hyps), references=[list(r) for r in refs], **extra)[key]
        if isinstance(value, (list, tuple)):
            return sum(as_float(v) for v in value) / len(value)
        return as_float(value)
    return score

