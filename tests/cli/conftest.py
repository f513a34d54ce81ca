"""Fixtures of the command-line tests."""

from __future__ import annotations

from pathlib import Path

import pytest
from japanese_worlds import japanese_world


@pytest.fixture()
def world(tmp_path: Path) -> dict[str, Path]:
    """The Japanese sample of :mod:`japanese_worlds` in a fresh folder."""
    return japanese_world(tmp_path)
