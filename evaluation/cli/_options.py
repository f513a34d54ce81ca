"""What the command modules share in their arguments, and warnings shown as one line."""

from __future__ import annotations

import argparse
import sys
from typing import TextIO

__all__ = [
    "add_train_keys_option",
    "show_warning",
    "top_k",
]


def top_k(text: str) -> int:
    """The argparse type of ``--top-k``: an integer >= 1."""
    try:
        value = int(text)
    except ValueError:
        value = 0
    if value < 1:
        raise argparse.ArgumentTypeError(f"must be an integer >= 1, got {text!r}")
    return value


def add_train_keys_option(parser: argparse.ArgumentParser) -> None:
    """``--train-keys``: the key file(s) of the systems' training data, for the unseen
    breakdown (``wsd score``, ``wsd compare``)."""
    parser.add_argument(
        "--train-keys",
        nargs="+",
        metavar="KEY",
        help="key file(s) of the instances the systems were trained on (a training corpus's "
        "gold keys, e.g. semcor.gold.key.txt): adds the unseen breakdown (seen sense, unseen "
        "sense, unseen verb); without it the reports say it is not available",
    )


def say(text: str) -> None:
    """One message line on stderr, written in a single call (text and newline together)."""
    sys.stderr.write(f"{text}\n")


def show_warning(
    message: Warning | str,
    category: type[Warning],
    filename: str,
    lineno: int,
    file: TextIO | None = None,
    line: str | None = None,
) -> None:
    """``warnings.showwarning`` for the command line: ``wsd: warning: <message>``."""
    stream = file if file is not None else sys.stderr
    text = " ".join(str(message).split())
    stream.write(f"wsd: warning: {text}\n")
