"""``bleuprint score`` in memory: every file read whole, then scored (the executor for
what needs every segment's statistics at once: ``-sl``, ``--confidence``, the paired tests,
sacreBLEU's test sets and ``--detail``, a metric with a corpus-wide context, standard input,
and any input that the streamed executor leaves to it)."""

from __future__ import annotations

from ..compat.resampling import seed_from_environment
from . import testsets as testset_options
from .score_compute import (all_statistics, corpus_score, corpus_scores, matrix_sums, paired_rows, progress_for,
                            sentence_scores, statistics, tokenized_periods)
from .score_inputs import read_corpus
from .score_metrics import build_metrics
from .score_output import CorpusScores, Detail, PairedTest, SentenceScores


class InMemory:
    """The in-memory executor (module doc)."""

    def results(self, request, console):
        """What ``request`` asks for, computed on the whole corpus."""
        corpus = read_corpus(request, console.stdin, console.log)
        metrics = build_metrics(request)
        result = _scores(request, metrics, corpus, console)
        if request.testset_detail and len(corpus.systems) == 1 and not request.sentence_level:
            return Detail(result, _detail(request, metrics, corpus))
        return result


def _scores(request, metrics: dict, corpus, console):
    """The scores of the corpus in the form ``request`` asks for."""
    systems, names, refs = corpus.systems, corpus.names, corpus.refs
    progress = progress_for(metrics, sum(len(system) for system in systems), request.quiet, console.stderr)
    if any(metric.warns for metric in metrics.values()):  # sacreBLEU's, once per system
        for name, system in zip(names, systems):
            if tokenized_periods(system):
                console.log(f"{name}: that's 100 lines that end in a tokenized period ('.'): it looks like you "
                            "forgot to detokenize your test data, which may hurt your score (--force silences this).")
    matrices = all_statistics(metrics, systems, refs, progress)
    if request.sentence_level:
        (name, metric), = metrics.items()
        return SentenceScores(metric, sentence_scores(metric, matrices[name][0]))
    if len(systems) > 1:
        console.log(f"Found {len(systems)} systems.")
    if request.paired_bs or request.paired_ar:
        return _paired_test(request, metrics, corpus, matrices)
    if request.confidence:  # one system (read_corpus refuses -ci with several)
        return CorpusScores(names, [[(metrics[name], corpus_score(metrics[name], matrices[name][0],
                                                                  request.confidence_n))
                                     for name in sorted(metrics)]])
    return CorpusScores(names, corpus_scores(metrics, matrix_sums(matrices)))


def _paired_test(request, metrics: dict, corpus, matrices: dict) -> PairedTest:
    """The paired test ``request`` asks for, the first system the baseline."""
    test = "bs" if request.paired_bs else "ar"
    requested = request.paired_bs_n if request.paired_bs else request.paired_ar_n
    # 0 means the default (a negative n is refused by check_arguments); sacreBLEU's header
    # still prints the number as given.
    n = requested if requested > 0 else (1000 if test == "bs" else 10000)
    _, seed = seed_from_environment()
    columns = []
    for name, metric in metrics.items():
        rows = paired_rows(metric, corpus.systems, corpus.refs, test, n, seed)
        columns.append((metric, corpus_score(metric, matrices[name][0]).name, rows))
    return PairedTest(corpus.names, columns, test, requested, n, seed)


def _detail(request, metrics: dict, corpus) -> dict | None:
    """``--detail``: every metric's score on each group of ``testsets.detail_groups``
    (the whole corpus, unfiltered, regrouped), empty groups left out; None when the test
    set has no original language to group by."""
    groups = testset_options.detail_groups(request)
    if groups is None:
        return None
    results = {}
    for label, kept in groups:
        hyps = [line for line, k in zip(corpus.full_system, kept) if k]
        if not hyps:
            continue
        streams = [[line for line, k in zip(stream, kept) if k] for stream in corpus.full_refs]
        for metric in metrics.values():
            score = corpus_score(metric, statistics(metric, hyps, streams))
            results.setdefault(label, []).append((len(hyps), metric, score))
    return results
