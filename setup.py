"""Build of bleuprint's compiled kernels (the metadata lives in pyproject.toml).

Each kernel is a small C extension module of ``bleuprint.impl`` with no dependency
beyond the Python C API. They are optional: without a C compiler the package installs
and ``bleuprint.impl`` runs its numpy code instead (``bleuprint.impl.native``).
"""

from setuptools import Extension, setup

KERNELS = {
    "_ngrams": "bleuprint/impl/csrc/ngrams.c",
    "_terkernel": "bleuprint/impl/csrc/terkernel.c",
    "_resample": "bleuprint/impl/csrc/resample.c",
    "_pairs": "bleuprint/impl/csrc/pairs.c",
    "_rouge": "bleuprint/impl/csrc/rouge.c",
    "_squad": "bleuprint/impl/csrc/squad.c",
    "_lesson": "bleuprint/impl/csrc/lesson.c",
    "_wer": "bleuprint/impl/csrc/wer.c",
    "_cider": "bleuprint/impl/csrc/cider.c",
    "_meteor": "bleuprint/impl/csrc/meteor.c",
    "_exactsum": "bleuprint/impl/csrc/exactsum.c",
    "_bertscore": "bleuprint/impl/csrc/bertscore.c",
    "_pce": "bleuprint/impl/csrc/pce.c",
}

#: Flags beyond the common ones: the BERTScore kernel must round every product and every
#: sum (the spec's operations), so no fused multiply-add (GCC contracts by default where the
#: target has one).
EXTRA_FLAGS = {"_bertscore": ["-ffp-contract=off"]}

setup(
    ext_modules=[
        Extension(f"bleuprint.impl.{name}", [source], depends=["bleuprint/impl/csrc/growable.h"], optional=True,
                  extra_compile_args=["-O3", "-std=c99", *EXTRA_FLAGS.get(name, [])])
        for name, source in KERNELS.items()
    ]
)
