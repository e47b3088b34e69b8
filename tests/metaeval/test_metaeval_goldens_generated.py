"""The meta-evaluation goldens are exactly what ``bleuprint.oracles.mtme_goldens`` builds from
mt-metrics-eval at the recorded commit.

Rebuilding needs a checkout of google-research/mt-metrics-eval (``BLEUPRINT_MTME=PATH``, the
root holding ``mt_metrics_eval/``; e.g. ``git clone https://github.com/google-research/mt-metrics-eval
&& git -C mt-metrics-eval checkout <commit>``) and scipy; the test is skipped, with the reason,
without them.
"""

from __future__ import annotations

import hashlib
import importlib.util
import json
import os
from pathlib import Path

import pytest

from bleuprint.oracles import mtme_goldens

CHECKOUT = os.environ.get("BLEUPRINT_MTME")


@pytest.mark.slow
@pytest.mark.skipif(not CHECKOUT, reason="BLEUPRINT_MTME (a mt-metrics-eval checkout) is not set")
@pytest.mark.skipif(importlib.util.find_spec("scipy") is None, reason="scipy is not installed (the oracle needs it)")
def test_stored_goldens_equal_a_fresh_build():
    stored = mtme_goldens.golden_document()
    root = Path(CHECKOUT)
    hashes = {f: hashlib.sha256((root / f).read_bytes()).hexdigest() for f in mtme_goldens.FILES}
    if hashes != stored["oracle"]["sha256"]:
        pytest.fail(f"{root} does not hold the files of commit {stored['oracle']['commit']}")
    built = json.loads(mtme_goldens.render(mtme_goldens.build_document(root, stored["oracle"]["commit"])))
    assert built["inputs"] == stored["inputs"]
    assert built["cases"] == stored["cases"]


def test_generator_refuses_a_folder_without_the_oracle(tmp_path):
    with pytest.raises(SystemExit, match="no mt_metrics_eval/stats.py"):
        mtme_goldens.load_oracle(tmp_path)
