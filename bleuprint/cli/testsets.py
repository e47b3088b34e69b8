"""sacreBLEU's test-set options of ``bleuprint score``, on sacreBLEU's local cache.

``-t SET -l PAIR`` scores against the set's references, ``--echo FIELD...`` prints fields,
``--list`` lists sets (or a set's fields), ``--citation`` prints a set's BibTeX,
``--origlang``/``--subset`` keep the segments of some documents, ``--detail`` adds the
scores of each original language and subset, ``--download`` checks that a set is there.
Everything is read from the files sacreBLEU 2.5.1 leaves in ``$SACREBLEU`` (default
``~/.sacrebleu``; ``bleuprint.cli.testset_cache``); a missing file is never fetched: one
line names the files, the folder and the ``sacrebleu`` command that fetches them, status 1.

Standard output and exit statuses are sacreBLEU's (its checks, in its order: ``--download``,
``--list``, ``--citation``, ``-nr``, unknown set, ``-t`` with reference files, missing or
unknown ``-l``, ``--echo``). Where sacreBLEU crashes, bleuprint does what was evidently
meant, or stops with one line (status 1):

* ``--citation`` (sacreBLEU 2.5.1: ``TypeError: argument of type ... is not iterable``)
  prints the set's citation, or says on standard error that it has none;
* ``--detail --origlang XX`` scores origlang XX (sacreBLEU iterates over the letters of
  XX and then fails on an empty table);
* ``--origlang``/``--subset`` without ``-t``/``-l``, on a set that is neither SGML nor
  XML, or ``--subset`` on an SGML set without annotation, and ``--download`` or ``--list
  -t SET -l PAIR`` of an unknown set or pair: one line (sacreBLEU: a traceback);
* a system with more or fewer lines than the set stops before any segment is dropped
  (sacreBLEU's ``--origlang`` silently truncates the longer side).
"""

from __future__ import annotations

from . import testset_cache as testsets

def _sets(args) -> list:
    return [testsets.get(name) for name in args.testset_test_set.split(",")]


def before_scoring(args, emit, log, error_cls) -> int | None:
    """The test-set options that end the run before anything is scored (``--download``,
    ``--list``, ``--citation``, ``--echo``) and sacreBLEU's checks of ``-t``/``-l``:
    the exit status, or None to go on scoring. ``error_cls(lines, status)`` is raised
    for a refusal."""
    if args.testset_download:
        test_set = testsets.get(args.testset_download)
        pairs = [args.langpair] if args.langpair else list(test_set.langpairs)
        for pair in pairs:
            test_set.check_pair(pair)
            test_set.files(pair)
        log(f"{test_set.name}: {', '.join(pairs)} already in {test_set.outdir}; nothing to download")
        return 0
    if args.testset_list:
        if args.testset_test_set:
            if args.langpair:
                pairs = [args.langpair]
                test_set = testsets.get(args.testset_test_set)
            elif args.testset_test_set in testsets.names():
                test_set = testsets.get(args.testset_test_set)
                pairs = list(test_set.langpairs)
            else:
                pairs = []  # sacreBLEU lists nothing for an unknown set without -l
            for pair in pairs:
                emit(f"{pair}: {', '.join(test_set.fieldnames(pair))}")
        else:
            if args.langpair:
                emit(f"The available test sets for {args.langpair} are:")
                found = testsets.for_langpair(args.langpair)
            else:
                emit("The available test sets are:")
                found = testsets.names()
            for name in sorted(found):
                emit(f"{name:<30}: {testsets.get(name).description.strip()}")
        return 0
    if args.sentence_level and len(args.metrics) > 1:
        raise error_cls("Only one metric can be used in sentence-level mode.")
    if args.testset_citation:
        if not args.testset_test_set:
            raise error_cls("I need a test set (-t).")
        for test_set in _sets(args):
            if test_set.citation is None:
                log(f"No citation found for {test_set.name}")
            else:
                emit(test_set.citation)
        return 0
    if args.num_refs != 1 and (args.testset_test_set is not None or len(args.refs) > 1):
        raise error_cls(["The --num-refs argument allows you to provide any number of tab-delimited references "
                         "in a single file.",
                         "You can only use it with externally provided references, however (i.e., not with `-t`),",
                         "and you cannot then provide multiple reference files."])
    if args.testset_test_set is not None:
        for name in args.testset_test_set.split(","):
            if name not in testsets.names():
                raise error_cls([f"Unknown test set {name!r}", "Please run with --list to see the available test sets."])
        if args.refs:
            raise error_cls("I need exactly one of (a) a predefined test set (-t) or (b) a list of references")
        if args.langpair is None:
            raise error_cls("I need a language pair (-l). Use --list to see available language pairs for this test set.")
        for test_set in _sets(args):
            if args.langpair not in test_set.langpairs:
                raise error_cls([f"No such language pair {args.langpair!r}",
                                 f"Available language pairs for {test_set.name!r} are:",
                                 *[f" > {pair}" for pair in test_set.langpairs]])
    if args.testset_echo:
        if args.langpair is None or args.testset_test_set is None:
            raise error_cls("--echo requires a test set (--t) and a language pair (-l)")
        for test_set in _sets(args):
            echo(test_set, args.langpair, args.testset_echo, args.testset_origlang, args.testset_subset, emit,
                 error_cls)
        return 0
    return None


def echo(test_set, pair: str, requested: list[str], origlang, subset, emit, error_cls) -> None:
    """Print fields of ``pair`` tab-separated, one segment a line (``all``: every field;
    ``ref`` where the set has none: its first ``ref*`` field)."""
    fields = test_set.fieldnames(pair)
    if "all" in requested:
        if len(requested) != 1:
            raise error_cls("Cannot use --echo all with other fields")
        requested = fields
    refs = [field for field in fields if field.startswith("ref")]
    if "ref" in requested and "ref" not in fields:
        requested = [min(refs) if field == "ref" else field for field in requested]
    for field in requested:
        if field not in fields:
            lines = [f"No such field {field} in test set {test_set.name} for language pair {pair}.",
                     f"available fields for {test_set.name}/{pair}: {', '.join(fields)}"]
            if "ref" not in fields:
                lines.append(f"'ref' also allowed for backwards compatibility (will return {min(refs)})")
            raise error_cls(lines)
    columns = [testsets.read_lines(path) for path in test_set.files(pair, requested)]
    if origlang is not None or subset is not None:
        keep = test_set.keep(pair, origlang, subset)
        columns = [[line for line, kept in zip(column, keep) if kept] for column in columns]
    for row in zip(*columns):
        emit("\t".join(row))


def references(args) -> list[list[str]]:
    """The reference streams of ``-t SET[,SET...] -l PAIR``: each set's reference fields,
    the sets one after another."""
    streams = None
    for test_set in _sets(args):
        fields = test_set.reference_fields(args.langpair)
        columns = [testsets.read_lines(path, args.encoding) for path in test_set.files(args.langpair, fields)]
        if streams is None:
            streams = columns
        else:
            for stream, column in zip(streams, columns):
                stream.extend(column)
    return streams or []


def keep(args) -> list[bool] | None:
    """Which segments ``--origlang``/``--subset`` keep (None: all), the sets one after another."""
    return keep_for(args, args.testset_origlang, args.testset_subset)


def keep_for(args, origlang, subset) -> list[bool] | None:
    if origlang is None and subset is None:
        return None
    if args.testset_test_set is None or args.langpair is None:
        raise ValueError("Filtering for --origlang or --subset needs a test (-t) and a language pair (-l).")
    flags = []
    for test_set in _sets(args):
        flags += test_set.keep(args.langpair, origlang, subset)
    return flags


def detail_groups(args) -> list[tuple[str, list[bool] | None]] | None:
    """``--detail``'s groups, sacreBLEU's ``print_subset_results``: for each original
    language (``--origlang``, else every one of the set's), every document, then each
    subset (``--subset``, else every one the set has): ``(label, kept segments)``; None
    when there is no original language to group by."""
    if args.testset_origlang:
        origlangs = [args.testset_origlang]
    elif args.testset_test_set is None:
        origlangs = []
    else:
        found = set()
        for test_set in _sets(args):
            found.update(test_set.origlangs(args.langpair))
        origlangs = sorted(found)
    if not origlangs:
        return None
    if args.testset_subset is not None:
        subsets = [args.testset_subset]
    else:
        found = set()
        for test_set in _sets(args):
            found.update(test_set.subset_names(args.langpair))
        subsets = sorted(found)
    groups = []
    for origlang in origlangs:
        for subset in [None, *subsets]:
            label = f"origlang={origlang}"
            if subset is None:
                label += " domain=ALL"
            elif subset.startswith("country:"):
                label += f" country={subset[len('country:'):]}"
            else:
                label += f" domain={subset}"
            groups.append((label, keep_for(args, origlang, subset)))
    return groups
