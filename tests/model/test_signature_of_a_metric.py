"""A registered metric with a sacreBLEU-style signature: its keys and their short form come
from the metric (``signature_fields``, ``signature_abbreviations``), never from a table of
metric names in ``bleuprint.spec.signature``."""

from __future__ import annotations

import pytest

from bleuprint import spec
from bleuprint.core import Metric, Option, register, unregister
from bleuprint.core.value import metric as configured
from bleuprint.spec.signature import SIGNATURES
from bleuprint.verify_hooks import verify_hooks


class Signed(Metric):
    name = "signed_test"
    title = "a metric with a signature of its own"
    options = (Option("width", int, 3, "a number that enters the signature", stage="score", minimum=1),)

    def segment_stats(self, hyp, refs) -> list:
        return [len(hyp)]

    def score(self, combined, n_segments, width=3) -> float:
        return float(combined[0] * width)


# a metric outside a package of its own gives its signature with ``tune`` (``bleuprint.hooks``)
SIGNATURES.tune(Signed, signature_abbreviations={"width": "w"},
                signature_fields=lambda definition, width=3: [("width", str(width))])


@pytest.fixture(autouse=True)
def registered():
    register(Signed())
    yield
    unregister("signed_test")


def test_the_signature_reads_the_metric():
    """By hand: nrefs (short ``#``), the metric's own key (short ``w``), then the version
    (short ``v``), the sacreBLEU version asked for (the metric has no version of its own):
    ``nrefs:2|width:5|version:2.5.1`` and ``#:2|w:5|v:2.5.1``, ``v:2.6.0`` under 2.6.0."""
    five = configured("signed_test", width=5)
    assert spec.signature(five, nrefs=2, sacrebleu_version="2.5.1") == "nrefs:2|width:5|version:2.5.1"
    assert spec.signature(five, nrefs=2, short=True, sacrebleu_version="2.5.1") == "#:2|w:5|v:2.5.1"
    assert spec.signature(five, nrefs=2, short=True, sacrebleu_version="2.6.0") == "#:2|w:5|v:2.6.0"


def test_every_signed_metric_has_a_short_form_for_each_key():
    """Every registered metric with a signature gives its short signature for each of its
    ``verify_configurations`` (``bleuprint verify`` asks for both forms): each long
    ``key:value`` field has a short key and the same value, field by field. (bertscore and embedding_similarity came
    without short keys and raised KeyError.)"""
    from bleuprint.core import get_metric
    from bleuprint.spec.signature import signed_metrics

    for name in signed_metrics():
        definition = get_metric(name)
        nrefs = None if not definition.references else 1
        for options, label in verify_hooks(definition).verify_configurations():
            long = spec.signature(configured(name, **options), nrefs=nrefs).split("|")
            short = spec.signature(configured(name, **options), nrefs=nrefs, short=True).split("|")
            assert len(short) == len(long), (name, label)
            assert [f.split(":", 1)[1] for f in short] == [f.split(":", 1)[1] for f in long], (name, label)
