"""An all-words benchmark shaped like Raganato et al.'s ALL, with any number of systems' key
files, for the compare benchmark and the closing notes' headline tables.

We hold neither ALL nor published systems' outputs, so both are synthesised:

- **gold**: sense-tagged tokens of SemCor (every part of speech, WordNet 3.0 keys), sampled
  to ALL's size and mix: 7,253 instances, 4,300 nouns, 1,652 verbs, 955 adjectives, 346
  adverbs, in five datasets of ALL's sizes (senseval2 2,282, senseval3 1,850, semeval2007
  455, semeval2013 1,644, semeval2015 1,022; semeval2013 holds nouns only, as in ALL);
  instance ids ``<dataset>.d000.s<sentence>.t<token>``;
- **systems**: system ``k`` answers an instance with its gold key with probability
  ``skill_k`` (spread evenly from 0.55 to 0.80), else with WordNet's first sense of the
  lemma with probability 0.6, else with another sense of the lemma; each abstains on 1 % of
  the instances.  Seeded: the same files on every run.

``python bench/allwords.py OUT --systems 20`` writes ``OUT/ALL.gold.key.txt``, the instances'
SemCor sentences as ``OUT/ALL.data.xml`` (each in a sentence of its own) and
``OUT/sys01.key`` ... (``WSD_SEMCOR`` or ``--corpus`` names SemCor).
"""

from __future__ import annotations

import argparse
import random
import sys
from collections.abc import Iterator
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))

import thesaurus  # noqa: E402

DATASETS = {
    "senseval2": 2282,
    "senseval3": 1850,
    "semeval2007": 455,
    "semeval2013": 1644,
    "semeval2015": 1022,
}
POS_COUNTS = {"noun": 4300, "verb": 1652, "adj": 955, "adv": 346}
UNIVERSAL = {"noun": "NOUN", "verb": "VERB", "adj": "ADJ", "adv": "ADV"}
Token = tuple[str, str, str, tuple[str, ...], int]
NOUNS_ONLY = "semeval2013"


def tagged_tokens(corpus: Path, files: int | None = None) -> Iterator[Token]:
    """``(lemma, part of speech, first sense key, sentence forms, token index)`` of every
    SemCor token with a usable key its WordNet thesaurus knows (of the first ``files`` tag
    files only, if given)."""
    from wsd.corpus import read_semcor, semcor_files

    books = {pos: thesaurus.load(spec) for pos, spec in thesaurus.WORDNET_SPECS.items()}
    paths = semcor_files(corpus)[:files] if files is not None else [corpus]
    sentences = (sentence for path in paths for sentence in read_semcor(path))
    for sentence in sentences:
        forms = tuple(token.form for token in sentence.sentence.tokens)
        for position, annotation in enumerate(sentence.annotations):
            if not annotation.senses:
                continue
            key = annotation.senses[0]
            pos = thesaurus.sense_key_pos(key)
            if pos is not None and books[pos].has_sense(key):
                yield key.split("%", 1)[0], pos, key, forms, position


def build(
    corpus: Path, out: Path, n_systems: int, seed: int = 0, files: int | None = None
) -> tuple[Path, list[Path]]:
    """Write the gold key file and ``n_systems`` system key files into ``out`` (the gold
    drawn from the first ``files`` SemCor tag files, by default from all)."""
    chance = random.Random(seed)
    pools: dict[str, list[Token]] = {pos: [] for pos in POS_COUNTS}
    for token in tagged_tokens(corpus, files):
        pools[token[1]].append(token)
    chosen = {pos: chance.sample(pools[pos], count) for pos, count in POS_COUNTS.items()}
    # semeval2013 first takes nouns only; the other datasets share the rest, shuffled
    instances: list[tuple[str, Token]] = []
    nouns = chosen["noun"]
    instances += [(NOUNS_ONLY, token) for token in nouns[: DATASETS[NOUNS_ONLY]]]
    rest = nouns[DATASETS[NOUNS_ONLY] :] + chosen["verb"] + chosen["adj"] + chosen["adv"]
    chance.shuffle(rest)
    start = 0
    for name, size in DATASETS.items():
        if name != NOUNS_ONLY:
            instances += [(name, token) for token in rest[start : start + size]]
            start += size
    books = {pos: thesaurus.load(spec) for pos, spec in thesaurus.WORDNET_SPECS.items()}
    rows = []
    for number, (dataset, (lemma, pos, key, _, _)) in enumerate(instances):
        ident = f"{dataset}.d000.s{number // 20:03d}.t{number % 20:03d}"
        rows.append((ident, lemma, pos, key, books[pos].senses(lemma)))
    out.mkdir(parents=True, exist_ok=True)
    gold = out / "ALL.gold.key.txt"
    gold.write_text("".join(f"{i} {key}\n" for i, _, _, key, _ in rows), encoding="utf-8")
    _write_corpus(
        out / "ALL.data.xml",
        [(row[0], token) for row, (_, token) in zip(rows, instances, strict=True)],
    )
    systems = []
    for k in range(n_systems):
        skill = 0.55 + 0.25 * k / max(1, n_systems - 1)
        lines = []
        for ident, _, _, key, senses in rows:
            if chance.random() < 0.01:
                continue  # an abstention: no line
            if chance.random() < skill:
                answer = key
            elif chance.random() < 0.6 or len(senses) < 2:
                answer = senses[0]
            else:
                answer = chance.choice([s for s in senses if s != key] or [key])
            lines.append(f"{ident} {answer}\n")
        path = out / f"sys{k + 1:02d}.key"
        path.write_text("".join(lines), encoding="utf-8")
        systems.append(path)
    return gold, systems


def _write_corpus(path: Path, instances: list[tuple[str, Token]]) -> None:
    """A Raganato corpus of the instances, each in its SemCor sentence (a sentence of its own,
    so a sentence drawn twice is written twice)."""
    from xml.sax.saxutils import escape, quoteattr

    lines = ['<?xml version="1.0" encoding="UTF-8" ?>', '<corpus lang="en" source="allwords">']
    lines.append('<text id="d000">')
    for number, (ident, (lemma, pos, _, forms, position)) in enumerate(instances):
        lines.append(f'<sentence id="x{number:05d}">')
        for index, form in enumerate(forms):
            if index == position:
                tag = UNIVERSAL[pos]
                attrs = f"id={quoteattr(ident)} lemma={quoteattr(lemma)} pos={quoteattr(tag)}"
                lines.append(f"<instance {attrs}>{escape(form)}</instance>")
            else:
                lines.append(f"<wf>{escape(form)}</wf>")
        lines.append("</sentence>")
    lines += ["</text>", "</corpus>", ""]
    path.write_text("\n".join(lines), encoding="utf-8")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("out", type=Path)
    parser.add_argument("--systems", type=int, default=20)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--corpus", type=Path, help="SemCor (default: $WSD_SEMCOR)")
    args = parser.parse_args()
    from wsd.corpus import find_semcor

    gold, systems = build(find_semcor(args.corpus), args.out, args.systems, args.seed)
    print(f"wrote {gold} and {len(systems)} system key files to {args.out}")


if __name__ == "__main__":
    main()
