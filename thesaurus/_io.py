"""Compatibility alias of :mod:`thesaurus.io`, for the modules that still import the old
private name (the corpus readers and the name table, being rewritten on other branches).
New code imports :mod:`thesaurus.io`."""

from .io import atomic_open, atomic_save_npz, atomic_write_json, atomic_write_text, current_umask

__all__ = [
    "atomic_open",
    "atomic_save_npz",
    "atomic_write_json",
    "atomic_write_text",
    "current_umask",
]
