"""The ``wsd`` argument parser, assembled from the command modules of this package, and
``main``: a subcommand's ``run(args)`` returns an exit status; any
:class:`~thesaurus.ToolkitError` (a user's mistake: bad file, unknown key, bad config) or
:class:`OSError` (an output that cannot be written) becomes one line on stderr and exit status
2, never a traceback.  Warnings (an old option spelling, graded scores that became exact
match, ...) are one line each, ``wsd: warning: ...``.

Interruptions: while ``main`` runs, SIGINT (Ctrl-C) and SIGTERM (``kill``, a batch
scheduler's time limit) raise :class:`Interrupted` in the main thread, so that every output
being written is abandoned the way an error abandons it (each file is written to a temp file
renamed into place when complete: ``thesaurus.io.atomic_open``): earlier outputs stay intact
and no partial or temp file is left.  The command prints ``wsd: interrupted (SIGINT)`` and
exits with ``128 + signal number`` as shells report a process killed by the signal: 130 for
SIGINT, 143 for SIGTERM.  A second signal while the first unwinds is ignored (the cleanup is
not cut short); a signal the process was started ignoring (``nohup``) stays ignored.  A
signal that arrives before ``main`` has started (while Python imports the toolkit, a few
hundred milliseconds) has Python's default effect; nothing has been written by then.
"""

from __future__ import annotations

import argparse
import signal
import sys
import threading
import warnings
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from types import FrameType
from typing import NoReturn

from thesaurus import ToolkitError

from . import agreement, compare, data, evaluate, frames, model, score
from . import thesaurus as thesaurus_command
from ._options import show_warning

__all__ = ["Interrupted", "build_parser", "main"]

# In the order of ``wsd --help``.
COMMANDS = (data, frames, thesaurus_command, model, evaluate, score, compare, agreement)
SIGNALS = (signal.SIGINT, signal.SIGTERM)


class Interrupted(KeyboardInterrupt):
    """SIGINT or SIGTERM received while a command ran (``signum``); a
    :class:`KeyboardInterrupt`, so that every library unwinds as it does for Ctrl-C."""

    def __init__(self, signum: int) -> None:
        super().__init__(signum)
        self.signum = signum


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
    try:
        with warnings.catch_warnings(), _interruptible():
            warnings.showwarning = show_warning
            return _run(argv)
    except KeyboardInterrupt as exc:
        signum = exc.signum if isinstance(exc, Interrupted) else signal.SIGINT
        print(f"wsd: interrupted ({signal.Signals(signum).name})", file=sys.stderr)
        return 128 + signum


def _run(argv: Sequence[str] | None) -> int:
    args = build_parser().parse_args(argv)
    try:
        return int(args.func(args) or 0)
    except ToolkitError as exc:
        print(f"wsd: error: {exc}", file=sys.stderr)
        return 2
    except BrokenPipeError:  # `wsd frames ... | head`
        return 0
    except OSError as exc:  # an output the system refuses: no such directory, no space, ...
        where = f"{exc.filename}: " if exc.filename is not None else ""
        print(f"wsd: error: {where}{exc.strerror or exc}", file=sys.stderr)
        return 2


def _interrupt(signum: int, frame: FrameType | None) -> None:
    for other in SIGNALS:  # the first signal unwinds; a second must not cut its cleanup short
        signal.signal(other, signal.SIG_IGN)
    raise Interrupted(signum)


@contextmanager
def _interruptible() -> Iterator[None]:
    """SIGINT and SIGTERM raise :class:`Interrupted` while the block runs (module docstring);
    the previous handlers come back afterwards (``main`` also runs inside test processes)."""
    if threading.current_thread() is not threading.main_thread():
        yield  # only the main thread can set handlers; a library caller's thread keeps its own
        return
    previous = {signum: signal.getsignal(signum) for signum in SIGNALS}
    for signum, handler in previous.items():
        if handler is not signal.SIG_IGN:
            signal.signal(signum, _interrupt)
    try:
        yield
    finally:
        for signum, handler in previous.items():
            signal.signal(signum, handler if handler is not None else signal.SIG_DFL)
