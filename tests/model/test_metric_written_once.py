"""A metric written once: ``UnigramRecall`` is defined entirely in this file and
registered; with no other edit it gets per-segment statistics and scores from the spec and
from impl, bootstrap intervals, paired tests and the Accumulator's merge across shards
(issue #13 item 4; the CLI, verify and mutants consumers follow).

The metric: a segment's row is ``[m, r]``, m the clipped unigram matches of the
white-space tokens against the reference with the most matches (the first on a tie) and
r that reference's length; the corpus score is 100 * sum(m) / sum(r) (0 when sum(r) = 0).
"""

from __future__ import annotations

from collections import Counter

import numpy as np
import pytest

import bleuprint.impl as impl
from bleuprint import spec
from bleuprint.core import Metric, register, unregister
from bleuprint.core.value import metric as configured
from bleuprint.mutants.hooks import MUTANTS_PROTOCOL, mutant_hooks


class UnigramRecall(Metric):
    name = "unigram_recall_test"
    title = "clipped unigram recall against the best reference"

    def segment_stats(self, hyp: str, refs: list) -> list:
        hyp_counts = Counter(hyp.split())
        best = None
        for ref in refs:
            ref_counts = Counter(ref.split())
            matches = sum(min(c, hyp_counts[w]) for w, c in ref_counts.items())
            if best is None or matches > best[0]:
                best = [matches, len(ref.split())]
        return best

    def score(self, combined: list, n_segments: int) -> float:
        matches, length = combined
        return 100 * matches / length if length else 0.0


def _unigram_faults(definition) -> list:
    """One planted fault of this metric's own spec, for the mutants catalogue:
    matches not clipped (each reference word counts wherever the hypothesis has it)."""
    from bleuprint.mutants.model import Mutant

    def unclipped(original):
        def segment_stats(self, hyp, refs):
            hyp_counts = Counter(hyp.split())
            best = None
            for ref in refs:
                matches = sum(1 for w in ref.split() if hyp_counts[w])
                if best is None or matches > best[0]:
                    best = [matches, len(ref.split())]
            return best
        return segment_stats

    cls = type(definition)
    return [Mutant("u01", "UnigramRecall.segment_stats", "reference words are not clipped by the hypothesis counts",
                   "clipping", "test_statistics_and_score_in_both_layers",
                   {f"{cls.__module__}:{cls.__qualname__}.segment_stats": unclipped},
                   lambda: spec.sentence_stats(definition.name, ["hello there"], [["hello hello there"]]).tolist(),
                   semantic=False)]


# a metric outside a package of its own tunes the mutants with ``tune`` (``bleuprint.hooks``)
MUTANTS_PROTOCOL.tune(UnigramRecall, faults=_unigram_faults)


@pytest.fixture(scope="module", autouse=True)
def registered():
    metric = register(UnigramRecall())
    yield metric
    unregister(metric.name)


HYPS = ["the cat sat", "a dog", "hello there", ""]
REFS = [["the cat sat down", "cat"], ["the dog barked"], ["hello hello there"], ["x"]]


def test_statistics_and_score_in_both_layers():
    """Rows, by hand: "the cat sat" against "the cat sat down" has 3 matches of 4 words
    ("cat" alone has 1): [3, 4]; "a dog" against "the dog barked": [1, 3]; "hello there"
    against "hello hello there": hello min(2, 1) = 1 + there 1 = [2, 3]; "" against "x":
    [0, 1]. Sum [6, 11]: 100 * 6 / 11 = 54.5454...; exact (integer arithmetic)."""
    expected = [[3, 4], [1, 3], [2, 3], [0, 1]]
    for layer in (spec, impl):
        matrix = layer.sentence_stats("unigram_recall_test", HYPS, REFS)
        assert matrix.tolist() == expected
        assert layer.score_from_stats("unigram_recall_test", matrix.sum(axis=0), len(HYPS)) == 100 * 6 / 11


def test_unknown_option_and_bad_corpus_are_refused():
    with pytest.raises(TypeError, match="unknown option"):
        spec.sentence_stats(configured("unigram_recall_test", lowercase=True), HYPS, REFS)
    with pytest.raises(ValueError, match="mismatched lengths"):
        impl.sentence_stats("unigram_recall_test", HYPS, REFS[:2])


def test_bootstrap_interval_spec_equals_impl():
    """Same seed, same resamples: the spec's and impl's intervals agree (float32 mode)."""
    spec_ci = spec.metric_ci("unigram_recall_test", HYPS, REFS, n_boot=50, rng=np.random.default_rng(7))
    impl_ci = impl.metric_ci("unigram_recall_test", HYPS, REFS, n_boot=50, rng=np.random.default_rng(7))
    assert spec_ci[0] == 100 * 6 / 11
    assert np.allclose(spec_ci, impl_ci, rtol=0, atol=1e-9)
    assert spec_ci[1] <= spec_ci[0] <= spec_ci[2]


def test_identical_segments_give_a_degenerate_interval():
    """Every resample of four copies of one segment is that segment four times: its score,
    100 * 4 * 3 / (4 * 4) = 75, so lo = hi = 75."""
    score, lo, hi = spec.metric_ci("unigram_recall_test", [HYPS[0]] * 4, [REFS[0]] * 4, n_boot=20,
                                   rng=np.random.default_rng(1), exact=True)
    assert score == lo == hi == 75.0


def test_paired_bootstrap_spec_equals_impl():
    other = ["the cat", "dog", "hello there", "x"]
    spec_result = spec.paired_bootstrap("unigram_recall_test", HYPS, [other], REFS, n=100, seed=12345)
    impl_result = impl.paired_bootstrap("unigram_recall_test", HYPS, [other], REFS, n=100, seed=12345)
    assert spec_result == impl_result


def test_accumulator_merges_shards_to_the_one_call_score():
    first = impl.Accumulator("unigram_recall_test").add(HYPS[:1], REFS[:1])
    second = impl.Accumulator("unigram_recall_test").add(HYPS[1:], REFS[1:])
    merged = first.merge(second)
    assert merged.n_sentences == 4 and merged.stats.tolist() == [6, 11]
    assert merged.score() == 100 * 6 / 11


# -- mutants ----------------------------------------------------------------------------------
# The mutants catalogue reads the registry: this metric's own fault (``faults``) is listed
# while the metric is registered, and the sanity mutant x00 breaks its entry points.

from bleuprint.mutants import catalogue  # noqa: E402
from bleuprint.mutants.model import outcome  # noqa: E402
from bleuprint.mutants.switch import replaced  # noqa: E402


def test_the_catalogue_lists_the_metric_fault_while_it_is_registered(registered):
    """u01 (and x00 over this metric's entry points) while registered; neither once the
    metric is unregistered."""
    listed = catalogue.all_mutants()
    assert "u01" in [m.id for m in listed] and listed[-1].id == "x00"
    assert set(mutant_hooks(registered).spec_entry_points()) <= set(listed[-1].targets)
    unregister(registered.name)
    try:
        listed = catalogue.all_mutants()
        assert "u01" not in [m.id for m in listed]
        assert not set(mutant_hooks(registered).spec_entry_points()) & set(listed[-1].targets)
    finally:
        register(registered)


def test_the_sanity_mutant_breaks_the_metric_entry_points(registered):
    """x00 covers the default entry points, ``module:UnigramRecall.segment_stats`` and
    ``.score`` (dotted names): both raise while it is on, through the instance and through
    impl, and work again once it is off."""
    cls = type(registered)
    assert mutant_hooks(registered).spec_entry_points() == (f"{cls.__module__}:UnigramRecall.segment_stats",
                                              f"{cls.__module__}:UnigramRecall.score")
    with replaced(catalogue.get("x00").patches):
        with pytest.raises(RuntimeError, match="x00"):
            registered.segment_stats("a", ["a"])
        with pytest.raises(RuntimeError, match="x00"):
            registered.score([1, 1], 1)
        with pytest.raises(RuntimeError, match="x00"):
            impl.sentence_stats("unigram_recall_test", HYPS, REFS)
    assert registered.segment_stats("a", ["a"]) == [1, 1] and registered.score([1, 1], 1) == 100.0


def test_the_metric_fault_is_killed_by_a_test_of_this_file():
    """Under u01 the statistics test above fails, and the witness differs: "hello there"
    against "hello hello there" has min(2, 1) + min(1, 1) = 2 clipped matches of 3 words,
    [2, 3]; unclipped, "hello" counts twice: [3, 3]. Off again, the test passes."""
    mutant = catalogue.get("u01")
    assert outcome(mutant.witness) == ("value", [[2.0, 3.0]])
    with replaced(mutant.patches):
        assert outcome(mutant.witness) == ("value", [[3.0, 3.0]])
        with pytest.raises(AssertionError):
            test_statistics_and_score_in_both_layers()
    assert outcome(mutant.witness) == ("value", [[2.0, 3.0]])
    test_statistics_and_score_in_both_layers()


def test_a_fault_id_taken_twice_stops_the_catalogue():
    """A second metric contributing u01 is an error naming both contributors, never a
    catalogue with one of them dropped."""

    class Copy(UnigramRecall):
        name = "unigram_recall_copy_test"

    register(Copy())
    try:
        with pytest.raises(RuntimeError, match="duplicate mutant id 'u01'.*'unigram_recall_test'.*"
                                               "'unigram_recall_copy_test'"):
            catalogue.all_mutants()
    finally:
        unregister(Copy.name)


# -- bleuprint verify -------------------------------------------------------------------------
# verify reads the registry: this metric, which has no golden fixture and no oracle, gets
# rows of impl (and impl-numpy) against the spec on its ``verify_configurations()`` over
# the generated corpora with no edit of verify; a wrong impl of a metric shows as a mismatch.

from bleuprint import verify  # noqa: E402


def _rows_against_the_spec(metric: str) -> list:
    """verify's rows (``verify.run``, the function behind ``bleuprint verify``) of
    ``metric``, restricted to impl against the spec on the generated corpora (a second or
    two instead of a minute)."""
    rows, _ = verify.run(["impl", "impl-numpy"], only_spec=True)
    return [row for row in rows if row.metric == metric]


def test_verify_compares_impl_with_the_spec_for_the_metric():
    """One row per impl subject, on the default configuration ("generated defaults"),
    against the spec; every case equal (statistics exactly, scores within verify's 1e-9),
    and the table prints the metric's block."""
    rows = _rows_against_the_spec("unigram_recall_test")
    assert [(row.subject, row.family, row.oracle) for row in rows] == [
        ("impl", "generated defaults", "spec"), ("impl-numpy", "generated defaults", "spec")]
    for row in rows:
        assert row.cases > 0 and row.equal == row.cases and row.failures == [], row
    table = verify.format_table(rows)
    assert "== unigram_recall_test" in table and "MISMATCH" not in table


class OffByOneRecall(UnigramRecall):
    """``UnigramRecall`` with a wrong impl: its ``stats_matrix`` counts one match too many
    in every segment (the spec's ``segment_stats`` is the right one)."""

    name = "off_by_one_recall_test"

    def stats_matrix(self, hyps, refs, context=None):
        return super().stats_matrix(hyps, refs, context) + np.array([1, 0])


def test_verify_reports_a_wrong_impl_as_a_mismatch():
    """Every generated corpus has at least one segment, so impl's rows ``[m + 1, r]``
    differ from the spec's ``[m, r]`` in every case: no case equal, each a statistics
    mismatch naming the case, the row marked in the table."""
    register(OffByOneRecall())
    try:
        rows = _rows_against_the_spec(OffByOneRecall.name)
    finally:
        unregister(OffByOneRecall.name)
    assert [row.subject for row in rows] == ["impl", "impl-numpy"]
    for row in rows:
        assert row.cases > 0 and row.equal == 0 and row.stats_mismatches == row.cases and not row.ok
        assert row.failures[0].startswith("generated/") and row.failures[0].endswith(": differs")
    assert verify.format_table(rows).count("<-- MISMATCH") == 2


def test_verify_scores_a_sentence_case_of_a_metric_without_functions_of_its_own():
    """A sentence-level case (as a golden holds them) of a metric with no per-segment
    functions is its row and the score of that row alone. By hand: "the cat sat" against
    "the cat sat down" (3 matches of 4 words) and "cat" (1 of 1): [3, 4], 100 * 3 / 4 = 75
    (exact); a case expecting [3, 3] is not equal."""
    case = {"metric": "unigram_recall_test", "level": "sentence", "options": {}, "hyps": ["the cat sat"],
            "refs": [["the cat sat down", "cat"]], "sentence_stats": [[3, 4]], "score": 75.0}
    for layer in (spec, impl):
        assert verify.compare_case(layer, case).equal
        wrong = verify.compare_case(layer, {**case, "sentence_stats": [[3, 3]]})
        assert not wrong.equal and not wrong.stats_equal and wrong.error == ""


# -- bleuprint score -m -------------------------------------------------------------------------
# ``bleuprint score`` reads the registry: ``-m unigram_recall_test`` scores this file's metric
# from files through ``bleuprint.impl`` (or the spec), with its options from
# ``--metric-option``. The command runs in-process, as ``tests/cli_harness.py`` runs it.
# The files have one reference per line (the command line reads one reference per file),
# the first of each segment's references above: "the cat sat down", "the dog barked",
# "hello hello there", "x"; the rows are then those of the first test, [3, 4], [1, 3],
# [2, 3], [0, 1], summed [6, 11].

import io  # noqa: E402
import json  # noqa: E402

from bleuprint.cli import score as score_cli  # noqa: E402
from bleuprint.cli import build_parser  # noqa: E402
from bleuprint.core import Option  # noqa: E402

CLI_REFS = [refs[0] for refs in REFS]


def _write(folder, name: str, lines: list[str]) -> None:
    (folder / name).write_text("\n".join(lines) + "\n", encoding="utf-8")


def _bleuprint_score(argv: list[str], folder, monkeypatch, parser=None) -> tuple[int, str, str]:
    """``bleuprint score ARGV`` in ``folder``: (status, standard output, standard error)."""
    for key in ("SACREBLEU_SEED", "SACREBLEU_FORMAT"):
        monkeypatch.delenv(key, raising=False)
    monkeypatch.chdir(folder)
    args = (parser or build_parser()).parse_args(["score", *argv])
    out, err = io.StringIO(), io.StringIO()
    status = score_cli.run(args, stdout=out, stderr=err)
    return status, out.getvalue(), err.getvalue()


@pytest.fixture
def files(tmp_path):
    _write(tmp_path, "hyp.txt", HYPS)
    _write(tmp_path, "ref.txt", CLI_REFS)
    return tmp_path


def test_score_m_prints_the_metric_score(files, monkeypatch):
    """By hand: 100 * 6 / 11 = 54.5454..., printed ``unigram_recall_test = 54.5`` at the
    default width and 54.545454545455 with ``-w 12`` (within 1e-9 of 600/11)."""
    status, out, err = _bleuprint_score("ref.txt -i hyp.txt -m unigram_recall_test -f text".split(), files,
                                        monkeypatch)
    assert (status, out, err) == (0, "unigram_recall_test = 54.5\n", "")
    status, out, _ = _bleuprint_score("ref.txt -i hyp.txt -m unigram_recall_test -f text -w 12".split(), files,
                                      monkeypatch)
    name, equals, value = out.strip().partition(" = ")
    assert status == 0 and (name, equals) == ("unigram_recall_test", " = ")
    assert abs(float(value) - 100 * 6 / 11) <= 1e-9
    for layer in ("impl", "spec"):
        status, out, _ = _bleuprint_score(f"ref.txt -i hyp.txt -m unigram_recall_test -b -w 12 --impl {layer}"
                                          .split(), files, monkeypatch)
        assert status == 0 and abs(float(out) - 100 * 6 / 11) <= 1e-9


def test_score_m_json_document(files, monkeypatch):
    """The JSON document: name, the score (to the width: 54.545454545455, within 1e-9 of
    600/11), one reference, the options (this metric has none) and the parts (none)."""
    status, out, err = _bleuprint_score("ref.txt -i hyp.txt -m unigram_recall_test -w 12".split(), files,
                                        monkeypatch)
    assert status == 0 and err == ""
    document = json.loads(out)
    assert abs(document.pop("score") - 100 * 6 / 11) <= 1e-9
    assert document == {"name": "unigram_recall_test", "nrefs": 1, "options": {}, "parts": {}}


def test_score_m_refuses_an_unknown_metric_option(files, monkeypatch):
    """This metric has no option: ``--metric-option lowercase=true`` stops with one line
    on standard error naming the word, status 1, nothing on standard output; so does a
    word without ``=``."""
    for word in ("lowercase=true", "lowercase"):
        status, out, err = _bleuprint_score(["ref.txt", "-i", "hyp.txt", "-m", "unigram_recall_test",
                                             "--metric-option", word], files, monkeypatch)
        assert (status, out) == (1, "")
        assert len(err.splitlines()) == 1 and err.startswith(f"bleuprint: --metric-option {word!r}: ")


def test_score_m_sentence_level_interval_and_paired_test(files, monkeypatch):
    """``-sl``: each row scored alone, 100 * 3/4 = 75.0, 100 * 1/3 = 33.3, 100 * 2/3 = 66.7,
    0/1 = 0.0. ``--confidence`` on four copies of the first segment: every resample is
    four copies of it, 100 * 12/16 = 75, so μ = 75.0 ± 0.0. ``--paired-ar`` of two files with
    the same text: every trial's difference is 0, none exceeds the observed 0, so
    p = (0 + 1) / (100 + 1)."""
    status, out, _ = _bleuprint_score("ref.txt -i hyp.txt -m unigram_recall_test -sl".split(), files, monkeypatch)
    assert (status, out.splitlines()) == (0, [f"unigram_recall_test = {x}" for x in ("75.0", "33.3", "66.7", "0.0")])
    _write(files, "hyp4.txt", [HYPS[0]] * 4)
    _write(files, "ref4.txt", [CLI_REFS[0]] * 4)
    status, out, _ = _bleuprint_score("ref4.txt -i hyp4.txt -m unigram_recall_test --confidence -cin 50 -f text"
                                      .split(), files, monkeypatch)
    assert (status, out) == (0, "unigram_recall_test = 75.0 (μ = 75.0 ± 0.0)\n")
    _write(files, "copy.txt", HYPS)
    status, out, _ = _bleuprint_score("ref.txt -i hyp.txt copy.txt -m unigram_recall_test --paired-ar -parn 100"
                                      .split(), files, monkeypatch)
    baseline, system = json.loads(out)
    assert status == 0 and system["system"] == "copy.txt"
    assert system["unigram_recall_test"]["p_value"] == 1 / 101
    assert abs(system["unigram_recall_test"]["score"] - 100 * 6 / 11) <= 1e-9


class CasedUnigramRecall(UnigramRecall):
    """``UnigramRecall`` with two options (and its parts): ``lowercase`` both sides, and
    ``max_words``, only the hypothesis' first words count (None: all)."""

    name = "unigram_recall_options_test"
    options = (Option("lowercase", bool, False, "lowercase both sides", stage="stats"),
               Option("max_words", int, None, "count only the hypothesis' first words (None: all)",
                      stage="stats", nullable=True, minimum=0))

    def segment_stats(self, hyp: str, refs: list, lowercase=False, max_words=None) -> list:
        if lowercase:
            hyp, refs = hyp.lower(), [ref.lower() for ref in refs]
        hyp = " ".join(hyp.split()[:max_words])
        return super().segment_stats(hyp, refs)

    def parts(self, combined: list, n_segments: int) -> dict:
        return {"matches": combined[0], "ref_words": combined[1]}


def test_score_m_reads_metric_options_by_their_type(files, monkeypatch, capsys):
    """A metric registered after the command line was built is accepted by ``-m`` and
    listed by ``--help``. With "The cat sat" for "the cat sat": [2, 4] in case (sum [5, 11],
    45.5); ``lowercase=true`` gives back [3, 4] (54.5); ``max_words=1`` with it counts "the",
    "a", "hello", nothing: 1 + 0 + 1 + 0 = 2 of 11 (18.2); ``max_words=none`` is all words.
    The parts follow the score; the JSON options are all of them, defaults filled in. A
    value the option's type or range refuses stops with one line."""
    parser = build_parser()
    register(CasedUnigramRecall())
    try:
        _write(files, "cased.txt", ["The cat sat"] + HYPS[1:])
        def run(*extra):
            return _bleuprint_score(["ref.txt", "-i", "cased.txt", "-m", CasedUnigramRecall.name, "-f", "text",
                                     *extra], files, monkeypatch, parser)

        assert run() == (0, f"{CasedUnigramRecall.name} = 45.5 (matches = 5 ref_words = 11)\n", "")
        assert run("--metric-option", "lowercase=true")[1] == (f"{CasedUnigramRecall.name} = 54.5 "
                                                               "(matches = 6 ref_words = 11)\n")
        assert run("--metric-option", "lowercase=1", "--metric-option", "max_words=1")[1].startswith(
            f"{CasedUnigramRecall.name} = 18.2 (matches = 2 ")
        assert run("--metric-option", "max_words=None", "--metric-option", "lowercase=TRUE")[1].startswith(
            f"{CasedUnigramRecall.name} = 54.5 ")
        status, out, _ = run("--metric-option", "lowercase=true", "-f", "json")
        assert status == 0 and json.loads(out)["options"] == {"lowercase": True, "max_words": None}
        assert json.loads(out)["parts"] == {"matches": 6, "ref_words": 11}
        for word, problem in (("lowercase=yes", "lowercase is a bool: give true, false, 1 or 0, got 'yes'"),
                              ("max_words=-1", "max_words must be >= 0, got -1"),
                              ("max_words=2.5", "max_words must be an int, got '2.5'")):
            status, out, err = run("--metric-option", word)
            assert (status, out, err) == (1, "", f"bleuprint: --metric-option {word!r}: {problem}\n")
        with pytest.raises(SystemExit):
            parser.parse_args(["score", "--help"])
        assert CasedUnigramRecall.name in capsys.readouterr().out
    finally:
        unregister(CasedUnigramRecall.name)


def test_an_alias_finds_the_metric_and_is_never_listed():
    """A metric's aliases (``register``'s ``aliases``, the CLI's ``-m meteor-nltk`` for ``meteor_nltk``): the registry
    looks an alias up as the metric itself, ``metric_names`` does not list it, the CLI's
    ``-m`` resolves it, and an alias taken by another metric is refused at registration."""
    from bleuprint.cli.score_arguments import resolve_metric
    from bleuprint.core import get_metric, metric_names

    class Aliased(UnigramRecall):
        name = "unigram_recall_aliased_test"

    metric = register(Aliased(), aliases=("unigram-recall-aliased-test",))
    try:
        assert get_metric("unigram-recall-aliased-test") is metric
        assert "unigram-recall-aliased-test" not in metric_names()
        assert resolve_metric("unigram-recall-aliased-test") == (metric, {})

        class Clash(UnigramRecall):
            name = "unigram_recall_clash_test"

        with pytest.raises(ValueError, match="already the name of 'unigram_recall_test'"):
            register(Clash(), aliases=("unigram_recall_test",))
    finally:
        unregister(metric.name)
    with pytest.raises(ValueError, match="unknown metric"):
        get_metric("unigram-recall-aliased-test")


def test_a_metrics_names_are_the_registrys():
    """A metric's aliases and public names are given where it is registered, not in its
    class: from its index line for a metric of an index (other names given to ``register``
    are refused), from ``register``'s arguments otherwise, and a metric that replaces one of
    its name keeps that one's names unless it is given others."""
    from bleuprint.core import get_metric
    from bleuprint.core.registry import add_index, metric_aliases, metric_api_names

    class Indexed(UnigramRecall):
        name = "unigram_recall_indexed_test"

    add_index([(Indexed.name, __name__, ("unigram-recall-indexed-test",), ("unigram_recall_indexed",))])
    try:
        with pytest.raises(ValueError, match="differ from the metric index"):
            register(Indexed(), aliases=("another-alias-test",))
        register(Indexed())
        assert metric_aliases(Indexed.name) == ("unigram-recall-indexed-test",)
        assert metric_api_names(Indexed.name)[0] == ("unigram_recall_indexed",)
        register(Indexed(), replace=True)
        assert metric_aliases("unigram-recall-indexed-test") == ("unigram-recall-indexed-test",)
        register(Indexed(), aliases=("unigram-recall-renamed-test",), api_names=(), replace=True)
        assert metric_aliases(Indexed.name) == ("unigram-recall-renamed-test",)
        assert metric_api_names(Indexed.name)[0] == ()
        with pytest.raises(ValueError, match="unknown metric"):
            get_metric("unigram-recall-indexed-test")
    finally:
        unregister(Indexed.name)
