"""JSONL instances for the fuzz suite: a generator of valid files, an independent model of the
format (the field table of ``wsd/corpus/jsonl.py``, restated): bytes -> the instances, or the
line of the first problem; and edits at the level of JSON values (a field dropped, given a
value of another type, given twice, an unknown field) that keep a line valid JSON.

JSON syntax is decided by :mod:`json` (the grammar, nothing more); the fields' rules are
restated here: which are required, their types, that strings are not blank, that a field
which only qualifies another (``position`` of ``tokens``, ``context_index`` of ``context``,
``passive`` of ``frame``) comes with it, ids and gold keys a key file can hold, ids unique.
"""

from __future__ import annotations

import json
import re
from typing import Any

from fuzz_raganato import instance_id_ok, spelled, writable
from fuzz_semcor import content_lines
from fuzzing import BOM, Draw, Failure, gold_problem, line_breaks, places
from hypothesis import strategies as st

FIELDS = {"id", "lemma", "gold", "lang", "tokens", "position", "sentence", "source", "frame"}
FIELDS |= {"passive", "context", "context_index"}
QUALIFIERS = {"position": "tokens", "context_index": "context", "passive": "frame"}
Case = tuple[str, str, str | None, str | None, int]  # label, lemma, sense, class, position
Summary = tuple[Any, ...]  # see read_back


class _Bad(Exception):
    """A field breaks a rule (the model's own signal)."""


def _pairs(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    names = [name for name, _ in pairs]
    if len(set(names)) != len(names):
        raise _Bad("a field twice")
    return dict(pairs)


def _text(value: Any, optional: bool = False) -> str | None:
    """A string that is not blank (or, when ``optional``, null)."""
    if value is None and optional:
        return None
    if not isinstance(value, str) or not value.strip():
        raise _Bad("not a non-blank string")
    return value


def _key(value: Any) -> str:
    text = _text(value)
    assert text is not None
    if not writable(text):
        raise _Bad("a key file cannot hold it")
    return text


def _index(value: Any, size: int) -> int:
    if type(value) is not int or not 0 <= value < size:
        raise _Bad("not an index")
    return value


def _forms(value: Any) -> tuple[str, ...]:
    if not isinstance(value, list) or not value:
        raise _Bad("not a non-empty list")
    forms = []
    for token in value:
        if isinstance(token, dict):
            if set(token) - {"form", "lemma", "pos"}:
                raise _Bad("a token field that is not form, lemma or pos")
            if token.get("pos") and not isinstance(token["pos"], str):
                raise _Bad("pos not a string")
            _text(token.get("lemma"), optional=True)
            token = token.get("form")
        forms.append(spelled(str(_text(token))))
    return tuple(forms)


def _frame(value: Any, passive: Any) -> tuple[tuple[Case, ...], bool, tuple[str | None, ...]]:
    if not isinstance(passive, bool):
        raise _Bad("passive not a boolean")
    if isinstance(value, dict):
        items = list(value.items())
    elif isinstance(value, list) and all(isinstance(p, list) and len(p) == 2 for p in value):
        items = [(label, filler) for label, filler in value]
    else:
        raise _Bad("frame not an object or pairs")
    cases: list[Case] = []
    gold: list[str | None] = []
    for label, filler in items:
        label = _text(label)
        assert label is not None
        if isinstance(filler, str):
            cases.append((label, str(_text(filler)), None, None, -1))
            gold.append(None)
            continue
        if not isinstance(filler, dict) or set(filler) - {
            "lemma",
            "class",
            "sense",
            "gold",
            "position",
        }:
            raise _Bad("filler not a lemma or an object of known fields")
        position = filler.get("position", -1)
        if type(position) is not int:
            raise _Bad("filler position not an integer")
        cls, sense, filler_gold = (
            _text(filler.get(k), optional=True) for k in ("class", "sense", "gold")
        )
        if cls is None and sense is not None:  # version 0.1: a sense without a class is gold
            if filler_gold is not None:
                raise _Bad("sense without class, and gold")
            sense, filler_gold = None, sense
        if filler_gold is not None and gold_problem([filler_gold]) == "malformed-sense-key":
            raise _Bad("a filler's gold that claims to be a WordNet key and is not one")
        cases.append((label, str(_text(filler.get("lemma"))), sense, cls, position))
        gold.append(filler_gold)
    return tuple(cases), passive, tuple(gold) if any(gold) else ()


def _record(value: Any, source: str) -> Summary:
    if not isinstance(value, dict) or set(value) - FIELDS:
        raise _Bad("not an object of known fields")
    for qualifier, qualified in QUALIFIERS.items():
        if qualifier in value and qualified not in value:
            raise _Bad(f"{qualifier} without {qualified}")
    instance_id = str(_text(value.get("id")))
    if not instance_id_ok(instance_id):
        raise _Bad("not an instance id")
    lemma = _text(value.get("lemma"))
    gold = value.get("gold")
    if gold is not None and not isinstance(gold, list):
        raise _Bad("gold not a list")
    keys = tuple(_key(k).lower() for k in gold or [])  # the instance's lemma and keys: lower
    lang = str(_text(value.get("lang", "en"))).lower()
    if "tokens" in value:
        forms = _forms(value["tokens"])
        if "position" not in value:
            raise _Bad("tokens without position")
        position = _index(value["position"], len(forms))
    else:
        forms, position = (spelled(str(lemma)),), 0
    sentence = _text(value.get("sentence", instance_id))
    where = value.get("source", source)
    if not isinstance(where, str):
        raise _Bad("source not a string")
    frame, filler_gold = None, ()
    if "frame" in value:
        cases, passive, filler_gold = _frame(value["frame"], value.get("passive", False))
        frame = (cases, passive)
    context: tuple[str, ...] = ()
    context_index = -1
    if "context" in value:
        context = _forms(value["context"])
        context_index = _index(value.get("context_index"), len(context))
    summary = (instance_id, str(lemma).lower(), keys, lang, sentence, where, forms, position, frame)
    return (*summary, filler_gold, context, context_index)


def jsonl_model(data: bytes, file: str, source: str) -> list[Summary] | Failure:
    """The instances of a JSONL file whose name without ``.jsonl`` is ``source``, or the
    failure at the first problem (a file without an instance: the file as a whole)."""
    out: list[Summary] = []
    ids: set[str] = set()
    for number, line in enumerate(content_lines(data, file), 1):
        if isinstance(line, Failure):
            return line
        if not line.strip():
            continue
        try:
            summary = _record(json.loads(line, object_pairs_hook=_pairs), source)
        except (ValueError, RecursionError, _Bad) as why:  # bad JSON, 5,000 digits, nesting
            return Failure(file, number, str(why) if isinstance(why, _Bad) else "bad JSON")
        if summary[0] in ids:
            return Failure(file, number, "id twice")
        ids.add(summary[0])
        out.append(summary)
    return out or Failure(file, None, "no instance")


def read_back(instances: Any) -> list[Summary]:
    """What ``read_jsonl`` read, in the model's terms."""
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
