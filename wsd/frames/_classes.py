"""The class table: which thesaurus class a pronoun (or a titled name) stands for.

The table is data, not code, so another language or thesaurus supplies its own file.  One entry
per line: ``word<TAB>class<TAB>sense_key[<TAB>kind]``; ``#`` starts a comment.  A class of
``-`` marks an uninformative word (``it``, ``something``): a case it fills gets no filler.  A
sense key of ``-`` means none.  ``kind`` is ``pronoun`` (default: the word heads a noun
phrase by itself) or ``title`` (a proper name whose first part is the word takes the class,
e.g. ``Judge_James_B._Parsons`` -> person).
"""

from __future__ import annotations

import functools
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from types import MappingProxyType

from .._exceptions import CorpusFormatError, DataError

__all__ = [
    "DEFAULT_CLASS_TABLE",
    "ClassEntry",
    "ClassTable",
    "default_class_table",
    "load_class_table",
]

DEFAULT_CLASS_TABLE = Path(__file__).resolve().parent.parent.parent / "data" / "pronoun_classes.tsv"
_KINDS = ("pronoun", "title")


@dataclass(frozen=True, slots=True)
class ClassEntry:
    """What a word maps to: ``cls`` None means uninformative (no filler)."""

    cls: str | None
    sense: str | None = None
    kind: str = "pronoun"


@dataclass(frozen=True, slots=True)
class ClassTable:
    """Lower-cased word -> :class:`ClassEntry`, split by kind."""

    pronouns: Mapping[str, ClassEntry] = field(default_factory=lambda: MappingProxyType({}))
    titles: Mapping[str, ClassEntry] = field(default_factory=lambda: MappingProxyType({}))
    source: str = ""

    @classmethod
    def from_entries(
        cls, entries: Iterable[tuple[str, ClassEntry]], source: str = ""
    ) -> ClassTable:
        pronouns: dict[str, ClassEntry] = {}
        titles: dict[str, ClassEntry] = {}
        for word, entry in entries:
            (titles if entry.kind == "title" else pronouns)[word.lower()] = entry
        return cls(MappingProxyType(pronouns), MappingProxyType(titles), source)

    def pronoun(self, word: str) -> ClassEntry | None:
        """The entry of a pronoun-like word, or None when the table does not list it."""
        return self.pronouns.get(word.lower())

    def title(self, word: str) -> ClassEntry | None:
        return self.titles.get(word.lower())


def load_class_table(path: str | Path) -> ClassTable:
    """Read a class table file (format in the module docstring)."""
    path = Path(path)
    try:
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        raise DataError(f"{path}: class table not found") from None
    except (OSError, UnicodeDecodeError) as exc:
        raise DataError(f"{path}: cannot read class table ({exc})") from None
    entries: list[tuple[str, ClassEntry]] = []
    for number, raw in enumerate(text.splitlines(), start=1):
        line = raw.strip()
        if not line or line.startswith("#"):
            continue
        fields = raw.rstrip("\r\n").split("\t")
        if len(fields) not in (3, 4) or not fields[0].strip():
            raise CorpusFormatError(
                f"{path}:{number}: expected word<TAB>class<TAB>sense_key[<TAB>kind], got {raw!r}"
            )
        word, klass, sense = (f.strip() for f in fields[:3])
        kind = fields[3].strip() if len(fields) == 4 else "pronoun"
        if kind not in _KINDS:
            raise CorpusFormatError(f"{path}:{number}: unknown kind {kind!r} (pronoun or title)")
        entry = ClassEntry(
            cls=None if klass in ("", "-") else klass,
            sense=None if sense in ("", "-") else sense,
            kind=kind,
        )
        entries.append((word, entry))
    return ClassTable.from_entries(entries, source=str(path))


@functools.cache
def default_class_table() -> ClassTable:
    """The English/WordNet table shipped in ``data/pronoun_classes.tsv`` (read once)."""
    return load_class_table(DEFAULT_CLASS_TABLE)
