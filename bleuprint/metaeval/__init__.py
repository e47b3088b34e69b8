"""Meta-evaluation: how well metrics agree with human scores, as the WMT metrics task measures it.

* ``spec``: each statistic, literally, in pure Python (system-level pairwise accuracy, soft
  pairwise accuracy, acc23 with its tie search, Kendall's variants, WMT20's Kendall-like,
  Pearson, Williams' test, PERM-BOTH, acc23's permutation test over pairs), after
  google-research/mt-metrics-eval's ``stats.py``, ``pce.py`` and ``tau_optimization.py``;
* ``impl``: the same functions with numpy, fast, proved equal to ``spec``;
* ``readers``: mt-metrics-eval's ``.seg.score`` / ``.sys.score`` files;
* ``api``: ``evaluate``, every statistic for every metric (what ``bleuprint meta-eval`` prints).

The golden fixtures that check ``spec`` and ``impl`` against mt-metrics-eval are built by
``python -m bleuprint.oracles.mtme_goldens`` from a checkout of that repository.

Nothing is imported here: ``import bleuprint.metaeval`` loads no numpy.
"""
