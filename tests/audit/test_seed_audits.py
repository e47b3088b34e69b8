"""The seeds' own implementations, audited (issue #15, item 5).

* Seed 001 (a bug report on nltk's chrF): ``bleuprint audit nltk --metric chrf`` must find
  the bug by itself. The report says a hypothesis identical to its reference, shorter
  than six characters, scores ``L / 6`` instead of 1.0, because nltk divides the summed
  per-order F scores by the requested order (6) instead of the effective order.
* Seed 002 (a tutorial BLEU): its ``sentence_bleu`` floors a zero precision at 1e-10
  instead of smoothing, and its ``closest_reference_length`` takes ``min`` over the
  reference lengths by distance, so of two equally close references the first wins
  (sacreBLEU takes the shorter).
* Seed 003 (a lesson on classical metrics): the code it quotes is ``tokenize``,
  ``exact_match``, ``lcs_length`` and the ``score`` dispatcher. Its exact match strips
  both sides and compares them with no other normalisation, any target matching: that is
  bleuprint's exact match, so the audit must find nothing. Token F1, BLEU-4 (add-one
  smoothing, lowercase ``\\w+`` tokens) and ROUGE-L are described but not quoted
  (``main.py`` is not in the seed), so there is nothing of theirs to audit: those tests
  skip and say so.

The seeds' code is extracted from ``../shared/seeds`` into a temporary directory at test
time (``seeds.py``); the tests that read it skip where ``../shared`` is absent (seed 001's
does not read it: the audit of nltk needs nothing but nltk). The expected
explanations come from the seeds' text, never from a run of the audit.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

import seeds

ROOT = Path(__file__).resolve().parents[2]
SEED_002 = "002_f0516579cce0773a.txt"
SEED_003 = "003_89c7ad1d7d84cdc9.txt"

#: Examples per audit: enough for the search to meet ties and zero orders, small enough
#: that the whole file runs in well under two minutes.
EXAMPLES = 200


def _audit():
    """``bleuprint.audit.run.audit``."""
    from bleuprint.audit.run import audit

    return audit


def _explained(result, variant: str | None = None, **options) -> list:
    """The classes of ``result`` explained by ``variant`` (a mutant id) or by ``options``."""
    found = []
    for cls in result.classes:
        explanation = cls.explanation
        if not explanation:
            continue
        if variant is not None and explanation.get("variant") == variant:
            found.append(cls)
        elif options and all(explanation.get("options", {}).get(k) == v for k, v in options.items()):
            found.append(cls)
    return found


def _describe(result) -> str:
    """The classes of a result, one per line (printed with ``-s``, and in failures)."""
    lines = [f"{result.subject.name}: {result.status}, {len(result.classes)} classes, "
             f"{result.examples} examples, {result.seconds:.1f}s {result.message}"]
    for cls in result.classes:
        lines.append(f"  hyps={cls.hyps!r} refs={cls.refs!r} spec={cls.spec_value!r} "
                     f"library={cls.library_value!r} first={cls.first_difference!r} "
                     f"explanation={cls.explanation!r} members={cls.members} error={cls.library_error!r}")
    return "\n".join(lines)


# ---------------------------------------------------------------------------- extraction


def test_seed_code_extracts_into_modules(shared_seeds, tmp_path):
    """The seeds' code blocks parse and define the functions their text names; demo code
    (seed 002's ``pip install`` through ``subprocess``) is not kept; seed 003's
    described-but-unquoted functions are the only names left unbound."""
    s2 = seeds.extract(shared_seeds / SEED_002, tmp_path, "seed002")
    s3 = seeds.extract(shared_seeds / SEED_003, tmp_path, "seed003")
    assert s2.parent == tmp_path and s3.parent == tmp_path
    assert "subprocess" not in s2.read_text() and "sacrebleu" not in s2.read_text()
    m2, m3 = seeds.load(s2), seeds.load(s3)
    for name in ("get_ngrams", "clipped_count", "modified_precision", "brevity_penalty",
                 "closest_reference_length", "sentence_bleu", "corpus_bleu"):
        assert callable(getattr(m2, name)), name
    for name in ("tokenize", "exact_match", "lcs_length", "score"):
        assert callable(getattr(m3, name)), name
    assert seeds.unbound_names(s2.read_text()) == set()
    assert seeds.unbound_names(s3.read_text()) == {"f1_score", "bleu4", "rouge_l", "accuracy"}
    # the quoted behaviour, by the seeds' own words: a perfect match scores 1 (seed 002),
    # the lesson's tokenizer lowercases and drops punctuation, exact match strips (003)
    assert m2.sentence_bleu("the cat sat on the mat".split(), ["the cat sat on the mat".split()]) == 1.0
    assert m3.tokenize("Paris, FRANCE!") == ["paris", "france"]
    assert m3.exact_match(" Paris\n", ["Paris"]) == 1.0 and m3.exact_match("Paris.", ["Paris"]) == 0.0


def test_extraction_keeps_code_and_drops_prose_and_demo():
    """The helper on a small text: a heading is prose, an indented paragraph continues the
    function above it, a demo call is dropped, and a missing ``re`` import is added."""
    text = textwrap.dedent('''\
        Heading

        Some prose, with a comma.

        PATTERN = re.compile("a+")
        def f(x):
            y = x + 1

            return y

        print(f(1))
        value = f(2)
        ''')
    source = seeds.module_source(text)
    assert "import re" in source and "def f" in source and "PATTERN" in source
    assert "print" not in source and "value" not in source and "Heading" not in source
    assert seeds.unbound_names(source) == set()


# ---------------------------------------------------------------------------- seed 001


def _require_nltk():
    """nltk is in the test extra (for this test), so its absence is a failure, not a skip."""
    import nltk  # noqa: F401


def _requested_order(explanation: dict) -> bool:
    """The explanation means "divides by the requested order": mutant r05, or sacreBLEU's
    eps smoothing (``eps_smoothing=True``), which averages over every requested order."""
    return explanation.get("variant") == "r05" or explanation.get("options", {}).get("eps_smoothing") is True


def test_seed_001_nltk_chrf_short_identical_strings(tmp_path):
    """``bleuprint audit nltk --metric chrf --json -`` finds seed 001's bug by itself.

    Bound checked (from the report): some class's minimal input is one hypothesis equal to
    its one reference, of 1 to 5 characters (``len < 6``, nltk's default max_len); there
    bleuprint scores full scale (100) and nltk less: ``L / 6`` of its scale when the
    string has no white space (the report: "a perfect match of a string of length L < 6
    scores L / 6"). The class's explanation is the requested-order rule: mutant r05
    ("chrF divides by the requested order instead of the effective order"), or the
    equivalent configuration ``eps_smoothing=True`` (sacreBLEU's eps smoothing also
    averages over all requested orders, an empty order adding ~0) with r05 among the
    alternatives that also match. The seed's text is only the source of these expectations:
    the audit reads nothing of it, so this test runs without ``../shared``."""
    _require_nltk()
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    done = subprocess.run([sys.executable, "-m", "bleuprint", "audit", "nltk", "--metric", "chrf",
                           "--examples", str(EXAMPLES), "--json", "-"],
                          cwd=tmp_path, env=env, capture_output=True, text=True, timeout=300)
    assert done.returncode in (0, 1), done.stderr
    report = json.loads(done.stdout)
    assert report["schema"] == "bleuprint_audit_report_v1"
    chrf = [s for s in report["subjects"] if s["metric"] == "chrf" and s["library"] == "nltk"]
    assert chrf, report
    hits = []
    for subject in chrf:
        for cls in subject["classes"]:
            hyps, refs = cls["hyps"], cls["refs"]
            if not (len(hyps) == 1 and refs == [[hyps[0]]] and 1 <= len(hyps[0]) < 6):
                continue
            if not any(_requested_order(e) for e in [cls["explanation"] or {}, *cls["alternatives"]]):
                continue
            assert cls["specValue"] == pytest.approx(100.0)
            scale = subject["scale"]
            assert cls["libraryValue"] < scale
            if not any(c.isspace() for c in hyps[0]):
                assert cls["libraryValue"] == pytest.approx(len(hyps[0]) / 6 * scale, rel=1e-6)
            hits.append((subject["name"], cls))
    assert hits, json.dumps(chrf, indent=1)[:4000]


# ---------------------------------------------------------------------------- seed 002


@pytest.fixture()
def seed002_wrapper(shared_seeds, tmp_path) -> Path:
    """Seed 002 extracted as ``seed002.py`` beside a wrapper ``wrap002.py`` whose
    ``sentence(hypothesis, references)`` and ``corpus(hyps, refs)`` split the strings into
    the token lists the tutorial's functions take (``str.split``: tokenize ``none``)."""
    seeds.extract(shared_seeds / SEED_002, tmp_path, "seed002")
    wrapper = tmp_path / "wrap002.py"
    wrapper.write_text(textwrap.dedent('''\
        import importlib.util, pathlib
        _spec = importlib.util.spec_from_file_location(
            "seed002", pathlib.Path(__file__).with_name("seed002.py"))
        seed = importlib.util.module_from_spec(_spec)
        _spec.loader.exec_module(seed)

        def sentence(hypothesis, references):
            return seed.sentence_bleu(hypothesis.split(), [r.split() for r in references])

        def corpus(hyps, refs):
            return seed.corpus_bleu([h.split() for h in hyps], [[r.split() for r in rs] for rs in refs])
        '''), encoding="utf-8")
    return wrapper


#: What the tutorial claims to be: sacreBLEU's BLEU (it compares itself with
#: ``sacrebleu.corpus_bleu`` at the end) on tokens it is given (``none``: split on spaces).
SEED_002_OPTIONS = {"tokenize": "none"}


def test_seed_002_sentence_bleu(seed002_wrapper):
    """The tutorial's ``sentence_bleu``, declared as bleuprint's BLEU (scale 1, tokens given):
    the audit explains a class by the 1e-10 floor (r06: "a 1e-10 precision floor instead of
    exp smoothing": the code sets ``p = smoothing`` when a precision is 0) and a class by
    the missing tie rule (r01: "of two equally close references the first is taken, not
    the shorter": ``min(ref_lengths, key=lambda r: abs(r - c_len))`` keeps the first), and a
    class where it raises on an empty hypothesis (``brevity_penalty`` computes
    ``reference_len / candidate_len``). Other classes are allowed and printed: the floor
    also applies to orders the hypothesis has no n-grams of, and there is no early 0 when
    nothing matches, which r06 (keeping sacreBLEU's two rules) does not model."""
    audit = _audit()
    from bleuprint.audit.subject import subject_from_callable

    subject = subject_from_callable(f"{seed002_wrapper}:sentence", metric="bleu", scale=1.0,
                                    level="sentence", options=dict(SEED_002_OPTIONS))
    result = audit(subject, examples=EXAMPLES, seed=0)
    print(_describe(result))
    assert result.status == "differs", _describe(result)
    floor = _explained(result, variant="r06")
    assert floor, _describe(result)
    tie = _explained(result, variant="r01")
    assert tie, _describe(result)
    # the tie class's minimal input has two references equally far from the hypothesis
    for cls in tie:
        (hyp,), (refs,) = cls.hyps, cls.refs
        distances = sorted(abs(len(r.split()) - len(hyp.split())) for r in refs)
        assert len(distances) >= 2 and distances[0] == distances[1], _describe(result)
    _assert_raises_on_empty(result)


def _assert_raises_on_empty(result) -> None:
    """The tutorial's ``brevity_penalty`` computes ``reference_len / candidate_len``: an
    empty hypothesis (an empty corpus) raises ZeroDivisionError, which is a class."""
    raised = [c for c in result.classes if c.library_value is None]
    assert any(all(h == "" for h in c.hyps) and c.library_error.startswith("ZeroDivisionError")
               for c in raised), _describe(result)


def test_seed_002_own_examples_are_explained(seed002_wrapper, shared_seeds):
    """The audit's explanation (``classify.explain``) on the tutorial's own inputs, read
    from its demo code: of its four sentence examples, those where it differs from
    bleuprint are explained by r06 (the 1e-10 floor), and Example 4 (adversarial
    repetition: "the" six times, no bigram of it in either reference, so ``p == 0`` is
    floored) is one of them. And its first reference with a second one as close
    (Example 2's five tokens between the six of reference1 and a four-token reference of
    its mini corpus) is explained by r01: ``min`` keeps the first of two equally close
    lengths, sacreBLEU the shorter."""
    _audit()
    from bleuprint.audit import classify, search
    from bleuprint.audit.subject import subject_from_callable

    data = seeds.literals((shared_seeds / SEED_002).read_text(encoding="utf-8"))
    refs = [" ".join(data["reference1"]), " ".join(data["reference2"])]
    cases = {i: ([" ".join(data[f"candidate{i}"])], [refs]) for i in (1, 2, 3, 4)}
    four_tokens = next(" ".join(r) for rs in data["refs"] for r in rs if len(r) == 4)
    tie = ([" ".join(data["candidate2"])], [[refs[0], four_tokens]])
    subject = subject_from_callable(f"{seed002_wrapper}:sentence", metric="bleu", scale=1.0,
                                    level="sentence", options=dict(SEED_002_OPTIONS))
    context = classify.Context(subject, [*cases.values(), tie])
    comparer = search.Comparer(subject)

    def explained(hyps, refs_):
        outcome = comparer.compare(hyps, refs_)
        if not outcome.diverges:
            return None
        variant, _ = classify.explain(context, [outcome.example()], [])
        return "unexplained" if variant is None else variant.mutant or variant.to_json("bleu", {}, {})["description"]

    found = {i: explained(*case) for i, case in cases.items()}
    print(found)
    assert found[4] == "r06", found
    assert all(v in (None, "r06") for v in found.values()), found
    assert explained(*tie) == "r01"


def test_seed_002_corpus_bleu(seed002_wrapper):
    """The tutorial's ``corpus_bleu`` on the same declaration: it calls the same
    ``closest_reference_length``, so the audit explains a class by r01 (the first of two
    equally close references). Its zero-precision rule (``-inf``: a zero order zeroes the
    score: ``if p > 0 else float("-inf")``, no smoothing) is a class explained by
    ``smooth_method='none'`` or, equivalently, mutant s08 ("exp smoothing is not applied (a
    zero order zeroes the score)"); and the empty corpus raises (its brevity penalty)."""
    audit = _audit()
    from bleuprint.audit.subject import subject_from_callable

    subject = subject_from_callable(f"{seed002_wrapper}:corpus", metric="bleu", scale=1.0,
                                    level="corpus", options=dict(SEED_002_OPTIONS))
    result = audit(subject, examples=EXAMPLES, seed=0)
    print(_describe(result))
    assert result.status == "differs", _describe(result)
    assert _explained(result, variant="r01"), _describe(result)
    assert _explained(result, variant="s08") or _explained(result, smooth_method="none"), _describe(result)
    _assert_raises_on_empty(result)


# ---------------------------------------------------------------------------- seed 003


@pytest.fixture()
def seed003_path(shared_seeds, tmp_path) -> Path:
    return seeds.extract(shared_seeds / SEED_003, tmp_path, "seed003")


def test_seed_003_exact_match(seed003_path):
    """The lesson's ``exact_match(prediction, targets)``: "scores 1.0 when the prediction
    equals a target string after stripping whitespace ... no lowercasing and no
    punctuation stripping", any target may match. That is bleuprint's exact match
    (``str.strip`` on both sides, case and inner space count), declared with no options
    on the lesson's 0..1 scale, so the audit finds no divergence. (Its empty-target rule,
    0.0, is outside bleuprint's input: a hypothesis has at least one reference.)"""
    audit = _audit()
    from bleuprint.audit.subject import subject_from_callable

    subject = subject_from_callable(f"{seed003_path}:exact_match", metric="exact_match", scale=1.0,
                                    level="sentence")
    result = audit(subject, examples=EXAMPLES, seed=0)
    print(_describe(result))
    assert result.status == "exact", _describe(result)
    assert result.classes == []


def test_seed_003_dispatcher_exact_match(seed003_path, tmp_path):
    """The same metric through the lesson's dispatcher ``score("exact_match", pred,
    targets)``, the entry point its runner uses: also exact."""
    audit = _audit()
    from bleuprint.audit.subject import subject_from_callable

    wrapper = tmp_path / "wrap003.py"
    wrapper.write_text(textwrap.dedent('''\
        import importlib.util, pathlib
        _spec = importlib.util.spec_from_file_location(
            "seed003", pathlib.Path(__file__).with_name("seed003.py"))
        seed = importlib.util.module_from_spec(_spec)
        _spec.loader.exec_module(seed)

        def exact(hypothesis, references):
            return seed.score("exact_match", hypothesis, references)
        '''), encoding="utf-8")
    subject = subject_from_callable(f"{wrapper}:exact", metric="exact_match", scale=1.0, level="sentence")
    result = audit(subject, examples=EXAMPLES, seed=0)
    print(_describe(result))
    assert result.status == "exact", _describe(result)


@pytest.mark.parametrize("function, what", [
    ("bleu4", "sentence BLEU-4 with add-one smoothing; bleuprint's lesson_bleu4 implements the description"),
    ("f1_score", "token F1; bleuprint's lesson_f1 implements the description"),
])
def test_seed_003_unquoted_metrics(seed003_path, function, what):
    """The lesson describes these but quotes no code (its ``main.py`` is not in the seed):
    there is no implementation of theirs to audit, and none is written here from the
    description (that would audit our reading, not the lesson)."""
    module = seeds.load(seed003_path)
    if not hasattr(module, function):
        pytest.skip(f"seed 003 quotes no code for {function} ({what}); it is only described")
    pytest.fail(f"seed 003 now quotes {function}: audit it")  # pragma: no cover
