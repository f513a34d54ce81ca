"""``python -m evaluation.cli``: the ``wsd`` command."""

import sys

from ._main import main

sys.exit(main())
