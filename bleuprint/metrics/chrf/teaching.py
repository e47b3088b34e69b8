"""A chrF score derived by hand from its statistics, for the killing tests that
``bleuprint mutants explain`` prints (issue 39: a student's test asserts a value whose
derivation is written out, never a float copied from an implementation's output).

The derivation is ``spec.chrf_from_stats``'s default (sacreBLEU's effective order):
average the precision and recall over the orders where both the hypothesis and the
reference have n-grams, then F-beta of the two averages. chrF with ``eps_smoothing``
(a mean of per-order F with 1e-16 floors) is left to the student: no derivation.
"""

from __future__ import annotations


def derivation(definition, name: str, stats: list, options: dict) -> tuple[list[str], list[str], str] | None:
    """``(docstring lines, test body lines, expression)`` for chrF of the summed ``stats``
    (hypothesis n-grams, reference n-grams, matches: three numbers per order) under the
    score ``options`` (n, beta, word_order, eps_smoothing); None with eps_smoothing."""
    if options.get("eps_smoothing", False):
        return None
    beta = options.get("beta", 2)
    orders = len(stats) // 3
    rows = [[int(x) for x in stats[3 * i : 3 * i + 3]] for i in range(orders)]
    kept = [(i + 1, h, r, m) for i, (h, r, m) in enumerate(rows) if h > 0 and r > 0]
    doc = [f"Per order (hypothesis n-grams, reference n-grams, matches): {rows}."]
    if not kept:
        doc.append("No order has n-grams on both sides, so the averages are 0 and chrF = 0.")
        return doc, [], "0.0"
    doc.append(f"The orders with n-grams on both sides: {[i for i, *_ in kept]}; over them, "
               "P = mean of matches / hypothesis n-grams, R = mean of matches / reference n-grams.")
    precision = f"({' + '.join(f'{m} / {h}' for _, h, r, m in kept)}) / {len(kept)}"
    recall = f"({' + '.join(f'{m} / {r}' for _, h, r, m in kept)}) / {len(kept)}"
    if all(m == 0 for *_, m in kept):
        doc.append("No order has a match, so P = R = 0 and chrF = 0.")
        return doc, [], "0.0"
    factor = beta**2
    doc.append(f"chrF = 100 * (1 + b^2) * P * R / (b^2 * P + R) with b = {beta}, b^2 = {factor}.")
    body = [f"P = {precision}", f"R = {recall}"]
    return doc, body, f"100 * (1 + {factor}) * P * R / ({factor} * P + R)"
