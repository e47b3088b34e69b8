"""Google's WMT MQM annotation files (``bleuprint.metaeval.wmt_mqm``) and the worked example of
docs/meta-eval.md, on the excerpt the project ships (examples/wmt_mqm_ted_ende_excerpt, Apache-2.0,
cited in its README).

The oracle of the MQM scores is the repository's own ``avg_seg_scores.tsv`` (its excerpt
beside the annotations): equal within 5e-7, half the last of its six printed decimals. The
weights are checked by hand below."""

from __future__ import annotations

import os
import re
import shlex
import subprocess
import sys
from pathlib import Path

import pytest

from bleuprint.metaeval.wmt_mqm import language_pair_inputs, read_mqm_tsv, reference_system

ROOT = Path(__file__).resolve().parents[2]
EXCERPT = ROOT / "examples" / "wmt_mqm_ted_ende_excerpt"
HEADER = "system\tdoc\tdoc_id\tseg_id\trater\tsource\ttarget\tcategory\tseverity\tcomment\n"


def test_excerpt_scores_are_the_repositorys():
    scores, outputs, segments = read_mqm_tsv(EXCERPT / "mqm_ted_ende.excerpt.tsv")
    assert segments == list(range(1, 31))
    assert sorted(scores) == ["Facebook-AI", "Nemo", "Online-W", "UEdin", "eTranslation", "ref"]
    published = {}
    for line in (EXCERPT / "mqm_ted_ende.avg_seg_scores.excerpt.tsv").read_text(encoding="utf-8").splitlines()[1:]:
        system, score, seg = line.split()
        published[system, int(seg)] = float(score)
    assert len(published) == 5 * 30
    for (system, seg), value in published.items():
        assert scores[system][seg - 1] == pytest.approx(value, abs=5e-7, rel=0), (system, seg)
    assert all("<v>" not in text and "</v>" not in text for texts in outputs.values() for text in texts)


def test_weights_by_hand(tmp_path):
    """Segment 1: A, rater r1 marks a Major (5) and a Minor Fluency/Punctuation (0.1): 5.1;
    rater r2 a Minor (1) and a Neutral (0): 1; A's score -(5.1 + 1) / 2 = -3.05. B: one
    Non-translation (25) and No-error from the other rater: -(25 + 0) / 2 = -12.5. Segment 2:
    A no error (0), B a Minor Style (1): -1. The reference R: no error anywhere. A's text
    loses its <v> marks."""
    rows = [("A", 1, "r1", "Das <v>ist</v> gut.", "Accuracy/Mistranslation", "Major"),
            ("A", 1, "r1", "Das ist gut.", "Fluency/Punctuation", "Minor"),
            ("A", 1, "r2", "Das ist gut.", "Style/Awkward", "Minor"),
            ("A", 1, "r2", "Das ist gut.", "Style/Awkward", "Neutral"),
            ("B", 1, "r1", "xx", "Non-translation!", "Major"),
            ("B", 1, "r2", "xx", "No-error", "No-error"),
            ("A", 2, "r1", "Ja.", "No-error", "No-error"),
            ("B", 2, "r1", "Jo.", "Style/Awkward", "Minor"),
            ("R", 1, "r1", "Das ist schön.", "No-error", "No-error"),
            ("R", 2, "r1", "Ja.", "No-error", "No-error")]
    path = tmp_path / "m.tsv"
    path.write_text(HEADER + "".join(f"{s}\td\t1\t{seg}\t{r}\tsrc\t{t}\t{c}\t{v}\t\n" for s, seg, r, t, c, v in rows),
                    encoding="utf-8")
    scores, texts, ref = language_pair_inputs(path, "R")
    assert scores == {"A": [-3.05, -0.0], "B": [-12.5, -1.0]}
    assert texts == {"outputs": {"A": ["Das ist gut.", "Ja."], "B": ["xx", "Jo."]},
                     "references": [["Das ist schön.", "Ja."]]}
    assert ref == "R"


def test_bad_files_are_named(tmp_path):
    path = tmp_path / "m.tsv"
    path.write_text("a\tb\n", encoding="utf-8")
    with pytest.raises(ValueError, match=r"m\.tsv:1: not a WMT MQM file"):
        read_mqm_tsv(path)
    path.write_text(HEADER + "A\td\t1\t1\tr\ts\tt\tStyle\tMinor\t\nA\td\t1\t2\tr\ts\tt\tStyle\tMinor\t\n"
                    "B\td\t1\t1\tr\ts\tt\tStyle\tMinor\t\n", encoding="utf-8")
    with pytest.raises(ValueError, match="system B has no annotation of segment 2"):
        read_mqm_tsv(path)
    path.write_text(HEADER + "A\td\t1\t1\tr\ts\tt\tStyle\tSevere\t\n", encoding="utf-8")
    with pytest.raises(ValueError, match=r"m\.tsv:2: unknown severity 'severe'"):
        read_mqm_tsv(path)
    with pytest.raises(ValueError, match="several human translations"):
        reference_system(["ref-A", "ref-B", "X"])
    assert reference_system(["X", "ref", "refB"]) == "ref"


def _worked_example() -> tuple[str, list[str]]:
    text = (ROOT / "docs" / "meta-eval.md").read_text(encoding="utf-8")
    block = next(b for b in re.findall(r"```console\n(.*?)```", text, re.S) if "--mqm-tsv mqm_ted_ende.excerpt.tsv" in b)
    lines = block.splitlines()
    assert lines[0].startswith("$ bleuprint meta-eval ")
    return lines[0][2:], lines[1:]


def test_the_worked_example_prints_what_the_docs_show():
    """docs/meta-eval.md's console block, run in the excerpt's folder, prints exactly the lines
    it shows (the statistics themselves are held to mt-metrics-eval by the golden tests)."""
    command, shown = _worked_example()
    env = {**os.environ, "PYTHONPATH": str(ROOT), "PYTHONIOENCODING": "utf-8"}
    done = subprocess.run([sys.executable, "-m", "bleuprint", *shlex.split(command)[1:]], cwd=EXCERPT,
                          capture_output=True, text=True, encoding="utf-8", env=env, timeout=600)
    assert done.returncode == 0, done.stderr
    assert done.stdout.splitlines() == shown
