"""Test support: shared by several test modules."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from worlds import TRAIN

from wsd import Instance, Sentence, Token


# ---- definitions
def _worded(instance: Instance) -> Instance:
    """``instance`` with its fillers as noun tokens of its sentence (context words for bayes)."""
    assert instance.frame is not None
    nouns = tuple(Token(f.lemma, f.lemma, "NOUN") for _, f in instance.frame.cases)
    sentence = Sentence(instance.sentence.id, (*nouns, Token("use", "use", "VERB")))
    return replace(instance, sentence=sentence, position=len(nouns))


WORDED = [_worded(i) for i in TRAIN]


# --- absurd values (family 7) ------------------------------------------------------------------
def _use(document: dict[str, Any]) -> Any:
    return document["verbs"]["use"]


# --- meaning (family 8) ------------------------------------------------------------------------
def _rename(document: dict[str, Any], old: str, new: str) -> None:
    """Sense ``old`` of ``use`` renamed ``new`` everywhere in the document."""
    counts = document["sense_counts"]["use"]
    counts[new] = counts.pop(old)
    state = _use(document)
    if isinstance(state, dict) and "senses" in state:
        state["senses"] = [new if s == old else s for s in state["senses"]]
    elif state:
        for by_sense in (state.get("examples") or state).values():
            if old in by_sense:
                by_sense[new] = by_sense.pop(old)
