"""The cyclic garbage collector paused while many records are made at once."""

from __future__ import annotations

import gc
from collections.abc import Iterator
from contextlib import contextmanager

__all__ = ["collector_paused"]


@contextmanager
def collector_paused() -> Iterator[None]:
    """Python's cyclic garbage collector paused while records are made in bulk (a corpus
    read, a cross-validation job's instances unpickled in a worker): that creates millions of
    small immutable records, none in a reference cycle, and the collector's passes over them
    doubled the time of a SemCor load (measured 10.5 s vs 5.0 s warm); unpickling all the
    jobs of ``semcor_all.toml`` in one process took 7.8 s with it and 1.0 s without.

    On the way out, the young generations are moved to the oldest one (``gc.freeze()`` then
    ``gc.unfreeze()``, both O(1)) instead of being traversed by the first young collection
    after ``gc.enable()``: that one pass over the ~300k records of a warm SemCor load cost as
    much as building them (0.2 to 0.4 s), and 0.7 to 0.9 s after a parse.  The records are
    still collected like any long-lived object, by the full collections; so are the
    program's other young objects, promoted with them (a cycle among those waits for a full
    collection instead of a young one).  Skipped when the program keeps objects frozen itself
    (``gc.get_freeze_count()``), which ``gc.unfreeze()`` would undo, and when the collector
    was already off (whoever turned it off turns it back on)."""
    enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if enabled:
            if not gc.get_freeze_count():
                gc.freeze()
                gc.unfreeze()
            gc.enable()
