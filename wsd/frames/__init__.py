"""Case-frame extraction: the verb's ``subj``, ``obj`` and ``prep:<p>`` head nouns."""

from __future__ import annotations

from wsd.types import CaseFrame, Sentence

__all__ = ["extract_frame"]


def extract_frame(sentence: Sentence, position: int, *, tagset: str = "auto") -> CaseFrame:
    """Placeholder until the rule-based extractor lands: an empty frame."""
    del sentence, position, tagset
    return CaseFrame()
