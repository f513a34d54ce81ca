"""Raganato XML with its key file, for the fuzz suite: a generator of valid ``*.data.xml`` +
``*.gold.key.txt`` pairs with the sentences they hold, element-level edits that keep the XML
well-formed, and which verb tokens become instances, or are skipped and why.
"""

from __future__ import annotations

import re
import unicodedata
from typing import Any

from fuzz_semcor import Token, tokens_of
from fuzzing import BOM, Account, Draw, gold_problem, line_breaks, tally
from hypothesis import strategies as st

Sentences = list[tuple[str, str, str, tuple[Token, ...]]]  # (sentence id, text id, lang, tokens)
PENN_VERBS = {"VB", "VBD", "VBG", "VBN", "VBP", "VBZ", "MD", "AUX"}


def writable(value: str) -> bool:
    """A key file can hold it: non-empty, no whitespace, control, surrogate or BOM."""
    return bool(value) and not any(
        c.isspace() or unicodedata.category(c) in ("Cc", "Cs") or c == "\ufeff" for c in value
    )


def instance_id_ok(value: str) -> bool:
    """An instance id: a key file holds it, and a line starting with it reads as a key line
    (not as JSON, a TOML section or XML: ``{``, ``[``, ``<``)."""
    return writable(value) and value[0] not in "{[<"


def spelled(form: str) -> str:
    """A token's text as the toolkit writes it: inner whitespace as ``_``."""
    return "_".join(form.split())


def read_back(items: Any) -> Sentences:
    """What ``read_raganato`` read, in the generator's terms."""
    return [(i.sentence.id, i.sentence.source, i.sentence.lang, tokens_of(i)) for i in items]


def is_verb(tag: str) -> bool:
    """A universal ``VERB``, or a Penn or UD verb tag (ambiguity tags by their first)."""
    return tag == "VERB" or tag.split("|")[0] in PENN_VERBS


def raganato_account(sentences: Sentences, require_gold: bool = True) -> Account:
    """The account of the verb tokens (:func:`fuzzing.tally`) in corpus order: sentences
    grouped by their text id (a document), in the order each document first appears."""
    documents: dict[str, list[tuple[Token, ...]]] = {}
    for _, text_id, _, tokens in sentences:
        documents.setdefault(text_id, []).append(tokens)
    verbs = [t for document in documents.values() for ts in document for t in ts if is_verb(t.tag)]
    return tally(
        ((dict(t.attrs).get("id", ""), t.lemma, t.senses, *_why(t)) for t in verbs),
        require_gold,
    )


def _why(token: Token) -> tuple[str | None, str | None]:
    """A verb token's skip reason (not an instance, no lemma), and why it has no gold."""
    if not token.attrs:
        return "untagged", None
    if token.lemma is None:
        return "no-lemma", None
    return None, gold_problem(token.senses) or (None if token.senses else "no-gold")


# --- valid files -----------------------------------------------------------------------------
_FORMS = [
    *["She", "drove", "took place", "  padded\t", "café", "使う", "&amp;", "a&lt;b", "&#x4F7F;"],
    *["<![CDATA[a<b & c]]>", "x<!-- note -->y", "&quot;q&apos;"],
]
_TAGS = ["VERB", "NOUN", "ADJ", ".", "DET", "VB", "VBD", "AUX", "X", "NN|VB", "VB|NN", "PROPN"]
_LEMMAS = ["drive", "take_place", "use", "使う", "a&amp;b", "take place"]
_KEYS = ["drive%2:38:01::", "drive%2:38:00::", "use%2:34:01::", "使う.1", "x:1.5"]


def _text(raw: str) -> str:
    """What an XML parser makes of a piece of element content written by the generator."""
    if raw.startswith("<![CDATA["):
        return raw[len("<![CDATA[") : -len("]]>")]
    raw = raw.replace("<!-- note -->", "")
    for entity, char in (("&lt;", "<"), ("&quot;", '"'), ("&apos;", "'"), ("&#x4F7F;", "使")):
        raw = raw.replace(entity, char)
    return raw.replace("&amp;", "&")


def _attribute(draw: Draw, name: str, value: str) -> str:
    quote = draw(st.sampled_from(['"', "'"]))
    return f" {name}={quote}{value}{quote}"


@st.composite
def raganato_files(draw: Draw) -> tuple[bytes, bytes, Sentences]:
    """A valid ``*.data.xml`` and key file (declaration or not, BOM or not, indentation and
    line breaks of any kind, entities, CDATA and comments in forms, attributes in either
    quotes, unknown attributes, keys for some instances in any order) and what they hold."""
    lang = draw(st.sampled_from(["en", "EN", "ja", None]))
    head = '<?xml version="1.0" encoding="UTF-8" ?>' if draw(st.booleans()) else ""
    corpus = "<corpus" + (_attribute(draw, "lang", lang) if lang else "") + ' source="fuzz">'
    parts = [head, corpus]
    sentences: Sentences = []
    instance_keys: list[tuple[str, tuple[str, ...]]] = []
    for t in range(draw(st.integers(1, 3))):
        text_id = f"d{t:03d}"
        parts.append("<text" + _attribute(draw, "id", text_id) + ">")
        for s in range(draw(st.integers(0 if t else 1, 3))):
            sentence_id = f"{text_id}.s{s:03d}"
            parts.append("<sentence" + _attribute(draw, "id", sentence_id) + ">")
            tokens = []
            for k in range(draw(st.integers(1, 5))):
                raw = draw(st.sampled_from(_FORMS))
                tag = draw(st.sampled_from(_TAGS))
                lemma = draw(st.sampled_from([None, *_LEMMAS]))
                attributes = "" if lemma is None else _attribute(draw, "lemma", lemma)
                attributes += _attribute(draw, "pos", tag)
                if draw(st.integers(0, 5)) == 0:
                    attributes += _attribute(draw, "extra", "x")
                name = lemma and _text(lemma)
                form = spelled(_text(raw).strip())
                if draw(st.booleans()):
                    instance_id = f"{sentence_id}.t{k:03d}"
                    attributes = _attribute(draw, "id", instance_id) + attributes
                    senses: tuple[str, ...] = ()
                    if draw(st.booleans()):
                        senses = tuple(
                            draw(st.lists(st.sampled_from(_KEYS), min_size=1, max_size=3))
                        )
                        instance_keys.append((instance_id, senses))
                    parts.append(f"<instance{attributes}>{raw}</instance>")
                    tokens.append(Token(form, name, tag, senses, (("id", instance_id),)))
                else:
                    parts.append(f"<wf{attributes}>{raw}</wf>")
                    tokens.append(Token(form, name, tag, (), ()))
            parts.append("</sentence>")
            sentences.append((sentence_id, text_id, (lang or "en").lower(), tuple(tokens)))
        parts.append("</text>")
    parts.append("</corpus>")
    indent = draw(st.sampled_from(["", " ", "\t"]))
    xml_text = "".join(indent + part + line_breaks(draw) for part in parts[1:])
    if head:  # nothing may come before a declaration
        xml_text = head + line_breaks(draw) + xml_text
    keys = draw(st.permutations(instance_keys))
    gap = draw(st.sampled_from([" ", "\t"]))
    key_text = "".join(f"{i}{gap}{gap.join(k)}" + line_breaks(draw) for i, k in keys)
    bom = BOM if draw(st.booleans()) else b""
    return bom + xml_text.encode(), key_text.encode(), sentences


# --- near-valid documents --------------------------------------------------------------------
# Edits at the level of elements: an element renamed, an attribute dropped or emptied, an id
# repeated or given whitespace, a token emptied, an element nested in a token, a key line for
# no instance: each a way a hand-edited or converted file goes wrong while staying XML.
_EDIT_NAMES = ["corpus", "text", "sentence", "wf", "instance", "w", "sentense"]
_EDIT_VALUES = ["", " ", "d000.s000", "d000.s000.t000", "a b", "x\u00a0y", "&#9;", "&#x85;", "z"]
_EDIT_VALUES += ["latin-1", "utf-16", "shift_jis", "1.1"]  # the declaration's too
_EDIT_VALUES += ["{x", "[x"]  # no instance id: a key-file line starting so is JSON or TOML


@st.composite
def odd_raganato_files(draw: Draw) -> tuple[bytes, bytes, list[str]]:
    """A valid pair after one or two element-level edits (above), and their names."""
    xml_data, key, _ = draw(raganato_files())
    text = xml_data.decode("utf-8-sig")
    names = draw(st.lists(st.sampled_from(sorted(_XML_EDITS)), min_size=1, max_size=2))
    for name in names:
        text, key = _XML_EDITS[name](draw, text, key)
    return text.encode(), key, names


def _pick(draw: Draw, text: str, pattern: str) -> tuple[int, int] | None:
    found = [m.span(1) for m in re.finditer(pattern, text)]
    return draw(st.sampled_from(found)) if found else None


def _rename(draw: Draw, text: str, key: bytes) -> tuple[str, bytes]:
    span = _pick(draw, text, r"</?(\w+)")
    if span is None:
        return text, key
    return text[: span[0]] + draw(st.sampled_from(_EDIT_NAMES)) + text[span[1] :], key


def _value(draw: Draw, text: str, key: bytes) -> tuple[str, bytes]:
    span = _pick(draw, text, r"\w+=[\"']([^\"']*)[\"']")
    if span is None:
        return text, key
    return text[: span[0]] + draw(st.sampled_from(_EDIT_VALUES)) + text[span[1] :], key


def _drop_attribute(draw: Draw, text: str, key: bytes) -> tuple[str, bytes]:
    span = _pick(draw, text, r"( \w+=[\"'][^\"']*[\"'])")
    return (text, key) if span is None else (text[: span[0]] + text[span[1] :], key)


def _empty_token(draw: Draw, text: str, key: bytes) -> tuple[str, bytes]:
    span = _pick(draw, text, r"<(?:wf|instance)[^>]*>(.*?)</")
    if span is None:
        return text, key
    inner = draw(st.sampled_from(["", "  ", "<![CDATA[ ]]>", "<wf>x</wf>", "a<b/>"]))
    return text[: span[0]] + inner + text[span[1] :], key


def _key_line(draw: Draw, text: str, key: bytes) -> tuple[str, bytes]:
    instance = draw(st.sampled_from(["d000.s000.t000", "d009.s000.t000", "d000.s001.t002"]))
    return text, key + f"{instance} drive%2:38:01::\n".encode()


_XML_EDITS = {"rename an element": _rename, "change a value": _value}
_XML_EDITS |= {"drop an attribute": _drop_attribute, "odd token text": _empty_token}
_XML_EDITS |= {"add a key line": _key_line}
XML_EDITS = frozenset(_XML_EDITS)
