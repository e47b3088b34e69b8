"""Score objects with the attributes and text forms of sacreBLEU 2.5.1's ``Score``,
``BLEUScore``, ``CHRFScore`` and ``TERScore`` (``metrics/base.py``, ``bleu.py``,
``chrf.py``, ``ter.py``; behaviour read, not code copied).

Text form (``format``): ``{name}|{signature} = {score:.{w}f}``, then `` (μ = {mean} ±
{ci})`` when a bootstrap mean above 0 is known, then BLEU's details
``p1/p2/.../pN (BP = .. ratio = .. hyp_len = .. ref_len = ..)`` (precisions to 1
decimal, BP and ratio to 3, whatever the width). ``score_only`` gives the score (and the
interval) alone; ``is_json`` a JSON object (indent 1, non-ASCII kept) with ``name``,
``score`` (rounded to the width), ``signature``, the interval fields, ``verbose_score``
and one string field per signature key. ``confidence_var`` is sacreBLEU's name for the
interval's half-width (not a variance).
"""

from __future__ import annotations

import json
from fractions import Fraction


class Score:
    def __init__(self, name: str, score: float):
        self.name = name
        self.score = score
        self._mean = -1.0
        self._ci = -1.0
        self._verbose = ""

    def format(self, width: int = 2, score_only: bool = False, signature: str = "", is_json: bool = False) -> str:
        fields = {"name": self.name, "score": float(f"{self.score:.{width}f}"), "signature": signature}
        text = f"{self.score:.{width}f}"
        if self._mean > 0:
            mean, half = f"{self._mean:.{width}f}", f"{self._ci:.{width}f}"
            interval = f"μ = {mean} ± {half}"
            text += f" ({interval})"
            if is_json:
                fields.update(confidence_mean=float(mean), confidence_var=float(half), confidence=interval)
        line = f"{self.name}|{signature}" if signature else self.name
        line = f"{line} = {text}"
        if self._verbose:
            line += f" {self._verbose}"
            fields["verbose_score"] = self._verbose
        if score_only:
            return text
        if is_json:
            for pair in signature.split("|"):
                key, value = pair.split(":")
                fields[key] = value
            return json.dumps(fields, indent=1, ensure_ascii=False)
        return line

    def estimate_ci(self, scores: list) -> None:
        """Set the bootstrap mean and half-width from resample scores (``Score`` objects or
        numbers): order statistics ``n // 40`` and ``n - n // 40 - 1`` of the sorted scores,
        half their difference, and the exact mean (``statistics.mean``)."""
        values = sorted(float(getattr(x, "score", x)) for x in scores)
        if not values:
            raise ValueError("estimate_ci needs at least one score")
        lower = len(values) // 40
        upper = len(values) - lower - 1
        self._ci = 0.5 * (values[upper] - values[lower])
        self._mean = float(sum((Fraction(x) for x in values), Fraction(0)) / len(values))

    def __repr__(self) -> str:
        return self.format()


class BLEUScore(Score):
    def __init__(self, score: float, counts: list, totals: list, precisions: list, bp: float,
                 sys_len: int, ref_len: int):
        super().__init__("BLEU", score)
        self.bp = bp
        self.counts = counts
        self.totals = totals
        self.sys_len = sys_len
        self.ref_len = ref_len
        self.precisions = precisions
        self.prec_str = "/".join(f"{p:.1f}" for p in precisions)
        self.ratio = sys_len / ref_len if ref_len else 0
        self._verbose = (f"{self.prec_str} (BP = {bp:.3f} ratio = {self.ratio:.3f} "
                         f"hyp_len = {sys_len:d} ref_len = {ref_len:d})")


class CHRFScore(Score):
    def __init__(self, score: float, char_order: int, word_order: int, beta: int):
        self.beta = beta
        self.char_order = char_order
        self.word_order = word_order
        super().__init__(f"chrF{beta}" + "+" * word_order, score)


class TERScore(Score):
    def __init__(self, score: float, num_edits: float, ref_length: float):
        super().__init__("TER", score)
        self.num_edits = int(num_edits)
        self.ref_length = ref_length
