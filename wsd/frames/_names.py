"""Build ``data/wsd/name_classes.tsv``: the class (person, location, group) of WordNet proper names.

Every capitalised WordNet 3.0 noun lemma gets the class its capitalised synsets vote for (the
one of ``person.n.01``, ``location.n.01``, ``group.n.01`` among their hypernyms; taxa vote for
nothing; ties: person, location, group); a lemma without votes is left out.  The last line,
``*``, gives unknown names person.  Regenerate with ``python -m wsd.frames._names
data/wsd/name_classes.tsv`` (needs WordNet 3.0 through NLTK: ``wsd data setup``).
"""

from __future__ import annotations

import sys
from collections import Counter
from collections.abc import Iterable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING

from thesaurus.utils.outputs import atomic_open

if TYPE_CHECKING:  # pragma: no cover
    from nltk.corpus.reader.wordnet import Synset, WordNetCorpusReader

__all__ = ["CLASSES", "CLASS_SENSES", "build_name_table", "name_class", "write_name_table"]

CLASSES = ("person", "location", "group")  # also the tie-break order
CLASS_SENSES = {cls: f"{cls}%1:03:00::" for cls in CLASSES}  # SemCor's pn= senses
DEFAULT_CLASS = "person"
_TAXA = "biological_group.n.01"


class _Classifier:
    """Which of :data:`CLASSES` a synset falls under (memoised over the hypernym DAG)."""

    def __init__(self, wn: WordNetCorpusReader) -> None:
        self.roots = {wn.synset(f"{cls}.n.01"): cls for cls in CLASSES}
        self.roots[wn.synset(_TAXA)] = _TAXA
        self.memo: dict[Synset, frozenset[str]] = {}

    def classes(self, synset: Synset) -> frozenset[str]:
        known = self.memo.get(synset)
        if known is not None:
            return known
        own = {self.roots[synset]} if synset in self.roots else set()
        for parent in synset.hypernyms() + synset.instance_hypernyms():
            own |= self.classes(parent)
        result = frozenset(own)
        self.memo[synset] = result
        return result

    def vote(self, synsets: Iterable[Synset]) -> str | None:
        votes: Counter[str] = Counter()
        for synset in synsets:
            found = self.classes(synset)
            if _TAXA in found:
                continue
            cls = next((c for c in CLASSES if c in found), None)
            if cls is not None:
                votes[cls] += 1
        if not votes:
            return None
        best = max(votes.values())
        return next(c for c in CLASSES if votes[c] == best)


def _capitalised(wn: WordNetCorpusReader) -> dict[str, list[Synset]]:
    """Lower-cased capitalised noun lemma -> its synsets (those where it is capitalised)."""
    found: dict[str, list[Synset]] = {}
    for synset in wn.all_synsets("n"):
        for lemma in synset.lemmas():
            name = lemma.name()
            if name[:1].isupper():
                synsets = found.setdefault(name.lower(), [])
                if synset not in synsets:
                    synsets.append(synset)
    return found


def name_class(wn: WordNetCorpusReader, name: str) -> str | None:
    """The class of one proper name by the table's rule (for checking the table)."""
    key = name.lower()
    synsets = [
        s
        for s in wn.synsets(key, "n")
        if any(lem.name()[:1].isupper() and lem.name().lower() == key for lem in s.lemmas())
    ]
    return _Classifier(wn).vote(synsets)


def build_name_table(wn: WordNetCorpusReader) -> list[tuple[str, str]]:
    """``(lower-cased name, class)`` for every classified capitalised WordNet noun lemma."""
    classifier = _Classifier(wn)
    rows = []
    for key, synsets in sorted(_capitalised(wn).items()):
        cls = classifier.vote(synsets)
        if cls is not None:
            rows.append((key, cls))
    return rows


def write_name_table(path: Path, rows: Sequence[tuple[str, str]]) -> None:
    counts = Counter(cls for _, cls in rows)
    summary = ", ".join(f"{counts[c]} {c}" for c in CLASSES)
    with atomic_open(path) as out:
        out.write(
            "# Classes of proper names for case-frame fillers (English, WordNet 3.0), generated\n"
            "# by `python -m wsd.frames._names data/wsd/name_classes.tsv`: do not edit by hand.\n"
            "# Rule and measured accuracy: wsd/frames/_names.py.  Format: wsd/frames/_classes.py.\n"
            f"# {len(rows)} names: {summary}; '*' = a capitalised name not listed.\n"
        )
        for key, cls in rows:
            out.write(f"{key}\t{cls}\t{CLASS_SENSES[cls]}\tname\n")
        out.write(f"*\t{DEFAULT_CLASS}\t{CLASS_SENSES[DEFAULT_CLASS]}\tname\n")


def main(argv: Sequence[str] | None = None) -> int:
    from thesaurus.wordnet.data import wordnet

    args = sys.argv[1:] if argv is None else list(argv)
    if len(args) != 1:
        print("usage: python -m wsd.frames._names OUT.tsv", file=sys.stderr)
        return 2
    rows = build_name_table(wordnet())
    write_name_table(Path(args[0]), rows)
    print(f"wrote {len(rows)} names to {args[0]}", file=sys.stderr)
    return 0


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
