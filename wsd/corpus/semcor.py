"""SemCor 3.0 tag files as distributed (and NLTK's quoted-attribute copy of them).

One element per line (``<s snum=1>``, ``<wf cmd=done pos=VB lemma=say wnsn=1
lexsn=2:32:00::>said</wf>``, ``<punc>.</punc>``, ``</s>``).  ``Sentence.id`` is
``<file>.s<snum>``, token positions count every token (``<punc>`` too), a multiword ``<wf>``
is one token; the sense key is ``lemma%lexsn`` (several for ``wnsn=1;2``; none for
``wnsn=0``).  The conventions are in ``wsd/corpus/README.md``; text rules of
:mod:`thesaurus.utils.text_input`.  An unknown element or attribute, a ``<wf>`` without text, a
token outside ``<s>``, a repeated sentence number, unmatched ``wnsn``/``lexsn`` lists, an open
sentence or a file without a sentence raises :class:`~wsd.CorpusFormatError` naming
``file:line``.
"""

from __future__ import annotations

import functools
import html
import os
import re
from collections.abc import Iterator
from pathlib import Path

from thesaurus.utils.text_input import quote, read_lines
from wsd._exceptions import CorpusFormatError, DataError
from wsd.corpus.keys import is_wordnet_key, normalise_key
from wsd.normalise import normalise_token
from wsd.types import NO_ANNOTATION, AnnotatedSentence, Annotation, Sentence, Token

__all__ = [
    "SEMCOR_ATTRIBUTES",
    "find_semcor",
    "read_nltk_semcor",
    "read_semcor",
    "semcor_files",
    "sense_keys",
]

ENV_VAR = "WSD_SEMCOR"
SEMCOR_ATTRIBUTES = frozenset(
    {"cmd", "pos", "lemma", "wnsn", "lexsn", "pn", "rdf", "ot", "dc", "sep"}
)
_STRUCTURE_ATTRIBUTES = {
    "contextfile": frozenset({"concordance"}),
    "context": frozenset({"filename", "paras"}),
    "p": frozenset({"pnum"}),
    "s": frozenset({"snum"}),
}
# A token element, or an opening/closing structural element (``<wfcmd=done>`` is neither).
_LINE = re.compile(
    r"<(?:(?P<tok>wf|punc)(?P<attrs>(?:\s[^<>]*)?)>(?P<text>[^<>]*)</(?P=tok)>"
    r"|(?P<close>/?)(?P<tag>s|p|context|contextfile)(?P<sattrs>(?:\s[^<>]*)?)>)"
)


def _nltk_semcor_dir() -> Path | None:
    """NLTK's ``semcor`` corpus directory when it is installed (never downloads)."""
    try:
        import nltk.data

        return Path(nltk.data.find("corpora/semcor"))
    except (ImportError, LookupError, OSError):
        return None


def find_semcor(path: str | os.PathLike[str] | None = None) -> Path:
    """Locate SemCor: ``path`` if given, else ``$WSD_SEMCOR``, else NLTK's ``semcor`` corpus.

    Parameters
    ----------
    path : str or PathLike, optional
        Where SemCor is (a directory or a tag file).

    Returns
    -------
    Path
        The location found.

    Raises
    ------
    CorpusFormatError
        If the path given (or ``$WSD_SEMCOR``) does not exist.
    DataError
        If none is given and NLTK's corpus is not installed.
    """
    env = os.environ.get(ENV_VAR)
    if path is not None or env:
        given = Path(path if path is not None else str(env))
        if not given.exists():
            named = "corpus path " if path is not None else f"${ENV_VAR}="
            where = ""
            if not given.is_absolute():
                where = f" (in the working directory: {given.absolute()})"
            raise CorpusFormatError(f"{named}{given}{where} does not exist")
        return given
    nltk_dir = _nltk_semcor_dir()
    if nltk_dir is not None:
        return nltk_dir
    raise DataError(
        f"SemCor 3.0 not found: pass --corpus PATH, set ${ENV_VAR} to its directory, or "
        f"install NLTK's 'semcor' corpus"
    )


def _is_tag_file(path: Path) -> bool:
    name = path.name
    return name.startswith("br-") and (path.suffix in ("", ".xml") or "." not in name)


def semcor_files(root: str | os.PathLike[str]) -> list[Path]:
    """The tag files ``br-*`` under ``root``, sorted by path.

    Parameters
    ----------
    root : str or PathLike
        A directory searched recursively, or one tag file.

    Returns
    -------
    list of Path
        The tag files (``[root]`` itself if a file).

    Raises
    ------
    CorpusFormatError
        If ``root`` does not exist or is not a file or folder, or holds no tag file.
    """
    root = Path(root)
    if root.is_file():
        return [root]
    if not root.is_dir():
        what = "is not a file or folder" if root.exists() else "does not exist"
        raise CorpusFormatError(f"corpus path {root} {what}")
    files = sorted(p for p in root.rglob("br-*") if p.is_file() and _is_tag_file(p))
    if not files:
        raise CorpusFormatError(f"{root}: no SemCor tag files (br-*) found")
    return files


# What an entity may not decode to: controls and U+FEFF; in an attribute value, whitespace.
_BAD_TEXT = re.compile("[\x00-\x08\x0a-\x1f\x7f-\x9f\ufeff]")
_BAD_VALUE = re.compile("[\\s\x00-\x1f\x7f-\x9f\ufeff]")


def _unescape(text: str) -> str:
    """``text`` with entities decoded; ValueError when one decodes to a control character."""
    if "&" not in text:
        return text
    decoded = html.unescape(text)
    if _BAD_TEXT.search(decoded):
        raise ValueError(f"{quote(text)} decodes to a control character")
    return decoded


def _parse_attributes(text: str) -> dict[str, str]:
    """``cmd=done pos=VB sep="-"`` -> dict; raises ValueError on anything else."""
    attrs: dict[str, str] = {}
    for item in text.split():
        name, sep, value = item.partition("=")
        if not sep or not name.isidentifier():
            raise ValueError(f"malformed attribute {quote(item)}")
        if len(value) >= 2 and value[0] == value[-1] and value[0] in "\"'":
            value = value[1:-1]
        if name in attrs:
            raise ValueError(f"attribute {name!r} given twice")
        value = _unescape(value)
        if _BAD_VALUE.search(value):
            raise ValueError(f"attribute {name}={quote(value)} holds whitespace")
        attrs[name] = value
    return attrs


def sense_keys(lemma: str, lexsn: str) -> tuple[str, ...] | None:
    """The sense keys ``lemma%item`` of a ``;``-separated ``lexsn`` list, in lower case;
    None when one of them is not a WordNet sense key.

    >>> sense_keys("Say", "2:32:00::;2:32:01::"), sense_keys("say", "garbage")
    (('say%2:32:00::', 'say%2:32:01::'), None)
    """
    keys = tuple(normalise_key(f"{lemma}%{item}") for item in lexsn.split(";"))
    return keys if all(is_wordnet_key(key) for key in keys) else None


def _token(
    path: Path, lineno: int, kind: str, attr_text: str, text: str
) -> tuple[Token, Annotation]:
    """The token and annotation of one ``<wf>``/``<punc>`` line; CorpusFormatError at
    ``path:lineno`` with the reason."""
    try:
        return _parse_token(kind, attr_text, text)
    except ValueError as exc:
        raise CorpusFormatError(f"{path}:{lineno}: {exc}") from None


@functools.lru_cache(maxsize=1 << 17)  # a corpus repeats its token lines
def _parse_token(kind: str, attr_text: str, text: str) -> tuple[Token, Annotation]:
    """The token and annotation of one ``<wf>``/``<punc>`` line; ValueError with the reason."""
    form = _unescape(text)
    if not form.strip():
        raise ValueError(f"<{kind}> without text")
    if kind == "punc":
        if attr_text.strip():
            raise ValueError("<punc> takes no attribute")
        return normalise_token(form, form), NO_ANNOTATION
    attrs = _parse_attributes(attr_text)
    unknown = sorted(set(attrs) - SEMCOR_ATTRIBUTES)
    if unknown:
        raise ValueError(f"unknown attribute {unknown[0]!r}")
    pos = attrs.pop("pos", "")
    lemma = normalise_key(attrs.pop("lemma", "")) or None
    lexsn, wnsn = attrs.get("lexsn"), attrs.get("wnsn")
    senses: tuple[str, ...] = ()
    if lexsn is not None:
        if lemma is None:
            raise ValueError("lexsn without lemma")
        items = lexsn.split(";")
        numbers = wnsn.split(";") if wnsn is not None else ["?"] * len(items)
        if len(numbers) != len(items):
            raise ValueError(f"wnsn={wnsn} and lexsn={lexsn} list different numbers of senses")
        if not all(items) or not all(numbers):
            raise ValueError(f"wnsn={wnsn} lexsn={lexsn}: an empty sense in the list")
        keys = sense_keys(lemma, lexsn)
        if keys is not None:
            senses = tuple(k for k, number in zip(keys, numbers, strict=True) if number != "0")
    annotation = Annotation(lemma, pos, senses, tuple(sorted(attrs.items())))
    return normalise_token(form, pos), annotation


def read_semcor(path: str | os.PathLike[str]) -> Iterator[AnnotatedSentence]:
    """The sentences of one SemCor tag file (of every tag file when ``path`` is a directory).

    Parameters
    ----------
    path : str or PathLike
        A tag file, or a directory (its files as :func:`semcor_files` finds them).

    Yields
    ------
    AnnotatedSentence
        Each sentence with its tokens' annotations.

    Raises
    ------
    CorpusFormatError
        Naming ``file:line`` for a line that is no SemCor tag line, or other malformed input.
    """
    path = Path(path)
    for file in semcor_files(path) if path.is_dir() else [path]:
        yield from _read_tag_file(file)


def _read_tag_file(path: Path) -> Iterator[AnnotatedSentence]:
    """The sentences of one tag file (:func:`read_semcor`)."""
    name = path.name.removesuffix(".xml")
    tokens: list[Token] | None = None
    annotations: list[Annotation] = []
    snum = ""
    opened: dict[str, int] = {}  # sentence number -> line of its <s>
    for lineno, raw in read_lines(path, CorpusFormatError, "corpus file"):
        line = raw.strip()
        if not line:
            continue
        match = _LINE.fullmatch(line)
        if match is None:
            raise CorpusFormatError(f"{path}:{lineno}: not a SemCor tag line: {quote(line)}")
        kind = match["tok"]
        if kind is not None:
            if tokens is None:
                raise CorpusFormatError(f"{path}:{lineno}: <{kind}> outside a sentence")
            token, annotation = _token(path, lineno, kind, match["attrs"], match["text"])
            tokens.append(token)
            annotations.append(annotation)
            continue
        tag = match["tag"]
        if match["close"]:
            if match["sattrs"].strip():
                raise CorpusFormatError(f"{path}:{lineno}: </{tag}> takes no attribute")
            if tag == "s":
                if tokens is None:
                    raise CorpusFormatError(f"{path}:{lineno}: </s> without <s>")
                sentence = Sentence(id=f"{name}.s{snum}", tokens=tuple(tokens), source=name)
                yield AnnotatedSentence(sentence, tuple(annotations))
                tokens = None
            continue
        attrs = _structure_attributes(f"{path}:{lineno}", tag, match["sattrs"])
        if tag == "s":
            if tokens is not None:
                raise CorpusFormatError(f"{path}:{lineno}: <s> inside sentence {snum}")
            snum = attrs.get("snum", "")
            if not snum:
                raise CorpusFormatError(f"{path}:{lineno}: <s> without snum")
            if snum in opened:
                first = opened[snum]
                raise CorpusFormatError(
                    f"{path}:{lineno}: sentence {quote(snum)} given twice (first at line {first})"
                )
            opened[snum] = lineno
            tokens, annotations = [], []
    if tokens is not None:
        raise CorpusFormatError(
            f"{path}:{opened[snum]}: sentence {quote(snum)} is not closed (no </s> before the "
            "end of the file)"
        )
    if not opened:
        raise CorpusFormatError(f"{path}: no sentence (<s snum=N> ... </s>) in this file")


def _structure_attributes(where: str, tag: str, text: str) -> dict[str, str]:
    """The attributes of a structure tag (``<s snum=1>``); CorpusFormatError at ``where``."""
    try:
        attrs = _parse_attributes(text)
    except ValueError as exc:
        raise CorpusFormatError(f"{where}: {exc}") from None
    unknown = sorted(set(attrs) - _STRUCTURE_ATTRIBUTES[tag])
    if unknown:
        raise CorpusFormatError(f"{where}: unknown attribute {unknown[0]!r} of <{tag}>")
    return attrs


def read_nltk_semcor(root: str | os.PathLike[str] | None = None) -> Iterator[AnnotatedSentence]:
    """The sentences of NLTK's ``semcor`` corpus, as :func:`read_semcor` reads them.

    Parameters
    ----------
    root : str or PathLike, optional
        The corpus directory (default: NLTK's copy).

    Yields
    ------
    AnnotatedSentence
        Each sentence with its tokens' annotations.

    Raises
    ------
    DataError
        If the corpus is not installed.
    """
    if root is None:
        found = _nltk_semcor_dir()
        if found is None:
            raise DataError("NLTK's 'semcor' corpus is not installed (nltk.download('semcor'))")
        root = found
    for file in semcor_files(root):
        yield from read_semcor(file)
