"""The ``wsd`` argument parser, assembled from the command modules of this package, and
``main``: a subcommand's ``run(args)`` returns an exit status; any
:class:`~thesaurus.ToolkitError` (a user's mistake: bad file, unknown key, bad config) becomes
one line on stderr and exit status 2, never a traceback.  Warnings (an old option spelling,
graded scores that became exact match, ...) are one line each, ``wsd: warning: ...``.
"""

from __future__ import annotations

import argparse
import sys
import warnings
from collections.abc import Sequence
from typing import NoReturn

from thesaurus import ToolkitError

from . import agreement, compare, data, evaluate, frames, model, score
from . import thesaurus as thesaurus_command
from ._options import show_warning

__all__ = ["build_parser", "main"]

# In the order of ``wsd --help``.
COMMANDS = (data, frames, thesaurus_command, model, evaluate, score, compare, agreement)


class _Parser(argparse.ArgumentParser):
    def error(self, message: str) -> NoReturn:  # argparse's default exits 2 too; keep it short
        self.print_usage(sys.stderr)
        self.exit(2, f"wsd: error: {message}\n")


def _version() -> str:
    from importlib.metadata import PackageNotFoundError, version

    try:
        return version("verb-wsd")
    except PackageNotFoundError:  # a source tree that was never installed
        return "unknown"


def build_parser() -> argparse.ArgumentParser:
    parser = _Parser(prog="wsd", description="Verb sense disambiguation with graded evaluation.")
    parser.add_argument("--version", action="version", version=f"%(prog)s {_version()}")
    subparsers = parser.add_subparsers(dest="command", metavar="COMMAND", parser_class=_Parser)
    subparsers.required = True
    for command in COMMANDS:
        command.register(subparsers)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    with warnings.catch_warnings():
        warnings.showwarning = show_warning
        return _run(argv)


def _run(argv: Sequence[str] | None) -> int:
    args = build_parser().parse_args(argv)
    try:
        return int(args.func(args) or 0)
    except ToolkitError as exc:
        print(f"wsd: error: {exc}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        print("wsd: interrupted", file=sys.stderr)
        return 130
    except BrokenPipeError:  # `wsd frames ... | head`
        return 0
