"""Test support: shared by several test modules."""

from __future__ import annotations

import contextlib
import io
import re
from collections.abc import Sequence
from pathlib import Path

from paths import ROOT

from evaluation.cli import main

# ---- definitions
README = ROOT / "README.md"
RESULTS = ROOT / "docs" / "results.md"


JA_README = ROOT / "examples" / "japanese" / "README.md"


# --- helpers --------------------------------------------------------------------------------
def text(path: Path) -> str:
    return path.read_text(encoding="utf-8")


def quoted(doc: Path, pattern: str) -> re.Match[str]:
    """The first match of ``pattern`` in ``doc`` (whitespace in the pattern matches any run
    of whitespace, line breaks included); fails naming the doc when it no longer says it."""
    flexible = re.sub(r"(?:\\ |\s)+", r"\\s+", pattern)
    found = re.search(flexible, text(doc))
    assert found is not None, f"{doc.relative_to(ROOT)} no longer matches {pattern!r}"
    return found


def number(shown: str) -> int:
    """A count as the docs write it (``7,870``)."""
    return int(shown.replace(",", ""))


def run_cli(argv: Sequence[str]) -> tuple[int, str, str]:
    """``wsd ARGV`` in this process: exit status, stdout, stderr (``--help`` and usage
    errors exit through SystemExit, as from the shell)."""
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        try:
            code = main(list(argv))
        except SystemExit as done:
            code = done.code if isinstance(done.code, int) else 1
    return code, out.getvalue(), err.getvalue()


def held_out_files(semcor: Path) -> list[str]:
    """The README's recipe: every 10th tag file name, sorted (``awk 'NR%10==1'``)."""
    names = sorted(p.name for p in semcor.rglob("br-*") if "tagfiles" in p.parts)
    return names[::10]
