"""``bleuprint verify``'s golden and live rows under whichever supported sacreBLEU is
installed: a golden's signatures are asked for under the version the golden records
(2.5.1), a live case's under the installed one (2.5.1 or 2.6.0), and both are equal to
what bleuprint computes; asking a live case's signatures under the other version is a
signature mismatch (so the version is really compared)."""

from __future__ import annotations

import pytest

import bleuprint.spec as spec
import bleuprint.verify as verify
from bleuprint.spec.sacrebleu_versions import SUPPORTED_VERSIONS

pytestmark = pytest.mark.sacrebleu_live
sacrebleu = pytest.importorskip("sacrebleu", reason="the live cases need sacreBLEU (2.5.1 or 2.6.0)")

#: The fixtures of BLEU and chrF: live, they take about a second (TER's take longer and
#: are in tests/spec/test_ter_vs_sacrebleu.py).
FIXTURES = ("bleu", "chrf")


@pytest.fixture(scope="module")
def live():
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(verify, "case_fixtures", lambda metrics=None: FIXTURES)
        patch.setattr(verify, "TED_PATH", verify.Path("/nonexistent/ted-ende.json"))
        found, _ = verify.live_cases(None)
    return found


def test_live_cases_are_tagged_with_the_installed_version_and_equal(live):
    assert set(live) == set(FIXTURES)
    signed = [case for cases in live.values() for case in cases if "signature" in case]
    assert signed and {case["sacrebleu_version"] for case in signed} == {sacrebleu.__version__}
    assert all(case["signature"].endswith(f"|version:{sacrebleu.__version__}") for case in signed)
    outcomes = [verify.compare_case(spec, case, {}) for case in signed]
    assert [case["id"] for case, outcome in zip(signed, outcomes) if not outcome.equal] == []


def test_goldens_are_compared_under_their_recorded_version():
    goldens = verify.golden_cases()
    signed = [case for name in FIXTURES for case in goldens[name] if "signature" in case]
    assert signed and {case["sacrebleu_version"] for case in signed} == {"2.5.1"}
    memo: dict = {}
    assert all(verify.compare_case(spec, case, memo).equal for case in signed)


def test_the_other_version_is_a_signature_mismatch(live):
    other = next(version for version in SUPPORTED_VERSIONS if version != sacrebleu.__version__)
    case = dict(next(case for case in live["bleu"] if "signature" in case), sacrebleu_version=other)
    outcome = verify.compare_case(spec, case, {})
    assert outcome.stats_equal and outcome.score_diff <= verify.SCORE_TOLERANCE
    assert not outcome.signature_equal and not outcome.equal
