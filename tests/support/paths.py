"""Where the tests find things: the repository's root, the tests folder and its hand-made data."""

from pathlib import Path

TESTS = Path(__file__).resolve().parents[1]
DATA = TESTS / "data"
ROOT = TESTS.parent
