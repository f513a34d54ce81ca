"""The case frames of a corpus: every verb instance with its frame as a JSON record (``wsd
frames``), and the extractor scored against a hand-annotated gold file, as text or JSON
(``wsd frames --evaluate``)."""

from __future__ import annotations

import textwrap
from collections.abc import Callable, Iterator, Sequence
from dataclasses import asdict, dataclass, replace
from functools import partial
from pathlib import Path

from wsd._exceptions import CorpusFormatError
from wsd.corpus._load import load_corpus
from wsd.corpus.conllu import read_conllu
from wsd.corpus.semcor import read_semcor
from wsd.frames import (
    CaseScore,
    ClassTable,
    FrameEvaluation,
    GoldFrame,
    evaluate_frames,
    extract_frame,
    extract_tree_frame,
    has_tree,
    read_gold,
)
from wsd.types import AnnotatedSentence, Annotation, CaseFrame, Instance, Sentence

__all__ = [
    "LemmaMismatches",
    "corpus_frame_evaluation",
    "frame_record",
    "framed_instances",
    "lemma_mismatches",
    "report_json",
    "report_text",
]

_VERB_TAGS = ("VB", "VERB")


def framed_instances(
    root: Path, fmt: str, verb: str | None = None, classes: ClassTable | None = None
) -> Iterator[Instance]:
    """Every sense-tagged verb instance of a corpus with its case frame (what ``wsd frames``
    lists).

    Parameters
    ----------
    root : Path
        The corpus: SemCor (read lazily), ``*.data.xml``, JSONL (its own frames) or CoNLL-U
        (frames from the tree where a sentence has one).
    fmt : {"semcor", "raganato", "jsonl", "conllu"}
        Its format.
    verb : str, optional
        Only the instances of this verb lemma.
    classes : ClassTable, optional
        The class table of pronouns, titles and names (default: the shipped tables).

    Yields
    ------
    Instance
        With its ``frame``.
    """
    extract = partial(extract_frame, classes=classes)
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


def corpus_frame_evaluation(
    gold_path: str, root: Path, fmt: str, classes: ClassTable | None = None, *, min_count: int = 5
) -> FrameEvaluation:
    """The extractor scored on the gold frames of ``gold_path`` (``wsd frames --evaluate``).

    Parameters
    ----------
    gold_path : str
        The gold file (format: ``tests/data/frames/README.md``).
    root : Path
        The corpus holding the gold's sentences: SemCor (the tag files the gold names), a
        Raganato or JSONL export of it, or a CoNLL-U treebank (frames from its trees where a
        sentence has one).
    fmt : {"semcor", "raganato", "jsonl", "conllu"}
        The format of ``root``.
    classes : ClassTable, optional
        The class table of pronouns, titles and names (default: the shipped tables).
    min_count : int, default=5
        A single preposition gets its own row from this many gold cases on.

    Returns
    -------
    FrameEvaluation

    Raises
    ------
    CorpusFormatError
        A gold line naming a file or sentence the corpus lacks, or a corpus that cannot be read.
    """
    frames = read_gold(gold_path)
    if fmt == "conllu":  # a treebank of the gold's sentences: frames from its trees
        sentences, extract = _treebank(root, classes)
    else:
        sentences = _gold_sentences(frames, gold_path, root, fmt)
        extract = partial(extract_frame, classes=classes)
    return evaluate_frames(frames, sentences, extract, path=gold_path, min_count=min_count)


def _semcor_sentences(path: Path) -> Iterator[AnnotatedSentence]:
    yield from read_semcor(path)


def _gold_sentences(
    frames: Sequence[GoldFrame], gold_path: str, root: Path, fmt: str
) -> dict[str, AnnotatedSentence]:
    """The sentences the gold refers to: the SemCor files it names, or every sentence of a
    Raganato/JSONL export of SemCor."""
    if fmt != "semcor":
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
    items = {item.sentence.id: item for item in read_conllu(root)}

    def extract(sentence: Sentence, position: int) -> CaseFrame:
        item = items[sentence.id]
        if has_tree(item):
            return extract_tree_frame(item, position, classes=classes)
        return extract_frame(sentence, position, classes=classes)

    return items, extract


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
