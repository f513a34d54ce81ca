"""Raganato et al.'s unified WSD evaluation format: ``*.data.xml`` plus ``*.gold.key.txt``.

::

    <corpus lang="en" source="semcor">
      <text id="br-a01">
        <sentence id="br-a01.s1">
          <wf lemma="the" pos="DET">The</wf>
          <instance id="br-a01.s1.t2" lemma="say" pos="VERB">said</instance>
          <wf lemma="." pos=".">.</wf>
        </sentence>
      </text>
    </corpus>

and a key file with lines ``instance_id sense_key [sense_key ...]``.  Tags are universal
(``NOUN VERB ADJ ADV ADP DET PRON NUM CONJ PRT X .``); verb instances have ``pos="VERB"``.

Reading gives :class:`~wsd.types.Sentence` records (``Sentence.source`` = the text id; an
``<instance>`` token carries its gold keys in ``Token.senses`` and its id in
``Token.attrs``) and the instances by id.  Writing maps Penn tags to universal ones, writes a
``<wf>`` lemma for every token (the form, lower-cased, when the corpus has none: the
benchmark readers expect one) and the key file beside it, both atomically.
"""

from __future__ import annotations

import os
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from xml.parsers import expat
from xml.sax.saxutils import escape, quoteattr

from thesaurus._io import atomic_open

from .._exceptions import CorpusFormatError
from ..types import Instance, Sentence, Token
from .keys import read_keys, write_keys

__all__ = ["PENN_TO_UNIVERSAL", "gold_key_path", "read_raganato", "write_raganato"]

PENN_TO_UNIVERSAL: Mapping[str, str] = {
    **dict.fromkeys(("NN", "NNS", "NNP", "NNPS", "NP", "NPS"), "NOUN"),
    **dict.fromkeys(("VB", "VBD", "VBG", "VBN", "VBP", "VBZ", "MD"), "VERB"),
    **dict.fromkeys(("JJ", "JJR", "JJS"), "ADJ"),
    **dict.fromkeys(("RB", "RBR", "RBS", "WRB"), "ADV"),
    **dict.fromkeys(("PRP", "PRP$", "WP", "WP$", "PR", "PP", "PP$", "EX"), "PRON"),
    **dict.fromkeys(("DT", "PDT", "WDT"), "DET"),
    **dict.fromkeys(("IN",), "ADP"),
    **dict.fromkeys(("CC",), "CONJ"),
    **dict.fromkeys(("CD",), "NUM"),
    **dict.fromkeys(("RP", "TO", "POS"), "PRT"),
    **dict.fromkeys(("FW", "UH", "LS", "SYM"), "X"),
}
_UNIVERSAL = frozenset(PENN_TO_UNIVERSAL.values()) | {"."}


def gold_key_path(data_xml: str | os.PathLike[str]) -> Path:
    """``x.data.xml`` -> ``x.gold.key.txt`` (the benchmark's naming)."""
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
    return roots[0]


def read_raganato(
    data_xml: str | os.PathLike[str], key: str | os.PathLike[str] | None = None
) -> tuple[list[Sentence], dict[str, Instance]]:
    """Sentences and instances (by id, in document order) of a ``*.data.xml`` file.

    Gold keys come from ``key`` or, when it is ``None``, from ``*.gold.key.txt`` beside the
    XML if present (else every instance has ``gold == ()``).  A key for an id that is not an
    instance of the XML is an error, so a mismatched key file cannot pass silently.  Errors
    in the XML name ``file:line``.
    """
    path = Path(data_xml)
    key_path = Path(key) if key is not None else gold_key_path(path)
    gold = read_keys(key_path) if key is not None or key_path.is_file() else {}
    root = _parse_xml(path)
    if root.tag != "corpus":
        raise CorpusFormatError(
            f"{path}:{root.line}: root element is <{root.tag}>, expected <corpus>"
        )
    sentences: list[Sentence] = []
    instances: dict[str, Instance] = {}
    for text in root.children:
        if text.tag != "text":
            raise CorpusFormatError(f"{path}:{text.line}: unexpected <{text.tag}> in <corpus>")
        text_id = text.get("id", "") or ""
        for element in text.children:
            if element.tag != "sentence" or not element.get("id"):
                raise CorpusFormatError(
                    f"{path}:{element.line}: expected <sentence id=...> in text {text_id!r}, "
                    f"got <{element.tag}>"
                )
            sentence, positions = _read_sentence(element, text_id, gold, path)
            sentences.append(sentence)
            for instance_id, position, line in positions:
                if instance_id in instances:
                    raise CorpusFormatError(
                        f"{path}:{line}: instance id {instance_id!r} given twice"
                    )
                token = sentence.tokens[position]
                instances[instance_id] = Instance(
                    id=instance_id,
                    lemma=token.lemma or token.form.lower(),
                    gold=token.senses,
                    sentence=sentence,
                    position=position,
                )
    unknown = sorted(set(gold) - set(instances))
    if unknown:
        raise CorpusFormatError(
            f"{key_path}: {len(unknown)} key(s) for ids that are not instances of {path}, "
            f"e.g. {unknown[0]!r}"
        )
    if not sentences:
        raise CorpusFormatError(f"{path}: no <sentence> in this file")
    return sentences, instances


def _read_sentence(
    element: _Node, text_id: str, gold: Mapping[str, tuple[str, ...]], path: Path
) -> tuple[Sentence, list[tuple[str, int, int]]]:
    sentence_id = element.get("id", "") or ""
    tokens: list[Token] = []
    positions: list[tuple[str, int, int]] = []
    for child in element.children:
        form = "".join(child.text).strip()
        if child.tag not in ("wf", "instance") or not form or child.children:
            raise CorpusFormatError(
                f"{path}:{child.line}: sentence {sentence_id!r}: expected <wf> or <instance> "
                f"with text, got <{child.tag}>"
            )
        lemma = child.get("lemma") or None
        pos = child.get("pos", "") or ""
        if child.tag == "instance":
            instance_id = child.get("id")
            if not instance_id:
                raise CorpusFormatError(
                    f"{path}:{child.line}: sentence {sentence_id!r}: <instance> without id"
                )
            positions.append((instance_id, len(tokens), child.line))
            tokens.append(
                Token(form, lemma, pos, gold.get(instance_id, ()), (("id", instance_id),))
            )
        else:
            tokens.append(Token(form, lemma, pos))
    return Sentence(id=sentence_id, tokens=tuple(tokens), source=text_id), positions


def _universal(pos: str) -> str:
    if pos in _UNIVERSAL:
        return pos
    tag = pos.split("|")[0]
    if tag in PENN_TO_UNIVERSAL:
        return PENN_TO_UNIVERSAL[tag]
    return "." if tag and not any(ch.isalnum() for ch in tag) else "X"


def write_raganato(
    items: Iterable[Instance] | Iterable[Sentence],
    path_xml: str | os.PathLike[str],
    path_key: str | os.PathLike[str] | None = None,
    *,
    source: str = "verb-wsd",
    lang: str = "en",
) -> tuple[int, int]:
    """Write ``*.data.xml`` and its key file (default: :func:`gold_key_path`); return
    ``(sentences, instances)`` written.

    ``items`` are instances (their sentences are written once each, in order of first
    appearance, and each instance's token becomes an ``<instance>``) or sentences (every
    token with sense keys becomes an instance ``<sentence id>.t<position>``).  Sentences are
    grouped into ``<text>`` elements by ``Sentence.source``.  Instances without gold are in the
    XML but not in the key file (the scorers read a missing line as no answer).
    """
    sentences: dict[str, Sentence] = {}
    marked: dict[str, dict[int, tuple[str, str, tuple[str, ...]]]] = {}
    for item in items:
        if isinstance(item, Instance):
            sentence = item.sentence
            entry = (item.id, item.lemma, item.gold)
            marked.setdefault(sentence.id, {})[item.position] = entry
        else:
            sentence = item
            marks = marked.setdefault(sentence.id, {})
            for i, token in enumerate(sentence.tokens):
                if token.senses:
                    marks[i] = (f"{sentence.id}.t{i}", token.lemma or token.form, token.senses)
        known = sentences.setdefault(sentence.id, sentence)
        if known is not sentence and known != sentence:
            raise CorpusFormatError(f"two different sentences with id {sentence.id!r}")
    keys: list[tuple[str, tuple[str, ...]]] = []
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
            out.write(f"<sentence id={quoteattr(sentence.id)}>\n")
            marks = marked.get(sentence.id, {})
            for i, token in enumerate(sentence.tokens):
                pos = quoteattr(_universal(token.pos))
                form = escape(token.form)
                if i in marks:
                    instance_id, lemma, gold = marks[i]
                    keys.append((instance_id, gold))
                    out.write(
                        f"<instance id={quoteattr(instance_id)} lemma={quoteattr(lemma)} "
                        f"pos={pos}>{form}</instance>\n"
                    )
                else:
                    lemma = quoteattr(token.lemma or token.form.lower())
                    out.write(f"<wf lemma={lemma} pos={pos}>{form}</wf>\n")
            out.write("</sentence>\n")
        if text_id is not None:
            out.write("</text>\n")
        out.write("</corpus>\n")
    write_keys(path_key if path_key is not None else gold_key_path(path_xml), keys)
    return len(sentences), len(keys)
