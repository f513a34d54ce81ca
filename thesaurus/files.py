"""File thesauri: a tree as ``<stem>.tsv`` plus a word table ``<stem>.words.tsv`` beside it.

``<stem>.tsv`` holds ``child<TAB>parent`` lines (a node with an empty parent declares the
root); ``<stem>.words.tsv`` holds ``word<TAB>sense_id<TAB>node`` lines, a word's senses in
file order, sense ids unique and kept in lower case.  ``#`` comments and blank lines are
ignored; text rules of :mod:`thesaurus.utils.text_input`; the format is in ``thesaurus/README.md``.
Mistakes (a malformed line, two parent lines, several roots, a cycle, a repeated or
whitespace-holding sense id, an unknown node) raise :class:`ThesaurusError` naming
``file:line``; a missing file is a :class:`DataError`.  Loading is linear in the file.
"""

from __future__ import annotations

import hashlib
from array import array
from dataclasses import dataclass, field
from pathlib import Path

import numpy as np

from thesaurus._core import Thesaurus, normalize_word
from thesaurus.utils.errors import DataError, ThesaurusError
from thesaurus.utils.text_input import decode, numbered_lines, quote, read_limited

__all__ = ["load_file", "words_path"]

_SUFFIX = ".tsv"
_WORDS_SUFFIX = ".words.tsv"
_CYCLE_SHOWN = 6  # nodes of a long cycle named in its message


def words_path(path: Path) -> Path:
    """``dir/<stem>.tsv`` -> ``dir/<stem>.words.tsv``."""
    return path.with_name(path.name[: -len(_SUFFIX)] + _WORDS_SUFFIX)


def _read_text(path: Path, digest: hashlib._Hash) -> str:
    """The decoded text of ``path``; its raw bytes go into ``digest`` (the version hash)."""
    try:
        with open(path, "rb") as handle:
            raw = read_limited(handle, path, ThesaurusError, "thesaurus file")
    except OSError as exc:
        raise DataError(f"cannot read thesaurus file {path}: {exc.strerror}") from exc
    digest.update(raw)
    return decode(raw)


@dataclass(slots=True)
class _Edges:
    """The tree file as read: node ids in order of first mention."""

    names: list[str] = field(default_factory=list)
    index: dict[str, int] = field(default_factory=dict)
    parent: array[int] = field(default_factory=lambda: array("i"))  # -1: no parent line
    edge_line: array[int] = field(default_factory=lambda: array("q"))  # parent/root line, else 0
    mention: array[int] = field(default_factory=lambda: array("q"))  # line of first mention
    declared: list[int] = field(default_factory=list)  # roots alone on their line

    def add(self, name: str, number: int) -> int:
        """A new node first mentioned on line ``number``; its id."""
        i = self.index[name] = len(self.names)
        self.names.append(name)
        self.parent.append(-1)
        self.edge_line.append(0)
        self.mention.append(number)
        return i


def _read_edges(path: Path, text: str) -> _Edges:
    edges = _Edges()
    find = edges.index.get
    for number, line in numbered_lines(path, text, ThesaurusError):
        stripped = line.strip()
        if not stripped or stripped.startswith("#"):
            continue
        fields = [part.strip() for part in line.split("\t")]
        if len(fields) == 2 and fields[1] == "":
            fields = fields[:1]
        if len(fields) > 2 or not fields[0]:
            raise ThesaurusError(
                f"{path}:{number}: expected 'child<TAB>parent' (or a root alone), got "
                f"{len(fields)} field(s): {quote(chr(9).join(fields))}"
            )
        child = find(fields[0])
        if child is None:
            child = edges.add(fields[0], number)
        if edges.edge_line[child]:
            raise ThesaurusError(
                f"{path}:{number}: node {quote(fields[0])} already has a parent line "
                f"({path}:{edges.edge_line[child]}); a node has exactly one parent"
            )
        edges.edge_line[child] = number
        if len(fields) == 1:
            edges.declared.append(child)
            continue
        if fields[1] == fields[0]:
            raise ThesaurusError(
                f"{path}:{number}: cycle: node {quote(fields[0])} is its own parent"
            )
        parent = find(fields[1])
        edges.parent[child] = edges.add(fields[1], number) if parent is None else parent
    if not edges.names:
        raise ThesaurusError(f"{path}: no edges (expected lines 'child<TAB>parent')")
    return edges


def _root_above(parent: np.ndarray) -> np.ndarray:
    """For every node, the root its parent chain ends at, or -1 if the chain runs into a
    cycle (pointer jumping, at most ``log2(n) + 1`` rounds).

    >>> _root_above(np.array([-1, 0, 1, 4, 3, 3])).tolist()   # 0 <- 1 <- 2;  3 <-> 4 <- 5
    [0, 0, 0, -1, -1, -1]
    >>> _root_above(np.array([1, 2, 0, -1])).tolist()          # a 3-cycle and a lone root
    [-1, -1, -1, 3]
    """
    n = len(parent)
    up = np.where(parent < 0, np.arange(n), parent).astype(np.int64)
    for _ in range(n.bit_length()):
        ahead = up[up]
        if np.array_equal(ahead, up):
            break
        up = ahead
    return np.where(parent[up] < 0, up, -1)


def _check_tree(path: Path, edges: _Edges) -> np.ndarray:
    """The parent array (int32) after checking that it is one rooted tree."""
    parent = np.frombuffer(edges.parent, dtype=np.int32)
    top = _root_above(parent)
    roots = np.flatnonzero(parent < 0)
    lost = np.flatnonzero(top < 0)
    if len(lost):
        prefix = "no root: " if len(roots) == 0 else ""
        raise ThesaurusError(f"{path}: {prefix}{_cycle_message(path, int(lost[0]), edges)}")
    if len(roots) > 1:
        raise ThesaurusError(_orphan_message(path, roots, top, edges))
    return parent


def _orphan_message(path: Path, roots: np.ndarray, top: np.ndarray, edges: _Edges) -> str:
    """Several roots: name the first node cut off from the main root (the declared one, else
    the largest subtree), its parent without a parent line, and that line."""
    names = edges.names
    alone = set(edges.declared)
    declared = [int(root) for root in roots if int(root) in alone]
    if len(declared) == 1:
        main = declared[0]
    else:
        sizes = np.bincount(top, minlength=len(names))[roots]
        main = int(roots[int(np.argmax(sizes))])  # argmax: the first of equal sizes
    shown = ", ".join(quote(names[r]) for r in roots[:4]) + (", ..." if len(roots) > 4 else "")
    summary = f"{len(roots)} roots ({shown}), expected one; attach every node but one to a parent"
    parent = np.frombuffer(edges.parent, dtype=np.int32)
    lines = np.frombuffer(edges.edge_line, dtype=np.int64)
    is_other_root = np.zeros(len(names), dtype=bool)
    is_other_root[roots] = True
    is_other_root[main] = False
    cut = np.flatnonzero((parent >= 0) & is_other_root[np.maximum(parent, 0)])
    if len(cut) == 0:  # the other roots are declared alone, with no children
        other = int(next(root for root in roots if root != main))
        return (
            f"{path}:{edges.mention[other]}: node {quote(names[other])} is a second root "
            f"besides {quote(names[main])}; {summary}"
        )
    child = int(cut[np.argmin(lines[cut])])
    return (
        f"{path}:{lines[child]}: node {quote(names[child])} has no path to the root "
        f"{quote(names[main])}: its parent {quote(names[parent[child]])} has no parent line; "
        f"{summary}"
    )


def _cycle_message(path: Path, start: int, edges: _Edges) -> str:
    """Describe the cycle above ``start``, naming at most a few of its nodes."""
    seen: dict[int, int] = {}
    node = start
    while node not in seen:
        seen[node] = len(seen)
        node = edges.parent[node]
    cycle = list(seen)[seen[node] :]
    names = [_plain(edges.names[i]) for i in cycle]
    if len(names) > _CYCLE_SHOWN:
        names = [*names[: _CYCLE_SHOWN - 1], f"... ({len(names)} nodes)"]
    names.append(_plain(edges.names[node]))
    return f"cycle {' -> '.join(names)} ({path}:{edges.edge_line[node]})"


def _plain(name: str) -> str:
    """A node name as written in a cycle (quoted only if it is long or not printable)."""
    return name if len(name) <= 60 and name.isprintable() else quote(name)


def _read_words(
    path: Path, text: str, index: dict[str, int]
) -> tuple[list[str], list[int], dict[str, list[int]]]:
    sense_ids: list[str] = []
    sense_nodes: list[int] = []
    lines: dict[str, int] = {}
    words: dict[str, list[int]] = {}
    for number, line in numbered_lines(path, text, ThesaurusError):
        stripped = line.strip()
        if not stripped or stripped.startswith("#"):
            continue
        fields = [part.strip() for part in line.split("\t")]
        if len(fields) != 3 or not all(fields):
            raise ThesaurusError(
                f"{path}:{number}: expected 'word<TAB>sense_id<TAB>node', got "
                f"{len(fields)} field(s): {quote(chr(9).join(fields))}"
            )
        word, written, node = fields
        if len(written.split()) != 1:
            raise ThesaurusError(
                f"{path}:{number}: sense id {quote(written)} holds whitespace (a key file could "
                "not name it)"
            )
        sense = written.lower()  # sense keys are case-insensitive, kept in lower case
        if sense in lines:
            raise ThesaurusError(
                f"{path}:{number}: sense id {quote(written)} already defined at "
                f"{path}:{lines[sense]} (sense ids are compared in lower case)"
            )
        if node not in index:
            raise ThesaurusError(
                f"{path}:{number}: word {quote(word)} points at unknown node {quote(node)} "
                "(not in the tree file)"
            )
        lines[sense] = number
        words.setdefault(normalize_word(word), []).append(len(sense_ids))
        sense_ids.append(sense)
        sense_nodes.append(index[node])
    return sense_ids, sense_nodes, words


def load_file(path: str | Path) -> Thesaurus:
    """Read a file thesaurus ``<stem>.tsv`` + ``<stem>.words.tsv`` (module docstring).

    Parameters
    ----------
    path : str or Path
        The tree file, named ``<stem>.tsv``; the word table ``<stem>.words.tsv`` lies beside it.

    Returns
    -------
    Thesaurus
        Named after the stem, versioned by the first 12 hex digits of the SHA-256 of the
        two files.

    Raises
    ------
    DataError
        For a wrong file name or a missing file.
    ThesaurusError
        For a malformed line, a cycle, several roots, a repeated sense id, naming
        ``file:line``.
    """
    tree_path = Path(path)
    if not tree_path.name.endswith(_SUFFIX) or tree_path.name.endswith(_WORDS_SUFFIX):
        raise DataError(
            f"thesaurus file {tree_path} must be named <stem>.tsv (with <stem>.words.tsv beside it)"
        )
    word_file = words_path(tree_path)
    if not tree_path.is_file():
        raise DataError(f"thesaurus file {tree_path} not found")
    if not word_file.is_file():
        raise DataError(f"thesaurus word table {word_file} not found (needed beside {tree_path})")
    digest = hashlib.sha256()
    edges = _read_edges(tree_path, _read_text(tree_path, digest))
    parent = _check_tree(tree_path, edges)
    digest.update(b"\0")
    sense_ids, sense_nodes, words = _read_words(
        word_file, _read_text(word_file, digest), edges.index
    )
    return Thesaurus(
        name=tree_path.name[: -len(_SUFFIX)],
        version=digest.hexdigest()[:12],
        node_names=edges.names,
        parent=parent,
        sense_ids=sense_ids,
        sense_nodes=np.asarray(sense_nodes, dtype=np.int32),
        words=words,
    )
