"""The Dask tests' shared cluster: a real ``distributed.LocalCluster`` of two worker
processes (one thread each), started once per test session (about 3-6 s here)."""

from __future__ import annotations

import pytest

distributed = pytest.importorskip("distributed")


@pytest.fixture(scope="session")
def client():
    with distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True, dashboard_address=":0",
                                  silence_logs=50) as cluster, distributed.Client(cluster) as client:
        client.wait_for_workers(2)
        yield client
