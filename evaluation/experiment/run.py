"""Cross-validated comparison of disambiguators (Fujii et al.'s Table 1 and Figs. 4-6): the
corpus grouped per verb (:mod:`.dataset`), folds per verb shared by every method
(:mod:`.folds`), fresh clones fitted per (verb, fold) (:mod:`.jobs`), the measures
(:mod:`.summary`, :mod:`.pairwise`) and the bounds.  The result is identical for any
``n_jobs`` (timing and versions aside).
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable, Mapping
from typing import Any

import thesaurus
from evaluation._exceptions import AgreementError, ConfigError
from evaluation.agreement.upper_bound import UpperBound, agreement_upper_bound
from evaluation.experiment import summary
from evaluation.experiment.backend import parallel
from evaluation.experiment.config import THESAURUS_KEYS, ExperimentConfig, check_resources
from evaluation.experiment.dataset import Dataset, load_dataset
from evaluation.experiment.jobs import CrossValidation, cross_validate
from evaluation.experiment.mismatch import thesaurus_mismatch
from evaluation.experiment.provenance import versions
from evaluation.experiment.results import (
    Bounds,
    CorpusSummary,
    CrossValidationResult,
    InstanceResults,
    Timing,
)
from evaluation.experiment.uncertainty import warn
from evaluation.thesauri import Thesauri, unknown_keys_warnings
from evaluation.unseen import fold_unseen_groups
from wsd.methods import evidence_sources

__all__ = ["run_experiment"]

# run_experiment's progress callback: (step, done, total), steps "corpus files" and "folds"
Progress = Callable[[str, int, int], None]


def run_experiment(
    config: ExperimentConfig,
    dataset: Dataset | None = None,
    *,
    corpus_path: str | None = None,
    n_jobs: int | None = None,
    scheduler: str | None = None,
    progress: Progress | None = None,
) -> CrossValidationResult:
    """Run the configured cross-validation and compute every measure (``wsd evaluate``).

    Parameters
    ----------
    config : ExperimentConfig
        The methods, corpus, folds and evaluation (:func:`load_config`).
    dataset : Dataset or None, default=None
        The instances; ``None``: the configured corpus, or ``corpus_path``.
    corpus_path : str or None, default=None
        A corpus read instead of the configured one.
    n_jobs : int or None, default=None
        Worker processes, 1..256 or -1 (every core); ``None``: ``[cv] n_jobs``.
    scheduler : str or None, default=None
        A Dask scheduler address; ``None``: ``[cv] scheduler`` (none: joblib).
    progress : callable or None, default=None
        ``progress(step, done, total)`` as folds finish.

    Returns
    -------
    CrossValidationResult
        Warnings are issued (:class:`~evaluation.EvaluationWarning`) and recorded in it.

    Raises
    ------
    ConfigError
        A resource the config names is missing (checked before the corpus is read).
    EvaluationError
        A corpus or fold that cannot be evaluated.
    """
    started = time.perf_counter()
    check_resources(config)
    jobs = config.cv.n_jobs if n_jobs is None else n_jobs
    backend = "dask" if scheduler else config.cv.backend
    # connect first: an unreachable scheduler fails before the corpus is read
    with parallel(backend, jobs, scheduler or config.cv.scheduler or None) as runner:
        if dataset is None:
            dataset = load_dataset(config, corpus_path, progress=_step(progress, "corpus files"))
        loaded = time.perf_counter()
        methods = {spec.label: spec.build() for spec in config.methods}
        upper = _upper_bound(config, dataset)
        cv = cross_validate(
            config, dataset, methods, runner=runner, progress=_step(progress, "folds")
        )
    clock = (started, loaded, time.perf_counter())
    return _measured(config, dataset, methods, cv, upper, clock, jobs, backend)


def _measured(
    config: ExperimentConfig,
    dataset: Dataset,
    methods: Mapping[str, Any],
    cv: CrossValidation,
    upper: UpperBound | None,
    clock: tuple[float, float, float],
    jobs: int,
    backend: str,
) -> CrossValidationResult:
    """Every measure of a cross-validation's outputs; ``clock``: when it started, had read
    the corpus and had trained."""
    started, loaded, trained = clock
    books = Thesauri(config.evaluation.thesauri)
    notes = _warnings(config, methods, cv, books)
    per = _instance_results(config, cv, books)
    labels = [s.label for s in config.compared]
    table = summary.measure_table(per, labels, books, config.evaluation, config.seed)
    for note in summary.undefined_precision_notes(table["verbs"], table["total"], labels):
        warn(notes, note)
    learning_curve = summary.learning_curves(config, books, cv)
    sweep = summary.sweep_variants(config, books, per)
    measured = time.perf_counter()
    return CrossValidationResult(
        config=config,
        seed=config.seed,
        corpus=CorpusSummary(dataset.source, len(cv.instances), dataset.stats),
        **table,
        learning_curve=learning_curve,
        bounds=Bounds(
            lower=tuple(s.label for s in config.compared if s.method in {"mfs", "random"}),
            upper=upper,
        ),
        fallbacks=summary.fallback_counts(cv.outputs),
        oracles={label: m.oracle for label, m in methods.items() if m.oracle is not None},
        examples={label: evidence_sources(m) for label, m in methods.items()},
        sweep=sweep,
        warnings=tuple(notes),
        timing=Timing(
            load_s=round(loaded - started, 3),
            cross_validation_s=round(trained - loaded, 3),
            measures_s=round(measured - trained, 3),
            total_s=round(measured - started, 3),
            n_jobs=jobs,
            tasks=cv.tasks,
            backend=backend,
            methods={label: spent.rounded() for label, spent in cv.cost.items()},
        ),
        versions=versions(books.loaded, methods.values()),
        per_instance=per,
    )


def _step(progress: Progress | None, step: str) -> Callable[[int, int], None] | None:
    """``progress`` for one step: ``(done, total)``."""
    if progress is None:
        return None
    return lambda done, total: progress(step, done, total)


def _instance_results(
    config: ExperimentConfig, cv: CrossValidation, books: Thesauri
) -> InstanceResults:
    """The cross-validation's instances, outputs, every method's graded credit and each
    instance's unseen group against its fold's training part."""
    gold = tuple(inst.gold for inst in cv.instances)
    lemmas = tuple(inst.lemma for inst in cv.instances)
    return InstanceResults(
        ids=tuple(inst.id for inst in cv.instances),
        lemmas=lemmas,
        gold=gold,
        folds=cv.folds,
        outputs=cv.outputs,
        credit=summary.credit_of(cv.outputs, gold, lemmas, books, config.evaluation.alphas),
        fold_of=cv.fold_of,
        groups={"unseen": fold_unseen_groups(gold, lemmas, cv.folds)},
        contexts={inst.id: (inst.sentence, inst.position) for inst in cv.instances},
    )


def _warnings(
    config: ExperimentConfig, methods: Mapping[str, Any], cv: CrossValidation, books: Thesauri
) -> list[str]:
    """Warn of thesauri that do not fit the corpus and of unknown keys; the warnings issued."""
    notes: list[str] = []
    _mismatch_warnings(notes, config, methods, cv)
    if not all(math.isinf(a) for a in config.evaluation.alphas):
        gold = [inst.gold for inst in cv.instances]
        answers = [a for out in cv.outputs.values() for a in out.answers()]

        def hint(pos: str) -> str:
            key = THESAURUS_KEYS[pos]
            return f"set [evaluation] {key} in {config.source} to the keys' thesaurus"

        for note in unknown_keys_warnings(gold, answers, books, hint=hint):
            warn(notes, note)
    return notes


def _mismatch_warnings(
    notes: list[str], config: ExperimentConfig, methods: Mapping[str, Any], cv: CrossValidation
) -> None:
    """:func:`~.mismatch.thesaurus_mismatch` warnings, once per config table."""
    warned: set[str] = set()
    for spec in config.methods:
        table = spec.key.replace("sweep.", "methods.", 1)
        if table in warned:
            continue
        where = f"[{table}]" + (f" of {config.source}" if config.source else "")

        def fix(param: str, where: str = where) -> str:
            return f"set {param} in {where}"

        fallbacks = cv.outputs[spec.label].fallbacks
        message = thesaurus_mismatch(
            spec.label, methods[spec.label], cv.instances, fallbacks, fix=fix
        )
        if message is not None:
            warned.add(table)
            warn(notes, message)


def _upper_bound(config: ExperimentConfig, dataset: Dataset) -> UpperBound | None:
    """Agreement of the ``[bounds] agreement_keys`` files, or ``None`` without them."""
    if not config.bounds.agreement_keys:
        return None
    try:
        return agreement_upper_bound(
            config.bounds.agreement_keys,
            instances=[inst.id for group in dataset.by_verb.values() for inst in group],
            lemmas=list(dataset.by_verb),
            verb_thesaurus=thesaurus.load(config.evaluation.thesaurus),
            alphas=config.evaluation.alphas,
            instance_lemma={
                inst.id: verb for verb, group in dataset.by_verb.items() for inst in group
            },
        )
    except AgreementError as exc:
        raise ConfigError(
            f"{config.source}: bounds.agreement_keys: {exc}", key="bounds.agreement_keys"
        ) from exc
