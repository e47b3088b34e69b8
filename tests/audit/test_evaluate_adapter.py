"""HuggingFace evaluate (issue 38): the PyPI package ships no metric code (``evaluate.load``
fetches each script from the Hub), so its adapter audits the scripts of a local folder
given by ``BLEUPRINT_EVALUATE_METRICS`` and says so when none is given."""

from __future__ import annotations

import pytest

from bleuprint.audit.adapters import hf_evaluate, load
from bleuprint.audit.subject import NotInstalled

#: A stand-in for evaluate's ``metrics/sacrebleu/sacrebleu.py`` (written here, not evaluate's:
#: its script is on the Hub only): sacreBLEU's corpus BLEU of the predictions against the
#: references given per prediction, as evaluate's scripts take them.
STAND_IN = '''
import datasets
import evaluate
import sacrebleu


class Sacrebleu(evaluate.Metric):
    def _info(self):
        return evaluate.MetricInfo(description="", citation="", inputs_description="", features=datasets.Features(
            {"predictions": datasets.Value("string"), "references": datasets.Sequence(datasets.Value("string"))}))

    def _compute(self, predictions, references):
        width = max(len(r) for r in references)
        streams = [[r[k] if k < len(r) else None for r in references] for k in range(width)]
        return {"score": sacrebleu.corpus_bleu(predictions, streams).score}
'''


def test_without_a_folder_the_target_is_not_installed_and_says_what_to_give(monkeypatch):
    """Installed or not, without BLEUPRINT_EVALUATE_METRICS there is nothing to run offline:
    NotInstalled, whose command names the pins and the variable (never a download)."""
    monkeypatch.delenv(hf_evaluate.FOLDER, raising=False)
    with pytest.raises(NotInstalled) as missing:
        load("evaluate")
    assert missing.value.pip.startswith("pip install evaluate==0.4.6")
    assert hf_evaluate.FOLDER in missing.value.pip and "Hugging Face Hub" in missing.value.pip


def test_a_folder_without_scripts_is_said(monkeypatch, tmp_path):
    pytest.importorskip("evaluate")
    monkeypatch.setenv(hf_evaluate.FOLDER, str(tmp_path))
    with pytest.raises(NotInstalled, match="holds none of"):
        load("evaluate")


@pytest.mark.slow
def test_a_local_script_is_loaded_offline_and_audited(monkeypatch, tmp_path):
    """The stand-in script computes what it declares (sacreBLEU's BLEU), so the audit of
    the subject the adapter makes from the folder is exact: the script was loaded from the
    folder with the Hub switched off, and called in evaluate's layout."""
    pytest.importorskip("evaluate")
    from bleuprint.audit.run import audit

    for name in ("HF_HUB_OFFLINE", "HF_DATASETS_OFFLINE", "HF_EVALUATE_OFFLINE"):
        monkeypatch.setenv(name, "1")
    monkeypatch.setenv("HF_HOME", str(tmp_path / "hf"))
    (tmp_path / "metrics" / "sacrebleu").mkdir(parents=True)
    (tmp_path / "metrics" / "sacrebleu" / "sacrebleu.py").write_text(STAND_IN, encoding="utf-8")
    monkeypatch.setenv(hf_evaluate.FOLDER, str(tmp_path / "metrics"))
    (subject,) = load("evaluate")
    assert subject.name == "evaluate:sacrebleu" and subject.scale == 100.0
    result = audit(subject, examples=60, seed=0)
    assert result.status == "exact", [c.explanation for c in result.classes]
