"""Build the part-of-speech tagger the toolkit ships, ``data/wsd/semcor-tagger.json.gz``: the
tagger of ``--text`` (perceptron, sentence splitter, multiword model, verb detector) trained on
every tag file of SemCor 3.0 by :func:`wsd.text.train_semcor_tagger`, written as gzip-compressed
JSON with no time stamp, so that the same corpus and code give the same bytes.

    PYTHONPATH=. python bench/build_tagger.py [--corpus SEMCOR] [--out FILE]
    PYTHONPATH=. python bench/build_tagger.py --check     # rebuild, compare with the shipped file

It trains the perceptron twice (once on nine tenths of the files, for the verb detector): about
6 minutes on this machine (345 s; 430-465 CPU-s while it was busy).  ``--check`` exits 1 when
the rebuilt file differs from the shipped one (``tests/wsd/test_text.py`` runs it when
``WSD_REBUILD_TAGGER=1``).
"""

from __future__ import annotations

import argparse
import sys
import tempfile
import time
from collections.abc import Sequence
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))

from wsd.corpus import find_semcor  # noqa: E402
from wsd.text import save_tagger, train_semcor_tagger  # noqa: E402
from wsd.text.tagger import SHIPPED  # noqa: E402

SHIPPED_FILE = HERE.parent / "data" / "wsd" / SHIPPED


def build(corpus: str | None, out: Path) -> float:
    """Train on every SemCor tag file and write the tagger to ``out``; the CPU seconds taken."""
    started = time.process_time()
    save_tagger(train_semcor_tagger(find_semcor(corpus)), out)
    return time.process_time() - started


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--corpus", help="SemCor 3.0 (default: $WSD_SEMCOR)")
    parser.add_argument("--out", type=Path, default=SHIPPED_FILE, help="the file to write")
    parser.add_argument("--check", action="store_true", help="compare with the shipped file")
    args = parser.parse_args(argv)
    if not args.check:
        seconds = build(args.corpus, args.out)
        print(f"{args.out}: {args.out.stat().st_size:,} bytes, {seconds:.0f} CPU-s")
        return 0
    with tempfile.TemporaryDirectory() as work:
        rebuilt = Path(work) / SHIPPED
        seconds = build(args.corpus, rebuilt)
        same = rebuilt.read_bytes() == SHIPPED_FILE.read_bytes()
    verdict = "the same bytes as" if same else "DIFFERENT from"
    print(f"rebuilt in {seconds:.0f} CPU-s: {verdict} {SHIPPED_FILE}")
    return 0 if same else 1


if __name__ == "__main__":
    raise SystemExit(main())
