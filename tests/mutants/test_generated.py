"""Generated mutants (``bleuprint.mutants.generate``): the operators, stable ids, locations
and diffs, the switch (the planted mutants' own), module-level tables, and a run of the
kill-matrix runner on a small suite written here."""

import ast
import json
import textwrap

import pytest

from bleuprint import spec
from bleuprint.metrics.bleu import spec as B
from bleuprint.metrics.chrf import spec as C
from bleuprint.mutants import generate, operators, report, runner
from bleuprint.mutants.switch import replaced
from bleuprint.spec import tokenizers as T


@pytest.fixture(scope="module")
def em():
    return {m.id: m for m in generate.module_mutants("bleuprint.metrics.exact_match.spec", "e")}


@pytest.fixture(scope="module")
def bleu():
    return generate.generated_mutants(["bleu"])


@pytest.fixture(scope="module")
def tokenizers():
    return generate.generated_mutants(["tokenizers"])


def _one(mutants, function, operator, old, new=None):
    found = [m for m in mutants if m.function.endswith(function) and m.operator == operator
             and f"`{old}`" in m.fault and (new is None or f"-> `{new}`" in m.fault)]
    assert len(found) == 1, [m.fault for m in found]
    return found[0]


def test_operators_on_one_expression():
    """``a < b + 1`` gives the comparison's boundary and negation (``a <= b + 1``,
    ``a >= b + 1``), the arithmetic swap of its sum (``b - 1``, replacing ``b + 1``) and the
    constant change (``2``, replacing ``1``): four replacements, each of one node."""
    tree = ast.parse("a < b + 1", mode="eval").body
    made = sorted(ast.unparse(new) for node in ast.walk(tree) for _, new in operators.code_replacements(node))
    assert made == ["2", "a <= b + 1", "a >= b + 1", "b - 1"]


def test_ids_are_stable_and_unique(em):
    """Generating twice gives the same ids, each once, each with the module's letter."""
    again = [m.id for m in generate.module_mutants("bleuprint.metrics.exact_match.spec", "e")]
    assert list(em) == again
    assert len(set(again)) == len(again) and all(i.startswith("ge-") for i in again)


def test_location_and_diff_name_the_changed_text(em):
    """The mutant dropping ``.strip()`` of the hypothesis in is_exact_match points at that
    call's line and columns; its diff removes the line with ``hyp.strip()`` and adds the one
    with ``hyp ==``."""
    mutant = _one(em.values(), "is_exact_match", "dropped call", "hyp.strip()", "hyp")
    path, line, column, end_line, end_column = mutant.location
    source = (generate._module_source("bleuprint.metrics.exact_match.spec")[1]).split("\n")
    assert path == "bleuprint/metrics/exact_match/spec.py"
    assert source[line - 1][column - 1:end_column - 1] == "hyp.strip()" and line == end_line
    minus = [l for l in mutant.diff.splitlines() if l.startswith("-") and not l.startswith("---")]
    plus = [l for l in mutant.diff.splitlines() if l.startswith("+") and not l.startswith("+++")]
    assert "hyp.strip() == ref.strip()" in minus[0] and "hyp == ref.strip()" in plus[0]
    assert mutant.kind == "code" and not mutant.semantic


def test_switch_turns_a_generated_mutant_on_and_off(em):
    """Dropping the hypothesis' strip makes ``"Paris "`` against ``"Paris"`` a miss (0.0)
    inside the switch, even through the name imported from bleuprint.spec; outside it the
    spec strips again (1.0)."""
    mutant = _one(em.values(), "is_exact_match", "dropped call", "hyp.strip()", "hyp")
    with replaced(mutant.patches):
        assert spec.exact_match(["Paris "], ["Paris"]) == 0.0
    assert spec.exact_match(["Paris "], ["Paris"]) == 1.0


def test_messages_and_defaults_are_kinds_of_their_own(em, bleu):
    """The mismatched-lengths message of exact_match is a ``message`` mutant; ``tokenize``'s
    default of bleu_tokens a ``default`` one."""
    assert any(m.kind == "message" and "mismatched lengths" in m.fault for m in em.values())
    assert any(m.kind == "default" and m.function.endswith("bleu_tokens") and '`"13a"`' in m.fault for m in bleu)


def test_a_table_mutant_patches_every_reader(tokenizers):
    """Dropping the range U+3400..U+4DB5 from ZH_RANGES patches is_chinese_char (its only
    reader): within the switch U+3400 is no longer Chinese, so ``a\\u3400b`` is one zh token
    (with the range it is three: a, U+3400, b)."""
    mutant = _one(tokenizers, "ZH_RANGES", "table: element dropped", '("\\u3400", "\\u4db5"),')
    assert mutant.targets == ("bleuprint.spec.tokenizers:is_chinese_char",) and mutant.kind == "table"
    assert T.tokenize_zh("a\u3400b").split() == ["a", "\u3400", "b"]
    with replaced(mutant.patches):
        assert T.tokenize_zh("a\u3400b").split() == ["a\u3400b"]
    assert T.tokenize_zh("a\u3400b").split() == ["a", "\u3400", "b"]


def test_a_table_read_through_a_cache_is_cleared_around_the_switch(tokenizers):
    """INTL_RULES is read by intl_rules, a functools.cache: dropping the symbol rule (rule 3)
    leaves ``a+b`` whole inside the switch (the cache is emptied on entry) and splits it
    again after (emptied on exit): ``a + b``."""
    mutant = _one(tokenizers, "INTL_RULES", "table: element dropped", ', (r"(\\p{S})", r" \\1 ")')
    assert T.tokenize_intl("a+b") == "a + b"
    with replaced(mutant.patches):
        assert T.tokenize_intl("a+b") == "a+b"
    assert T.tokenize_intl("a+b") == "a + b"


def test_a_constant_shared_by_import_is_patched_where_it_is_read(bleu):
    """LOG_ZERO is read by log_or_floor; its mutant changes log_or_floor(0) from
    -9999999999 to -10000000000 (the constant 9999999999 plus one, negated)."""
    mutant = _one(bleu, "LOG_ZERO", "table: constant", "9999999999")
    assert B.log_or_floor(0.0) == -9999999999
    with replaced(mutant.patches):
        assert B.log_or_floor(0.0) == -10000000000


def test_every_table_of_the_scope_is_mutated():
    """The module-level tables read at run time each get mutants: BLEU's smoothing defaults
    and LOG_ZERO, chrF's EPS and punctuation, the tokenizers' rules and ranges, and the table
    of tokenizers a later sacreBLEU added (ADDED_IN). The tuple of tokenizer names is read
    only at import time (BLEU_TOKENIZERS is built from it and the outside families), so no
    function reads it at run time and it has no table mutants of its own."""
    names = {m.function.rsplit(".", 1)[1] for m in generate.generated_mutants() if m.kind == "table"}
    assert {"SMOOTH_DEFAULTS", "LOG_ZERO", "EPS", "ASCII_PUNCTUATION", "_MTEVAL_RULES", "INTL_RULES", "ZH_RANGES",
            "ADDED_IN"} <= names


SUITE = '''
from bleuprint.spec import exact_match

def test_strips():
    """'Paris ' against 'Paris': the ends are stripped, 1 match of 1."""
    assert exact_match(["Paris "], ["Paris"]) == 1.0

def test_unrelated():
    """Never reaches exact match."""
    assert "a".upper() == "A"
'''


def test_runner_uses_line_coverage_for_generated_mutants(tmp_path, em):
    """On a suite of one strip test: the hypothesis' strip mutant is killed by test_strips;
    the mismatched-lengths message mutant is on a line test_strips never runs, so it is
    not covered (not run) rather than survived; the unrelated test covers nothing."""
    (tmp_path / "test_em_small.py").write_text(textwrap.dedent(SUITE), encoding="utf-8")
    strip = _one(em.values(), "is_exact_match", "dropped call", "hyp.strip()", "hyp")
    message = next(m for m in em.values() if m.kind == "message" and "mismatched lengths" in m.fault)
    matrix = runner.run([str(tmp_path), f"--rootdir={tmp_path}"], [strip, message], first_kill=True)
    assert matrix.status(strip.id) == runner.KILLED
    assert [t.split("::")[-1] for t in matrix.killers(strip.id)] == ["test_strips"]
    assert matrix.status(message.id) == runner.NOT_COVERED
    data = matrix.to_dict()
    assert {m["id"]: m["kind"] for m in data["mutants"]} == {strip.id: "code", message.id: "message"}
    assert "generated mutants: 2" in report.generated_summary(matrix)


def test_stryker_report_places_a_generated_mutant_at_its_span(tmp_path, em):
    """The Stryker report of a generated mutant uses its exact span and its operator as
    the mutator, and is valid against the schema."""
    jsonschema = pytest.importorskip("jsonschema", reason="jsonschema validates the Stryker report (test extra)")
    (tmp_path / "test_em_small2.py").write_text(textwrap.dedent(SUITE), encoding="utf-8")
    strip = _one(em.values(), "is_exact_match", "dropped call", "hyp.strip()", "hyp")
    matrix = runner.run([str(tmp_path), f"--rootdir={tmp_path}"], [strip], first_kill=True)
    document = report.stryker_report(matrix, generate.Path(generate.__file__).resolve().parents[2])
    entry = document["files"]["bleuprint/metrics/exact_match/spec.py"]["mutants"][0]
    assert entry["mutatorName"] == "dropped call" and entry["replacement"] == "hyp"
    assert entry["location"]["start"] == {"line": strip.location[1], "column": strip.location[2]}
    schema = json.loads((generate.Path(__file__).resolve().parent / "data" /
                         "mutation-testing-report-schema.json").read_text(encoding="utf-8"))
    jsonschema.validate(document, schema)


def test_chrf_words_punctuation_mutant_is_a_character_class_edit():
    """Dropping '~' from chrF's ASCII punctuation changes chrF++'s words of ``0~`` from
    ``0``, ``~`` to ``0~``."""
    mutant = next(m for m in generate.generated_mutants(["chrf"])
                  if m.operator == "table: character dropped" and "{|}')" in m.fault)
    assert C.chrf_words("0~") == ["0", "~"]
    with replaced(mutant.patches):
        assert C.chrf_words("0~") == ["0~"]


SUITE_BLEU = '''
import pytest
from bleuprint.metrics.bleu.spec import bleu_stats, bleu_tokens

def test_tokens_at_the_default_tokenizer():
    """bleu_tokens without a tokenizer uses 13a, which splits the final period: a, ."""
    assert bleu_tokens("a.") == ["a", "."]

def test_stats():
    """bleu_stats passes its tokenizer to bleu_tokens: 'a' against 'a', c = r = 1, one match."""
    assert bleu_stats("a", ["a"])[:3] == [1, 1, 1]

def test_a_number_is_refused_by_name():
    """A hypothesis that is not a string: TypeError naming hyp."""
    with pytest.raises(TypeError, match="^hyp must be a str"):
        bleu_stats(1, ["a"])
'''


def test_message_and_default_mutants_run_only_where_they_can_matter(tmp_path, bleu):
    """bleu_tokens' default tokenizer "13a" -> "": run under the test that leaves the
    tokenizer at its default (killed: "" is no tokenizer) and not under test_stats, whose
    bleu_stats always passes one. The name "hyp" of bleu_stats' check_text -> "": run only
    under the test in which bleu_stats raised (killed: the message no longer starts with
    hyp), not under the two that pass it a string."""
    (tmp_path / "test_bleu_small.py").write_text(textwrap.dedent(SUITE_BLEU), encoding="utf-8")
    default = next(m for m in bleu if m.kind == "default" and m.parameter == "tokenize"
                   and m.function.endswith(".bleu_tokens"))
    message = next(m for m in bleu if m.kind == "message" and m.function.endswith(".bleu_stats") and '`"hyp"`' in m.fault)
    matrix = runner.run([str(tmp_path), f"--rootdir={tmp_path}"], [default, message])
    cells = {t.split("::")[-1]: row for t, row in matrix.cells.items()}
    # a generated mutant's "not covered" cell is left out of the matrix
    assert cells["test_tokens_at_the_default_tokenizer"] == {default.id: runner.KILLED}
    assert cells["test_stats"] == {}
    assert cells["test_a_number_is_refused_by_name"] == {message.id: runner.KILLED}
    assert matrix.covering(default.id) == matrix.killers(default.id)


TOY_DEFINITION = '''
from bleuprint.core import Metric

from .spec import toy_stats


class ToyRecall(Metric):
    name = "toy_recall_scope_test"
    title = "words of the first reference found in the hypothesis"

    def segment_stats(self, hyp, refs, **options):
        return toy_stats(hyp, refs)

    def score(self, combined, n_segments, **options):
        return 100 * combined[0] / combined[1] if combined[1] else 0.0
'''

TOY_SPEC = '''
def toy_stats(hyp, refs):
    """[words of refs[0] found in hyp, words of refs[0]]."""
    words = set(hyp.split())
    ref = refs[0].split()
    return [sum(w in words for w in ref), len(ref)]
'''


def test_the_scopes_are_every_registered_metrics_spec_module():
    """No list: every built-in metric's spec module is a scope named by its folder, BLEU's
    tokenizers come from its folder's faults.py, and the generated ids keep the scope's
    first letter (``gb-``, ``gt-`` as before the scopes were read from the registry), each
    id once over every scope."""
    from bleuprint.core import get_metric, metric_names

    scopes = generate.scopes()
    for name in metric_names():
        module = type(get_metric(name)).__module__ + ".spec"
        assert module in {m for m, _ in scopes.values()}, name
    assert scopes["chrf"] == ("bleuprint.metrics.chrf.spec", "c")
    assert scopes["tokenizers"] == ("bleuprint.spec.tokenizers", "t")
    everything = generate.generated_mutants()
    assert len({m.id for m in everything}) == len(everything)
    assert {m.location[0].split("/")[-2] for m in everything} >= {"ter", "rouge", "wer", "cider", "squad"}


def test_a_metric_registered_anywhere_gets_its_scope(tmp_path, monkeypatch):
    """A metric defined in a package of its own (``toy_scope_pkg``: the definition in
    ``__init__.py``, ``toy_stats`` in ``spec.py``), registered by this test, is a scope
    ``toy_scope_pkg`` with generated mutants of toy_stats (its id letter ``t``); unregistered,
    the scope is gone. Dropping ``.split()`` of the reference in toy_stats turns "a b"
    against "a b" from 2 of 2 words into 1 of 3 characters found (the set of words {a, b}
    holds "a" and "b" but not " "): [2, 2] -> [2, 3]."""
    from bleuprint.core import register, unregister
    from bleuprint.mutants.scopes import spec_scopes

    package = tmp_path / "toy_scope_pkg"
    package.mkdir()
    (package / "__init__.py").write_text(TOY_DEFINITION, encoding="utf-8")
    (package / "spec.py").write_text(TOY_SPEC, encoding="utf-8")
    monkeypatch.syspath_prepend(str(tmp_path))
    import importlib

    toy = importlib.import_module("toy_scope_pkg")
    register(toy.ToyRecall())
    try:
        assert spec_scopes()["toy_scope_pkg"] == "toy_scope_pkg.spec"
        mutants = generate.generated_mutants(["toy_scope_pkg"])
        assert mutants and all(m.id.startswith("gt-") and m.targets == ("toy_scope_pkg.spec:toy_stats",)
                               for m in mutants)
        dropped = _one(mutants, "toy_stats", "dropped call", "refs[0].split()", "refs[0]")
        spec = importlib.import_module("toy_scope_pkg.spec")
        assert spec.toy_stats("a b", ["a b"]) == [2, 2]
        with replaced(dropped.patches):
            assert spec.toy_stats("a b", ["a b"]) == [2, 3]
    finally:
        unregister(toy.ToyRecall.name)
    assert "toy_scope_pkg" not in spec_scopes()
