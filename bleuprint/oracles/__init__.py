"""bleuprint.oracles: the outside references bleuprint is checked against.

* ``sacrebleu_oracle``: a thin adapter that calls sacreBLEU 2.5.1 with bleuprint's
  per-hypothesis layout (``refs[i]`` is the list of references of ``hyps[i]``) and returns
  its statistics, score and signature. It needs sacreBLEU installed.
* ``cases_*`` and ``generate``: the script that writes the golden fixtures
  (``goldens/*.json``) from sacreBLEU; run ``python -m bleuprint.oracles.generate``.
* ``goldens``: a loader for those fixtures that needs no sacreBLEU.

Only tests and the verifier import this package; ``bleuprint.spec`` and
``bleuprint.impl`` never do. Importing the package itself does not import sacreBLEU.
"""
