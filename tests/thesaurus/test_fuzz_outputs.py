"""Fuzz targets for output paths, full disks and endless inputs, each against an independent
model (the signal dispositions are in test_interruptions.py):

- **output paths**: random folders of regular files, folders, FIFOs, sockets, hard and
  symbolic links (dangling ones too), and random spellings of them (``./x``, ``d/../x``,
  absolute) as output files, report folders and inputs.  The model resolves every path by
  hand and says which check must fail; ``check_outputs`` must fail exactly then, with one
  line naming a path, and otherwise the outputs written inside one command leave every input
  and every non-regular file as it was, and no temp file;
- the same through ``wsd disambiguate`` in subprocesses (``--out``, ``--gold-out``,
  ``--confidence`` and ``--model`` drawn from those spellings);
- **commands, by properties**: random ``train``, ``disambiguate``, ``data export`` and
  ``agreement`` runs whose outputs are spelled as inputs (named, a gold key file found beside
  a corpus, a SemCor folder's tag file, through links), each other, devices, ``-``, the empty
  path or folders: exit 0 or 2 with one line, no input changed, no temp file, exit 2 leaving
  everything as it was and exit 0 writing each output whole and nothing else;
- **a full disk**: outputs written together on a disk with a random number of bytes left
  (and ``/dev/full``) all come whole, or an error names one of them and every file is as it
  was;
- **endless inputs**: every reader fed by a pipe that never ends (zeros, random bytes, a
  valid start and then a line that never ends) fails at once naming the file.
"""

from __future__ import annotations

import os
import random
import socket
import stat
import threading
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest
from fuzzing import (
    CLI,
    CLI_HEAVY,
    FUZZ,
    HANG_SECONDS,
    ROOT,
    disk_with_room,
    event,
    leftovers,
    no_hang,
    run_main,
    run_wsd,
)
from hypothesis import given
from hypothesis import strategies as st

from thesaurus import OutputError, ToolkitError
from thesaurus.utils.outputs import atomic_group, atomic_open, check_outputs, guarding_inputs

KINDS = ("regular", "folder", "fifo", "socket", "symlink", "dangling", "hardlink")
JAPANESE = ROOT / "examples" / "japanese"


# --- output paths: the world, the spellings and the model ---------------------------------------
@st.composite
def worlds(draw: Any) -> list[tuple[str, str, int]]:
    """Entries ``(name, kind, target index)`` of a folder; links point at an earlier entry."""
    entries: list[tuple[str, str, int]] = []
    for i in range(draw(st.integers(1, 6))):
        kind = draw(st.sampled_from(KINDS if entries else ("regular", "folder", "fifo")))
        target = draw(st.integers(0, len(entries) - 1)) if entries else -1
        entries.append((f"e{i}", kind, target))
    return entries


def build(root: Path, entries: list[tuple[str, str, int]]) -> list[socket.socket]:
    sockets = []
    (root / "sub").mkdir()
    for name, kind, target in entries:
        path = root / name
        if kind == "regular":
            path.write_text(f"{name} before\n")
        elif kind == "folder":
            path.mkdir()
        elif kind == "fifo":
            os.mkfifo(path)
        elif kind == "socket":
            server = socket.socket(socket.AF_UNIX)
            server.bind(str(path))
            sockets.append(server)
        elif kind == "symlink":
            path.symlink_to(entries[target][0])
        elif kind == "dangling":
            path.symlink_to(f"missing-{name}")
        elif kind == "hardlink":
            source = root / entries[target][0]
            if source.is_file() and not source.is_symlink():
                os.link(source, path)
            else:
                path.write_text(f"{name} before\n")
    return sockets


@st.composite
def spellings(draw: Any, names: list[str]) -> str:
    """A path to an entry, a new name or a path under an entry, spelled in one of several
    ways (relative to the folder, which is the working directory)."""
    name = draw(st.sampled_from([*names, "new1", "new2"]))
    if draw(st.integers(0, 9)) == 0:
        name = f"{name}/below"
    style = draw(st.sampled_from(["plain", "dot", "updown", "absolute"]))
    if style == "dot":
        return f"./{name}"
    if style == "updown":
        return f"sub/../{name}"
    return name if style == "plain" else f"ABS/{name}"


class Model:
    """Paths resolved by hand: links followed one at a time, ``..`` applied to the text."""

    def __init__(self, root: Path) -> None:
        self.root = root

    def resolve(self, spelled: str) -> tuple[str, str]:
        """The real path and its kind: ``new``, ``blocked`` (a parent is not a folder) or the
        kind of what is there (links followed)."""
        if spelled == "/dev/null":
            return spelled, "fifo"  # a device: written into, like a FIFO
        parts = [p for p in spelled.replace("ABS/", "").split("/") if p not in ("", ".")]
        real: list[str] = []
        pending = list(parts)
        hops = 0
        while pending:
            part = pending.pop(0)
            if part == "..":
                real.pop()
                continue
            parent = self.root.joinpath(*real)
            if os.path.lexists(parent) and not parent.is_dir():
                return "/".join([*real, part, *pending]), "blocked"
            here = parent / part
            if here.is_symlink():
                hops += 1
                assert hops < 40
                pending = [p for p in os.readlink(here).split("/") if p] + pending
                continue
            real.append(part)
        path = self.root.joinpath(*real)
        if not os.path.lexists(path):
            ancestor = path.parent
            while not os.path.lexists(ancestor):
                ancestor = ancestor.parent
            return "/".join(real), "new" if ancestor.is_dir() else "blocked"
        mode = os.lstat(path).st_mode
        kinds = {stat.S_IFREG: "regular", stat.S_IFDIR: "folder", stat.S_IFIFO: "fifo"}
        return "/".join(real), kinds.get(stat.S_IFMT(mode), "socket")

    def identity(self, spelled: str) -> object:
        real, kind = self.resolve(spelled)
        if kind in ("new", "blocked") or real == "/dev/null":
            return real
        info = os.stat(self.root / real)
        return (info.st_dev, info.st_ino)

    def refusal(self, files: list[str], folders: list[str], inputs: list[str]) -> str | None:
        """What ``check_outputs`` must say, checking in its order (each file's kind, then its
        collision with an earlier output; the folders alike; then the inputs), or None."""
        seen: list[object] = []
        for is_file, path in [(True, p) for p in files] + [(False, p) for p in folders]:
            kind = self.resolve(path)[1]
            if kind == "blocked":
                return "is not a folder"
            if is_file and kind in FILE_REFUSALS:
                return FILE_REFUSALS[kind]
            if not is_file and kind not in ("new", "folder"):
                return f"is {KIND_NAMES[kind]}; give a folder for the report"
            if is_file and kind == "fifo":
                continue  # written into: a FIFO or device twice loses nothing
            if self.identity(path) in seen:
                return "is the same file as --out"
            seen.append(self.identity(path))
        existing = [p for p in inputs if self.resolve(p)[1] not in ("new", "blocked")]
        return "is the input --in" if any(self.identity(p) in seen for p in existing) else None


KIND_NAMES = {"regular": "a file", "fifo": "a FIFO", "socket": "a socket"}
FILE_REFUSALS = {
    "folder": "is a folder; give the path of a file to write",
    "socket": "is a socket; refusing to write over it",
}


def _absolute(root: Path, spelled: str) -> str:
    return spelled.replace("ABS/", f"{root}/")


def _snapshot(root: Path) -> dict[str, tuple[int, bytes | None]]:
    """Every entry's kind and, for regular files, bytes (links not followed)."""
    out = {}
    for path in sorted(root.rglob("*")):
        mode = os.lstat(path).st_mode
        content = path.read_bytes() if stat.S_ISREG(mode) else None
        out[str(path.relative_to(root))] = (stat.S_IFMT(mode), content)
    return out


@contextmanager
def _in(folder: Path) -> Iterator[None]:
    before = os.getcwd()
    os.chdir(folder)
    try:
        yield
    finally:
        os.chdir(before)


@FUZZ
@given(data=st.data())
def test_output_paths_against_the_model(data: st.DataObject, tmp_path_factory: Any) -> None:
    root = tmp_path_factory.mktemp("outputs")
    entries = data.draw(worlds())
    sockets = build(root, entries)
    names = [name for name, _, _ in entries]
    files = data.draw(st.lists(spellings(names) | st.just("/dev/null"), max_size=3))
    folders = data.draw(st.lists(spellings(names), min_size=0, max_size=1))
    inputs = data.draw(st.lists(spellings(names), min_size=0, max_size=3))
    model = Model(root)
    refusal = model.refusal(files, folders, inputs)
    before = _snapshot(root)
    try:
        with _in(root), no_hang(), guarding_inputs():
            absolute = [_absolute(root, p) for p in files]
            try:
                check_outputs(
                    files=[("--out", p) for p in absolute],
                    folders=[_absolute(root, p) for p in folders],
                    inputs=[("--in", _absolute(root, p)) for p in inputs],
                )
            except OutputError as exc:
                message = str(exc)
                assert refusal is not None and refusal in message, (refusal, message)
                assert "\n" not in message
                assert any(_absolute(root, p) in message for p in files + folders + inputs)
                assert _snapshot(root) == before
                event("outcome: refused")
                return
            assert refusal is None, f"accepted {files} {folders} {inputs}; model: {refusal}"
            # a FIFO held open for reading and writing: writing into it never blocks
            fifos = {model.resolve(p)[0] for p in files if model.resolve(p)[1] == "fifo"}
            held = [os.open(root / real, os.O_RDWR | os.O_NONBLOCK) for real in fifos]
            with atomic_group():
                for path in absolute:
                    with atomic_open(path) as handle:
                        handle.write(f"new {path}\n")
            for fd in held:
                os.close(fd)
            event("outcome: written")
    finally:
        for server in sockets:
            server.close()
    after = _snapshot(root)
    written = {model.resolve(p)[0] for p in files}
    input_names = {model.resolve(p)[0] for p in inputs}
    for name, (kind, content) in before.items():
        if name in written and kind == stat.S_IFREG:
            continue
        if name in after and kind != stat.S_IFREG:
            assert after[name][0] == kind, f"{name} changed kind"
        if name in input_names or kind != stat.S_IFREG:
            assert after.get(name) == (kind, content), f"{name} changed"
    for path in files:
        real, kind = model.resolve(path)
        if kind in ("new", "regular"):
            assert (root / real).read_text().startswith("new ")
    assert not leftovers(root)
    assert stat.S_ISCHR(os.stat("/dev/null").st_mode)  # written into, never replaced


# --- the same through `wsd disambiguate` ---------------------------------------------------
@CLI_HEAVY
@given(data=st.data())
def test_disambiguate_outputs_never_destroy_inputs(
    data: st.DataObject, model: Path, tmp_path_factory: Any
) -> None:
    root = tmp_path_factory.mktemp("cli-outputs")
    (root / "sub").mkdir()
    (root / "m.json").write_bytes(model.read_bytes())
    (root / "probes.jsonl").write_bytes((JAPANESE / "probes.jsonl").read_bytes())
    (root / "earlier.key").write_text("earlier\n")
    (root / "folder").mkdir()
    (root / "model-link.json").symlink_to("m.json")
    names = ["m.json", "probes.jsonl", "earlier.key", "folder", "model-link.json"]
    paths = spellings(names) | st.just("/dev/null")
    out, gold = data.draw(paths), data.draw(st.none() | paths)
    confidence = data.draw(st.booleans())
    model_path = data.draw(st.sampled_from(["m.json", "./model-link.json", "ABS/m.json"]))
    files = [out, *([gold] if gold else []), *([f"{out}.confidence.jsonl"] if confidence else [])]
    by_hand = Model(root)
    beside_a_device = confidence and by_hand.resolve(out)[1] == "fifo"  # no side file's folder
    refusal = by_hand.refusal(files, [], [model_path, "probes.jsonl"])
    expected_failure = beside_a_device or refusal is not None
    argv = ["disambiguate", "--model", model_path, "--corpus", "probes.jsonl", "--out", out]
    argv += ["--gold-out", gold] if gold else []
    argv += ["--confidence"] if confidence else []
    argv = [_absolute(root, part) for part in argv]
    before = _snapshot(root)
    done = run_wsd(argv, root)
    assert (done.returncode == 2) == expected_failure, (argv, done.stderr)
    after = _snapshot(root)
    for name in ("m.json", "probes.jsonl"):
        assert after[name] == before[name], f"{name} changed: {argv}"
    assert stat.S_ISLNK(after["model-link.json"][0])
    assert stat.S_ISDIR(after["folder"][0])
    if done.returncode == 2:
        assert after == before, argv
    assert not leftovers(root)
    event(f"exit {done.returncode}")


# --- every command, its outputs spelled every way: properties -----------------------------
DATA = ROOT / "tests" / "data"
# What reading each corpus reads: the corpus and the files found beside or inside it.
READS = {
    "x.conllu": ["x.conllu", "x.gold.key.txt"],
    "r.data.xml": ["r.data.xml", "r.gold.key.txt"],
    "sem": ["sem/brown1/br-x01"],
    "probes.jsonl": ["probes.jsonl"],
}
# Names in the world an output may be spelled as (links: to a gold key file, a tag file).
NAMES = [*(n for reads in READS.values() for n in reads), "sem", "m.json", "a.key", "b.key"]
NAMES += ["earlier.key", "folder", "gold-link", "gold-hard", "tag-link"]
STREAMS = ("/dev/null", "/dev/full", "-")


def _world(root: Path, model: bytes) -> None:
    copies = {
        "x.conllu": DATA / "conllu" / "notree.conllu",
        "x.gold.key.txt": DATA / "conllu" / "notree.gold.key.txt",
        "r.data.xml": DATA / "corpus" / "tiny.data.xml",
        "r.gold.key.txt": DATA / "corpus" / "tiny.gold.key.txt",
        "sem/brown1/br-x01": DATA / "corpus" / "br-x01",
        "probes.jsonl": JAPANESE / "probes.jsonl",
        "a.key": DATA / "keys" / "ann_a.key",
        "b.key": DATA / "keys" / "ann_b.key",
    }
    for name, source in copies.items():
        (root / name).parent.mkdir(parents=True, exist_ok=True)
        (root / name).write_bytes(source.read_bytes())
    (root / "m.json").write_bytes(model)
    (root / "earlier.key").write_text("earlier\n")
    (root / "folder").mkdir()
    (root / "sub").mkdir()
    (root / "gold-link").symlink_to("x.gold.key.txt")
    os.link(root / "r.gold.key.txt", root / "gold-hard")
    (root / "tag-link").symlink_to("sem/brown1/br-x01")


def outputs(draw: Any) -> str:
    """An output path: a name of the world or a new one in any spelling, a device, ``-`` or
    the empty path."""
    return str(draw(spellings(NAMES) | st.sampled_from([*STREAMS, ""])))


@st.composite
def commands(draw: Any) -> tuple[list[str], list[str], list[str]]:
    """A command line, the output files it names (as spelled) and the files it reads."""
    corpus = draw(st.sampled_from(sorted(READS)))
    command = draw(st.sampled_from(["train", "disambiguate", "export", "agreement"]))
    if command == "train":
        out = outputs(draw)
        return ["train", "--method", "mfs", "--corpus", corpus, "--out", out], [out], READS[corpus]
    if command == "disambiguate":
        out, gold = outputs(draw), outputs(draw) if draw(st.booleans()) else None
        argv = ["disambiguate", "--model", "m.json", "--corpus", corpus, "--out", out]
        argv += ["--to", draw(st.sampled_from(["key", "jsonl"]))]
        files = [out]
        if gold is not None:
            argv += ["--gold-out", gold]
            files.append(gold)
        if draw(st.booleans()):
            argv.append("--confidence")
            files.append(f"{out}.confidence.jsonl")
        return argv, files, [*READS[corpus], "m.json"]
    if command == "export":
        written = draw(st.sampled_from(["jsonl", "conllu", "raganato"]))
        stem = draw(st.sampled_from(["x", "r", "new1", "earlier", "folder/e", "-", ""]))
        stem = (
            draw(st.sampled_from([stem, f"./{stem}", f"ABS/{stem}"]))
            if stem[:1].isalpha()
            else stem
        )
        argv = ["data", "export", "--corpus", corpus, "--to", written, "--out", stem]
        if stem == "-" and written != "raganato":
            return argv, ["-"], READS[corpus]
        suffixes = [".data.xml", ".gold.key.txt"] if written == "raganato" else [f".{written}"]
        return argv, [stem + suffix for suffix in suffixes], READS[corpus]
    out = outputs(draw)
    argv = ["agreement", "a.key", "b.key", "--merge-to", "0.8", "--classes-out", out]
    return argv, [out], ["a.key", "b.key"]


def _file_id(path: str) -> object:
    try:
        info = os.stat(path)
    except OSError:
        return os.path.realpath(path)
    return (info.st_dev, info.st_ino)


@CLI
@given(case=commands())
def test_commands_lose_no_input_and_write_all_their_outputs_or_none(
    case: tuple[list[str], list[str], list[str]],
    mfs_model: bytes,
    wordnet: Any,
    tmp_path_factory: Any,
) -> None:
    """Random commands with their outputs on inputs (named, found beside a corpus, inside a
    SemCor folder, through links), on each other, devices, ``-``, the empty path, folders:
    exit 0 or 2 with one line; no input changes; no temp file stays; exit 2 leaves every
    file as it was, exit 0 writes each output whole (its last line ended; empty when every
    instance abstained) and changes nothing else."""
    argv, spelled, reads = case
    root = tmp_path_factory.mktemp("commands")
    _world(root, mfs_model)
    argv = [_absolute(root, part) for part in argv]
    files = [_absolute(root, path) for path in spelled]
    before = _snapshot(root)
    with _in(root):
        ids = [_file_id(path) for path in files if path not in ("", *STREAMS)]
        inputs = {_file_id(name) for name in reads}
    strays = [f for f in files if f.startswith("/dev/") and not os.path.lexists(f)]
    try:
        status, stdout, _ = run_main(argv, root)
    finally:
        made = [f for f in strays if os.path.lexists(f)]
        for stray in made:
            os.unlink(stray)  # a file beside a device: the system's folder is left as it was
    assert not made, argv
    after = _snapshot(root)
    for name in reads:
        assert after[name] == before[name], f"{name} changed: {argv}"
    assert not leftovers(root), argv
    if status == 2:
        assert after == before, argv
        return
    assert "" not in files, argv  # /dev/full takes an empty output (every instance abstained)
    assert not any(f.startswith(STREAMS) and f.endswith(".confidence.jsonl") for f in files)
    assert len(set(ids)) == len(ids) and not inputs & set(ids), argv
    written = set()
    for path in files:
        if path == "-":
            assert stdout.endswith(b"\n") or not stdout, argv
        elif path not in STREAMS:
            real = os.path.relpath(os.path.realpath(root / path), os.path.realpath(root))
            written.update([real, *map(str, Path(real).parents)])  # folders made for it
            content = after[real][1]
            assert content is not None and content.endswith(b"\n") or content == b"", argv
    for name, entry in after.items():
        if name not in written:
            assert before.get(name) == entry, f"{name} changed: {argv}"


# --- a disk that fills up anywhere ------------------------------------------------------------
@FUZZ
@given(
    kinds=st.lists(
        st.sampled_from(["new", "earlier", "link", "null", "full"]), min_size=1, max_size=4
    ),
    lines=st.lists(st.integers(0, 300), min_size=4, max_size=4),
    room=st.integers(0, 40_000),
)
def test_a_full_disk_anywhere_leaves_every_file_as_it_was(
    kinds: list[str], lines: list[int], room: int, tmp_path_factory: Any
) -> None:
    """Outputs written together on a disk with ``room`` bytes left: they all come whole when
    they fit (and no device is full), else an OSError names one of them, every file is as it
    was and no temp file stays."""
    root = tmp_path_factory.mktemp("disk")
    paths = []
    for i, kind in enumerate(kinds):
        path = {"null": "/dev/null", "full": "/dev/full"}.get(kind, str(root / f"o{i}"))
        if kind in ("earlier", "link"):
            (root / f"t{i}").write_text("earlier\n")
            if kind == "link":
                Path(path).symlink_to(f"t{i}")
            else:
                path = str(root / f"t{i}")
        paths.append(path)
    before = _snapshot(root)
    regular = sum(100 * lines[i] for i, kind in enumerate(kinds) if kind not in ("null", "full"))
    full = any(kind == "full" and lines[i] for i, kind in enumerate(kinds))  # 0 bytes fit
    fits = regular <= room and not full
    try:
        with disk_with_room(room), atomic_group():
            for path, count in zip(paths, lines, strict=False):
                with atomic_open(path) as handle:
                    for _ in range(count):
                        handle.write("x" * 99 + "\n")
    except OSError as exc:
        assert not fits, f"failed though {regular} bytes fit in {room}: {exc}"
        assert exc.filename in paths, exc
        assert _snapshot(root) == before
        event(f"outcome: {exc.strerror}")
    else:
        assert fits, f"{regular} bytes written in {room}"
        for path, count, kind in zip(paths, lines, kinds, strict=False):
            if kind not in ("null", "full"):
                assert Path(path).read_text() == ("x" * 99 + "\n") * count
        event("outcome: written")
    assert not leftovers(root)


# --- endless inputs -------------------------------------------------------------------------
def _readers() -> dict[str, Callable[[str], Any]]:
    from evaluation.agreement import read_class_table
    from evaluation.answers import read_answers
    from evaluation.experiment import load_config
    from wsd.corpus import read_jsonl
    from wsd.corpus.keys import read_keys
    from wsd.methods import load_model

    return {
        "key file": read_keys,
        "answers": read_answers,
        "class table": read_class_table,
        "config": load_config,
        "model": load_model,
        "jsonl": lambda path: list(read_jsonl(path)),
    }


STARTS = {
    "key file": b"d1 use%2:34:01::\n",
    "answers": b"d1 use%2:34:01::0.5 confidence=0.9\n",
    "class table": b"use%2:34:01::\tc1\n",
    "config": b'name = "x"\n',
    "model": b'{"format": "verb-wsd-model", ',
    "jsonl": b"",
}


def _feed(fifo: Path, start: bytes, endless: str, seed: int) -> None:
    """Write ``start`` and then an endless tail into ``fifo`` until the reader goes away."""
    chance = random.Random(seed)
    try:
        with open(fifo, "wb") as out:
            out.write(start)
            while True:
                if endless == "zeros":
                    out.write(bytes(65536))
                elif endless == "random":
                    out.write(chance.randbytes(65536))
                else:  # text that never ends its line
                    out.write(b"x" * 65536)
    except (BrokenPipeError, OSError):
        pass


@FUZZ
@given(
    reader=st.sampled_from(sorted(STARTS)),
    endless=st.sampled_from(["zeros", "random", "one line"]),
    valid_start=st.booleans(),
    seed=st.integers(0, 2**16),
)
def test_an_endless_input_fails_at_once(
    reader: str, endless: str, valid_start: bool, seed: int, tmp_path_factory: Any
) -> None:
    if endless == "one line" and reader == "model":
        endless = "zeros"  # a model is one line of up to 1 GiB: an endless one ends at a NUL
    fifo = tmp_path_factory.mktemp("endless") / "input"
    os.mkfifo(fifo)
    start = STARTS[reader] if valid_start else b""
    writer = threading.Thread(target=_feed, args=(fifo, start, endless, seed), daemon=True)
    writer.start()
    started = time.perf_counter()
    with no_hang(), pytest.raises(ToolkitError) as caught:
        _readers()[reader](str(fifo))
    message = str(caught.value)
    assert str(fifo) in message and "\n" not in message, message
    assert time.perf_counter() - started < HANG_SECONDS
    event(f"outcome: {reader} {endless}")
    writer.join(HANG_SECONDS)
