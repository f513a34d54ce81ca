"""``python -m evaluation.cli``: the ``wsd`` command."""

import sys

from evaluation.cli._main import main

sys.exit(main())
