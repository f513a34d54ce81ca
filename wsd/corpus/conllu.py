"""CoNLL-U (Universal Dependencies v2): read and write.

A sentence is comment lines (``# sent_id = ...``, ``# newdoc id = ...``, ``# lang = ...``)
and one line per word: ``ID FORM LEMMA UPOS XPOS FEATS HEAD DEPREL DEPS MISC``, tab-separated,
``_`` for empty; a blank line ends it.  Reading gives :class:`~wsd.types.AnnotatedSentence`
records: the syntactic words are the tokens (normalised, :mod:`wsd.normalise`; English lemmas
by morphy, other languages the file's LEMMA), a multiword-token line (``1-2 can't``) is kept
on its first word's annotation (``mwt``, ``mwt_end``, ``mwt_misc``) and empty nodes (``5.1``)
are skipped.  An annotation holds the file's lemma and UPOS, the gold keys and, as
attributes, ``xpos``, ``feats``, ``head`` (the HEAD number), ``deprel``, the rest of ``misc``
and ``id`` for a target.  Targets: words whose MISC has ``Instance=ID``; in a file with no
``Instance=`` at all, every UPOS ``VERB`` word, with id ``<sent_id>.t<ID>`` (``AUX`` words are
no targets: the loader counts them as ``auxiliary``).  Gold: MISC ``Sense=key1,key2`` and/or a
key file (default ``x.gold.key.txt`` beside ``x.conllu``).  Language: ``# lang = ja`` holds
from its sentence on, else the UD file name (``ja_gsd-ud-dev.conllu``), else English.
``Sentence.source``: the last ``# newdoc id``, else the file name without ``.conllu``.
DEPS (the enhanced graph) is not kept.  Errors name ``file:line``.
"""

from __future__ import annotations

import os
import re
from collections.abc import Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field, replace
from pathlib import Path

from thesaurus.io import atomic_open
from thesaurus.text import quote, read_lines

from .._exceptions import CorpusFormatError
from ..normalise import ENGLISH, normalise_token
from ..types import AnnotatedSentence, Annotation, Instance, Sentence, Token
from .keys import key_lines, normalise_key, writable
from .raganato import gold_key_path

__all__ = ["annotate_instances", "read_conllu", "write_conllu"]

_COLUMNS = 10
_UD_FILE = re.compile(r"^([a-z]{2,3})_[^-\s]+-ud-[a-z]+\.conllu$")
# The 12 universal tags our tokens carry -> the UD tag written (the others are UD tags).
_TO_UD = {".": "PUNCT", "CONJ": "CCONJ", "PRT": "PART"}
_KEPT = ("xpos", "feats", "head", "deprel")  # columns kept as attributes, in column order
_MISC_OURS = ("Instance", "Sense")


@dataclass(slots=True)
class _Word:
    line: int
    columns: list[str]
    mwt: tuple[str, str, str] | None = None  # (end ID, form, misc) of a multiword token


@dataclass(slots=True)
class _Block:
    """One sentence as read: its comments and words."""

    line: int
    comments: dict[str, str] = field(default_factory=dict)
    words: list[_Word] = field(default_factory=list)


def _file_lang(path: Path) -> str:
    match = _UD_FILE.match(path.name)
    return match[1] if match else ENGLISH


def _blocks(path: Path) -> Iterator[_Block]:
    """The sentences of the file, each word's ten columns checked for shape."""
    block: _Block | None = None
    span: tuple[int, int, str, str] | None = None
    for number, line in read_lines(path, CorpusFormatError, "CoNLL-U file"):
        if not line.strip():
            if block is not None and block.words:
                _close(path, number, span, block)
                yield block
                block, span = None, None
            continue
        if block is None:
            block = _Block(number)
        if line.startswith("#"):
            if block.words:
                raise CorpusFormatError(f"{path}:{number}: a comment inside a sentence")
            name, _, value = line[1:].partition("=")
            block.comments[name.strip()] = value.strip()
            continue
        columns = line.split("\t")
        if len(columns) != _COLUMNS:
            raise CorpusFormatError(
                f"{path}:{number}: expected {_COLUMNS} tab-separated columns, got {len(columns)}"
            )
        span = _add_line(path, number, columns, block, span)
    if block is not None and block.words:
        _close(path, None, span, block)
        yield block


def _number(path: Path, line: int, text: str, what: str) -> int:
    if not (text.isascii() and text.isdigit()) or len(text) > 9:
        raise CorpusFormatError(f"{path}:{line}: {what} must be a whole number, got {quote(text)}")
    return int(text)


def _add_line(
    path: Path,
    line: int,
    columns: list[str],
    block: _Block,
    span: tuple[int, int, str, str] | None,
) -> tuple[int, int, str, str] | None:
    """Add one word line to ``block``; return the multiword token still open."""
    ident, form = columns[0], columns[1]
    expected = len(block.words) + 1
    if "." in ident:  # an empty node: no surface token, no HEAD number
        whole, _, decimal = ident.partition(".")
        _number(path, line, whole, "an empty node's ID")
        _number(path, line, decimal, "an empty node's ID")
        return span
    if "-" in ident:
        first, _, last = ident.partition("-")
        start, end = _number(path, line, first, "ID"), _number(path, line, last, "ID")
        if start != expected or end < start:
            raise CorpusFormatError(
                f"{path}:{line}: multiword token {quote(ident)} must start at word {expected}"
            )
        return (start, end, form, columns[9])
    if _number(path, line, ident, "ID") != expected:
        raise CorpusFormatError(f"{path}:{line}: word ID {quote(ident)}, expected {expected}")
    if not form:
        raise CorpusFormatError(f"{path}:{line}: empty FORM")
    word = _Word(line, columns)
    if span is not None and span[0] == expected:
        word.mwt = (str(span[1]), span[2], span[3])
    block.words.append(word)
    return span if span is not None and span[1] > expected else None


def _close(
    path: Path, line: int | None, span: tuple[int, int, str, str] | None, block: _Block
) -> None:
    """Check the sentence's multiword tokens and tree once all its words are read."""
    if span is not None:
        where = f"{path}:{line}" if line is not None else str(path)
        raise CorpusFormatError(f"{where}: multiword token ends past the sentence's last word")
    heads = [w.columns[6] for w in block.words]
    if all(h == "_" for h in heads):
        return
    n = len(heads)
    numbers = []
    for word, head in zip(block.words, heads, strict=True):
        if head == "_":
            raise CorpusFormatError(
                f"{path}:{word.line}: HEAD '_' in a sentence whose other words have a HEAD"
            )
        value = _number(path, word.line, head, "HEAD")
        if value > n:
            raise CorpusFormatError(
                f"{path}:{word.line}: HEAD {value} is outside the sentence (words 1..{n})"
            )
        numbers.append(value)
    for start in range(n):
        seen, at = 0, start + 1
        while at != 0 and seen <= n:
            at, seen = numbers[at - 1], seen + 1
        if at != 0:
            raise CorpusFormatError(
                f"{path}:{block.words[start].line}: word {start + 1} is in a HEAD cycle"
            )


def _misc(path: Path, word: _Word) -> tuple[str | None, tuple[str, ...], str]:
    """(instance id, gold keys, the rest of MISC) of a word."""
    instance: str | None = None
    senses: tuple[str, ...] = ()
    rest = []
    text = word.columns[9]
    for item in text.split("|") if text != "_" else ():
        name, _, value = item.partition("=")
        if name == "Instance":
            if not value or not writable(value):
                raise CorpusFormatError(
                    f"{path}:{word.line}: bad instance id {quote(value)} (empty, whitespace or "
                    "a control character)"
                )
            instance = value
        elif name == "Sense":
            keys = value.split(",")
            if not all(k and writable(k) for k in keys):
                raise CorpusFormatError(f"{path}:{word.line}: bad Sense= value {quote(value)}")
            senses = tuple(normalise_key(k) for k in keys)
        else:
            rest.append(item)
    return instance, senses, "|".join(rest)


def _sentence(
    path: Path, block: _Block, number: int, source: str, lang: str, auto: bool
) -> tuple[AnnotatedSentence, list[tuple[str, int]]]:
    """The annotated sentence of a block and its (instance id, line) pairs."""
    sentence_id = block.comments.get("sent_id") or f"{source}.s{number}"
    tokens: list[Token] = []
    notes: list[Annotation] = []
    targets: list[tuple[str, int]] = []
    for word in block.words:
        ident, form, lemma, upos, xpos = word.columns[:5]
        given = None if lemma == "_" else lemma
        tag = upos if upos != "_" else xpos if xpos != "_" else ""
        tokens.append(normalise_token(form, tag, given, lang))
        instance, senses, misc = _misc(path, word)
        if auto and upos == "VERB":
            instance = f"{sentence_id}.t{ident}"
            if not writable(instance):
                raise CorpusFormatError(
                    f"{path}:{block.line}: sentence id {quote(sentence_id)} holds whitespace or "
                    "a control character (the ids of its verbs could not be written)"
                )
        attrs = [(name, word.columns[i]) for name, i in zip(_KEPT, (4, 5, 6, 7), strict=True)]
        attrs = [(name, value) for name, value in attrs if value != "_"]
        if misc:
            attrs.append(("misc", misc))
        if instance is not None:
            attrs.append(("id", instance))
            targets.append((instance, word.line))
        if word.mwt is not None:
            end, surface, mwt_misc = word.mwt
            attrs += [("mwt", surface), ("mwt_end", end)]
            if mwt_misc != "_":
                attrs.append(("mwt_misc", mwt_misc))
        noted = normalise_key(given) if given is not None else None
        notes.append(Annotation(noted, upos if upos != "_" else "", senses, tuple(sorted(attrs))))
    sentence = Sentence(sentence_id, tuple(tokens), source, lang)
    return AnnotatedSentence(sentence, tuple(notes)), targets


def read_conllu(
    path: str | os.PathLike[str],
    key: str | os.PathLike[str] | None = None,
    *,
    lang: str | None = None,
) -> list[AnnotatedSentence]:
    """The annotated sentences of a CoNLL-U file, in file order (module docstring), gold keys
    from MISC ``Sense=`` and from ``key`` (default: ``*.gold.key.txt`` beside the file if
    present); ``lang`` overrides the file's language.  :class:`CorpusFormatError` naming
    ``file:line`` for a malformed line, a sentence or instance id given twice, a key-file id
    that is no instance, or gold given both ways and differing."""
    path = Path(path)
    blocks = list(_blocks(path))
    if not blocks:
        raise CorpusFormatError(f"{path}: no sentence in this file")
    auto = not any("Instance=" in word.columns[9] for b in blocks for word in b.words)
    stem = path.name.removesuffix(".conllu")
    language = lang.lower() if lang is not None else _file_lang(path)
    source = stem
    items: list[AnnotatedSentence] = []
    sentences: dict[str, int] = {}
    lines: dict[str, int] = {}
    for number, block in enumerate(blocks, 1):
        if "newdoc id" in block.comments or "newdoc" in block.comments:
            source = block.comments.get("newdoc id", "")
        if lang is None and "lang" in block.comments:
            language = block.comments["lang"].lower() or ENGLISH
        item, targets = _sentence(path, block, number, source, language, auto)
        sentence_id = item.sentence.id
        if sentence_id in sentences:
            raise CorpusFormatError(
                f"{path}:{block.line}: sentence id {quote(sentence_id)} given twice (first on "
                f"line {sentences[sentence_id]})"
            )
        sentences[sentence_id] = block.line
        for instance, line in targets:
            if instance in lines:
                raise CorpusFormatError(
                    f"{path}:{line}: instance id {quote(instance)} given twice (first on line "
                    f"{lines[instance]})"
                )
            lines[instance] = line
        items.append(item)
    key_path = Path(key) if key is not None else gold_key_path(path)
    if key is not None or key_path.is_file():
        items = _with_key_file(path, key_path, items, lines)
    return items


def _with_key_file(
    path: Path, key_path: Path, items: list[AnnotatedSentence], lines: Mapping[str, int]
) -> list[AnnotatedSentence]:
    """``items`` with the gold keys of a key file on their targets."""
    gold: dict[str, tuple[str, ...]] = {}
    for lineno, instance, keys in key_lines(key_path):
        if instance not in lines:
            raise CorpusFormatError(
                f"{key_path}:{lineno}: {quote(instance)} is not an instance of {path}"
            )
        gold[instance] = keys
    out = []
    for item in items:
        notes = list(item.annotations)
        for i, note in enumerate(notes):
            target = note.attr("id")
            if target is None or target not in gold:
                continue
            if note.senses and set(note.senses) != set(gold[target]):
                raise CorpusFormatError(
                    f"{path}:{lines[target]}: Sense= of {quote(target)} differs from its "
                    f"line in {key_path}"
                )
            notes[i] = replace(note, senses=gold[target])
        out.append(AnnotatedSentence(item.sentence, tuple(notes)))
    return out


def annotate_instances(
    instances: Iterable[Instance], trees: Mapping[str, AnnotatedSentence] | None = None
) -> list[AnnotatedSentence]:
    """The sentences of ``instances`` (first-seen order) with each instance's id, lemma and
    gold, and its fillers' gold, on their tokens; a sentence found in ``trees`` (by id) keeps
    that annotation's columns (tree, features, multiword tokens)."""
    sentences: dict[str, list[Annotation]] = {}
    order: dict[str, Sentence] = {}
    for instance in instances:
        sentence = instance.sentence
        if sentence.id not in sentences:
            order[sentence.id] = sentence
            base = trees.get(sentence.id) if trees is not None else None
            sentences[sentence.id] = (
                [_plain(note) for note in base.annotations]
                if base is not None
                else [Annotation() for _ in sentence.tokens]
            )
        notes = sentences[sentence.id]
        note = notes[instance.position]
        attrs = tuple(sorted((*note.attrs, ("id", instance.id))))
        notes[instance.position] = replace(
            note, lemma=instance.lemma, senses=instance.gold, attrs=attrs
        )
        if instance.frame is not None and instance.filler_gold:
            for (_, filler), gold in zip(instance.frame.cases, instance.filler_gold, strict=True):
                if gold is not None and 0 <= filler.position < len(notes):
                    notes[filler.position] = replace(notes[filler.position], senses=(gold,))
    return [AnnotatedSentence(order[i], tuple(notes)) for i, notes in sentences.items()]


def _plain(note: Annotation) -> Annotation:
    """An annotation without target and gold."""
    return replace(note, senses=(), attrs=tuple(a for a in note.attrs if a[0] != "id"))


def _text(sentence: Sentence, notes: Sequence[Annotation]) -> str:
    """The ``# text`` of a sentence: surface forms, spaced unless ``SpaceAfter=No``."""
    parts: list[str] = []
    skip_to = 0
    for i, (token, note) in enumerate(zip(sentence.tokens, notes, strict=True)):
        if i < skip_to:
            continue
        form, misc = token.form, note.attr("misc", "") or ""
        surface = note.attr("mwt")
        if surface is not None:
            form, misc = surface, note.attr("mwt_misc", "") or ""
            skip_to = int(note.attr("mwt_end", "0") or 0)
        parts.append(form)
        if "SpaceAfter=No" not in misc.split("|"):
            parts.append(" ")
    return "".join(parts).strip()


def _misc_column(note: Annotation, where: str) -> str:
    items = []
    instance = note.attr("id")
    if instance is not None:
        if "|" in instance or not writable(instance):
            raise CorpusFormatError(f"{where}: instance id {quote(instance)} cannot be written")
        items.append(f"Instance={instance}")
    if note.senses:
        if any("," in key or "|" in key for key in note.senses):
            raise CorpusFormatError(f"{where}: a sense key holds ',' or '|': {note.senses}")
        items.append("Sense=" + ",".join(note.senses))
    rest = note.attr("misc")
    if rest:
        items.append(rest)
    return "|".join(items) or "_"


def _word_lines(sentence: Sentence, notes: Sequence[Annotation]) -> Iterator[str]:
    for i, (token, note) in enumerate(zip(sentence.tokens, notes, strict=True)):
        surface = note.attr("mwt")
        if surface is not None:
            misc = note.attr("mwt_misc") or "_"
            yield f"{i + 1}-{note.attr('mwt_end')}\t{surface}\t_\t_\t_\t_\t_\t_\t_\t{misc}"
        upos = note.tag or _TO_UD.get(token.pos, token.pos) or "_"
        lemma = note.lemma or token.lemma or "_"
        kept = [note.attr(name) or "_" for name in _KEPT]
        misc = _misc_column(note, f"sentence {quote(sentence.id)}, word {i + 1}")
        yield "\t".join([str(i + 1), token.form, lemma, upos, *kept, "_", misc])


def write_conllu(items: Iterable[AnnotatedSentence], path: str | os.PathLike[str]) -> int:
    """Write annotated sentences as CoNLL-U, atomically (``# newdoc id`` when the source
    changes, ``# lang`` when the language does; targets as ``Instance=``, gold as ``Sense=``);
    :func:`read_conllu` reads back equal sentences.  Return the number of sentences."""
    count = 0
    source: str | None = None
    lang: str | None = None
    with atomic_open(Path(path)) as out:
        for item in items:
            sentence = item.sentence
            if any(ch in sentence.id for ch in "\n\r"):
                raise CorpusFormatError(f"sentence id {quote(sentence.id)} cannot be written")
            if sentence.source != source:
                source = sentence.source
                out.write(f"# newdoc id = {source}\n" if source else "# newdoc\n")
            if sentence.lang != lang:
                lang = sentence.lang
                out.write(f"# lang = {lang}\n")
            out.write(f"# sent_id = {sentence.id}\n# text = {_text(sentence, item.annotations)}\n")
            for line in _word_lines(sentence, item.annotations):
                out.write(line + "\n")
            out.write("\n")
            count += 1
    return count
