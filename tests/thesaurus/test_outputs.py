"""Output paths (thesaurus/utils/output_checks.py, thesaurus/utils/outputs.py) and bounded input
reading (thesaurus/utils/text_input.py): no command replaces what is not a regular file, loses an
input or an earlier output to a collision, fails only after the work, names a temp file, or fills
the memory on an endless input."""

from __future__ import annotations

import contextlib
import json
import os
import resource
import signal
import socket
import stat
import subprocess
import sys
from pathlib import Path

import pytest
from fuzzing import disk_with_room
from paths import ROOT

from evaluation.cli import main
from thesaurus import OutputError, ToolkitError
from thesaurus.utils.outputs import (
    atomic_group,
    atomic_open,
    atomic_write_json,
    atomic_write_text,
    check_outputs,
    current_umask,
    guarding_inputs,
)

JAPANESE = ROOT / "examples" / "japanese"
KEYS = ROOT / "tests" / "data" / "keys"
AS_ROOT = os.geteuid() == 0


def _error(capsys: pytest.CaptureFixture[str]) -> str:
    lines = [line for line in capsys.readouterr().err.splitlines() if line.startswith("wsd: error")]
    assert len(lines) == 1, lines
    return lines[0]


# --- the kind of an output path --------------------------------------------------------------
def test_a_folder_or_socket_is_no_output_file(folder: Path) -> None:
    """The kind rule the output path fuzz checks, by example: refused naming the option."""
    (folder / "dir").mkdir()
    server = socket.socket(socket.AF_UNIX)
    server.bind(str(folder / "sock"))
    refused = {"dir": "is a folder; give the path of a file to write"}
    refused["sock"] = "is a socket; refusing to write over it"
    try:
        for name, message in refused.items():
            with pytest.raises(OutputError) as caught:
                check_outputs(files={"--out": folder / name})
            assert str(caught.value) == f"--out {folder / name} {message}"
    finally:
        server.close()


def test_a_device_or_fifo_is_written_into_never_replaced(folder: Path) -> None:
    """``/dev/null`` and a FIFO get the output's bytes and stay what they were."""
    null_before = os.stat("/dev/null")
    with atomic_group():
        atomic_write_text("/dev/null", "discarded\n")
    after = os.stat("/dev/null")
    assert stat.S_ISCHR(after.st_mode) and after.st_rdev == null_before.st_rdev
    fifo = folder / "fifo"
    os.mkfifo(fifo)
    reader = subprocess.Popen(["cat", str(fifo)], stdout=subprocess.PIPE)
    atomic_write_text(fifo, "through the pipe\n")
    assert reader.communicate(timeout=10)[0] == b"through the pipe\n"
    assert stat.S_ISFIFO(os.stat(fifo).st_mode)


def test_a_full_device_names_the_users_path() -> None:
    with pytest.raises(OSError, match="No space left on device") as caught:
        atomic_write_text("/dev/full", "x\n")
    assert caught.value.filename == "/dev/full"
    assert stat.S_ISCHR(os.stat("/dev/full").st_mode)


@pytest.mark.skipif(AS_ROOT, reason="root writes in any folder")
def test_an_unwritable_folder_is_refused_before_any_work(folder: Path) -> None:
    locked = folder / "locked"
    locked.mkdir(mode=0o555)
    with pytest.raises(OutputError, match="cannot write in"):
        check_outputs(files=[locked / "p.key"])
    with pytest.raises(OutputError, match="cannot write in"):
        check_outputs(folders=[locked / "report"])


def test_an_output_that_is_an_input_is_refused_and_the_input_guarded(folder: Path) -> None:
    (folder / "m.json").write_text("model\n")
    (folder / "link.json").symlink_to("m.json")
    with pytest.raises(OutputError, match="--out m.json is the input --model link.json"):
        check_outputs(files={"--out": "m.json"}, inputs={"--model": "link.json"})
    with guarding_inputs():
        check_outputs(files={"--out": "out.json"}, inputs={"--model": "link.json"})
        with pytest.raises(OutputError, match="is the input --model link.json"):
            atomic_write_text("m.json", "overwritten\n")  # a file named only later
    assert (folder / "m.json").read_text() == "model\n"
    atomic_write_text("m.json", "outside a command nothing is guarded\n")


# --- messages name the user's path -------------------------------------------------------------
def test_a_full_disk_names_the_output_not_a_temp_file(folder: Path, model: Path) -> None:
    """A write that finds no room names the output, not a temp file, and leaves nothing."""
    probes = str(JAPANESE / "probes.jsonl")

    def small_files() -> None:
        signal.signal(signal.SIGXFSZ, signal.SIG_IGN)  # EFBIG instead of a kill
        resource.setrlimit(resource.RLIMIT_FSIZE, (100, 100))

    done = subprocess.run(
        [sys.executable, "-m", "evaluation.cli", "disambiguate", "--model", str(model)]
        + ["--corpus", probes, "--out", "p.key"],
        cwd=folder,
        env={**os.environ, "PYTHONPATH": str(ROOT)},
        capture_output=True,
        text=True,
        preexec_fn=small_files,
        timeout=120,
    )
    assert done.returncode == 2, done.stderr
    errors = [line for line in done.stderr.splitlines() if line.startswith("wsd: error")]
    assert errors == ["wsd: error: p.key: File too large"], done.stderr
    assert not list(folder.iterdir())  # no temp file left, no partial p.key


# --- endless inputs -------------------------------------------------------------------------------
@pytest.mark.parametrize(
    "argv",
    [
        ["score", "--gold", "/dev/zero", "--pred", "{pred}"],
        ["score", "--gold", "{gold}", "--pred", "{endless}"],
        ["agreement", "{endless}", "{pred}"],
        ["disambiguate", "--model", "{endless}", "--corpus", "{probes}", "--out", "x.key"],
        ["disambiguate", "--model", "/dev/zero", "--corpus", "{probes}", "--out", "x.key"],
        ["data", "stats", "--corpus", "/dev/zero", "--format", "jsonl"],
        ["data", "stats", "--corpus", "{endless}", "--format", "jsonl"],
        ["evaluate", "{endless}", "--out", "out"],
        ["score", "--gold", "{gold}", "--pred", "{pred}", "--classes", "/dev/zero"],
    ],
)
def test_an_endless_input_fails_at_once_naming_the_file(
    argv: list[str], folder: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """``/dev/zero`` or a pipe that never ends a line: exit 2 naming the file."""
    fifo = folder / "endless"
    os.mkfifo(fifo)
    writer = subprocess.Popen(  # its own process group: the pipeline ends with it
        ["sh", "-c", f"yes | tr -d '\\n' > {fifo}"],
        stderr=subprocess.DEVNULL,
        start_new_session=True,
    )
    paths = {
        "endless": str(fifo),
        "gold": str(KEYS / "gold.key"),
        "pred": str(KEYS / "pred.key"),
        "probes": str(JAPANESE / "probes.jsonl"),
    }
    try:
        status = main([part.format(**paths) for part in argv])
    finally:
        os.killpg(writer.pid, signal.SIGKILL)
        writer.wait()
    assert status == 2
    message = _error(capsys)
    named = "endless" if "{endless}" in argv else "/dev/zero"
    assert named in message
    assert "line longer than" in message or "U+0000" in message or "not valid JSON" in message


def test_reading_stops_at_a_nul_byte_and_reports_it_at_its_line(folder: Path) -> None:
    from wsd.corpus.keys import read_keys

    (folder / "k.key").write_bytes(b"d1 a%2:00:00::\nd2 \x00" + bytes(10**6))
    with pytest.raises(ToolkitError, match=r"k.key:2: control character U\+0000"):
        read_keys(folder / "k.key")


def test_atomic_open_outside_the_cli_still_refuses_a_folder(folder: Path) -> None:
    (folder / "d").mkdir()
    with pytest.raises(OutputError, match="is a folder"), atomic_open(folder / "d") as handle:
        handle.write("x")
    assert (folder / "d").is_dir()


# --- inputs found beside or inside a named one -------------------------------------------------
CORPORA = ROOT / "tests" / "data"


@pytest.fixture
def beside(folder: Path) -> dict[str, bytes]:
    """Corpora with the gold key files read beside them, a SemCor folder, a JSONL corpus and
    two key files, copied into the folder; their bytes."""
    copies = {"x.conllu": "conllu/notree.conllu", "x.gold.key.txt": "conllu/notree.gold.key.txt"}
    copies |= {"r.xml": "corpus/tiny.data.xml", "r.gold.key.txt": "corpus/tiny.gold.key.txt"}
    copies |= {"semcor/brown1/br-x01": "corpus/br-x01", "a.key": "keys/ann_a.key"}
    copies |= {"b.key": "keys/ann_b.key", "probes.jsonl": "../../examples/japanese/probes.jsonl"}
    for name, source in copies.items():
        (folder / name).parent.mkdir(parents=True, exist_ok=True)
        (folder / name).write_bytes((CORPORA / source).read_bytes())
    return {str(p.relative_to(folder)): p.read_bytes() for p in folder.rglob("*") if p.is_file()}


@pytest.mark.parametrize(
    ("argv", "found"),
    [
        (["train", "--corpus", "x.conllu", "--out", "x.gold.key.txt"], "--corpus x.conllu"),
        (["data", "export", "--corpus", "x.conllu", "--to", "raganato", "--out", "x"], "x.conllu"),
        (["train", "--corpus", "r.xml", "--out", "./r.gold.key.txt"], "--corpus r.xml"),
        (["train", "--corpus", "semcor", "--out", "semcor/brown1/br-x01"], "a tag file of"),
        (["train", "--out", "semcor/./brown1/br-x01"], "the default SemCor"),
        (
            ["disambiguate", "--model", "m", "--corpus", "x.conllu", "--gold-out", "x.gold.key.txt"]
            + ["--out", "p.key"],
            "the gold keys of --corpus x.conllu",
        ),
        (
            ["data", "export", "--corpus", "probes.jsonl", "--to", "jsonl", "--out", "./probes"],
            "--corpus probes.jsonl",
        ),
        (["agreement", "a.key", "b.key", "--merge-to", "0.8", "--classes-out", "a.key"], "a.key"),
    ],
)
def test_a_file_found_beside_or_inside_an_input_is_an_input(
    argv: list[str],
    found: str,
    beside: dict[str, bytes],
    folder: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    """An output onto an input, named or found beside or inside one (gold keys, tag files): 2."""
    import wsd.methods

    def no_work(*args: object, **kwargs: object) -> None:
        raise AssertionError("the work started before the outputs were checked")

    monkeypatch.setenv("WSD_SEMCOR", str(folder / "semcor"))
    monkeypatch.setattr(wsd.methods, "load_model", no_work)
    if argv[0] == "train":
        argv = [*argv, "--method", "mfs"]
    assert main(argv) == 2
    message = _error(capsys)
    assert "is the input" in message and found in message, message
    after = {str(p.relative_to(folder)): p.read_bytes() for p in folder.rglob("*") if p.is_file()}
    assert after == beside


# --- all or nothing beside a device, standard output --------------------------------------------
def test_a_device_that_fails_leaves_every_file_as_it_was(
    folder: Path, model: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """``--out p.key --gold-out /dev/full`` exited 2 with p.key already replaced."""
    (folder / "p.key").write_text("earlier\n")
    probes = str(JAPANESE / "probes.jsonl")
    argv = ["disambiguate", "--model", str(model), "--corpus", probes, "--out", "p.key"]
    assert main([*argv, "--gold-out", "/dev/full", "--confidence"]) == 2
    assert _error(capsys) == "wsd: error: /dev/full: No space left on device"
    assert sorted(p.name for p in folder.iterdir()) == ["p.key"]
    assert (folder / "p.key").read_text() == "earlier\n"


def test_dash_is_standard_output_where_an_output_is_one_stream(
    folder: Path, model: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """``--out -`` wrote a file named ``-``."""
    probes = str(JAPANESE / "probes.jsonl")
    argv = ["disambiguate", "--model", str(model), "--corpus", probes]
    assert main([*argv, "--out", "p.key"]) == 0
    capsys.readouterr()
    assert main([*argv, "--out", "-", "--gold-out", "g.key"]) == 0
    assert capsys.readouterr().out == (folder / "p.key").read_text()
    assert main(["data", "export", "--corpus", probes, "--to", "jsonl", "--out", "-"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert len(lines) == 8 and all(line.startswith('{"id": ') for line in lines)
    assert sorted(p.name for p in folder.iterdir()) == ["g.key", "p.key"]
    refused = [
        ([*argv, "--out", "-", "--gold-out", "-"], "--gold-out - is the same file as --out -"),
        ([*argv, "--out", "-", "--confidence"], "and - is standard output"),
        (["data", "export", "--corpus", probes, "--to", "raganato", "--out", "-"], "two files"),
        (
            ["compare", "--gold", str(KEYS / "gold.key"), str(KEYS / "pred.key"), "--out", "-"],
            "a folder cannot go to standard output",
        ),
        (
            ["agreement", str(KEYS / "ann_a.key"), str(KEYS / "ann_b.key"), "--merge-to", "0.8"]
            + ["--classes-out", "-"],
            "standard output carries the agreement report",
        ),
    ]
    for refused_argv, message in refused:
        assert main(refused_argv) == 2
        assert message in _error(capsys), refused_argv
    assert sorted(p.name for p in folder.iterdir()) == ["g.key", "p.key"]


@pytest.mark.parametrize(
    ("extra", "message"),
    [
        (["--out", "/dev/null", "--confidence"], "and /dev/null is a character device"),
        (["--out", ""], "--out '' is an empty path"),
        (["--out", "p.key", "--gold-out", ""], "--gold-out '' is an empty path"),
        (["--out", "p.key", "--gold-out", "./p.key"], "--gold-out ./p.key is the same file as"),
        (["--out", "{model}"], "is the input --model"),
        (["--out", "q.key", "--confidence", "--gold-out", "q.key.confidence.jsonl"], "same file"),
        (["--out", "{folder}"], "is a folder"),
    ],
)
def test_no_output_lands_where_its_spelling_does_not_say(
    extra: list[str], message: str, folder: Path, model: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Outputs beside ``/dev/null``, empty, colliding with each other, the model or a folder
    are refused before any work: nothing written, nothing changed."""
    (folder / "p.key").write_text("earlier\n")
    model_bytes = model.read_bytes()
    extra = [part.format(model=model, folder=folder) for part in extra]
    probes = str(JAPANESE / "probes.jsonl")
    beside_null = "/dev/null.confidence.jsonl"
    there = os.path.lexists(beside_null)
    try:
        assert main(["disambiguate", "--model", str(model), "--corpus", probes, *extra]) == 2
        assert message in _error(capsys)
        assert os.path.lexists(beside_null) == there
        assert [p.name for p in folder.iterdir()] == ["p.key"]
        assert (folder / "p.key").read_text() == "earlier\n" and model.read_bytes() == model_bytes
    finally:
        if not there and os.path.lexists(beside_null):
            os.unlink(beside_null)  # made by a run that failed this test


@pytest.mark.parametrize(
    ("command", "out", "message"),
    [
        ("compare", "", "--out '' is an empty"),
        ("evaluate", "", "--out '' is an empty"),
        ("export", "", "--out '' is an empty"),
        ("compare", "taken", "--out taken is a file"),
        ("evaluate", "taken", "--out taken is a file"),
        ("compare", str(KEYS / "gold.key"), "gold.key is a file"),
    ],
)
def test_an_empty_report_folder_or_stem_is_refused(
    command: str,
    out: str,
    message: str,
    folder: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    """A report folder or export stem that is empty or a file is refused before the work."""
    import evaluation.experiment
    import evaluation.experiment.comparison

    def no_work(*args: object, **kwargs: object) -> None:
        raise AssertionError("the work started before the output was checked")

    monkeypatch.setattr(evaluation.experiment.comparison, "compare_systems", no_work)
    monkeypatch.setattr(evaluation.experiment, "run_experiment", no_work)
    (folder / "taken").write_text("x\n")
    argv = {
        "compare": ["compare", "--gold", str(KEYS / "gold.key"), str(KEYS / "pred.key")],
        "evaluate": ["evaluate", str(ROOT / "configs" / "japanese.toml")],
        "export": ["data", "export", "--corpus", str(JAPANESE / "probes.jsonl"), "--to", "jsonl"],
    }[command]
    assert main([*argv, "--out", out]) == 2
    assert message in _error(capsys)
    assert [p.name for p in folder.iterdir()] == ["taken"]


# --- a full disk -------------------------------------------------------------------------------
@pytest.mark.parametrize("lines", [1, 1000], ids=["last flush", "mid-write"])
@pytest.mark.parametrize("grouped", [False, True])
def test_a_full_disk_leaves_no_temp_file_and_names_the_output(
    lines: int, grouped: bool, folder: Path
) -> None:
    """A disk full mid-write or at the last flush leaves no temp file and names the output."""
    (folder / "p.key").write_text("earlier\n")
    with pytest.raises(OSError, match="No space left on device") as caught, disk_with_room(10):
        with atomic_group() if grouped else contextlib.nullcontext():
            with atomic_open("p.key") as handle:
                for _ in range(lines):
                    handle.write("x" * 99 + "\n")
    assert caught.value.filename == "p.key"
    assert sorted(p.name for p in folder.iterdir()) == ["p.key"]
    assert (folder / "p.key").read_text() == "earlier\n"


# --- atomic output ------------------------------------------------------------------------------
@pytest.mark.parametrize("umask", [0o022, 0o077, 0o002])
def test_atomic_files_get_the_usual_mode(tmp_path: Path, umask: int) -> None:
    old = os.umask(umask)
    try:
        assert current_umask() == umask
        atomic_write_text(tmp_path / "result.txt", "ok\n")
        atomic_write_json(tmp_path / "model.json", {"a": 1})
        plain = tmp_path / "plain.txt"
        plain.write_text("ok\n", encoding="utf-8")
    finally:
        os.umask(old)
    expected = stat.S_IMODE(plain.stat().st_mode)
    assert expected == 0o666 & ~umask
    for name in ("result.txt", "model.json"):
        assert stat.S_IMODE((tmp_path / name).stat().st_mode) == expected, name
    os.chmod(tmp_path / "result.txt", 0o640)  # replacing a file keeps its mode, like open("w")
    atomic_write_text(tmp_path / "result.txt", "again\n")
    assert stat.S_IMODE((tmp_path / "result.txt").stat().st_mode) == 0o640
    assert (tmp_path / "result.txt").read_text(encoding="utf-8") == "again\n"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["model.json", "plain.txt", "result.txt"]


def test_an_atomic_group_puts_its_files_in_place_together_or_not_at_all(tmp_path: Path) -> None:
    for name in ("a.txt", "b.txt"):
        (tmp_path / name).write_text("earlier\n", encoding="utf-8")
    with pytest.raises(ValueError), atomic_group():
        atomic_write_text(tmp_path / "a.txt", "new\n")
        atomic_write_json(tmp_path / "c.json", {})
        assert (tmp_path / "a.txt").read_text(encoding="utf-8") == "earlier\n"  # not yet
        raise ValueError("the second output fails")
    assert sorted(p.name for p in tmp_path.iterdir()) == ["a.txt", "b.txt"]  # no temp file
    assert (tmp_path / "a.txt").read_text(encoding="utf-8") == "earlier\n"
    with atomic_group():
        atomic_write_text(tmp_path / "a.txt", "new\n")
        with atomic_group():  # a nested block belongs to the outer one
            atomic_write_text(tmp_path / "b.txt", "new\n")
        assert (tmp_path / "b.txt").read_text(encoding="utf-8") == "earlier\n"
    assert [(tmp_path / n).read_text(encoding="utf-8") for n in ("a.txt", "b.txt")] == ["new\n"] * 2


def test_an_interruption_as_a_group_commits_leaves_no_temp_file(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """An interruption as a group commits leaves the earlier output and no temp file."""
    from thesaurus.utils import outputs as io

    (tmp_path / "m.json").write_text("earlier\n", encoding="utf-8")
    commit = io._Group.commit

    def interrupted(group: object) -> None:
        raise KeyboardInterrupt  # what the CLI's handler raises, at commit's first bytecode

    monkeypatch.setattr(io._Group, "commit", interrupted)
    with pytest.raises(KeyboardInterrupt):
        atomic_write_json(tmp_path / "m.json", {"new": 1})
    assert sorted(p.name for p in tmp_path.iterdir()) == ["m.json"]
    assert (tmp_path / "m.json").read_text(encoding="utf-8") == "earlier\n"
    monkeypatch.setattr(io._Group, "commit", commit)
    atomic_write_json(tmp_path / "m.json", {"new": 1})  # the next group starts clean
    assert json.loads((tmp_path / "m.json").read_text(encoding="utf-8")) == {"new": 1}
