"""JSONL instances for the fuzz suite: a generator of valid files with the instances they
hold, and edits at the level of JSON values (a field dropped, given a value of another type,
given twice, an unknown field) that keep a line valid JSON.
"""

from __future__ import annotations

import json
import re
from typing import Any

from fuzz_raganato import spelled
from fuzzing import BOM, Draw, line_breaks, places
from hypothesis import strategies as st

Case = tuple[str, str, str | None, str | None, int]  # label, lemma, sense, class, position
Summary = tuple[Any, ...]  # see read_back


def read_back(instances: Any) -> list[Summary]:
    """What ``read_jsonl`` read, in the generator's terms."""
    return [
        (
            i.id,
            i.lemma,
            i.gold,
            i.sentence.lang,
            i.sentence.id,
            i.sentence.source,
            tuple(t.form for t in i.sentence.tokens),
            i.position,
            None
            if i.frame is None
            else (
                tuple((label, f.lemma, f.sense, f.cls, f.position) for label, f in i.frame.cases),
                i.frame.passive,
            ),
            i.filler_gold,
            tuple(t.form for t in i.context),
            i.context_index,
        )
        for i in instances
    ]


# --- valid files -----------------------------------------------------------------------------
_WORDS = ["使う", "use", "take_place", "took place", "café", "Smith & Sons", "x\u2028y"]
_KEYS = ["使う.1", "use%2:34:01::", "x:1.5", "k"]


@st.composite
def _token(draw: Draw) -> tuple[Any, str]:
    form = draw(st.sampled_from(_WORDS))
    shape = draw(st.integers(0, 3))
    if shape == 0:
        return form, spelled(form)
    token: dict[str, Any] = {"form": form}
    if shape >= 2:
        token["lemma"] = draw(st.sampled_from([None, *_WORDS]))
    if shape == 3:
        token["pos"] = draw(st.sampled_from(["", "NOUN", "VERB", "VB", "ADP"]))
    return token, spelled(form)


@st.composite
def jsonl_record(draw: Draw, instance_id: str, source: str) -> tuple[dict[str, Any], Summary]:
    """One valid record (a random choice of the optional fields, in any order) and what it
    holds."""
    lemma = draw(st.sampled_from(_WORDS))
    record: dict[str, Any] = {"id": instance_id, "lemma": lemma}
    keys: tuple[str, ...] = ()
    if draw(st.booleans()):
        keys = tuple(draw(st.lists(st.sampled_from(_KEYS), max_size=3)))
        record["gold"] = list(keys)
    lang = "en"
    if draw(st.booleans()):
        record["lang"] = draw(st.sampled_from(["en", "ja", "JA"]))
        lang = record["lang"].lower()
    forms, position = (spelled(lemma),), 0
    if draw(st.booleans()):
        tokens = draw(st.lists(_token(), min_size=1, max_size=5))
        record["tokens"] = [t for t, _ in tokens]
        forms = tuple(f for _, f in tokens)
        position = record["position"] = draw(st.integers(0, len(tokens) - 1))
    sentence = instance_id
    if draw(st.booleans()):
        sentence = record["sentence"] = draw(st.sampled_from(["s1", "s 2", "文"]))
    where = source
    if draw(st.booleans()):
        where = record["source"] = draw(st.sampled_from(["", "doc", "文書"]))
    frame, filler_gold = None, ()
    if draw(st.booleans()):
        cases, golds, items = [], [], []
        for label in draw(st.lists(st.sampled_from(["が", "を", "subj", "prep:from"]), max_size=3)):
            word = draw(st.sampled_from(_WORDS))
            shape = draw(st.integers(0, 3))
            filler: Any = word
            case = (label, word, None, None, -1)
            gold = None
            if shape:
                filler = {"lemma": word, "position": draw(st.integers(-1, 9))}
                cls = filler["class"] = "person" if shape >= 2 else None
                if shape >= 2:
                    filler["sense"] = "person.1"
                if shape in (1, 3):
                    gold = filler["gold"] = "人.2"
                if shape == 1 and draw(st.booleans()):  # version 0.1: gold as "sense"
                    filler["sense"] = filler.pop("gold")
                case = (label, word, filler.get("sense") if cls else None, cls, filler["position"])
            items.append((label, filler))
            cases.append(case)
            golds.append(gold)
        labels = [label for label, _ in items]
        record["frame"] = (
            dict(items)
            if len(set(labels)) == len(labels) and draw(st.booleans())
            else [list(p) for p in items]
        )
        passive = False
        if draw(st.booleans()):
            passive = record["passive"] = draw(st.booleans())
        frame = (tuple(cases), passive)
        filler_gold = tuple(golds) if any(golds) else ()
    context: tuple[str, ...] = ()
    context_index = -1
    if draw(st.booleans()):
        tokens = draw(st.lists(_token(), min_size=1, max_size=4))
        record["context"] = [t for t, _ in tokens]
        context = tuple(f for _, f in tokens)
        context_index = record["context_index"] = draw(st.integers(0, len(tokens) - 1))
    order = draw(st.permutations(sorted(record)))
    summary = (instance_id, str(lemma).lower(), keys, lang, sentence, where, forms, position, frame)
    return {k: record[k] for k in order}, (*summary, filler_gold, context, context_index)


@st.composite
def jsonl_files(draw: Draw, source: str = "x") -> tuple[bytes, list[Summary]]:
    """A valid JSONL file (blank lines, mixed line breaks, ASCII or UTF-8 escapes, spacing
    of any JSON kind, maybe a BOM and no final break) and the instances it holds."""
    ids = draw(
        st.lists(
            st.sampled_from(["ja.1", "ja.2", "d0.s0.t1", "使う.3", "x"]), min_size=1, unique=True
        )
    )
    text = ""
    summaries = []
    for instance_id in ids:
        record, summary = draw(jsonl_record(instance_id, source))
        summaries.append(summary)
        if draw(st.integers(0, 4)) == 0:
            text += draw(st.sampled_from(["", "  ", "\t"])) + line_breaks(draw)
        separators = draw(st.sampled_from([(", ", ": "), (",", ":"), (" ,\t", " : ")]))
        ascii_only = draw(st.booleans())
        text += json.dumps(record, ensure_ascii=ascii_only, separators=separators) + line_breaks(
            draw
        )
    if draw(st.booleans()):
        text = text.rstrip("\r\n")
    data = text.encode()
    return (BOM + data if draw(st.booleans()) else data), summaries


# --- edits of JSON values ----------------------------------------------------------------------
ODD_VALUES = [None, True, 0, -1, 1, 7, 2**70, 1.5, "", " ", "x", "a b", "\t", "\u0085", [], {}]
ODD_VALUES += [["x"], [""], {"form": "x"}, {"lemma": "x"}, [["が", "x"]], "k%1 k%2", "\ud800"]
ODD_VALUES += ["{x", "<x", "zz%9:99"]  # no instance id; a malformed WordNet key


@st.composite
def odd_json(draw: Draw, document: Any) -> tuple[bytes, list[str]]:
    """``document`` as JSON after one edit (a value replaced by an odd one of another type,
    a value dropped, an unknown field added, a field given twice), and the edit's name."""
    document = json.loads(json.dumps(document))  # a copy
    edit = draw(
        st.sampled_from(["replace a value", "drop a value", "unknown field", "field twice"])
    )
    if edit in ("unknown field", "field twice"):
        objects = [p for p in [(), *places(document)] if isinstance(_at(document, p), dict)]
        target = _at(document, draw(st.sampled_from(objects)))
        if edit == "unknown field":
            target[draw(st.sampled_from(["senses", "Lemma", "", "attrs", "位置"]))] = 1
        elif target:
            name = draw(st.sampled_from(sorted(target)))
            odd = draw(st.sampled_from(ODD_VALUES))
            text = json.dumps(document, ensure_ascii=False)
            marker = json.dumps(name) + ": "  # the first occurrence of the name as a key
            at = text.find(marker)
            text = text[:at] + marker + json.dumps(odd) + ", " + text[at:]
            return text.encode("utf-8", "surrogatepass"), [edit]
    else:
        path = draw(st.sampled_from(places(document) or [()]))
        if path:
            container = _at(document, path[:-1])
            if edit == "drop a value":
                del container[path[-1]]
            else:
                container[path[-1]] = draw(st.sampled_from(ODD_VALUES))
    ascii_only = draw(st.booleans())
    return json.dumps(document, ensure_ascii=ascii_only).encode("utf-8", "surrogatepass"), [edit]


def _at(document: Any, path: tuple[Any, ...]) -> Any:
    for step in path:
        document = document[step]
    return document


@st.composite
def odd_jsonl_files(draw: Draw, source: str = "x") -> tuple[bytes, list[str]]:
    """A valid file with one line edited as JSON (:func:`odd_json`)."""
    data, _ = draw(jsonl_files(source))
    lines = re.split(r"\r\n|\r|\n", data.decode("utf-8-sig"))  # not at U+2028, as splitlines
    numbers = [i for i, line in enumerate(lines) if line.strip()]
    at = draw(st.sampled_from(numbers))
    edited, names = draw(odd_json(json.loads(lines[at])))
    lines[at] = edited.decode("utf-8", "surrogatepass")
    return "".join(line + "\n" for line in lines).encode("utf-8", "surrogatepass"), names
