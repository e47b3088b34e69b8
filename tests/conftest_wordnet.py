"""Session fixtures for tests that need the WordNet 3.0 files (nltk's METEOR and
``bleuprint.metrics.meteor_nltk.wordnet``). A plain module: ``tests/conftest.py``
imports its fixtures (``from tests.conftest_wordnet import *``-style), and a test module
may import them itself.

The data is found as ``find_wordnet()`` finds it: ``$BLEUPRINT_WORDNET``, else
``$NLTK_DATA`` and nltk's default folders. Where it is absent the tests skip, naming
the command that installs it (CI runs it before the tests)::

    python -m bleuprint.metrics.meteor_nltk.install_wordnet DIR && export NLTK_DATA=DIR
"""

from __future__ import annotations

import warnings
from pathlib import Path

import pytest

from bleuprint.metrics.meteor_nltk.install_wordnet import INSTALL_COMMAND

__all__ = ["wordnet_dir", "wordnet_reader", "nltk_wordnet"]


@pytest.fixture(scope="session")
def wordnet_dir() -> Path:
    """The folder holding the WordNet 3.0 files; skips when there is none."""
    from bleuprint.metrics.meteor_nltk.wordnet import find_wordnet

    try:
        return find_wordnet()
    except ValueError:
        pytest.skip(f"WordNet 3.0 is not installed: run `{INSTALL_COMMAND}` and "
                    "export NLTK_DATA=DIR (or BLEUPRINT_WORDNET=DIR)")


@pytest.fixture(scope="session")
def wordnet_reader(wordnet_dir):
    """bleuprint's reader of those files (loaded once: about 1 s)."""
    from bleuprint.metrics.meteor_nltk.wordnet import WordNet

    return WordNet(wordnet_dir)


@pytest.fixture(scope="session")
def nltk_wordnet(wordnet_dir):
    """nltk 3.10.4's ``nltk.corpus.wordnet`` reading the *same* folder; skips without
    nltk. nltk reads corpora only under ``nltk.data.path``, so the root above
    ``corpora/wordnet`` is added to it when missing."""
    nltk_data = pytest.importorskip("nltk.data")
    if (wordnet_dir.name, wordnet_dir.parent.name) != ("wordnet", "corpora"):
        pytest.skip(f"nltk needs the data as ROOT/corpora/wordnet, not {wordnet_dir}")
    root = str(wordnet_dir.parent.parent)
    if root not in nltk_data.path:
        nltk_data.path.insert(0, root)
    from nltk.corpus import wordnet

    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # "multilingual functions are not available"
        wordnet.ensure_loaded()
    loaded = Path(str(wordnet.root)).resolve()
    if loaded != wordnet_dir.resolve():
        pytest.skip(f"nltk loaded WordNet from {loaded}, not {wordnet_dir}")
    assert wordnet.get_version() == "3.0"
    return wordnet
