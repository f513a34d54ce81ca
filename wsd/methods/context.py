"""The words around a verb, as the methods that read context see them.

A context word is a normalised token (:mod:`wsd.normalise`) with an open-class universal tag,
a word character in its form, and a lemma that is not one of :data:`FUNCTION_WORDS` (which
include closed-class words taggers tag open-class, such as SemCor's ``in/RB``).
"""

from __future__ import annotations

import re

from wsd.normalise import OPEN_CLASS
from wsd.types import Instance, Token

__all__ = ["FUNCTION_WORDS", "context_words", "is_content"]

FUNCTION_WORDS = frozenset(
    """be have do will would shall should can could may might must ought need dare 's 're 'm
    've 'd 'll ca wo not n't never no yes so as than too very also then there here thus
    in on at of to for from by with about into onto upon over under up down out off away
    back through after before since until while if because although though whether either
    neither nor and or but yet this that these those which who whom whose what where when
    why how it its he him his she her they them their we us our you your i me my one ones
    some any all each every both such same other another more most much many few less least
    only just even still already yet again ever""".split()
)
_WORDLIKE = re.compile(r"\w", re.UNICODE)


def is_content(token: Token) -> bool:
    """Whether ``token`` is a context word (module docstring)."""
    lemma = token.lemma or token.form.lower()
    return (
        token.pos in OPEN_CLASS
        and lemma not in FUNCTION_WORDS
        and bool(_WORDLIKE.search(token.form))
    )


def context_words(instance: Instance, window: int | None) -> list[Token]:
    """The context words around ``instance``'s target, in text order, the target left out:
    the sentence's (``window=None``) or those within ``window`` tokens each side
    (:meth:`Instance.window`, across sentences)."""
    if window is None:
        tokens, target = instance.sentence.tokens, instance.position
        lo, hi = 0, len(tokens)
    else:
        tokens, target = instance.window()
        lo, hi = max(0, target - window), min(len(tokens), target + window + 1)
    return [t for i, t in enumerate(tokens[lo:hi], lo) if i != target and is_content(t)]
