"""Fixtures of the impl tests: both implementations of impl's hot loops.

``kernels`` runs a test module three times: with the compiled kernels of
``bleuprint.impl.native`` (skipped where they are not built; ``test_native.py`` fails
then, unless BLEUPRINT_NO_NATIVE asks for that), with them on chunks of a few characters
(so that every corpus is cut into many chunks sharing one vocabulary), and with numpy
only (the kernels set to None, the fallback every install without a C compiler runs). Module-scoped, so that
Hypothesis tests may use it: nothing in it changes between examples.
"""

import pytest

from bleuprint.impl import native


@pytest.fixture(scope="module", params=["kernels", "kernels-tiny-chunks", "numpy"])
def kernels(request):
    with pytest.MonkeyPatch.context() as patch:
        if request.param == "numpy":
            patch.setattr(native, "ngrams", None)
        elif native.ngrams is None:
            pytest.skip("the compiled kernels are not built")
        if request.param == "kernels-tiny-chunks":
            patch.setattr(native, "CHUNK_CHARS", 7)
        yield request.param
