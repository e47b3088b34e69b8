"""sumeval 0.2.2's ROUGE (``sumeval.metrics.rouge.RougeCalculator``, its defaults) as audit
subjects: ``rouge_1`` / ``rouge_2`` of each hypothesis against its references, the mean over
segments (bleuprint's rouge metric, rouge-score's definition, with ``rouge_type`` rouge1 or
rouge2 is the closest configuration).

Read from the library's source (``sumeval/metrics/rouge.py``, ``lang/lang_en.py``), what it
does otherwise: stop words are removed by default (``stopwords=True``, the list shipped in
``lang/data/en/stop_words.txt``, ROUGE-1.5.5's, several hundred words); with several
references the matches and the reference n-grams are summed over them and the precision's
denominator is the number of references times the hypothesis's n-grams (ROUGE-1.5.5's
pooling, not the best reference); the tokenizer is close to rouge-score's (lowercase,
characters outside ``[A-Za-z0-9-]`` are spaces, a word must start with a letter, a digit
or "$"). The stop-word list is read from the installed package when the subjects are
made (``stop_words``, the audit's variant v12), the way ``BaseLang.load_stopwords`` reads it:
each line of the file, stripped, the blank ones left out.
"""

from __future__ import annotations

import importlib.resources

from ..subject import Subject
from ._common import as_float, require

#: The target name (``bleuprint audit sumeval``), also the subjects' library.
TARGET = "sumeval"


def subjects() -> list[Subject]:
    module, version = require("sumeval", "sumeval.metrics.rouge")
    calculator = module.RougeCalculator(lang="en")
    listed = importlib.resources.files("sumeval.metrics.lang").joinpath("data", "en", "stop_words.txt")
    stop_words = frozenset(line.strip() for line in listed.read_text(encoding="utf-8").splitlines() if line.strip())

    def caller(n):
        def score(hyps, refs):
            values = [calculator.rouge_n(h, list(r), n) for h, r in zip(hyps, refs)]
            return sum(as_float(v) for v in values) / len(values)
        return score

    return [Subject(library=TARGET, version=version, metric="rouge",
                    call=f"mean of RougeCalculator(lang='en').rouge_n(hypothesis, references, {n})", level="corpus",
                    scale=1.0, options={"rouge_type": f"rouge{n}"}, score=caller(n), name=f"sumeval:rouge_{n}",
                    notes="the corpus value is the mean of the segments' values (rouge-score's, bleuprint's); "
                          f"its stop-word list ({len(stop_words)} words) is read from the installed package",
                    stop_words=stop_words)
            for n in (1, 2)]
