"""The instance browser at scale: ``instances.html`` of ``wsd compare`` on the ALL-shaped
benchmark of ``bench/allwords.py`` (7,253 gold instances of every part of speech, the SemCor
sentences beside the gold file as ``ALL.data.xml``) with 1, 8 and 20 systems.

Per system count: the page's size; the time it takes to open in headless Chromium (from the
navigation's start to the page's first render, the ``wsd-rendered`` performance mark; a fresh
load each time, driven by selenium through Debian's chromedriver; skipped with the reason
without them); ``wsd compare``'s wall and CPU seconds (the child's user + system time) with the
page and with ``--no-instances-html``, each run in its own process after a warm-up.  Every
gold instance is scored (``--instances gold``: the synthetic systems abstain on 1 % each), so
the page holds all 7,253 whatever the number of systems, and its growth splits into bytes per
instance and bytes per instance and system.  Targets (20 systems): opens in <= 2 s, <= 15 MB,
the page adds <= 20 % to ``wsd compare``.

Quick mode (CI): 1 and 4 systems on 1,000 instances drawn from 20 SemCor tag files.
Run: ``python bench/bench_instances.py [--quick] [--repeats N] [--json-out FILE]``.
"""

from __future__ import annotations

import resource
import shutil
import statistics
import sys
import tempfile
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))
from _common import bench_main, headline, run_python  # noqa: E402
from allwords import build  # noqa: E402
from bench_compare import _cut  # noqa: E402

SYSTEMS = (1, 8, 20)
QUICK_SYSTEMS, QUICK_INSTANCES = (1, 4), 1000
OPEN_TARGET_S, SIZE_TARGET_MB, ADDED_TARGET = 2.0, 15.0, 0.20
CHROMIUM_FLAGS = (
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--no-first-run",
)


def compare(folder: Path, systems: list[Path], out: Path, *extra: str) -> dict[str, float]:
    """``wsd compare`` in a child process: wall and CPU seconds (its own and its children's)."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    child = run_python(
        ["-m", "evaluation.cli", "compare", "--gold", str(folder / "ALL.gold.key.txt")]
        + [*map(str, systems), "--out", str(out), "--quiet", "--instances", "gold", *extra]
    )
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    if child.returncode:
        raise RuntimeError(f"wsd compare failed ({child.returncode}): {child.stderr_tail}")
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return {"wall_s": round(child.seconds, 3), "cpu_s": round(cpu, 3)}


def _browser(profile: Path) -> Any | None:
    """Headless Chromium through chromedriver, or ``None`` (the reason printed)."""
    try:
        from selenium import webdriver
        from selenium.webdriver.chrome.service import Service
    except ImportError:
        print("bench_instances: no selenium, the page's opening is not timed", file=sys.stderr)
        return None
    chromium = shutil.which("chromium") or shutil.which("chromium-browser")
    chromedriver = shutil.which("chromedriver")
    if chromium is None or chromedriver is None:
        print("bench_instances: no chromium/chromedriver, opening not timed", file=sys.stderr)
        return None
    options = webdriver.ChromeOptions()
    for flag in (*CHROMIUM_FLAGS, f"--user-data-dir={profile}"):
        options.add_argument(flag)
    options.binary_location = chromium
    driver = webdriver.Chrome(service=Service(chromedriver), options=options)
    driver.set_window_size(1400, 1000)
    return driver


def open_seconds(driver: Any, page: Path, repeats: int) -> float:
    """Median seconds from navigating to ``page`` to its first render."""
    times = []
    for _ in range(repeats):
        driver.get("about:blank")
        driver.get(page.as_uri())
        mark = driver.execute_script(
            "return performance.getEntriesByName('wsd-rendered')[0].startTime"
        )
        times.append(mark / 1000)
    return round(statistics.median(times), 3)


def _median(runs: list[dict[str, float]], key: str) -> float:
    return round(statistics.median(r[key] for r in runs), 3)


def run(quick: bool, repeats: int = 3) -> dict[str, Any]:
    from wsd.corpus import find_semcor

    counts = QUICK_SYSTEMS if quick else SYSTEMS
    with tempfile.TemporaryDirectory(prefix="bench-instances-") as tmp:
        root = Path(tmp)
        folder = root / "all"
        gold, systems = build(find_semcor(None), folder, max(counts), files=20 if quick else None)
        if quick:
            systems = _cut(folder, systems, QUICK_INSTANCES)
        driver = _browser(root / "profile")
        rows: list[dict[str, Any]] = []
        try:
            for n in counts:
                chosen = systems[:n]
                with_page, without = root / f"page{n}", root / f"plain{n}"
                compare(folder, chosen, with_page)  # warm-up: thesaurus caches, page cache
                runs = [compare(folder, chosen, with_page) for _ in range(repeats)]
                plain = [
                    compare(folder, chosen, without, "--no-instances-html") for _ in range(repeats)
                ]
                page = with_page / "instances.html"
                row: dict[str, Any] = {
                    "systems": n,
                    "page_bytes": page.stat().st_size,
                    "page_mb": round(page.stat().st_size / 2**20, 2),
                    "with_page": runs,
                    "without_page": plain,
                    "wall_s": _median(runs, "wall_s"),
                    "wall_s_without": _median(plain, "wall_s"),
                    "cpu_s": _median(runs, "cpu_s"),
                    "cpu_s_without": _median(plain, "cpu_s"),
                    "open_s": None if driver is None else open_seconds(driver, page, repeats),
                }
                row["added_wall"] = round(row["wall_s"] / row["wall_s_without"] - 1, 3)
                row["added_cpu"] = round(row["cpu_s"] / row["cpu_s_without"] - 1, 3)
                rows.append(row)
        finally:
            if driver is not None:
                driver.quit()
        instances = sum(1 for _ in gold.open(encoding="utf-8"))
    growth = _growth(rows, instances)
    headlines = _headlines(rows, quick) + [
        headline("  page bytes per instance", growth["bytes_per_instance"]),
        headline("  page bytes per instance and system", growth["bytes_per_instance_and_system"]),
    ]
    return {"instances": instances, "rows": rows, **growth, "headlines": headlines}


def _headlines(rows: list[dict[str, Any]], quick: bool) -> list[dict[str, Any]]:
    out = []
    last = rows[-1]["systems"]
    for row in rows:
        n = row["systems"]
        target = not quick and n == last
        out += [
            headline(
                f"instances.html, {n} systems: size (MB)",
                row["page_mb"],
                target=("<=", SIZE_TARGET_MB) if target else None,
            ),
            headline(
                "  opens in Chromium (s)",
                row["open_s"],
                target=("<=", OPEN_TARGET_S) if target else None,
            ),
            headline(
                "  wsd compare with / without it (wall s; added share)",
                row["wall_s"],
                row["wall_s_without"],
                row["added_wall"],
                target=("<=", ADDED_TARGET) if target else None,
                on="ratio",
            ),
            headline(
                "  the same in CPU s (added share)",
                row["cpu_s"],
                row["cpu_s_without"],
                row["added_cpu"],
            ),
        ]
    return out


def _growth(rows: list[dict[str, Any]], instances: int) -> dict[str, float]:
    """Bytes per instance and per instance and system, from the smallest and largest page
    (the same instances in both)."""
    first, last = rows[0], rows[-1]
    per_system = (last["page_bytes"] - first["page_bytes"]) / (last["systems"] - first["systems"])
    base = first["page_bytes"] - first["systems"] * per_system
    return {
        "bytes_per_instance": round(base / instances),
        "bytes_per_instance_and_system": round(per_system / instances, 1),
    }


def main(argv: list[str] | None = None) -> int:
    return bench_main(run, __doc__ or "", argv)


if __name__ == "__main__":
    sys.exit(main())
