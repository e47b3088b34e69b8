"""``bleuprint verify --metric NAME...`` (issue 33 item 7): the rows of the metrics named
only, with the same cases as in a full run; unknown names and a named metric whose data
is missing refused in one line."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

from bleuprint import verify
from bleuprint.cli import main
from bleuprint.core import Metric, Option, metric_names, register, unregister
from bleuprint.verify_hooks import VERIFY, labelled_configurations

ROOT = Path(__file__).resolve().parents[2]


def test_a_metrics_generated_cases_do_not_depend_on_the_others_chosen():
    """chrF's generated cases alone are chrF's cases of chrF's and BLEU's, corpus for
    corpus (with one generator shared by every metric, BLEU's draws would move chrF's)."""
    alone = verify.generated_cases(metrics=["chrf"])
    both = verify.generated_cases(metrics=["bleu", "chrf"])
    assert alone and alone == [case for case in both if case["metric"] == "chrf"]
    assert {case["metric"] for case in both} == {"bleu", "chrf"}


class _ToyMetric(Metric):
    """Unigram recall against the first reference, with four configurations: registered
    first (replacing nothing), it would have moved every other metric's cases when the
    generated corpora were dealt to all the configurations in turn."""

    name = "aaa_toy_seed_test"
    title = "a toy metric registered by a test"
    options = (Option("lowercase", bool, False, "lowercase both sides"),)

    def segment_stats(self, hyp, refs, lowercase=False):
        hyp_words = set((hyp.lower() if lowercase else hyp).split())
        ref = (refs[0].lower() if lowercase else refs[0]).split()
        return [sum(w in hyp_words for w in ref), len(ref)]

    def score(self, combined, n_segments, **options):
        return 100 * combined[0] / combined[1] if combined[1] else 0.0


# verify's hook, given as a metric outside a package of its own gives it (bleuprint.hooks)
VERIFY.tune(_ToyMetric, verify_configurations=lambda definition: labelled_configurations(
    {}, {"lowercase": True}, {}, {"lowercase": True}))


def test_registering_a_metric_changes_no_other_metrics_generated_cases():
    """Every metric's generated cases (ids, inputs, expected values) and the cases a port
    is sent are the same before and after a metric is registered, and after it is
    removed; the new metric gets cases of its own. (Before each metric had a generator of
    its own name, all the configurations shared the 300 corpora in turn, so a new metric's
    four configurations would have moved every later case.)"""
    from bleuprint.ports.cases import builtin_cases

    names = ["exact_match", "chrf", "wer", "distinct_n"]
    before = verify.generated_cases(metrics=names)
    port_before = [(c.id, c.hyps, c.refs, c.stats) for c in builtin_cases(["chrf", "wer"])[0]]
    register(_ToyMetric())
    try:
        assert metric_names()[-1] == _ToyMetric.name
        during = verify.generated_cases()
        port_during = [(c.id, c.hyps, c.refs, c.stats) for c in builtin_cases(["chrf", "wer", _ToyMetric.name])[0]
                       if not c.id.startswith(_ToyMetric.name)]
        toy = [case for case in during if case["metric"] == _ToyMetric.name]
    finally:
        unregister(_ToyMetric.name)
    assert [case for case in during if case["metric"] in names] == before
    assert port_during == port_before
    assert len(toy) == 16 and all("expected_error" not in case for case in toy)
    assert verify.generated_cases(metrics=names) == before


def test_verify_of_one_metric_has_its_rows_only():
    """``run(..., metrics=["chrf"])``: hand, golden, generated and interval rows, each of
    chrF (the interval families name the metric after a colon), every case equal."""
    rows, _ = verify.run(["impl"], live=False, metrics=["chrf"])
    assert {row.metric for row in rows} == {"chrf", "intervals"}
    assert {row.oracle for row in rows if row.metric == "chrf"} == {"hand", "goldens", "spec"}
    assert all(row.family.endswith(":chrf") for row in rows if row.metric == "intervals")
    assert all(row.ok for row in rows) and sum(row.cases for row in rows) > 100


def test_an_unknown_metric_is_refused_in_one_line(capsys):
    assert main(["verify", "--metric", "chrf", "CHRF", "--no-live"]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and err.startswith("bleuprint: verify: unknown metric 'CHRF'")
    assert all(name in err for name in metric_names())


def test_a_named_metric_without_its_wordnet_is_refused_in_one_line(tmp_path):
    empty = tmp_path / "nltk_data"
    empty.mkdir()
    env = {key: value for key, value in os.environ.items() if key != "BLEUPRINT_WORDNET"}
    env.update(NLTK_DATA=str(empty), PYTHONPATH=str(ROOT))
    result = subprocess.run([sys.executable, "-m", "bleuprint", "verify", "--metric", "meteor_nltk", "--no-live"],
                            capture_output=True, text=True, env=env, cwd=ROOT, timeout=300)
    if "WordNet" not in result.stderr and result.returncode == 0:
        import pytest

        pytest.skip("WordNet is found without NLTK_DATA here")
    assert result.returncode == 1 and result.stdout == ""
    assert result.stderr.count("\n") == 1 and result.stderr.startswith(
        "bleuprint: verify: cannot verify meteor_nltk here: WordNet 3.0 not found"), result.stderr


def test_meteor_without_its_jar_is_left_out_with_a_note_not_counted_as_mismatches(monkeypatch, tmp_path):
    """Meteor 1.5's spec and impl read their resources from pycocoevalcap 1.2's jar, which
    a plain install (``pip install .``) lacks. Before its ``missing_data`` hook, a plain
    ``bleuprint verify`` counted every meteor case as a mismatch and exited 1. Now, with no
    jar found (``$BLEUPRINT_METEOR_JAR`` unset, pycocoevalcap's jar hidden), ``run`` leaves
    out every meteor case, both subjects' goldens and impl's generated cases, with one note
    naming the install command. With a file other than the pinned jar in
    ``$BLEUPRINT_METEOR_JAR``, the note names the pinned checksum instead."""
    from bleuprint.metrics.meteor import resources
    from bleuprint.oracles.goldens import load_goldens

    monkeypatch.delenv(resources.ENV_VARIABLE, raising=False)
    monkeypatch.setattr(resources, "_installed_jar", lambda: None)
    rows, notes = verify.run(["spec", "impl"], live=False, metrics=["meteor"])
    assert [row for row in rows if row.metric == "meteor"] == []
    left_out = 2 * len(load_goldens("meteor")["cases"]) + len(verify.generated_cases(metrics=["meteor"]))
    assert [note for note in notes if note.startswith("meteor:")] == [
        f"meteor: {left_out} case computations skipped: Meteor 1.5 needs its jar's resources: no meteor-1.5.jar "
        f"found (give its path, set {resources.ENV_VARIABLE}, or {resources.INSTALL_HINT})"]

    other = tmp_path / "meteor-1.5.jar"
    other.write_bytes(b"not the jar")
    monkeypatch.setenv(resources.ENV_VARIABLE, str(other))
    rows, notes = verify.run(["spec", "impl"], live=False, metrics=["meteor"])
    assert [row for row in rows if row.metric == "meteor"] == []
    assert any(note.startswith(f"meteor: {left_out} case computations skipped: Meteor: {other} has sha256 ")
               and resources.PINNED_SHA256 in note for note in notes), notes
