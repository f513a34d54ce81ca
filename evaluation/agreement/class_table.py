"""Sense-class tables: a coarse sense inventory as a file, one ``sense_key<TAB>class_id`` line
per key after ``#`` header lines (written by ``wsd agreement --merge-to K --classes-out``,
read by ``wsd score --classes``).
"""

from __future__ import annotations

import os
from collections import Counter
from collections.abc import Callable, Mapping, Sequence

from evaluation._exceptions import AgreementError
from evaluation.words import Word, sense_word
from thesaurus.utils.outputs import atomic_open
from thesaurus.utils.text_input import quote, read_lines

__all__ = ["CLASS_TABLE_FORMAT", "read_class_table", "write_class_table"]

CLASS_TABLE_FORMAT = (
    "sense classes: one line per sense key, sense_key<TAB>class_id; the class id is the "
    "smallest sense key of the class; keys not listed are classes of their own"
)


def write_class_table(
    path: str | os.PathLike[str],
    classes_by_word: Mapping[Word, Sequence[frozenset[str]]],
    *,
    comment: str = "",
    word_of: Callable[[str], Word] = sense_word,
) -> dict[str, int]:
    """Write merged classes as a class table, atomically.

    Each class's id is its smallest key of the word; keys of another word than their
    class's (``word_of``) are left out, and a class left with no key is not written.

    Parameters
    ----------
    path : str or PathLike
        The file to write.
    classes_by_word : Mapping of Word to sequence of frozenset of str
        Each word's sense classes (:mod:`evaluation.words`).
    comment : str, default=""
        A line for the header, after :data:`CLASS_TABLE_FORMAT`.
    word_of : callable, default=sense_word
        ``key -> Word``.

    Returns
    -------
    dict of str to int
        ``{"keys", "classes", "other_lemma_left_out"}``: the counts written and left out.
    """
    counts = Counter({"keys": 0, "classes": 0, "other_lemma_left_out": 0})
    with atomic_open(path) as handle:
        handle.write(f"# {CLASS_TABLE_FORMAT}\n")
        if comment:
            handle.write(f"# {comment}\n")
        for word, classes in sorted(classes_by_word.items()):
            for group in classes:
                own = sorted(k for k in group if word_of(k) == word)
                counts["other_lemma_left_out"] += len(group) - len(own)
                if own:
                    counts["classes"] += 1
                    counts["keys"] += len(own)
                    handle.writelines(f"{key}\t{own[0]}\n" for key in own)
    return dict(counts)


def read_class_table(path: str | os.PathLike[str]) -> dict[str, str]:
    """Read a class table into ``{sense_key: class_id}``.

    Keys and class ids are normalised (lower case); ``#`` and blank lines are skipped.

    Parameters
    ----------
    path : str or PathLike
        The class table (``sense_key<TAB>class_id`` lines).

    Returns
    -------
    dict of str to str
        ``{sense_key: class_id}``.

    Raises
    ------
    AgreementError
        If the file cannot be read, or a line is not two tab-separated fields, a key or class
        id holds whitespace, a key is listed twice, or a class id is a key of another class;
        the message names the file and, for a bad line, its number.
    """
    from wsd.corpus.keys import normalise_key, writable

    table: dict[str, str] = {}
    line_of: dict[str, int] = {}
    for lineno, text in read_lines(path, AgreementError, "class table"):
        if not text.strip() or text.startswith("#"):
            continue
        fields = text.split("\t")
        if len(fields) != 2 or not all(f.strip() for f in fields):
            raise AgreementError(
                f"{path}:{lineno}: expected sense_key<TAB>class_id, got {quote(text)}"
            )
        key, class_id = (normalise_key(f.strip()) for f in fields)
        if not (writable(key) and writable(class_id)):  # no key file holds such a key
            raise AgreementError(
                f"{path}:{lineno}: sense key or class id with whitespace: {quote(text)}"
            )
        if key in table:
            raise AgreementError(
                f"{path}:{lineno}: sense key {quote(key)} listed twice (first at line "
                f"{line_of[key]})"
            )
        table[key] = class_id
        line_of[key] = lineno
    for key, class_id in table.items():
        if class_id in table and table[class_id] != class_id:
            raise AgreementError(
                f"{path}:{line_of[key]}: class id {quote(class_id)} is also a key of class "
                f"{quote(table[class_id])} (line {line_of[class_id]})"
            )
    return table
