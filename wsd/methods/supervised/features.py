"""Binary features of a verb instance for the linear classifiers (``ims``, ``hybrid``).

The three groups of Zhong & Ng's *It Makes Sense* (2010), read from normalised tokens only:

* ``pos``: the universal tags at offsets -3..+3 (``P-1=DET``; ``_`` beyond the sentence);
* ``bag``: the lemmas of the context words (:mod:`wsd.methods.context`; ``W=jury``);
* ``collocations``: the 11 local collocations C(i,j) of Lee & Ng (2002), the lower-cased forms
  at offsets i..j, space-separated (``C-1,1=they made a``);

and, for ``hybrid``, the verb's case frame (:func:`frame_features`).

>>> from wsd.types import Instance, Sentence, Token
>>> toks = (Token("They", "they", "PRON"), Token("made", "make", "VERB"),
...         Token("a", "a", "DET"), Token("plan", "plan", "NOUN"))
>>> sorted(ims_features(Instance("i", "make", (), Sentence("s", toks), 1), ("collocations",)))[:3]
['C-1,-1=they', 'C-1,1=they made a', 'C-1,2=they made a plan']
"""

from __future__ import annotations

from collections.abc import Callable, Iterable

from wsd.methods.context import context_words
from wsd.types import Filler, Instance

__all__ = ["COLLOCATIONS", "GROUPS", "frame_features", "ims_features"]

GROUPS = ("pos", "bag", "collocations")
COLLOCATIONS = (
    (-2, -2), (-1, -1), (1, 1), (2, 2), (-2, -1), (-1, 1), (1, 2), (-3, -1), (-2, 1), (-1, 2),
    (1, 3),
)  # fmt: skip
_PAD = "_"


def ims_features(
    instance: Instance,
    groups: Iterable[str] = GROUPS,
    *,
    window: int | None = None,
    pos_window: int = 3,
) -> list[str]:
    """The names of ``instance``'s features of ``groups`` (module docstring), each once.

    Parameters
    ----------
    instance : Instance
        The instance.
    groups : iterable of str, default=GROUPS
        Among ``"pos"``, ``"bag"`` and ``"collocations"``.
    window : int, optional
        The bag's tokens each side (None: the sentence;
        :func:`~wsd.methods.context.context_words`).
    pos_window : int, default=3
        The tags taken each side of the target.

    Returns
    -------
    list of str
        The feature names.
    """
    wanted = set(groups)
    tokens, target = instance.sentence.tokens, instance.position
    n = len(tokens)
    out: dict[str, None] = {}
    if "pos" in wanted:
        for offset in range(-pos_window, pos_window + 1):
            i = target + offset
            out[f"P{offset}={tokens[i].pos if 0 <= i < n else _PAD}"] = None
    if "collocations" in wanted:
        # the words at offsets -3..+3, padded beyond the sentence: words[k + 3] is offset k
        words = [
            tokens[i].form.lower() if 0 <= i < n else _PAD for i in range(target - 3, target + 4)
        ]
        for lo, hi in COLLOCATIONS:
            out[f"C{lo},{hi}={' '.join(words[lo + 3 : hi + 4])}"] = None
    if "bag" in wanted:
        for token in context_words(instance, window):
            out[f"W={token.lemma or token.form.lower()}"] = None
    return list(out)


def frame_features(
    instance: Instance, classes: Callable[[Filler], Iterable[str]] | None = None
) -> list[str]:
    """The case-frame features of ``instance``, each once.

    Parameters
    ----------
    instance : Instance
        The instance (no features without a frame).
    classes : callable, optional
        ``classes(filler)`` -> class names (lexicographer files ``L:...``, ancestors
        ``H:...``).

    Returns
    -------
    list of str
        ``F:<case>`` and ``F:<case>=<lemma>`` per case, plus ``<prefix>:<case>=<class>``
        for every class name ``classes(filler)`` yields.
    """
    if instance.frame is None:
        return []
    out: dict[str, None] = {}
    for case, filler in instance.frame.cases:
        out[f"F:{case}"] = None
        out[f"F:{case}={filler.lemma}"] = None
        if classes is not None:
            for name in classes(filler):
                out[f"{name[0]}:{case}={name[2:]}"] = None
    return list(out)
