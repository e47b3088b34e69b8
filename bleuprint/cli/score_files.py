"""``bleuprint score``'s ``-i`` files for a metric that reads its own files
(``split_system_file(path) -> [(system, segments, first line)]``: ``model_score`` reads COMET's JSON,
TSV, mt-metrics-eval's score files and one score a line), where one file may hold several
systems. The systems come back as the lines the metric's ``read_segment`` reads (a score's
``repr``, which reads back to the same float), so everything after the reading is the
path of every other metric."""

from __future__ import annotations


def _reader(name: str):
    """The metric's ``split_system_file`` (``bleuprint.cli.hooks``) bound to it, or None.
    Read from the overrides: the hook's default is None, not a function, so the protocol
    would take an override for a constant computed from the definition and call it."""
    from functools import partial

    from .hooks import CLI
    from .score_arguments import resolve_metric

    found = resolve_metric(name)
    split = None if found is None else CLI.overrides(found[0]).get("split_system_file")
    return None if split is None else partial(split, found[0])


def reads_own_files(metric_names: list[str]) -> bool:
    """Whether a metric given with ``-m`` reads its own files; ValueError when it is given
    beside a metric that reads lines of text (the files cannot be both)."""
    own = [name for name in metric_names if _reader(name) is not None]
    if own and len(own) != len(metric_names):
        others = [name for name in metric_names if name not in own]
        raise ValueError(f"{', '.join(own)} read(s) score files, {', '.join(others)} lines of text: give them in "
                         "separate runs")
    return bool(own)


def read_systems(metric_names: list[str], paths: list[str]) -> tuple[list[str], list[list[str]]]:
    """``(names, systems)`` of every file in ``paths``, each file's systems in its order;
    ValueError (one line naming the file and the line) for a file the metric cannot read, a
    system named twice, or systems of different numbers of segments."""
    split = _reader(metric_names[0])
    names, systems, origin = [], [], {}
    for path in paths:
        for name, scores, line in split(path):
            where = f"{path}:{line}" if line else path
            if name in origin:
                raise ValueError(f"{where}: system {name} already read from {origin[name]}")
            if systems and len(scores) != len(systems[0]):
                raise ValueError(f"{where}: system {name} has {len(scores)} segment scores, system {names[0]} "
                                 f"({origin[names[0]]}) has {len(systems[0])}")
            origin[name] = where
            names.append(name)
            systems.append([repr(float(x)) for x in scores])
    return names, systems

