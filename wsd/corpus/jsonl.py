"""Our simple instance format for any language: one JSON object per line (UTF-8).

Fields: ``id``, ``lemma`` (required), ``gold``, ``lang``, ``tokens``, ``position``,
``sentence``, ``source``, ``frame``, ``passive``, ``marks``, ``context``, ``context_index``
(meanings and defaults in ``wsd/corpus/README.md``), e.g. ``{"id": "ja.1", "lemma": "使う",
"tokens": ["彼", "が", "箸", "を", "使う"], "position": 4, "frame": {"を": "箸"}}``.  Tokens
are normalised (:mod:`wsd.normalise`); ``lemma`` and ``gold`` are kept in lower case.  A field
named twice, an ``id`` or gold key a key file could not hold, a blank string, or
``position``/``context_index``/``passive`` without ``tokens``/``context``/``frame`` raise
:class:`CorpusFormatError` naming ``file:line`` and the field.  :func:`write_jsonl` writes what
:func:`read_jsonl` reads back into equal instances.
"""

from __future__ import annotations

import json
import os
from collections.abc import Iterable, Iterator
from pathlib import Path
from typing import Any

from thesaurus.utils.outputs import atomic_open
from thesaurus.utils.text_input import bounded_lines, quote, stream_lines
from wsd._exceptions import CorpusFormatError
from wsd.corpus.keys import id_problem, malformed_key, normalise_key, writable
from wsd.normalise import ENGLISH, normalise_token
from wsd.types import CaseFrame, Filler, Instance, Sentence, Token

__all__ = ["instance_record", "read_jsonl", "write_jsonl"]

_FIELDS = frozenset(
    """id lemma gold lang tokens position sentence source frame passive marks context
    context_index""".split()
)
_TOKEN_FIELDS = frozenset({"form", "lemma", "pos"})
_GOLD_ON_TOKENS = frozenset({"senses", "attrs"})
_FILLER_FIELDS = frozenset({"lemma", "class", "sense", "gold", "position"})
# Fields that only qualify another one: given alone, they would be ignored silently.
_QUALIFIES = {"position": "tokens", "context_index": "context", "passive": "frame"}


class _FieldError(ValueError):
    """A bad field; the reader adds ``file:line``."""


def _show(value: Any) -> str:
    """A JSON value for a message, cut to a bounded length."""
    if isinstance(value, str):
        return quote(value)
    text = repr(value)
    return text if len(text) <= 60 else f"{text[:60]}... ({len(text)} characters)"


def _object(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    """A JSON object; a name given twice is an error (json would keep the last silently)."""
    record = dict(pairs)
    if len(record) != len(pairs):
        names = [name for name, _ in pairs]
        twice = next(name for i, name in enumerate(names) if name in names[:i])
        raise _FieldError(f"field {quote(twice)} is given twice in one object")
    return record


def _string(value: Any, field: str, *, optional: bool = False) -> str | None:
    if value is None and optional:
        return None
    if not isinstance(value, str) or not value.strip():
        raise _FieldError(f"field {field!r} must be a non-blank string, got {_show(value)}")
    return value


def _key_field(value: Any, field: str) -> str:
    """A string that goes into key files (an instance id, a gold key)."""
    text = str(_string(value, field))
    if not writable(text):
        raise _FieldError(
            f"field {field!r} holds whitespace or a control character (a key file cannot hold "
            f"it): {_show(text)}"
        )
    return text


def _source(value: Any) -> str:
    if not isinstance(value, str):
        raise _FieldError(f"field 'source' must be a string, got {_show(value)}")
    return value


def _keys(value: Any, field: str) -> tuple[str, ...]:
    """Gold sense keys, in lower case."""
    if value is None:
        return ()
    if not isinstance(value, list):
        raise _FieldError(f"field {field!r} must be a list of sense keys, got {_show(value)}")
    return tuple(normalise_key(_key_field(v, f"{field}[{i}]")) for i, v in enumerate(value))


def _integer(value: Any, field: str, size: int) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value < size:
        raise _FieldError(f"field {field!r} must be an index in 0..{size - 1}, got {_show(value)}")
    return value


def _token(value: Any, field: str, lang: str) -> Token:
    if isinstance(value, str) and value.strip():
        return normalise_token(value, "", None, lang)
    if not isinstance(value, dict):
        raise _FieldError(f"{field} must be a string or an object, got {_show(value)}")
    gold = sorted(set(value) & _GOLD_ON_TOKENS)
    if gold:
        raise _FieldError(
            f"{field}: tokens carry no {gold[0]!r} (a token is only form, lemma and pos): put "
            f"the target's senses in 'gold' and a case filler's in its frame entry's 'gold'"
        )
    unknown = sorted(set(value) - _TOKEN_FIELDS)
    if unknown:
        raise _FieldError(f"{field}: unknown field {quote(unknown[0])}")
    pos = value.get("pos") or ""
    if not isinstance(pos, str):
        raise _FieldError(f"{field}.pos must be a string, got {_show(pos)}")
    return normalise_token(
        str(_string(value.get("form"), f"{field}.form")),
        pos,
        _string(value.get("lemma"), f"{field}.lemma", optional=True),
        lang,
    )


def _tokens(value: Any, field: str, lang: str) -> tuple[Token, ...]:
    if not isinstance(value, list) or not value:
        raise _FieldError(f"field {field!r} must be a non-empty list of tokens")
    return tuple(_token(item, f"{field}[{i}]", lang) for i, item in enumerate(value))


def _frame_items(value: Any) -> list[tuple[Any, Any]]:
    if isinstance(value, dict):
        return list(value.items())
    if isinstance(value, list) and all(isinstance(p, list) and len(p) == 2 for p in value):
        return [(label, filler) for label, filler in value]
    raise _FieldError(
        f"field 'frame' must be an object {{case: filler}} or a list of [case, filler] pairs, "
        f"got {_show(value)}"
    )


def _marks(value: Any) -> tuple[tuple[str, str], ...]:
    if not isinstance(value, list) or not all(
        isinstance(p, list) and len(p) == 2 and all(isinstance(x, str) and x for x in p)
        for p in value
    ):
        raise _FieldError(f"field 'marks' must be a list of [label, word] pairs, got {value!r}")
    return tuple((label, word) for label, word in value)


def _frame(value: Any, passive: Any, marks: Any) -> tuple[CaseFrame, tuple[str | None, ...]]:
    """The frame and the gold sense of each filler (None where the file gives none)."""
    if not isinstance(passive, bool):
        raise _FieldError(f"field 'passive' must be true or false, got {_show(passive)}")
    cases: list[tuple[str, Filler]] = []
    gold: list[str | None] = []
    for label, filler in _frame_items(value):
        where = f"frame[{_show(label)}]"
        if not isinstance(label, str) or not label.strip():
            raise _FieldError(f"field 'frame' has a bad case label {_show(label)}")
        if isinstance(filler, str) and filler.strip():
            cases.append((label, Filler(lemma=filler)))
            gold.append(None)
            continue
        if not isinstance(filler, dict):
            raise _FieldError(f"{where} must be a lemma or an object, got {_show(filler)}")
        unknown = sorted(set(filler) - _FILLER_FIELDS)
        if unknown:
            raise _FieldError(f"{where}: unknown field {quote(unknown[0])}")
        position = filler.get("position", -1)
        if isinstance(position, bool) or not isinstance(position, int):
            raise _FieldError(f"{where}.position must be an integer, got {_show(position)}")
        cls = _string(filler.get("class"), f"{where}.class", optional=True)
        sense = _string(filler.get("sense"), f"{where}.sense", optional=True)
        filler_gold = _string(filler.get("gold"), f"{where}.gold", optional=True)
        if cls is None and sense is not None:
            if filler_gold is not None:
                raise _FieldError(f"{where}: 'sense' is the sense of a 'class'; give 'class'")
            sense, filler_gold = None, sense  # files of version 0.1: the filler's gold sense
        problem = malformed_key(filler_gold) if filler_gold is not None else None
        if problem is not None:  # a target's would be a counted skip
            raise _FieldError(f"{where}.gold: {problem}")
        lemma = str(_string(filler.get("lemma"), f"{where}.lemma"))
        cases.append((label, Filler(lemma=lemma, sense=sense, cls=cls, position=position)))
        gold.append(filler_gold)
    frame = CaseFrame(cases=tuple(cases), passive=passive, marks=_marks(marks))
    return frame, tuple(gold)


def _instance(record: Any, source: str) -> Instance:
    if not isinstance(record, dict):
        raise _FieldError("a line must be a JSON object")
    unknown = sorted(set(record) - _FIELDS)
    if unknown:
        raise _FieldError(f"unknown field {quote(unknown[0])}")
    for qualifier, qualified in _QUALIFIES.items():
        if qualifier in record and qualified not in record:
            raise _FieldError(f"field {qualifier!r} is given without {qualified!r}")
    instance_id = str(_string(record.get("id"), "id"))
    problem = id_problem(instance_id)
    if problem is not None:
        raise _FieldError(f"field 'id' {_show(instance_id)} is no instance id: {problem}")
    written = str(_string(record.get("lemma"), "lemma"))
    lemma = normalise_key(written)
    gold = _keys(record.get("gold"), "gold")
    lang = str(_string(record.get("lang", ENGLISH), "lang")).lower()
    if "tokens" in record:
        tokens = _tokens(record["tokens"], "tokens", lang)
        if "position" not in record:
            raise _FieldError("field 'position' is required with 'tokens'")
        position = _integer(record["position"], "position", len(tokens))
    else:
        tokens, position = (normalise_token(written, "VERB", written, lang),), 0
    sentence = Sentence(
        id=str(_string(record.get("sentence", instance_id), "sentence")),
        tokens=tokens,
        source=_source(record.get("source", source)),
        lang=lang,
    )
    frame: CaseFrame | None = None
    filler_gold: tuple[str | None, ...] = ()
    if "frame" in record:
        frame, filler_gold = _frame(
            record["frame"], record.get("passive", False), record.get("marks", [])
        )
        if not any(filler_gold):
            filler_gold = ()
    context: tuple[Token, ...] = ()
    context_index = -1
    if "context" in record:
        context = _tokens(record["context"], "context", lang)
        context_index = _integer(record.get("context_index"), "context_index", len(context))
    return Instance(
        instance_id, lemma, gold, sentence, position, frame, context, context_index, filler_gold
    )


def read_jsonl(path: str | os.PathLike[str]) -> Iterator[Instance]:
    """The instances of a JSONL file, in file order, read as it goes (blank lines skipped).

    Parameters
    ----------
    path : str or PathLike
        The JSONL file, one instance per line.

    Yields
    ------
    Instance
        Each instance.

    Raises
    ------
    CorpusFormatError
        Naming ``file:line`` and the field for a bad line or an id given twice; naming the file
        when it holds no instance.
    """
    path = Path(path)
    try:
        handle = open(path, "rb")
    except OSError as exc:
        raise CorpusFormatError(f"cannot read {path}: {exc.strerror}") from None
    source = path.name[: -len(".jsonl")] if path.name.endswith(".jsonl") else path.name
    seen: dict[str, int] = {}
    with handle:
        chunks = bounded_lines(handle, path, CorpusFormatError, "JSONL file")
        for lineno, line in stream_lines(path, chunks, CorpusFormatError):
            if not line.strip():
                continue
            try:
                instance = _instance(json.loads(line, object_pairs_hook=_object), source)
            except json.JSONDecodeError as exc:
                raise CorpusFormatError(f"{path}:{lineno}: bad JSON ({exc.msg})") from None
            except _FieldError as exc:
                raise CorpusFormatError(f"{path}:{lineno}: {exc}") from None
            except (ValueError, RecursionError) as exc:  # a 5,000-digit number, [[[[...]]]]
                why = "nested too deeply" if isinstance(exc, RecursionError) else str(exc)
                why = "a number with too many digits" if "digits" in why else why
                raise CorpusFormatError(f"{path}:{lineno}: bad JSON ({why})") from None
            if instance.id in seen:
                raise CorpusFormatError(
                    f"{path}:{lineno}: instance id {quote(instance.id)} already on line "
                    f"{seen[instance.id]}"
                )
            seen[instance.id] = lineno
            yield instance
    if not seen:
        raise CorpusFormatError(f"{path}: no instance (the file is empty or blank)")


def _token_record(token: Token) -> dict[str, Any]:
    return {"form": token.form, "lemma": token.lemma, "pos": token.pos}


def _filler_record(filler: Filler, gold: str | None) -> dict[str, Any]:
    record: dict[str, Any] = {"lemma": filler.lemma}
    if filler.cls is not None:
        record["class"] = filler.cls
        if filler.sense is not None:
            record["sense"] = filler.sense
    if gold is not None:
        record["gold"] = gold
    record["position"] = filler.position
    return record


def instance_record(instance: Instance) -> dict[str, Any]:
    """The JSON object of one instance (the inverse of the reader)."""
    record: dict[str, Any] = {
        "id": instance.id,
        "lemma": instance.lemma,
        "gold": list(instance.gold),
        "lang": instance.sentence.lang,
        "sentence": instance.sentence.id,
        "source": instance.sentence.source,
        "tokens": [_token_record(t) for t in instance.sentence.tokens],
        "position": instance.position,
    }
    if instance.frame is not None:
        golds = instance.filler_gold or (None,) * len(instance.frame.cases)
        pairs = [
            (label, _filler_record(filler, gold))
            for (label, filler), gold in zip(instance.frame.cases, golds, strict=True)
        ]
        unique = len(set(instance.frame.labels)) == len(pairs)
        record["frame"] = dict(pairs) if unique else [list(pair) for pair in pairs]
        record["passive"] = instance.frame.passive
        if instance.frame.marks:
            record["marks"] = [list(mark) for mark in instance.frame.marks]
    if instance.context:
        record["context"] = [_token_record(t) for t in instance.context]
        record["context_index"] = instance.context_index
    return record


def write_jsonl(instances: Iterable[Instance], path: str | os.PathLike[str]) -> int:
    """Write one JSON object per instance, atomically.

    Parameters
    ----------
    instances : iterable of Instance
        The instances to write.
    path : str or PathLike
        The output file.

    Returns
    -------
    int
        The number of instances written.
    """
    count = 0
    with atomic_open(Path(path)) as out:
        for instance in instances:
            out.write(json.dumps(instance_record(instance), ensure_ascii=False) + "\n")
            count += 1
    return count
