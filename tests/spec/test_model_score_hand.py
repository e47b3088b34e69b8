"""model_score (``bleuprint.metrics.model_score``): a learned metric's segment scores as a
registered metric. Hand examples from the definition (the mean of the segment scores,
COMET's ``sum(scores) / len(scores)``), the refusals, the declared direction, and the score
files (``files``). Scores compared with ``==`` where the hand value is exact in binary,
else within 1e-12."""

from __future__ import annotations

import json

import numpy as np
import pytest

import bleuprint
from bleuprint import spec
from bleuprint.core.registry import get_metric
from bleuprint.core.value import higher_is_better
from bleuprint.metaeval.readers import ScoreFileError
from bleuprint.metrics.model_score import files


def test_mean_by_hand():
    """0.5 - 0.25 + 0.125 = 0.375 over 3 segments = 0.125; the rows are [0.5, 0], [0, 0.25],
    [0.125, 0]: summed [0.625, 0.25], (0.625 - 0.25) / 3 = 0.125."""
    scores = [0.5, -0.25, 0.125]
    assert spec.model_score(scores) == bleuprint.impl.model_score(np.array(scores)) == 0.125
    assert bleuprint.corpus_score("model_score", scores) == 0.125
    assert np.asarray(spec.sentence_stats("model_score", scores)).tolist() == [[0.5, 0.0], [0.0, 0.25], [0.125, 0.0]]
    assert list(bleuprint.sentence_scores("model_score", scores)) == scores


def test_metricx_like_lower_is_better():
    """MetricX-24 scores 0..25, lower better: 3, 7.5, 1.5 -> 12 / 3 = 4. The direction does not
    change the number; the registry carries it."""
    lower = bleuprint.metric("model_score", direction="lower")
    assert bleuprint.corpus_score(lower, [3, 7.5, 1.5]) == 4.0
    assert higher_is_better("model_score") and not higher_is_better(lower)


def test_direction_is_registry_data_of_every_metric():
    """The error rates, TER, perplexity and the embedding distances are better lower; BLEU,
    chrF and cosine similarity higher (the list metaeval kept by name before)."""
    for name in ("ter", "wer", "cer", "mer", "wil", "perplexity", "cross_entropy"):
        assert not higher_is_better(name), name
    for name in ("bleu", "chrf", "wip", "embedding_similarity", "bertscore", "model_score"):
        assert higher_is_better(name), name
    assert not higher_is_better(bleuprint.metric("embedding_similarity", measure="euclidean"))


@pytest.mark.parametrize("bad, error", [([], ValueError), ([float("nan")], ValueError), ([float("inf")], ValueError),
                                        ([True], TypeError), (["0.5"], TypeError), ("0.5", TypeError)])
def test_bad_scores_are_refused_in_both_layers(bad, error):
    with pytest.raises(error):
        spec.model_score(bad)
    with pytest.raises(error):
        bleuprint.impl.model_score(bad)
    with pytest.raises(error):
        bleuprint.corpus_score("model_score", bad)


def test_references_are_refused():
    with pytest.raises(TypeError, match="takes no references"):
        bleuprint.corpus_score("model_score", [0.5], [["a"]])


def test_unknown_direction_is_refused():
    with pytest.raises(ValueError, match="unknown direction 'up'"):
        bleuprint.corpus_score(bleuprint.metric("model_score", direction="up"), [0.5])


def test_read_segment():
    from bleuprint.spec.inputs import input_hooks

    definition = input_hooks(get_metric("model_score"))
    assert definition.read_segment(" -0.125 ") == -0.125
    for line, message in (("", "found 0 fields"), ("a", "not a number"), ("1 2", "found 2 fields"),
                          ("nan", "must be finite")):
        with pytest.raises(ValueError, match=message):
            definition.read_segment(line)


# -- files -------------------------------------------------------------------------------------


def _write(tmp_path, name, text):
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return str(path)


def test_every_format_gives_the_same_systems(tmp_path):
    """One score a line (one system, named by its file), COMET's comet-score and
    comet-compare JSON, TSV with segment ids out of order, mt-metrics-eval's .seg.score."""
    a, b = [0.5, -0.25, 0.75], [0.25, 0.5, 0.125]
    lines = _write(tmp_path, "a.txt", "0.5\n-0.25\n0.75\n")
    assert files.read_scores(lines) == {lines: a}
    score_json = {"a": [{"src": "s", "mt": "m", "ref": "r", "COMET": x} for x in a],
                  "b": [{"src": "s", "mt": "m", "COMET": x} for x in b]}
    compare_json = {"model": "Unbabel/wmt22-comet-da", "statistical_results": [], "source": ["s"] * 3,
                    "translations": [{"name": "a", "mt": ["m"] * 3, "scores": a},
                                     {"name": "b", "mt": ["m"] * 3, "scores": b}]}
    tsv = "".join(f"{s}\t{i}\t{x!r}\n" for s, xs in (("a", a), ("b", b)) for i, x in reversed(list(enumerate(xs))))
    mtme = "".join(f"{s} {x!r}\n" for s, xs in (("a", a), ("b", b)) for x in xs)
    for name, text in (("s.json", json.dumps(score_json)), ("c.json", json.dumps(compare_json)), ("s.tsv", tsv),
                       ("m.seg.score", mtme), ("plain.txt", mtme)):
        assert files.read_scores(_write(tmp_path, name, text)) == {"a": a, "b": b}, name


def test_system_scores_file(tmp_path):
    path = _write(tmp_path, "m.sys.score", "a 0.5\nb 0.25\n")
    assert files.read_scores(path) == {"a": [0.5], "b": [0.25]}


@pytest.mark.parametrize("name, text, message", [
    ("x.txt", "0.5\n\n0.25\n", "x.txt:2: expected one score a line, found 0 fields"),
    ("x.txt", "0.5\nabc\n", "x.txt:2: score 'abc' is not a number"),
    ("x.tsv", "a\t0\t0.5\na\t1\t0.5\nb\t0\t0.5\n", "x.tsv:3: system b has 1 segments, system a has 2"),
    ("x.tsv", "a\t0\t0.5\na\t0\t0.25\n", "x.tsv:2: system a has segment 0 twice"),
    ("x.tsv", "a\tone\t0.5\n", "x.tsv:1: segment id 'one' is not a whole number"),
    ("x.seg.score", "a 0.5\na 0.25\nb 0.5\n", "x.seg.score:3: system b has 1 segment scores, system a has 2"),
    ("x.seg.score", "a 0.5\na None\n", "x.seg.score:2: system a has no score"),
    ("x.json", '{"a": [{"COMET": 0.5}, {"mt": "x"}]}', "x.json: 'a'\\[1\\] has no 'COMET' score"),
    ("x.json", '{"a": [\n{"COMET": 0.5},,]}', "x.json:2: not JSON"),
    ("x.txt", "", "x.txt: no scores"),
])
def test_bad_files_are_one_line_naming_the_file_and_line(tmp_path, name, text, message):
    path = _write(tmp_path, name, text)
    with pytest.raises(ScoreFileError, match=message.replace("x.", ".*x\\.")) as caught:
        files.read_scores(path)
    assert "\n" not in str(caught.value)


def test_segment_counts_are_checked_across_files(tmp_path):
    a = _write(tmp_path, "a.txt", "0.5\n0.25\n")
    b = _write(tmp_path, "b.seg.score", "s 0.5\ns 0.25\ns 0.125\n")
    with pytest.raises(ScoreFileError, match=r"b\.seg\.score:1: system s has 3 segment scores, system .*a\.txt"):
        files.read_systems([a, b])
    assert files.read_systems([a, _write(tmp_path, "c.txt", "1\n2\n")]) == {a: [0.5, 0.25],
                                                                           str(tmp_path / "c.txt"): [1.0, 2.0]}
