"""The ``wsd`` command: one argparse tree assembled from each package's commands.

The CLI lives in the top layer because it reaches every layer; each package owns its own
subcommands in a module exposing ``register(subparsers)``.  A subcommand's ``run(args)``
returns an exit status.  Any :class:`~thesaurus.ToolkitError` (a user's mistake: bad file,
unknown key, bad config) becomes one line on stderr and exit status 2.
"""

from __future__ import annotations

import argparse
import importlib
import sys
from collections.abc import Sequence
from typing import NoReturn

from thesaurus._exceptions import ToolkitError

__all__ = ["build_parser", "main"]

# Modules that expose ``register(subparsers)``; each imports its heavy dependencies inside
# ``run`` so that ``wsd --help`` stays fast.
COMMAND_MODULES = (
    "wsd.commands.data",
    "wsd.commands.frames",
    "thesaurus.cli",
    "wsd.commands.model",
    "evaluation.commands.evaluate",
    "evaluation.commands.score",
    "evaluation.commands.agreement",
)


class _Parser(argparse.ArgumentParser):
    def error(self, message: str) -> NoReturn:  # argparse's default exits 2 too; keep it short
        self.print_usage(sys.stderr)
        self.exit(2, f"wsd: error: {message}\n")


def build_parser() -> argparse.ArgumentParser:
    parser = _Parser(prog="wsd", description="Verb sense disambiguation with graded evaluation.")
    subparsers = parser.add_subparsers(dest="command", metavar="COMMAND", parser_class=_Parser)
    subparsers.required = True
    for name in COMMAND_MODULES:
        importlib.import_module(name).register(subparsers)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
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


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
