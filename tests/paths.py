"""Where the tests find things: the repository's root, this folder and its hand-made data."""

from pathlib import Path

TESTS = Path(__file__).resolve().parent
DATA = TESTS / "data"
ROOT = TESTS.parent
