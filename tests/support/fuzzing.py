"""Shared machinery of the fuzz suite: the hypothesis profiles (:data:`FUZZ`, ``fuzz-ci`` or
``$WSD_FUZZ_PROFILE=fuzz-deep``; :data:`CLI`, :data:`CLI_HEAVY` for commands), a hang guard,
the oracles (:func:`expect`: exactly the expected result or :class:`Failure`;
:func:`read_or_fail`: a result or the toolkit's one-line error naming the file), the byte
mutations every target applies (:data:`MUTATIONS`, :func:`mutated`), the command runners
(:func:`run_wsd`, :func:`run_main`: exit 0 or 2, one error line, no traceback), a disk that
fills up, and the shape of WordNet sense keys (:func:`wordnet_key`, :func:`gold_problem`).
"""

from __future__ import annotations

import codecs
import contextlib
import errno
import io
import os
import re
import signal
import subprocess
import sys
from collections.abc import Callable, Iterable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from types import FrameType
from typing import Any

from hypothesis import HealthCheck, settings
from hypothesis import event as _event
from hypothesis import strategies as st
from hypothesis.control import currently_in_test_context
from paths import ROOT

from thesaurus import ToolkitError

# --- settings -------------------------------------------------------------------------------
CI_EXAMPLES = 150
# CI draws the same cases on every run (derandomize: a red CI is reproducible and never
# depends on luck); the deep profile explores new random cases every run.
settings.register_profile(
    "fuzz-ci",
    max_examples=CI_EXAMPLES,
    deadline=None,
    derandomize=True,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)
settings.register_profile(
    "fuzz-deep",
    parent=settings.get_profile("fuzz-ci"),
    max_examples=5_000,
    derandomize=False,
)
FUZZ = settings.get_profile(os.environ.get("WSD_FUZZ_PROFILE", "fuzz-ci"))
# Command-line targets run one subprocess per case: a few per command by default, more in
# the deep profile; fewer for the commands that import scikit-learn (two seconds a run).
DEEP = FUZZ.max_examples > CI_EXAMPLES
CLI = settings(FUZZ, max_examples=200 if DEEP else 10)
CLI_HEAVY = settings(FUZZ, max_examples=100 if DEEP else 6)
HANG_SECONDS = 30  # one case reads at most a few hundred KB: far beyond any honest run

BOM = codecs.BOM_UTF8
HUGE = 200_000  # characters of a huge line (bounded: cases stay fast)


class Hang(AssertionError):
    """A reader ran past :data:`HANG_SECONDS` on a bounded input."""


@contextmanager
def no_hang(seconds: int = HANG_SECONDS) -> Iterator[None]:
    """Fail instead of hanging: SIGALRM after ``seconds`` raises :class:`Hang` in the reader."""

    def alarm(signum: int, frame: FrameType | None) -> None:
        raise Hang(f"no result after {seconds} s on a bounded input")

    previous = signal.signal(signal.SIGALRM, alarm)
    signal.alarm(seconds)
    try:
        yield
    finally:
        signal.alarm(0)
        signal.signal(signal.SIGALRM, previous)


def event(text: str) -> None:
    """A hypothesis event (shown by ``--hypothesis-show-statistics``); nothing outside a
    hypothesis test (the oracle also serves plain tests)."""
    if currently_in_test_context():
        _event(text)


def mutation_events(names: Iterable[str]) -> None:
    """One event per mutation a case went through (``mutation: <name>``)."""
    for name in names:
        event(f"mutation: {name}")


# --- the shared oracle ----------------------------------------------------------------------
@dataclass(frozen=True)
class Failure:
    """What is expected instead of a result: an error naming ``file`` and ``line``
    (None: the error is about the file as a whole, e.g. a cycle)."""

    file: str
    line: int | None
    why: str


def expect(read: Callable[[], Any], expected: Any, error: type[ToolkitError] = ToolkitError) -> Any:
    """Run ``read`` and check it against the ``expected`` result or :class:`Failure`:
    the result must equal it, or the error must be ``error``'s, one short line starting with
    ``file:line: `` (``file`` alone for whole-file errors).  Any other exception propagates
    and fails the test.  Records the outcome as a hypothesis event."""
    try:
        with no_hang():
            got = read()
    except ToolkitError as exc:
        assert isinstance(expected, Failure), f"valid input rejected: {exc}"
        message = _one_short_line(exc, error, [expected.file])
        where = expected.file if expected.line is None else f"{expected.file}:{expected.line}"
        assert message.startswith(where), f"expected {where} ({expected.why}), got: {message}"
        if expected.line is None:  # no line expected: the message may still name one
            assert re.match(re.escape(expected.file) + r"(:\d+)?: ", message), message
        event(f"outcome: error ({expected.why})")
        return None
    assert not isinstance(expected, Failure), f"accepted, but expected {expected}"
    assert got == expected, f"read {_short(got)}, expected {_short(expected)}"
    event("outcome: read")
    return got


def read_or_fail(
    read: Callable[[], Any], files: Iterable[str], error: type[ToolkitError] = ToolkitError
) -> Any:
    """Run ``read`` on a mutated input: its result, or None after checking that the error is
    ``error``'s, one short line starting with one of ``files`` (``file: `` or ``file:N: ``).
    Any other exception propagates and fails the test."""
    names = list(files)
    try:
        with no_hang():
            got = read()
    except ToolkitError as exc:
        message = _one_short_line(exc, error, names)
        where = "|".join(re.escape(name) for name in names)
        assert re.match(rf"({where})(:\d+)?: ", message), f"names no file of {names}: {message}"
        event("outcome: error")
        return None
    event("outcome: read")
    return got


def _one_short_line(exc: ToolkitError, error: type[ToolkitError], files: list[str]) -> str:
    """The message of ``exc``, checked to be ``error``'s and one line of reasonable length."""
    message = str(exc)
    assert isinstance(exc, error), f"{type(exc).__name__}, not {error.__name__}: {message}"
    assert "\n" not in message and "\r" not in message, f"not one line: {message!r}"
    assert len(message) < 600 + 2 * max(map(len, files)), f"message too long: {message[:200]}"
    return message


def _short(value: Any) -> str:
    text = repr(value)
    return text if len(text) <= 300 else text[:300] + "..."


# --- the command line -------------------------------------------------------------------------
# A progress line of a long step off a terminal (evaluation/cli/_progress.py).
PROGRESS = re.compile(r"[a-z]+: .+ [\d,]+/[\d,]+ in \d+\.\d s")


def run_wsd(args: list[str], cwd: Path) -> subprocess.CompletedProcess[str]:
    """``python -m evaluation.cli ARGS`` in a subprocess in ``cwd``; checks what every command
    promises: exit status 0 or 2, never a traceback, and on 2 exactly one line ``wsd: error:
    ...`` on stderr besides ``wsd: warning: ...`` lines and progress lines.  Records the
    status as an event."""
    # a generated config without a corpus path must not read the real SemCor ($WSD_SEMCOR):
    # that is a long honest run, not a case of this suite
    env = {**os.environ, "PYTHONPATH": str(ROOT), "WSD_SEMCOR": str(cwd / "no-semcor-here")}
    try:
        done = subprocess.run(
            [sys.executable, "-m", "evaluation.cli", *args],
            cwd=cwd,
            env=env,
            capture_output=True,
            text=True,
            encoding="utf-8",
            errors="replace",
            timeout=4 * HANG_SECONDS,
        )
    except subprocess.TimeoutExpired:
        raise Hang(f"wsd {' '.join(args)[:200]}: no exit after {4 * HANG_SECONDS} s") from None
    _check_exit(args, done.returncode, done.stderr)
    return done


def run_main(args: list[str], cwd: Path) -> tuple[int, bytes, str]:
    """``wsd ARGS`` in this process in ``cwd`` (quicker than :func:`run_wsd`: no imports per
    case), with the same checks; the status, what it wrote on standard output and on stderr."""
    from evaluation.cli import main

    out, err = io.TextIOWrapper(io.BytesIO(), encoding="utf-8"), io.StringIO()
    before = os.getcwd()
    os.chdir(cwd)
    try:
        with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err), no_hang():
            status = main(args)
        out.flush()
    finally:
        os.chdir(before)
    _check_exit(args, status, err.getvalue())
    return status, out.buffer.getvalue(), err.getvalue()  # type: ignore[attr-defined]


def _check_exit(args: list[str], status: int, stderr: str) -> None:
    """Exit status 0 or 2, never a traceback, and on 2 exactly one line ``wsd: error: ...``
    besides warnings and progress lines; an event for the status."""
    shown = f"wsd {' '.join(args)[:300]}\nexit {status}, stderr:\n{stderr[-3000:]}"
    assert status in (0, 2), shown
    assert "Traceback" not in stderr, shown
    if status == 2:
        other = [
            line
            for line in stderr.splitlines()
            if not line.startswith("wsd: warning: ") and not PROGRESS.fullmatch(line)
        ]
        assert len(other) == 1 and other[0].startswith("wsd: error: "), shown
    event(f"exit {status}")


class _Disk(io.FileIO):
    """A file on a disk with ``room`` bytes left: a write gets what fits, one that finds no
    room fails with ENOSPC (as the system does)."""

    room = 0

    def write(self, data: Any) -> int:
        if not _Disk.room:
            raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))
        written = super().write(bytes(data)[: _Disk.room])
        _Disk.room -= written
        return written


def _on_disk(fd: int, mode: str, encoding: str | None = None) -> Any:
    buffered = io.BufferedWriter(_Disk(fd, "w"))
    return buffered if "b" in mode else io.TextIOWrapper(buffered, encoding=encoding)


@contextmanager
def disk_with_room(room: int) -> Iterator[None]:
    """Inside the block, the temp files :mod:`thesaurus.utils.outputs` writes (opened by
    ``os.fdopen``) sit on a disk with ``room`` bytes left."""
    _Disk.room = room
    real = os.fdopen
    os.fdopen = _on_disk  # type: ignore[assignment]
    try:
        yield
    finally:
        os.fdopen = real


def leftovers(folder: Path) -> list[str]:
    """Temp files of :func:`thesaurus.utils.outputs.atomic_open` left in ``folder`` (there must be
    none)."""
    return sorted(p.name for p in folder.rglob(".*.tmp"))


# --- mutations (shared by every target) -----------------------------------------------------
Draw = Callable[[st.SearchStrategy[Any]], Any]


def _position(draw: Draw, data: bytes) -> int:
    return int(draw(st.integers(0, len(data))))


def _line_starts(data: bytes) -> list[int]:
    return [0] + [m.end() for m in re.finditer(rb"\r\n|\r|\n", data)]


def _lines(data: bytes) -> list[bytes]:
    return data.splitlines(keepends=True)


def _truncate(draw: Draw, data: bytes) -> bytes:
    return data[: _position(draw, data)]


def _random_bytes(draw: Draw, data: bytes) -> bytes:
    at = _position(draw, data)
    return data[:at] + draw(st.binary(min_size=1, max_size=8)) + data[at:]


def _delete_bytes(draw: Draw, data: bytes) -> bytes:
    at = _position(draw, data)
    return data[:at] + data[at + draw(st.integers(1, 4)) :]


def _whitespace(draw: Draw, data: bytes) -> bytes:
    """A space or tab deleted, doubled or replaced by another kind of whitespace."""
    spaces = [m.start() for m in re.finditer(rb"[ \t]", data)]
    if not spaces:
        return data
    at = draw(st.sampled_from(spaces))
    new = draw(st.sampled_from([b"", b"  ", b"\t", b" \t", "\xa0".encode(), "\u3000".encode()]))
    return data[:at] + new + data[at + 1 :]


def _replace_byte(draw: Draw, data: bytes) -> bytes:
    if not data:
        return data
    at = draw(st.integers(0, len(data) - 1))
    return data[:at] + bytes([draw(st.integers(0, 255))]) + data[at + 1 :]


def _crlf(draw: Draw, data: bytes) -> bytes:
    ending = draw(st.sampled_from([b"\r\n", b"\r"]))
    return re.sub(rb"\r\n|\r|\n", ending, data)


def _bom_at_start(draw: Draw, data: bytes) -> bytes:
    return BOM + data


def _bom_at_a_line(draw: Draw, data: bytes) -> bytes:
    """A second file with a byte-order mark concatenated in."""
    at = draw(st.sampled_from(_line_starts(data)))
    return data[:at] + BOM + data[at:]


def _duplicate_line(draw: Draw, data: bytes) -> bytes:
    lines = _lines(data)
    if not lines:
        return data
    k = draw(st.integers(0, len(lines) - 1))
    line = lines[k] if lines[k].endswith((b"\n", b"\r")) else lines[k] + b"\n"
    at = draw(st.integers(0, len(lines)))
    return b"".join([*lines[:at], line, *lines[at:]])


def _drop_line(draw: Draw, data: bytes) -> bytes:
    lines = _lines(data)
    if not lines:
        return data
    k = draw(st.integers(0, len(lines) - 1))
    return b"".join(lines[:k] + lines[k + 1 :])


def _swap_lines(draw: Draw, data: bytes) -> bytes:
    lines = _lines(data)
    if len(lines) < 2:
        return data
    i, j = draw(st.lists(st.integers(0, len(lines) - 1), min_size=2, max_size=2, unique=True))
    lines[i], lines[j] = lines[j], lines[i]
    return b"".join(lines)


def _huge_line(draw: Draw, data: bytes) -> bytes:
    unit = draw(st.sampled_from(["x", "é", "\t", " ", "a\tb", "使う", "k%2:34:01:: "]))
    line = (unit * (HUGE // len(unit)) + "\n").encode()
    at = draw(st.sampled_from(_line_starts(data)))
    return data[:at] + line + data[at:]


def _unicode(draw: Draw, data: bytes) -> bytes:
    text = draw(st.text(max_size=6)).encode("utf-8", "surrogatepass")
    at = draw(st.sampled_from(_line_starts(data) + [_position(draw, data)]))
    return data[:at] + text + data[at:]


MUTATIONS: dict[str, Callable[[Draw, bytes], bytes]] = {
    "crlf or cr": _crlf,
    "truncate": _truncate,
    "random bytes": _random_bytes,
    "delete bytes": _delete_bytes,
    "whitespace": _whitespace,
    "replace a byte": _replace_byte,
    "bom at start": _bom_at_start,
    "bom at a line": _bom_at_a_line,
    "duplicate a line": _duplicate_line,
    "drop a line": _drop_line,
    "swap lines": _swap_lines,
    "huge line": _huge_line,
    "unicode": _unicode,
}


@st.composite
def mutated(draw: Draw, files: st.SearchStrategy[bytes]) -> tuple[bytes, list[str]]:
    """A file from ``files`` after one to three mutations; and their names (drawn in the
    order of :data:`MUTATIONS`, whose first entry hypothesis favours: CRLF or CR line breaks)."""
    data = draw(files)
    names = draw(st.lists(st.sampled_from(list(MUTATIONS)), min_size=1, max_size=3))
    for name in names:
        data = MUTATIONS[name](draw, data)
    return data, names


def line_breaks(draw: Draw) -> str:
    return str(draw(st.sampled_from(["\n", "\r\n", "\r"])))


# --- sense keys (wsd/corpus/keys.py) -----------------------------------------------
def wordnet_key(key: str) -> bool:
    """``lemma%ss_type:lex_filenum:lex_id:head_word:head_id``: ss_type 1-5, two-digit numbers,
    a head word and id for a satellite adjective (5) only."""
    lemma, percent, rest = key.partition("%")
    if not percent or not lemma or "%" in rest or any(c.isspace() for c in lemma):
        return False
    fields = rest.split(":")
    if len(fields) != 5:
        return False
    ss_type, filenum, lex_id, head, head_id = fields

    def two(text: str) -> bool:
        return len(text) == 2 and all(c in "0123456789" for c in text)

    if ss_type not in ("1", "2", "3", "4", "5") or not (two(filenum) and two(lex_id)):
        return False
    if ss_type == "5":
        return head != "" and not any(c.isspace() for c in head) and two(head_id)
    return head == "" and head_id == ""


def malformed_key(key: str) -> bool:
    """A key read as a WordNet key (a ``%`` and then a ``:``) without the shape."""
    return ":" in key.partition("%")[2] and not wordnet_key(key)


def gold_problem(keys: Iterable[str]) -> str | None:
    """Why a verb token's gold keys are no gold (``wsd/corpus/_load.py``): a key read as a
    WordNet key (a ``%`` and then a ``:``) without the shape, or a WordNet key of another part
    of speech than a verb."""
    keys = list(keys)
    if any(malformed_key(k) for k in keys):
        return "malformed-sense-key"
    if any(wordnet_key(k) and k.partition("%")[2][0] != "2" for k in keys):
        return "not-a-verb-sense"
    return None


# A corpus's account of its verb tokens: ([(instance id, lemma, gold)], {skip reason: count},
# {why no gold: count of instances kept without gold}).
Account = tuple[list[tuple[str, str, tuple[str, ...]]], dict[str, int], dict[str, int]]


def tally(tokens: Iterable[tuple[str, Any, Any, str | None, str | None]], gold: bool) -> Account:
    """The account of verb tokens ``(instance id, lemma, gold keys, skip reason or None, why
    they are no gold or None)`` (``wsd/corpus/_load.py``, restated): a token with a reason is
    a counted skip; one without usable gold is skipped when ``gold`` is required, else an
    instance without gold, counted by why; every other token is an instance."""
    instances: list[tuple[str, str, tuple[str, ...]]] = []
    skipped: dict[str, int] = {}
    without_gold: dict[str, int] = {}
    for instance, lemma, keys, reason, why in tokens:
        reason = reason or (why if gold else None)
        if reason is not None:
            skipped[reason] = skipped.get(reason, 0) + 1
            continue
        instances.append((instance, lemma, () if why else keys))
        if why is not None:
            without_gold[why] = without_gold.get(why, 0) + 1
    return instances, skipped, without_gold


def places(value: Any, path: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    """The path of every value inside a JSON or TOML document (object fields, list items),
    for the targets that edit documents value by value."""
    found = [path] if path else []
    if isinstance(value, dict):
        for key, item in value.items():
            found += places(item, (*path, key))
    elif isinstance(value, list):
        for index, item in enumerate(value):
            found += places(item, (*path, index))
    return found
