"""Evaluating the case-frame extractor on its own against a hand-annotated gold file.

Gold file (``tests/data/frames/gold.tsv``, described in its README): one verb instance per
line, ``file<TAB>sentence<TAB>token<TAB>verb<TAB>cases``, ``cases`` being ``-`` or
space-separated ``label=index:lemma`` items (``subj=1:jury obj=7:charge``).
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path

from thesaurus.utils.text_input import quote, read_lines
from wsd._exceptions import CorpusFormatError
from wsd.types import AnnotatedSentence, CaseFrame, Sentence

__all__ = [
    "CaseScore",
    "FrameEvaluation",
    "GoldCase",
    "GoldFrame",
    "case_scores",
    "evaluate_frames",
    "read_gold",
]

_CASE = re.compile(r"^(?P<label>[^\s=]+)=(?P<index>\d+):(?P<lemma>\S+)$")
_OVERALL = "all"

Case = tuple[str, int, str]  # (label, head token index, head lemma)


@dataclass(frozen=True, slots=True)
class GoldCase:
    label: str
    position: int
    lemma: str


@dataclass(frozen=True, slots=True)
class GoldFrame:
    """One annotated verb instance of a gold file.

    Parameters
    ----------
    source : str
        The SemCor file name (``br-a01``).
    sentence : int
        The sentence number in that file.
    position : int
        The verb's token index in the sentence.
    verb : str
        The verb's lemma.
    cases : tuple of GoldCase
        The gold cases (label, head index, head lemma).
    line : int, default=0
        The line of the gold file the instance was read from.
    """

    source: str
    sentence: int
    position: int
    verb: str
    cases: tuple[GoldCase, ...]
    line: int = 0

    @property
    def sentence_id(self) -> str:
        return f"{self.source}.s{self.sentence}"

    @property
    def instance_id(self) -> str:
        return f"{self.sentence_id}.t{self.position}"


@dataclass(frozen=True, slots=True)
class CaseScore:
    """Counts and scores of one case label; ``None`` where a ratio is undefined (0/0).

    Parameters
    ----------
    label : str
        The case label (``subj``, ``prep:with``, ``prep``, ``all``).
    gold : int
        The gold cases with this label.
    predicted : int
        The predicted cases with this label.
    correct : int
        The predicted cases that match a gold case.
    """

    label: str
    gold: int
    predicted: int
    correct: int

    @property
    def precision(self) -> float | None:
        return self.correct / self.predicted if self.predicted else None

    @property
    def recall(self) -> float | None:
        return self.correct / self.gold if self.gold else None

    @property
    def f1(self) -> float | None:
        p, r = self.precision, self.recall
        if p is None or r is None:
            return None
        return 2 * p * r / (p + r) if p + r else 0.0

    def as_dict(self) -> dict[str, object]:
        return {
            "label": self.label,
            "gold": self.gold,
            "predicted": self.predicted,
            "correct": self.correct,
            "precision": self.precision,
            "recall": self.recall,
            "f1": self.f1,
        }


def _index(text: str) -> int | None:
    """A number written in ASCII digits (``"12"``), else None (``"²"``, ``"-1"``, ``""``)."""
    if not (text.isascii() and text.isdigit()):
        return None
    try:
        return int(text)
    except ValueError:  # more digits than Python converts
        return None


def read_gold(path: str | Path) -> list[GoldFrame]:
    """Parse a gold file (format in the module docstring).

    Parameters
    ----------
    path : str or Path
        The gold file.

    Returns
    -------
    list of GoldFrame
        Its instances in file order.

    Raises
    ------
    CorpusFormatError
        Naming the first malformed line.
    """
    path = Path(path)
    if not path.exists():
        raise CorpusFormatError(f"{path}: gold file not found")
    frames: list[GoldFrame] = []
    seen: dict[tuple[str, int, int], int] = {}
    for number, raw in read_lines(path, CorpusFormatError, "gold file"):
        if not raw.strip() or raw.lstrip().startswith("#"):
            continue
        where = f"{path}:{number}"
        fields = raw.split("\t")
        if len(fields) != 5:
            raise CorpusFormatError(
                f"{where}: expected 5 tab-separated fields (file, sentence, token, verb, cases), "
                f"got {len(fields)}"
            )
        source, snum, tnum, verb, cases_text = (f.strip() for f in fields)
        sentence, token = _index(snum), _index(tnum)
        if not source or not verb or sentence is None or token is None:
            reference = quote("/".join(fields[:4]))
            raise CorpusFormatError(f"{where}: bad instance reference {reference}")
        cases: list[GoldCase] = []
        if cases_text != "-":
            for item in cases_text.split():
                match = _CASE.match(item)
                position = _index(match["index"]) if match is not None else None
                if match is None or position is None:
                    raise CorpusFormatError(
                        f"{where}: bad case {quote(item)} (expected label=index:lemma)"
                    )
                cases.append(GoldCase(match["label"], position, match["lemma"]))
            if not cases:
                raise CorpusFormatError(f"{where}: empty cases field (write '-' for no case)")
        key = (source, sentence, token)
        if key in seen:
            raise CorpusFormatError(f"{where}: instance already annotated on line {seen[key]}")
        seen[key] = number
        frames.append(GoldFrame(source, sentence, token, verb, tuple(cases), number))
    if not frames:
        raise CorpusFormatError(f"{path}: no annotated instance")
    return frames


def _groups(label: str) -> tuple[str, ...]:
    """The rows a case counts in: its pooled label, its own label for prepositions, overall."""
    if label.startswith("prep:"):
        return ("prep", label, _OVERALL)
    return (label, _OVERALL)


def case_scores(
    gold: Sequence[Iterable[Case]],
    predicted: Sequence[Iterable[Case]],
    *,
    lenient: bool = False,
    min_count: int = 1,
) -> dict[str, CaseScore]:
    """Precision/recall/F1 per case label, ``prep`` pooled over prepositions, and ``all``.

    A predicted case is correct when an unused gold case of the same instance has the same
    label and head index (``lenient``: the same label and head lemma).  Undefined ratios are
    ``None``, never a silent 0.

    Parameters
    ----------
    gold : sequence of iterable of (str, int, str)
        The gold cases ``(label, head_index, head_lemma)`` of each instance.
    predicted : sequence of iterable of (str, int, str)
        The predicted cases of each instance, aligned with ``gold``.
    lenient : bool, default=False
        Match by label and head lemma instead of label and head index.
    min_count : int, default=1
        The gold cases a single preposition's row (``prep:with``) needs to be kept.

    Returns
    -------
    dict of str to CaseScore
        Label -> its scores, with ``prep`` and ``all``.

    Raises
    ------
    ValueError
        If ``gold`` and ``predicted`` differ in length.

    Examples
    --------
    >>> s = case_scores([[("subj", 0, "he"), ("obj", 2, "cake")]], [[("subj", 0, "he")]])
    >>> s["all"].precision, s["all"].recall, round(s["all"].f1, 3), s["obj"].precision
    (1.0, 0.5, 0.667, None)
    """
    if len(gold) != len(predicted):
        raise ValueError(f"{len(gold)} gold instances but {len(predicted)} predicted")
    n_gold, n_pred, n_correct = _case_counts(gold, predicted, lenient)
    labels = set(n_gold) | set(n_pred) | {_OVERALL}
    scores = {
        label: CaseScore(label, n_gold[label], n_pred[label], n_correct[label]) for label in labels
    }
    return {
        label: score
        for label, score in sorted(scores.items(), key=lambda item: _order(item[0]))
        if not label.startswith("prep:") or score.gold >= min_count
    }


def _case_counts(
    gold: Sequence[Iterable[Case]], predicted: Sequence[Iterable[Case]], lenient: bool
) -> tuple[Counter[str], Counter[str], Counter[str]]:
    """The gold, predicted and correct cases of each row of :func:`case_scores`."""
    n_gold: Counter[str] = Counter()
    n_pred: Counter[str] = Counter()
    n_correct: Counter[str] = Counter()
    for gold_cases, pred_cases in zip(gold, predicted, strict=True):
        remaining = Counter(_key(c, lenient) for c in gold_cases)
        for case in gold_cases:
            n_gold.update(_groups(case[0]))
        for case in pred_cases:
            n_pred.update(_groups(case[0]))
            key = _key(case, lenient)
            if remaining[key] > 0:
                remaining[key] -= 1
                n_correct.update(_groups(case[0]))
    return n_gold, n_pred, n_correct


def _key(case: Case, lenient: bool) -> tuple[str, int | str]:
    return (case[0], case[2] if lenient else case[1])


def _order(label: str) -> tuple[int, str]:
    fixed = {"subj": 0, "obj": 1, "iobj": 2, "prep": 3, _OVERALL: 9}
    if label in fixed:
        return (fixed[label], label)
    return (4 if label.startswith("prep:") else 5, label)


@dataclass(frozen=True, slots=True)
class FrameEvaluation:
    """Scores of an extractor on a gold file, and each instance's gold and predicted cases.

    Parameters
    ----------
    strict : dict of str to CaseScore
        Scores matching by label and head index.
    lenient : dict of str to CaseScore
        Scores matching by label and head lemma.
    instances : tuple of (GoldFrame, tuple of (str, int, str))
        Each gold instance and its predicted cases ``(label, head_index, head_lemma)``.
    """

    strict: dict[str, CaseScore]
    lenient: dict[str, CaseScore]
    instances: tuple[tuple[GoldFrame, tuple[Case, ...]], ...]

    def disagreements(self) -> list[tuple[GoldFrame, list[Case], list[Case]]]:
        """Per instance: gold cases missed and predicted cases not in the gold (strict)."""
        out = []
        for frame, predicted in self.instances:
            gold = Counter((c.label, c.position) for c in frame.cases)
            pred = Counter((c[0], c[1]) for c in predicted)
            missed = [
                (c.label, c.position, c.lemma)
                for c in frame.cases
                if gold[(c.label, c.position)] > pred[(c.label, c.position)]
            ]
            extra = [c for c in predicted if pred[(c[0], c[1])] > gold[(c[0], c[1])]]
            if missed or extra:
                out.append((frame, missed, extra))
        return out


def check_gold(
    frames: Sequence[GoldFrame], sentences: Mapping[str, AnnotatedSentence], path: str
) -> None:
    """Every gold reference must point at an existing token with the annotated verb lemma
    (the corpus's own lemma of the token)."""
    for frame in frames:
        where = f"{path}:{frame.line}"
        item = sentences.get(frame.sentence_id)
        if item is None:
            raise CorpusFormatError(
                f"{where}: no sentence {frame.sentence} in corpus file {frame.source!r}"
            )
        sentence = item.sentence
        n = len(sentence.tokens)
        if frame.position >= n:
            raise CorpusFormatError(
                f"{where}: token {frame.position} is outside sentence {frame.sentence_id} "
                f"({n} tokens)"
            )
        lemma = item.annotations[frame.position].lemma or sentence.tokens[frame.position].lemma
        if lemma != frame.verb:
            raise CorpusFormatError(
                f"{where}: verb {frame.verb!r} does not match token {frame.position} of "
                f"{frame.sentence_id} (lemma {lemma!r})"
            )
        for case in frame.cases:
            if case.position >= n or case.position == frame.position:
                raise CorpusFormatError(
                    f"{where}: case {case.label}={case.position} is not a token of "
                    f"{frame.sentence_id} other than the verb"
                )


def evaluate_frames(
    frames: Sequence[GoldFrame],
    sentences: Mapping[str, AnnotatedSentence],
    extract: Callable[[Sentence, int], CaseFrame],
    *,
    path: str = "<gold>",
    min_count: int = 5,
) -> FrameEvaluation:
    """Run ``extract`` on every gold instance and score it (strict and lenient).

    Parameters
    ----------
    frames : sequence of GoldFrame
        The gold instances.
    sentences : mapping of str to AnnotatedSentence
        Sentence id (``br-a01.s3``) -> the corpus sentence.
    extract : callable
        ``extract(sentence, position)`` -> the case frame of the verb at ``position``.
    path : str, default="<gold>"
        The gold file's name, for error messages.
    min_count : int, default=5
        The gold cases a single preposition's row needs to be kept.

    Returns
    -------
    FrameEvaluation
        Strict and lenient scores and each instance's cases.

    Raises
    ------
    CorpusFormatError
        Naming ``path:line`` when a gold instance points at no sentence, a token outside its
        sentence or a token whose lemma is not the annotated verb.
    """
    check_gold(frames, sentences, path)
    rows: list[tuple[GoldFrame, tuple[Case, ...]]] = []
    for frame in frames:
        predicted = extract(sentences[frame.sentence_id].sentence, frame.position)
        rows.append((frame, tuple((label, f.position, f.lemma) for label, f in predicted.cases)))
    gold = [[(c.label, c.position, c.lemma) for c in frame.cases] for frame, _ in rows]
    pred = [list(p) for _, p in rows]
    return FrameEvaluation(
        strict=case_scores(gold, pred, min_count=min_count),
        lenient=case_scores(gold, pred, lenient=True, min_count=min_count),
        instances=tuple(rows),
    )
