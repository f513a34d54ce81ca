"""Where the cross-validation jobs run (``evaluation.experiment.backend``): a Dask cluster gives
the numbers of the local run; a missing extra or an unreachable scheduler is one clear line.

The Dask tests run on a ``dask.distributed.LocalCluster`` of two worker processes and are
skipped only when the optional extra is not installed (``pip install "verb-wsd[dask]"``; CI
installs it)."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

import pytest
from experiment_worlds import config_dict, tiny_config, tiny_dataset
from paths import ROOT

from evaluation import ConfigError
from evaluation.cli import main
from evaluation.experiment import backend as backend_module
from evaluation.experiment import parse_config, run_experiment

Capture = pytest.CaptureFixture[str]


def _numbers(result: Any) -> dict[str, Any]:
    """Every number of a result's JSON: all but the timing, versions and where it ran."""
    document = result.to_json()
    for key in ("timing", "versions"):
        document.pop(key)
    for key in ("backend", "scheduler"):
        document["config"]["cv"].pop(key)
    return dict(document)


def _sweep_config(world: dict[str, str], **cv: Any) -> Any:
    """The tiny experiment with a sweep, so that sweep variants run as tasks of their own."""
    raw = config_dict(world, cv={"folds": 3, **cv}, sweep={"bayes.smoothing": [0.5, 2.0]})
    return parse_config(raw, source="tiny.toml")


@pytest.fixture(scope="module")
def cluster() -> Any:
    distributed = pytest.importorskip("dask.distributed")
    with distributed.LocalCluster(
        n_workers=2, threads_per_worker=1, processes=True, dashboard_address=None
    ) as local:
        yield local


def test_dask_gives_the_numbers_of_the_local_run(world: dict[str, str], cluster: Any) -> None:
    local_config = _sweep_config(world)
    local = run_experiment(local_config, tiny_dataset(local_config), n_jobs=2)
    config = _sweep_config(world, backend="dask", scheduler=cluster.scheduler_address)
    remote = run_experiment(config, tiny_dataset(config))
    assert remote.timing.backend == "dask" and local.timing.backend == "loky"
    assert _numbers(remote) == _numbers(local)
    assert {v.label for v in remote.sweep} == {"bayes[smoothing=0.5]", "bayes[smoothing=2.0]"}


def test_the_scheduler_argument_overrides_the_config(
    world: dict[str, str], result: Any, cluster: Any
) -> None:
    config = tiny_config(world)
    remote = run_experiment(config, tiny_dataset(config), scheduler=cluster.scheduler_address)
    assert remote.timing.backend == "dask"
    assert _numbers(remote) == _numbers(result)


def test_an_unreachable_scheduler_is_one_line_and_exit_2(
    monkeypatch: pytest.MonkeyPatch, capsys: Capture
) -> None:
    pytest.importorskip("dask.distributed")
    monkeypatch.setattr(backend_module, "CONNECT_TIMEOUT_S", 1)
    monkeypatch.chdir(ROOT)  # the Japanese example's paths are relative to the checkout
    status = main(["evaluate", "configs/japanese.toml", "--scheduler", "tcp://127.0.0.1:9"])
    error = capsys.readouterr().err.strip()
    assert status == 2
    assert error.startswith("wsd: error: cannot reach the Dask scheduler at tcp://127.0.0.1:9")
    assert "\n" not in error


def test_a_missing_extra_is_one_line_and_exit_2(
    monkeypatch: pytest.MonkeyPatch, capsys: Capture, tmp_path: Path
) -> None:
    monkeypatch.setitem(sys.modules, "dask.distributed", None)  # import fails as if absent
    monkeypatch.chdir(ROOT)
    config = tmp_path / "dask.toml"
    text = (ROOT / "configs" / "japanese.toml").read_text(encoding="utf-8")
    config.write_text(
        text.replace("[cv]\n", '[cv]\nbackend = "dask"\n').replace(
            'path = "examples', f'path = "{ROOT}/examples'
        ),
        encoding="utf-8",
    )
    assert main(["evaluate", str(config), "--out", str(tmp_path / "out")]) == 2
    error = capsys.readouterr().err.strip()
    assert error == (
        "wsd: error: backend 'dask' needs the optional dependency dask.distributed: "
        'pip install "verb-wsd[dask]"'
    )


@pytest.mark.parametrize(
    ("cv", "message"),
    [
        ({"backend": "spark"}, r"cv\.backend = 'spark': must be one of 'loky', 'dask'"),
        (
            {"scheduler": "tcp://h:8786"},
            r"cv\.scheduler = 'tcp://h:8786': needs backend = \"dask\"",
        ),
        ({"backend": "dask", "scheduler": "tcp://a b"}, r"cv\.scheduler = 'tcp://a b': must be"),
        ({"backend": "dask", "scheduler": 8786}, r"cv\.scheduler = 8786: must be a string"),
    ],
)
def test_backend_settings_are_checked(world: dict[str, str], cv: Any, message: str) -> None:
    with pytest.raises(ConfigError, match=message):
        tiny_config(world, cv=cv)


def test_a_bad_scheduler_flag_is_one_line(capsys: Capture) -> None:
    status = main(["evaluate", str(ROOT / "configs" / "table1.toml"), "--scheduler", "a b"])
    assert status == 2
    assert capsys.readouterr().err.strip() == (
        "wsd: error: --scheduler = 'a b': must be a Dask scheduler address such as "
        "'tcp://host:8786'"
    )


@pytest.mark.parametrize(
    ("address", "good"),
    [("tcp://host:8786", True), ("host:8786", True), ("tls://10.0.0.1:8786", True)]
    + [("tcp://[::1]:8786", True), ("tcp://a b", False), ("", False), ("tcp://", False)]
    + [("tcp://host:port", False)],
)
def test_dask_addresses(address: str, good: bool) -> None:
    from evaluation.experiment.config import check_scheduler

    problems: list[str] = []
    check_scheduler(address, problems.append)
    assert not problems == good
