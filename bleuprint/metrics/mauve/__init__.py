"""MAUVE in two parts: ``spec.mauve_from_histograms`` (the divergence frontier, its area,
MAUVE* by smoothing, the frontier integral; exact to mauve-text 0.4.0's functions) and
``impl.quantise`` (L2 normalisation, PCA, k-means: implementation-defined), with
``impl.mauve`` and ``impl.mauve_over_seeds`` on features. Exposed as
``bleuprint.mauve_from_histograms``, ``bleuprint.mauve``, ``bleuprint.mauve_over_seeds``.

Not a registered metric: MAUVE compares two distributions of samples, with no per-segment
row that sums or averages into the score, so the registry's segment-statistics model
(rows, bootstrap over segments, sentence scores) does not apply; it is a pair of functions.
"""
