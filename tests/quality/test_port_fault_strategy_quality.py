"""The strategies draw the hard cases of the port faults (``bleuprint.mutants.port_faults``),
and often enough: every 13a entity (``&quot;``, ``&gt;``, ``&amp;quot;`` among them, which
the strategies once lacked, so a port unescaping ``&amp;`` first passed 5,000 fuzz
examples), every class of white space, astral characters, combining marks.

Each case is measured (``measure`` of ``test_strategy_quality``) over ``DRAWS`` derandomized corpora of ``bleuprint.strategies.corpora``
(what ``bleuprint fuzz --port`` draws; generate phase only, no database, no local
constants, as the fuzzer draws): the fraction of
corpora holding it somewhere in a hypothesis or reference. The minima are about half the
rates measured when the cases were added (in ``MINIMA``'s comment), so a case that is lost
(rate 0) or becomes much rarer fails here."""

from __future__ import annotations

import pytest
from test_strategy_quality import measure

from bleuprint.strategies import COMBINING_MARKS, WHITE_SPACE_CLASSES, corpora, without_local_constants

DRAWS = 300

#: Each 13a entity once and escaped twice.
ENTITY_CASES = ("&amp;", "&lt;", "&gt;", "&quot;", "&amp;quot;", "&amp;gt;", "&amp;lt;", "&amp;amp;")


def _texts(corpus) -> list[str]:
    hyps, refs = corpus
    return [*hyps, *(ref for these in refs for ref in these)]


def _features() -> dict:
    features = {f"entity {e}": (lambda e: lambda texts: any(e in t for t in texts))(e) for e in ENTITY_CASES}
    for name, chars in WHITE_SPACE_CLASSES.items():
        features[f"white space {name}"] = (lambda cs: lambda texts: any(c in t for t in texts for c in cs))(chars)
    features["astral character"] = lambda texts: any(ord(ch) > 0xFFFF for t in texts for ch in t)
    features["combining mark"] = lambda texts: any(m in t for t in texts for m in COMBINING_MARKS)
    return features


#: Half the rates measured when the cases were added (300 corpora, rate in the comment).
MINIMA = {
    "entity &amp;": 0.138,  # (0.277)
    "entity &lt;": 0.023,  # (0.047)
    "entity &gt;": 0.068,  # (0.137)
    "entity &quot;": 0.026,  # (0.053)
    "entity &amp;quot;": 0.013,  # (0.027)
    "entity &amp;gt;": 0.048,  # (0.097)
    "entity &amp;lt;": 0.025,  # (0.050)
    "entity &amp;amp;": 0.03,  # (0.060)
    "white space ascii": 0.245,  # (0.490)
    "white space python-only": 0.281,  # (0.563)
    "white space javascript-only": 0.048,  # (0.097)
    "white space zero-width": 0.171,  # (0.343)
    "white space line-ending": 0.195,  # (0.390)
    "astral character": 0.176,  # (0.353)
    "combining mark": 0.131,  # (0.263)
}


@pytest.fixture(scope="module")
def rates() -> dict:
    features = {name: (lambda holds: lambda corpus: holds(_texts(corpus)))(holds) for name, holds in _features().items()}
    with without_local_constants():  # the same draws whatever else the process imported
        return measure(corpora(), DRAWS, features)


@pytest.mark.parametrize("feature", list(_features()))
def test_corpora_draw_each_port_fault_case(rates, feature):
    assert set(MINIMA) == set(rates)
    assert rates[feature] >= MINIMA[feature], f"{feature}: {rates[feature]:.3f} of corpora"


def test_the_detectors_can_say_no():
    """A corpus of plain ASCII words has none of the cases (so the rates are not all 1)."""
    plain = (["the cat sat"], [["a dog"]])
    assert not any(holds(_texts(plain)) for holds in _features().values())
