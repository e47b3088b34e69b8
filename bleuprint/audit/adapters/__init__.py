"""The built-in adapters of ``bleuprint audit``: target name -> the module that adapts it.

Each module defines ``subjects() -> list[Subject]`` and raises ``NotInstalled`` (with the
pip command) when its library is missing. ``load(target)`` imports the module and calls it.
Adapters are added by writing a module here and an entry in ``ADAPTERS``.
"""

from __future__ import annotations

import importlib

from ..subject import NotInstalled, Subject

#: Target name -> module path. Filled in by the adapter modules' authors.
ADAPTERS: dict[str, str] = {
    "nltk": "bleuprint.audit.adapters.nltk",
    "torchmetrics": "bleuprint.audit.adapters.torchmetrics",
    "fast-bleu": "bleuprint.audit.adapters.fast_bleu",
    "bleuscore": "bleuprint.audit.adapters.bleuscore",
    "fastchrf": "bleuprint.audit.adapters.fastchrf",
    "sacrebleu-mojo": "bleuprint.audit.adapters.sacrebleu_mojo",
    "pyter3": "bleuprint.audit.adapters.pyter3",
    "pycocoevalcap": "bleuprint.audit.adapters.pycocoevalcap",
    "rouge": "bleuprint.audit.adapters.rouge_pltrdy",
    "sumeval": "bleuprint.audit.adapters.sumeval",
    "pytorch-ignite": "bleuprint.audit.adapters.ignite",
    "rouge-metric": "bleuprint.audit.adapters.rouge_metric",
    "bert-score": "bleuprint.audit.adapters.bert_score",
    "evaluate": "bleuprint.audit.adapters.hf_evaluate",
}


def names() -> list[str]:
    return sorted(ADAPTERS)


def load(target: str) -> list[Subject]:
    """The subjects of the built-in adapter ``target`` (ValueError for an unknown name;
    NotInstalled when its library is missing)."""
    if target not in ADAPTERS:
        known = ", ".join(names()) or "none yet"
        raise ValueError(f"unknown audit target {target!r}: built-in adapters are {known}; "
                         "or give path/to/file.py:function, module:function or --port COMMAND")
    module = importlib.import_module(ADAPTERS[target])
    subjects = module.subjects()
    if not isinstance(subjects, list) or not all(isinstance(s, Subject) for s in subjects):
        raise TypeError(f"the adapter {target} must return a list of Subject from subjects()")
    return subjects  # a replay names them by their library (run.replay_command), which is the target


__all__ = ["ADAPTERS", "NotInstalled", "load", "names"]
