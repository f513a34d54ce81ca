"""The words around a verb, as the methods that read context see them.

Read from normalised tokens only (:mod:`wsd.normalise`: lemma and universal tag, the same
for every corpus), never from annotation: a context word is a token with an open-class tag
(``NOUN``, ``VERB``, ``ADJ``, ``ADV``), a word character, and a lemma that is not a function
word (:data:`FUNCTION_WORDS`: auxiliaries, modals, negation and the closed-class words that
taggers often give an open-class tag, such as SemCor's ``in/RB`` and ``so/RB``).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator, Sequence

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
    """An open-class, word-like token whose lemma is no function word."""
    if token.pos not in OPEN_CLASS or (token.lemma or token.form.lower()) in FUNCTION_WORDS:
        return False
    form = token.form
    found = _WORDLIKE_FORMS.get(form)  # a str caches its hash: cheaper than the regex
    if found is None:
        found = _WORDLIKE_FORMS[form] = bool(_WORDLIKE.search(form))
    return found


_WORDLIKE_FORMS: dict[str, bool] = {}


def context_words(
    instance: Instance,
    window: int | None,
    content: Callable[[tuple[Token, ...]], Sequence[int]] | None = None,
) -> Iterator[Token]:
    """The content tokens around the target, in text order, the target itself left out.

    ``window=None`` reads the sentence; ``N`` reads N tokens each side, across sentence
    boundaries when the instance carries a wider context (:meth:`Instance.window`).
    ``content`` gives the indices of a sentence's content tokens (default
    :func:`sentence_content`; a memoised version lets the verbs of one sentence share the
    work).
    """
    if window is None:
        tokens, target = instance.sentence.tokens, instance.position
        for i in (content or sentence_content)(tokens):
            if i != target:
                yield tokens[i]
        return
    tokens, target = instance.window()
    lo, hi = max(0, target - window), min(len(tokens), target + window + 1)
    for i in range(lo, hi):
        token = tokens[i]
        if i != target and is_content(token):
            yield token


def sentence_content(tokens: tuple[Token, ...]) -> tuple[int, ...]:
    """The indices of the content tokens of a sentence (small ints, no pairs: a memo of a
    corpus's sentences then holds few objects for the garbage collector to walk)."""
    return tuple([i for i, token in enumerate(tokens) if is_content(token)])
