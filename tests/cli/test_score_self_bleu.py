"""``bleuprint score -m self_bleu -i out.txt``: a reference-free metric on one file of
outputs (one a line, no reference files), both variants, with its signature.

Expected values come from the oracles computed in the test: sacreBLEU 2.5.1
``sentence_bleu(outputs[i], others)`` averaged (evalsuite) and nltk 3.10.4 ``sentence_bleu``
with method1 and weights (1/3,)*3 over white-space tokens (texygen). JSON scores are printed
with ``-w 15``, so they are compared within 1e-12.
"""

from __future__ import annotations

import json

import pytest

from tests.cli_harness import run_bleuprint

sacrebleu = pytest.importorskip("sacrebleu", reason="sacreBLEU 2.5.1 is the evalsuite oracle")
bleu_score = pytest.importorskip("nltk.translate.bleu_score", reason="nltk 3.10.4 is the texygen oracle")

OUTPUTS = ["the cat sat on the mat", "the cat is on the mat", "", "a dog , barked", "the cat sat on the mat"]


def oracle(variant: str) -> float:
    values = []
    for i, output in enumerate(OUTPUTS):
        others = OUTPUTS[:i] + OUTPUTS[i + 1:]
        if variant == "evalsuite":
            values.append(sacrebleu.sentence_bleu(output, others).score)
        else:
            values.append(bleu_score.sentence_bleu([o.split() for o in others], output.split(), (1 / 3,) * 3,
                                                   smoothing_function=bleu_score.SmoothingFunction().method1))
    return sum(values) / len(values)


@pytest.fixture
def files(tmp_path):
    (tmp_path / "out.txt").write_text("\n".join(OUTPUTS) + "\n", encoding="utf-8")
    (tmp_path / "one.txt").write_text("just one\n", encoding="utf-8")
    return tmp_path


@pytest.mark.parametrize("variant", ["evalsuite", "texygen"])
def test_self_bleu_of_a_file_equals_the_oracle(files, monkeypatch, variant):
    got = run_bleuprint(f"-i out.txt -m self_bleu -w 15 --metric-option variant={variant}".split(), files, None, {},
                        monkeypatch)
    assert (got.status, got.stderr) == (0, "")
    document = json.loads(got.stdout)
    document = document[0] if isinstance(document, list) else document
    assert document["score"] == pytest.approx(oracle(variant), abs=1e-12)
    assert f"variant:{variant}" in document["signature"]


def test_one_output_is_refused(files, monkeypatch):
    """One line: no other output to be its reference; the error says so (exit status 1 or 2)."""
    got = run_bleuprint("-i one.txt -m self_bleu".split(), files, None, {}, monkeypatch)
    assert got.status != 0 and "at least two outputs" in got.stderr


def test_each_variant_prints_on_its_own_scale(files, monkeypatch):
    """Without ``-w``, Texygen's 0..1 value is printed with 4 decimals, EvalSuite's 0..100
    one with sacreBLEU's 1 (the command line's ``scale_for`` hook)."""
    for variant, width in (("texygen", 4), ("evalsuite", 1)):
        got = run_bleuprint(f"-i out.txt -m self_bleu -f text --metric-option variant={variant}".split(), files,
                            None, {}, monkeypatch)
        assert (got.status, got.stderr) == (0, "")
        assert got.stdout.split(" = ")[1].split()[0] == f"{oracle(variant):.{width}f}"
