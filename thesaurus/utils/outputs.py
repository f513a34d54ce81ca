"""Output files for every layer: atomic writes, the one JSON serializer, the toolkit's version.

**Atomic output** (temp file beside the target + rename): a crash or an interruption never
leaves a half-written file nor the temp file; files written inside :func:`atomic_group` are
put in place together or not at all (a device or standard output, which cannot be taken
back, gets its bytes first, so that one failing leaves every file as it was).  A written
file gets the mode ``open(path, "w")`` would give (the replaced file's mode, else
``0o666 & ~umask``).

**JSON**: :func:`to_json` turns records, mappings, sequences and numpy values into strict JSON
data (no ``Infinity``, no ``NaN``).
"""

from __future__ import annotations

import contextlib
import dataclasses
import io
import json
import math
import os
import shutil
import signal
import stat
import sys
import tempfile
import threading
from collections.abc import Callable, Iterator, Mapping
from contextlib import contextmanager
from contextvars import ContextVar
from importlib.metadata import PackageNotFoundError, version
from pathlib import Path
from typing import IO, Any

import numpy as np

from thesaurus.utils.output_checks import (
    STDOUT,
    check_outputs,
    guarding_inputs,
    is_input,
    side_file,
    write_target,
)

__all__ = [
    "STDOUT",
    "atomic_group",
    "check_outputs",
    "guarding_inputs",
    "atomic_open",
    "atomic_remove",
    "atomic_save_npz",
    "atomic_write_json",
    "atomic_write_text",
    "current_umask",
    "package_version",
    "side_file",
    "signals_held",
    "to_json",
    "when_released",
]

_UMASK_LOCK = threading.Lock()


def current_umask() -> int:
    """The process umask (from /proc where Linux shows it, else set and restored under a lock)."""
    try:
        with open("/proc/self/status", encoding="ascii") as status:
            for line in status:
                if line.startswith("Umask:"):
                    return int(line.split()[1], 8)
    except (OSError, ValueError, IndexError):
        pass
    with _UMASK_LOCK:
        mask = os.umask(0o022)
        os.umask(mask)
    return mask


def _final_mode(target: Path) -> int:
    try:
        return stat.S_IMODE(target.stat().st_mode)
    except OSError:
        return 0o666 & ~current_umask()


_HOLD = threading.local()  # this thread's hold depth and the action held back


@contextmanager
def _signals_held() -> Iterator[None]:
    """SIGINT and SIGTERM held back while the block runs: by this thread's signal mask (enough
    for any caller's handler while no other thread can take the signal), and by the flag
    :func:`signals_held` that ``wsd``'s handler reads, as it runs in the main thread whichever
    thread took the signal (it then defers its work with :func:`when_released`, run as the
    outermost hold ends)."""
    previous = None
    if hasattr(signal, "pthread_sigmask"):
        previous = signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGINT, signal.SIGTERM})
    _HOLD.depth = getattr(_HOLD, "depth", 0) + 1
    try:
        yield
    finally:
        _HOLD.depth -= 1
        if previous is not None:
            signal.pthread_sigmask(signal.SIG_SETMASK, previous)
        action = getattr(_HOLD, "action", None)
        if _HOLD.depth == 0 and action is not None:
            _HOLD.action = None
            action()  # an interruption raises here, once the files are in a known state


def signals_held() -> bool:
    """Whether this thread is in an instant an atomic write must not be interrupted in."""
    return getattr(_HOLD, "depth", 0) > 0


def when_released(action: Callable[[], None] | None) -> None:
    """Run ``action`` (a signal handler's work) when the current hold ends; ``None`` forgets
    one held back (the handler acted meanwhile)."""
    _HOLD.action = action


class _Group:
    """Output files written to temp files and put in place together: first the streams (a
    character device, FIFO or standard output: :func:`thesaurus.utils.output_checks.write_target`)
    by a copy, so that one that fails (``/dev/full``) leaves every file as it was; then the regular
    files by a rename; then the files of :func:`atomic_remove` go."""

    def __init__(self) -> None:
        self._copies: list[tuple[IO[bytes], Path, str]] = []  # (spool, target, as given)
        self._renames: list[tuple[str, Path, str]] = []  # (temp file, target, as given)
        self._removals: list[Path] = []

    @contextmanager
    def open(self, path: str | os.PathLike[str], mode: str = "w") -> Iterator[IO[Any]]:
        """A temp file for ``path``, kept for :meth:`commit` when the block succeeds, removed
        otherwise.  A system error names ``path``, never the temp file."""
        target, into = write_target(path)
        shown = os.fspath(path)
        encoding = None if "b" in mode else "utf-8"
        spool: IO[bytes] | None = None
        tmp: str | None = None
        handle: IO[Any] | None = None
        try:
            with _named(shown, target):
                if into:
                    spool = tempfile.TemporaryFile()
                    handle = spool if encoding is None else io.TextIOWrapper(spool, encoding)
                else:
                    target.parent.mkdir(parents=True, exist_ok=True)
                    with _signals_held():
                        fd, tmp = tempfile.mkstemp(
                            dir=target.parent, prefix=f".{target.name}.", suffix=".tmp"
                        )
                        handle = os.fdopen(fd, mode, encoding=encoding)
                yield handle
                handle.flush()  # a full disk fails here, inside _named, rather than at close
                if spool is None:
                    handle.close()
                elif isinstance(handle, io.TextIOWrapper):
                    handle.detach()  # the spool stays open for the commit
        except BaseException:
            if handle is not None:
                with contextlib.suppress(OSError):  # the bytes that did not fit fail again
                    handle.close()
            if spool is not None:
                spool.close()
            if tmp is not None:
                Path(tmp).unlink(missing_ok=True)
            raise
        if spool is not None:
            self._copies.append((spool, target, shown))
        else:
            assert tmp is not None
            self._renames.append((tmp, target, shown))

    def remove(self, path: Path) -> None:
        self._removals.append(path)

    def commit(self) -> None:
        """Put every output in place with signals held; a failure removes the remaining temp
        files.  A stream whose reader went away (``| head``) still lets the files come."""
        broken: BrokenPipeError | None = None
        with _signals_held():
            try:
                for spool, target, shown in self._copies:
                    try:
                        with _named(shown, target):
                            _copy(spool, target)
                    except BrokenPipeError as exc:
                        broken = exc
                for temp, target, shown in self._renames:
                    with _named(shown, target):
                        os.chmod(temp, _final_mode(target))
                        os.replace(temp, target)
                for path in self._removals:
                    with _named(os.fspath(path), path):
                        path.unlink(missing_ok=True)
            finally:
                self.discard()
        if broken is not None:
            raise broken

    def discard(self) -> None:
        for spool, _, _ in self._copies:
            spool.close()
        for temp, _, _ in self._renames:
            Path(temp).unlink(missing_ok=True)  # gone already once renamed
        self._copies.clear()
        self._renames.clear()
        self._removals.clear()


def _copy(spool: IO[bytes], target: Path) -> None:
    """The bytes of ``spool`` into the device or FIFO ``target``, or standard output."""
    spool.seek(0)
    if os.fspath(target) == STDOUT:
        sys.stdout.flush()  # what the command printed comes first
        shutil.copyfileobj(spool, sys.stdout.buffer)
        sys.stdout.buffer.flush()
        return
    with open(target, "wb") as device:
        shutil.copyfileobj(spool, device)


@contextmanager
def _named(shown: str, target: Path) -> Iterator[None]:
    """A system error in the block names the user's output ``shown``, not the temp file."""
    try:
        yield
    except OSError as exc:
        name = None if exc.filename is None else os.fspath(exc.filename)
        ours = name is None or name == os.fspath(target)
        ours = ours or os.path.basename(name or "").startswith(f".{target.name}.")
        if ours and exc.errno is not None:
            raise OSError(exc.errno, exc.strerror, shown) from None
        raise


_GROUP: ContextVar[_Group | None] = ContextVar("atomic_group", default=None)


@contextmanager
def atomic_group() -> Iterator[None]:
    """Every file :func:`atomic_open` writes inside the block (in this thread) is put in place
    when the block succeeds, all together, or none is.  Inside the block a written file is not
    at its path yet; nested blocks belong to the outermost one."""
    if _GROUP.get() is not None:
        yield
        return
    group = _Group()
    token = _GROUP.set(group)
    try:
        try:
            yield
        finally:
            _GROUP.reset(token)
        group.commit()
    except BaseException:
        group.discard()
        raise


@contextmanager
def atomic_open(path: str | os.PathLike[str], mode: str = "w") -> Iterator[IO[Any]]:
    """Write ``path`` atomically (inside :func:`atomic_group`: when the group's block ends); on
    any exception, an interruption included, ``path`` is left as it was."""
    with atomic_group():
        group = _GROUP.get()
        assert group is not None
        with group.open(path, mode) as handle:
            yield handle


def atomic_remove(path: str | os.PathLike[str]) -> None:
    """Remove the regular file ``path`` (inside :func:`atomic_group`: with the group's files,
    after them); anything else there, or an input of the running command, stays."""
    path = Path(path)
    try:
        regular = stat.S_ISREG(os.lstat(path).st_mode)
    except OSError:
        return
    if regular and not is_input(path):
        with atomic_group():
            group = _GROUP.get()
            assert group is not None
            group.remove(path)


def atomic_write_text(path: str | os.PathLike[str], text: str) -> None:
    with atomic_open(path) as handle:
        handle.write(text)


def atomic_write_json(path: str | os.PathLike[str], data: Any, *, indent: int | None = 1) -> None:
    """``data`` as UTF-8 JSON, atomically."""
    text = json.dumps(data, ensure_ascii=False, indent=indent)
    with atomic_open(path) as handle:
        handle.write(text + "\n")


def atomic_save_npz(
    path: str | os.PathLike[str], *, compress: bool = True, **arrays: np.ndarray
) -> None:
    """Write ``arrays`` as an NPZ archive atomically."""
    save = np.savez_compressed if compress else np.savez
    with atomic_open(path, "wb") as handle:
        save(handle, **arrays)  # type: ignore[arg-type]


def to_json(value: Any) -> Any:
    """``value`` as plain JSON data (dicts, lists, strings, numbers, booleans, ``None``):
    ``__json__()``'s result if it has one; a dataclass as ``{field: value}`` (a field's
    ``metadata["json"]``: a function applied first, or ``False`` to leave it out); mapping keys
    as strings; sequences and arrays as lists; ``±inf`` as ``"inf"``/``"-inf"``, NaN as
    ``None``; numpy scalars as Python numbers; a path as its string.  ``TypeError`` otherwise.

    >>> to_json({"a": [math.inf, -math.inf, math.nan, 1.5], 2: (np.float64(0.25), np.int64(3))})
    {'a': ['inf', '-inf', None, 1.5], '2': [0.25, 3]}
    """
    if hasattr(value, "__json__"):
        return to_json(value.__json__())
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        out = {}
        for field in dataclasses.fields(value):
            convert = field.metadata.get("json", True)
            if convert is False:
                continue
            item = getattr(value, field.name)
            out[field.name] = to_json(item if convert is True else convert(item))
        return out
    if isinstance(value, Mapping):
        return {str(key): to_json(item) for key, item in value.items()}
    if isinstance(value, str | bool | None):
        return value
    if isinstance(value, np.ndarray | list | tuple):
        return [to_json(item) for item in value]
    if isinstance(value, np.generic):
        return to_json(value.item())
    if isinstance(value, float):
        return value if math.isfinite(value) else _nonfinite(value)
    if isinstance(value, int):
        return value
    if isinstance(value, os.PathLike):
        return os.fspath(value)
    raise TypeError(f"cannot write a {type(value).__name__} as JSON: {value!r}")


def _nonfinite(value: float) -> str | None:
    """NaN as ``None``, an infinity as ``"inf"`` or ``"-inf"``."""
    if math.isnan(value):
        return None
    return "inf" if value > 0 else "-inf"


def package_version(distribution: str = "verb-wsd") -> str:
    """The installed version of ``distribution``, ``"unknown"`` when it is not installed."""
    try:
        return version(distribution)
    except PackageNotFoundError:
        return "unknown"
