"""``bleuprint score`` and ``bleuprint.compat`` against sacreBLEU 2.5.1 on real MT output:
three systems of the TED English-German corpus (``<repo>/../shared/corpora/ted-ende.json``,
529 segments), written to files as a user would have them."""

from __future__ import annotations

import math

import pytest

from bleuprint import compat
from cli_harness import needs_sacrebleu, run_bleuprint, run_sacrebleu

SYSTEMS = 3


@pytest.fixture(scope="module")
def ted(tmp_path_factory, ted_ende):
    data = ted_ende
    folder = tmp_path_factory.mktemp("ted")
    (folder / "ref.de").write_text("\n".join(data["references"][0]) + "\n", encoding="utf-8")
    names = sorted(data["systems"])[:SYSTEMS]
    for name in names:
        (folder / f"{name}.de").write_text("\n".join(data["systems"][name]) + "\n", encoding="utf-8")
    return folder, [f"{name}.de" for name in names], data


@needs_sacrebleu
def test_paired_ar_table_on_ted(ted, monkeypatch):
    folder, files, _ = ted
    argv = ["ref.de", "-i", *files, "-m", "bleu", "chrf", "-cw", "2", "--paired-ar", "-parn", "1000", "-f", "text"]
    expected = run_sacrebleu(argv, folder)
    got = run_bleuprint(argv, folder, None, {}, monkeypatch)
    assert (got.status, got.stdout) == (expected.status, expected.stdout)
    assert "Paired approximate randomization test with 1000 trials" in got.stdout


@needs_sacrebleu
def test_compat_on_ted(ted):
    """Corpus BLEU (and its statistics) and chrF++ of one system, within 1e-9."""
    import sacrebleu

    _, _, data = ted
    refs = data["references"]
    for name in sorted(data["systems"])[:1]:
        hyps = data["systems"][name]
        ours, theirs = compat.BLEU().corpus_score(hyps, refs), sacrebleu.BLEU().corpus_score(hyps, refs)
        assert math.isclose(ours.score, theirs.score, rel_tol=0, abs_tol=1e-9)
        assert (ours.counts, ours.totals, ours.sys_len, ours.ref_len) == (
            theirs.counts, theirs.totals, theirs.sys_len, theirs.ref_len)
        a = compat.CHRF(word_order=2).corpus_score(hyps, refs)
        b = sacrebleu.CHRF(word_order=2).corpus_score(hyps, refs)
        assert math.isclose(a.score, b.score, rel_tol=0, abs_tol=1e-9) and str(a) == str(b)
