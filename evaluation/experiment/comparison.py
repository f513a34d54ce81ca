"""Comparing any systems from their key files (``wsd compare``): the same measures and report
as a cross-validation (Table 1 at every alpha, per verb, intervals, paired significance with
Holm's adjustment, applicability and top-k curves where the files allow them), computed from
a gold key file and one key file per system.

Key files are plain or ranked (:mod:`evaluation.answers`): a ranked file (``key:score``)
gives top-k curves, one with ``confidence=`` an applicability curve.  The instances scored are
the gold instances every system's file answers (``instances = "common"``: a paired
comparison on identical instances) or every gold instance (``"gold"``: a missing line is an
abstention, as the official scorer counts it).  What is left out is counted: gold instances
a file does not answer, and lines for instances the gold does not have.  An instance's verb
is the word owning its first gold key in the verb thesaurus (:func:`~evaluation.measures.
key_lemma`); instances are ordered by verb, then as in the gold file.  With sense classes
(``classes``) every key is mapped to its class first and only exact match is scored.
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field, replace
from pathlib import Path

import numpy as np

from .._exceptions import EvaluationError
from ..answers import SystemAnswers, read_answers, several_keys_rule
from ..measures import dataset_of, key_lemma
from ..scoring import THESAURUS_HINT, to_classes, unknown_keys_warnings
from ..thesauri import Thesauri
from . import summary
from .config import EvaluationConfig
from .provenance import versions
from .results import (
    COMPARISON,
    Bounds,
    CorpusSummary,
    ExperimentResult,
    InstanceOutputs,
    InstanceResults,
    SystemInput,
    Timing,
)
from .uncertainty import warn

__all__ = ["INSTANCE_RULES", "ComparisonConfig", "SystemSpec", "compare_systems", "system_labels"]

INSTANCE_RULES = ("common", "gold")


@dataclass(frozen=True)
class SystemSpec:
    """A compared system: its ``label`` in reports and its key file's ``path``."""

    label: str
    path: str


@dataclass(frozen=True)
class ComparisonConfig:
    """What ``wsd compare`` compares and how (module docstring).  ``several_keys`` (``first``
    or ``all``) applies to every file; ``None`` lets each file choose (ranked: first; plain:
    all).  ``evaluation.top_k = 0`` means the longest ranking of the ranked files;
    ``evaluation.thesaurus`` is the verb thesaurus; the learning-curve fields are unused."""

    name: str = "comparison"
    seed: int = 0
    gold: str = ""
    systems: tuple[SystemSpec, ...] = ()
    instances: str = "common"
    several_keys: str | None = None
    classes: str | None = None
    evaluation: EvaluationConfig = field(default_factory=lambda: EvaluationConfig(top_k=0))
    source: str = "wsd compare"
    corpus: tuple[str, ...] = ()


def system_labels(paths: list[str]) -> list[str]:
    """Report labels of key files: their names without ``.key``/``.txt`` suffixes, or the
    paths themselves when two names coincide.

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


def _outputs(
    system: SystemAnswers,
    rule: str,
    ids: list[str],
    classes: Mapping[str, str] | None,
) -> InstanceOutputs:
    keys = {i: a.keys for i, a in system.answers.items()}
    if classes is not None:
        keys, _ = to_classes(keys, classes)
    confidence = None
    if system.has_confidence:
        confidence = np.array(
            [system.answers[i].confidence if i in system.answers else 0.0 for i in ids],
            dtype=float,
        )
    return InstanceOutputs(
        rankings=[tuple(keys.get(i, ())) for i in ids],
        confidence=confidence,
        fallbacks=[None] * len(ids),
        several_keys=rule,
        ranked=system.ranked and rule == "first",
    )


def compare_systems(
    config: ComparisonConfig, *, progress: Callable[[str, int, int], None] | None = None
) -> ExperimentResult:
    """Score every system's key file against the gold and compare them (module docstring).

    Bad settings and unreadable files raise an :class:`~evaluation.EvaluationError` (or the
    corpus layer's error) naming the file; warnings (several keys read as shares, keys unknown
    to the verb thesaurus) are issued as
    :class:`~evaluation.EvaluationWarning` and recorded in the result.  ``progress(step,
    done, total)`` hears of the key files read.
    """
    from wsd.corpus.keys import read_keys

    from ..agreement import read_class_table

    started = time.perf_counter()
    _check(config)
    ev = config.evaluation
    books = Thesauri(ev.thesauri)
    classes = read_class_table(config.classes) if config.classes else None
    gold_keys = read_keys(config.gold)
    if not gold_keys:
        raise EvaluationError(f"{config.gold}: no gold instance")
    notes: list[str] = []
    systems: list[SystemAnswers] = []
    rules: list[str] = []
    if progress is not None:
        progress("key files", 0, len(config.systems))
    for done, spec in enumerate(config.systems, 1):
        systems.append(read_answers(spec.path))
        rule, note = several_keys_rule(systems[-1], config.several_keys)
        rules.append(rule)
        warn(notes, note)
        if progress is not None:
            progress("key files", done, len(config.systems))
    loaded = time.perf_counter()

    answered_by_all = [i for i in gold_keys if all(i in s.answers for s in systems)]
    chosen = list(gold_keys) if config.instances == "gold" else answered_by_all
    if not chosen:
        raise EvaluationError(
            f"no instance of {config.gold} is answered by every key file "
            "(compare every gold instance, missing lines as abstentions: --instances gold)"
        )
    corpus = _corpus_instances(config.corpus)
    lemma_of = {i: _lemma(books, gold_keys[i][0], corpus.get(i)) for i in chosen}
    ids = sorted(chosen, key=lambda i: lemma_of[i])  # stable: gold-file order within a word
    gold = {i: gold_keys[i] for i in ids}
    if classes is not None:
        gold, _ = to_classes(gold, classes)
    labels = [s.label for s in config.systems]
    outputs = {
        spec.label: _outputs(system, rule, ids, classes)
        for spec, system, rule in zip(config.systems, systems, rules, strict=True)
    }
    gold_column = tuple(tuple(gold[i]) for i in ids)
    lemmas = tuple(lemma_of[i] for i in ids)
    if classes is None and not all(math.isinf(a) for a in ev.alphas):
        answers = [a for out in outputs.values() for a in out.answers()]
        for note in unknown_keys_warnings(gold_column, answers, books, hint=THESAURUS_HINT):
            warn(notes, note)
    datasets = tuple(corpus[i][0] if i in corpus else dataset_of(i) for i in ids)
    per = InstanceResults(
        ids=tuple(ids),
        lemmas=lemmas,
        gold=gold_column,
        folds=np.full(len(ids), -1, dtype=np.int64),
        outputs=outputs,
        credit=summary.credit_of(outputs, gold_column, lemmas, books, ev.alphas),
        groups={"dataset": datasets},
    )
    longest = max(
        (s.longest for s, rule in zip(systems, rules, strict=True) if s.ranked and rule == "first"),
        default=0,
    )
    resolved = replace(config, evaluation=replace(ev, top_k=ev.top_k or longest))
    table = summary.measure_table(per, labels, books, resolved.evaluation, config.seed)
    measured = time.perf_counter()
    return ExperimentResult(
        kind=COMPARISON,
        config=resolved,
        seed=config.seed,
        corpus=CorpusSummary(
            config.gold, len(ids), _left_out(config, gold_keys, systems, len(ids))
        ),
        **table,
        learning_curve={},
        bounds=Bounds(lower=(), upper=None),
        fallbacks={label: {} for label in labels},
        oracles={},
        sweep=(),
        systems=tuple(
            _system_input(spec, system, rule, gold_keys)
            for spec, system, rule in zip(config.systems, systems, rules, strict=True)
        ),
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


def _corpus_instances(paths: tuple[str, ...]) -> dict[str, tuple[str, str]]:
    """``{instance id: (dataset, lemma)}`` of the Raganato corpus files ``paths``: an
    instance's dataset is the name of the file it is in (``semeval2015.data.xml``:
    ``semeval2015``), its lemma the file's."""
    from wsd.corpus import read_raganato

    found: dict[str, tuple[str, str]] = {}
    for path in paths:
        dataset = Path(path).name.removesuffix(".xml").removesuffix(".data")
        for sentence in read_raganato(path):
            tokens = sentence.sentence.tokens
            for token, annotation in zip(tokens, sentence.annotations, strict=True):
                ident = annotation.attr("id")
                if ident is not None:
                    found[ident] = (dataset, annotation.lemma or token.lemma or token.form)
    return found


def _lemma(books: Thesauri, key: str, corpus: tuple[str, str] | None) -> str:
    """An instance's lemma: the corpus's, else the word owning its first gold key in the
    thesaurus of the key's part of speech (any resource's sense ids), else the key's prefix."""
    if corpus is not None:
        return corpus[1]
    return key_lemma(books.of_key(key))(key)


def _left_out(
    config: ComparisonConfig,
    gold: Mapping[str, object],
    systems: list[SystemAnswers],
    evaluated: int,
) -> dict[str, object]:
    """The comparison's counts: gold instances, the rule, how many were left out and, per
    system, how many gold instances its file does not answer."""
    return {
        "gold_instances": len(gold),
        "instances": config.instances,
        "evaluated": evaluated,
        "left_out": len(gold) - evaluated,
        "left_out_by_system": {
            spec.label: sum(1 for i in gold if i not in system.answers)
            for spec, system in zip(config.systems, systems, strict=True)
        },
        **({"classes": config.classes} if config.classes else {}),
    }


def _system_input(
    spec: SystemSpec, system: SystemAnswers, rule: str, gold: Mapping[str, object]
) -> SystemInput:
    return SystemInput(
        label=spec.label,
        path=spec.path,
        lines=len(system.answers),
        ranked=system.ranked,
        confidence=system.has_confidence,
        several_keys=rule,
        lines_with_several_keys=system.several,
        not_in_gold=sum(1 for i in system.answers if i not in gold),
        unanswered=sum(1 for i in gold if i not in system.answers),
    )
