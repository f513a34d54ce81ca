"""Shared measuring helpers for the bench scripts: medians of repeated runs, peak RSS,
atomic JSON output."""

from __future__ import annotations

import resource
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
from thesaurus._io import atomic_write_json  # noqa: E402


def measure(fn: Callable[[], Any], *, repeats: int = 3) -> dict[str, float]:
    """Median and min wall time of ``repeats`` calls."""
    times = []
    for _ in range(max(1, repeats)):
        start = time.perf_counter()
        fn()
        times.append(time.perf_counter() - start)
    return {"median_s": statistics.median(times), "min_s": min(times), "runs": len(times)}


def peak_rss_mb() -> float:
    """Peak resident set size of this process (and finished children) in MB."""
    own = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    kids = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss
    return round(max(own, kids) / 1024, 1)  # Linux reports KiB


def write_results(path: str | Path, results: dict[str, Any]) -> None:
    atomic_write_json(path, results)
