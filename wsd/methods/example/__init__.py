"""The example-based method (method 1): :class:`ExampleBasedWSD`."""

from wsd.methods.example.estimator import FALLBACK_NO_FILLER, PAPER, ExampleBasedWSD
from wsd.methods.example.tuning import DEFAULT_TUNE, SIMILARITY_PARAM

__all__ = ["DEFAULT_TUNE", "FALLBACK_NO_FILLER", "PAPER", "SIMILARITY_PARAM", "ExampleBasedWSD"]
