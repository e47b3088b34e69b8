"""The vector files exported once per session, with their mutation pass (which runs every
vector under every planted mutant: tens of seconds), for both vector test modules."""

from __future__ import annotations

import pytest

from bleuprint.vectors import all_files, export, measure


@pytest.fixture(scope="session")
def measured_vectors():
    """``measure(all_files())``: the annotated files, the kill matrix, the core suite."""
    return measure(all_files())


@pytest.fixture(scope="session")
def exported_vectors(tmp_path_factory, measured_vectors):
    """The files as ``export`` writes them (from ``measured_vectors``): ``(directory, index)``."""
    directory = tmp_path_factory.mktemp("vectors")
    return directory, export(directory, measured_vectors["files"], measured=measured_vectors)
