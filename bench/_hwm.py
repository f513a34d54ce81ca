"""Run a Python module or script and, at exit, write this process's peak resident set size
(``VmHWM`` from ``/proc/self/status``, in MB) to a file.

    python bench/_hwm.py HWM_FILE -m evaluation.cli evaluate CONFIG ...
    python bench/_hwm.py HWM_FILE bench/bench_thesaurus.py --quick

The wrapper adds nothing measurable to the peak: it imports only the standard library.
"""

from __future__ import annotations

import atexit
import os
import runpy
import sys
from pathlib import Path


def _write_hwm(path: Path) -> None:
    try:
        with open("/proc/self/status", encoding="ascii") as handle:
            for line in handle:
                if line.startswith("VmHWM:"):
                    path.write_text(f"{int(line.split()[1]) / 1024:.1f}\n")
                    return
    except OSError:  # not Linux: the parent falls back on its tree samples
        return


def main() -> None:
    if len(sys.argv) < 3 or (sys.argv[2] == "-m" and len(sys.argv) < 4):
        sys.exit("usage: _hwm.py HWM_FILE (-m MODULE | SCRIPT) [ARGS...]")
    atexit.register(_write_hwm, Path(sys.argv[1]))
    if sys.argv[2] == "-m":
        module = sys.argv[3]
        sys.argv = [module, *sys.argv[4:]]
        sys.path[0] = os.getcwd()  # as ``python -m`` does
        runpy.run_module(module, run_name="__main__", alter_sys=True)
    else:
        script = sys.argv[2]
        sys.argv = [script, *sys.argv[3:]]
        sys.path[0] = str(Path(script).resolve().parent)
        runpy.run_path(script, run_name="__main__")


if __name__ == "__main__":
    main()
