"""``python -m wsd``: the ``wsd`` command.

The command's parser lives in the top layer (:mod:`evaluation.cli`), since its commands reach
every layer; this entry point only runs it, as the ``wsd`` console script does.
"""

import sys

from evaluation.cli import main

sys.exit(main())
