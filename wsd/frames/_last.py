"""The analysis of the sentence asked about last, kept for the next question.

Callers ask for one verb's frame at a time (``extract_frame(sentence, position)``), every verb
of a sentence in turn.  Analysing the whole sentence anew for each verb made a sentence's cost
grow with the square of its length (a 50,000-word sentence: minutes).  The records are
immutable, so the analysis of the objects asked about last stays right while they are the
same objects; they are recognised by identity (the reference held keeps their ids from being
reused), which costs nothing whatever the sentence's length.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Generic, TypeVar

__all__ = ["LastSentence"]

V = TypeVar("V")


class LastSentence(Generic[V]):
    """``build(*args)``, remembered for the last ``args`` (compared by identity).

    >>> built = []
    >>> length = LastSentence(lambda words: built.append(words) or len(words))
    >>> words = ("a", "b")
    >>> length(words), length(words), len(built)
    (2, 2, 1)
    """

    __slots__ = ("_build", "_held")

    def __init__(self, build: Callable[..., V]) -> None:
        self._build = build
        self._held: tuple[tuple[object, ...], V] | None = None

    def __call__(self, *args: object) -> V:
        held = self._held  # read once: another thread may replace it meanwhile
        if (
            held is not None
            and len(held[0]) == len(args)
            and all(a is b for a, b in zip(held[0], args, strict=True))
        ):
            return held[1]
        value = self._build(*args)
        self._held = (args, value)
        return value
