"""``wsd frames``: show extracted case frames as JSONL, or score the extractor on a gold file.

wsd frames --corpus PATH --verb make --limit 5      (SemCor, *.data.xml, *.jsonl, *.conllu)
wsd frames --evaluate tests/data/frames/test2.tsv [--corpus PATH] [--json] [--errors]
"""

from __future__ import annotations

import argparse
import json
import sys
import textwrap
from collections.abc import Callable, Iterator, Sequence
from dataclasses import asdict, dataclass, replace
from functools import partial
from pathlib import Path
from typing import TextIO

from evaluation.cli._numbers import LIMIT, MIN_COUNT, number
from wsd import CorpusFormatError
from wsd.corpus import FORMATS
from wsd.frames import (
    CaseScore,
    ClassTable,
    FrameEvaluation,
    GoldFrame,
    evaluate_frames,
    extract_frame,
    extract_tree_frame,
    has_tree,
    load_class_table,
    read_gold,
)
from wsd.types import AnnotatedSentence, Annotation, CaseFrame, Instance, Sentence

__all__ = ["register", "run"]

_VERB_TAGS = ("VB", "VERB")


def register(subparsers: argparse._SubParsersAction) -> None:  # type: ignore[type-arg]
    parser = subparsers.add_parser(
        "frames",
        help="print verb case frames as JSONL, or evaluate the extractor on a gold file",
        description="Without --evaluate: one JSON line per verb instance with its case frame. "
        "With --evaluate GOLD: precision/recall/F1 per case label against a hand-annotated "
        "gold file (format: tests/data/frames/README.md), strict (label + head position) and "
        "lenient (label + head lemma).  Lenient can be below strict: a head at the right "
        "position may carry another lemma convention than the gold (names: SemCor's pn= class "
        "in the gold, a class by spelling here); the report counts these cases.",
    )
    parser.add_argument(
        "--corpus",
        metavar="PATH",
        help="SemCor directory or tag file, *.data.xml, *.jsonl or *.conllu (default: find SemCor)",
    )
    parser.add_argument(
        "--format",
        dest="input_format",
        default="auto",
        choices=FORMATS,
        help="corpus format (default: by file shape)",
    )
    parser.add_argument("--evaluate", metavar="GOLD", help="gold file to score the extractor on")
    parser.add_argument("--verb", metavar="LEMMA", help="only instances of this verb lemma")
    parser.add_argument(
        "--limit",
        type=number(LIMIT),
        default=10,
        metavar="N",
        help=f"instances to print, {LIMIT} (0: all)",
    )
    parser.add_argument(
        "--classes",
        metavar="TSV",
        action="append",
        help="class table of pronouns, titles and names, replacing the shipped pronoun "
        "and name tables (repeat to merge several; a later file wins)",
    )
    parser.add_argument("--json", action="store_true", help="evaluation report as JSON")
    parser.add_argument(
        "--errors", action="store_true", help="also list the instances the extractor gets wrong"
    )
    parser.add_argument(
        "--min-count",
        type=number(MIN_COUNT),
        default=5,
        metavar="N",
        help=f"report a single preposition when the gold has at least N of it, {MIN_COUNT} "
        "(default 5)",
    )
    parser.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    classes = load_class_table(*args.classes) if args.classes else None
    if args.evaluate:
        return _run_evaluate(args, classes)
    return _run_list(args, classes, sys.stdout)


# --- listing ------------------------------------------------------------------------------------
def _corpus_root(corpus: str | None) -> Path:
    from wsd.corpus import find_semcor  # lazy: the corpus layer is heavier than this command

    return Path(find_semcor(corpus))


def _format(root: Path, fmt: str) -> str:
    from wsd.corpus import detect_format

    return detect_format(root) if fmt == "auto" else fmt


def _semcor_sentences(path: Path) -> Iterator[AnnotatedSentence]:
    from wsd.corpus import read_semcor

    yield from read_semcor(path)


def _listed(
    root: Path,
    fmt: str,
    verb: str | None,
    extract: Callable[[Sentence, int], CaseFrame],
    classes: ClassTable | None = None,
) -> Iterator[Instance]:
    """Every sense-tagged verb instance, with its frame (a JSONL file's own); SemCor is read
    lazily."""
    from wsd.corpus import load_corpus

    if fmt == "semcor":
        for item in _semcor_sentences(root):
            sentence = item.sentence
            for index, note in enumerate(item.annotations):
                if note.lemma and note.senses and note.tag.startswith(_VERB_TAGS):
                    if verb is not None and note.lemma != verb:
                        continue
                    frame = extract(sentence, index)
                    yield Instance(
                        f"{sentence.id}.t{index}", note.lemma, note.senses, sentence, index, frame
                    )
        return
    verbs = [verb] if verb is not None else None
    if fmt == "conllu":  # frames from the tree where the file has one
        yield from load_corpus(
            root, fmt, verbs=verbs, require_gold=False, classes=classes
        ).instances
        return
    corpus = load_corpus(root, fmt, verbs=verbs, frames=False, require_gold=False)
    for instance in corpus.instances:
        if fmt == "jsonl":
            frame = instance.frame if instance.frame is not None else CaseFrame()
        else:
            frame = extract(instance.sentence, instance.position)
        yield replace(instance, frame=frame)


def _run_list(args: argparse.Namespace, classes: ClassTable | None, out: TextIO) -> int:
    root = _corpus_root(args.corpus)
    fmt = _format(root, args.input_format)
    extract = partial(extract_frame, classes=classes)
    printed = 0
    for instance in _listed(root, fmt, args.verb, extract, classes):
        out.write(json.dumps(frame_record(instance), ensure_ascii=False) + "\n")
        printed += 1
        if args.limit and printed >= args.limit:
            return 0
    if printed == 0 and args.verb:
        raise CorpusFormatError(f"{root}: no sense-tagged instance of verb {args.verb!r}")
    return 0


def frame_record(instance: Instance) -> dict[str, object]:
    """One JSONL record: instance id, verb, a text snippet with the verb in brackets, cases."""
    sentence, index = instance.sentence, instance.position
    frame = instance.frame if instance.frame is not None else CaseFrame()
    n = len(sentence.tokens)
    lo, hi = max(0, index - 15), min(n, index + 16)
    words = [t.form for t in sentence.tokens[lo:hi]]  # the snippet only: a record per verb
    words[index - lo] = f"[{words[index - lo]}]"
    text = ("... " if lo else "") + " ".join(words) + (" ..." if hi < n else "")
    return {
        "id": instance.id,
        "verb": instance.lemma,
        "senses": list(instance.gold),
        "passive": frame.passive,
        "marks": [list(mark) for mark in frame.marks],
        "text": text,
        "cases": [
            {
                "case": label,
                "lemma": filler.lemma,
                "class": filler.cls,
                "sense": filler.sense,
                "position": filler.position,
                "form": sentence.tokens[filler.position].form if filler.position >= 0 else None,
            }
            for label, filler in frame.cases
        ],
    }


# --- evaluation ---------------------------------------------------------------------------------
def _gold_sentences(
    frames: Sequence[GoldFrame], gold_path: str, root: Path, fmt: str
) -> dict[str, AnnotatedSentence]:
    """The sentences the gold refers to: the SemCor files it names, or every sentence of a
    Raganato/JSONL export of SemCor."""
    if fmt != "semcor":
        from wsd.corpus import load_corpus

        corpus = load_corpus(root, fmt, frames=False, require_gold=False)
        notes: dict[str, list[Annotation]] = {}
        sentences: dict[str, Sentence] = {}
        for i in corpus.instances:
            known = sentences.setdefault(i.sentence.id, i.sentence)
            if known.tokens != i.sentence.tokens:
                raise CorpusFormatError(
                    f"{root}: sentence {i.sentence.id!r} is given twice with different tokens "
                    f"({len(known.tokens)} and {len(i.sentence.tokens)}; instance {i.id!r})"
                )
            row = notes.setdefault(i.sentence.id, [Annotation()] * len(i.sentence.tokens))
            row[i.position] = Annotation(lemma=i.lemma)
        return {k: AnnotatedSentence(s, tuple(notes[k])) for k, s in sentences.items()}
    wanted = {frame.source: frame.line for frame in frames}
    files: dict[str, Path] = {}
    if root.is_file():
        files[root.name] = root
    else:
        for path in root.rglob("*"):
            if path.name in wanted and path.is_file():
                files.setdefault(path.name, path)
    found: dict[str, AnnotatedSentence] = {}
    for name, line in sorted(wanted.items(), key=lambda item: item[1]):
        if name not in files:
            raise CorpusFormatError(f"{gold_path}:{line}: SemCor file {name!r} not found in {root}")
        for item in _semcor_sentences(files[name]):
            found[item.sentence.id] = item
    return found


def _treebank(
    root: Path, classes: ClassTable | None
) -> tuple[dict[str, AnnotatedSentence], Callable[[Sentence, int], CaseFrame]]:
    """The sentences of a CoNLL-U file by id, and the extractor the loader uses on them (the
    tree's frame where the sentence has a tree, the rules' otherwise)."""
    from wsd.corpus import read_conllu

    items = {item.sentence.id: item for item in read_conllu(root)}

    def extract(sentence: Sentence, position: int) -> CaseFrame:
        item = items[sentence.id]
        if has_tree(item):
            return extract_tree_frame(item, position, classes=classes)
        return extract_frame(sentence, position, classes=classes)

    return items, extract


def _run_evaluate(args: argparse.Namespace, classes: ClassTable | None) -> int:
    gold_path = str(args.evaluate)
    frames = read_gold(gold_path)
    root = _corpus_root(args.corpus)
    fmt = _format(root, args.input_format)
    if fmt == "conllu":  # a treebank of the gold's sentences: frames from its trees
        sentences, extract = _treebank(root, classes)
    else:
        sentences = _gold_sentences(frames, gold_path, root, fmt)
        extract = partial(extract_frame, classes=classes)
    result = evaluate_frames(frames, sentences, extract, path=gold_path, min_count=args.min_count)
    if args.json:
        print(json.dumps(report_json(gold_path, result, errors=args.errors), indent=2))
    else:
        print(report_text(gold_path, result, errors=args.errors))
    return 0


@dataclass(frozen=True)
class LemmaMismatches:
    """Where strict and lenient disagree: heads at a gold head's position with another lemma
    (``position_only``, up to five ``examples``), heads with a gold lemma elsewhere."""

    position_only: int
    lemma_only: int
    examples: tuple[tuple[str, str], ...]

    def note(self) -> str:
        examples = ", ".join(f"{g}/{p}" for g, p in self.examples) or "none"
        return (
            "lenient matches the head's lemma instead of its position, so it is not a superset "
            f"of strict: {self.position_only} predicted heads sit at a gold head's position "
            f"with another lemma (gold/predicted: {examples}; the gold writes names as "
            "SemCor's pn= class, the extractor classes them by spelling, and lemmatisers "
            f"differ), {self.lemma_only} carry a gold lemma at another position"
        )


def lemma_mismatches(result: FrameEvaluation) -> LemmaMismatches:
    """Count the predicted heads that strict and lenient scoring judge differently."""
    position_only: list[tuple[str, str]] = []
    lemma_only = 0
    for frame, predicted in result.instances:
        at = {(c.label, c.position): c.lemma for c in frame.cases}
        lemmas = {(c.label, c.lemma) for c in frame.cases}
        for label, position, lemma in predicted:
            gold = at.get((label, position))
            if gold is not None and gold != lemma:
                position_only.append((gold, lemma))
            elif gold is None and (label, lemma) in lemmas:
                lemma_only += 1
    return LemmaMismatches(len(position_only), lemma_only, tuple(position_only[:5]))


def report_json(gold_path: str, result: FrameEvaluation, *, errors: bool) -> dict[str, object]:
    report: dict[str, object] = {
        "gold": gold_path,
        "instances": len(result.instances),
        "strict": {label: score.as_dict() for label, score in result.strict.items()},
        "lenient": {label: score.as_dict() for label, score in result.lenient.items()},
        "lemma_mismatches": asdict(lemma_mismatches(result)),
    }
    if errors:
        report["errors"] = [
            {
                "id": frame.instance_id,
                "verb": frame.verb,
                "line": frame.line,
                "missed": [list(case) for case in missed],
                "extra": [list(case) for case in extra],
            }
            for frame, missed, extra in result.disagreements()
        ]
    return report


def _fmt(value: float | None) -> str:
    return "    -" if value is None else f"{value:.3f}"


def _row(score: CaseScore) -> str:
    return f"{_fmt(score.precision)}  {_fmt(score.recall)}  {_fmt(score.f1)}"


def report_text(gold_path: str, result: FrameEvaluation, *, errors: bool) -> str:
    n_gold = result.strict["all"].gold
    lines = [
        f"case frames vs {gold_path}: {len(result.instances)} instances, {n_gold} gold cases",
        f"{'':14}{'':12}{'strict (label+index)':^21}   {'lenient (label+lemma)':^21}",
        f"{'label':14}{'gold':>5} {'pred':>5}  {'P':>5}  {'R':>5}  {'F1':>5}    "
        f"{'P':>5}  {'R':>5}  {'F1':>5}",
    ]
    for label, strict in result.strict.items():
        lenient = result.lenient[label]
        lines.append(
            f"{label:14}{strict.gold:5d} {strict.predicted:5d}  {_row(strict)}    {_row(lenient)}"
        )
    note = lemma_mismatches(result).note()
    lines += textwrap.wrap(note, 100, initial_indent="note: ", subsequent_indent="  ")
    if errors:
        lines.append("")
        for frame, missed, extra in result.disagreements():
            lines.append(
                f"{frame.instance_id} {frame.verb} (line {frame.line}): missed {_cases(missed)}; "
                f"extra {_cases(extra)}"
            )
    return "\n".join(lines)


def _cases(cases: Sequence[tuple[str, int, str]]) -> str:
    return " ".join(f"{label}={i}:{lemma}" for label, i, lemma in cases) or "-"
