"""Shared measuring helpers for the bench scripts: medians of repeated runs, peak memory of a
process and of a process tree, child processes, log-log exponents, headline rows, the common
command line and atomic JSON output.

Peak memory is never taken from ``ru_maxrss``: on Linux a child's ``ru_maxrss`` (``os.wait4``,
``RUSAGE_CHILDREN``) carries the parent's high-water mark across fork/exec, and
``RUSAGE_SELF`` accumulates over everything a process did.  A measured process reports its
own ``VmHWM`` (``/proc/self/status``) at exit (``_hwm.py`` wraps children we do not own), and
a parent samples the ``VmRSS`` of the whole process tree (joblib/loky workers included) and
keeps the peak of the sum.
"""

from __future__ import annotations

import argparse
import json
import math
import os
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from collections import deque
from collections.abc import Callable, Mapping, Sequence
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any

import numpy as np

HERE = Path(__file__).resolve().parent
REPO = HERE.parent
sys.path.insert(0, str(REPO))
from thesaurus.utils.outputs import atomic_write_json  # noqa: E402

PROC = Path("/proc")
# the methods learning from the corpus alone (their defaults also read WordNet's examples, tagged
# by the --text tagger, and its sentence frames): what the algorithm benchmarks time, beside
# references that learn from the same instances
CORPUS_ALONE: dict[str, Any] = {"thesaurus_examples": 0, "frame_penalty": 0.0}


# --- time -----------------------------------------------------------------------------------
def semcor_instances(quick: bool) -> list[Any]:
    """Every SemCor verb instance with its frame (quick: the first six brown1 tag files)."""
    from wsd.corpus import find_semcor, load_corpus

    root = find_semcor(None)
    if not quick:
        return list(load_corpus(root).instances)
    files = sorted(p.name for p in (root / "brown1" / "tagfiles").iterdir())[:6]
    return list(load_corpus(root, files=files).instances)


def measure(fn: Callable[[], Any], *, repeats: int = 3) -> dict[str, Any]:
    """Median and min wall time of ``repeats`` calls (each one timed on its own)."""
    times = []
    for _ in range(max(1, repeats)):
        start = time.perf_counter()
        fn()
        times.append(time.perf_counter() - start)
    return {
        "median_s": statistics.median(times),
        "min_s": min(times),
        "runs": len(times),
        "all_s": [round(t, 4) for t in times],
    }


def fit_exponent(
    sizes: Sequence[float] | np.ndarray, seconds: Sequence[float] | np.ndarray
) -> float:
    """Slope ``k`` of ``log(seconds) = k log(size) + c`` (least squares, ``np.polyfit``).

    >>> round(fit_exponent([1, 2, 4, 8], [3.0, 6.0, 12.0, 24.0]), 6)
    1.0
    """
    if len(sizes) < 2:
        return float("nan")
    return float(np.polyfit(np.log(sizes), np.log(seconds), 1)[0])


# --- memory ---------------------------------------------------------------------------------
def _status_kb(pid: int | str, fields: tuple[str, ...]) -> dict[str, int]:
    """``VmRSS``/``VmHWM``-style fields of ``/proc/<pid>/status`` in KiB ({} if gone)."""
    found: dict[str, int] = {}
    try:
        with open(PROC / str(pid) / "status", encoding="ascii", errors="replace") as handle:
            for line in handle:
                name, _, value = line.partition(":")
                if name in fields:
                    found[name] = int(value.split()[0])
    except (OSError, ValueError, IndexError):
        return {}
    return found


def vmhwm_mb() -> float | None:
    """This process's own peak resident set size (``VmHWM``) in MB; None off Linux."""
    kb = _status_kb("self", ("VmHWM",)).get("VmHWM")
    return None if kb is None else round(kb / 1024, 1)


def reset_peak() -> bool:
    """Reset this process's ``VmHWM`` to its current RSS (Linux >= 4.0), so the next
    :func:`vmhwm_mb` is the peak of what follows; False where that is not possible."""
    try:
        with open(PROC / "self" / "clear_refs", "w", encoding="ascii") as handle:
            handle.write("5")
    except OSError:
        return False
    return True


def _descendants(root: int) -> list[int]:
    """``root`` and every live descendant (parent links read from ``/proc/*/stat``)."""
    children: dict[int, list[int]] = {}
    try:
        entries = os.listdir(PROC)
    except OSError:
        return [root]
    for name in entries:
        if not name.isdigit():
            continue
        try:
            with open(PROC / name / "stat", encoding="ascii", errors="replace") as handle:
                stat = handle.read()
        except OSError:
            continue
        fields = stat[stat.rfind(")") + 2 :].split()  # the command name may hold spaces
        if len(fields) > 1:
            children.setdefault(int(fields[1]), []).append(int(name))
    found, todo = [], [root]
    while todo:
        pid = todo.pop()
        found.append(pid)
        todo.extend(children.get(pid, ()))
    return found


class TreeSampler:
    """Samples the summed ``VmRSS`` of a process and its descendants in a background thread.

    ``peak_mb`` is the largest sum seen (concurrent processes add up; a peak shorter than the
    interval can be missed); ``hwm_sum_mb`` adds every process's last seen ``VmHWM``, an upper
    bound that assumes all peaks coincide.
    """

    def __init__(self, pid: int, interval: float = 0.1) -> None:
        self.pid = pid
        self.interval = interval
        self.peak_kb = 0
        self.hwm_kb: dict[int, int] = {}
        self.available = PROC.is_dir()
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._loop, daemon=True)

    def __enter__(self) -> TreeSampler:
        if self.available:
            self._thread.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self._stop.set()
        if self.available:
            self._thread.join()

    def sample(self) -> None:
        total = 0
        for pid in _descendants(self.pid):
            status = _status_kb(pid, ("VmRSS", "VmHWM"))
            total += status.get("VmRSS", 0)
            if "VmHWM" in status:
                self.hwm_kb[pid] = status["VmHWM"]
        self.peak_kb = max(self.peak_kb, total)

    def _loop(self) -> None:
        while True:
            self.sample()
            if self._stop.wait(self.interval):
                return

    @property
    def peak_mb(self) -> float | None:
        return round(self.peak_kb / 1024, 1) if self.available else None

    @property
    def hwm_sum_mb(self) -> float | None:
        return round(sum(self.hwm_kb.values()) / 1024, 1) if self.available else None


# --- child processes ------------------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class ChildRun:
    """One child process: wall time, exit status, the end of its stderr, and memory."""

    seconds: float
    returncode: int
    stderr_tail: str
    own_hwm_mb: float | None  # the child's VmHWM written at its exit (None: not reported)
    tree_peak_mb: float | None  # peak of the summed VmRSS of the child and its descendants
    tree_hwm_sum_mb: float | None  # sum of every process's VmHWM (upper bound)
    processes: int  # distinct processes seen in the tree

    @property
    def peak_rss_mb(self) -> float | None:
        """The child's peak: its own VmHWM or, with workers, the peak of the tree's sum."""
        values = [v for v in (self.own_hwm_mb, self.tree_peak_mb) if v is not None]
        return max(values) if values else None

    def as_dict(self) -> dict[str, Any]:
        data = asdict(self)
        data.pop("stderr_tail")
        data["seconds"] = round(self.seconds, 3)
        data["peak_rss_mb"] = self.peak_rss_mb
        return data


def run_python(
    target: Sequence[str],
    *,
    env: dict[str, str] | None = None,
    echo: bool = False,
    interval: float = 0.1,
) -> ChildRun:
    """Run ``python _hwm.py HWM_FILE <target...>`` (``target`` = ``["-m", module, *args]``
    or ``[script, *args]``), sampling its process tree; stdout is discarded, stderr kept
    (the last lines) and echoed to ours when ``echo``."""
    with tempfile.TemporaryDirectory(prefix="bench-child-") as tmp:
        hwm_file = Path(tmp) / "vmhwm"
        command = [sys.executable, str(HERE / "_hwm.py"), str(hwm_file), *target]
        tail: deque[str] = deque(maxlen=40)
        start = time.perf_counter()
        child = subprocess.Popen(
            command,
            cwd=REPO,
            env={**os.environ, **(env or {})},
            stdout=subprocess.DEVNULL,
            stderr=subprocess.PIPE,
            text=True,
            errors="replace",
        )
        assert child.stderr is not None
        with TreeSampler(child.pid, interval) as sampler:
            for line in child.stderr:  # reading to EOF: a chatty child never blocks
                tail.append(line)
                if echo:
                    sys.stderr.write(line)
                    sys.stderr.flush()
            returncode = child.wait()
        seconds = time.perf_counter() - start
        own = float(hwm_file.read_text().strip()) if hwm_file.is_file() else None
    return ChildRun(
        seconds=seconds,
        returncode=returncode,
        stderr_tail="".join(tail).strip(),
        own_hwm_mb=own,
        tree_peak_mb=sampler.peak_mb,
        tree_hwm_sum_mb=sampler.hwm_sum_mb,
        processes=len(sampler.hwm_kb),
    )


# --- configs --------------------------------------------------------------------------------
def toml_value(value: Any) -> str:
    """A TOML value: strings, numbers, booleans, lists and inline tables of them."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, float):
        return ("-inf" if value < 0 else "inf") if math.isinf(value) else repr(value)
    if isinstance(value, int):
        return str(value)
    if isinstance(value, str):
        return json.dumps(value, ensure_ascii=False)  # a TOML basic string
    if isinstance(value, list):
        return "[" + ", ".join(toml_value(v) for v in value) + "]"
    if isinstance(value, dict):
        return "{" + ", ".join(f"{toml_key(k)} = {toml_value(v)}" for k, v in value.items()) + "}"
    raise TypeError(value)


def toml_key(key: str) -> str:
    bare = key and all(c.isascii() and (c.isalnum() or c in "-_") for c in key)
    return key if bare else json.dumps(key, ensure_ascii=False)


def toml_text(raw: Mapping[str, Any], breaks: Sequence[str] = ("\n",)) -> str:
    """``raw`` (a parsed config) as TOML that ``tomllib`` reads back equal: each table's plain
    values first, then a ``[header]`` per sub-table (``[methods.mfs]``); ``breaks`` gives the
    lines' line breaks, cycled (the config fuzz targets vary them).

    >>> toml_text({"name": "t", "methods": {"mfs": {}, "ims": {"C": 0.1}}, "alphas": [1, "inf"]})
    'name = "t"\\nalphas = [1, "inf"]\\n[methods]\\n[methods.mfs]\\n[methods.ims]\\nC = 0.1\\n'
    """
    lines: list[str] = []

    def emit(table: Mapping[str, Any], prefix: list[str]) -> None:
        lines.extend(
            f"{toml_key(k)} = {toml_value(v)}" for k, v in table.items() if not isinstance(v, dict)
        )
        for key, value in table.items():
            if isinstance(value, dict):
                lines.append("[" + ".".join([*prefix, toml_key(key)]) + "]")
                emit(value, [*prefix, toml_key(key)])

    emit(raw, [])
    return "".join(line + breaks[i % len(breaks)] for i, line in enumerate(lines))


# --- results --------------------------------------------------------------------------------
def headline(
    figure: str,
    ours: float | str | None,
    reference: float | str | None = None,
    ratio: float | None = None,
    *,
    target: tuple[str, float] | None = None,
    on: str = "ours",
    status: str | None = None,
) -> dict[str, Any]:
    """One row of the printed table.  ``target`` = (">=" or "<=", bound) is checked on
    ``ours`` or ``ratio`` (``on``); ``status`` overrides the check (e.g. an equality)."""
    shown = ""
    if target is not None:
        shown = f"{target[0]} {target[1]:g}" + (" (ratio)" if on == "ratio" else "")
        if status is None:
            status = check(ratio if on == "ratio" else ours, *target)
    return {
        "figure": figure,
        "ours": ours,
        "reference": reference,
        "ratio": ratio,
        "target": shown,
        "status": status or "",
    }


def check(value: Any, comparison: str, bound: float) -> str:
    """ "ok", "MISSED" or "-" (no number).

    >>> check(120, ">=", 100), check(1.3, "<=", 1.1), check(None, "<=", 1)
    ('ok', 'MISSED', '-')
    """
    if not isinstance(value, int | float) or math.isnan(value):
        return "-"
    met = value >= bound if comparison == ">=" else value <= bound
    return "ok" if met else "MISSED"


def ratio(numerator: float, denominator: float, digits: int = 1) -> float:
    """``numerator / denominator`` rounded (nan when the denominator is 0)."""
    return round(numerator / denominator, digits) if denominator else float("nan")


def write_results(path: str | Path, results: dict[str, Any]) -> None:
    atomic_write_json(path, results)


def bench_main(
    run: Callable[[bool, int], dict[str, Any]], doc: str, argv: list[str] | None = None
) -> int:
    """The command line every ``bench_*.py`` shares: parse, ``run``, write the JSON."""
    parser = argparse.ArgumentParser(description=doc.strip().splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="small sizes (seconds)")
    parser.add_argument("--repeats", type=int, default=3, help="timed runs per figure")
    parser.add_argument("--json-out", "--out", dest="out", type=Path, help="write JSON here")
    args = parser.parse_args(argv)
    if args.repeats < 1:
        parser.error(f"--repeats must be >= 1, got {args.repeats}")
    results = run(args.quick, args.repeats)
    if args.out:
        write_results(args.out, results)
    else:
        print(json.dumps(results, indent=1))
    return 0
