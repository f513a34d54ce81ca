"""WordNet 3.0 verb and noun thesauri, built from WordNet's database files and cached on disk.

Shapes (nodes are synsets, named as NLTK names them, e.g. ``use.v.01``, plus virtual nodes):

- **verbs** (``wordnet-verb``): virtual ``ROOT`` -> one node per verb lexicographer file
  (``verb.motion``, ``verb.consumption``, ...) -> hypernym chain -> synset.  A synset without
  a hypernym (WordNet has 559 such verb roots) hangs under the node of its own lexicographer
  file; its hyponyms follow it whatever their own file is.
- **verbs with verb groups** (``wordnet-verb+groups``, ``load_wordnet_verbs(verb_groups=True)``):
  the same tree, then each verb group (a connected component of WordNet's ``$`` pointers:
  632 groups of 2 to 12 synsets) gets a virtual node ``group:<first member>`` placed where
  its first member (lowest offset) sits, i.e. under that member's parent, and the members
  move under it with their hyponyms: two members of a group are siblings, LEN 2.  Groups are
  applied in order of their first member's offset; a member that is an ancestor of the
  group node's place stays where it is (moving it would make a cycle), and a group left with
  fewer than two movable members is not made.
- **nouns** (``wordnet-noun``): virtual ``ROOT`` -> ``entity.n.01`` -> hypernym and instance-
  hypernym chains -> synset.

WordNet is a DAG (2,213 noun synsets and 31 verb synsets have two or more hypernyms).  The tree
keeps, for each synset, the hypernym (or instance hypernym) with the **lowest synset offset**;
the other links are dropped.  The rule is deterministic and independent of NLTK's list order.
``thesaurus/README.md`` compares the resulting lengths with NLTK's ``shortest_path_distance``.

Senses are WordNet sense keys (``use%2:34:01::``, as in SemCor) read from ``index.sense``; a
lemma's senses are ordered by WordNet sense number (the order of ``wn.synsets(lemma, pos)``).

Building parses the database files (no NLTK synset objects); the result is cached on disk
(:mod:`thesaurus._cache`), keyed by the tree shape, the WordNet version and the size and
mtime of the files read, so a warm start reads two files and never imports NLTK.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import partial
from pathlib import Path
from typing import Any

import numpy as np

from ._cache import CACHE_FORMAT, load_cached, stamp_files
from ._core import Thesaurus
from ._exceptions import DataError
from .wordnet_data import built_dir

__all__ = [
    "WORDNET_VERSION",
    "build_wordnet",
    "load_wordnet_nouns",
    "load_wordnet_verbs",
    "source_key",
]

WORDNET_VERSION = "3.0"
ROOT = "ROOT"
GROUP_PREFIX = "group:"
_POS = {"verb": ("v", "2"), "noun": ("n", "1")}  # kind -> (NLTK pos letter, sense-key ss_type)


@dataclass(frozen=True, slots=True)
class _Synset:
    offset: int
    lexfile: int
    word: str  # first word, as written in data.<pos>
    hypernyms: tuple[int, ...]  # offsets of @ and @i targets
    group: tuple[int, ...]  # offsets of $ (verb group) targets


# --- reading the database files -----------------------------------------------------------------
def _wordnet_root() -> Path | None:
    """Where the database files are read: our built directory, else what
    :func:`~thesaurus.wordnet_data.setup_wordnet` provides (``None``: NLTK's own corpus)."""
    built = built_dir()
    if built is not None:
        return built
    from .wordnet_data import setup_wordnet

    return setup_wordnet()


def _files_read(kind: str) -> list[str]:
    return [f"data.{kind}", f"index.{kind}", "index.sense", "lexnames"]


def source_key(kind: str) -> dict[str, Any]:
    """The part of the cache key naming the WordNet files a ``kind`` build reads: their
    directory (or NLTK's corpus root) and each file's size and mtime."""
    root = _wordnet_root()
    if root is not None:
        return stamp_files(str(root), {name: root / name for name in _files_read(kind)})
    from .wordnet_data import wordnet

    pointer = wordnet().root  # NLTK's own corpus: a directory or a zip file
    zipped = getattr(pointer, "zipfile", None)
    if zipped is not None:
        archive = Path(zipped.filename)
        return stamp_files(str(pointer), {name: archive for name in _files_read(kind)})
    base = Path(str(pointer))
    return stamp_files(str(base), {name: base / name for name in _files_read(kind)})


class _Files:
    """Opens WordNet's database files as text lines: from the directory
    :func:`~thesaurus.wordnet_data.setup_wordnet` built, else through NLTK's reader (which
    also reads its zipped corpus)."""

    def __init__(self) -> None:
        self.root = _wordnet_root()

    def lines(self, name: str) -> list[str]:
        if self.root is not None:
            return (self.root / name).read_text(encoding="utf-8").splitlines()
        from .wordnet_data import wordnet

        with wordnet().open(name) as handle:
            return handle.read().splitlines()


def _lexnames(files: _Files) -> dict[int, str]:
    """``lex_filenum -> lexicographer file name`` (``29 -> verb.body``)."""
    return {int(f[0]): f[1] for f in (line.split() for line in files.lines("lexnames")) if f}


def _index_offsets(files: _Files, pos_name: str) -> dict[str, list[int]]:
    """``lemma -> synset offsets`` in sense-number order, from ``index.<pos>``."""
    out = {}
    for line in files.lines(f"index.{pos_name}"):
        if line.startswith(" "):  # license header
            continue
        fields = line.split()
        count = int(fields[2])
        out[fields[0]] = [int(x) for x in fields[len(fields) - count :]]
    return out


def _read_synsets(files: _Files, pos_name: str) -> list[_Synset]:
    """One record per line of ``data.<pos>``: hypernyms are the ``@`` (hypernym) and ``@i``
    (instance hypernym) pointers, verb groups the ``$`` pointers (semantic or lexical)."""
    lines = files.lines(f"data.{pos_name}")
    if not any("WordNet 3.0" in line for line in lines[:30] if line.startswith(" ")):
        raise DataError(f"data.{pos_name} is not WordNet 3.0 (SemCor 3.0 uses 3.0 sense keys)")
    out = []
    for line in lines:
        if line.startswith(" "):  # license header
            continue
        fields = line.split(" | ", 1)[0].split()
        n_words = int(fields[3], 16)
        at = 4 + 2 * n_words
        n_pointers = int(fields[at])
        pointers = [
            (fields[at + 1 + 4 * k], int(fields[at + 2 + 4 * k])) for k in range(n_pointers)
        ]
        out.append(
            _Synset(
                offset=int(fields[0]),
                lexfile=int(fields[1]),
                word=fields[4],
                hypernyms=tuple(target for symbol, target in pointers if symbol in ("@", "@i")),
                group=tuple(target for symbol, target in pointers if symbol == "$"),
            )
        )
    return out


# --- building -----------------------------------------------------------------------------------
def _verb_groups(synsets: list[_Synset]) -> list[list[int]]:
    """Verb groups as connected components of the ``$`` pointers (offsets, each group sorted,
    groups sorted by their first offset); synsets without ``$`` pointers are left out."""
    links: dict[int, set[int]] = {}
    for synset in synsets:
        for other in synset.group:
            links.setdefault(synset.offset, set()).add(other)
            links.setdefault(other, set()).add(synset.offset)
    seen: set[int] = set()
    groups = []
    for start in sorted(links):
        if start in seen:
            continue
        component, todo = {start}, [start]
        while todo:
            for other in links[todo.pop()]:
                if other not in component:
                    component.add(other)
                    todo.append(other)
        seen |= component
        groups.append(sorted(component))
    return groups


def _hang_groups(names: list[str], parent: list[int], groups: list[list[int]]) -> tuple[int, int]:
    """Add a ``group:<first member>`` node per group (node ids, sorted) under the first
    member's parent and move the members under it, in place.  Members that are ancestors of
    that place stay (a move would make a cycle).  Returns (groups made, members left)."""
    made = left = 0
    for members in groups:
        anchor = parent[members[0]]
        above = set()
        node = anchor
        while node >= 0:
            above.add(node)
            node = parent[node]
        movable = [m for m in members if m not in above]
        left += len(members) - len(movable)
        if len(movable) < 2:
            continue
        group = len(names)
        names.append(GROUP_PREFIX + names[members[0]])
        parent.append(anchor)
        for member in movable:
            parent[member] = group
        made += 1
    return made, left


def build_wordnet(kind: str, *, verb_groups: bool = False) -> dict[str, Any]:
    """Build the ``"verb"`` or ``"noun"`` tree from WordNet 3.0's database files as the
    :class:`Thesaurus` arguments (``names``, ``parent``, ``sense_ids``, ``sense_nodes``,
    ``words``): synsets and pointers from ``data.<pos>``, NLTK-style synset
    names (``<first word lower-cased>.<pos>.<sense number of that word, 2 digits>``) from
    ``index.<pos>``, sense keys and sense numbers from ``index.sense``.  ``verb_groups``
    (verbs only) hangs verb groups under virtual nodes (module docstring)."""
    if verb_groups and kind != "verb":
        raise ValueError("verb groups exist for verbs only")
    files = _Files()
    pos, ss_type = _POS[kind]
    lexnames = _lexnames(files)
    synsets = sorted(_read_synsets(files, kind), key=lambda synset: synset.offset)
    index = _index_offsets(files, kind)
    names = [ROOT]
    if kind == "verb":
        names += sorted({lexnames[synset.lexfile] for synset in synsets})
    virtual = {name: i for i, name in enumerate(names)}
    by_offset = {synset.offset: len(names) + k for k, synset in enumerate(synsets)}
    for synset in synsets:
        lemma = synset.word.lower()
        names.append(f"{lemma}.{pos}.{index[lemma].index(synset.offset) + 1:02d}")
    parent = [-1] + [0] * (len(virtual) - 1)  # lexicographer-file nodes under ROOT
    for synset in synsets:
        if synset.hypernyms:
            parent.append(by_offset[min(synset.hypernyms)])  # the tree rule: lowest offset
        else:
            parent.append(virtual[lexnames[synset.lexfile]] if kind == "verb" else 0)
    if verb_groups:
        groups = [[by_offset[offset] for offset in group] for group in _verb_groups(synsets)]
        _hang_groups(names, parent, groups)
    rows = []  # (lemma, sense number, key, node)
    for line in files.lines("index.sense"):
        key, synset_offset, number, _ = line.split(" ", 3)
        lemma, _, lexsn = key.partition("%")
        if lexsn.startswith(ss_type + ":"):
            rows.append((lemma, int(number), key, by_offset[int(synset_offset)]))
    rows.sort(key=lambda row: (row[0], row[1]))
    words: dict[str, list[int]] = {}
    for j, (lemma, _, _, _) in enumerate(rows):
        words.setdefault(lemma, []).append(j)
    return {
        "names": names,
        "parent": np.asarray(parent, dtype=np.int32),
        "sense_ids": [row[2] for row in rows],
        "sense_nodes": np.array([row[3] for row in rows], dtype=np.int32),
        "words": words,
    }


# --- loading ------------------------------------------------------------------------------------
def _make(name: str, version: str, payload: dict[str, Any], euler: Any = None) -> Thesaurus:
    return Thesaurus(
        name=name,
        version=version,
        node_names=payload["names"],
        parent=payload["parent"],
        sense_ids=payload["sense_ids"],
        sense_nodes=payload["sense_nodes"],
        words=payload["words"],
        euler=euler,
    )


def _load(kind: str, verb_groups: bool = False, directory: Path | None = None) -> Thesaurus:
    suffix = "+groups" if verb_groups else ""
    stem = kind + suffix
    key = {
        "kind": stem,
        "wordnet": WORDNET_VERSION,
        "format": CACHE_FORMAT,
        **source_key(kind),
    }
    return load_cached(
        stem,
        key,
        partial(build_wordnet, kind, verb_groups=verb_groups),
        partial(_make, f"wordnet-{stem}", WORDNET_VERSION + suffix),
        directory,
    )


def load_wordnet_verbs(*, verb_groups: bool = False) -> Thesaurus:
    """WordNet 3.0 verbs: ROOT -> lexicographer file -> hypernym chain -> synset; with
    ``verb_groups``, members of a verb group are siblings under a ``group:`` node
    (``wordnet-verb+groups``, version ``3.0+groups``)."""
    return _load("verb", verb_groups)


def load_wordnet_nouns() -> Thesaurus:
    """WordNet 3.0 nouns: ROOT -> entity.n.01 -> (instance) hypernym chain -> synset."""
    return _load("noun")
