"""Corpus scores on Dask: parts mapped to ``Accumulator``\\ s, merged in Dask's tree reduction.

Every registered metric's corpus value is the score of a merge of its segments' statistics
rows (``bleuprint.core.metric.Shape``): ``SUM`` and ``MEAN`` rows add, a ``CORPUS_PASS``
metric's rows read a corpus-wide context that shards combine (``combine_contexts``), and
a ``UNION`` metric is a corpus pass whose context indexes the corpus's distinct items.
``bleuprint.impl.Accumulator`` holds such a sum exactly (Python ints, and Fractions for
fractional columns) and merges shards exactly; this module only distributes it:

1. (``CORPUS_PASS`` and ``UNION`` metrics only) each part's context, computed by impl on
   the worker batch by batch and combined with the metric's ``combine_contexts`` in a
   tree reduction (``dask.bag.Bag.reduction``, ``split_every`` parts a node); the
   client receives the corpus's context and scatters it to the second pass;
2. each part's ``Accumulator`` (one per metric, all metrics in one read of the part),
   fed batch by batch so that a worker holds one batch of text and one statistics matrix
   at a time, then ``Accumulator.merge`` in the same tree reduction;
3. the score on the client, from the merged ``Accumulator`` (``Accumulator.score``).

Exactness: integer sums do not depend on grouping, and the Accumulator's fractional sums
are exact rationals rounded once at the end, so the merged statistics, and therefore the
score, are those of one ``Accumulator`` fed the whole corpus in one process, bit for bit,
whatever the parts and the tree. For metrics whose statistics are whole numbers this is
also the one-call ``corpus_score``'s value bit for bit; for a metric with fractional
columns (TER with several references, ROUGE, CIDEr-D, ...) the one-call function adds
floats in row order and can differ from the exact sum in the last bits (within 1e-9 on
the metric's scale; ``bleuprint.impl.accumulate``). A task that Dask retries (a worker
lost) recomputes its part from the source, so nothing is counted twice or lost.

Bad input: a part whose batch the metric refuses is rescored segment by segment on the
worker to find the first refused segment, and ``SegmentError`` names it by its position
in the source (``hyp.003.txt:1234``, ``partition 3, element 17``) with the metric's
message; the client re-raises it without the cluster's traceback.
"""

from __future__ import annotations

import contextlib
import sys
from dataclasses import dataclass, field

from ..core import ConfiguredMetric, as_metric, get_metric
from ..impl.accumulate import Accumulator
from .sources import SourceError, as_source
from ..spec.inputs import corpus_references, input_hooks
from ..core.options import options_for_stats
from ..core.metric import needs_context

__all__ = ["MetricJob", "SegmentError", "accumulate", "contexts", "score"]

#: Segments a worker scores at once inside a part (its memory: one batch of text and its
#: statistics matrix).
BATCH = 10_000
#: Children of a node of the tree reduction.
SPLIT_EVERY = 8


class SegmentError(ValueError):
    """A segment the metric refuses, named by its position in the source."""


@dataclass(frozen=True)
class MetricJob:
    """One metric to score: its ``label`` in the results, registered ``name`` and options."""

    label: str
    name: str
    options: dict = field(default_factory=dict)

    @property
    def definition(self):
        return get_metric(self.name)

    @property
    def configured(self) -> ConfiguredMetric:
        """The job's metric with its options, as one value (``bleuprint.metric``)."""
        return self.definition(**self.options)


def jobs_of(metrics) -> list[MetricJob]:
    """``metrics`` as jobs: a configured metric (``bleuprint.metric("chrf",
    word_order=2)``), a name for the defaults, a ``MetricJob``, or a list of these; labels
    are the names, made unique with ``#k``. Unknown metrics and options are refused here,
    on the client, by the value's and the Accumulator's own checks."""
    if isinstance(metrics, (str, MetricJob, ConfiguredMetric)):
        metrics = [metrics]
    jobs, seen = [], set()
    for item in metrics:
        if isinstance(item, MetricJob):
            job = item
        else:
            value = as_metric(item)
            name, options = value.name, value.options
            label = name
            k = 2
            while label in seen:
                label, k = f"{name}#{k}", k + 1
            job = MetricJob(label, name, dict(options))
        if job.label in seen:
            raise ValueError(f"two metrics labelled {job.label!r}")
        seen.add(job.label)
        _check_options(job)
        jobs.append(job)
    if not jobs:
        raise ValueError("no metric given")
    return jobs


def _check_options(job: MetricJob) -> None:
    """The job's options checked here, on the client, by the code the workers run (an
    Accumulator's probe; for a metric with a corpus context, on the context of its probe
    corpus), so that a bad option is never reported as a segment's fault."""
    definition = job.definition
    configured = job.configured
    if not needs_context(definition):
        Accumulator(configured)
        return
    hyps, refs = input_hooks(definition).probe_corpus()
    hyps, refs = hyps * max(1, input_hooks(definition).min_segments), (None if refs is None else refs * max(1, input_hooks(definition).min_segments))
    hyps, refs = input_hooks(definition).check_inputs(hyps, refs)
    context = definition.corpus_context(hyps, corpus_references(definition, refs), **options_for_stats(definition, job.options))
    Accumulator(configured, context=context)


# ------------------------------------------------------------------ on the workers


def _locate(part, start: int, hyps, refs, check, error: Exception) -> SegmentError:
    """The first segment of a refused batch that ``check`` (one segment) refuses, by its
    position; the batch's range when no single segment is refused alone."""
    for k, hyp in enumerate(hyps):
        try:
            check([hyp], None if refs is None else [refs[k]])
        except (TypeError, ValueError) as single:
            return SegmentError(f"{part.where(start + k)}: {single}")
    return SegmentError(f"{part.where(start)} .. {part.where(start + len(hyps) - 1)}: {error}")


def _refs_for(job: MetricJob, refs):
    if job.definition.references and refs is None:
        raise SegmentError(f"{job.name} needs references, and the source has none")
    return refs if job.definition.references else None


def part_contexts(part, jobs: list, batch: int) -> list:
    """``[{label: context}]``: the corpus context of this part for each job (the metric's
    ``corpus_context`` of each batch, combined batch after batch)."""
    found = {job.label: None for job in jobs}
    for start, hyps, refs in part.batches(batch):
        for job in jobs:
            definition = job.definition
            stats_options = options_for_stats(definition, job.options)
            job_refs = _refs_for(job, refs)

            def context_of(h, r):
                h, r = input_hooks(definition).check_inputs(h, r)
                return definition.corpus_context(h, corpus_references(definition, r), **stats_options)

            try:
                context = context_of(hyps, job_refs)
            except (TypeError, ValueError) as error:
                raise _locate(part, start, hyps, job_refs, context_of, error) from None
            previous = found[job.label]
            found[job.label] = context if previous is None else definition.combine_contexts(previous, context)
    return [found]


def part_accumulators(part, jobs: list, contexts: dict, batch: int) -> list:
    """``[{label: Accumulator}]``: this part's statistics, one Accumulator a job."""
    found = {job.label: Accumulator(job.configured, context=contexts.get(job.label)) for job in jobs}
    for start, hyps, refs in part.batches(batch):
        for job in jobs:
            job_refs = _refs_for(job, refs)
            try:
                found[job.label].add(hyps, job_refs)
            except (TypeError, ValueError) as error:
                def check(h, r, job=job):
                    Accumulator(job.configured, context=contexts.get(job.label)).add(h, r)

                raise _locate(part, start, hyps, job_refs, check, error) from None
    return [found]


def _merge_contexts(labels_to_metric: dict):
    def merge(dicts) -> dict:
        merged = {}
        for found in dicts:
            for label, context in found.items():
                if context is None:
                    continue
                previous = merged.get(label)
                merged[label] = context if previous is None else \
                    get_metric(labels_to_metric[label]).combine_contexts(previous, context)
        return merged
    return merge


def merge_accumulators(dicts) -> dict:
    """The Accumulators of several parts (an iterable of ``{label: Accumulator}``) merged
    label by label (``Accumulator.merge``): the reduction's node."""
    merged = {}
    for found in dicts:
        for label, accumulator in found.items():
            merged[label] = accumulator if label not in merged else merged[label].merge(accumulator)
    return merged


# ------------------------------------------------------------------ on the client


def _computer(client, scheduler, progress):
    """A function computing a list of dask collections / delayed values on the chosen
    scheduler (a distributed ``client``, a ``scheduler`` name for ``dask.compute``, or
    Dask's default), showing Dask's progress bar when ``progress``: on standard error
    when it is True, else on ``progress`` (a stream)."""
    import dask

    stream = (sys.stderr if progress is True else progress) if progress else None

    def compute(values):
        values = list(values)
        if not values:
            return []
        if client is not None:
            futures = client.compute(values)
            if progress:
                from distributed import progress as show

                with contextlib.redirect_stdout(stream):  # distributed draws its bar on stdout
                    show(futures)
            return client.gather(futures)
        if progress:
            from dask.diagnostics import ProgressBar

            with ProgressBar(out=stream):
                return list(dask.compute(*values, scheduler=scheduler))
        return list(dask.compute(*values, scheduler=scheduler))
    return compute


def _reraise(call):
    """``call()``, its SegmentError and SourceError re-raised here without the workers'
    traceback (a one-line cause is what the user needs)."""
    try:
        return call()
    except SegmentError as error:
        raise SegmentError(str(error)) from None
    except SourceError as error:
        raise SourceError(str(error)) from None


def contexts(corpus, metrics, *, client=None, scheduler=None, batch: int = BATCH, split_every: int = SPLIT_EVERY,
             progress: bool = False, lines_per_part: int | None = None) -> dict:
    """The corpus contexts of the metrics that need one (``{label: context}``), computed
    part by part on the workers and combined in a tree."""
    import dask.bag as db

    jobs = [job for job in jobs_of(metrics) if needs_context(job.definition)]
    if not jobs:
        return {}
    compute = _computer(client, scheduler, progress)
    source = as_source(corpus)
    parts = _reraise(lambda: source.parts(compute, **_reading(jobs), lines_per_part=lines_per_part))
    import dask

    bag = db.from_delayed([dask.delayed(part_contexts)(part, jobs, batch) for part in parts])
    merge = _merge_contexts({job.label: job.name for job in jobs})
    reduced = bag.reduction(merge, merge, split_every=split_every)
    (found,) = _reraise(lambda: compute([reduced]))
    for job in jobs:
        if found.get(job.label) is None:
            raise ValueError("empty corpus: the source holds no segment")
    return found


def _reading(jobs: list) -> dict:
    """How the source reads segments for these jobs: whether references are read, and the
    reader of a text line for metrics whose segments are not text (one such kind a run)."""
    from ..spec.inputs import INPUTS

    references = any(job.definition.references for job in jobs)
    readers = {INPUTS.overrides(job.definition).get("read_segment") for job in jobs} - {None}
    if len(readers) > 1:
        raise ValueError("metrics reading their segments differently cannot share one read of the files")
    reader = next((job.name for job in jobs if "read_segment" in INPUTS.overrides(job.definition)), "")
    return {"references": references, "reader": reader}


def accumulate(corpus, metrics, *, client=None, scheduler=None, batch: int = BATCH, split_every: int = SPLIT_EVERY,
               progress: bool = False, lines_per_part: int | None = None) -> dict:
    """``{label: Accumulator}``: the merged statistics of ``corpus`` (a Dask bag or
    dataframe, or a ``TextFiles`` / ``JsonLines`` / ``ParquetFiles`` source) for each of
    ``metrics`` (a configured metric, a name, or a list of them), computed on ``client``
    (a ``distributed.Client``), else with ``dask.compute(scheduler=...)``. The source is
    read once for all the metrics, twice when one needs a corpus context."""
    import dask
    import dask.bag as db

    jobs = jobs_of(metrics)
    found = contexts(corpus, jobs, client=client, scheduler=scheduler, batch=batch, split_every=split_every,
                     progress=progress, lines_per_part=lines_per_part)
    compute = _computer(client, scheduler, progress)
    source = as_source(corpus)
    parts = _reraise(lambda: source.parts(compute, **_reading(jobs), lines_per_part=lines_per_part))
    if not parts:
        raise ValueError("empty corpus: the source holds no segment")
    shipped = found
    if found and client is not None:
        shipped = client.scatter([found], broadcast=True)[0]  # once per worker, not once per task
    bag = db.from_delayed([dask.delayed(part_accumulators)(part, jobs, shipped, batch) for part in parts])
    reduced = bag.reduction(merge_accumulators, merge_accumulators, split_every=split_every)
    (merged,) = _reraise(lambda: compute([reduced]))
    return merged


def score(corpus, metric, *, client=None, scheduler=None, batch: int = BATCH, split_every: int = SPLIT_EVERY,
          progress: bool = False, lines_per_part: int | None = None) -> float:
    """The corpus score of one ``metric``, a configured metric (``bleuprint.metric("chrf",
    word_order=2)``) or a name for its defaults (``accumulate``, then ``Accumulator.score``
    on the client)."""
    metric = as_metric(metric)
    merged = accumulate(corpus, [metric], client=client, scheduler=scheduler, batch=batch,
                        split_every=split_every, progress=progress, lines_per_part=lines_per_part)
    accumulator = merged[metric.name]
    if accumulator.n_sentences == 0:
        raise ValueError("empty corpus: the source holds no segment")
    return accumulator.score()
