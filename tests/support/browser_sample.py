"""Test support: shared by several test modules."""

from __future__ import annotations

from pathlib import Path

import pytest
from paths import DATA

from evaluation.experiment import (
    ComparisonConfig,
    ComparisonResult,
    EvaluationConfig,
    SystemSpec,
    compare_systems,
)

# ---- definitions
DATA = DATA / "browser"


GOLD = DATA / "small.gold.key.txt"


SYSTEMS = ("alpha", "beta", "gamma")


def read_keys(path: Path) -> dict[str, list[str]]:
    return {line.split()[0]: line.split()[1:] for line in path.read_text().splitlines()}


def compare_sample() -> ComparisonResult:
    """The three systems compared on every gold instance, with the training keys."""
    config = ComparisonConfig(
        gold=str(GOLD),
        systems=tuple(SystemSpec(s, str(DATA / f"{s}.key")) for s in SYSTEMS),
        instances="gold",
        train_keys=(str(DATA / "train.key"),),
        evaluation=EvaluationConfig(bootstrap=0),
    )
    with pytest.warns(Warning, match="list several keys"):
        return compare_systems(config)
