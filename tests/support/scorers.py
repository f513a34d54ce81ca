"""Test support: shared by several test modules."""

from __future__ import annotations


# ---- definitions
def _official_scorer(gold: dict[str, set[str]], system: dict[str, set[str]]) -> tuple[float, ...]:
    """The computation of Raganato et al.'s Scorer.java, transcribed independently."""
    ok = notok = 0.0
    for instance, answers in system.items():
        if instance not in gold:
            continue
        local_ok = sum(1 for a in answers if a in gold[instance])
        local_notok = len(answers) - local_ok
        ok += local_ok / (local_ok + local_notok)
        notok += local_notok / (local_ok + local_notok)
    precision = ok / (ok + notok)
    recall = ok / len(gold)
    return precision, recall, 2 * precision * recall / (precision + recall)
