"""Interruptions: SIGINT and SIGTERM leave every output as it was or wholly new, exit 128 +
the signal's number with one line, and respect the caller's dispositions of the signals."""

from __future__ import annotations

import json
import os
import random
import re
import shutil
import signal
import subprocess
import sys
import threading
import time
import weakref
from pathlib import Path
from typing import Any

import pytest
from fuzzing import FUZZ, HANG_SECONDS, event, leftovers, no_hang
from hypothesis import given
from hypothesis import strategies as st
from japanese_worlds import tiny_config
from paths import DATA, ROOT

JAPANESE = ROOT / "examples" / "japanese"
THESAURI = DATA / "thesaurus"
VERBS = f"--param=verb_thesaurus={THESAURI / 'tsukau_verbs.tsv'}"
NOUNS = f"--param=noun_thesaurus={THESAURI / 'nouns_ja.tsv'}"


INTERRUPTIONS = (signal.SIGINT, signal.SIGTERM)


def _default_interruptions() -> None:
    """SIGINT and SIGTERM back to the system's defaults in a child before it runs: a caller
    started in the background (``cmd &``, ``nohup``) ignores SIGINT, and a child inherits
    that, while these tests interrupt ``wsd`` as a terminal would."""
    for signum in INTERRUPTIONS:
        signal.signal(signum, signal.SIG_DFL)


@pytest.fixture
def terminal_signals() -> Any:
    """Python's own handlers for SIGINT and SIGTERM in this process while a test runs
    (``wsd``'s main leaves a signal the process ignores ignored, as ``nohup`` asks), and the
    caller's dispositions back afterwards."""
    previous = {signum: signal.getsignal(signum) for signum in INTERRUPTIONS}
    signal.signal(signal.SIGINT, signal.default_int_handler)
    signal.signal(signal.SIGTERM, signal.SIG_DFL)
    yield
    for signum, handler in previous.items():
        signal.signal(signum, handler if handler is not None else signal.SIG_DFL)


def _handling_signals(pid: int) -> bool:
    """Whether process ``pid`` catches SIGTERM: ``wsd``'s main has installed its handlers
    (before that, Python's defaults apply; the module docstring of evaluation/cli/_main.py)."""
    status = Path(f"/proc/{pid}/status").read_text(encoding="ascii")
    found = re.search(r"^SigCgt:\s*([0-9a-f]+)$", status, re.MULTILINE)
    return found is not None and bool(int(found[1], 16) & (1 << (signal.SIGTERM - 1)))


def _run_interrupted(
    argv: list[str], cwd: Path, when: float | str, signum: int
) -> tuple[int, str, float]:
    """Run ``wsd ARGV``; once its main handles signals, send ``signum`` after ``when`` seconds,
    as soon as a temp file of an output shows in ``cwd/out`` (``"writing"``), or as soon as
    one of the outputs there has been replaced (``"between outputs"``).  Returns the
    exit status, stderr and the seconds from the handlers to the exit."""
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    command = [sys.executable, "-m", "evaluation.cli", *argv]
    with subprocess.Popen(
        command,
        cwd=cwd,
        env=env,
        stderr=subprocess.PIPE,
        text=True,
        preexec_fn=_default_interruptions,
    ) as child:
        with no_hang():
            while child.poll() is None and not _handling_signals(child.pid):
                time.sleep(0.002)
            ready = time.perf_counter()
            if when == "writing":
                while child.poll() is None and not leftovers(cwd / "out"):
                    time.sleep(0.0005)
            elif when == "between outputs":  # a rename gives the path another inode
                inodes = _inodes(cwd / "out")
                while child.poll() is None and _inodes(cwd / "out") == inodes:
                    time.sleep(0.0002)
            elif isinstance(when, float):
                time.sleep(when)
            if child.poll() is None and when != "never":
                child.send_signal(signum)
            _, err = child.communicate(timeout=4 * HANG_SECONDS)
        return child.returncode, err, time.perf_counter() - ready


def _inodes(folder: Path) -> list[int]:
    return [entry.inode() for entry in os.scandir(folder) if not entry.name.startswith(".")]


def _outputs(folder: Path) -> dict[str, bytes]:
    return {p.name: p.read_bytes() for p in sorted(folder.iterdir()) if p.is_file()}


@pytest.fixture(scope="module")
def interruption_world(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """Inputs big enough to take a few seconds: 7,800 training and 4,800 input instances
    (the Japanese example repeated under new ids), the example method's model, a config."""
    root = tmp_path_factory.mktemp("interrupt")
    for name, copies in (("tsukau.jsonl", 150), ("probes.jsonl", 600)):
        records = [json.loads(line) for line in (JAPANESE / name).read_text("utf-8").splitlines()]
        with (root / f"big_{name}").open("w", encoding="utf-8") as out:
            for copy in range(copies):
                for record in records:
                    out.write(json.dumps({**record, "id": f"{record['id']}.{copy}"}) + "\n")
    from evaluation.cli import main

    argv = ["train", "--corpus", str(JAPANESE / "tsukau.jsonl"), "--method", "example"]
    assert main([*argv, VERBS, NOUNS, "--out", str(root / "m.json")]) == 0
    (root / "c.toml").write_bytes(tiny_config())
    return root


_COMMANDS = {
    "train": "train --corpus big_tsukau.jsonl --method example --out out/m.json".split(),
    "disambiguate": "disambiguate --model m.json --corpus big_probes.jsonl --out out/p.key"
    " --confidence".split(),
    "evaluate": "evaluate c.toml --out out --quiet --no-plots".split(),
}


@pytest.mark.parametrize("command", sorted(_COMMANDS))
def test_interrupting_a_command_leaves_earlier_outputs_intact(
    command: str, interruption_world: Path, tmp_path: Path
) -> None:
    """SIGINT/SIGTERM at seeded moments: exit 128+n, one line, earlier outputs intact or all new."""
    argv = _COMMANDS[command] + ([VERBS, NOUNS] if command == "train" else [])
    for name in ("big_tsukau.jsonl", "big_probes.jsonl", "m.json", "c.toml"):
        (tmp_path / name).symlink_to(interruption_world / name)
    status, err, seconds = _run_interrupted(argv, tmp_path, "never", signal.SIGINT)
    assert status == 0, err
    new = _outputs(tmp_path / "out")
    old = {name: f"earlier {name}\n".encode() for name in new}
    chance = random.Random(f"interrupt {command}")
    moments: list[float | str] = [chance.uniform(0, seconds * f) for f in (0.5, 1.0)]
    for when in [*moments, "writing", "between outputs"]:
        signum = chance.choice([signal.SIGINT, signal.SIGTERM])
        shutil.rmtree(tmp_path / "out")
        (tmp_path / "out").mkdir()
        for name, data in old.items():
            (tmp_path / "out" / name).write_bytes(data)
        status, err, _ = _run_interrupted(argv, tmp_path, when, signum)
        shown = f"{command} at {when}: exit {status}, stderr: {err[-2000:]}"
        # -signum: the signal came after the command had finished, as Python was exiting
        # with its default handlers back (the outputs are then the new ones, checked below)
        assert status in (0, 128 + signum, -signum), shown
        assert "Traceback" not in err, shown
        if status > 0:
            assert err.splitlines()[-1] == f"wsd: interrupted ({signal.Signals(signum).name})"
        assert not leftovers(tmp_path / "out"), shown
        got = _outputs(tmp_path / "out")
        assert set(got) == set(old), shown
        replaced = {name for name in got if got[name] != old[name]}
        assert replaced in (set(), set(got)), f"{shown}\nreplaced only {sorted(replaced)}"
        if status < 0:
            assert replaced == set(got), shown
        if replaced and command != "evaluate":  # evaluate's files hold timings
            assert got == new, shown
        if replaced and command == "evaluate":
            json.loads(got["results.json"])
        event(f"{command}: {'replaced' if replaced else 'intact'} ({status})")


@pytest.mark.parametrize("where", ["finalizer", "weakref callback"])
def test_an_interruption_python_swallows_is_delivered_again(
    where: str,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
    terminal_signals: None,
) -> None:
    """A signal handled in a finalizer or weakref callback is delivered again: exit 130."""
    from evaluation.cli import main, score

    def interrupted(*_: object) -> None:
        os.kill(os.getpid(), signal.SIGINT)
        sum(range(100_000))  # the handler runs here, inside the finalizer or callback

    class Finalised:
        def __del__(self) -> None:
            interrupted()

    class Referent:
        pass

    def run(args: Any) -> int:
        if where == "finalizer":
            Finalised()  # finalised at once
        else:
            referent = Referent()
            kept = weakref.ref(referent, interrupted)
            del referent  # the callback runs at once
            assert kept() is None
        time.sleep(2)  # more work, in which the interruption lands again
        return 0

    monkeypatch.setattr(score, "run", run)
    started = time.perf_counter()
    status = main(["score", "--gold", "g", "--pred", "p"])
    assert status == 130 and time.perf_counter() - started < 1.5
    assert capsys.readouterr().err == "wsd: interrupted (SIGINT)\n"
    assert signal.getsignal(signal.SIGINT) is signal.default_int_handler  # handlers restored


def test_an_interruption_python_wraps_in_another_error_is_an_interruption(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], terminal_signals: None
) -> None:
    """A signal handled inside ``__set_name__`` (a class being made, as in an import), which
    Python 3.11 raises as a RuntimeError caused by the interruption: exit 130, no traceback."""
    from evaluation.cli import main, score

    class Named:
        def __set_name__(self, owner: type, name: str) -> None:
            os.kill(os.getpid(), signal.SIGINT)
            sum(range(100_000))  # the handler runs here

    def run(args: Any) -> int:
        type("Owner", (), {"field": Named()})
        return 0

    monkeypatch.setattr(score, "run", run)
    assert main(["score", "--gold", "g", "--pred", "p"]) == 130
    assert capsys.readouterr().err == "wsd: interrupted (SIGINT)\n"


def test_an_interruption_waits_for_a_set_of_outputs_to_be_in_place(
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
    terminal_signals: None,
) -> None:
    """A signal between a group's renames (another thread running) waits: both files new."""
    from evaluation.cli import main, score
    from thesaurus.utils import outputs as toolkit_io

    threading.Thread(target=time.sleep, args=(3,), daemon=True).start()  # blocks no signal
    replace, sent = os.replace, []

    def replace_and_signal(source: Any, target: Any) -> None:
        replace(source, target)
        if not sent:  # between the first rename and the second
            sent.append(os.kill(os.getpid(), signal.SIGINT))
            time.sleep(0.2)  # the handler runs as soon as the main thread checks for it

    def run(args: Any) -> int:
        with toolkit_io.atomic_group():
            for name in ("p.key", "p.key.confidence.jsonl"):
                with toolkit_io.atomic_open(tmp_path / name) as handle:
                    handle.write("new\n")
            monkeypatch.setattr(os, "replace", replace_and_signal)
        time.sleep(2)  # the command would go on
        return 0

    for name in ("p.key", "p.key.confidence.jsonl"):
        (tmp_path / name).write_text("earlier\n", encoding="utf-8")
    monkeypatch.setattr(score, "run", run)
    assert main(["score", "--gold", "g", "--pred", "p"]) == 130
    assert capsys.readouterr().err == "wsd: interrupted (SIGINT)\n"
    assert {p.name: p.read_text() for p in tmp_path.iterdir()} == {
        "p.key": "new\n",
        "p.key.confidence.jsonl": "new\n",
    }


def test_the_interruption_tests_hold_when_started_in_the_background(tmp_path: Path) -> None:
    """The in-process interruption tests pass when started with SIGINT ignored (``cmd &``)."""
    tests = [
        f"{__file__}::test_an_interruption_python_swallows_is_delivered_again",
        f"{__file__}::test_an_interruption_waits_for_a_set_of_outputs_to_be_in_place",
    ]

    def as_a_background_job() -> None:
        signal.signal(signal.SIGINT, signal.SIG_IGN)

    done = subprocess.run(
        [sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", *tests],
        cwd=tmp_path,
        capture_output=True,
        text=True,
        preexec_fn=as_a_background_job,
        timeout=4 * HANG_SECONDS,
    )
    assert done.returncode == 0, done.stdout[-3000:]
    assert "3 passed" in done.stdout


DISPOSITIONS = ("default", "ignored", "own handler")


@FUZZ
@given(
    sigint=st.sampled_from(DISPOSITIONS),
    sigterm=st.sampled_from(DISPOSITIONS),
    sent=st.sampled_from([signal.SIGINT, signal.SIGTERM]),
)
def test_main_honours_the_callers_signal_dispositions(sigint: str, sigterm: str, sent: int) -> None:
    """A signal the caller did not ignore interrupts ``wsd`` (exit 128 + its number); an
    ignored one stays ignored (the command runs to its end, as under ``nohup``); the
    caller's dispositions are back afterwards."""
    from evaluation.cli import main, score

    def own(signum: int, frame: Any) -> None:
        raise AssertionError("the caller's handler ran while wsd ran")

    chosen = {signal.SIGINT: sigint, signal.SIGTERM: sigterm}
    handlers = {"ignored": signal.SIG_IGN, "own handler": own}
    defaults = {signal.SIGINT: signal.default_int_handler, signal.SIGTERM: signal.SIG_DFL}
    previous = {signum: signal.getsignal(signum) for signum in chosen}

    def run(args: Any) -> int:
        os.kill(os.getpid(), sent)
        time.sleep(0.05)  # the handler runs here
        return 0

    real_run, score.run = score.run, run
    try:
        for signum, how in chosen.items():
            signal.signal(signum, handlers.get(how, defaults[signum]))
        given_before = {signum: signal.getsignal(signum) for signum in chosen}
        status = main(["score", "--gold", "g", "--pred", "p"])
        assert {signum: signal.getsignal(signum) for signum in chosen} == given_before
    finally:
        score.run = real_run
        for signum, handler in previous.items():
            signal.signal(signum, handler)
    assert status == (0 if chosen[sent] == "ignored" else 128 + sent)
    event(f"outcome: exit {status}")
