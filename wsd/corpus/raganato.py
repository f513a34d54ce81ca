"""Raganato et al.'s unified WSD evaluation format: ``*.data.xml`` plus ``*.gold.key.txt``.

The XML holds ``<corpus>`` -> ``<text id>`` -> ``<sentence id>`` -> ``<wf lemma pos>`` and
``<instance id lemma pos>`` tokens with universal tags (verbs: ``pos="VERB"``); the key file
has lines ``instance_id sense_key [sense_key ...]``.  Reading gives
:class:`~wsd.types.AnnotatedSentence` records (``Sentence.source`` = the text id; an
instance's annotation holds its gold keys and ``("id", instance id)``).  Writing writes the
normalised tokens and the key file beside the XML, both atomically.
"""

from __future__ import annotations

import os
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import IO
from xml.parsers import expat
from xml.sax.saxutils import escape, quoteattr

from thesaurus.utils.outputs import atomic_open
from thesaurus.utils.text_input import quote
from wsd._exceptions import CorpusFormatError
from wsd.corpus.keys import id_problem, key_lines, normalise_key, write_keys
from wsd.normalise import ENGLISH, normalise_token, universal_tag
from wsd.types import AnnotatedSentence, Annotation, Instance, Sentence, Token

__all__ = ["gold_key_path", "read_raganato", "write_raganato"]

_VERB = "VERB"  # the universal tag of a verb instance


def gold_key_path(data_xml: str | os.PathLike[str]) -> Path:
    """The key file beside a data file, by the benchmark's naming.

    Parameters
    ----------
    data_xml : str or PathLike
        The data file (``x.data.xml``; another name keeps its stem).

    Returns
    -------
    Path
        ``x.gold.key.txt`` in the same directory.

    Examples
    --------
    >>> gold_key_path("semeval2007/semeval2007.data.xml").as_posix()
    'semeval2007/semeval2007.gold.key.txt'
    """
    path = Path(data_xml)
    stem = path.name[: -len(".data.xml")] if path.name.endswith(".data.xml") else path.stem
    return path.with_name(f"{stem}.gold.key.txt")


@dataclass(slots=True)
class _Node:
    """One XML element with the line it starts on (ElementTree keeps no line numbers)."""

    tag: str
    attrs: dict[str, str]
    line: int
    text: list[str] = field(default_factory=list)
    children: list[_Node] = field(default_factory=list)

    def get(self, name: str, default: str | None = None) -> str | None:
        return self.attrs.get(name, default)


def _parse_xml(path: Path) -> _Node:
    """The element tree of ``path`` through expat, each element with its line number."""
    parser = expat.ParserCreate()
    parser.buffer_text = True
    stack: list[_Node] = []
    roots: list[_Node] = []

    def start(tag: str, attrs: dict[str, str]) -> None:
        node = _Node(tag, attrs, parser.CurrentLineNumber)
        (stack[-1].children if stack else roots).append(node)
        stack.append(node)

    def end(tag: str) -> None:
        stack.pop()

    def data(text: str) -> None:
        if stack:
            stack[-1].text.append(text)

    parser.StartElementHandler = start
    parser.EndElementHandler = end
    parser.CharacterDataHandler = data
    try:
        with open(path, "rb") as handle:
            parser.ParseFile(handle)
    except expat.ExpatError as exc:
        reason = expat.ErrorString(exc.code) if exc.code is not None else str(exc)
        raise CorpusFormatError(
            f"{path}:{exc.lineno}: broken XML ({reason}, column {exc.offset + 1})"
        ) from None
    except OSError as exc:
        raise CorpusFormatError(f"cannot read {path}: {exc.strerror or exc}") from None
    except (LookupError, ValueError) as exc:  # encoding="z", "rot13", "shift_jis" (multi-byte)
        raise CorpusFormatError(
            f"{path}:1: the XML declaration names an encoding that cannot be read ({exc})"
        ) from None
    return roots[0]


def read_raganato(
    data_xml: str | os.PathLike[str], key: str | os.PathLike[str] | None = None
) -> list[AnnotatedSentence]:
    """The annotated sentences of a ``*.data.xml`` file, in document order.

    Parameters
    ----------
    data_xml : str or PathLike
        The data file.
    key : str or PathLike, optional
        The gold key file (default: ``*.gold.key.txt`` beside it if present).

    Returns
    -------
    list of AnnotatedSentence
        Each sentence with its tokens' annotations and gold keys.

    Raises
    ------
    CorpusFormatError
        Naming ``file:line`` for bad XML, an id given twice or a key for no instance of the
        XML.
    """
    path = Path(data_xml)
    key_path = Path(key) if key is not None else gold_key_path(path)
    gold: dict[str, tuple[str, ...]] = {}
    gold_lines: dict[str, int] = {}
    if key is not None or key_path.is_file():
        for lineno, instance, keys in key_lines(key_path):
            gold[instance] = keys
            gold_lines[instance] = lineno
    sentences, seen = _read_corpus(path, gold)
    unknown = [i for i in gold if i not in seen]
    if unknown:
        raise CorpusFormatError(
            f"{key_path}:{gold_lines[unknown[0]]}: {quote(unknown[0])} is not an instance of "
            f"{path} ({len(unknown)} key line(s) for ids that are not)"
        )
    if not sentences:
        raise CorpusFormatError(f"{path}: no <sentence> in this file")
    return sentences


def _read_corpus(
    path: Path, gold: Mapping[str, tuple[str, ...]]
) -> tuple[list[AnnotatedSentence], dict[str, int]]:
    """The sentences of the data file ``path`` and the line of each instance id it holds."""
    root = _parse_xml(path)
    if root.tag != "corpus":
        raise CorpusFormatError(
            f"{path}:{root.line}: root element is <{root.tag}>, expected <corpus>"
        )
    lang = (root.get("lang") or ENGLISH).lower()
    sentences: list[AnnotatedSentence] = []
    seen: dict[str, int] = {}
    sentence_lines: dict[str, int] = {}
    for text in root.children:
        if text.tag != "text":
            raise CorpusFormatError(f"{path}:{text.line}: unexpected <{text.tag}> in <corpus>")
        text_id = text.get("id", "") or ""
        for element in text.children:
            sentence_id = element.get("id")
            if element.tag != "sentence" or not sentence_id:
                raise CorpusFormatError(
                    f"{path}:{element.line}: expected <sentence id=...> in text {quote(text_id)}, "
                    f"got <{element.tag}>"
                )
            if sentence_id in sentence_lines:
                raise CorpusFormatError(
                    f"{path}:{element.line}: sentence id {quote(sentence_id)} given twice "
                    f"(first on line {sentence_lines[sentence_id]})"
                )
            sentence_lines[sentence_id] = element.line
            sentences.append(_read_sentence(element, text_id, gold, path, lang, seen))
    return sentences, seen


def _read_sentence(
    element: _Node,
    text_id: str,
    gold: Mapping[str, tuple[str, ...]],
    path: Path,
    lang: str,
    seen: dict[str, int],
) -> AnnotatedSentence:
    sentence_id = element.get("id", "") or ""
    tokens: list[Token] = []
    annotations: list[Annotation] = []
    for child in element.children:
        form = "".join(child.text).strip()
        if child.tag not in ("wf", "instance") or not form or child.children:
            raise CorpusFormatError(
                f"{path}:{child.line}: sentence {quote(sentence_id)}: expected <wf> or "
                f"<instance> with text, got <{child.tag}>"
            )
        lemma = child.get("lemma") or None
        pos = child.get("pos", "") or ""
        tokens.append(normalise_token(form, pos, lemma, lang))
        noted = normalise_key(lemma) if lemma is not None else None  # lemma=SAY is say
        if child.tag == "instance":
            instance_id = child.get("id")
            if not instance_id:
                raise CorpusFormatError(
                    f"{path}:{child.line}: sentence {quote(sentence_id)}: <instance> without id"
                )
            problem = id_problem(instance_id)
            if problem is not None:
                raise CorpusFormatError(
                    f"{path}:{child.line}: bad instance id {quote(instance_id)}: {problem}"
                )
            if instance_id in seen:
                raise CorpusFormatError(
                    f"{path}:{child.line}: instance id {quote(instance_id)} given twice "
                    f"(first on line {seen[instance_id]})"
                )
            seen[instance_id] = child.line
            senses = gold.get(instance_id, ())
            annotations.append(Annotation(noted, pos, senses, (("id", instance_id),)))
        else:
            annotations.append(Annotation(noted, pos))
    sentence = Sentence(id=sentence_id, tokens=tuple(tokens), source=text_id, lang=lang)
    return AnnotatedSentence(sentence, tuple(annotations))


_Marks = dict[int, tuple[str, str, str, tuple[str, ...]]]  # position -> id, lemma, tag, gold


def _marked_sentences(
    items: Iterable[Instance] | Iterable[AnnotatedSentence],
) -> tuple[dict[str, Sentence], dict[str, _Marks]]:
    """The sentences of ``items`` by id, in order, and the tokens each marks as instances."""
    sentences: dict[str, Sentence] = {}
    marked: dict[str, _Marks] = {}
    for item in items:
        if isinstance(item, Instance):
            sentence = item.sentence
            marks = marked.setdefault(sentence.id, {})
            if item.position in marks:
                raise CorpusFormatError(
                    f"instances {quote(marks[item.position][0])} and {quote(item.id)} are one "
                    f"token ({item.position} of sentence {quote(sentence.id)}): a file marks it "
                    "once"
                )
            marks[item.position] = (item.id, item.lemma, _VERB, item.gold)
        else:
            sentence = item.sentence
            marks = marked.setdefault(sentence.id, {})
            for i, (token, note) in enumerate(zip(sentence.tokens, item.annotations, strict=True)):
                if note.senses:
                    instance_id = note.attr("id") or f"{sentence.id}.t{i}"
                    tag = universal_tag(token.pos)
                    marks[i] = (instance_id, note.lemma or token.lemma, tag, note.senses)
        known = sentences.setdefault(sentence.id, sentence)
        if known is not sentence and known != sentence:
            raise CorpusFormatError(f"two different sentences with id {sentence.id!r}")
    return sentences, marked


def write_raganato(
    items: Iterable[Instance] | Iterable[AnnotatedSentence],
    path_xml: str | os.PathLike[str],
    path_key: str | os.PathLike[str] | None = None,
    *,
    source: str = "verb-wsd",
    lang: str | None = None,
) -> tuple[int, int]:
    """Write ``*.data.xml`` and its key file.

    ``<text>`` elements group sentences by ``Sentence.source``; instances without gold are not
    in the key file.

    Parameters
    ----------
    items : iterable of Instance or iterable of AnnotatedSentence
        Instances (each instance's token becomes an ``<instance pos="VERB">``, whatever its
        tag: the format's ``pos`` of an instance is its part of speech, and
        :func:`~wsd.corpus.load_corpus` reads the verbs) or annotated sentences (every token
        with sense keys does, with its tag: its annotation's ``id``, else
        ``<sentence id>.t<position>``).
    path_xml : str or PathLike
        The data file to write.
    path_key : str or PathLike, optional
        The key file to write (default: :func:`gold_key_path` of ``path_xml``).
    source : str, default="verb-wsd"
        The ``source`` attribute of ``<corpus>``.
    lang : str, optional
        The language written (default: the sentences' language).

    Returns
    -------
    tuple of (int, int)
        ``(sentences, instances)`` written.

    Raises
    ------
    CorpusFormatError
        If ``lang`` is not given and the sentences have several languages, two instances are
        one token, or two different sentences have one id.
    """
    sentences, marked = _marked_sentences(items)
    keys: list[tuple[str, tuple[str, ...]]] = []
    lang = lang if lang is not None else _one_language(sentences.values(), path_xml)
    with atomic_open(Path(path_xml)) as out:
        out.write('<?xml version="1.0" encoding="UTF-8" ?>\n')
        out.write(f"<corpus lang={quoteattr(lang)} source={quoteattr(source)}>\n")
        text_id: str | None = None
        for sentence in sentences.values():
            if sentence.source != text_id:
                if text_id is not None:
                    out.write("</text>\n")
                text_id = sentence.source
                out.write(f"<text id={quoteattr(text_id)}>\n")
            keys.extend(_write_sentence(out, sentence, marked.get(sentence.id, {})))
        if text_id is not None:
            out.write("</text>\n")
        out.write("</corpus>\n")
    write_keys(path_key if path_key is not None else gold_key_path(path_xml), keys)
    return len(sentences), len(keys)


def _one_language(sentences: Iterable[Sentence], path_xml: str | os.PathLike[str]) -> str:
    """The one language of ``sentences`` (English when there is none)."""
    langs = sorted({s.lang for s in sentences})
    if len(langs) > 1:  # <corpus lang> is the one language of a file
        raise CorpusFormatError(
            f"{path_xml}: sentences of {len(langs)} languages ({', '.join(langs[:5])}): a "
            "Raganato file has one; write each language apart, or as JSONL or CoNLL-U"
        )
    return langs[0] if langs else ENGLISH


def _write_sentence(
    out: IO[str], sentence: Sentence, marks: _Marks
) -> list[tuple[str, tuple[str, ...]]]:
    """Write one ``<sentence>`` element; the id and gold keys of each instance it marks."""
    keys: list[tuple[str, tuple[str, ...]]] = []
    out.write(f"<sentence id={quoteattr(sentence.id)}>\n")
    for i, token in enumerate(sentence.tokens):
        form = escape(token.form)
        if i in marks:
            instance_id, lemma, tag, gold = marks[i]
            keys.append((instance_id, gold))
            out.write(
                f"<instance id={quoteattr(instance_id)} lemma={quoteattr(lemma)} "
                f"pos={quoteattr(tag)}>{form}</instance>\n"
            )
        else:
            pos = quoteattr(universal_tag(token.pos))
            lemma = quoteattr(token.lemma or token.form.lower())
            out.write(f"<wf lemma={lemma} pos={pos}>{form}</wf>\n")
    out.write("</sentence>\n")
    return keys
