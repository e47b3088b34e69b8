"""``bleuprint reproduce`` reads claims as papers print them (issue 38 item 5).

- a name and a number in either order, with ``=``, ``:`` or neither, a ``%``, a decimal
  comma, trailing words; names through the registry, unknown ones refused in one line;
- numbers no scale of the metric can give refused in one line with status 2;
- a signature with an unknown field or value: one warning line each, naming the nearest
  valid one, and the signature shown as written;
- sacreBLEU 1.x signatures read as their 2.x configuration, the version noted;
- the claimed signature's own configuration listed first when it reproduces the number.

Expected values are the claim texts read by hand (the docstrings say how), or sacreBLEU
2.5.1's numbers through its installed package.
"""

from __future__ import annotations

import io
import json
import math
import random

import pytest

from bleuprint.cli import build_parser
from bleuprint.cli.reproduce import run
from bleuprint.reproduce import audit, parse_claim
from bleuprint.reproduce.hooks import reproduce_hooks

sacrebleu = pytest.importorskip("sacrebleu", reason="sacreBLEU 2.5.1 plants the numbers of these tests")

_WORDS = ("the cat sat on mat a dog barked loudly today hello world , . ! ? 3.14 1,000 e-mail don't "
          "Über naïve (hi) it is was".split())


def _corpus(seed: int, n: int = 25) -> tuple[list[str], list[str]]:
    """``n`` hypotheses and one reference stream, each an edit of a common random line."""
    rng = random.Random(seed)
    base = [" ".join(rng.choice(_WORDS) for _ in range(rng.randint(3, 14))) for _ in range(n)]

    def edit(line):
        words = line.split()
        for _ in range(rng.randint(0, 3)):
            words[rng.randrange(len(words))] = rng.choice(_WORDS)
        return " ".join(words)

    hyps = [edit(line) for line in base]
    return hyps, [edit(line) for line in base]


@pytest.fixture(scope="module")
def corpus():
    return _corpus(7)


@pytest.fixture(scope="module")
def files(tmp_path_factory, corpus):
    folder = tmp_path_factory.mktemp("claims")
    hyps, ref = corpus
    (folder / "hyp.txt").write_text("\n".join(hyps) + "\n", encoding="utf-8")
    (folder / "ref.txt").write_text("\n".join(ref) + "\n", encoding="utf-8")
    return folder


def _reproduce(folder, *argv: str) -> tuple[int, str, str]:
    args = build_parser().parse_args(["reproduce", str(folder / "ref.txt"), "-i", str(folder / "hyp.txt"), *argv])
    out, err = io.StringIO(), io.StringIO()
    return run(args, out, err), out.getvalue(), err.getvalue()


# ------------------------------------------------------------------ the forms read


@pytest.mark.parametrize("text, metric, value, decimals, scale, stated", [
    ("BLEU 31.6", "bleu", 31.6, 1, None, {}),
    ("31.60 BLEU (detok, cased)", "bleu", 31.6, 2, None, {}),
    ("chrF++ 58.44", "chrf", 58.44, 2, None, {"word_order": 2}),
    ("ROUGE-L 0.55", "rouge", 0.55, 2, None, {"rouge_type": "rougeL"}),
    ("BLEU: 30.21%", "bleu", 30.21, 2, 100, {}),
    ("BLEU = 30,21", "bleu", 30.21, 2, None, {}),
    ("chrF2: 58.4", "chrf", 58.4, 1, None, {"beta": 2, "word_order": 0}),
    ("ROUGE-1 = 0.412", "rouge", 0.412, 3, None, {"rouge_type": "rouge1"}),
    ("rougeLsum 41.2%", "rouge", 41.2, 1, 100, {"rouge_type": "rougeLsum"}),
    ("TER 55.1 (lower is better)", "ter", 55.1, 1, None, {}),
    ("METEOR = 0.31", "meteor", 0.31, 2, None, {}),
    ("CIDEr-D 1.125", "cider", 1.125, 3, None, {}),
    ("test-set sacreBLEU: 27.3", "bleu", 27.3, 1, None, {}),
    ("27.3", None, 27.3, 1, None, {}),
])
def test_claims_as_papers_print_them(text, metric, value, decimals, scale, stated):
    """Read by hand: the number's digits after its point or comma are the decimals; a ``%``
    puts it on 0-100; the name gives the metric and what it states (``chrF++``: word order
    2; ``ROUGE-L``: rougeL); words around are ignored. Each of these was refused (status
    2, "cannot read a score") before."""
    claim = parse_claim(text)
    assert (claim.metric, claim.decimals, claim.scale) == (metric, decimals, scale)
    assert abs(claim.value - value) <= 1e-12
    assert all(getattr(claim, name) == option for name, option in stated.items())


@pytest.mark.parametrize("written", ["{:.2f} BLEU (detok, cased)", "BLEU: {:.2f}%", "BLEU = {:,.2f}", "BLEU {:.1f}"])
def test_a_claim_as_printed_is_found_under_sacrebleus_configuration(corpus, written):
    """sacreBLEU's default BLEU, written as a paper would print it (the decimal comma as
    ``{:.2f}`` with ``.`` replaced by ``,``), is among the configurations that reproduce it."""
    hyps, ref = corpus
    metric = sacrebleu.BLEU()
    planted = metric.corpus_score(hyps, [ref]).score
    text = written.replace("{:,.2f}", "{:.2f}").format(planted)
    if "{:," in written:
        text = text.replace(".", ",")
    report = audit(hyps, [ref], parse_claim(text), metrics=["bleu"])
    signature = "BLEU|" + metric.get_signature().format()
    assert any(c.signature == signature and c.scale == 100 and c.aggregate == "corpus"
               and c.options.get("max_ngram_order") == 4 and abs(c.value - planted) <= 1e-9 for c in report.matches)


def test_bleu_on_the_0_1_scale_is_offered_on_both_scales(corpus):
    """``BLEU 0.3681`` (sacreBLEU's default BLEU here, 36.81, over 100) is read as written,
    and the search tries both scales: it is found on the 0-1 scale, and only there (a BLEU
    of 0.3681 on 0-100 would need nearly no matching n-grams; no configuration gives it)."""
    hyps, ref = corpus
    metric = sacrebleu.BLEU()
    planted = metric.corpus_score(hyps, [ref]).score
    claim = parse_claim(f"BLEU {planted / 100:.4f}")
    assert claim.scale is None and claim.metric == "bleu"
    report = audit(hyps, [ref], claim, metrics=["bleu"])
    signature = "BLEU|" + metric.get_signature().format()
    assert any(c.signature == signature and c.scale == 1 and c.options["max_ngram_order"] == 4
               and abs(c.value - planted / 100) <= 1e-11 for c in report.matches)
    assert all(c.scale == 1 for c in report.matches)


def test_chrf_plus_plus_is_found_as_chrf2_plus_plus(corpus):
    """``chrF++ 58.44``-style: sacreBLEU's chrF2++ (beta 2, word order 2) at two decimals."""
    hyps, ref = corpus
    metric = sacrebleu.CHRF(word_order=2)
    planted = metric.corpus_score(hyps, [ref])
    report = audit(hyps, [ref], parse_claim(f"chrF++ {planted.score:.2f}"))
    signature = f"{planted.name}|{metric.get_signature().format()}"
    assert planted.name == "chrF2++"
    assert any(c.signature == signature and c.options["beta"] == 2 and c.scale == 100
               and abs(c.value - planted.score) <= 1e-9 for c in report.matches)


def test_rouge_l_is_searched_as_rouge_l_on_either_scale():
    """Hand computation: ``a b c d`` against ``a b e d`` has an LCS of 3 of 4 tokens (F =
    0.75); ``the cat sat on the mat`` against ``the cat on the mat sat`` one of 5 of 6 (F =
    5/6); ROUGE-L is their mean, 0.791666... (ROUGE-1 is 0.875). ``ROUGE-L 0.79`` is taken
    as is (the metric's scale is 1); ``ROUGE-L 79.2%`` on 0-100."""
    hyps = ["a b c d", "the cat sat on the mat"]
    refs = [["a b e d", "the cat on the mat sat"]]
    expected = (0.75 + 5 / 6) / 2
    for text, scale in (("ROUGE-L 0.79", 1), ("ROUGE-L 79.2%", 100)):
        report = audit(hyps, refs, parse_claim(text))
        best = report.matches[0]
        assert best.options["rouge_type"] == "rougeL" and best.options["measure"] == "fmeasure"
        assert best.scale == scale and abs(best.value - expected * scale) <= 1e-9 * scale


@pytest.mark.parametrize("claim", ["BLUE 31.6", "BLEURT = 0.52", "31.6 Bleau (detok)"])
def test_unknown_metric_names_are_refused_naming_the_known_ones(files, claim):
    """``BLEURT`` began with ``BLEU`` and was searched as BLEU; ``BLUE`` was "cannot read a
    score". Now one line naming the word and the registry's names, status 2."""
    status, out, err = _reproduce(files, "--claim", claim)
    assert status == 2 and out == "" and len(err.splitlines()) == 1
    assert "names no registered metric" in err and "BLEU" in err and "chrF" in err and "TER" in err


# ------------------------------------------------------------------ out of range


@pytest.mark.parametrize("claim", ["BLEU = -3", "BLEU 130", "chrF2 = 100.5", "ROUGE-L 130", "BLEU: 101%", "-3",
                                   "130"])
def test_numbers_out_of_range_are_refused_in_one_line(files, claim):
    """BLEU and chrF are 0-100 (0-1 on the other scale), ROUGE 0-1 (0-100 on the other);
    none is negative; a bare number is searched as BLEU and chrF. "BLEU = -3" was searched
    (status 1)."""
    status, out, err = _reproduce(files, "--claim", claim)
    assert status == 2 and out == "", out
    assert len(err.splitlines()) == 1 and "out of range" in err, err


def test_ter_above_100_is_a_score():
    """Hand computation: ``a b c d`` against ``a`` takes 3 insertions over a reference of
    one word: TER 300 (sacreBLEU agrees), so "TER = 300.0" is read and holds."""
    assert sacrebleu.TER().corpus_score(["a b c d"], [["a"]]).score == 300.0
    claim = parse_claim("TER|nrefs:1|case:lc|tok:tercom|norm:no|punct:yes|asian:no|version:2.5.1 = 300.0")
    assert audit(["a b c d"], [["a"]], claim, search=False).holds is True


def test_a_bare_number_out_of_the_default_metrics_range_is_searched_as_the_metric_named(files):
    """130 is no BLEU or chrF, but may be a TER: with ``-m ter`` it is searched."""
    status, out, err = _reproduce(files, "--claim", "130", "-m", "ter", "-f", "json")
    assert status in (0, 1) and json.loads(out)["searched"] > 0, err


# ------------------------------------------------------------------ signatures checked, never rewritten


def test_a_signature_with_typos_is_warned_about_and_shown_as_written(files, corpus):
    """``case:mixd`` (nearest ``case:mixed``) and ``tokk`` (nearest ``tok``) each get one
    warning line on standard error; the report shows the signature as written, and the
    recomputation (read as the nearest: sacreBLEU's default, which gave the number)
    holds. Before, no warning, and the corrected signature was shown as the claimed one."""
    hyps, ref = corpus
    metric = sacrebleu.BLEU()
    score = metric.corpus_score(hyps, [ref]).score
    written = "nrefs:1|case:mixd|eff:no|tokk:13a|smooth:exp|version:2.5.1"
    status, out, err = _reproduce(files, "--claim", f"BLEU = {score:.2f}", "--signature", written)
    assert status == 0, err
    warnings = err.splitlines()
    assert len(warnings) == 2 and all(line.startswith("bleuprint: warning: ") for line in warnings)
    assert "case:mixd" in warnings[-1] and "nearest: case:mixed" in warnings[-1]
    assert "tokk:13a" in warnings[0] and "nearest: tok" in warnings[0]
    assert f"Claimed signature (as written): {written}" in out
    assert f"read as BLEU|{metric.get_signature().format()}:" in out
    status, out, err = _reproduce(files, "--claim", f"BLEU = {score:.2f}", "--signature", written, "-f", "json")
    report = json.loads(out)
    assert report["claimed_signature"] == written and len(report["warnings"]) == 2 and report["holds"] is True


def test_what_a_bad_signature_field_is_read_as():
    """By hand: ``case:lcc`` is nearest ``lc`` (difflib ratio 0.8 against ``mixed``'s 0);
    ``floor[0.2]`` is read by BLEU as floor 0.2, printed ``floor[0.20]``; ``tok:moses`` is
    near no tokenizer's field, so it is left out (the default, 13a) with the valid values
    listed; ``foo:bar`` is near no field and is left out. One warning each, and the
    signature as written is kept."""
    written = "nrefs:1|case:lcc|eff:no|tok:moses|smooth:floor[0.2]|foo:bar|version:2.5.1"
    claim = parse_claim("BLEU = 30.0", signature=written)
    assert claim.signature == {"nrefs": "1", "case": "lc", "eff": "no", "smooth": "floor[0.20]", "version": "2.5.1"}
    assert claim.signature_text == written and len(claim.warnings) == 4
    by_field = {w.split("'s ", 1)[1].split(" ")[0 if "field" not in w else 1]: w for w in claim.warnings}
    assert "read as case:lc" in by_field["case:lcc"] and "read as smooth:floor[0.20]" in by_field["smooth:floor[0.2]"]
    assert "13a" in by_field["tok:moses"] and "read as tok:13a" in by_field["tok:moses"]
    assert "left out" in by_field["foo:bar"]


@pytest.mark.parametrize("make", [
    lambda: sacrebleu.BLEU(), lambda: sacrebleu.BLEU(tokenize="intl", lowercase=True, smooth_method="floor"),
    lambda: sacrebleu.BLEU(smooth_method="add-k", smooth_value=0.5, effective_order=True),
    lambda: sacrebleu.CHRF(), lambda: sacrebleu.CHRF(word_order=2, whitespace=True, eps_smoothing=True),
    lambda: sacrebleu.TER(), lambda: sacrebleu.TER(normalized=True, no_punct=True, case_sensitive=True)])
@pytest.mark.parametrize("short", [False, True])
def test_sacrebleus_own_signatures_get_no_warning(make, short):
    """Every field of a signature sacreBLEU printed is one the metric has, with a value it
    prints: no warning, and the fields are kept as written."""
    metric = make()
    score = metric.corpus_score(["a b c d"], [["a b e d"]])
    line = f"{score.name}|{metric.get_signature().format(short=short)} = {score.score:.2f}"
    claim = parse_claim(line)
    assert claim.warnings == () and claim.signature_text == line.split(" = ")[0].split("|", 1)[1]


# ------------------------------------------------------------------ sacreBLEU 1.x signatures


def test_a_sacrebleu_1x_bleu_line_is_read_as_its_2x_configuration(corpus):
    """``BLEU+case.lc+numrefs.1+smooth.exp+tok.intl+version.1.4.14`` is sacreBLEU 2.x's
    ``case:lc|eff:no|tok:intl|smooth:exp``; the number sacreBLEU 2.5.1 gives under it holds,
    and the notes name version 1.4.14. Before, the signature was dropped without a word."""
    hyps, ref = corpus
    metric = sacrebleu.BLEU(tokenize="intl", lowercase=True)
    score = metric.corpus_score(hyps, [ref]).score
    for signature in ("BLEU+case.lc+numrefs.1+smooth.exp+tok.intl+version.1.4.14",
                      "BLEU+c.lc+#.1+s.exp+tok.intl+v.1.4.14"):
        claim = parse_claim(f"{signature} = {score:.2f} 60.0/40.0/30.0/20.0 (BP = 1.000 ratio = 1.000)")
        assert claim.signature_text == signature and claim.warnings == ()
        report = audit(hyps, [ref], claim, search=False)
        assert report.holds is True and abs(report.recomputed - score) <= 1e-9
        sacre = metric.get_signature().format()
        assert report.recomputed_signature.rsplit("|", 1)[0] == "BLEU|" + sacre.rsplit("|", 1)[0]
        assert any("1.4.14" in note for note in (*claim.notes, *report.notes))


@pytest.mark.parametrize("signature, make", [
    ("chrF2+numchars.6+space.false+version.1.4.14", lambda: sacrebleu.CHRF()),
    ("chrF1+case.mixed+numchars.4+numrefs.1+space.True+version.1.4.3",
     lambda: sacrebleu.CHRF(beta=1, char_order=4, whitespace=True)),
    ("TER+tok.tercom-norm-punct-noasian-cased+version.1.4.14", lambda: sacrebleu.TER(normalized=True, case_sensitive=True)),
    ("TER+t.tercom-nonorm-nopunct-noasian-uncased+v.1.5.1", lambda: sacrebleu.TER(no_punct=True)),
])
def test_sacrebleu_1x_chrf_and_ter_are_read_on_the_0_1_scale(corpus, signature, make):
    """sacreBLEU 1.x printed chrF (``chrF{beta}+numchars.N+space.B``) and TER (edits over
    reference length, ``tok.tercom-...``) on 0-1: the claim is 2.5.1's score / 100 at four
    decimals, read on that scale, and holds under the 2.x configuration it maps to."""
    hyps, ref = corpus
    metric = make()
    score = metric.corpus_score(hyps, [ref]).score
    claim = parse_claim(f"{signature} = {score / 100:.4f}")
    assert claim.scale == 1 and claim.warnings == ()
    report = audit(hyps, [ref], claim, search=False)
    assert report.holds is True and abs(report.recomputed - score / 100) <= 1e-11
    sacre = metric.get_signature().format()
    assert report.recomputed_signature.split("|", 1)[1].rsplit("|", 1)[0] == sacre.rsplit("|", 1)[0]


def test_a_1x_signature_given_apart_and_its_data_fields(files, corpus):
    """``-S`` with a 1.x signature naming a test set: read, the test set noted; exit 0."""
    hyps, ref = corpus
    score = sacrebleu.BLEU().corpus_score(hyps, [ref]).score
    status, out, err = _reproduce(files, "--claim", f"{score:.1f}", "-S",
                                  "BLEU+case.mixed+lang.en-de+numrefs.1+smooth.exp+test.wmt17+tok.13a+version.1.4.14",
                                  "-f", "json")
    report = json.loads(out)
    assert status == 0 and report["holds"] is True and err == ""
    assert any("test.wmt17" in note for note in report["notes"])


# ------------------------------------------------------------------ the claimed configuration first


def test_the_claimed_configuration_is_listed_first_when_it_reproduces_the_number():
    """On this corpus sacreBLEU's 13a BLEU is 49.567..., written 49.6; the mean of its
    sentence BLEU with the intl tokenizer, add-k smoothing and order 5 is 49.5815...,
    nearer 49.6, so nearest-first listed those (four of them) before the configuration the
    signature names. The claim holds under its own signature, which explains it: that
    configuration is listed first."""
    hyps, ref = _corpus(2)
    metric = sacrebleu.BLEU()
    score = metric.corpus_score(hyps, [ref]).score
    other = sacrebleu.BLEU(tokenize="intl", smooth_method="add-k", max_ngram_order=5)
    nearer = math.fsum(other.sentence_score(h, [r]).score for h, r in zip(hyps, ref)) / len(hyps)
    claim = parse_claim(f"BLEU = {score:.1f}", signature=metric.get_signature().format())
    assert abs(nearer - claim.value) < abs(score - claim.value) and claim.matched_by(nearer)  # the premise
    report = audit(hyps, [ref], claim, metrics=["bleu"])
    first = report.matches[0]
    assert report.holds is True
    assert first.signature == "BLEU|" + metric.get_signature().format() and first.options["max_ngram_order"] == 4
    assert (first.aggregate, first.scale, first.subset) == ("corpus", 100, (0,))
    assert abs(first.value - score) <= 1e-9 and "the claimed configuration" in first.notes


def test_every_signature_the_search_prints_reads_back_without_a_warning():
    """Each registered metric with references and a signature, each configuration of its
    search space: the line reproduce lists (``NAME|signature``) read as a claim names that
    metric and gets no warning (a warning here would be a false one), and its fields are
    kept as written."""
    from bleuprint.core import get_metric
    from bleuprint.reproduce.search import _signature_text
    from bleuprint.spec.signature import signed_metrics

    for name in signed_metrics():
        metric = get_metric(name)
        if not metric.references:
            continue
        for options in reproduce_hooks(metric).search_space(""):
            line = _signature_text(metric, 1, options)
            claim = parse_claim(f"{line} = {reproduce_hooks(metric).claim_range()[0]:.2f}")
            assert (claim.metric, claim.warnings) == (name, ()), line
            assert "|".join(f"{k}:{v}" for k, v in claim.signature.items() if k != "nrefs") in line, line
