"""WordNet 3.0 verb and noun thesauri, built from WordNet's database files and cached on disk.

Nodes are synsets named as NLTK names them (``use.v.01``) plus virtual nodes:
``wordnet-verb`` is ``ROOT`` -> lexicographer file (``verb.motion``) -> hypernym chain ->
synset; ``wordnet-verb+groups`` then moves each verb group (a component of ``$`` pointers, by
lowest offset) under a node ``group:<first member>`` where it is safe; ``wordnet-noun`` is
``ROOT`` -> ``entity.n.01`` -> (instance) hypernym chain -> synset.  Of several hypernyms the
tree keeps the lowest offset.  Senses are WordNet sense keys from ``index.sense`` in sense-number
order.  Trees are cached (:mod:`thesaurus.wordnet.tree_cache`), keyed by the shape and the files'
size and mtime.  Details in ``thesaurus/README.md``.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from functools import partial
from pathlib import Path

import numpy as np

from thesaurus._core import Thesaurus
from thesaurus.utils.errors import DataError
from thesaurus.wordnet.data import database_lines, database_stamp
from thesaurus.wordnet.tree_cache import CACHE_FORMAT, load_cached

__all__ = [
    "ROOT",
    "SS_TYPES",
    "WORDNET_VERSION",
    "Synset",
    "build_wordnet",
    "components",
    "files_read",
    "index_offsets",
    "load_wordnet",
    "load_wordnet_nouns",
    "load_wordnet_verbs",
    "read_lexnames",
    "read_synsets",
    "sense_rows",
    "synset_name",
]

WORDNET_VERSION = "3.0"
ROOT = "ROOT"
GROUP_PREFIX = "group:"
Senses = tuple[list[str], list[int], dict[str, list[int]]]  # sense keys, their nodes, words
Tree = tuple[list[str], list[int], Senses]  # node names, parents, senses
SS_TYPES = {"noun": "1", "verb": "2", "adj": "35", "adv": "4"}  # kind -> sense-key ss_types


@dataclass(frozen=True, slots=True)
class Synset:
    offset: int
    lexfile: int
    ss_type: str  # n, v, a (adjective head), s (satellite), r
    word: str  # first word, as in data.<pos> without an adjective marker such as (p)
    pointers: tuple[tuple[str, int], ...]  # (pointer symbol, target offset), in file order

    def targets(self, *symbols: str) -> tuple[int, ...]:
        """Offsets the pointers with one of ``symbols`` point at (``"@"``: hypernyms)."""
        return tuple(target for symbol, target in self.pointers if symbol in symbols)


# --- reading the database files -----------------------------------------------------------------
def files_read(*kinds: str) -> list[str]:
    """The database files a build over the parts of speech ``kinds`` reads."""
    return [f"{name}.{kind}" for kind in kinds for name in ("data", "index")] + [
        "index.sense",
        "lexnames",
    ]


def read_lexnames() -> dict[int, str]:
    """``lex_filenum -> lexicographer file name`` (``29 -> verb.body``)."""
    return {int(f[0]): f[1] for f in (line.split() for line in database_lines("lexnames")) if f}


def index_offsets(pos_name: str) -> dict[str, list[int]]:
    """``lemma -> synset offsets`` in sense-number order, from ``index.<pos>``."""
    out = {}
    for line in database_lines(f"index.{pos_name}"):
        if line.startswith(" "):  # license header
            continue
        fields = line.split()
        count = int(fields[2])
        out[fields[0]] = [int(x) for x in fields[len(fields) - count :]]
    return out


def read_synsets(pos_name: str) -> list[Synset]:
    """One record per line of ``data.<pos>``, sorted by offset, with all its pointers;
    :class:`DataError` unless the file is WordNet 3.0."""
    lines = database_lines(f"data.{pos_name}")
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
        word = fields[4]
        if word.endswith(")"):  # an adjective's syntactic marker: galore(ip)
            word = word[: word.rindex("(")]
        out.append(Synset(int(fields[0]), int(fields[1]), fields[2], word, tuple(pointers)))
    out.sort(key=lambda synset: synset.offset)
    return out


def synset_name(
    synset: Synset, index: dict[str, list[int]], satellites: frozenset[int] = frozenset()
) -> str:
    """NLTK's name: ``<first word lower-cased>.<ss_type>.<its sense number, 2 digits>``,
    the sense number read from ``index.<pos>`` (``hot.a.01``).  A satellite (``ss_type``
    ``s``; ``satellites`` holds their offsets) is numbered among the word's satellites only,
    as NLTK >= 3.10 does."""
    lemma = synset.word.lower()
    offsets = index[lemma]
    if synset.ss_type == "s":
        offsets = [offset for offset in offsets if offset in satellites]
    return f"{lemma}.{synset.ss_type}.{offsets.index(synset.offset) + 1:02d}"


# --- building -----------------------------------------------------------------------------------
def components(pairs: Iterable[tuple[int, int]]) -> list[list[int]]:
    """Connected components of the undirected links ``pairs``, each sorted, sorted by their
    first offset.

    >>> components([(5, 3), (9, 8), (3, 4)])
    [[3, 4, 5], [8, 9]]
    """
    links: dict[int, set[int]] = {}
    for a, b in pairs:
        links.setdefault(a, set()).add(b)
        links.setdefault(b, set()).add(a)
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
    """Hang verb groups (node ids, sorted) in place, as the module docstring says.
    Returns (groups made, members left)."""
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


def build_wordnet(kind: str, *, verb_groups: bool = False) -> Tree:
    """The ``"verb"`` or ``"noun"`` tree for :func:`load_wordnet`; ``verb_groups`` (verbs only,
    else ``ValueError``) hangs verb groups under virtual nodes (module docstring)."""
    if verb_groups and kind != "verb":
        raise ValueError("verb groups exist for verbs only")
    lexnames = read_lexnames()
    synsets = read_synsets(kind)
    index = index_offsets(kind)
    names = [ROOT]
    if kind == "verb":
        names += sorted({lexnames[synset.lexfile] for synset in synsets})
    virtual = {name: i for i, name in enumerate(names)}
    by_offset = {synset.offset: len(names) + k for k, synset in enumerate(synsets)}
    names += [synset_name(synset, index) for synset in synsets]
    parent = [-1] + [0] * (len(virtual) - 1)  # lexicographer-file nodes under ROOT
    for synset in synsets:
        hypernyms = synset.targets("@", "@i")
        if hypernyms:
            parent.append(by_offset[min(hypernyms)])  # the tree rule: lowest offset
        else:
            parent.append(virtual[lexnames[synset.lexfile]] if kind == "verb" else 0)
    if verb_groups:
        links = ((synset.offset, other) for synset in synsets for other in synset.targets("$"))
        groups = [[by_offset[offset] for offset in group] for group in components(links)]
        _hang_groups(names, parent, groups)
    return names, parent, sense_rows(SS_TYPES[kind], by_offset)


def sense_rows(ss_types: str, by_offset: dict[int, int]) -> Senses:
    """``(sense keys, their nodes, lemma -> sense indices)`` for the keys of ``index.sense``
    whose ``ss_type`` is in ``ss_types``, in sense-number order; ``by_offset``: offset -> node."""
    rows = []  # (lemma, sense number, key, node)
    for line in database_lines("index.sense"):
        key, synset_offset, number, _ = line.split(" ", 3)
        lemma, _, lexsn = key.partition("%")
        if lexsn[:1] in ss_types and lexsn[1:2] == ":":
            rows.append((lemma, int(number), key, by_offset[int(synset_offset)]))
    rows.sort(key=lambda row: (row[0], row[1]))
    words: dict[str, list[int]] = {}
    for j, (lemma, _, _, _) in enumerate(rows):
        words.setdefault(lemma, []).append(j)
    return [row[2] for row in rows], [row[3] for row in rows], words


# --- loading ------------------------------------------------------------------------------------
def load_wordnet(
    stem: str,
    names: Sequence[str],
    build: Callable[[], Tree],
    version: str = WORDNET_VERSION,
    directory: Path | None = None,
) -> Thesaurus:
    """The thesaurus ``wordnet-<stem>`` of the tree ``build()`` gives (node names, parents,
    :func:`sense_rows`), or read from the disk cache, keyed by the files ``names``."""
    key = {"kind": stem, "wordnet": WORDNET_VERSION, "format": CACHE_FORMAT}

    def make() -> Thesaurus:
        node_names, parent, (sense_ids, sense_nodes, words) = build()
        parents, nodes = np.asarray(parent), np.asarray(sense_nodes)
        return Thesaurus(*identity, node_names, parents, sense_ids, nodes, words)

    identity = (f"wordnet-{stem}", version)
    return load_cached(stem, key | database_stamp(names), make, identity, directory)


def load_wordnet_verbs(*, verb_groups: bool = False) -> Thesaurus:
    """WordNet 3.0 verbs (``wordnet-verb``; module docstring), built once and cached on disk.

    Parameters
    ----------
    verb_groups : bool, default=False
        Hang verb groups under virtual nodes: ``wordnet-verb+groups``, version ``3.0+groups``.

    Returns
    -------
    Thesaurus

    Raises
    ------
    DataError
        When WordNet 3.0 is missing (the message names what to install).
    """
    suffix = "+groups" if verb_groups else ""
    build = partial(build_wordnet, "verb", verb_groups=verb_groups)
    return load_wordnet("verb" + suffix, files_read("verb"), build, WORDNET_VERSION + suffix)


def load_wordnet_nouns() -> Thesaurus:
    """WordNet 3.0 nouns (``wordnet-noun``; module docstring); :class:`DataError` without
    WordNet 3.0."""
    return load_wordnet("noun", files_read("noun"), partial(build_wordnet, "noun"))
