"""``bleuprint reproduce`` reaches metrics only through the registry (issue #13 item 2): a
metric defined in this file, with one option and its own search space, is registered,
and the command, run in-process, recomputes a claim under its signature and finds the
option value that reproduces a claimed score.

The metric, ``NgramPrecision`` ("NGP"): a segment's row is ``[m, t]``, t the hypothesis's
n-grams of order ``n`` (white-space tokens) and m those of them in the reference with the
most, clipped by that reference's counts; the corpus score is 100 * sum(m) / sum(t) (0
when sum(t) = 0). Its search space: n = 1, 2, 3.

The corpus, worked by hand:

* "a b c d" against "a b x d": unigrams a, b, d of 4 match: [3, 4]; of the bigrams
  "a b", "b c", "c d" only "a b" is in the reference ("a b", "b x", "x d"): [1, 3];
  neither trigram ("a b c", "b c d") is: [0, 2].
* "a b" against "a b": [2, 2], [1, 1], and no trigram: [0, 0].

Corpus scores: n = 1, 100 * 5/6 = 83.33...; n = 2, 100 * 2/4 = 50.0; n = 3, 100 * 0/2 =
0.0. Means of the sentence scores: n = 1, (75 + 100)/2 = 87.5; n = 2, (33.33... + 100)/2 =
66.66...; n = 3, (0 + 0)/2 = 0.0. On the 0-1 scale each divided by 100. So the claim 50.0
(values in [49.95, 50.05] round to it) is reproduced by one configuration only: n = 2, the
corpus score, on the 0-100 scale, 50.0 exactly (checked within 1e-9).
"""

from __future__ import annotations

import io
import json
from collections import Counter

import pytest

from bleuprint.cli import build_parser
from bleuprint.core import Metric, Option, register, unregister
from bleuprint.cli.reproduce import run
from bleuprint.reproduce.hooks import REPRODUCE

HYPS = ["a b c d", "a b"]
REFS = ["a b x d", "a b"]


def _ngrams(text: str, n: int) -> Counter:
    words = text.split()
    return Counter(tuple(words[i:i + n]) for i in range(len(words) - n + 1))


class NgramPrecision(Metric):
    name = "ngram_precision_test"
    title = "clipped n-gram precision against the best reference"
    options = (Option("n", int, 1, "the n-gram order", minimum=1),)

    def segment_stats(self, hyp: str, refs: list, n: int = 1) -> list:
        hyp_counts = _ngrams(hyp, n)
        matches = max(sum(min(c, _ngrams(ref, n)[g]) for g, c in hyp_counts.items()) for ref in refs)
        return [matches, sum(hyp_counts.values())]

    def score(self, combined: list, n_segments: int, n: int = 1) -> float:
        matches, total = combined
        return 100 * matches / total if total else 0.0


# a metric outside a package of its own tunes reproduce with ``tune`` (``bleuprint.hooks``)
REPRODUCE.tune(NgramPrecision, claim_prefixes=("NGP",), search_space=lambda definition, hint="": [{"n": 1}, {"n": 2}, {"n": 3}])


@pytest.fixture
def files(tmp_path):
    registered = register(NgramPrecision())
    (tmp_path / "hyp.txt").write_text("\n".join(HYPS) + "\n", encoding="utf-8")
    (tmp_path / "ref.txt").write_text("\n".join(REFS) + "\n", encoding="utf-8")
    yield tmp_path
    unregister(registered.name)


def _reproduce(folder, *argv: str) -> tuple[int, str, str]:
    args = build_parser().parse_args(["reproduce", str(folder / "ref.txt"), "-i", str(folder / "hyp.txt"), *argv])
    out, err = io.StringIO(), io.StringIO()
    status = run(args, out, err)
    return status, out.getvalue(), err.getvalue()


def test_the_search_finds_the_option_of_a_registered_metric(files):
    """``-m ngram_precision_test`` (a choice the registry gives at parse time) searches the
    metric's own space: 3 orders x 1 reference subset x 2 aggregations x 2 scales, and
    only n = 2's corpus score on the 0-100 scale gives 50.0 (module doc)."""
    status, out, err = _reproduce(files, "--claim", "50.0", "-m", "ngram_precision_test", "-f", "json")
    assert status == 0, err
    report = json.loads(out)
    assert report["searched"] == 12 and "NGP: 3 option sets" in report["search"]
    assert report["n_matches"] == 1
    (match,) = report["matches"]
    assert match["options"] == {"n": 2} and match["aggregate"] == "corpus" and match["scale"] == 100
    assert abs(match["value"] - 50.0) <= 1e-9
    assert match["signature"] == "NGP|nrefs:1|n:2"


def test_a_claim_named_by_the_metric_is_recomputed_under_its_signature(files):
    """The claim's name ("NGP", the metric's claim prefix) says the metric; its signature
    (the form the search prints, ``n:2``) is read back into the option, recomputed as
    100 * 2/4 = 50.0 (holds); under ``n:1`` it is 83.33..., which does not hold, and the
    search names n = 2 as the configuration that gives 50.0."""
    status, out, err = _reproduce(files, "--claim", "NGP|nrefs:1|n:2 = 50.0")
    assert status == 0, err
    assert "Under the claimed signature, read as NGP|nrefs:1|n:2: 50.0000 -> the claim HOLDS" in out
    status, out, err = _reproduce(files, "--claim", "NGP|nrefs:1|n:1 = 50.0", "-f", "json")
    assert status == 1, err
    report = json.loads(out)
    assert report["holds"] is False and abs(report["recomputed"] - 100 * 5 / 6) <= 1e-9
    assert [m["options"] for m in report["matches"]] == [{"n": 2}]
