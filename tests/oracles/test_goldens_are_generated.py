"""The golden fixtures are exactly what the generator builds from sacreBLEU 2.5.1.

Rebuilding every case in memory (with the same seeded builders) and comparing it with
the stored file means a golden cannot be edited by hand, nor drift from sacreBLEU. With
sacreBLEU 2.6.0 installed the rebuilt cases must be the stored ones in everything but the
version that ends each signature (2.6.0's only change that a case can show: it adds the
tokenizer spBLEU-1K, which no golden uses). The
adapter's transposition to sacreBLEU's reference streams is checked on a corpus with a
variable number of references, against sacreBLEU called directly.

These tests need sacreBLEU; each is skipped, with the reason, where it is not installed.
"""

from __future__ import annotations

import importlib.util
import json
import subprocess
import sys
from pathlib import Path

import pytest

from bleuprint.core import get_metric, metric_names

from bleuprint.oracles import generate
from bleuprint.oracles.goldens import golden_names, load_goldens
from bleuprint.oracles.sacrebleu_oracle import REQUIRED_VERSION, oracle_bleu, oracle_chrf, to_streams
from bleuprint.spec.sacrebleu_versions import SUPPORTED_VERSIONS
from bleuprint.oracles.hooks import oracle_hooks

needs_sacrebleu = pytest.mark.skipif(
    importlib.util.find_spec("sacrebleu") is None,
    reason="sacrebleu is not installed (pip install 'sacrebleu==2.5.1'): the goldens cannot be rebuilt",
)


def _distribution_installed(dist: str) -> bool:
    """Whether the distribution ``dist`` is installed (by its metadata: a distribution's
    module need not be its name with "_", as scikit-learn's is sklearn)."""
    from importlib.metadata import PackageNotFoundError, version

    try:
        version(dist)
    except PackageNotFoundError:
        return False
    return True


def _first_difference(built: list[dict], stored: list[dict]) -> str:
    if len(built) != len(stored):
        return f"{len(built)} cases built, {len(stored)} stored"
    for new, old in zip(built, stored):
        if new != old:
            keys = sorted(k for k in set(new) | set(old) if new.get(k) != old.get(k))
            return f"case {old.get('id')}: fields {keys} differ"
    return "no difference"


def _from_sacrebleu(name: str) -> bool:
    """Whether sacreBLEU builds the fixture ``name`` (a metric with sacreBLEU among its
    oracles, or a shared fixture: the tokenizers', the intervals')."""
    return name in generate.SHARED_BUILDERS or "sacrebleu" in {
        dist for m in map(get_metric, metric_names()) if name == oracle_hooks(m).golden or name in dict(oracle_hooks(m).extra_goldens)
        for dist in oracle_hooks(m).oracle_versions}


#: Every fixture; those that sacreBLEU builds are golden checks rerun with sacreBLEU 2.6.0.
FIXTURES = [pytest.param(name, marks=[pytest.mark.sacrebleu_live] if _from_sacrebleu(name) else [])
            for name in generate.BUILDERS]


@needs_sacrebleu
@pytest.mark.parametrize("name", FIXTURES)
def test_stored_goldens_equal_a_fresh_build(name):
    """Every stored case equals the case rebuilt from sacreBLEU (after a JSON round trip,
    as the file holds it), and the file names the command that made it."""
    missing = [dist for m in map(get_metric, metric_names()) if name == oracle_hooks(m).golden or name in dict(oracle_hooks(m).extra_goldens)
               for dist in oracle_hooks(m).oracle_versions if not _distribution_installed(dist)]
    missing += [dist for dist, module in generate.SHARED_DISTRIBUTIONS.get(name, {}).items()
                if importlib.util.find_spec(module) is None]  # the MeCab fixture's packages
    if missing:  # an oracle outside the test extra (pycocoevalcap: about 100 MB)
        pytest.skip(f"{', '.join(missing)} not installed (pip install 'bleuprint[oracle]'): {name} cannot be rebuilt")
    built = json.loads(generate.render(generate.build_document(name)))
    stored = load_goldens(name)
    assert stored["name"] == name
    assert stored["command"] == generate.COMMAND == "python -m bleuprint.oracles.generate"
    installed, recorded = built["versions"]["sacrebleu"], stored["versions"]["sacrebleu"]
    if installed != recorded:  # 2.6.0 against the 2.5.1 goldens: only the signatures' version differs
        restamped = generate.with_signature_version(built["cases"], recorded)
        changed = [(old, new) for case, new_case in zip(built["cases"], restamped)
                   for key in ("signature", "signature_short") if key in case
                   for old, new in [(case[key], new_case[key])]]
        assert all(old.endswith(f":{installed}") and old != new for old, new in changed)
        built["cases"] = restamped
    assert built["cases"] == stored["cases"], _first_difference(built["cases"], stored["cases"])


def _public_sacrebleu_metric(metric: str, options: dict, level: str):
    """A sacreBLEU metric object built through its public constructor from bleuprint's
    option names (written out again here, independently of the adapter)."""
    import sacrebleu

    if metric == "bleu":
        defaults = {"effective_order": True} if level == "sentence" else {}
        names = {"tokenize": "tokenize", "lowercase": "lowercase", "smooth_method": "smooth_method",
                 "smooth_value": "smooth_value", "max_ngram_order": "max_ngram_order",
                 "effective_order": "effective_order"}
        return sacrebleu.BLEU(**{names[k]: v for k, v in {**defaults, **options}.items()})
    names = {"n": "char_order", "beta": "beta", "word_order": "word_order", "lowercase": "lowercase",
             "whitespace": "whitespace", "eps_smoothing": "eps_smoothing"}
    return sacrebleu.CHRF(**{names[k]: v for k, v in options.items()})


@pytest.mark.sacrebleu_live
@needs_sacrebleu
@pytest.mark.parametrize("name", ["bleu", "chrf"])
def test_golden_scores_equal_sacrebleu_public_api(name):
    """Every stored score and signature equals what sacreBLEU's public ``corpus_score``
    (on hand-built streams) or ``sentence_score`` returns: exact float equality, since it
    is the same computation as the adapter's two internal steps (the signature's version
    is the installed sacreBLEU's: 2.6.0 prints ``version:2.6.0`` where the golden of 2.5.1
    has ``version:2.5.1``)."""
    import sacrebleu

    mismatches = []
    for case in load_goldens(name)["cases"]:
        metric = _public_sacrebleu_metric(name, case["options"], case["level"])
        if case["level"] == "sentence":
            score = metric.sentence_score(case["hyps"][0], case["refs"][0]).score
        else:
            width = max(len(r) for r in case["refs"])
            streams = [[r[k] if k < len(r) else None for r in case["refs"]] for k in range(width)]
            score = metric.corpus_score(case["hyps"], streams).score
        signature = metric.get_signature()
        expected = generate.with_signature_version([case], sacrebleu.__version__)[0]
        if (score, signature.format(), signature.format(short=True)) != (
                case["score"], expected["signature"], expected["signature_short"]):
            mismatches.append(case["id"])
    assert mismatches == []


@pytest.mark.sacrebleu_live
@needs_sacrebleu
@pytest.mark.parametrize("name", list(generate.BUILDERS))
def test_recorded_versions_match_installed_sacrebleu(name):
    """Every fixture records sacreBLEU, numpy, regex and Python, and, for a metric with its
    own oracles, exactly those distributions at the pinned versions (``bleuprint.oracles.hooks.oracle_versions``);
    the MeCab fixture its packages and the MeCab version of each tagger
    (``generate.SHARED_DISTRIBUTIONS``; whether they are the installed ones is
    ``tests/spec/test_mecab.py``'s first test). The goldens were generated with sacreBLEU
    2.5.1; the installed one may be either supported version."""
    import sacrebleu

    versions = load_goldens(name)["versions"]
    if name in generate.SHARED_DISTRIBUTIONS:
        own = set(generate.SHARED_DISTRIBUTIONS[name]) | ({"mecab ja-mecab", "mecab ko-mecab"} if name == "mecab" else set())
        assert own <= set(versions), sorted(own - set(versions))
        versions = {k: v for k, v in versions.items() if k not in own}
    pinned = {dist: pin for dist, pin in ((d, p) for m in map(get_metric, metric_names())
                                          if name == oracle_hooks(m).golden or name in dict(oracle_hooks(m).extra_goldens)
                                          for d, p in oracle_hooks(m).oracle_versions.items()) if dist != "sacrebleu"}
    assert set(versions) == {"sacrebleu", "numpy", "regex", "python"} | set(pinned)
    assert all(versions[dist] == pin for dist, pin in pinned.items()), (versions, pinned)
    assert versions["sacrebleu"] == REQUIRED_VERSION == "2.5.1"
    assert sacrebleu.__version__ in SUPPORTED_VERSIONS == ("2.5.1", "2.6.0")


def test_every_stored_golden_has_a_builder():
    """Adding a metric is one entry in ``generate.BUILDERS`` (and running the generator):
    the stored files are exactly the builders' outputs, none stale, none missing."""
    assert set(golden_names()) == set(generate.BUILDERS)


def test_to_streams_pads_missing_references_with_none():
    """Hand transposition: sentence 0 has refs a, b; sentence 1 has c; sentence 2 has
    d, e, f. Stream k holds reference k of every sentence, None where there is none."""
    refs = [["a", "b"], ["c"], ["d", "e", "f"]]
    assert to_streams(refs) == [["a", "c", "d"], ["b", None, "e"], [None, None, "f"]]
    assert to_streams([["x"]]) == [["x"]]


@pytest.mark.parametrize("bad, error", [
    ("abc", TypeError),            # a bare string is not a list of reference lists
    ([["a"], "b"], TypeError),     # sentence 1's references are a bare string
    ([["a"], []], ValueError),     # sentence 1 has no reference
    ([["a", None]], TypeError),    # None is sacreBLEU's padding, not an input
    ([], ValueError),
])
def test_to_streams_refuses_bad_references(bad, error):
    with pytest.raises(error):
        to_streams(bad)


VARIABLE_HYPS = ["the cat sat on the mat", "a dog ran", "it is here now"]
VARIABLE_REFS = [["the cat sat on a mat", "there is a cat on the mat"], ["a dog ran home"],
                 ["it is here", "it is now here", "here it is now"]]
#: The same references as sacreBLEU streams, transposed by hand.
VARIABLE_STREAMS = [["the cat sat on a mat", "a dog ran home", "it is here"],
                    ["there is a cat on the mat", None, "it is now here"],
                    [None, None, "here it is now"]]


@pytest.mark.sacrebleu_live
@needs_sacrebleu
def test_oracle_on_variable_references_equals_sacrebleu_called_directly():
    """The adapter's BLEU and chrF equal sacreBLEU's own ``corpus_score`` on hand-made
    streams (score exactly, since it is the same computation), print ``nrefs:var``,
    and its per-sentence rows sum to its corpus statistics."""
    import sacrebleu

    bleu = oracle_bleu(VARIABLE_HYPS, VARIABLE_REFS)
    direct = sacrebleu.BLEU()
    assert bleu.score == direct.corpus_score(VARIABLE_HYPS, VARIABLE_STREAMS).score
    assert bleu.signature == direct.get_signature().format()
    assert bleu.signature.startswith("nrefs:var|") and bleu.signature_short.startswith("#:var|")
    assert [sum(column) for column in zip(*bleu.sentence_stats)] == bleu.corpus_stats
    assert len(bleu.sentence_stats) == 3

    chrf = oracle_chrf(VARIABLE_HYPS, VARIABLE_REFS, word_order=2)
    direct = sacrebleu.CHRF(word_order=2)
    assert chrf.score == direct.corpus_score(VARIABLE_HYPS, VARIABLE_STREAMS).score
    assert chrf.signature == direct.get_signature().format()
    assert [sum(column) for column in zip(*chrf.sentence_stats)] == chrf.corpus_stats


def test_oracle_refuses_mismatched_lengths():
    """sacreBLEU would silently truncate; the adapter names the problem instead (the
    checks run before sacreBLEU is imported)."""
    with pytest.raises(ValueError, match="mismatched lengths"):
        oracle_bleu(["a", "b"], [["a"]])
    with pytest.raises(TypeError, match="unknown option"):
        oracle_chrf(["a"], [["a"]], char_order=3)


def test_importing_the_oracles_does_not_import_sacrebleu():
    """spec-side tests load goldens without sacreBLEU; the adapter imports it lazily."""
    code = ("import sys, bleuprint.oracles, bleuprint.oracles.goldens, bleuprint.oracles.sacrebleu_oracle; "
            "bleuprint.oracles.goldens.golden_cases('bleu'); "
            "sys.exit('sacrebleu' in sys.modules)")
    repo = Path(__file__).resolve().parents[2]
    assert subprocess.run([sys.executable, "-c", code], cwd=repo, check=False).returncode == 0
