"""Fallbacks that point at thesauri which do not fit the corpus (a noun thesaurus that knows
none of the case fillers, a verb thesaurus that does not know the verbs), which would
otherwise look like a weak method: :func:`thesaurus_mismatch` says what to set.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

import thesaurus
from wsd.methods import ABSTAIN_UNKNOWN_LEMMA
from wsd.methods.example import FALLBACK_NO_FILLER
from wsd.types import Instance

__all__ = ["MOST", "thesaurus_mismatch"]

MOST = 0.5  # warn when more than this share of a method's predictions fell back for the cause


def thesaurus_mismatch(
    label: str,
    method: Any,
    instances: Sequence[Instance],
    fallbacks: Sequence[str | None],
    *,
    fix: Callable[[str], str],
) -> str | None:
    """The warning for ``method`` (named ``label``) when more than :data:`MOST` of its
    predictions on ``instances`` fell back because of its thesauri (``mfs:no-usable-filler``
    with unknown fillers, ``abstain:lemma-not-in-inventory``), else ``None``; the message
    ends with ``fix(parameter)``.
    """
    total = len(instances)
    if not total:
        return None
    params = method.get_params()
    noun_spec = params.get("noun_thesaurus")
    no_filler = sum(1 for why in fallbacks if why == FALLBACK_NO_FILLER)
    if isinstance(noun_spec, str) and no_filler > MOST * total:  # else no thesaurus is loaded
        unknown = _unknown_fillers(instances, fallbacks, thesaurus.load(noun_spec))
        if len(unknown) > MOST * total:
            return (
                f"{label}: {len(unknown)} of {total} predictions fell back to the most frequent "
                f"sense ({FALLBACK_NO_FILLER}) because its noun thesaurus {noun_spec} knows none "
                f"of their case fillers (e.g. {unknown[0]!r}): {fix('noun_thesaurus')}, the "
                f"thesaurus of the corpus's nouns"
            )
    verbs = [
        inst.lemma
        for inst, why in zip(instances, fallbacks, strict=True)
        if why == ABSTAIN_UNKNOWN_LEMMA
    ]
    if len(verbs) > MOST * total:
        return (
            f"{label}: {len(verbs)} of {total} instances were abstained on "
            f"({ABSTAIN_UNKNOWN_LEMMA}) because neither the training data nor its verb "
            f"thesaurus {params.get('verb_thesaurus')} knows their verbs (e.g. {verbs[0]!r}): "
            f"train on these verbs, or {fix('verb_thesaurus')}, the thesaurus of the corpus's "
            f"verb senses"
        )
    return None


def _unknown_fillers(
    instances: Sequence[Instance], fallbacks: Sequence[str | None], nouns: thesaurus.Thesaurus
) -> list[str]:
    """The first filler's lemma of each instance whose fillers ``nouns`` does not know."""
    found = []
    for inst, why in zip(instances, fallbacks, strict=True):
        if why != FALLBACK_NO_FILLER or inst.frame is None or not inst.frame.cases:
            continue
        fillers = [filler for _, filler in inst.frame.cases]
        known = any(
            nouns.has_word(f.lemma) or (f.sense is not None and nouns.has_sense(f.sense))
            for f in fillers
        )
        if not known:
            found.append(fillers[0].lemma)
    return found
