"""The catalogue of port faults (``bleuprint.mutants.port_faults``): every class the issue
names is covered, every fault is described, none is equivalent to the spec, and the
language primitives they are written with behave as the languages do (by hand, from the
languages' documentation)."""

import pytest

from bleuprint.mutants import languages as L
from bleuprint.mutants.catalogue import all_mutants
from bleuprint.mutants.model import outcome
from bleuprint.mutants.port_faults import CLASSES, PortFault, all_port_faults, get_port_fault
from bleuprint.mutants.switch import replaced

FAULTS = all_port_faults()


def test_every_required_class_is_covered_and_every_fault_described():
    """Ids pf01.. unique and apart from the planted mutants'; each fault names its class,
    the languages where it is natural, what it does and the functions it changes; the
    issue's classes each have at least one fault."""
    ids = [f.id for f in FAULTS]
    assert ids == [f"pf{i:02d}" for i in range(1, len(ids) + 1)]
    assert not set(ids) & {m.id for m in all_mutants()}
    for fault in FAULTS:
        assert isinstance(fault, PortFault) and fault.fault_class in CLASSES
        assert fault.languages and fault.fault and fault.function and fault.patches
    required = {"white-space", "character", "case", "regex-class", "normalization", "line-ending",
                "byte-order-mark", "float", "integer-division", "sort-ties", "replacement-order"}
    assert required <= {f.fault_class for f in FAULTS}


@pytest.mark.parametrize("fault_id", [f.id for f in FAULTS])
def test_port_fault_is_not_equivalent(fault_id):
    """The fault's witness gives another value than the spec while it is on, the spec's
    own once it is off."""
    fault = get_port_fault(fault_id)
    before = outcome(fault.witness)
    with replaced(fault.patches):
        during = outcome(fault.witness)
    assert during != before
    assert outcome(fault.witness) == before


def test_the_white_space_sets_are_the_languages():
    """By hand from the documentation: Python's str.isspace has U+001C-U+001F and U+0085,
    not U+FEFF or U+200B; JavaScript's \\s has U+FEFF, not U+001C or U+0085; Go's and
    Rust's White_Space has U+0085, not U+001C; C's isspace is space and \\t-\\r only."""
    assert {"\x1c", "\x1f", "\x85", "\u3000"} <= L.PYTHON_SPACE and not {"\ufeff", "\u200b"} & L.PYTHON_SPACE
    assert "\ufeff" in L.JS_SPACE and not {"\x1c", "\x85"} & L.JS_SPACE
    assert "\x85" in L.UNICODE_WHITE_SPACE and "\x1c" not in L.UNICODE_WHITE_SPACE
    assert L.ASCII_SPACE == frozenset(" \t\n\v\f\r")
    assert L.JAVASCRIPT_SPACE.split("a\ufeffb\x1cc") == ["a", "b\x1cc"]
    assert L.GO_RUST_SPACE.split("a\x85b\x1cc") == ["a", "b\x1cc"]
    assert L.C_SPACE.split("a\u3000b c") == ["a\u3000b", "c"]


def test_what_a_character_is_in_each_language():
    """😀 (U+1F600) is two UTF-16 code units (D83D DE00) and four UTF-8 bytes; é is two
    UTF-8 bytes; e + U+0301 is two code points but one grapheme cluster."""
    assert L.utf16_units("\U0001f600") == ["\ud83d", "\ude00"]
    assert len(L.utf8_bytes("\U0001f600")) == 4 and len(L.utf8_bytes("é")) == 2
    assert L.utf8_bytes("a") == ["a"] and not set(L.utf8_bytes("é")) & L.PYTHON_SPACE
    assert L.grapheme_clusters("e\u0301a") == ["e\u0301", "a"]


def test_the_lowercase_mappings_of_each_language():
    """Python: İ -> i + U+0307 and a final Σ -> ς; simple mapping (Go): İ -> i, Σ -> σ;
    ASCII only: É stays; case folding: ß -> ss."""
    assert "İ".lower() == "i\u0307" and "ΟΔΟΣ".lower() == "οδος"
    assert L.simple_lower("İΟΔΟΣ") == "iοδοσ"
    assert L.ascii_lower("ÉTÉ Ab") == "ÉtÉ ab"
    assert L.case_fold("Straße") == "strasse"


def test_the_issue_reproductions_are_port_faults():
    """The three faults of the issue's JavaScript port are catalogued: chrF counting UTF-16
    code units, JavaScript's white space, 13a unescaping &amp; before &quot; (&amp;quot;
    ends as &quot; in the spec, as \" under the fault)."""
    from bleuprint import spec

    with replaced(get_port_fault("pf04").patches):
        assert spec.chrf_stats("\U0001f600", ["\U0001f600"])[:3] == [2, 2, 2]
    assert spec.chrf_stats("\U0001f600", ["\U0001f600"])[:3] == [1, 1, 1]
    with replaced(get_port_fault("pf02").patches):
        assert spec.bleu_stats("a\ufeffb", ["a b"])[:2] == [2, 2]
    with replaced(get_port_fault("pf24").patches):
        assert spec.tokenize_13a("&amp;quot;") == '"'
    assert spec.tokenize_13a("&amp;quot;") == "& quot ;"


def test_a_float32_beyond_its_range_is_infinite_and_silent():
    """A C ``float`` holds at most (2 - 2^-23) x 2^127 ~ 3.4028235e38: 1e300 becomes
    +infinity and -1e300 -infinity, with no warning (numpy's overflow warning was printed by
    ``vectors export`` for each such vector); 0.1 becomes the nearest float32,
    13421773 x 2^-27 = 0.100000001490116119384765625."""
    import math
    import warnings

    from bleuprint.mutants.port_faults import as_float32

    with warnings.catch_warnings():
        warnings.simplefilter("error")
        assert as_float32(1e300) == math.inf and as_float32(-1e300) == -math.inf
        assert as_float32(0.1) == 13421773 * 2.0 ** -27
