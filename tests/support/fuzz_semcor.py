"""SemCor tag files for the fuzz suite: a generator of valid files with the sentences they
hold, near-valid tag lines, and which verb tokens become instances, or are skipped and why
(``wsd/corpus/_load.py``'s account of every verb token).
"""

from __future__ import annotations

import html
import re
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

from fuzzing import BOM, Account, Draw, gold_problem, line_breaks, tally, wordnet_key
from hypothesis import strategies as st

TOKEN_ATTRIBUTES = {"cmd", "pos", "lemma", "wnsn", "lexsn", "pn", "rdf", "ot", "dc", "sep"}


@dataclass(frozen=True)
class Token:
    """What a reader should make of one token: its form (whitespace as ``_``) and annotation."""

    form: str
    lemma: str | None
    tag: str
    senses: tuple[str, ...]
    attrs: tuple[tuple[str, str], ...]


Sentences = list[tuple[str, tuple[Token, ...]]]  # (sentence id, tokens)


def sense_key_of(lemma: str, lexsn: str) -> str:
    """The sense key of a lemma and one lexsn item, in lower case."""
    return f"{lemma}%{lexsn}".lower()


def read_back(items: Any) -> Sentences:
    """What ``read_semcor`` read, in the generator's terms."""
    return [(item.sentence.id, tokens_of(item)) for item in items]


def tokens_of(item: Any) -> tuple[Token, ...]:
    """An annotated sentence's tokens in the generator's terms (form and annotation)."""
    pairs = zip(item.sentence.tokens, item.annotations, strict=True)
    return tuple(Token(t.form, a.lemma, a.tag, a.senses, a.attrs) for t, a in pairs)


# --- which verb tokens are instances (wsd/corpus/_load.py, restated) ---------------------------
def verb_account(sentences: Sentences, require_gold: bool = True) -> Account:
    """Every token tagged ``VB*`` is a verb token: an instance or a counted skip
    (:func:`fuzzing.tally`); without a lemma, skipped by why it has none."""

    def verb_tokens() -> Iterator[tuple[str, str | None, tuple[str, ...], Any, Any]]:
        for sentence_id, tokens in sentences:
            for position, token in enumerate(tokens):
                if token.tag.startswith("VB"):
                    yield f"{sentence_id}.t{position}", token.lemma, token.senses, *_why(token)

    return tally(verb_tokens(), require_gold)


def _why(token: Token) -> tuple[str | None, str | None]:
    """A verb token's skip reason, and why it has no gold."""
    attrs = dict(token.attrs)
    if token.lemma is None:
        if attrs.get("cmd") in ("tag", "verify_tag"):
            return "untagged", None
        if "ot" in attrs:
            return f"no-lemma:{attrs['ot']}", None
        return ("no-lemma:ignored" if attrs.get("cmd") == "ignore" else "no-lemma"), None
    items = attrs["lexsn"].split(";") if "lexsn" in attrs else []
    if any(not wordnet_key(sense_key_of(token.lemma, k)) for k in items):
        return None, "malformed-sense-key"
    if gold_problem(token.senses) or token.senses:
        return None, gold_problem(token.senses)
    lost = "wnsn" in attrs and set(attrs["wnsn"].split(";")) == {"0"}
    return None, "sense-lost-in-mapping" if lost else "no-gold"


# --- valid files -----------------------------------------------------------------------------
_FORMS = st.sampled_from(
    ["said", "The", "ran_off", "took place", "Smith_&amp;_Sons", "café", "使う", "&lt;b&gt;"]
)
_TAGS = st.sampled_from(["VB", "VBD", "VBZ", "NN", "NNP", "DT", "MD", "JJ", "NN|VB", "VB|NN"])
_LEXSN = st.sampled_from(["2:32:00::", "2:38:01::", "1:03:00::", "5:00:00:long:01"])


def _value(draw: Draw, value: str) -> str:
    quote = draw(st.sampled_from(["", "", '"', "'"]))
    return f"{quote}{value}{quote}"


@st.composite
def wf_line(draw: Draw) -> tuple[str, Token]:
    """One ``<wf>`` or ``<punc>`` line and the token it is."""
    if draw(st.integers(0, 5)) == 0:
        form = draw(st.sampled_from([".", ",", "``", "&amp;", "?"]))
        return f"<punc>{form}</punc>", Token(html.unescape(form), None, "", (), ())
    attrs: dict[str, str] = {"cmd": draw(st.sampled_from(["done", "ignore", "tag", "verify_tag"]))}
    attrs["pos"] = draw(_TAGS)
    lemma = draw(st.sampled_from([None, "say", "run_off", "group", "use", "Xy.z"]))
    senses: tuple[str, ...] = ()
    if lemma is not None:
        attrs["lemma"] = lemma
        if draw(st.booleans()):
            numbers = draw(st.lists(st.sampled_from(["0", "1", "2", "12"]), min_size=1, max_size=3))
            keys = [draw(_LEXSN) for _ in numbers]
            attrs["wnsn"], attrs["lexsn"] = ";".join(numbers), ";".join(keys)
            senses = tuple(f"{lemma}%{k}" for k, n in zip(keys, numbers, strict=True) if n != "0")
    for extra, values in (
        ("ot", ["notag", "idiom", "metaphor"]),
        ("pn", ["person"]),
        ("sep", ["-"]),
    ):
        if draw(st.integers(0, 3)) == 0:
            attrs[extra] = draw(st.sampled_from(values))
    order = draw(st.permutations(sorted(attrs)))
    text = " ".join(f"{k}={_value(draw, attrs[k])}" for k in order)
    form = draw(_FORMS)
    pos = attrs.pop("pos")
    lemma = attrs.pop("lemma", None)
    lemma = lemma.lower() if lemma is not None else None  # lemma and keys in lower case
    senses = tuple(key.lower() for key in senses)
    spelled = "_".join(html.unescape(form).split())  # a multiword's spaces are written _
    token = Token(spelled, lemma, pos, senses, tuple(sorted(attrs.items())))
    return f"<wf {text}>{form}</wf>", token


@st.composite
def semcor_files(draw: Draw, name: str = "br-x01") -> tuple[bytes, Sentences]:
    """A valid tag file (paragraphs, sentences in any numbering, indentation, blank lines,
    mixed line breaks, maybe a BOM and no final break) and the sentences it holds."""
    lines = ["<contextfile concordance=brown>", f"<context filename={name} paras=yes>"]
    sentences: Sentences = []
    numbers = draw(st.lists(st.integers(0, 999), min_size=1, max_size=5, unique=True))
    for index, snum in enumerate(numbers):
        if index % 2 == 0:
            lines += ([] if index == 0 else ["</p>"]) + [f"<p pnum={index + 1}>"]
        lines.append(f"<s snum={_value(draw, str(snum))}>")
        tokens = []
        for _ in range(draw(st.integers(0, 7))):
            line, token = draw(wf_line())
            lines.append(line)
            tokens.append(token)
        lines.append("</s>")
        sentences.append((f"{name}.s{snum}", tuple(tokens)))
    lines += ["</p>", "</context>", "</contextfile>"]
    text = ""
    for line in lines:
        if draw(st.integers(0, 6)) == 0:
            text += draw(st.sampled_from(["", "  ", "\t"])) + line_breaks(draw)
        text += draw(st.sampled_from(["", " ", "\t", "\u3000"])) + line + line_breaks(draw)
    if draw(st.booleans()):
        text = text.rstrip("\r\n")
    data = text.encode()
    return (BOM + data if draw(st.booleans()) else data), sentences


# --- near-valid lines ------------------------------------------------------------------------
# One edit of a valid tag line, each a way of being almost right: attributes glued to the
# element's name or separated by unusual whitespace, an unknown, repeated or valueless
# attribute, an odd value (unbalanced quotes, entities that decode to controls or whitespace,
# empty list items), an element a letter off, a closing tag that does not match, odd text.
_VALUES = [
    *["done", "VB", "say", "notag", "1", "0", "2:32:00::", "0;1", "0;0", "2:32:00::;", ";", ""],
    *['"say"', "'VB'", '"a', "'", '""', "a&amp;b", "&lt;b&gt;", "&#10;", "&#xFEFF;", "&nbsp;"],
    *["&#32;", "&#x85;", "&bogus;", "a=b", "使う", "&#9;"],
]
_TEXTS = ["", " ", "&amp;", "a b", "&nbsp;", "&#9;", "&#x85;", "x&y", "使う", "&#0;", "&#13;"]
_NAMES = ["wf", "punc", "s", "p", "context", "contextfile", "w", "wff", "S", "instance", "/s"]
_GAPS = ["", " ", "\t", "  ", "\u3000", "\xa0", "\u2028"]


def _glue(draw: Draw, line: str) -> str:
    """The whitespace after the element's name removed (attributes glued to it) or changed."""
    gap = draw(st.sampled_from(["", "", *_GAPS]))
    return re.sub(r"^(</?\w+)\s", lambda m: m[1] + gap, line, count=1)


def _gap(draw: Draw, line: str) -> str:
    """Whitespace between two attributes changed (removed: one glued to the next)."""
    gaps = [m.start() for m in re.finditer(r"(?<=\S) (?=\w+=)", line)]
    if not gaps:
        return line
    at = draw(st.sampled_from(gaps))
    return line[:at] + draw(st.sampled_from(_GAPS)) + line[at + 1 :]


def _attribute(draw: Draw, line: str) -> str:
    """An attribute put in after the name: known, unknown, valueless or already there."""
    name = draw(st.sampled_from([*sorted(TOKEN_ATTRIBUTES), "snum", "pnum", "id", "x-y", "9a"]))
    item = name + draw(st.sampled_from(["=", "=", ""])) + draw(st.sampled_from(_VALUES))
    return re.sub(r"^(</?\w+)", lambda m: f"{m[1]} {item}", line, count=1)


def _odd_value(draw: Draw, line: str) -> str:
    """One attribute's value replaced by an odd one."""
    values = list(re.finditer(r"=([^\s>]*)", line))
    if not values:
        return line
    found = draw(st.sampled_from(values))
    return line[: found.start(1)] + draw(st.sampled_from(_VALUES)) + line[found.end(1) :]


def _name(draw: Draw, line: str) -> str:
    """The element's name (opening or closing) replaced."""
    names = list(re.finditer(r"(?<=<)/?\w+", line))
    found = draw(st.sampled_from(names))
    return line[: found.start()] + draw(st.sampled_from(_NAMES)) + line[found.end() :]


def _text(draw: Draw, line: str) -> str:
    """A token's text replaced by odd text (empty, whitespace, entities)."""
    return re.sub(r">[^<>]*</", lambda m: f">{draw(st.sampled_from(_TEXTS))}</", line, count=1)


EDITS = {"glue": _glue, "gap": _gap, "attribute": _attribute, "value": _odd_value}
EDITS |= {"name": _name, "text": _text}


@st.composite
def odd_tag_line(draw: Draw) -> tuple[str, list[str]]:
    """A valid token or structure line after one or two edits (above), and their names."""
    line = draw(st.one_of(wf_line().map(lambda case: case[0]), st.sampled_from(_STRUCTURE_LINES)))
    names = draw(st.lists(st.sampled_from(sorted(EDITS)), min_size=1, max_size=2))
    for name in names:
        line = EDITS[name](draw, line)
    return line, names


_STRUCTURE_LINES = ["<s snum=7>", "</s>", "<p pnum=2>", "</p>", "<context filename=x paras=yes>"]


@st.composite
def odd_semcor_files(draw: Draw) -> tuple[bytes, list[str]]:
    """A valid tag file with a near-valid line put in, or put in place of one of its lines
    (mostly inside a sentence, where tokens are), and the edits made."""
    data, _ = draw(semcor_files())
    lines = data.decode("utf-8-sig").splitlines()
    inside = [i for i, line in enumerate(lines) if line.strip().startswith(("<wf", "<punc", "</s"))]
    at = draw(st.sampled_from(inside or [len(lines)]))
    line, names = draw(odd_tag_line())
    lines[at : at + draw(st.sampled_from([0, 1]))] = [line]
    return "".join(line + "\n" for line in lines).encode(), names
