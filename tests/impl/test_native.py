"""The compiled kernels are built and used, so the differential tests check them.

Without these tests a failed build would leave only the numpy fallback under test, and
the suite would pass while the code users get (the kernels) went unchecked.
"""

import os

import pytest

from bleuprint.impl import native

pytestmark = pytest.mark.skipif(native.DISABLED, reason="BLEUPRINT_NO_NATIVE asks for numpy only")


def test_ngram_kernel_is_built():
    assert native.ngrams is not None, "bleuprint.impl._ngrams did not build or import (pip install -e . needs a C compiler)"


def test_no_native_switch_is_read_from_the_environment():
    """BLEUPRINT_NO_NATIVE=1 in a fresh interpreter loads no kernel."""
    import subprocess
    import sys

    code = "from bleuprint.impl import native; print(native.available())"
    env = dict(os.environ, BLEUPRINT_NO_NATIVE="1")
    out = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True, check=True).stdout
    assert out.strip() == str({"ngrams": False, "ter": False, "resample": False})
