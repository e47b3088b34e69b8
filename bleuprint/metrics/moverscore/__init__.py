"""MoverScore (v1, pypi-v2, github-v2) and Word Mover's Distance from token vectors the
user supplies: the literal definition ``spec`` (exact rational transport, ``transport``),
the fast ``impl`` (numpy), the array checks ``arrays``. Exposed as ``bleuprint.moverscore``
and ``bleuprint.spec.moverscore``.

Not a registered metric yet: a segment here is a pair of float arrays with their weights,
which the registry's text-and-logprob segment kinds (vectors, verify, strategies, ports)
do not yet read; the functions are the interface until then.
"""
