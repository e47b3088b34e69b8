"""MoverScore's hooks of the oracles tool (``bleuprint.oracles.hooks``): the pinned outside
references of its golden (``bleuprint/oracles/goldens/moverscore.json``, built by
``oracle_cases`` as a shared fixture of the generator: its cases are single pairs with
their transport problems, checked by the spec's tests, not scored corpora in verify's
layout)."""

from __future__ import annotations

oracle_versions = {"POT": "0.9.7.post1", "pyemd": "1.1.0", "gensim": "4.4.0"}
