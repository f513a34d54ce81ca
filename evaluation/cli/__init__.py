"""The ``wsd`` command: every subcommand, one module per command group, each a thin adapter
that parses arguments, calls library functions of ``thesaurus``, ``wsd`` and ``evaluation``
and prints their results.

It lives in the top layer because it reaches every layer.  Each command module exposes
``register(subparsers)`` and the ``run`` functions it registers; heavy dependencies are
imported inside ``run`` so that ``wsd --help`` stays fast.  ``python -m evaluation.cli`` runs
it too.
"""

from ._main import build_parser, main

__all__ = ["build_parser", "main"]
