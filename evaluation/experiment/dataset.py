"""The instances an experiment evaluates: the configured corpus grouped per verb lemma and
filtered by the ``[corpus]`` settings."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from evaluation._exceptions import ConfigError
from evaluation.experiment.config import CorpusConfig, ExperimentConfig, check_value
from wsd.types import Instance

__all__ = ["Dataset", "load_dataset", "select_verbs"]


@dataclass(frozen=True)
class Dataset:
    """The instances to evaluate, per verb lemma (sorted), with the corpus's bookkeeping.

    Parameters
    ----------
    by_verb : dict of str to list of Instance
        Each verb's gold-annotated instances.
    source : str, default=""
        The corpus read.
    stats : dict of str to Any, default={}
        The loader's counts.
    """

    by_verb: dict[str, list[Instance]]
    source: str = ""
    stats: dict[str, Any] = field(default_factory=dict)

    @property
    def n_instances(self) -> int:
        return sum(len(v) for v in self.by_verb.values())


def select_verbs(
    config: ExperimentConfig,
    instances: Sequence[Instance],
    *,
    source: str = "",
    stats: dict[str, Any] | None = None,
) -> Dataset:
    """Group gold-annotated instances per verb and apply the config's verb list and filters.

    Instances without gold are left out; a verb is kept when it has at least
    ``corpus.min_instances`` instances and ``corpus.min_senses`` distinct first gold keys.

    Parameters
    ----------
    config : ExperimentConfig
        The ``[corpus]`` verb list and filters, and ``cv.folds``.
    instances : sequence of Instance
        The corpus's instances.
    source : str, default=""
        The corpus, as errors and :attr:`Dataset.source` name it.
    stats : dict of str to Any or None, default=None
        The loader's counts, copied into :attr:`Dataset.stats`.

    Returns
    -------
    Dataset
        The chosen verbs' instances, verbs sorted.

    Raises
    ------
    ConfigError
        If a listed verb is absent or fails a filter, no verb is left, or a verb has fewer
        instances than folds.
    """
    groups: dict[str, list[Instance]] = {}
    for instance in instances:
        if instance.gold:
            groups.setdefault(instance.lemma, []).append(instance)
    cfg, folds, where = config.corpus, config.cv.folds, config.source

    def check(condition: bool, path: str, value: Any, why: str) -> None:
        check_value(condition, where, path, value, why)

    if cfg.verbs:
        for verb in cfg.verbs:
            check(verb in groups, "corpus.verbs", verb, f"has no gold instances in {source}")
        candidates = list(cfg.verbs)
    else:
        candidates = sorted(groups)
    chosen = _passing_verbs(cfg, groups, sorted(candidates), where)
    if not chosen:
        raise ConfigError(f"{where}: no verb in {source} passes the [corpus] filters")
    for verb, found in chosen.items():
        check(
            len(found) >= folds, "cv.folds", folds, f"verb {verb!r} has only {len(found)} instances"
        )
    return Dataset(by_verb=chosen, source=source, stats=dict(stats or {}))


def _passing_verbs(
    cfg: CorpusConfig, groups: dict[str, list[Instance]], candidates: list[str], where: str
) -> dict[str, list[Instance]]:
    """The ``groups`` of the candidates with ``cfg.min_instances`` instances and
    ``cfg.min_senses`` distinct first gold keys; a verb that ``cfg.verbs`` lists and that has
    fewer is a ConfigError."""
    chosen: dict[str, list[Instance]] = {}
    for verb in candidates:
        found = groups[verb]
        observed = len({inst.gold[0] for inst in found})
        passes = len(found) >= cfg.min_instances and observed >= cfg.min_senses
        if cfg.verbs:
            limits = f"min_instances = {cfg.min_instances} / min_senses = {cfg.min_senses}"
            why = f"has {len(found)} instances and {observed} observed senses, below {limits}"
            check_value(passes, where, "corpus.verbs", verb, why)
        if passes:
            chosen[verb] = found
    return chosen


def load_dataset(
    config: ExperimentConfig,
    corpus_path: str | None = None,
    *,
    progress: Callable[[int, int], None] | None = None,
) -> Dataset:
    """Load the configured corpus and :func:`select_verbs`.

    Only gold-annotated instances (of the listed verbs, if any) are read, with the case
    frames and the widest context window a method needs.

    Parameters
    ----------
    config : ExperimentConfig
        The experiment's config.
    corpus_path : str or None, default=None
        Overrides ``corpus.path``.
    progress : callable or None, default=None
        Called as ``progress(done, total)`` while the corpus is read.

    Returns
    -------
    Dataset

    Raises
    ------
    ConfigError
        If no path is given for a format other than ``auto`` and ``semcor``, or as
        :func:`select_verbs`.
    """
    from wsd.corpus import DOCUMENT, find_semcor, load_corpus

    path = corpus_path or config.corpus.path or None
    root: str | Path
    if config.corpus.format in {"auto", "semcor"}:
        root = find_semcor(path)
    elif path is None:
        raise ConfigError(
            f"{config.source}: corpus.path is required for format {config.corpus.format!r}",
            key="corpus.path",
        )
    else:
        root = path
    needs = {spec.build().context_window for spec in config.methods}
    sentences = [n for n in needs if isinstance(n, int)]
    corpus = load_corpus(
        root,
        config.corpus.format,
        verbs=list(config.corpus.verbs) or None,
        frames=True,
        require_gold=True,
        context_window=DOCUMENT if DOCUMENT in needs else max(sentences, default=0),
        progress=progress,
    )
    stats = corpus.stats.as_dict()
    stats["skipped"] = dict(corpus.stats.skipped)
    return select_verbs(config, corpus.instances, source=str(corpus.source), stats=stats)
