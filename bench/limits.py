"""Long inputs: the time of ``wsd data stats`` and ``wsd frames`` on one sentence of 10,000,
20,000 and 50,000 words, and the peak memory of ``wsd compare`` on a million-line key file;
with ``--baseline``, the same commands of another checkout side by side (before and after).

    python bench/limits.py                          # this checkout
    python bench/limits.py --baseline ../main       # and another checkout, with the ratios
    python bench/limits.py --quick                  # 2k/4k/10k words, 100,000 key lines

- ``data stats``, SemCor format: a tag file holding one sentence (``dogs run and dogs run
  ...``), every verb sense-tagged; the corpus cache it builds holds every verb's case frame.
- ``data stats``, CoNLL-U: an ``xcomp`` chain (``I want to want to ...``, each verb the
  complement of the one before: a tree as deep as the sentence is long).
- ``frames`` on the same CoNLL-U chain: every verb's frame from the tree.
- ``compare``: a gold key file of ``--lines`` lines and one or two systems' files, built from
  SemCor's tagged tokens (Raganato-shaped ids in five datasets, keys of every part of speech; a
  system right 70 % of the time, abstaining on 1 %), every part of speech graded, 2,000
  resamples.  From three runs (1,000 lines and one system; ``--lines`` and one system; two
  systems): the fixed cost, the bytes per instance (gold and one system) and per instance per
  further system.

Each command runs in a fresh process with an empty corpus cache (``$WSD_CORPUS_CACHE`` in a
temporary folder) and ``--timeout`` seconds at most (a run past it shows as ``> T``); time is
wall time, memory the process's peak RSS (``VmHWM``, written by ``bench/_hwm.py``).  A
checkout is run with ``PYTHONPATH`` set to it, from its own folder.  Needs SemCor (the key
files) and WordNet.  ``--json-out FILE`` keeps the figures.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import subprocess
import sys
import tempfile
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
REPO = HERE.parent
sys.path.insert(0, str(HERE))
from allwords import DATASETS, tagged_tokens  # noqa: E402

WORDS = (10_000, 20_000, 50_000)
QUICK_WORDS = (2_000, 4_000, 10_000)
LINES, QUICK_LINES = 1_000_000, 100_000
SMALL_LINES = 1_000  # the compare run that measures the fixed cost
START_UP = 10  # words of the sentence whose run measures a command's start-up


def semcor_sentence(words: int) -> str:
    """A SemCor tag file of one sentence of ``words`` words, a third of them tagged verbs."""
    cycle = (
        "<wf cmd=done pos=NN lemma=dog wnsn=1 lexsn=1:05:00::>dogs</wf>",
        "<wf cmd=done pos=VB lemma=run wnsn=1 lexsn=2:38:00::>run</wf>",
        "<wf cmd=ignore pos=CC>and</wf>",
    )
    body = "\n".join(cycle[i % 3] for i in range(words))
    return (
        "<contextfile concordance=brown>\n<context filename=long paras=yes>\n<p pnum=1>\n"
        f"<s snum=1>\n{body}\n<punc>.</punc>\n</s>\n</p>\n</context>\n</contextfile>\n"
    )


def conllu_chain(words: int) -> str:
    """One CoNLL-U sentence of ``words`` words: ``I want to want to ...``, each ``want`` the
    ``xcomp`` of the one before and sense-tagged."""
    lines = ["# sent_id = chain", "1\tI\tI\tPRON\tPRP\t_\t2\tnsubj\t_\t_"]
    verb, head = 2, 0
    while verb <= words:
        rel = "xcomp" if head else "root"
        lines.append(f"{verb}\twant\twant\tVERB\tVB\t_\t{head}\t{rel}\t_\tSense=want%2:37:00::")
        if verb + 2 <= words:
            lines.append(f"{verb + 1}\tto\tto\tPART\tTO\t_\t{verb + 2}\tmark\t_\t_")
        head, verb = verb, verb + 2
    return "\n".join(lines) + "\n\n"


def key_files(folder: Path, lines: int, systems: int, seed: int = 0) -> tuple[Path, list[Path]]:
    """A gold key file of ``lines`` lines and ``systems`` systems' files (module docstring)."""
    from wsd.corpus import find_semcor

    chance = random.Random(seed)
    pool = list(tagged_tokens(find_semcor(None), files=40))
    keys_of: dict[str, list[str]] = {}
    for _, pos, key, *_ in pool:
        keys_of.setdefault(pos, []).append(key)
    names = list(DATASETS)
    gold = []
    for i in range(lines):
        j = i // len(names)  # the instance's number in its dataset
        ident = f"{names[i % len(names)]}.d{j // 100_000:03d}.s{j // 100 % 1000:03d}.t{j % 100:03d}"
        _, pos, key, *_ = pool[chance.randrange(len(pool))]
        gold.append((ident, pos, key))
    folder.mkdir(parents=True, exist_ok=True)
    gold_path = folder / "gold.key"
    gold_path.write_text("".join(f"{i} {k}\n" for i, _, k in gold), encoding="utf-8")
    paths = []
    for s in range(systems):
        rows = []
        for ident, pos, key in gold:
            if chance.random() < 0.01:
                continue
            answer = key if chance.random() < 0.7 else chance.choice(keys_of[pos])
            rows.append(f"{ident} {answer}\n")
        path = folder / f"sys{s + 1}.key"
        path.write_text("".join(rows), encoding="utf-8")
        paths.append(path)
    return gold_path, paths


def run(checkout: Path, args: Sequence[str], timeout: float) -> dict[str, Any]:
    """``python -m evaluation.cli ARGS`` of ``checkout`` in a fresh process: wall seconds (None
    past ``timeout``), exit status, peak RSS (MB)."""
    with tempfile.TemporaryDirectory(prefix="bench-limits-") as tmp:
        hwm = Path(tmp) / "vmhwm"
        env = {
            **os.environ,
            "PYTHONPATH": str(checkout),
            "WSD_CORPUS_CACHE": str(Path(tmp) / "corpora"),
        }
        command = [sys.executable, str(HERE / "_hwm.py"), str(hwm), "-m", "evaluation.cli", *args]
        start = time.perf_counter()
        try:
            done = subprocess.run(
                command,
                cwd=checkout,
                env=env,
                stdout=subprocess.DEVNULL,
                stderr=subprocess.PIPE,
                text=True,
                timeout=timeout,
            )
        except subprocess.TimeoutExpired:
            return {"seconds": None, "status": None, "peak_rss_mb": None}
        seconds = time.perf_counter() - start
        peak = float(hwm.read_text()) if hwm.is_file() else None
    last = done.stderr.strip().splitlines()[-1:] if done.returncode else []
    return {
        "seconds": round(seconds, 2),
        "status": done.returncode,
        "peak_rss_mb": peak,
        "error": last[0] if last else None,
    }


def measure(checkout: Path, inputs: dict[str, Any], timeout: float) -> dict[str, Any]:
    """Every figure of one checkout."""
    figures: dict[str, Any] = {}
    for size, (semcor, chain) in inputs["sentences"].items():
        words = "start-up" if size == START_UP else size
        figures[f"stats semcor {words}"] = run(
            checkout, ["data", "stats", "--corpus", str(semcor), "--format", "semcor"], timeout
        )
        figures[f"stats conllu {words}"] = run(
            checkout, ["data", "stats", "--corpus", str(chain)], timeout
        )
        figures[f"frames conllu {words}"] = run(
            checkout, ["frames", "--corpus", str(chain), "--limit", "0"], timeout
        )
    with tempfile.TemporaryDirectory(prefix="bench-limits-out-") as out:
        for name, (gold, systems) in inputs["keys"].items():
            command = ["compare", "--gold", str(gold), *map(str, systems)]
            figures[name] = run(checkout, [*command, "--out", out, "--quiet"], timeout * 4)
    return figures


def _seconds(run: dict[str, Any], timeout: float) -> str:
    if run["seconds"] is None:
        return f"> {timeout:g}"
    if run["status"]:
        return f"exit {run['status']}"
    return f"{run['seconds']:.1f}"


def table(
    results: dict[str, dict[str, Any]], words: Sequence[int], lines: int, timeout: float
) -> list[str]:
    """The printed rows: each checkout's figure, and the first over the second."""
    names = list(results)
    rows = [["figure", *names, *(["ratio"] if len(names) == 2 else [])]]

    def add(figure: str, runs: list[dict[str, Any]], key: str, shown: list[str]) -> None:
        values = [r[key] if not r["status"] else None for r in runs]
        ratio = ""
        if len(values) == 2 and values[0] and values[1]:
            ratio = f"{values[0] / values[1]:.2f}"
        rows.append([figure, *shown, *([ratio] if len(values) == 2 else [])])

    for kind in ("stats semcor", "stats conllu", "frames conllu"):
        runs = [results[name][f"{kind} start-up"] for name in names]
        add(
            f"{kind}, one 10-word sentence (s)",
            runs,
            "seconds",
            [_seconds(r, timeout) for r in runs],
        )
        for n in words:
            runs = [results[name][f"{kind} {n}"] for name in names]
            first = [results[name][f"{kind} {words[0]}"] for name in names]
            shown = []
            for r, f in zip(runs, first, strict=True):
                text = _seconds(r, timeout)
                if n != words[0] and r["seconds"] and f["seconds"] and not r["status"]:
                    text += f" ({r['seconds'] / f['seconds']:.1f}x)"
                shown.append(text)
            add(f"{kind}, {n:,} words (s)", runs, "seconds", shown)
    for key, label in (("compare small", f"{SMALL_LINES:,} lines, 1 system"),
                       ("compare one", f"{lines:,} lines, 1 system"),
                       ("compare two", f"{lines:,} lines, 2 systems")):  # fmt: skip
        runs = [results[name][key] for name in names]
        shown = [f"{r['peak_rss_mb']:.0f}" if r["peak_rss_mb"] else "-" for r in runs]
        add(f"compare peak RSS, {label} (MB)", runs, "peak_rss_mb", shown)
    for name in names:
        fixed = results[name]["compare small"]["peak_rss_mb"]
        one = results[name]["compare one"]["peak_rss_mb"]
        two = results[name]["compare two"]["peak_rss_mb"]
        if None not in (fixed, one, two):
            per_instance = (one - fixed) * 2**20 / lines
            per_system = (two - one) * 2**20 / lines
            rows.append(
                [
                    f"{name}: fixed {fixed:.0f} MB, {per_instance:.0f} B per instance (gold and "
                    f"a system), {per_system:.0f} B per instance per further system"
                ]
            )
    width = [max(len(r[i]) for r in rows if len(r) > 1) for i in range(len(rows[0]))]
    return [
        "  ".join(cell.ljust(width[i]) for i, cell in enumerate(row)) if len(row) > 1 else row[0]
        for row in rows
    ]


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        description=(__doc__ or "").split("\n\n")[0],
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument("--baseline", type=Path, help="another checkout to run side by side")
    parser.add_argument("--quick", action="store_true", help="small sizes (a few minutes)")
    parser.add_argument("--lines", type=int, help=f"key-file lines (default {LINES:,})")
    parser.add_argument("--timeout", type=float, default=300.0, help="seconds a run may take")
    parser.add_argument("--json-out", type=Path, help="write the figures here")
    args = parser.parse_args(argv)
    words = QUICK_WORDS if args.quick else WORDS
    lines = args.lines or (QUICK_LINES if args.quick else LINES)
    checkouts = {"this": REPO, **({"baseline": args.baseline.resolve()} if args.baseline else {})}
    with tempfile.TemporaryDirectory(prefix="bench-limits-in-") as tmp:
        folder = Path(tmp)
        sentences = {}
        for n in (START_UP, *words):
            semcor, chain = folder / f"long{n}", folder / f"chain{n}.conllu"
            semcor.write_text(semcor_sentence(n), encoding="utf-8")
            chain.write_text(conllu_chain(n), encoding="utf-8")
            sentences[n] = (semcor, chain)
        small_gold, small = key_files(folder / "small", SMALL_LINES, 1)
        gold, systems = key_files(folder / "keys", lines, 2)
        inputs = {
            "sentences": sentences,
            "keys": {
                "compare small": (small_gold, small),
                "compare one": (gold, systems[:1]),
                "compare two": (gold, systems),
            },
        }
        results = {}
        for name, checkout in checkouts.items():
            print(f"measuring {name} ({checkout}) ...", file=sys.stderr, flush=True)
            results[name] = measure(checkout, inputs, args.timeout)
    print("\n".join(table(results, words, lines, args.timeout)))
    if args.json_out:
        args.json_out.write_text(json.dumps(results, indent=1) + "\n", encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
