"""The test-set table shipped with bleuprint (``bleuprint/cli/sacrebleu_testsets.json``)
is sacreBLEU's own, as ``python -m bleuprint.oracles.testsets`` generates it: a hand edit,
or a sacreBLEU whose table changed, fails here."""

from __future__ import annotations

import json

import pytest

from bleuprint.cli import testset_cache as testsets
from bleuprint.oracles.testsets import DATA_FILE, build_document, render

sacrebleu = pytest.importorskip("sacrebleu")


def test_shipped_table_is_generated_from_sacrebleu():
    assert DATA_FILE == testsets.DATA_FILE
    assert DATA_FILE.read_text(encoding="utf-8") == render(build_document())


def test_table_names_sacrebleus_version_and_sets():
    document = json.loads(DATA_FILE.read_text(encoding="utf-8"))
    from sacrebleu.dataset import DATASETS

    assert testsets.sacrebleu_version() == sacrebleu.__version__ == "2.5.1"
    assert testsets.names() == list(DATASETS) == list(document["sets"])


def test_cache_paths_are_sacrebleus(tmp_path, monkeypatch):
    """Every set's processed file names and raw file, for every pair, are where sacreBLEU
    puts them (its ``_get_txt_file_path`` and ``raw``, relative to the set's folder), and
    the fields of the sets whose fields do not depend on the raw file are its ``fieldnames``."""
    from sacrebleu.dataset import DATASETS

    monkeypatch.setenv("SACREBLEU", str(tmp_path))
    for name, dataset in DATASETS.items():
        ours = testsets.get(name)
        assert ours.outdir == str(tmp_path / name)
        for pair in dataset.langpairs:
            if ours.kind == "wmt_xml":
                continue  # fields read from the raw XML: tests/cli/test_score_testsets.py
            fields = dataset.fieldnames(pair)
            assert ours.fieldnames(pair) == fields, (name, pair)
            for field in fields:
                assert (ours.txt_path(pair, field).removeprefix(ours.outdir)
                        == dataset._get_txt_file_path(pair, field).removeprefix(dataset._outdir))
            assert ours.reference_fields(pair) == [f for f in fields if f.startswith("ref")]
