"""The words around a verb, as the methods that read context see them.

Read from normalised tokens only (:mod:`wsd.normalise`: lemma and universal tag, the same
for every corpus), never from annotation: a context word is a token with an open-class tag
(``NOUN``, ``VERB``, ``ADJ``, ``ADV``), a word character, and a lemma that is not a function
word (:data:`FUNCTION_WORDS`: auxiliaries, modals, negation and the closed-class words that
taggers often give an open-class tag, such as SemCor's ``in/RB`` and ``so/RB``).
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from ..normalise import OPEN_CLASS
from ..types import Instance, Token

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
    """An open-class, word-like token whose lemma is no function word (memoised per token:
    readers share equal tokens, so the table stays as small as the vocabulary)."""
    found = _CONTENT.get(token)
    if found is None:
        found = _CONTENT[token] = (
            token.pos in OPEN_CLASS
            and (token.lemma or token.form.lower()) not in FUNCTION_WORDS
            and bool(_WORDLIKE.search(token.form))
        )
    return found


_CONTENT: dict[Token, bool] = {}


def context_words(instance: Instance, window: int | None) -> Iterator[Token]:
    """The content tokens around the target, in text order, the target itself left out.

    ``window=None`` reads the sentence; ``N`` reads N tokens each side, across sentence
    boundaries when the instance carries a wider context (:meth:`Instance.window`).
    """
    if window is None:
        tokens, target = instance.sentence.tokens, instance.position
        lo, hi = 0, len(tokens)
    else:
        tokens, target = instance.window()
        lo, hi = max(0, target - window), min(len(tokens), target + window + 1)
    for i in range(lo, hi):
        token = tokens[i]
        if i != target and is_content(token):
            yield token
