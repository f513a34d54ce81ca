"""The class table: which thesaurus class a pronoun, a titled name or a proper name stands for.

Lines ``word<TAB>class<TAB>sense_key[<TAB>kind]`` (``#`` comments; a word once per kind; text
rules of :mod:`thesaurus.utils.text_input`); class or sense key ``-`` means none (a case filled by
``it`` gets no filler).  ``kind``: ``pronoun`` (default; ``he`` -> person), ``title`` (a name
starting with the word: ``Judge_James_B._Parsons``) or ``name`` (``laos`` -> location; ``*``: any
other capitalised name).  English defaults: ``data/wsd/pronoun_classes.tsv`` and
``data/wsd/name_classes.tsv`` (from :mod:`wsd.frames._names`).
"""

from __future__ import annotations

import functools
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from importlib import resources
from importlib.resources.abc import Traversable
from pathlib import Path
from types import MappingProxyType

from thesaurus.utils.text_input import decode, numbered_lines, quote, read_limited
from wsd._exceptions import CorpusFormatError, DataError

__all__ = [
    "DEFAULT_CLASS_TABLE",
    "DEFAULT_NAME_TABLE",
    "ClassEntry",
    "ClassTable",
    "default_class_table",
    "load_class_table",
]

_DATA = resources.files("wsd") / "_data"
DEFAULT_CLASS_TABLE: Traversable = _DATA / "pronoun_classes.tsv"
DEFAULT_NAME_TABLE: Traversable = _DATA / "name_classes.tsv"
UNKNOWN_NAME = "*"
_KINDS = ("pronoun", "title", "name")


@dataclass(frozen=True, slots=True)
class ClassEntry:
    """What a word of the class table maps to.

    Parameters
    ----------
    cls : str or None
        The class (None: uninformative, no filler).
    sense : str or None, default=None
        The class's noun sense key.
    kind : {"pronoun", "title", "name"}, default="pronoun"
        The kind of word (module docstring).
    """

    cls: str | None
    sense: str | None = None
    kind: str = "pronoun"


def _empty() -> Mapping[str, ClassEntry]:
    return MappingProxyType({})


@dataclass(frozen=True, slots=True)
class ClassTable:
    """Lower-cased word -> :class:`ClassEntry`, split by kind.

    Build one with :meth:`from_entries` or :func:`load_class_table`.

    Parameters
    ----------
    pronouns : mapping of str to ClassEntry, default={}
        The entries of kind ``pronoun``.
    titles : mapping of str to ClassEntry, default={}
        The entries of kind ``title``.
    source : str, default=""
        The files the table was read from.
    names : mapping of str to ClassEntry, default={}
        The entries of kind ``name``.
    """

    pronouns: Mapping[str, ClassEntry] = field(default_factory=_empty)
    titles: Mapping[str, ClassEntry] = field(default_factory=_empty)
    source: str = ""
    names: Mapping[str, ClassEntry] = field(default_factory=_empty)

    @classmethod
    def from_entries(
        cls, entries: Iterable[tuple[str, ClassEntry]], source: str = ""
    ) -> ClassTable:
        """A table from ``(word, entry)`` pairs; a later entry for a word replaces an earlier."""
        kinds: dict[str, dict[str, ClassEntry]] = {kind: {} for kind in _KINDS}
        for word, entry in entries:
            kinds[entry.kind][word.lower()] = entry
        return cls(
            MappingProxyType(kinds["pronoun"]),
            MappingProxyType(kinds["title"]),
            source,
            MappingProxyType(kinds["name"]),
        )

    def pronoun(self, word: str) -> ClassEntry | None:
        """The entry of a pronoun-like word, or None when the table does not list it."""
        return self.pronouns.get(word.lower())

    def title(self, word: str) -> ClassEntry | None:
        return self.titles.get(word.lower())

    def is_name(self, word: str) -> bool:
        """``word`` (lower-cased, ``_`` between parts) is listed as a name itself."""
        return word.lower() in self.names

    def name(self, key: str) -> ClassEntry | None:
        """The entry of a proper name (``premier_khrushchev``): the whole name, else its
        longest listed ending (``khrushchev``), else the ``*`` entry, else None.

        >>> table = ClassTable.from_entries(
        ...     [("khrushchev", ClassEntry("person", kind="name")),
        ...      ("*", ClassEntry(None, kind="name"))])
        >>> table.name("premier_khrushchev").cls, table.name("zork").cls
        ('person', None)
        """
        key = key.lower()
        names = self.names
        entry = names.get(key)
        while entry is None and "_" in key:
            key = key.split("_", 1)[1]
            entry = names.get(key) if key else None
        return entry if entry is not None else names.get(UNKNOWN_NAME)


def load_class_table(*paths: str | Path | Traversable) -> ClassTable:
    """Read class table files (format in the module docstring).

    Parameters
    ----------
    *paths : str, Path or Traversable
        The files, at least one; an entry of a later file replaces the same word's entry of
        an earlier one.

    Returns
    -------
    ClassTable
        The entries of all the files.

    Raises
    ------
    DataError
        If no file is given, or a file is missing or unreadable.
    CorpusFormatError
        Naming ``file:line`` for a malformed line or a word listed twice for one kind in a
        file.
    """
    if not paths:
        raise DataError("load_class_table needs at least one file")
    entries: list[tuple[str, ClassEntry]] = []
    for path in paths:
        entries.extend(_read_entries(Path(path) if isinstance(path, str) else path))
    return ClassTable.from_entries(entries, source=", ".join(map(str, paths)))


def _read_entries(path: Path | Traversable) -> list[tuple[str, ClassEntry]]:
    """The entries of one class table file; :class:`CorpusFormatError` naming ``file:line``
    for a malformed line or a word listed twice for one kind."""
    try:
        with path.open("rb") as handle:
            raw = read_limited(handle, str(path), CorpusFormatError, "class table")
    except FileNotFoundError:
        raise DataError(f"{path}: class table not found") from None
    except OSError as exc:
        raise DataError(f"{path}: cannot read class table ({exc.strerror or exc})") from None
    entries: list[tuple[str, ClassEntry]] = []
    lines: dict[tuple[str, str], int] = {}
    for number, raw_line in numbered_lines(str(path), decode(raw), CorpusFormatError):
        line = raw_line.strip()
        if not line or line.startswith("#"):
            continue
        fields = raw_line.split("\t")
        if len(fields) not in (3, 4) or not fields[0].strip():
            raise CorpusFormatError(
                f"{path}:{number}: expected word<TAB>class<TAB>sense_key[<TAB>kind], got "
                f"{quote(raw_line)}"
            )
        word, klass, sense = (f.strip() for f in fields[:3])
        kind = fields[3].strip() if len(fields) == 4 else "pronoun"
        if kind not in _KINDS:
            raise CorpusFormatError(
                f"{path}:{number}: unknown kind {quote(kind)} (pronoun, title or name)"
            )
        listed = (kind, word.lower())
        if listed in lines:
            raise CorpusFormatError(
                f"{path}:{number}: {kind} {quote(word)} listed twice (first at line "
                f"{lines[listed]})"
            )
        lines[listed] = number
        entry = ClassEntry(
            cls=None if klass in ("", "-") else klass,
            sense=None if sense in ("", "-") else sense,
            kind=kind,
        )
        entries.append((word, entry))
    return entries


@functools.cache
def default_class_table() -> ClassTable:
    """The English/WordNet tables shipped with the package (pronouns and titles, then proper
    names), read once."""
    return load_class_table(DEFAULT_CLASS_TABLE, DEFAULT_NAME_TABLE)
