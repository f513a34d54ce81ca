"""Where the cross-validation jobs run: joblib's process pool on this machine (``"loky"``) or
the workers of a Dask cluster (``"dask"``, through joblib's Dask backend).

Results are identical wherever the jobs run.  Dask workers need this package and every
resource the methods name at the same paths.
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

from joblib import Parallel, parallel_config

from evaluation._exceptions import ConfigError

__all__ = ["BACKENDS", "DASK_EXTRA", "parallel"]

BACKENDS = ("loky", "dask")
DASK_EXTRA = 'pip install "verb-wsd[dask]"'
CONNECT_TIMEOUT_S = 10


@contextmanager
def parallel(backend: str, n_jobs: int, scheduler: str | None = None) -> Iterator[Parallel]:
    """A joblib :class:`~joblib.Parallel` on ``backend``; :class:`ConfigError` when the Dask
    extra is missing or the scheduler cannot be reached."""
    if backend not in BACKENDS:
        raise ConfigError(f"unknown backend {backend!r} (expected one of {', '.join(BACKENDS)})")
    if backend == "loky":
        yield Parallel(n_jobs=n_jobs, return_as="generator_unordered", batch_size=1)
        return
    client = dask_client(scheduler, n_jobs)
    try:
        with parallel_config(
            backend="dask", client=client, wait_for_workers_timeout=CONNECT_TIMEOUT_S
        ):
            yield Parallel(n_jobs=-1, return_as="generator_unordered", batch_size=1)
    finally:
        cluster = client.cluster  # None unless a local cluster was started for this run
        client.close()
        if cluster is not None:
            cluster.close()


def dask_client(scheduler: str | None, n_jobs: int = 1) -> Any:
    """A ``dask.distributed.Client`` of ``scheduler`` (None: Dask's configured scheduler, else
    a local cluster of ``n_jobs`` workers)."""
    try:
        from dask.distributed import Client, LocalCluster
    except ImportError as exc:
        raise ConfigError(
            f"backend 'dask' needs the optional dependency dask.distributed: {DASK_EXTRA}"
        ) from exc
    import dask

    address = scheduler or dask.config.get("scheduler-address", None)
    if address:
        try:
            return Client(address, timeout=CONNECT_TIMEOUT_S)
        except (OSError, TimeoutError) as exc:
            reason = " ".join(str(exc).split()) or type(exc).__name__
            raise ConfigError(f"cannot reach the Dask scheduler at {address}: {reason}") from exc
    workers = n_jobs if n_jobs > 0 else (os.cpu_count() or 1)
    cluster = LocalCluster(n_workers=workers, threads_per_worker=1, processes=True)
    return Client(cluster)
