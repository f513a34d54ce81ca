"""File thesauri: a tree as ``<stem>.tsv`` plus a word table ``<stem>.words.tsv`` beside it.

``<stem>.tsv`` — one edge per line, UTF-8::

    # comment lines and blank lines are ignored
    child<TAB>parent
    root                      (optional: a node with an empty parent declares the root)

The root is the one node that never appears as a child (it is a parent, or declared with an
empty parent).  Every other node has exactly one ``child<TAB>parent`` line.

``<stem>.words.tsv`` — one sense per line::

    word<TAB>sense_id<TAB>node

A word's senses are ordered as in the file; sense ids are unique; ``node`` must be a node of
the tree.  Words are looked up lower-cased (``normalize_word``).

Mistakes raise :class:`ThesaurusError` naming ``file:line``: a malformed line, a node with two
parent lines, several roots (e.g. a parent that is never attached: an orphan subtree; the
message names the first node cut off from the root, its parent without a parent line and the
line), a cycle, a repeated sense id, a word pointing at an unknown node.  A missing file is a
:class:`DataError`.
"""

from __future__ import annotations

import hashlib
from pathlib import Path

import numpy as np

from ._core import Thesaurus, normalize_word
from ._exceptions import DataError, ThesaurusError

__all__ = ["load_file", "words_path"]

_SUFFIX = ".tsv"
_WORDS_SUFFIX = ".words.tsv"


def words_path(path: Path) -> Path:
    """``dir/<stem>.tsv`` -> ``dir/<stem>.words.tsv``."""
    return path.with_name(path.name[: -len(_SUFFIX)] + _WORDS_SUFFIX)


def _read_lines(path: Path) -> tuple[bytes, list[tuple[int, list[str]]]]:
    """Raw bytes (for the version hash) and the ``(line number, tab fields)`` of content lines."""
    try:
        raw = path.read_bytes()
    except OSError as exc:
        raise DataError(f"cannot read thesaurus file {path}: {exc.strerror}") from exc
    try:
        text = raw.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        raise ThesaurusError(f"{path}: not UTF-8 ({exc.reason} at byte {exc.start})") from exc
    rows = []
    for number, line in enumerate(text.splitlines(), start=1):
        if not line.strip() or line.lstrip().startswith("#"):
            continue
        rows.append((number, [field.strip() for field in line.split("\t")]))
    return raw, rows


def _read_edges(
    path: Path,
) -> tuple[bytes, dict[str, int], dict[str, tuple[str, int]], dict[str, int]]:
    """Raw bytes, nodes -> line of first mention (in file order), child -> (parent, line) and
    roots declared on a line of their own -> line."""
    raw, rows = _read_lines(path)
    nodes: dict[str, int] = {}
    parent_of: dict[str, tuple[str, int]] = {}
    declared: dict[str, int] = {}  # roots given on a line of their own
    for number, fields in rows:
        if len(fields) == 2 and fields[1] == "":
            fields = fields[:1]
        if len(fields) > 2 or not fields[0]:
            raise ThesaurusError(
                f"{path}:{number}: expected 'child<TAB>parent' (or a root alone), got "
                f"{len(fields)} field(s): {chr(9).join(fields)!r}"
            )
        child = fields[0]
        if child in parent_of or child in declared:
            where = parent_of[child][1] if child in parent_of else declared[child]
            raise ThesaurusError(
                f"{path}:{number}: node {child!r} already has a parent line ({path}:{where}); "
                "a node has exactly one parent"
            )
        nodes.setdefault(child, number)
        if len(fields) == 1:
            declared[child] = number
            continue
        parent = fields[1]
        if parent == child:
            raise ThesaurusError(f"{path}:{number}: cycle: node {child!r} is its own parent")
        nodes.setdefault(parent, number)
        parent_of[child] = (parent, number)
    if not nodes:
        raise ThesaurusError(f"{path}: no edges (expected lines 'child<TAB>parent')")
    return raw, nodes, parent_of, declared


def _find_root(
    path: Path,
    nodes: dict[str, int],
    parent_of: dict[str, tuple[str, int]],
    declared: dict[str, int],
) -> str:
    """The one node without a parent line; several such nodes (orphans) or none is an error."""
    roots = [node for node in nodes if node not in parent_of]
    if len(roots) > 1:
        raise ThesaurusError(_orphan_message(path, roots, nodes, parent_of, declared))
    if not roots:
        start = next(iter(nodes))
        raise ThesaurusError(f"{path}: no root: {_cycle_message(path, start, parent_of)}")
    return roots[0]


def _orphan_message(
    path: Path,
    roots: list[str],
    nodes: dict[str, int],
    parent_of: dict[str, tuple[str, int]],
    declared: dict[str, int],
) -> str:
    """Several roots: take the declared one (a node alone on its line) as the root, else the
    one with the largest subtree (ties: first in the file), and name the first node cut off
    from it (by line), its parent without a parent line, and that line."""
    top: dict[str, str] = {}  # node -> the root above it
    for start in nodes:
        chain, node = [], start
        while node in parent_of and node not in top:
            if node in chain:  # a cycle is the worse error: name it
                return f"{path}: {_cycle_message(path, node, parent_of)}"
            chain.append(node)
            node = parent_of[node][0]
        root = top.get(node, node)
        for member in chain:
            top[member] = root
    sizes = {root: 0 for root in roots}
    for node in nodes:
        sizes[top.get(node, node)] += 1
    alone = [root for root in roots if root in declared]
    main = alone[0] if len(alone) == 1 else max(roots, key=lambda root: sizes[root])
    shown = ", ".join(repr(root) for root in roots[:4]) + (", ..." if len(roots) > 4 else "")
    summary = f"{len(roots)} roots ({shown}), expected one; attach every node but one to a parent"
    cut = [(line, child, parent) for child, (parent, line) in parent_of.items() if parent in sizes]
    cut = sorted(entry for entry in cut if entry[2] != main)
    if not cut:  # the other roots are declared alone, with no children
        other = next(root for root in roots if root != main)
        return f"{path}:{nodes[other]}: node {other!r} is a second root besides {main!r}; {summary}"
    line, child, parent = cut[0]
    return (
        f"{path}:{line}: node {child!r} has no path to the root {main!r}: its parent "
        f"{parent!r} has no parent line; {summary}"
    )


def _cycle_message(path: Path, start: str, parent_of: dict[str, tuple[str, int]]) -> str:
    """Follow parent lines from ``start`` until a node repeats; describe that cycle."""
    seen: list[str] = []
    node = start
    while node not in seen:
        seen.append(node)
        node = parent_of[node][0]
    cycle = seen[seen.index(node) :] + [node]
    line = parent_of[node][1]
    return f"cycle {' -> '.join(cycle)} ({path}:{line})"


def _check_reachable(
    path: Path, nodes: dict[str, int], parent_of: dict[str, tuple[str, int]], root: str
) -> None:
    """Every node's parent chain must end at ``root``; otherwise it runs into a cycle."""
    reaches = {root: True}
    for start in nodes:
        chain = []
        node = start
        while node not in reaches:
            if node in chain:
                raise ThesaurusError(f"{path}: {_cycle_message(path, node, parent_of)}")
            chain.append(node)
            node = parent_of[node][0]
        for member in chain:
            reaches[member] = True


def _read_words(
    path: Path, index: dict[str, int]
) -> tuple[bytes, list[str], list[int], dict[str, list[int]]]:
    raw, rows = _read_lines(path)
    sense_ids: list[str] = []
    sense_nodes: list[int] = []
    lines: dict[str, int] = {}
    words: dict[str, list[int]] = {}
    for number, fields in rows:
        if len(fields) != 3 or not all(fields):
            raise ThesaurusError(
                f"{path}:{number}: expected 'word<TAB>sense_id<TAB>node', got "
                f"{len(fields)} field(s): {chr(9).join(fields)!r}"
            )
        word, sense, node = fields
        if sense in lines:
            raise ThesaurusError(
                f"{path}:{number}: sense id {sense!r} already defined at {path}:{lines[sense]}"
            )
        if node not in index:
            raise ThesaurusError(
                f"{path}:{number}: word {word!r} points at unknown node {node!r} "
                "(not in the tree file)"
            )
        lines[sense] = number
        words.setdefault(normalize_word(word), []).append(len(sense_ids))
        sense_ids.append(sense)
        sense_nodes.append(index[node])
    return raw, sense_ids, sense_nodes, words


def load_file(path: str | Path) -> Thesaurus:
    """Read a file thesaurus ``<stem>.tsv`` + ``<stem>.words.tsv`` (format: module docstring).

    The result is named after the stem; its version is the first 12 hex digits of the SHA-256
    of the two files' bytes, so a model can tell when the thesaurus it was trained on changed.
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
    tree_raw, nodes, parent_of, declared = _read_edges(tree_path)
    root = _find_root(tree_path, nodes, parent_of, declared)
    _check_reachable(tree_path, nodes, parent_of, root)
    index = {node: i for i, node in enumerate(nodes)}
    parent = np.full(len(nodes), -1, dtype=np.int32)
    for child, (name, _) in parent_of.items():
        parent[index[child]] = index[name]
    words_raw, sense_ids, sense_nodes, words = _read_words(word_file, index)
    digest = hashlib.sha256(tree_raw + b"\0" + words_raw).hexdigest()
    stem = tree_path.name[: -len(_SUFFIX)]
    return Thesaurus(
        name=stem,
        version=digest[:12],
        node_names=list(nodes),
        parent=parent,
        sense_ids=sense_ids,
        sense_nodes=np.asarray(sense_nodes, dtype=np.int32),
        words=words,
    )
