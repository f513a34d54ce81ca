"""The ``wsd`` command (also ``python -m evaluation.cli``): one module per command group, each
exposing ``register(subparsers)`` and the ``run`` functions it registers.
"""

from evaluation.cli._main import build_parser, main

__all__ = ["build_parser", "main"]
