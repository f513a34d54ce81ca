"""``instances.html``: one self-contained page (the template, style and script in ``static/``,
the instances as JSON inside it; no network) listing every instance of an
:class:`~.table.InstanceTable` with its sentence, gold senses and glosses, each method's
answer coloured by its credit, the filters and sorting of :mod:`.where` kept in the address,
and a lemma view: its senses, the gold distribution and a gold x answer matrix per method.

The page holds each sense once (key, WordNet gloss, sense number), each sentence once, and per
(lemma, part of speech) its senses in WordNet's order, MAXLEN, and the path lengths between the
senses its instances name (gold or answered); per instance and method the answer and each
answer key's path length to the gold.  The credits are not stored: the script computes them
from MAXLEN and the path lengths as the scorer does (the browser tests check them against
the scorer's).  On the ALL-shaped benchmark of ``bench/bench_instances.py`` that is about 560
bytes per instance (a sentence each) and 8 per instance and method: 4.9 MB for 7,253
instances and 20 methods.
"""

from __future__ import annotations

import json
from collections.abc import Iterator, Sequence
from functools import cache
from importlib.resources import files
from typing import Any

from evaluation.acceptability import path_length
from evaluation.experiment.results import ExperimentResult
from evaluation.report.browser.table import (
    PARTS,
    InstanceTable,
    gloss,
    instance_table,
    lemma_senses,
)
from evaluation.report.browser.where import UNSEEN
from evaluation.thesauri import Thesauri

__all__ = ["instances_page", "page_data", "page_fields", "render_page"]

FIRST_GROUPS = ("first sense", "not first sense", "first sense unknown")


@cache
def _static(name: str) -> str:
    return files(__package__).joinpath("static", name).read_text(encoding="utf-8")


def instances_page(result: ExperimentResult) -> str:
    """The ``instances.html`` of ``result``."""
    table = instance_table(result)
    return render_page(table, Thesauri(result.config.evaluation.thesauri))


def render_page(table: InstanceTable, thesauri: Thesauri) -> str:
    """The page of ``table``, glosses and sense numbers from ``thesauri`` and WordNet."""
    # what json.dumps(page_data(...)) writes, a field at a time: each column's values are
    # dropped once written (a million instances: a hundred megabytes of lists at once)
    fields = (f"{_json(name)}:{_json(value)}" for name, value in page_fields(table, thesauri))
    data = "{" + ",".join(fields) + "}"
    data = data.replace("<", "\\u003c")  # nothing in the JSON can close or open a tag
    from html import escape

    page = (
        _static("page.html")
        .replace("{{TITLE}}", escape(table.name))
        .replace("{{STYLE}}", _static("page.css"))
        .replace("{{SCRIPT}}", _static("page.js"))
    )
    before, after = page.split("{{DATA}}")
    return before + data + after


class _Senses:
    """Every sense key the page names, each with an index, gloss and sense number."""

    def __init__(self) -> None:
        self.index: dict[str, int] = {}
        self.number: dict[str, int] = {}

    def of(self, key: str) -> int:
        found = self.index.get(key)
        if found is None:
            found = self.index[key] = len(self.index)
        return found

    def column(self, keys: Sequence[str]) -> int | list[int]:
        """One key's index, or a list for several (each key once); -1 for none."""
        if len(keys) == 1:
            return self.of(keys[0])
        found = [self.of(key) for key in dict.fromkeys(keys)]
        return found[0] if len(found) == 1 else found if found else -1

    def json(self) -> dict[str, list[Any]]:
        keys = list(self.index)
        return {
            "senseKey": keys,
            "senseGloss": [gloss(key) for key in keys],
            "senseNumber": [self.number.get(key, 0) for key in keys],
        }


def page_data(table: InstanceTable, thesauri: Thesauri) -> dict[str, Any]:
    """The JSON the page's script reads (``static/page.js``)."""
    return dict(page_fields(table, thesauri))


def page_fields(table: InstanceTable, thesauri: Thesauri) -> Iterator[tuple[str, Any]]:
    """The fields of :func:`page_data` in order, each column made when its turn comes (the
    senses the columns name are numbered as they are made: the sense tables come last)."""
    senses = _Senses()
    lemma_rows, lemma_of = _lemmas(table, thesauri, senses)
    datasets = list(dict.fromkeys(d for d in table.datasets if d))
    systems = table.systems
    yield from {
        "name": table.name,
        "kind": table.kind,
        "setup": table.setup,
        "systems": list(systems),
        "alphas": list(table.alphas),
        "alpha": table.alpha,
        "datasets": datasets,
        "parts": list(PARTS),
        "firstGroups": list(FIRST_GROUPS),
        "unseenGroups": None if table.unseen is None else list(UNSEEN.values()),
        "contextNote": table.context_note,
        "lemmas": lemma_rows,
    }.items()
    del lemma_rows
    yield "sentences", [list(forms) for forms in table.sentences]
    yield "id", list(table.ids)
    yield "ds", [datasets.index(d) if d else -1 for d in table.datasets]
    yield "pos", [PARTS.index(p) for p in table.parts]
    yield "lp", lemma_of
    del lemma_of
    yield "gold", [senses.column(keys) for keys in table.gold]
    yield "first", [FIRST_GROUPS.index(group) for group in table.first]
    unseen = list(UNSEEN.values())
    yield "unseen", None if table.unseen is None else [unseen.index(g) for g in table.unseen]
    yield "fold", None if table.folds is None else list(table.folds)
    yield "sent", [c[0] if c is not None else -1 for c in table.context]
    yield "tok", [c[1] if c is not None else -1 for c in table.context]
    yield "answers", [[senses.column(given) for given in table.answers[m]] for m in systems]
    yield (
        "lengths",
        [
            [
                _lengths(given, found)
                for given, found in zip(table.answers[m], table.lengths[m], strict=True)
            ]
            for m in systems
        ],
    )
    yield from senses.json().items()


def _json(value: Any) -> str:
    return json.dumps(value, ensure_ascii=False, separators=(",", ":"))


def _lengths(given: Sequence[str], found: Sequence[int | None]) -> Any:
    """The path lengths of an answer's distinct keys: one value, or a list for several."""
    if len(found) == 1:
        return found[0]
    values = list(dict(zip(given, found, strict=True)).values())
    return values[0] if len(values) == 1 else values or None


def _lemmas(
    table: InstanceTable, thesauri: Thesauri, senses: _Senses
) -> tuple[list[list[Any]], list[int]]:
    """Per (lemma, part of speech): ``[lemma, part, MAXLEN, senses, shown, lengths]`` (sense
    indices; ``shown`` the senses its instances name, ``lengths`` their path lengths, the
    upper triangle row by row), and each instance's row."""
    inventory = lemma_senses(table, thesauri)
    order = {key: row for row, key in enumerate(inventory)}
    named: dict[tuple[str, str], dict[str, None]] = {key: {} for key in inventory}
    for i, word in enumerate(zip(table.lemmas, table.parts, strict=True)):
        named[word].update(dict.fromkeys(table.gold[i]))
        for label in table.systems:
            named[word].update(dict.fromkeys(table.answers[label][i]))
    rows = []
    for (lemma, part), (keys, maxlen) in inventory.items():
        for number, key in enumerate(keys, 1):
            senses.number.setdefault(key, number)
        own = set(keys)
        shown = [k for k in named[(lemma, part)] if k in own]
        pos = None if part == "other" else part
        lengths = [
            path_length(thesauri, shown[a], shown[b], lemma, pos)
            for a in range(len(shown))
            for b in range(a + 1, len(shown))
        ]
        rows.append(
            [
                lemma,
                PARTS.index(part),
                maxlen,
                [senses.of(k) for k in keys],
                [senses.of(k) for k in shown],
                lengths,
            ]
        )
    lemma_of = [order[key] for key in zip(table.lemmas, table.parts, strict=True)]
    return rows, lemma_of
