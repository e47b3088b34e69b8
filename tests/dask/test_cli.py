"""Issue #21 item 3: ``bleuprint score --dask-scheduler ADDRESS`` / ``--dask-workers N`` with
file globs prints what ``bleuprint score`` prints for the same lines in one file each
(byte for byte: the statistics are the same, so the scores, signatures and tables are),
with its refusals as one line and status 1.

The in-process side is ``bleuprint score`` itself, which ``tests/cli`` checks against
sacreBLEU's command line; here the files are shards of the same lines.
"""

from __future__ import annotations

import json
import random

import pytest
from cli_harness import run_bleuprint

WORDS = "the cat sat on a mat dog barked today hello world , . Über 東京 1,000".split()


def _shards(folder, systems=("a", "b"), sizes=(40, 0, 35, 25), seed=3):
    """Shards ``NAME.K.txt`` of each system and ``ref.K.txt``, and the whole files
    ``NAME.txt`` / ``ref.txt`` (the shards concatenated)."""
    rng = random.Random(seed)
    line = lambda: " ".join(rng.choice(WORDS) for _ in range(rng.randint(0, 10)))  # noqa: E731
    total = sum(sizes)
    texts = {name: [line() for _ in range(total)] for name in ("ref", *systems)}
    for name, lines in texts.items():
        (folder / f"{name}.txt").write_text("".join(x + "\n" for x in lines), encoding="utf-8")
        start = 0
        for k, size in enumerate(sizes):
            (folder / f"{name}.{k}.txt").write_text("".join(x + "\n" for x in lines[start:start + size]),
                                                    encoding="utf-8")
            start += size


def test_a_local_cluster_prints_the_same_table(tmp_path, monkeypatch):
    """The table names each system by its file or glob: the whole files get names as long
    as the globs (``w/a.txt`` for ``a.?.txt``), so that the columns line up the same. One
    worker process keeps the cluster's start short; two workers are ``test_cluster``'s."""
    _shards(tmp_path)
    (tmp_path / "w").mkdir()
    for name in ("a", "b"):
        (tmp_path / f"{name}.txt").rename(tmp_path / "w" / f"{name}.txt")
    common = ["-m", "bleu", "chrf", "ter", "-f", "text"]
    one = run_bleuprint(["ref.txt", "-i", "w/a.txt", "w/b.txt", *common], tmp_path, monkeypatch=monkeypatch)
    dask = run_bleuprint(["ref.?.txt", "-i", "a.?.txt", "b.?.txt", *common, "--dask-workers", "1", "-q",
                          "--dask-lines-per-part", "15"], tmp_path, monkeypatch=monkeypatch)
    assert one.status == dask.status == 0, dask.stderr
    assert dask.stdout == one.stdout.replace("w/a.txt", "a.?.txt").replace("w/b.txt", "b.?.txt")
    assert dask.stderr == ""


def test_a_running_scheduler_and_registered_metrics_in_json(tmp_path, monkeypatch, client):
    _shards(tmp_path, systems=("a",))
    common = ["-m", "bleu", "exact_match", "rouge2", "distinct_n", "--metric-option", "n=1"]
    one = run_bleuprint(["ref.txt", "-i", "a.txt", *common], tmp_path, monkeypatch=monkeypatch)
    dask = run_bleuprint(["ref.*.txt", "-i", "a.*.txt", *common, "--dask-scheduler", client.scheduler.address],
                         tmp_path, monkeypatch=monkeypatch)
    assert one.status == dask.status == 0, dask.stderr
    assert dask.stdout == one.stdout
    assert "Completed" in dask.stderr or "100%" in dask.stderr  # Dask's progress bar, on standard error


def test_a_refused_line_is_one_message_naming_file_and_line(tmp_path, monkeypatch, client):
    _shards(tmp_path, systems=("a",))
    lines = (tmp_path / "a.2.txt").read_text(encoding="utf-8").splitlines()
    lines[4] = " ".join(["w"] * 2001)
    (tmp_path / "a.2.txt").write_text("".join(x + "\n" for x in lines), encoding="utf-8")
    out = run_bleuprint(["ref.*.txt", "-i", "a.*.txt", "-m", "ter", "--dask-scheduler", client.scheduler.address,
                         "-q"], tmp_path, monkeypatch=monkeypatch)
    assert out.status == 1 and out.stdout == ""
    (message,) = out.stderr.splitlines()
    assert message.startswith("bleuprint: a.2.txt:5: ") and "2001-word hypothesis" in message, message


@pytest.mark.parametrize("flags,named", [(["--confidence"], "--confidence"), (["-sl"], "--sentence-level"),
                                         (["--paired-bs"], "paired tests"), (["-nr", "2"], "--num-refs"),
                                         (["-t", "wmt17", "-l", "en-de"], "test sets")])
def test_what_the_dask_path_does_not_do_is_refused_in_one_line(tmp_path, monkeypatch, flags, named):
    _shards(tmp_path)
    out = run_bleuprint(["ref.*.txt", "-i", "a.*.txt", "b.*.txt", *flags, "--dask-workers", "2"], tmp_path,
                        monkeypatch=monkeypatch)
    assert out.status == 1 and out.stdout == ""
    (message,) = out.stderr.splitlines()
    assert message.startswith("bleuprint: ") and named in message and "--dask" in message, message


def test_globs_of_different_shard_counts_are_refused(tmp_path, monkeypatch, client):
    _shards(tmp_path, systems=("a",))
    (tmp_path / "a.9.txt").write_text("extra\n", encoding="utf-8")
    out = run_bleuprint(["ref.*.txt", "-i", "a.*.txt", "--dask-scheduler", client.scheduler.address, "-q"], tmp_path,
                        monkeypatch=monkeypatch)
    assert out.status == 1
    assert out.stderr.splitlines() == ["bleuprint: the hypothesis glob 'a.*.txt' matches 5 files but the reference "
                                       "glob 'ref.*.txt' matches 4"]


def test_an_unreachable_scheduler_is_one_line(tmp_path, monkeypatch):
    """Nothing listens on port 1 of this machine; the client gives up after
    ``CONNECT_TIMEOUT`` (a few seconds here, as the connection is refused at once and
    retried)."""
    from bleuprint.cli import score_dask

    monkeypatch.setattr(score_dask, "CONNECT_TIMEOUT", "1s")
    _shards(tmp_path, systems=("a",))
    out = run_bleuprint(["ref.*.txt", "-i", "a.*.txt", "--dask-scheduler", "tcp://127.0.0.1:1"], tmp_path,
                        monkeypatch=monkeypatch)
    assert out.status == 1 and out.stdout == ""
    (message,) = out.stderr.splitlines()
    assert message.startswith("bleuprint: --dask-scheduler tcp://127.0.0.1:1: cannot reach the Dask scheduler: "), message


def test_model_scores_on_a_cluster_print_the_in_process_table(tmp_path, monkeypatch, client):
    """model_score's files of one score a line, sharded: the same table as the whole files
    (the scores are multiples of 1/256, so every order of summing them is exact)."""
    rng = random.Random(36)
    for name in ("a", "b"):
        scores = [rng.randint(-256, 512) / 256 for _ in range(60)]
        (tmp_path / f"{name}.txt").write_text("".join(f"{x!r}\n" for x in scores), encoding="utf-8")
        for k, (start, stop) in enumerate(((0, 25), (25, 25), (25, 60))):
            (tmp_path / f"{name}.{k}.txt").write_text("".join(f"{x!r}\n" for x in scores[start:stop]),
                                                      encoding="utf-8")
    one = run_bleuprint(["-i", "a.txt", "b.txt", "-m", "model_score"], tmp_path, monkeypatch=monkeypatch)
    dask = run_bleuprint(["-i", "a.*.txt", "b.*.txt", "-m", "model_score", "--dask-scheduler",
                          client.scheduler.address], tmp_path, monkeypatch=monkeypatch)
    assert one.status == dask.status == 0, dask.stderr
    scores = lambda out: [entry["model_score"] for entry in json.loads(out)]  # noqa: E731  (the systems' names differ: globs)
    assert scores(dask.stdout) == scores(one.stdout) and len(scores(one.stdout)) == 2
