"""bleu's hooks of the paired tests (``bleuprint.spec.significance``'s protocol):
sacreBLEU's paired tests add a fractional add-k value into int64 statistics (truncating
it), after their "no match" test, so a trial's score departs from BLEU's plain score."""

from __future__ import annotations

from ...spec import significance as default


def _fractional_add_k(options: dict):
    """The add-k value ``k`` of ``options`` where it is fractional, else None (the paired
    test then scores a trial as BLEU scores it)."""
    k = options.get("smooth_value")
    if options.get("smooth_method") != "add-k" or k is None or float(k).is_integer():
        return None
    return k


def paired_trial_scores(definition, sums, n_segments, **options):
    """The trial sums adjusted as sacreBLEU adjusts them (k added into orders 2..N of the
    matches and totals and truncated), scored with k = 0; a trial without any match
    scores 0."""
    import numpy as np

    k = _fractional_add_k(options)
    if k is None:
        return default.paired_trial_scores(definition, sums, n_segments, **options)
    half = (sums.shape[1] - 2) // 2
    any_match = np.any(sums[:, 2 : 2 + half] != 0, axis=1)
    adjusted = sums.copy()
    adjusted[:, 3 : 2 + half] = np.trunc(adjusted[:, 3 : 2 + half] + k)
    adjusted[:, 3 + half :] = np.trunc(adjusted[:, 3 + half :] + k)
    values = default.paired_trial_scores(definition, adjusted, n_segments, **{**options, "smooth_value": 0})
    return np.where(any_match, values, 0.0)


def paired_trial_score(definition, combined, n_segments, **options) -> float:
    """``paired_trial_scores`` of one trial sum (Python numbers), the spec's way: with
    add-k and a fractional k, 0.0 without any match, else k added into orders 2..N and
    truncated (``int``), then scored with k = 0."""
    k = _fractional_add_k(options)
    if k is None:
        return default.paired_trial_score(definition, combined, n_segments, **options)
    half = (len(combined) - 2) // 2
    matches, totals = combined[2 : 2 + half], combined[2 + half :]
    if not any(matches):
        return 0.0
    adjusted = combined[:3] + [int(m + k) for m in matches[1:]] + totals[:1] + [int(t + k) for t in totals[1:]]
    return default.paired_trial_score(definition, adjusted, n_segments, **{**options, "smooth_value": 0})
