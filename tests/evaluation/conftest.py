"""Fixtures of the evaluation tests: the tiny world of :mod:`experiment_worlds` and its
cross-validation result, each made once per session."""

from __future__ import annotations

from typing import Any

import pytest
from experiment_worlds import tiny_config, tiny_dataset, write_world

from evaluation.experiment import run_experiment


@pytest.fixture(scope="session")
def world(tmp_path_factory: pytest.TempPathFactory) -> dict[str, str]:
    """The file thesauri of the tiny experiment (read only: a test that adds files makes its
    own with ``write_world``)."""
    return write_world(tmp_path_factory.mktemp("world"))


@pytest.fixture(scope="session")
def result(world: dict[str, str]) -> Any:
    """The tiny experiment's cross-validation result (read only)."""
    config = tiny_config(world)
    return run_experiment(config, tiny_dataset(config))
