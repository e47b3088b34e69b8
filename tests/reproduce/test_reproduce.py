"""``bleuprint reproduce``: numbers planted with sacreBLEU 2.5.1 under one configuration
must be found by the search, with sacreBLEU's own signature for that configuration; a
claim recomputed under its signature must hold when it is sacreBLEU's output and fail
when it is off by one unit of its last digit."""

from __future__ import annotations

import io
import random

import pytest

from bleuprint.cli import build_parser
from bleuprint.reproduce import audit, parse_claim, parse_signature, reference_subsets

sacrebleu = pytest.importorskip("sacrebleu", reason="sacreBLEU 2.5.1 plants the numbers of these tests")

_WORDS = ("the cat sat on mat a dog barked loudly today hello world , . ! ? 3.14 1,000 e-mail don't "
          "Über naïve (hi) it is was".split())


@pytest.fixture(scope="module")
def corpus():
    """25 hypotheses and three reference streams made by editing a common sentence."""
    rng = random.Random(7)
    base = [" ".join(rng.choice(_WORDS) for _ in range(rng.randint(3, 14))) for _ in range(25)]

    def edit(line):
        words = line.split()
        for _ in range(rng.randint(0, 3)):
            words[rng.randrange(len(words))] = rng.choice(_WORDS)
        if rng.random() < 0.3:
            words = [w.upper() if rng.random() < 0.5 else w for w in words]
        return " ".join(words)

    hyps = [edit(line) for line in base]
    streams = [[edit(line) for line in base] for _ in range(3)]
    return hyps, streams


def _found(report, signature, subset, aggregate="corpus", scale=100, **options):
    """The matching candidate with this configuration, or None."""
    for c in report.matches:
        if (c.signature == signature and c.subset == subset and c.aggregate == aggregate and c.scale == scale
                and all(c.options.get(k) == v for k, v in options.items())):
            return c
    return None


def test_planted_bleu_configuration_is_found(corpus):
    """intl tokenizer, lowercase, floor smoothing, max order 3, only the second reference."""
    hyps, streams = corpus
    metric = sacrebleu.BLEU(tokenize="intl", lowercase=True, smooth_method="floor", max_ngram_order=3)
    planted = metric.corpus_score(hyps, [streams[1]])
    claim = parse_claim(f"{planted.score:.2f}")
    report = audit(hyps, streams, claim, metrics=["bleu"])
    signature = "BLEU|" + metric.get_signature().format()
    found = _found(report, signature, (1,), max_ngram_order=3)
    assert found is not None and abs(found.value - planted.score) <= 1e-9
    assert all(claim.matched_by(c.value) for c in report.matches)


def test_planted_mean_of_sentence_bleu_is_found(corpus):
    """The mean of sacreBLEU's sentence_bleu (effective order, exp) over all references."""
    hyps, streams = corpus
    values = [sacrebleu.sentence_bleu(h, [s[i] for s in streams]).score for i, h in enumerate(hyps)]
    claim = parse_claim(f"{sum(values) / len(values):.2f}")
    report = audit(hyps, streams, claim, metrics=["bleu"])
    metric = sacrebleu.BLEU(effective_order=True)
    metric.corpus_score(hyps, streams)
    expected = "BLEU|" + metric.get_signature().format()
    found = _found(report, expected, (0, 1, 2), aggregate="sentence-mean", max_ngram_order=4)
    assert found is not None and abs(found.value - sum(values) / len(values)) <= 1e-9


def test_planted_chrf_on_the_unit_scale_is_found(corpus):
    """chrF1++ with white space, two references, reported as 0.xxxx."""
    hyps, streams = corpus
    metric = sacrebleu.CHRF(word_order=2, beta=1, whitespace=True)
    planted = metric.corpus_score(hyps, [streams[0], streams[2]])
    claim = parse_claim(f"{planted.score / 100:.4f}")
    report = audit(hyps, streams, claim, metrics=["chrf"])
    signature = f"{planted.name}|{metric.get_signature().format()}"
    assert planted.name == "chrF1++"
    found = _found(report, signature, (0, 2), scale=1, beta=1)
    assert found is not None and abs(found.value - planted.score / 100) <= 1e-11


def test_planted_ter_is_found(corpus):
    hyps, streams = corpus
    metric = sacrebleu.TER(normalized=True, case_sensitive=True)
    planted = metric.corpus_score(hyps, streams[:2])
    claim = parse_claim(f"TER = {planted.score:.2f}")
    assert claim.metric == "ter"
    report = audit(hyps, streams, claim)
    found = _found(report, "TER|" + metric.get_signature().format(), (0, 1))
    assert found is not None and abs(found.value - planted.score) <= 1e-9


def test_claim_under_its_signature_holds_or_not(corpus):
    """sacreBLEU's own output line holds; one unit of the last digit more does not."""
    hyps, streams = corpus
    metric = sacrebleu.BLEU(tokenize="char", smooth_method="add-k")
    line = metric.corpus_score(hyps, streams).format(width=1, signature=metric.get_signature().format())
    report = audit(hyps, streams, parse_claim(line), search=False)
    assert report.holds is True
    assert report.recomputed_signature == "BLEU|" + metric.get_signature().format()
    number = line.split(" = ")[1].split()[0]
    wrong = line.replace(f" = {number} ", f" = {float(number) + 0.1:.1f} ", 1)
    assert parse_claim(wrong).value == pytest.approx(float(number) + 0.1)
    assert audit(hyps, streams, parse_claim(wrong), search=False).holds is False


def test_parse_claim_forms():
    """JSON output and short signatures name the metric and its options."""
    data = sacrebleu.CHRF(word_order=2).corpus_score(["a b c"], [["a b d"]])
    metric = sacrebleu.CHRF(word_order=2)
    metric.corpus_score(["a b c"], [["a b d"]])
    json_text = data.format(signature=metric.get_signature().format(), is_json=True)
    claim = parse_claim(json_text)
    assert (claim.metric, claim.beta, claim.word_order, claim.decimals) == ("chrf", 2, 2, 2)
    assert claim.signature["nw"] == "2" and claim.signature["space"] == "no"
    metric_name, fields = parse_signature(metric.get_signature().format(short=True))
    assert metric_name == "chrf" and fields["nc"] == "6" and fields["space"] == "no"
    bleu = sacrebleu.BLEU(smooth_method="floor")
    bleu.corpus_score(["a b"], [["a b"]])
    metric_name, fields = parse_signature(bleu.get_signature().format(short=True))
    assert metric_name == "bleu" and fields["smooth"] == "floor[0.10]" and fields["tok"] == "13a"
    with pytest.raises(ValueError, match="cannot read a score"):
        parse_claim("BLEU = high")


def test_reference_subsets_are_bounded():
    subsets, note = reference_subsets(3)
    assert len(subsets) == 7 and subsets[0] == (0, 1, 2) and "all 7" in note
    subsets, note = reference_subsets(6, max_subsets=15)
    assert len(subsets) == 13 and (0, 1, 2, 3, 4, 5) in subsets and (5,) in subsets and "capped at 15" in note


def test_command_line(corpus, tmp_path):
    hyps, streams = corpus
    (tmp_path / "hyp.txt").write_text("\n".join(hyps) + "\n", encoding="utf-8")
    for k, stream in enumerate(streams):
        (tmp_path / f"ref{k}.txt").write_text("\n".join(stream) + "\n", encoding="utf-8")
    metric = sacrebleu.BLEU(lowercase=True)
    score = metric.corpus_score(hyps, [streams[0]])
    refs = [str(tmp_path / "ref0.txt")]
    args = build_parser().parse_args(["reproduce", *refs, "-i", str(tmp_path / "hyp.txt"), "--claim",
                                      f"{score.score:.1f}", "--signature", metric.get_signature().format(short=True)])
    out, err = io.StringIO(), io.StringIO()
    assert args.handler.__module__ == "bleuprint.cli.reproduce"
    from bleuprint.cli.reproduce import run

    assert run(args, out, err) == 0, err.getvalue()
    assert "the claim HOLDS" in out.getvalue()
    assert "BLEU|" + metric.get_signature().format() in out.getvalue()
    args = build_parser().parse_args(["reproduce", *refs, "-i", str(tmp_path / "hyp.txt"), "--claim",
                                      f"{score.score + 0.5:.1f}", "--signature", metric.get_signature().format(),
                                      "-f", "json"])
    out = io.StringIO()
    assert run(args, out, err) == 1
    assert '"holds": false' in out.getvalue()


def test_tokenized_hypotheses_get_sacrebleus_warning(caplog):
    """sacreBLEU's BLEU warns when 100 hypotheses end in a tokenized period (" ."), and the
    recomputation under a BLEU signature gives that warning as sacreBLEU would; 99 such
    lines, or a chrF claim, give none."""
    import logging

    from bleuprint.reproduce import recompute_under_signature

    tokenized = [f"word {i} ." for i in range(100)]
    claim = parse_claim("BLEU|nrefs:1|case:mixed|eff:no|tok:13a|smooth:exp|version:2.5.1 = 10.0")
    with caplog.at_level(logging.WARNING, logger="bleuprint"):
        recompute_under_signature(tokenized, [tokenized], claim)
    assert any("tokenized period" in r.getMessage() for r in caplog.records)
    caplog.clear()
    with caplog.at_level(logging.WARNING, logger="bleuprint"):
        recompute_under_signature(tokenized[:99], [tokenized[:99]], claim)
        recompute_under_signature(tokenized, [tokenized], parse_claim("chrF2|nrefs:1|case:mixed|eff:yes|nc:6|nw:0|space:no|version:2.5.1 = 10.0"))
    assert not any("tokenized period" in r.getMessage() for r in caplog.records)
