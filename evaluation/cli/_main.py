"""The ``wsd`` argument parser, assembled from the command modules of this package, and
``main``: a subcommand's ``run(args)`` returns the exit status; a
:class:`~thesaurus.ToolkitError` (a user's mistake) or :class:`OSError` (an output that cannot
be written) becomes one line on stderr and status 2, a warning one line ``wsd: warning: ...``.
SIGINT and SIGTERM abandon the command as an error does (outputs are written atomically, so
none is left half-written), print ``wsd: interrupted (SIGINT)`` and exit with ``128 + signal
number`` (130, 143) (:func:`_interruptible`).
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
from typing import TYPE_CHECKING, NoReturn

from evaluation.cli import agreement, compare, data, evaluate, frames, model, score
from evaluation.cli import thesaurus as thesaurus_command
from evaluation.cli._options import say, show_warning
from thesaurus import ToolkitError
from thesaurus.utils.outputs import (
    guarding_inputs,
    package_version,
    signals_held,
    when_released,
)

if TYPE_CHECKING:
    from sys import UnraisableHookArgs

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


def build_parser() -> argparse.ArgumentParser:
    parser = _Parser(prog="wsd", description="Verb sense disambiguation with graded evaluation.")
    parser.add_argument("--version", action="version", version=f"%(prog)s {package_version()}")
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
    except BaseException as exc:
        signum = _interruption(exc)
        if signum is None:
            raise
        say(f"wsd: interrupted ({signal.Signals(signum).name})")
        return 128 + signum


def _interruption(exc: BaseException | None) -> int | None:
    """The signal number if ``exc`` is an interruption or an error Python made of one (Python
    3.11 raises a RuntimeError caused by what ``__set_name__`` raised, as while a class of an
    imported module is made), else None."""
    while exc is not None:
        if isinstance(exc, KeyboardInterrupt):
            return exc.signum if isinstance(exc, Interrupted) else signal.SIGINT
        exc = exc.__cause__
    return None


def _run(argv: Sequence[str] | None) -> int:
    args = build_parser().parse_args(argv)
    try:
        with guarding_inputs():  # the inputs a command names are never written over
            return int(args.func(args) or 0)
    except ToolkitError as exc:
        say(f"wsd: error: {exc}")
        return 2
    except BrokenPipeError:  # `wsd frames ... | head`
        return 0
    except OSError as exc:  # an output the system refuses: no such directory, no space, ...
        where = f"{exc.filename}: " if exc.filename is not None else ""
        say(f"wsd: error: {where}{exc.strerror or exc}")
        return 2


def _interrupt(signum: int, frame: FrameType | None) -> None:
    if signals_held():  # an atomic write's critical instants: interrupt as soon as they end
        when_released(lambda: _interrupt(signum, None))
        return
    for other in SIGNALS:  # the first signal unwinds; a second must not cut its cleanup short
        signal.signal(other, signal.SIG_IGN)
    when_released(None)  # this is the interruption: none is to come when a hold ends
    raise Interrupted(signum)


@contextmanager
def _interruptible() -> Iterator[None]:
    """SIGINT and SIGTERM raise :class:`Interrupted` in the main thread while the block runs;
    the caller's handlers and ``sys.unraisablehook`` are back afterwards.  A signal ignored at
    the start (``nohup``) stays ignored, and outside the main thread the block runs as it is.
    Inside :func:`thesaurus.utils.outputs.signals_held` the signal waits for the hold's end;
    after the first, further signals are ignored until the cleanup ends.  A finalizer or weakref
    callback cannot raise: an :class:`Interrupted` it swallowed is raised again at the next call
    or return outside it, by a one-shot profile function (it replaces a profiler's).  One
    landing while the handlers are put back is raised once they are all back.
    """
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    previous = {signum: signal.getsignal(signum) for signum in SIGNALS}
    armed = [signum for signum, handler in previous.items() if handler is not signal.SIG_IGN]
    hook = sys.unraisablehook

    def swallowed(report: UnraisableHookArgs) -> None:
        if not isinstance(report.exc_value, Interrupted):
            hook(report)
            return
        for signum in armed:  # _interrupt ignored further signals: this one must still land
            signal.signal(signum, _interrupt)
        received = report.exc_value.signum

        def again(frame: FrameType, event: str, arg: object) -> None:
            if frame.f_code is not swallowed.__code__:  # out of this hook: raise it here
                sys.setprofile(None)
                _interrupt(received, frame)

        sys.setprofile(again)

    for signum in armed:
        signal.signal(signum, _interrupt)
    sys.unraisablehook = swallowed
    try:
        yield
    finally:
        late: Interrupted | None = None
        while True:  # each call here may raise one swallowed, or one landing now
            try:
                for signum, handler in previous.items():
                    signal.signal(signum, handler if handler is not None else signal.SIG_DFL)
                sys.unraisablehook = hook
                break
            except Interrupted as exc:
                late = late or exc
        if late is not None:
            raise late
