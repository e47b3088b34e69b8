"""A BLEU score derived by hand from its statistics, for the killing tests that
``bleuprint mutants explain`` prints (issue 39: a student's test asserts a value whose
derivation is written out, never a float copied from an implementation's output).

The derivation follows ``spec.bleu_from_stats`` step by step, with the precisions as
fractions of 1 rather than percentages: 100 * (p_1 ... p_E)^(1/E) is the geometric mean
of the percentages, so the expression equals the spec's score up to rounding (far below
the 1e-9 the tests allow; the caller checks that it does before printing it).
"""

from __future__ import annotations

from .spec import SMOOTH_DEFAULTS


def derivation(definition, name: str, stats: list, options: dict) -> tuple[list[str], list[str], str] | None:
    """``(docstring lines, test body lines, expression)`` for BLEU of the summed
    ``stats`` ``[c, r, m_1..m_N, t_1..t_N]`` under the score ``options`` (smooth_method,
    smooth_value, effective_order); the expression uses only numbers, ``math`` and the
    names the body lines assign."""
    order = (len(stats) - 2) // 2
    c, r = int(stats[0]), int(stats[1])
    matches, totals = [int(x) for x in stats[2 : 2 + order]], [int(x) for x in stats[2 + order :]]
    method = options.get("smooth_method", "exp")
    value = options.get("smooth_value")
    value = SMOOTH_DEFAULTS[method] if value is None else value
    effective = options.get("effective_order", False)
    doc = [f"c = {c} hypothesis words, r = {r} reference words (the closest reference length);",
           f"matched n-grams m_1..m_{order} = {matches}, hypothesis n-grams t_1..t_{order} = {totals}."]
    if not any(matches):
        doc.append("No n-gram matches at all, so BLEU = 0 before any smoothing (sacreBLEU's rule).")
        return doc, [], "0.0"
    if c >= r:
        doc.append("c >= r, so the brevity penalty BP = 1.")
        bp = "1"
    elif c == 0:
        doc.append("c = 0 < r, so BP = 0.")
        bp = "0"
    else:
        doc.append(f"c < r, so BP = exp(1 - r/c) = exp(1 - {r}/{c}).")
        bp = f"math.exp(1 - {r} / {c})"
    terms: list[str | None] = [None] * order
    halvings, mean_over = 1, order
    for n in range(1, order + 1):
        m, t = matches[n - 1], totals[n - 1]
        if method == "add-k" and n > 1:
            m, t = m + value, t + value
            doc.append(f"add-k adds k = {value} to m_{n} and t_{n}: {m} and {t}.")
        if t == 0:
            doc.append(f"t_{n} = 0: the precisions from order {n} on stay 0.")
            break
        if effective:
            mean_over = n
        if m == 0 and method == "exp":
            halvings *= 2
            terms[n - 1] = f"1 / ({halvings} * {t})"
            doc.append(f"m_{n} = 0: exp smoothing gives p_{n} = 1 / ({halvings} * t_{n}) = 1 / ({halvings} * {t}).")
        elif m == 0 and method == "floor":
            terms[n - 1] = f"{value} / {t}"
            doc.append(f"m_{n} = 0: floor smoothing gives p_{n} = {value} / t_{n} = {value} / {t}.")
        elif m == 0:
            doc.append(f"m_{n} = 0 and no smoothing: p_{n} = 0.")
        else:
            terms[n - 1] = f"{m} / {t}"
            doc.append(f"p_{n} = m_{n} / t_{n} = {m} / {t}.")
    used = terms[:mean_over]
    if any(term is None for term in used):
        doc.append(f"A precision in the mean over {mean_over} orders is 0, so its log is sacreBLEU's floor and BLEU = 0.")
        return doc, [], "0.0"
    body = [f"p = [{', '.join(used)}]  # the precisions p_1..p_{mean_over}, as fractions of 1"]
    product = " * ".join(f"p[{i}]" for i in range(mean_over))
    doc.append(f"BLEU = 100 * BP * (p_1 * ... * p_{mean_over}) ** (1/{mean_over})"
               + (" (effective order: the orders with hypothesis n-grams)." if effective else "."))
    return doc, body, f"100 * {bp} * ({product}) ** (1 / {mean_over})"
