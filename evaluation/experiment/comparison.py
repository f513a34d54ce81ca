"""Comparing systems from their key files (``wsd compare``): a cross-validation's measures and
report, from a gold key file and one key file per system (:mod:`evaluation.answers`; ranked
files give top-k curves, ``confidence=`` applicability curves).  The instances scored are
those every file answers (``instances = "common"``) or every gold instance (``"gold"``: a
missing line is an abstention); what is left out is counted.
"""

from __future__ import annotations

import math
import sys
import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, replace
from pathlib import Path
from typing import TYPE_CHECKING

import numpy as np

from evaluation._exceptions import EvaluationError
from evaluation.acceptability import dataset_of, key_lemma
from evaluation.agreement.class_table import read_class_table
from evaluation.answers import SystemAnswers, read_answers, several_keys_rule
from evaluation.experiment import summary
from evaluation.experiment.config import INSTANCE_RULES, ComparisonConfig, SystemSpec
from evaluation.experiment.provenance import versions
from evaluation.experiment.results import (
    ComparisonResult,
    CorpusSummary,
    InstanceOutputs,
    InstanceResults,
    SystemInput,
    Timing,
)
from evaluation.experiment.uncertainty import warn
from evaluation.thesauri import Thesauri, unknown_keys_warnings
from evaluation.unseen import key_file_unseen_groups, read_training_keys
from thesaurus.utils.text_input import quote

if TYPE_CHECKING:
    from wsd.types import Sentence

__all__ = ["compare_systems", "system_labels", "to_classes"]

Progress = Callable[[str, int, int], None]  # (step, done, total)
_SCORED = {"common": "instances compared", "gold": "gold instances"}  # by instances rule


@dataclass(frozen=True)
class _System:
    """A compared key file as read, with the several-keys rule chosen for it."""

    spec: SystemSpec
    file: SystemAnswers
    rule: str


def system_labels(paths: list[str]) -> list[str]:
    """Report labels of key files: their names without ``.key``/``.txt``, or their paths when
    two names coincide.

    >>> system_labels(["runs/ims.key", "runs/bert.gold.key.txt"])
    ['ims', 'bert.gold']
    >>> system_labels(["a/pred.key", "b/pred.key"])
    ['a/pred.key', 'b/pred.key']
    """
    names = []
    for path in paths:
        name = Path(path).name
        for suffix in (".txt", ".key"):
            name = name.removesuffix(suffix)
        names.append(name or path)
    return names if len(set(names)) == len(names) else list(paths)


def to_classes(
    keys: Mapping[str, Sequence[str]], classes: Mapping[str, str]
) -> tuple[dict[str, tuple[str, ...]], dict[str, int]]:
    """Each key replaced by its class (unlisted keys: themselves), repeats dropped, and how
    many keys were ``in_table`` / ``not_in_table``.

    >>> to_classes({"i1": ["a%1", "a%2"]}, {"a%1": "a%1", "a%2": "a%1"})
    ({'i1': ('a%1',)}, {'in_table': 2, 'not_in_table': 0})
    """
    found = sum(1 for senses in keys.values() for k in senses if k in classes)
    total = sum(len(senses) for senses in keys.values())
    mapped = {i: tuple(dict.fromkeys(classes.get(k, k) for k in ks)) for i, ks in keys.items()}
    return mapped, {"in_table": found, "not_in_table": total - found}


def compare_systems(
    config: ComparisonConfig, *, progress: Progress | None = None
) -> ComparisonResult:
    """Score systems' key files against the gold and compare them (``wsd compare``, ``score``).

    Parameters
    ----------
    config : ComparisonConfig
        The key files, the instances scored (``"common"`` or ``"gold"``) and how.
    progress : callable or None, default=None
        ``progress(step, done, total)`` as the key files are read.

    Returns
    -------
    ComparisonResult
        Warnings are issued (:class:`~evaluation.EvaluationWarning`) and recorded in it.

    Raises
    ------
    EvaluationError
        A bad setting, or a file that cannot be read (naming it and its line).
    """
    started = time.perf_counter()
    _check(config)
    books = Thesauri(config.evaluation.thesauri)
    notes: list[str] = []
    classes = read_class_table(config.classes) if config.classes else None
    gold, systems = _read_key_files(config, notes, progress)
    train = read_training_keys(config.train_keys) if config.train_keys else None
    loaded = time.perf_counter()
    per = _instance_results(config, gold, systems, classes, books, train)
    _unknown_keys(config, per, books, notes)
    longest = max((s.file.longest for s in systems if _ranked(s)), default=0)
    ev = replace(config.evaluation, top_k=config.evaluation.top_k or longest)
    labels = [s.spec.label for s in systems]
    table = summary.measure_table(per, labels, books, ev, config.seed)
    of = _SCORED[config.instances]
    for note in summary.undefined_precision_notes(table["verbs"], table["total"], labels, of):
        warn(notes, note)
    measured = time.perf_counter()
    n = len(per.ids)
    return ComparisonResult(
        config=replace(config, evaluation=ev),
        seed=config.seed,
        corpus=CorpusSummary(config.gold, n, _left_out(config, gold, systems, n, classes)),
        **table,
        systems=tuple(_system_input(system, gold) for system in systems),
        warnings=tuple(notes),
        timing=Timing(
            load_s=round(loaded - started, 3),
            cross_validation_s=0.0,
            measures_s=round(measured - loaded, 3),
            total_s=round(measured - started, 3),
            n_jobs=1,
            tasks=0,
            backend="none",
        ),
        versions=versions(books.loaded, ()),
        per_instance=per,
    )


def _check(config: ComparisonConfig) -> None:
    """Every setting that can be checked without reading a file."""
    if not config.systems:
        raise EvaluationError("nothing to compare: give at least one system key file")
    labels = [s.label for s in config.systems]
    twice = sorted({label for label in labels if labels.count(label) > 1})
    if twice:
        raise EvaluationError(f"system label {twice[0]!r} is given twice")
    if config.instances not in INSTANCE_RULES:
        raise EvaluationError(f"instances must be common or gold, got {config.instances!r}")
    ev = config.evaluation
    if config.classes is not None and not all(math.isinf(a) for a in ev.alphas):
        raise EvaluationError("with sense classes only exact match (alpha = inf) is scored")
    if ev.top_k < 0:
        raise EvaluationError(f"top_k must be >= 0 (0: the longest ranking), got {ev.top_k}")


def _read_key_files(
    config: ComparisonConfig, notes: list[str], progress: Progress | None
) -> tuple[dict[str, tuple[str, ...]], list[_System]]:
    """The gold keys and every system's key file with its several-keys rule."""
    from wsd.corpus.keys import read_keys

    gold = read_keys(config.gold)
    if not gold:
        raise EvaluationError(f"{config.gold}: no gold instance")
    systems = []
    if progress is not None:
        progress("key files", 0, len(config.systems))
    for done, spec in enumerate(config.systems, 1):
        answers = read_answers(spec.path)
        rule, note = several_keys_rule(answers, config.several_keys)
        warn(notes, note)
        systems.append(_System(spec, answers, rule))
        if progress is not None:
            progress("key files", done, len(config.systems))
    return gold, systems


def _ranked(system: _System) -> bool:
    """Whether a system's answers are rankings (its first key scored, the others ranked)."""
    return system.file.ranked and system.rule == "first"


def _instance_results(
    config: ComparisonConfig,
    gold_keys: Mapping[str, tuple[str, ...]],
    systems: list[_System],
    classes: Mapping[str, str] | None,
    books: Thesauri,
    train: Mapping[str, tuple[str, ...]] | None,
) -> InstanceResults:
    """The instances scored (ordered by lemma, then as in the gold file), with every system's
    outputs and graded credit, their datasets and, with the ``train`` keys, their unseen
    groups."""
    answered_by_all = [i for i in gold_keys if all(i in s.file.answers for s in systems)]
    chosen = list(gold_keys) if config.instances == "gold" else answered_by_all
    if not chosen:
        raise EvaluationError(
            f"no instance of {config.gold} is answered by every key file "
            "(compare every gold instance, missing lines as abstentions: --instances gold)"
        )
    corpus, contexts = _corpus_instances(config.corpus)
    lemma_of = {i: _lemma(books, gold_keys[i][0], corpus.get(i)) for i in chosen}
    ids = sorted(chosen, key=lambda i: lemma_of[i])  # stable: gold-file order within a word
    gold: Mapping[str, tuple[str, ...]] = gold_keys
    if classes is not None:
        gold, _ = to_classes({i: gold_keys[i] for i in ids}, classes)
    gold_column = tuple(tuple(gold[i]) for i in ids)
    lemmas = tuple(lemma_of[i] for i in ids)
    outputs = {s.spec.label: _outputs(s, ids, classes) for s in systems}
    groups = {"dataset": tuple(corpus[i][0] if i in corpus else dataset_of(i) for i in ids)}
    if train is not None:
        groups["unseen"] = key_file_unseen_groups([gold_keys[i] for i in ids], train, books)
    return InstanceResults(
        ids=tuple(ids),
        lemmas=lemmas,
        gold=gold_column,
        folds=np.full(len(ids), -1, dtype=np.int64),
        outputs=outputs,
        credit=summary.credit_of(outputs, gold_column, lemmas, books, config.evaluation.alphas),
        groups=groups,
        contexts={i: contexts[i] for i in ids if i in contexts},
    )


def _outputs(system: _System, ids: list[str], classes: Mapping[str, str] | None) -> InstanceOutputs:
    """A system's answers to ``ids`` (no line: an abstention), with their confidences."""
    answers = system.file.answers
    if classes is None:
        rankings = [answers[i].keys if i in answers else () for i in ids]
    else:
        keys, _ = to_classes({i: a.keys for i, a in answers.items()}, classes)
        rankings = [keys.get(i, ()) for i in ids]
    confidence = None
    if system.file.has_confidence:
        confidence = np.array(
            [answers[i].confidence if i in answers else 0.0 for i in ids], dtype=float
        )
    return InstanceOutputs(
        rankings=rankings,
        confidence=confidence,
        fallbacks=[None] * len(ids),
        several_keys=system.rule,
        ranked=_ranked(system),
    )


def _unknown_keys(
    config: ComparisonConfig, per: InstanceResults, books: Thesauri, notes: list[str]
) -> None:
    """Warn of keys the thesauri do not know (their graded credit became exact match)."""
    if config.classes or all(math.isinf(a) for a in config.evaluation.alphas):
        return
    answers = [a for out in per.outputs.values() for a in out.answers()]
    for note in unknown_keys_warnings(per.gold, answers, books):
        warn(notes, note)


def _corpus_instances(
    paths: tuple[str, ...],
) -> tuple[dict[str, tuple[str, str]], dict[str, tuple[Sentence, int]]]:
    """``{instance id: (dataset, lemma)}`` of Raganato corpus files (dataset: the file's stem)
    and ``{instance id: (sentence, token index)}``.  Files that share an instance or a dataset
    name (a file given twice) raise :class:`EvaluationError`: an instance's dataset would be
    whichever came last."""
    from wsd.corpus import read_raganato

    found: dict[str, tuple[str, str]] = {}
    contexts: dict[str, tuple[Sentence, int]] = {}
    file_of: dict[str, str] = {}  # of each dataset
    for path in paths:
        dataset = Path(path).name.removesuffix(".xml").removesuffix(".data")
        if dataset in file_of:
            raise EvaluationError(
                f"--corpus files {file_of[dataset]} and {path} are one dataset, "
                f"{quote(dataset)}: give each file once, each dataset in one file"
            )
        file_of[dataset] = path
        for sentence in read_raganato(path):
            tokens = sentence.sentence.tokens
            for position, (token, annotation) in enumerate(
                zip(tokens, sentence.annotations, strict=True)
            ):
                ident = annotation.attr("id")
                if ident is None:
                    continue
                if ident in found and found[ident][0] != dataset:
                    raise EvaluationError(
                        f"--corpus files {file_of[found[ident][0]]} and {path} both hold "
                        f"instance {quote(ident)}: each instance's dataset is the one file it "
                        "is in"
                    )
                found[ident] = (dataset, annotation.lemma or token.lemma or token.form)
                contexts[ident] = (sentence.sentence, position)
    return found, contexts


def _lemma(books: Thesauri, key: str, corpus: tuple[str, str] | None) -> str:
    """An instance's lemma: the corpus's, else its first gold key's (:func:`key_lemma`), one
    string object per lemma however many instances have it."""
    if corpus is not None:
        return sys.intern(corpus[1])
    return sys.intern(key_lemma(books.of_key(key))(key))


def _left_out(
    config: ComparisonConfig,
    gold: Mapping[str, Sequence[str]],
    systems: list[_System],
    evaluated: int,
    classes: Mapping[str, str] | None,
) -> dict[str, object]:
    """The comparison's counts of gold instances and of those left out, in all and by system,
    and with sense ``classes``, how many keys of each file the class table lists."""
    if classes is not None:
        in_table = {"gold": to_classes(gold, classes)[1]}
        for s in systems:
            answered = {i: a.keys for i, a in s.file.answers.items()}
            in_table[s.spec.label] = to_classes(answered, classes)[1]
    return {
        "gold_instances": len(gold),
        "instances": config.instances,
        "evaluated": evaluated,
        "left_out": len(gold) - evaluated,
        "left_out_by_system": {
            s.spec.label: sum(1 for i in gold if i not in s.file.answers) for s in systems
        },
        **({"classes": {"path": config.classes, **in_table}} if classes is not None else {}),
    }


def _system_input(system: _System, gold: Mapping[str, object]) -> SystemInput:
    file = system.file
    return SystemInput(
        label=system.spec.label,
        path=system.spec.path,
        lines=len(file.answers),
        ranked=file.ranked,
        confidence=file.has_confidence,
        several_keys=system.rule,
        lines_with_several_keys=file.several,
        not_in_gold=sum(1 for i in file.answers if i not in gold),
        unanswered=sum(1 for i in gold if i not in file.answers),
    )
