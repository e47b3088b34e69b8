"""Shared test configuration: Hypothesis profiles.

* ``ci`` (selected when the environment has CI=true): derandomized, no deadline, no
  example database, so a CI run is reproducible and never flaky on a slow machine.
* ``dev`` (the default elsewhere): more examples, random seeds, the local database.
* ``mutants``: few examples, for the mutation runner.

``HYPOTHESIS_PROFILE`` overrides the choice.
"""

import os

from hypothesis import HealthCheck, Phase, settings

settings.register_profile(
    "ci",
    derandomize=True,
    deadline=None,
    database=None,
    max_examples=100,
    print_blob=True,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)
settings.register_profile(
    "dev",
    deadline=None,
    max_examples=500,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)
settings.register_profile(
    "mutants",
    derandomize=True,
    deadline=None,
    database=None,
    max_examples=10,
    phases=[Phase.explicit, Phase.reuse, Phase.generate],  # no shrinking: a kill is a kill
    suppress_health_check=list(HealthCheck),
)

_default = "ci" if os.environ.get("CI", "").lower() == "true" else "dev"
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", _default))


# ---------------------------------------------------------------------------- shared corpora

from pathlib import Path  # noqa: E402

import pytest  # noqa: E402

from conftest_wordnet import nltk_wordnet, wordnet_dir, wordnet_reader  # noqa: E402,F401  (WordNet 3.0's fixtures)

#: ``shared/corpora`` beside the checkout: real text that is read, never copied into the repo.
SHARED_CORPORA = Path(__file__).resolve().parents[1].parent / "shared" / "corpora"


@pytest.fixture(scope="session")
def ted_corpus_path() -> Path:
    """``ted-ende.json`` (529 TED segments, 13 systems, one reference); the test is
    skipped where ``../shared`` is absent."""
    path = SHARED_CORPORA / "ted-ende.json"
    if not path.is_file():
        pytest.skip(f"shared corpus {path} is absent")
    return path


#: ``shared/seeds`` beside the checkout: the documents the project was made from, read at
#: test time (tests/audit extracts their code into a temporary directory, never the repo).
SHARED_SEEDS = SHARED_CORPORA.parent / "seeds"


@pytest.fixture(scope="session")
def shared_seeds() -> Path:
    """The ``../shared/seeds`` directory; the test is skipped where it is absent."""
    if not SHARED_SEEDS.is_dir():
        pytest.skip(f"shared seeds {SHARED_SEEDS} are absent")
    return SHARED_SEEDS


@pytest.fixture(scope="session")
def ted_ende(ted_corpus_path) -> dict:
    """The parsed ``ted-ende.json``: ``{"systems": {name: [529 lines]}, "references":
    [[529 lines]]}`` (reference *streams*: ``references[k][i]``); skipped where absent.
    The one place the tests read the shared corpus."""
    import json

    return json.loads(ted_corpus_path.read_text(encoding="utf-8"))


@pytest.fixture(scope="session")
def once_per_run(tmp_path_factory):
    """``once_per_run(name, compute)``: ``compute()``'s value, computed once per test run.
    Without pytest-xdist that is once per session. Under ``-n`` (the README's test
    command) the first worker to ask computes it and leaves it pickled in the run's shared
    temporary directory, under a file lock; the others wait for it and read it, instead
    of repeating a minute of work (the vectors' mutation pass, the ports' builds)."""
    import fcntl
    import pickle

    if os.environ.get("PYTEST_XDIST_WORKER") is None:
        return lambda name, compute: compute()
    shared = tmp_path_factory.getbasetemp().parent  # one per run, the workers' common parent

    def once(name: str, compute):
        path = shared / f"{name}.pickle"
        with open(shared / f"{name}.lock", "w") as lock:
            fcntl.flock(lock, fcntl.LOCK_EX)
            if path.is_file():
                return pickle.loads(path.read_bytes())
            value = compute()
            partial = path.with_suffix(".partial")
            partial.write_bytes(pickle.dumps(value))
            partial.replace(path)
            return value

    return once


@pytest.fixture(scope="session")
def measured_vectors(once_per_run):
    """``bleuprint.vectors.measure(all_files())``: the vector files annotated by their
    mutation pass (every vector under every planted mutant: tens of seconds, so once per
    run), the kill matrix (planted mutants and port faults) and the core suite; for
    tests/vectors and tests/ports."""
    from bleuprint.vectors import all_files, measure
    from bleuprint.vectors.adequacy import known_faults

    def compute():  # the mutants and port faults travel as their ids (a mutant holds functions)
        measured = measure(all_files())
        return {**measured, "mutants": [mutant.id for mutant in measured["mutants"]]}

    measured = once_per_run("measured-vectors", compute)
    by_id = known_faults()
    return {**measured, "mutants": [by_id[mutant_id] for mutant_id in measured["mutants"]]}


@pytest.fixture(scope="session")
def exported_vectors(tmp_path_factory, measured_vectors):
    """The files as ``bleuprint.vectors.export`` writes them: ``(directory, index)``."""
    from bleuprint.vectors import export

    directory = tmp_path_factory.mktemp("vectors")
    return directory, export(directory, measured_vectors["files"], measured=measured_vectors)


#: Metrics whose spec costs tens of milliseconds a segment (Meteor 1.5's beam search and
#: paraphrase lookups; nltk's METEOR with WordNet): the generic Hypothesis suites that run
#: every registered metric's spec on a hundred generated corpora run them in the slow tier,
#: which keeps CI's default tier within its budget. Their own tests (goldens, hand cases,
#: impl against spec, the jar and nltk live) stay in the default tier.
SLOW_SPEC_METRICS = ("meteor", "meteor_nltk")


@pytest.fixture
def as_installed_sacrebleu():
    """Signatures of this test under the installed sacreBLEU's version (``sacrebleu.__version__``,
    2.5.1 or 2.6.0), chosen for the process, not left to the default rule: the tests that
    compare bleuprint's signatures with live sacreBLEU's use it (``usefixtures``)."""
    from bleuprint.spec.sacrebleu_versions import using_sacrebleu_version

    sacrebleu = pytest.importorskip("sacrebleu")
    with using_sacrebleu_version(sacrebleu.__version__) as version:
        yield version


def pytest_collection_modifyitems(config, items):
    for item in items:
        params = getattr(getattr(item, "callspec", None), "params", {})
        if not any(value in SLOW_SPEC_METRICS for value in params.values() if isinstance(value, str)):
            continue
        if "meteor" in item.path.name or "wordnet" in item.path.name:
            continue
        if getattr(item.obj, "is_hypothesis_test", False):
            item.add_marker(pytest.mark.slow)
