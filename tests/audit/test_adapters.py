"""The built-in adapters of ``bleuprint audit`` (issue #15): each loads, or says how to
install its library; and where its library is installed, the mapping it declares agrees
with the spec on ordinary text.

"Agrees" is: the library's value, put on bleuprint's scale (``Metric.scale / subject.scale``),
is within 1e-9 of ``bleuprint.spec.corpus_score(bleuprint.metric(metric, **subject.options), hyps, refs)``;
a subject that declares a tolerance (``Subject.tolerance``: a library computing in float32,
its adapter says why) is within that relative tolerance instead. No exact library gets one.
The corpus is written here by hand: ordinary English sentences, every n-gram order of BLEU
matched at least once (so no smoothing question arises), no empty strings, no unusual
characters; a capital letter and punctuation attached to a word, so that a wrongly
declared tokenizer or case option shows. Where a library is known to differ even on such text, the test says why (from
the library's source or documentation) and checks that the difference is there and that
the audit reports it, instead of asserting agreement.
"""

from __future__ import annotations

import math
import sys

import pytest

from bleuprint.audit.adapters import ADAPTERS, load, names
from bleuprint.audit.subject import LEVELS, NotInstalled, Subject
from bleuprint.core import get_metric, metric_names
from bleuprint.spec import corpus_score
from bleuprint.core.value import metric as configured
from bleuprint.core.options import find_option
from bleuprint.spec.inputs import input_hooks

HYPS = [
    "The cat sat on the mat by the door",
    "a quick brown fox jumps over the lazy dog",
    "we will meet again in Paris next week, I hope.",
]
#: One reference each.
ONE_REF = [
    ["the cat sat on the mat near the door"],
    ["the quick brown fox jumps over the lazy dog"],
    ["we will meet again in Paris next week - I think."],
]
#: Two references each.
TWO_REFS = [
    ["the cat sat on the mat near the door", "a cat sat on the mat by a door today"],
    ["the quick brown fox jumps over the lazy dog", "a quick brown fox jumped over a lazy dog"],
    ["we will meet again in Paris next week - I think.", "we meet again in Paris next week."],
]

TOLERANCE = 1e-9

#: Subjects known to differ from their closest configuration even on ordinary text, and why.
KNOWN_DIFFERENCES = {
    "nltk:sentence_chrf": "nltk averages the per-order F-scores; sacreBLEU averages precision and "
                          "recall over the orders and takes one F-score (nltk/translate/chrf_score.py)",
    "nltk:corpus_chrf": "as nltk:sentence_chrf, and the corpus value is the mean of the sentence scores",
    "pycocoevalcap:bleu": "the scorer adds 1e-15 to each order's matches and 1e-9 to its totals "
                          "(pycocoevalcap/bleu/bleu_scorer.py): off by ~1e-10 relative",
    # Issue 38's libraries: their deviations are what tests/audit/test_real_libraries.py audits.
    **{f"rouge:{k}": "case-sensitive white-space tokens, n-gram sets, 1e-8 in the F denominator "
                     "(rouge/rouge_score.py)" for k in ("rouge-1", "rouge-2", "rouge-l")},
    **{f"sumeval:rouge_{n}": "stop words removed by default (sumeval/metrics/rouge.py)" for n in (1, 2)},
    **{f"rouge-metric:{k}": "case-sensitive white-space tokens, F of the mean P and R (rouge_metric/py_rouge.py)"
       for k in ("rouge-1", "rouge-2", "rouge-l")},
    **{f"pytorch-ignite:bleu:{s}": "a mean of sentence BLEUs (macro), smoothing of orders without n-grams "
                                    "(smooth1) (ignite/metrics/nlp/bleu.py)"
       for s in ("no_smooth:macro", "smooth1:macro")},
    **{f"torchmetrics:rouge_score:{k}": "float32 tensors" for k in ("rouge1", "rougeL")},
    "torchmetrics:chrf_score": "chrF++: ``_calculate_fscore`` divides the sum of the per-order F-scores by "
                               "n_order = n_char_order + n_word_order, every order, each denominator floored at "
                               "_EPS_SMOOTHING (torchmetrics/functional/text/chrf.py): sacreBLEU's "
                               "eps_smoothing=True, not its default (test_torchmetrics_chrf_is_eps_smoothing)",
}


def _close(subject: Subject, expected: float):
    """The bar of agreement (module doc): 1e-9 absolute, or the subject's declared relative
    tolerance (float32 libraries only)."""
    if subject.tolerance is not None:
        return pytest.approx(expected, rel=subject.tolerance, abs=0)
    return pytest.approx(expected, abs=TOLERANCE)


def test_only_float32_libraries_declare_a_tolerance():
    """The bar is loosened for no exact library: a subject declares a tolerance only where
    its library computes in float32 (torchmetrics' tensors, bert_score's torch), and not above
    float32's 1e-5."""
    for subject in INSTALLED:
        if subject.tolerance is not None:
            assert subject.library in ("torchmetrics", "bert-score") and subject.tolerance <= 1e-5, subject.name


def _subjects_or_none(target: str):
    try:
        return load(target)
    except NotInstalled:
        return None


def _installed_subjects() -> list[Subject]:
    found = []
    for target in names():
        subjects = _subjects_or_none(target)
        found.extend(subjects or [])
    return found


INSTALLED = _installed_subjects()


def _on_bleuprint_scale(subject: Subject, value: float) -> float:
    return value * get_metric(subject.metric).scale / subject.scale


def _pairs(subject: Subject, refs):
    """The inputs the subject is called on: the whole corpus, or each segment alone."""
    if subject.level == "corpus":
        return [(HYPS, refs)]
    return [([h], [r]) for h, r in zip(HYPS, refs)]


# --------------------------------------------------------------------------- every adapter


def test_the_issue_s_libraries_have_adapters():
    """The issue names these targets."""
    assert {"nltk", "torchmetrics", "fast-bleu", "bleuscore", "fastchrf", "sacrebleu-mojo", "pyter3",
            "pycocoevalcap"} <= set(ADAPTERS)


@pytest.mark.parametrize("target", sorted(ADAPTERS))
def test_adapter_loads_or_says_how_to_install(target):
    """Either valid subjects (registered metric names, options the metric's Option.check
    accepts, a level, a scale of 1 or 100, a callable score, distinct names) or NotInstalled
    with the pip command."""
    try:
        subjects = load(target)
    except NotInstalled as missing:
        assert missing.pip.startswith("pip install "), missing.pip
        assert "==" in missing.pip  # pinned, as the audit extra is
        return
    assert subjects
    assert len({s.name for s in subjects}) == len(subjects)
    for subject in subjects:
        assert subject.library == target
        assert subject.version and subject.version != "unknown"
        assert subject.metric in metric_names()
        definition = get_metric(subject.metric)
        for key, value in subject.options.items():
            assert find_option(definition, key).check(value) == value
        assert subject.level in LEVELS
        assert subject.scale in (1.0, 100.0)
        assert subject.call and subject.notes
        assert subject.min_refs >= 1
        assert callable(subject.score)
        # Replay goes through the target name, not a callable spec (run.replay_command).
        assert subject.target == ""


@pytest.mark.parametrize("target", sorted(ADAPTERS))
def test_a_missing_library_is_skipped_cleanly(target, monkeypatch):
    """With the library hidden (``sys.modules[name] = None`` makes its import fail, as if it
    were not installed), ``load`` raises NotInstalled naming the pip command, never
    ImportError."""
    module = __import__(ADAPTERS[target], fromlist=["subjects"])
    top = {"fast-bleu": "fast_bleu", "sacrebleu-mojo": "sacrebleu_mojo", "pyter3": "pyter", "rouge-metric": "rouge_metric",
           "pytorch-ignite": "ignite", "bert-score": "bert_score"}.get(target, target)
    for name in list(sys.modules):
        if name == top or name.startswith(top + "."):
            monkeypatch.delitem(sys.modules, name)
    monkeypatch.setitem(sys.modules, top, None)
    with pytest.raises(NotInstalled) as missing:
        module.subjects()
    assert missing.value.pip.startswith("pip install ")
    assert missing.value.library == target


def test_the_adapters_package_imports_no_optional_library():
    """Listing the targets imports none of the libraries (they are optional)."""
    import subprocess

    code = ("import sys, bleuprint.audit.adapters as a; a.names(); "
            "print([m for m in ('nltk', 'fast_bleu', 'bleuscore', 'fastchrf', 'pyter', 'pycocoevalcap', "
            "'torchmetrics', 'sacrebleu_mojo', 'rouge', 'sumeval', 'rouge_metric', 'ignite', 'bert_score', 'torch', 'evaluate', 'datasets') if m in sys.modules])")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert done.stdout.strip() == "[]"


def test_sentence_level_subjects_refuse_a_corpus():
    for subject in INSTALLED:
        if subject.level == "sentence":
            with pytest.raises(ValueError, match="one segment"):
                subject.score(HYPS[:2], ONE_REF[:2])


# --------------------------------------------------------------------------- the declared mapping


#: Subjects of metrics on text (the ones on token embeddings: tests/audit/test_embedding_audits.py).
AGREEING = [s for s in INSTALLED if s.name not in KNOWN_DIFFERENCES and input_hooks(get_metric(s.metric)).segment_kind == "text"]


@pytest.mark.parametrize("subject", AGREEING, ids=lambda s: s.name)
def test_declared_mapping_agrees_with_the_spec_on_one_reference(subject):
    for hyps, refs in _pairs(subject, ONE_REF):
        expected = corpus_score(configured(subject.metric, **subject.options), hyps, refs)
        got = _on_bleuprint_scale(subject, subject.score(hyps, refs))
        assert got == _close(subject, expected), (hyps, refs)


#: Subjects whose multi-reference value is by design not the spec's (and why).
MULTI_REF_DIFFERENCES = {
    "fastchrf:aggregate_chrf": "the library's aggregate over references is documented as not equal "
                               "to multi-reference chrF (its README)",
}


@pytest.mark.parametrize("subject", [s for s in AGREEING if s.max_refs is None
                                     and s.name not in MULTI_REF_DIFFERENCES], ids=lambda s: s.name)
def test_declared_mapping_agrees_with_the_spec_on_two_references(subject):
    """TWO_REFS: for every segment the closest and the shortest reference give the same
    brevity penalty (the corpus is longer than either), so bleuscore's default agrees too."""
    for hyps, refs in _pairs(subject, TWO_REFS):
        expected = corpus_score(configured(subject.metric, **subject.options), hyps, refs)
        got = _on_bleuprint_scale(subject, subject.score(hyps, refs))
        assert got == _close(subject, expected), (hyps, refs)


#: One ordinary short segment with no matching 4-gram: the declared smoothing shows here.
NO_FOURGRAM = (["we shall meet in Paris next Monday"], [["we will meet again in Paris next week"]])


@pytest.mark.parametrize("subject", [s for s in AGREEING if s.metric == "bleu"], ids=lambda s: s.name)
def test_declared_smoothing_agrees_on_a_segment_without_a_matching_4gram(subject):
    """1-, 2- and 3-grams match ("in Paris next"), no 4-gram does: the value depends on
    the smoothing (the spec gives 0 with none, 16.10 with floor 0.1, 24.08 with exp), so it
    must be the declared one."""
    hyps, refs = NO_FOURGRAM
    expected = corpus_score(configured("bleu", **subject.options), hyps, refs)
    assert _on_bleuprint_scale(subject, subject.score(hyps, refs)) == _close(subject, expected)


def _installed(name: str) -> Subject:
    for subject in INSTALLED:
        if subject.name == name:
            return subject
    pytest.skip(f"{name.split(':')[0]} is not installed here")


def test_fastchrf_aggregate_is_not_multi_reference_chrf():
    """With one reference aggregate_chrf is chrF (checked above); with two it is not."""
    subject = _installed("fastchrf:aggregate_chrf")
    differences = [abs(_on_bleuprint_scale(subject, subject.score(h, r)) - corpus_score("chrf", h, r))
                   for h, r in _pairs(subject, TWO_REFS)]
    assert max(differences) > 1e-3


def test_torchmetrics_chrf_is_eps_smoothing():
    """KNOWN_DIFFERENCES' reason checked: with eps_smoothing=True (the only change) the spec
    gives torchmetrics' chrF++ within its float32 tolerance on both corpora, where the
    declared default is off by about 0.007 (one reference) and 0.017 (two) on 0-100."""
    subject = _installed("torchmetrics:chrf_score")
    for refs in (ONE_REF, TWO_REFS):
        got = _on_bleuprint_scale(subject, subject.score(HYPS, refs))
        assert got == _close(subject, corpus_score(configured("chrf", **subject.options, eps_smoothing=True), HYPS, refs))
        assert got != _close(subject, corpus_score(configured("chrf", **subject.options), HYPS, refs))


def test_bleuscore_default_uses_the_shortest_reference():
    """One segment: the hypothesis has 6 tokens, its references 4 and 7. The closest is 7
    (distance 1), so bleuprint's brevity penalty is exp(1 - 7/6) < 1; the shortest is 4, so
    bleuscore's default gives BP 1, a higher score. ref_len_method="closest" agrees."""
    default = _installed("bleuscore:bleu")
    closest = _installed("bleuscore:bleu-closest")
    hyps = ["the cat sat on the mat"]
    refs = [["the cat sat down", "the cat sat on the red mat"]]
    expected = corpus_score(configured("bleu", **default.options), hyps, refs)
    assert _on_bleuprint_scale(closest, closest.score(hyps, refs)) == pytest.approx(expected, abs=TOLERANCE)
    bp = math.exp(1 - 7 / 6)
    assert _on_bleuprint_scale(default, default.score(hyps, refs)) == pytest.approx(expected / bp, rel=1e-9)


@pytest.mark.parametrize("name", sorted(KNOWN_DIFFERENCES))
def test_known_difference_on_ordinary_text_is_there_and_reported(name):
    """KNOWN_DIFFERENCES says why; the value differs from the spec's by more than the
    tolerance on the one-reference corpus (yet stays close: the mapping is the nearest one),
    and ``audit`` reports the subject as differing."""
    from bleuprint.audit.run import audit

    subject = _installed(name)
    pairs = [(_on_bleuprint_scale(subject, subject.score(h, r)), corpus_score(configured(subject.metric,
                                                                                         **subject.options), h, r))
             for h, r in _pairs(subject, ONE_REF)]
    assert any(got != _close(subject, expected) for got, expected in pairs)
    assert max(abs(got - expected) for got, expected in pairs) < 1.0
    result = audit(subject, examples=20)
    assert result.status == "differs"
    if subject.tolerance is not None:  # beyond the declared float32 rounding: a class that is not noise
        assert any(c.kind != "noise" for c in result.classes), [(c.kind, c.explanation) for c in result.classes]


# --------------------------------------------------------------------------- adapters written from documentation


class _Recorder:
    """Stands in for a library function: records its arguments, answers ``value``."""

    def __init__(self, value):
        self.value, self.calls = value, []

    def __call__(self, *args, **kwargs):
        self.calls.append((args, kwargs))
        return self.value


class _Tensor:
    def __init__(self, value):
        self.value = value

    def item(self):
        return self.value


def _fake_modules(monkeypatch, modules: dict) -> None:
    import types

    for name, attributes in modules.items():
        module = types.ModuleType(name)
        for key, value in attributes.items():
            setattr(module, key, value)
        monkeypatch.setitem(sys.modules, name, module)


def test_torchmetrics_adapter_calls_with_the_documented_layout(monkeypatch):
    """torchmetrics cannot be installed here (PyPI's torch is a multi-GB CUDA build), so its
    adapter is checked against stand-ins: each function gets ``(preds, target)`` with
    target[i] the references of preds[i] (the documented layout, bleuprint's), and its 0-d
    tensor becomes a float on a 0-1 scale."""
    from bleuprint.audit.adapters import torchmetrics as adapter

    functions = {name: _Recorder(_Tensor(0.25)) for name in
                 ("bleu_score", "sacre_bleu_score", "chrf_score", "translation_edit_rate")}
    rouge = _Recorder({"rouge1_fmeasure": _Tensor(0.5), "rougeL_fmeasure": _Tensor(0.75)})
    _fake_modules(monkeypatch, {"torchmetrics": {}, "torchmetrics.functional": {},
                                "torchmetrics.functional.text": {**functions, "rouge_score": rouge}})
    # the BERTScore subject needs the real module (torch); hidden, where torchmetrics is installed
    monkeypatch.setitem(sys.modules, "torchmetrics.functional.text.bert", None)
    subjects = adapter.subjects()
    assert [s.metric for s in subjects] == ["bleu", "bleu", "chrf", "ter", "rouge", "rouge"]
    for subject in subjects[:4]:
        assert subject.score(HYPS, TWO_REFS) == 0.25
    for subject in subjects:
        assert subject.scale == 1.0 and subject.level == "corpus"
    for recorder in functions.values():
        assert recorder.calls == [((HYPS, TWO_REFS), {})]
    # rouge_score: one ROUGE type a subject, its F measure
    assert [s.score(HYPS, TWO_REFS) for s in subjects[4:]] == [0.5, 0.75]
    assert rouge.calls == [((HYPS, TWO_REFS), {"rouge_keys": ("rouge1",)}), ((HYPS, TWO_REFS), {"rouge_keys": ("rougeL",)})]
    by_name = {s.name: s for s in subjects}
    assert by_name["torchmetrics:chrf_score"].options["word_order"] == 2   # its default is chrF++
    assert by_name["torchmetrics:sacre_bleu_score"].options["smooth_method"] == "none"
    assert by_name["torchmetrics:translation_edit_rate"].options["case_sensitive"] is False


def test_sacrebleu_mojo_adapter_passes_reference_streams(monkeypatch):
    """sacrebleu-mojo needs Python >= 3.12, so its adapter is checked against stand-ins:
    ``corpus_bleu(hypotheses, streams)`` with streams[k][i] = refs[i][k], None where a
    hypothesis has fewer references; ``.score`` read on a 0-100 scale."""
    from types import SimpleNamespace

    from bleuprint.audit.adapters import sacrebleu_mojo as adapter

    bleu, chrf = _Recorder(SimpleNamespace(score=42.0)), _Recorder(SimpleNamespace(score=7.0))
    _fake_modules(monkeypatch, {"sacrebleu_mojo": {"corpus_bleu": bleu, "corpus_chrf": chrf}})
    subjects = adapter.subjects()
    refs = [["r00", "r01"], ["r10"], ["r20", "r21"]]
    assert [s.score(["h0", "h1", "h2"], refs) for s in subjects] == [42.0, 7.0]
    streams = [["r00", "r10", "r20"], ["r01", None, "r21"]]
    assert bleu.calls == chrf.calls == [((["h0", "h1", "h2"], streams), {})]
    assert [(s.metric, s.options, s.scale) for s in subjects] == [("bleu", {}, 100.0), ("chrf", {}, 100.0)]
