"""Fixtures of the impl tests: both implementations of impl's hot loops.

``kernels`` runs a test module twice: with the compiled kernels of
``bleuprint.impl.native`` (skipped where they are not built; ``test_native.py`` fails
then, unless BLEUPRINT_NO_NATIVE asks for that) and with numpy only (the kernels set to
None, the fallback every install without a C compiler runs). Module-scoped, so that
Hypothesis tests may use it: nothing in it changes between examples.
"""

import pytest

from bleuprint.impl import native


@pytest.fixture(scope="module", params=["kernels", "numpy"])
def kernels(request):
    if request.param == "kernels":
        if native.ngrams is None:
            pytest.skip("the compiled kernels are not built")
        yield request.param
        return
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(native, "ngrams", None)
        yield request.param
