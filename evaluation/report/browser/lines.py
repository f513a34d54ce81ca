"""``--instances-out FILE``: the instances of a view (:mod:`.where`) as JSON lines, one per
instance in the view's order, with what the page shows of it: ``id``, ``dataset``, ``pos``,
``lemma``, ``gold`` and ``gold_glosses``, ``first_sense`` and ``unseen`` (the breakdowns'
groups; ``unseen`` ``null`` without training data), ``fold`` (a cross-validation's),
``sentence`` (the target between ``[[`` and ``]]``; ``null`` without a corpus), ``right`` (how
many methods are right) and per method ``answers``: ``{keys, glosses, lengths, right,
credit: {alpha: value}}`` (``lengths``: each key's path length to the nearest gold key,
``null`` when not graded; credits as the page shows them)."""

from __future__ import annotations

import json
from collections.abc import Iterator, Sequence
from typing import Any

from evaluation.report.browser.table import InstanceTable, gloss

__all__ = ["instance_lines"]


def instance_lines(table: InstanceTable, rows: Sequence[int]) -> Iterator[str]:
    """One JSON line per row of ``table`` in ``rows`` (module docstring)."""
    right = {label: table.right(label) for label in table.systems}
    for i in rows:
        record: dict[str, Any] = {
            "id": table.ids[i],
            "dataset": table.datasets[i] or None,
            "pos": table.parts[i],
            "lemma": table.lemmas[i],
            "gold": list(table.gold[i]),
            "gold_glosses": [gloss(key) for key in table.gold[i]],
            "first_sense": table.first[i],
            "unseen": None if table.unseen is None else table.unseen[i],
            "fold": None if table.folds is None else table.folds[i],
            "sentence": _sentence(table, i),
            "right": sum(right[label][i] for label in table.systems),
            "answers": {
                label: {
                    "keys": list(table.answers[label][i]),
                    "glosses": [gloss(key) for key in table.answers[label][i]],
                    "lengths": list(table.lengths[label][i]),
                    "right": right[label][i],
                    "credit": {
                        alpha: table.credit[label][a][i] for a, alpha in enumerate(table.alphas)
                    },
                }
                for label in table.systems
            },
        }
        yield json.dumps(record, ensure_ascii=False)


def _sentence(table: InstanceTable, i: int) -> str | None:
    """The instance's sentence with the target between ``[[`` and ``]]``."""
    found = table.context[i]
    if found is None:
        return None
    sentence, position = found
    forms = list(table.sentences[sentence])
    forms[position] = f"[[{forms[position]}]]"
    return " ".join(forms)
