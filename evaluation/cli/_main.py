"""The ``wsd`` argument parser, assembled from the command modules of this package, and
``main``: a subcommand's ``run(args)`` returns an exit status; any
:class:`~thesaurus.ToolkitError` (a user's mistake: bad file, unknown key, bad config) or
:class:`OSError` (an output that cannot be written) becomes one line on stderr and exit status
2, never a traceback.  Warnings (an old option spelling, graded scores that became exact
match, ...) are one line each, ``wsd: warning: ...``.

Interruptions: while ``main`` runs, SIGINT (Ctrl-C) and SIGTERM (``kill``, a batch
scheduler's time limit) raise :class:`Interrupted` in the main thread, so that every output
being written is abandoned the way an error abandons it (each file is written to a temp file
renamed into place when complete: ``thesaurus.io.atomic_open``; the files of one command
together: ``atomic_group``): earlier outputs stay intact and no partial or temp file is left.
The handler waits for the instants in which an atomic write must not be cut
(``thesaurus.io.signals_held``) to pass.  The command prints ``wsd: interrupted (SIGINT)`` and
exits with ``128 + signal number`` as shells report a process killed by the signal: 130 for
SIGINT, 143 for SIGTERM.  A second signal while the first unwinds is ignored (the cleanup is
not cut short); a signal the process was started ignoring (``nohup``) stays ignored.  A
signal handled where Python cannot raise (in a finalizer or weakref callback) is delivered
again a moment later instead of being lost (:class:`_Redelivery`).  A signal that arrives
before ``main`` has started (while Python imports the toolkit, a few
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
from typing import TYPE_CHECKING, Any, NoReturn

from thesaurus import ToolkitError
from thesaurus.io import guarding_inputs, signals_held, when_released

from . import agreement, compare, data, evaluate, frames, model, score
from . import thesaurus as thesaurus_command
from ._options import say, show_warning

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
        say(f"wsd: interrupted ({signal.Signals(signum).name})")
        return 128 + signum


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
    _REDELIVERY.delivered()
    raise Interrupted(signum)


class _Redelivery:
    """An interruption Python swallowed, to deliver again.

    A signal handler runs between two bytecodes of the main thread, which may be inside a
    finalizer or a weakref callback (an import's module-lock callback, say), where Python
    cannot propagate an exception: it prints ``Exception ignored in ...`` with a traceback and
    carries on, the handlers already set to ignore a second signal, so the command would run
    to its end.  While ``main`` runs, such an :class:`Interrupted` is not shown but the signal
    is sent again to the main thread a few milliseconds later from a timer thread (by then
    outside the callback; a real signal, so that a blocking call is cut short too).  A
    delivery cancelled is never made afterwards: :meth:`cancel` and the send share a lock.
    """

    DELAY = 0.005

    def __init__(self) -> None:
        self.signum = 0
        self._timer: threading.Timer | None = None
        self._lock = threading.Lock()

    def schedule(self, signum: int) -> None:
        self.cancel()
        self.signum = signum
        self._timer = threading.Timer(self.DELAY, self._send, (signum, threading.main_thread()))
        self._timer.daemon = True
        self._timer.start()

    def _send(self, signum: int, main: threading.Thread) -> None:
        with self._lock:
            if self.signum == signum and main.ident is not None:
                signal.pthread_kill(main.ident, signum)

    def delivered(self) -> None:
        self.signum = 0

    def cancel(self) -> int:
        """Stop a delivery not yet made; the signal it was for (0: none was pending)."""
        with self._lock:
            if self._timer is not None:
                self._timer.cancel()
                self._timer = None
            signum, self.signum = self.signum, 0
        return signum


_REDELIVERY = _Redelivery()


@contextmanager
def _interruptible() -> Iterator[None]:
    """SIGINT and SIGTERM raise :class:`Interrupted` while the block runs (module docstring),
    also when Python first swallowed it (:class:`_Redelivery`); the previous handlers and
    ``sys.unraisablehook`` come back afterwards (``main`` also runs inside test processes)."""
    if threading.current_thread() is not threading.main_thread():
        yield  # only the main thread can set handlers; a library caller's thread keeps its own
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
        _REDELIVERY.schedule(report.exc_value.signum)

    for signum in armed:
        signal.signal(signum, _interrupt)
    sys.unraisablehook = swallowed
    try:
        yield
        late = _REDELIVERY.cancel()  # swallowed while the command was ending: it still counts
        if late:
            raise Interrupted(late)
    finally:
        pending: Interrupted | None = None
        try:
            _REDELIVERY.cancel()
        except Interrupted as exc:  # a signal sent just before: its handler ran here
            pending = exc
        sys.unraisablehook = hook
        _restore(previous, pending)


def _restore(previous: dict[signal.Signals, Any], late: Interrupted | None) -> None:
    """Put the previous handlers back; a signal that lands meanwhile (``signal.signal`` runs
    pending handlers first), or ``late``, still interrupts, once they are all back."""
    for signum, handler in previous.items():
        while True:
            try:
                signal.signal(signum, handler if handler is not None else signal.SIG_DFL)
                break
            except Interrupted as exc:
                late = late or exc
    if late is not None:
        raise late
