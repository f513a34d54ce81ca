"""Output paths, checked before any work: what a command may write, and where.

A **file output** is a new path, a regular file (replaced atomically; through a symbolic link
the target is replaced), a character device or FIFO (``/dev/null``: written into once the
output is complete), or ``-``, standard output (:data:`STDOUT`); a folder, block device,
socket or empty path is refused.  A **folder output** is a new path or an existing folder.  The
folder an output goes into must be writable (or creatable).

Outputs are distinct from each other and from the command's inputs (by device and inode, or
resolved path); devices may repeat.  Inside :func:`guarding_inputs`, :mod:`thesaurus.utils.outputs`
also refuses to replace an input registered by :func:`check_outputs`.  Every refusal is an
:class:`OutputError` naming the user's path.
"""

from __future__ import annotations

import os
import stat
from collections.abc import Iterable, Iterator, Mapping
from contextlib import contextmanager
from contextvars import ContextVar
from pathlib import Path

from thesaurus.utils.errors import OutputError

__all__ = [
    "STDOUT",
    "check_outputs",
    "guarding_inputs",
    "is_input",
    "refuse_input",
    "side_file",
    "write_target",
]

PathLike = str | os.PathLike[str]

STDOUT = "-"  # an output file spelled so is standard output, as for Unix tools

_KINDS = {
    stat.S_IFREG: "a file",
    stat.S_IFDIR: "a folder",
    stat.S_IFBLK: "a block device",
    stat.S_IFSOCK: "a socket",
    stat.S_IFCHR: "a character device",
    stat.S_IFIFO: "a FIFO",
}

# The inputs of the running command, by identity -> the path as the user spelled it.
_INPUTS: ContextVar[dict[tuple[object, ...], str] | None] = ContextVar("inputs", default=None)


def _kind(mode: int) -> str:
    return _KINDS.get(stat.S_IFMT(mode), "not a regular file")


def _written_into(mode: int) -> bool:
    """Whether an existing non-regular file is written into rather than refused."""
    return stat.S_ISCHR(mode) or stat.S_ISFIFO(mode)


def _identity(path: PathLike) -> tuple[object, ...]:
    """What makes two paths the same file: device and inode, else the resolved path."""
    if os.fspath(path) == STDOUT:
        return ("stdout",)
    try:
        info = os.stat(path)
    except OSError:
        return ("path", os.path.realpath(path))
    return ("inode", info.st_dev, info.st_ino)


def _stat(path: PathLike, label: str) -> os.stat_result | None:
    """``os.stat`` of ``path`` (links followed), ``None`` when nothing is there yet."""
    try:
        return os.stat(path)
    except (FileNotFoundError, NotADirectoryError):  # the folder check names the culprit
        return None
    except OSError as exc:
        raise OutputError(f"{label}: {exc.strerror or exc}") from None


def _check_folder_for(path: PathLike, label: str) -> None:
    """Check that the nearest existing ancestor of ``path``'s real location is a writable
    folder."""
    ancestor = Path(os.path.realpath(path)).parent
    while not ancestor.exists() and ancestor != ancestor.parent:
        ancestor = ancestor.parent
    if not ancestor.is_dir():
        raise OutputError(f"{label}: {ancestor} is not a folder")
    if not os.access(ancestor, os.W_OK | os.X_OK):
        raise OutputError(f"{label}: cannot write in {ancestor} ({_why_not(ancestor)})")


def _why_not(folder: PathLike) -> str:
    """Why a folder cannot be written: its file system is read-only, or permission."""
    try:
        read_only = bool(os.statvfs(folder).f_flag & os.ST_RDONLY)
    except OSError:
        read_only = False
    return "read-only file system" if read_only else "permission denied"


def _check_file(path: PathLike, label: str) -> os.stat_result | None:
    _check_spelling(path, label)
    info = _stat(path, label)
    if info is None:
        _check_folder_for(path, label)
    elif stat.S_ISREG(info.st_mode):
        _check_folder_for(path, label)  # the new file is renamed over it from its folder
    elif _written_into(info.st_mode):
        if not os.access(path, os.W_OK):
            raise OutputError(
                f"{label}: cannot write into {_kind(info.st_mode)} (permission denied)"
            )
    elif stat.S_ISDIR(info.st_mode):
        raise OutputError(f"{label} is a folder; give the path of a file to write")
    else:
        raise OutputError(f"{label} is {_kind(info.st_mode)}; refusing to write over it")
    return info


def _check_folder(path: PathLike, label: str) -> None:
    _check_spelling(path, label)
    if os.fspath(path) == STDOUT:
        raise OutputError(
            f"{label}: a folder cannot go to standard output; write ./- for a folder named -"
        )
    info = _stat(path, label)
    if info is None:
        _check_folder_for(path, label)
    elif not stat.S_ISDIR(info.st_mode):
        raise OutputError(f"{label} is {_kind(info.st_mode)}; give a folder for the report")
    elif not os.access(path, os.W_OK | os.X_OK):
        raise OutputError(f"{label}: cannot write in this folder ({_why_not(path)})")


def _check_spelling(path: PathLike, label: str) -> None:
    if not os.fspath(path):
        raise OutputError(f"{label} is an empty path; give the path to write")


# Paths, or (option name, path) pairs, or a mapping from option names to paths.
Named = Mapping[str, PathLike | None] | Iterable[PathLike | tuple[str, PathLike | None] | None]


def _named(paths: Named) -> list[tuple[str, PathLike]]:
    """``(how to name it, path)`` for each given path: an option or key before the path
    (``--gold-out p.key``), a description after it (``x.gold.key.txt (the gold keys of
    --corpus x.conllu)``), else the path alone."""
    items = paths.items() if isinstance(paths, Mapping) else paths
    out: list[tuple[str, PathLike]] = []
    for item in items:
        name, path = item if isinstance(item, tuple) else ("", item)
        if path is None:
            continue
        text = os.fspath(path) or "''"
        if name.startswith("-") or " " not in name:
            out.append((f"{name} {text}" if name else text, path))
        else:
            out.append((f"{text} ({name})", path))
    return out


def check_outputs(
    files: Named = (), folders: Named = (), inputs: Named = (), *, stdout: str | None = None
) -> None:
    """Check that every output file and folder can be written (module docstring) and that
    none is another output or an input; :class:`OutputError` naming the paths.  Each argument
    holds paths, ``(option name, path)`` pairs or an option -> path mapping; ``None`` paths
    are skipped.  ``stdout`` names what the command itself prints on standard output, which
    an output ``-`` may then not join.

    >>> check_outputs(files={"--out": "p.key", "--gold-out": "./p.key"})
    Traceback (most recent call last):
    thesaurus.OutputError: --gold-out ./p.key is the same file as --out p.key: each output ...
    """
    seen: dict[tuple[object, ...], str] = {}
    for shown, path in _named(files):
        if os.fspath(path) == STDOUT:
            if stdout is not None:
                raise OutputError(f"{shown}: standard output carries {stdout}; give a file")
            _claim(seen, shown, path)
            continue
        info = _check_file(path, shown)
        if info is None or not _written_into(info.st_mode):  # /dev/null twice loses nothing
            _claim(seen, shown, path)
    for shown, path in _named(folders):
        _check_folder(path, shown)
        _claim(seen, shown, path)
    given_inputs = [(shown, path) for shown, path in _named(inputs) if os.path.exists(path)]
    for shown, path in given_inputs:
        output = seen.get(_identity(path))
        if output is not None:
            raise OutputError(
                f"{output} is the input {shown}: writing it would destroy the input; give the "
                "output another path"
            )
    guarded = _INPUTS.get()
    if guarded is not None:
        for shown, path in given_inputs:
            if _is_regular(path):
                guarded[_identity(path)] = shown


def _claim(seen: dict[tuple[object, ...], str], shown: str, path: PathLike) -> None:
    identity = _identity(path)
    if identity in seen:
        raise OutputError(
            f"{shown} is the same file as {seen[identity]}: each output needs its own path"
        )
    seen[identity] = shown


def _is_regular(path: PathLike) -> bool:
    try:
        return stat.S_ISREG(os.stat(path).st_mode)
    except OSError:
        return False


@contextmanager
def guarding_inputs() -> Iterator[None]:
    """A block (a command's run) in which the inputs named to :func:`check_outputs` are never
    replaced by an output (:func:`refuse_input`)."""
    token = _INPUTS.set({})
    try:
        yield
    finally:
        _INPUTS.reset(token)


def _input_name(path: PathLike) -> str | None:
    guarded = _INPUTS.get()
    return guarded.get(_identity(path)) if guarded else None


def is_input(path: PathLike) -> bool:
    """Whether ``path`` is an input of the running command."""
    return _input_name(path) is not None


def refuse_input(path: PathLike) -> None:
    """:class:`OutputError` when ``path`` is an input of the running command."""
    name = _input_name(path)
    if name is not None:
        raise OutputError(
            f"{os.fspath(path)} is the input {name}: writing it would destroy the input; "
            "give the output another path"
        )


def side_file(path: PathLike, suffix: str, label: str) -> str:
    """The file ``path + suffix`` written beside the output file ``path``; :class:`OutputError`
    when ``path`` is standard output, a device or a FIFO (no folder of its own to hold it)."""
    where = os.fspath(path)
    info = None if where == STDOUT else _stat(path, label)
    if where == STDOUT or (info is not None and _written_into(info.st_mode)):
        what = "standard output" if info is None else _kind(info.st_mode)
        raise OutputError(
            f"{label} writes {where}{suffix} beside the output, and {where} is {what}: give "
            "the output a file path"
        )
    return where + suffix


def write_target(path: PathLike) -> tuple[Path, bool]:
    """Where writing ``path`` lands (links followed), and whether it is written into (a
    character device, FIFO or :data:`STDOUT`, then ``Path("-")``) rather than replaced;
    :class:`OutputError` for an empty path, a folder, block device, socket or guarded input."""
    _check_spelling(path, "an output")
    if os.fspath(path) == STDOUT:
        return Path(STDOUT), True
    info = _stat(path, os.fspath(path))  # links followed; /dev/stdout on a pipe has no real path
    if info is not None and not stat.S_ISREG(info.st_mode):
        if not _written_into(info.st_mode):
            raise OutputError(
                f"{os.fspath(path)} is {_kind(info.st_mode)}; refusing to write over it"
            )
        return Path(path), True
    target = Path(os.path.realpath(path))
    refuse_input(target)
    return target, False
