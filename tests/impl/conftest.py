"""Fixtures of the impl tests: both implementations of impl's hot loops.

``kernels`` runs a test module four times: with the compiled kernels of
``bleuprint.impl.native`` on one thread (skipped where they are not built;
``test_native.py`` fails then, unless BLEUPRINT_NO_NATIVE asks for that), with them on
chunks of a few characters (so that every corpus is cut into many chunks sharing one
vocabulary, instead of one string per line), with their work split over threads however small the corpus (``THREADS =
3``, parts of one sentence and up), and with numpy only (the kernels set to None, the fallback every install without a C compiler runs). Module-scoped, so that
Hypothesis tests may use it: nothing in it changes between examples.
"""

import pytest

from bleuprint.impl import native, tokenizers


@pytest.fixture(scope="module", params=["kernels", "kernels-tiny-chunks", "kernels-threads", "numpy"])
def kernels(request):
    with pytest.MonkeyPatch.context() as patch:
        if request.param == "numpy":
            patch.setattr(native, "ngrams", None)
        elif native.ngrams is None:
            pytest.skip("the compiled kernels are not built")
        if request.param == "kernels-tiny-chunks":
            patch.setattr(native, "CHUNK_CHARS", 7)
            patch.setattr(tokenizers, "_PLAIN_LINES_MAX", -1)  # joined chunks, not one string per line
        if request.param == "kernels-threads":
            patch.setattr(native, "THREADS", 3)
            patch.setattr(native, "SPLIT_MIN_SENTENCES", 1)
        else:
            patch.setattr(native, "THREADS", 1)
        yield request.param
