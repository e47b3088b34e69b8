"""Reading the WMT MQM annotations that Google publishes (github.com/google/wmt-mqm-human-evaluation,
Apache-2.0; Freitag et al., 2021, "Experts, Errors, and Context", TACL, arXiv 2104.14478).

A file (``mqm_ted_ende.tsv``, ``mqm_newstest2021_ende.tsv``, ...) is a TSV with the header
``system doc doc_id seg_id rater source target category severity`` (and ``comment``): one row
per error a rater marked in a system's translation of a segment (``No-error`` rows for none),
the translation's error span between ``<v>`` and ``</v>``.

The segment's MQM score is the repository's (its README, "Multidimensional Quality Metric"):
each error weighs 5 when Major, 1 when Minor, 0.1 when Minor Fluency/Punctuation, 25 for a
Non-translation, 0 when Neutral or No-error; a rater's score is the sum of the weights of the
errors they marked, the segment's the mean over its raters, negated so that higher is better
(as mt-metrics-eval's ``mqm.seg.score`` files and the repository's ``avg_seg_scores.tsv``
have it; ``tests/metaeval/test_wmt_mqm.py`` checks it against the latter).

A system's output is the ``target`` with the ``<v>``/``</v>`` marks removed; the reference is
the output of the human translation the file names (``ref`` in the TED files), which is taken
out of the systems, as mt-metrics-eval leaves out the reference a metric uses.
"""

from __future__ import annotations

from pathlib import Path

HEADER = ("system", "doc", "doc_id", "seg_id", "rater", "source", "target", "category", "severity")


def error_weight(category: str, severity: str) -> float:
    """One error's weight (module doc)."""
    severity = severity.strip().lower()
    category = category.strip()
    if category.lower().startswith("non-translation"):
        return 25.0
    if severity == "major":
        return 5.0
    if severity == "minor":
        return 0.1 if category == "Fluency/Punctuation" else 1.0
    if severity in ("neutral", "no-error", ""):
        return 0.0
    raise ValueError(f"unknown severity {severity!r}")


def read_mqm_tsv(path) -> tuple[dict, dict, list]:
    """``(scores, outputs, segment ids)``: system -> MQM score of each segment (module doc),
    system -> its translation of each segment, the segment ids in increasing order. Every
    system must have every segment; ValueError naming the file and line otherwise."""
    path = Path(path)
    try:
        lines = path.read_text(encoding="utf-8").split("\n")
    except OSError as exc:
        raise ValueError(f"{path}: cannot read: {exc.strerror or exc}") from None
    except UnicodeDecodeError:
        raise ValueError(f"{path}: not UTF-8 text") from None
    header = lines[0].rstrip("\r").split("\t")
    if tuple(header[:len(HEADER)]) != HEADER:
        raise ValueError(f"{path}:1: not a WMT MQM file (expected the header {' '.join(HEADER)})")
    sums: dict = {}
    texts: dict = {}
    for number, line in enumerate(lines[1:], 2):
        if not line.strip():
            continue
        fields = line.rstrip("\r").split("\t")
        if len(fields) < len(HEADER):
            raise ValueError(f"{path}:{number}: {len(fields)} fields, expected at least {len(HEADER)}")
        system, seg_id, rater, target, category, severity = (fields[0], fields[3], fields[4], fields[6], fields[7],
                                                             fields[8])
        try:
            seg = int(seg_id)
            weight = error_weight(category, severity)
        except ValueError as error:
            raise ValueError(f"{path}:{number}: {error}") from None
        per_rater = sums.setdefault((system, seg), {})
        per_rater[rater] = per_rater.get(rater, 0.0) + weight
        texts.setdefault((system, seg), target.replace("<v>", "").replace("</v>", ""))
    if not sums:
        raise ValueError(f"{path}: no annotations")
    systems = list(dict.fromkeys(system for system, _ in sums))
    segments = sorted({seg for _, seg in sums})
    scores, outputs = {}, {}
    for system in systems:
        missing = [seg for seg in segments if (system, seg) not in sums]
        if missing:
            raise ValueError(f"{path}: system {system} has no annotation of segment {missing[0]}")
        scores[system] = [-(sum(sums[system, seg].values()) / len(sums[system, seg])) for seg in segments]
        outputs[system] = [texts[system, seg] for seg in segments]
    return scores, outputs, segments


def reference_system(systems, given: str | None = None) -> str:
    """The human translation used as the reference: ``given``, or the one system named ``ref``,
    ``ref-*``, ``ref.*`` or ``Human-*`` (ValueError when there is none or several)."""
    if given is not None:
        if given not in systems:
            raise ValueError(f"no system named {given} to be the reference (systems: {', '.join(systems)})")
        return given
    human = [s for s in systems if s == "ref" or s.startswith(("ref-", "ref.", "Human-"))]
    if len(human) != 1:
        raise ValueError(f"{'several' if human else 'no'} human translations ({', '.join(human) or 'ref, ref-*, Human-*'}"
                         "): name the reference with --mqm-ref")
    return human[0]


def language_pair_inputs(path, reference: str | None = None) -> tuple[dict, dict, str]:
    """``(human_seg, outputs, reference name)`` of one MQM file: the reference's translation
    left out of both (``outputs[REF]`` is not there; ``references`` is its text)."""
    scores, outputs, _ = read_mqm_tsv(path)
    ref = reference_system(list(scores), reference)
    reference_text = outputs.pop(ref)
    scores.pop(ref)
    return scores, {"outputs": outputs, "references": [reference_text]}, ref
