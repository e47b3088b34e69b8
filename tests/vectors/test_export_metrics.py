"""``bleuprint vectors export DIR --metric NAME...`` (issue 33 item 7): the files of the
metrics named, byte for byte those of a full export; unknown names refused in one line;
a metric whose data or oracle is missing refused in one line when named, left out with a
note when not."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from bleuprint.cli import build_parser, main
from bleuprint.cli.metric_choice import chosen_metrics
from bleuprint.core import metric_names

ROOT = Path(__file__).resolve().parents[2]


def _without_wordnet(tmp_path) -> dict:
    """An environment in which nltk's WordNet cannot be found: NLTK_DATA an empty folder,
    no BLEUPRINT_WORDNET. Skips where WordNet is installed in a system folder anyway."""
    empty = tmp_path / "nltk_data"
    empty.mkdir()
    env = {key: value for key, value in os.environ.items() if key != "BLEUPRINT_WORDNET"}
    env.update(NLTK_DATA=str(empty), PYTHONPATH=str(ROOT))
    probe = subprocess.run([sys.executable, "-c", "from bleuprint.metrics.meteor_nltk import wordnet_available as w; "
                            "print(w())"], capture_output=True, text=True, env=env, cwd=ROOT, timeout=120)
    if probe.stdout.strip() != "False":
        pytest.skip(f"WordNet is found without NLTK_DATA here: {probe.stdout or probe.stderr}")
    return env


def test_metric_takes_several_names_or_repeats_and_resolves_aliases():
    parse = build_parser().parse_args
    assert parse(["vectors", "export", "d", "--metric", "bleu", "chrf"]).metric == ["bleu", "chrf"]
    assert parse(["vectors", "export", "d", "--metric", "bleu", "--metric", "chrf"]).metric == ["bleu", "chrf"]
    assert parse(["vectors", "export", "d"]).metric is None
    assert chosen_metrics(["meteor-1.5", "bleu", "meteor"]) == ["meteor", "bleu"]


def test_an_unknown_metric_is_refused_in_one_line_naming_the_registered_ones(tmp_path, capsys):
    target = tmp_path / "out"
    assert main(["vectors", "export", str(target), "--metric", "bleu", "BLEU", "--no-check"]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and err.startswith("bleuprint: vectors export: unknown metric 'BLEU'")
    assert all(name in err for name in metric_names())
    assert not target.exists()


def test_a_named_metric_without_its_wordnet_is_refused_in_one_line(tmp_path):
    """The issue's machine without nltk's WordNet: ``--metric meteor_nltk`` exits 1 with
    one line saying WordNet is missing, and writes nothing."""
    env = _without_wordnet(tmp_path)
    target = tmp_path / "out"
    result = subprocess.run([sys.executable, "-m", "bleuprint", "vectors", "export", str(target), "--metric",
                             "meteor_nltk", "--no-check"], capture_output=True, text=True, env=env, cwd=ROOT,
                            timeout=300)
    assert result.returncode == 1, result.stderr
    assert result.stderr.count("\n") == 1 and result.stderr.startswith(
        "bleuprint: cannot export the vectors of meteor_nltk: WordNet 3.0 not found"), result.stderr
    assert not target.exists()


def test_a_metric_not_named_without_its_wordnet_is_left_out_with_a_note(tmp_path):
    """Without WordNet, the metrics of an export naming none are every metric but
    meteor_nltk, which gets one note line."""
    env = _without_wordnet(tmp_path)
    code = ("import io, sys\nfrom bleuprint.cli.vectors import usable_metrics\n"
            "err = io.StringIO()\nprint(usable_metrics(None, False, sys.stdout, err))\nprint(repr(err.getvalue()))")
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env=env, cwd=ROOT,
                            timeout=300)
    note, usable, err = result.stdout.splitlines()
    assert note.startswith("note: meteor_nltk left out: WordNet 3.0 not found")
    assert usable == repr([name for name in metric_names() if name != "meteor_nltk"]) and err == "''"


def test_a_named_metric_whose_oracle_cannot_run_is_refused_unless_no_check(tmp_path):
    """The Meteor jar needs java: with no java on PATH, ``--metric meteor`` is refused in
    one line naming the oracle and --no-check; the spec's own vectors need no java, so
    ``--no-check`` is not refused (checked on the metric list, not a full export)."""
    bare = tmp_path / "bin"
    bare.mkdir()
    env = {**os.environ, "PATH": str(bare), "PYTHONPATH": str(ROOT)}
    target = tmp_path / "out"
    result = subprocess.run([sys.executable, "-m", "bleuprint", "vectors", "export", str(target), "--metric",
                             "meteor"], capture_output=True, text=True, env=env, cwd=ROOT, timeout=300)
    assert result.returncode == 1, result.stderr
    assert result.stderr.count("\n") == 1 and result.stderr.startswith(
        "bleuprint: cannot export the vectors of meteor: its oracle cannot run here (or use --no-check): ")
    code = ("import io, sys\nfrom bleuprint.cli.vectors import usable_metrics\n"
            "print(usable_metrics(['meteor'], False, io.StringIO(), sys.stderr))")
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env=env, cwd=ROOT,
                            timeout=300)
    assert result.stdout.strip() == "['meteor']", result.stderr


@pytest.mark.slow
def test_export_of_bleu_alone_writes_the_bytes_of_the_full_export(exported_vectors, tmp_path):
    """``--metric bleu`` writes BLEU's files (metric and interval files) byte for byte as
    the full export does, and only those; its index lists BLEU's files and the mutants in
    its scope, every one killed."""
    directory, index = exported_vectors
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    result = subprocess.run([sys.executable, "-m", "bleuprint", "vectors", "export", str(tmp_path / "bleu"),
                             "--metric", "bleu", "--no-check"], capture_output=True, text=True, env=env, cwd=ROOT,
                            timeout=600)
    assert result.returncode == 0, result.stderr
    mine = json.loads((tmp_path / "bleu" / "index.json").read_text(encoding="utf-8"))
    names = [entry["file"] for entry in mine["files"]]
    assert names == [entry["file"] for entry in index["files"] if entry["metric"] == "bleu"] and len(names) > 5
    for name in names:
        assert (tmp_path / "bleu" / name).read_bytes() == (directory / name).read_bytes(), name
    assert {"s01", "x00"} <= {m["id"] for m in mine["mutants"]} and all(m["killedBy"] for m in mine["mutants"])
    assert len(mine["mutants"]) < len(index["mutants"])


@pytest.mark.slow
def test_a_full_export_without_wordnet_leaves_meteor_nltk_out_with_a_note(tmp_path):
    """The issue's run: ``vectors export DIR --no-check`` on a machine without WordNet
    writes every other metric's files, none of meteor_nltk's, and says so in one note."""
    env = _without_wordnet(tmp_path)
    target = tmp_path / "out"
    result = subprocess.run([sys.executable, "-m", "bleuprint", "vectors", "export", str(target), "--no-check"],
                            capture_output=True, text=True, env=env, cwd=ROOT, timeout=1200)
    assert result.returncode == 0, result.stderr
    notes = [line for line in result.stdout.splitlines() if line.startswith("note: ")]
    assert len(notes) == 1 and notes[0].startswith("note: meteor_nltk left out: WordNet 3.0 not found")
    index = json.loads((target / "index.json").read_text(encoding="utf-8"))
    metrics = {entry["metric"] for entry in index["files"]}
    assert "meteor_nltk" not in metrics and metrics >= {"bleu", "chrf", "meteor"}
    # the files of no metric (the meta-evaluation's, MAUVE's) stay: they were dropped with it
    from bleuprint.vectors.statistics import statistics_files

    of_no_metric = {name for name, document in statistics_files().items() if not document["metric"]}
    assert of_no_metric and of_no_metric <= {entry["file"] for entry in index["files"]}
    # and stats answers for the export's scope: nltk METEOR's mutants are outside it, not survivors
    stats = subprocess.run([sys.executable, "-m", "bleuprint", "vectors", "stats", str(target), "--json", "-"],
                           capture_output=True, text=True, env=env, cwd=ROOT, timeout=1200)
    report = json.loads(stats.stdout)
    assert stats.returncode == 0 and report["survivors"] == [] and report["portFaultSurvivors"] == [], stats.stderr
    from bleuprint.core import get_metric
    from bleuprint.mutants.hooks import mutant_hooks

    nltk_faults = {fault.id for fault in mutant_hooks(get_metric("meteor_nltk")).faults()}
    assert nltk_faults and nltk_faults <= set(report["outOfScope"])


def test_an_oracle_that_refuses_the_probe_is_not_missing():
    """``oracle_missing`` reports a missing package, data or program, nothing else: with
    pycocoevalcap installed, its CIDEr-D refuses the one-image probe corpus (an assertion on
    an empty document frequency), which once ended ``bleuprint vectors export`` (every
    metric) in a ValueError traceback before anything was written."""
    import importlib.util

    from bleuprint.oracles.vectors_check import oracle_missing

    if importlib.util.find_spec("pycocoevalcap") is None:
        pytest.skip("pycocoevalcap is not installed (pip install 'bleuprint[test]')")
    assert oracle_missing("cider") == ""
    assert oracle_missing("coco_bleu") == ""


def test_files_built_by_two_workers_are_those_of_one_process(monkeypatch):
    """From ``PARALLEL_METRICS`` metrics on, ``all_files`` shares the metrics between two
    processes (every other one) and puts their files back in registry order: the same
    names in the same order and the same bytes as one process builds (four cheap metrics)."""
    import sys

    from bleuprint.vectors import dumps

    export_module = sys.modules["bleuprint.vectors.export"]
    names = ["exact_match", "wer", "cer", "distinct_n"]
    monkeypatch.setattr(export_module, "PARALLEL_METRICS", 4)
    shared = export_module.all_files(names)
    monkeypatch.setattr(export_module, "PARALLEL_METRICS", 10**6)
    alone = export_module.all_files(names)
    assert list(shared) == list(alone) and len(alone) > 4
    assert [dumps(document) for document in shared.values()] == [dumps(document) for document in alone.values()]


def test_files_built_beside_the_probes_are_those_of_one_process():
    """With ``while_building`` (the export's oracle probes), worker processes build every
    share while it runs here: the same files in the same order as one process builds;
    when it returns False the workers are stopped and nothing is returned."""
    import sys

    from bleuprint.vectors import dumps

    export_module = sys.modules["bleuprint.vectors.export"]
    names = ["exact_match", "wer"]
    ran = []
    beside = export_module.all_files(names, while_building=lambda: ran.append("probed"))
    alone = export_module.all_files(names)
    assert ran == ["probed"] and list(beside) == list(alone) and len(alone) > 2
    assert [dumps(document) for document in beside.values()] == [dumps(document) for document in alone.values()]
    assert export_module.all_files(names, while_building=lambda: False) is None


MEASURE_BLEU = """
import sys
from bleuprint.vectors import adequacy, build_files, measure
adequacy.PARALLEL_VECTORS = 10 ** 9  # in this process, where sys.modules tells
files = {name: document for name, document in build_files(["bleu"]).items()
         if name in ("bleu_defaults.json", "bleu_lowercase.json")}
measured = measure(files, metrics=["bleu"])
assert sum(map(len, measured["matrix"].values())) > 50
from bleuprint.metrics.meteor import spec
print(sorted({m.split(".")[0] for m in sys.modules} & {"torch", "transformers", "nltk", "sacrebleu"}),
      spec._RESOURCES is not None, any("wordnet" in m for m in sys.modules))
"""


def test_bleus_export_loads_no_resource_of_another_metric(tmp_path):
    """Building and measuring BLEU's files (every mutant whose targets they reach, in this
    process) imports no oracle and none of the
    other metrics' heavy resources: no torch, transformers or nltk, not Meteor's paraphrase
    table, not WordNet."""
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    result = subprocess.run([sys.executable, "-c", MEASURE_BLEU], capture_output=True, text=True, env=env,
                            cwd=ROOT, timeout=600)
    assert result.returncode == 0, result.stderr
    assert result.stdout.split() == ["[]", "False", "False"]


@pytest.mark.parametrize("outcome, message", [
    ((7, ["bleu/lowercase tcId 1: score 0.5 != the oracle's 0.25"]), "1 vectors disagree with sacreBLEU; nothing written"),
    (RuntimeError("sacreBLEU is not installed"), "cannot check the vectors against sacreBLEU: sacreBLEU is not installed"),
])
def test_the_check_beside_the_mutation_pass_still_writes_nothing_on_a_mismatch(tmp_path, monkeypatch, capsys,
                                                                                outcome, message):
    """The oracle check runs while the mutation pass's workers work; a mismatch it finds, or
    an oracle that cannot run, still stops the export before anything is written (one of
    BLEU's files stands for the export; the check's answer is planted)."""
    import bleuprint.vectors as vectors_package
    from bleuprint.oracles import vectors_check
    from bleuprint.vectors import build_files

    one = {name: document for name, document in build_files(["bleu"]).items() if name == "bleu_lowercase.json"}
    monkeypatch.setattr(vectors_package, "all_files", lambda metrics=None, while_building=None, shared=None: one)

    def planted(files, workers=None):
        assert files is one and workers == 1
        if isinstance(outcome, Exception):
            raise outcome
        return outcome

    monkeypatch.setattr(vectors_check, "check_files", planted)
    target = tmp_path / "out"
    assert main(["vectors", "export", str(target), "--metric", "bleu"]) == 1
    assert message in capsys.readouterr().err
    assert list(target.iterdir()) == []
