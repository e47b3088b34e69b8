"""Test "libraries": bleuprint's metrics with one known change each, for the audit's tests.

Each is written out here (statistics from the spec where the change is in the final
arithmetic, the change itself by hand), not by switching the spec's mutant on, so that
the audit's explanation is checked against an independent fault. TER's shift cap is the
exception: it is the spec under mutant r08 (a hand-written TER would be longer than the
rest of this file).
"""

from bleuprint.spec.corpus import corpus_score, score_from_stats, segment_rows
from bleuprint.core.value import metric as configured


def _summed(rows):
    return [sum(column) for column in zip(*rows)]


def exact_bleu(hyps, refs):
    """An exact copy of the spec's BLEU."""
    return corpus_score("bleu", hyps, refs)


def _requested_order_score(stats):
    """chrF (n=6, beta=2) of summed statistics, the mean of P and R divided by the
    requested 6 orders even when an order has no n-grams (sacreBLEU divides by the orders
    that have some)."""
    sum_p = sum_r = 0.0
    for i in range(6):
        hyp_total, ref_total, matches = stats[3 * i:3 * i + 3]
        if hyp_total > 0 and ref_total > 0:
            sum_p += matches / hyp_total
            sum_r += matches / ref_total
    p, r = sum_p / 6, sum_r / 6
    if p + r == 0:
        return 0.0
    return 100 * 5 * p * r / (4 * p + r)


def chrf_requested_order(hyps, refs):
    """chrF whose scores divide by the requested order (``_requested_order_score``), also
    when it picks each segment's best reference (the first with the highest score)."""
    rows = []
    for hyp, these in zip(hyps, refs):
        candidates = [segment_rows("chrf", [hyp], [[r]])[0] for r in these]
        best = max(range(len(candidates)), key=lambda k: (_requested_order_score(candidates[k]), -k))
        rows.append(candidates[best])
    return _requested_order_score(_summed(rows))


def bleu_shortest_ref(hyps, refs):
    """BLEU whose reference length is the shortest reference's, not the closest's."""
    rows = []
    for hyp, these in zip(hyps, refs):
        row = segment_rows("bleu", [hyp], [these])[0]
        row[1] = min(segment_rows("bleu", [hyp], [[r]])[0][1] for r in these)
        rows.append(row)
    return score_from_stats("bleu", _summed(rows), len(rows))


def chrf_beta3(hyps, refs):
    """chrF with beta=3 (the audit is told beta=2)."""
    return corpus_score(configured("chrf", beta=3), hyps, refs)


def bleu_fraction(hyps, refs):
    """BLEU on 0-1 (the audit is told 0-100)."""
    return corpus_score("bleu", hyps, refs) / 100


def chrf_lowercase_requested_order(hyps, refs):
    """Two faults: always lowercases, and divides by the requested order."""
    return chrf_requested_order([h.lower() for h in hyps], [[r.lower() for r in rs] for rs in refs])


def ter_shift_cap_9(hyps, refs):
    """TER whose shifts are capped at 9 words (the spec under mutant r08)."""
    from bleuprint.mutants.catalogue import all_mutants
    from bleuprint.mutants.switch import replaced

    mutant = next(m for m in all_mutants() if m.id == "r08")
    with replaced(mutant.patches):
        return corpus_score("ter", hyps, refs)


def ter_swapped(hyps, refs):
    """TER of the reference against the hypothesis (arguments swapped); one reference."""
    return corpus_score("ter", [r[0] for r in refs], [[h] for h in hyps])


def bleu_macro(hyps, refs):
    """The mean of the sentence BLEUs instead of the corpus BLEU."""
    return sum(corpus_score("bleu", [h], [r]) for h, r in zip(hyps, refs)) / len(hyps)


def rouge1_three_faults(hyps, refs):
    """ROUGE-1 F written out with three deviations from rouge-score at once, as ROUGE
    packages have them: float32 arithmetic, case-sensitive tokens (runs of ASCII letters
    and digits, not lowercased) and unigrams counted as sets (each distinct token once).
    The best reference is the one with the highest F, the corpus value the mean."""
    import re

    import numpy as np

    def f(hyp, ref):
        h, r = set(re.findall(r"[A-Za-z0-9]+", hyp)), set(re.findall(r"[A-Za-z0-9]+", ref))
        overlap = np.float32(len(h & r))
        p = overlap / np.float32(max(len(h), 1))
        rec = overlap / np.float32(max(len(r), 1))
        return np.float32(2) * p * rec / (p + rec) if p + rec > 0 else np.float32(0)

    total = np.float32(0)
    for hyp, these in zip(hyps, refs):
        total += max(f(hyp, x) for x in these)
    return float(total / np.float32(len(hyps)))
