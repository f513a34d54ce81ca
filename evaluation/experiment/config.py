"""Experiment configs: a cross-validation's, read from TOML (schema: ``docs/experiments.md``) and
validated before any work starts, and a comparison's (:class:`ComparisonConfig`, made by
``wsd compare`` from its options).

Errors are :class:`~evaluation.ConfigError`, naming the key path (``methods.example.beta``)
and the value: :func:`parse_config` / :func:`load_config` check every key without loading
anything, :func:`check_resources` loads the thesauri, and
:func:`evaluation.experiment.dataset.select_verbs` checks what needs the corpus.
"""

from __future__ import annotations

import itertools
import math
import os
import re
import tomllib
import unicodedata
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any, NoReturn

import numpy as np

import thesaurus
from evaluation._exceptions import ConfigError, EvaluationError
from evaluation.acceptability import ALPHA, ALPHA_DEFAULTS, format_alpha
from evaluation.experiment.backend import BACKENDS
from evaluation.thesauri import ThesaurusSpecs
from thesaurus import WORDNET_SPECS, ToolkitError
from thesaurus.utils.outputs import to_json
from thesaurus.utils.text_input import quote, read_lines
from wsd.corpus import FORMATS
from wsd.methods import (
    COUNT_LIMIT,
    METHODS,
    SEED,
    Range,
    canonical_param,
    make_method,
    param_key,
    parse_number,
)

__all__ = [
    "BASELINES",
    "BoundsConfig",
    "ComparisonConfig",
    "ConfigError",
    "CorpusConfig",
    "CVConfig",
    "EvaluationConfig",
    "ExperimentConfig",
    "INSTANCE_RULES",
    "MethodSpec",
    "RANGES",
    "SystemSpec",
    "check_resources",
    "check_scheduler",
    "load_config",
    "parse_config",
]

# protocol://host:port[/path], the host a name, an IPv4 or a bracketed IPv6 address
_SCHEDULER = re.compile(r"([a-z][a-z0-9+.-]*://)?(\[[0-9a-fA-F:.]+\]|[^\s/:\[\]]+)(:\d+)?(/\S*)?")

BASELINES = ("mfs", "random")
MAX_ALPHAS = 1000  # alphas of a list or a {start, stop, num} range: each is a column
MAX_CURVE_POINTS = 100  # learning-curve fractions: each refits every curve method per fold
MAX_VARIANTS = 1000  # method variants of a [sweep] grid: each is cross-validated

# The range of every numeric key, as docs/experiments.md ("Ranges") lists them.
RANGES: dict[str, Range] = {
    "seed": SEED,
    "corpus.min_instances": Range(int, 0, COUNT_LIMIT),
    "corpus.min_senses": Range(int, 1, 1000),
    "cv.folds": Range(int, 2, 1000),
    "cv.n_jobs": Range(int, 1, 256, extra=(-1,)),
    "evaluation.alphas[i]": ALPHA,
    "evaluation.alphas.start": replace(ALPHA, inf=False),
    "evaluation.alphas.stop": replace(ALPHA, inf=False),
    "evaluation.alphas.num": Range(int, 2, MAX_ALPHAS),
    "evaluation.top_k": Range(int, 1, 1000),
    "evaluation.learning_curve[i]": Range(float, 0, 1, low_open=True),
    "evaluation.applicability_alpha": ALPHA,
    "evaluation.bootstrap": Range(int, 0, COUNT_LIMIT),
    "evaluation.confidence": Range(float, 0, 1, low_open=True, high_open=True),
}


def _freeze(value: Any) -> Any:
    """Parameters as hashable tuples (lists -> tuples, tables -> sorted pairs)."""
    if isinstance(value, Mapping):
        return ("__table__", tuple(sorted((k, _freeze(v)) for k, v in value.items())))
    if isinstance(value, list):
        return tuple(_freeze(v) for v in value)
    return value


def _thaw(value: Any) -> Any:
    if isinstance(value, tuple) and len(value) == 2 and value[0] == "__table__":
        return {k: _thaw(v) for k, v in value[1]}
    if isinstance(value, tuple):
        return [_thaw(v) for v in value]
    return value


def _freeze_back(params: tuple[tuple[str, Any], ...]) -> dict[str, Any]:
    return {name: _thaw(value) for name, value in params}


@dataclass(frozen=True)
class CorpusConfig:
    """``[corpus]``: the corpus read (:func:`~evaluation.experiment.load_dataset`).

    Parameters
    ----------
    path : str, default=""
        The corpus; ``""``: SemCor found by ``find_semcor`` (env ``WSD_SEMCOR``, then the
        shared folder).  Required for formats other than ``auto`` and ``semcor``.
    format : {"auto", "semcor", "raganato", "jsonl", "conllu"}, default="auto"
        The corpus format.
    verbs : tuple of str, default=()
        The verbs to evaluate; ``()``: every verb passing the filters.
    min_instances : int, default=0
        The fewest gold instances a verb needs, in [0, 1000000].
    min_senses : int, default=1
        The fewest distinct first gold keys a verb needs, in [1, 1000].
    """

    path: str = ""  # "" = find_semcor (env WSD_SEMCOR, then the shared folder)
    format: str = "auto"
    verbs: tuple[str, ...] = ()  # () = every verb passing the filters
    min_instances: int = 0
    min_senses: int = 1


@dataclass(frozen=True)
class CVConfig:
    """``[cv]``: how the cross-validation runs.

    Parameters
    ----------
    folds : int, default=10
        The folds per verb, in [2, 1000]; every verb needs at least as many instances.
    stratified : bool, default=True
        Stratify the folds by sense (:func:`~evaluation.cross_validation.make_folds`).
    n_jobs : int, default=1
        Parallel jobs, in [1, 256] or -1 (every core).
    backend : {"loky", "dask"}, default="loky"
        Where the jobs run: local processes or a Dask cluster.
    scheduler : str, default=""
        The Dask scheduler's address (needs ``backend = "dask"``); ``""``: Dask's
        configuration or a local cluster.
    """

    folds: int = 10
    stratified: bool = True
    n_jobs: int = 1
    backend: str = "loky"  # where the jobs run: "loky" (local processes) or "dask"
    scheduler: str = ""  # the Dask scheduler's address ("" = Dask's configuration or local)


@dataclass(frozen=True)
class EvaluationConfig:
    """``[evaluation]``: how the outputs are scored (the ranges: :data:`RANGES`).

    Parameters
    ----------
    thesaurus : str, default="wordnet-verb"
        The ``thesaurus.load`` spec grading verbs and keys without a WordNet part of speech.
    alphas : tuple of float, default=(0.5, 1, 2, inf)
        The exponents, each in (0, 1e6] or inf; inf (exact match) is always scored.
    top_k : int, default=5
        Top-k curves for k = 1..top_k, in [1, 1000] (a comparison: 0 is the longest ranking).
    learning_curve : tuple of float, default=()
        Training fractions in (0, 1] of the learning curves (none: no curve).
    learning_curve_methods : tuple of str, default=()
        The method labels with learning curves (a config's default: example and bayes).
    applicability_alpha : float, default=0.5
        The alpha of the applicability curves, in (0, 1e6] or inf.
    bootstrap : int, default=2000
        Resamples of the intervals, in [0, 1000000] (0: no intervals).
    confidence : float, default=0.95
        The intervals' level, in (0, 1).
    noun_thesaurus, adj_thesaurus, adv_thesaurus : str, default=WordNet's
        The specs of the other parts of speech (``"none"``: exact match).
    """

    thesaurus: str = "wordnet-verb"
    alphas: tuple[float, ...] = field(
        default=ALPHA_DEFAULTS, metadata={"json": lambda alphas: list(map(format_alpha, alphas))}
    )
    top_k: int = 5
    learning_curve: tuple[float, ...] = ()
    learning_curve_methods: tuple[str, ...] = ()
    applicability_alpha: float = field(default=0.5, metadata={"json": format_alpha})
    bootstrap: int = 2000
    confidence: float = 0.95
    noun_thesaurus: str = WORDNET_SPECS["noun"]
    adj_thesaurus: str = WORDNET_SPECS["adj"]
    adv_thesaurus: str = WORDNET_SPECS["adv"]

    @property
    def thesauri(self) -> ThesaurusSpecs:
        """The thesaurus spec of each part of speech."""
        return ThesaurusSpecs(
            noun=self.noun_thesaurus,
            verb=self.thesaurus,
            adj=self.adj_thesaurus,
            adv=self.adv_thesaurus,
        )


@dataclass(frozen=True)
class BoundsConfig:
    """``[bounds]``: the data of the agreement upper bound.

    Parameters
    ----------
    agreement_keys : tuple of str, default=()
        Two key files annotating the evaluated instances; ``()``: no upper bound.
    """

    agreement_keys: tuple[str, ...] = ()  # two key files of the evaluated instances, or none


@dataclass(frozen=True)
class MethodSpec:
    """One evaluated method of an experiment.

    Parameters
    ----------
    label : str
        The method's label in reports.
    method : str
        Its registry name (``wsd.methods``).
    params : tuple of (str, Any) pairs, default=()
        Its parameters by the method's names, sorted, lists and tables frozen into tuples.
    role : {"method", "bound", "sweep"}, default="method"
        A configured method, a lower bound added by default, or a ``[sweep]`` variant.
    key : str, default=""
        The config key it comes from, for error messages (not compared, not in JSON).
    """

    label: str
    method: str
    params: tuple[tuple[str, Any], ...] = field(default=(), metadata={"json": _freeze_back})
    role: str = "method"
    key: str = field(default="", compare=False, metadata={"json": False})

    @property
    def param_dict(self) -> dict[str, Any]:
        """The parameters as ``make_method`` takes them (tables as dicts, lists as lists)."""
        return _freeze_back(self.params)

    def build(self) -> Any:
        """A fresh, unfitted disambiguator."""
        return make_method(self.method, **self.param_dict)


@dataclass(frozen=True)
class ExperimentConfig:
    """A validated experiment config (:func:`load_config`, :func:`parse_config`).

    Every default is filled in and the ``[sweep]`` grid expanded into method variants;
    ``to_json()`` is the resolved config (alphas as labels).

    Parameters
    ----------
    name : str
        The experiment's name.
    seed : int, default=0
        The seed of folds and bootstrap, in [0, 2**32 - 1].
    source : str, default=""
        What errors name as the config (its file).
    corpus : CorpusConfig, default=CorpusConfig()
        ``[corpus]``.
    cv : CVConfig, default=CVConfig()
        ``[cv]``.
    evaluation : EvaluationConfig, default=EvaluationConfig()
        ``[evaluation]``.
    methods : tuple of MethodSpec, default=()
        The methods, the lower bounds and the sweep variants.
    bounds : BoundsConfig, default=BoundsConfig()
        ``[bounds]``.
    """

    name: str
    seed: int = 0
    source: str = ""
    corpus: CorpusConfig = field(default_factory=CorpusConfig)
    cv: CVConfig = field(default_factory=CVConfig)
    evaluation: EvaluationConfig = field(default_factory=EvaluationConfig)
    methods: tuple[MethodSpec, ...] = ()
    bounds: BoundsConfig = field(default_factory=BoundsConfig)

    @property
    def compared(self) -> tuple[MethodSpec, ...]:
        """Methods and bounds (the Table 1 columns), without sweep variants."""
        return tuple(m for m in self.methods if m.role != "sweep")

    def method(self, label: str) -> MethodSpec:
        for spec in self.methods:
            if spec.label == label:
                return spec
        raise KeyError(label)

    def to_json(self) -> dict[str, Any]:
        """The full config after defaults and grid expansion as JSON data."""
        document: dict[str, Any] = to_json(self)
        return document


INSTANCE_RULES = ("common", "gold")  # a comparison's instances: answered by every file, or all


@dataclass(frozen=True)
class SystemSpec:
    """A compared system of :class:`ComparisonConfig`.

    Parameters
    ----------
    label : str
        Its label in reports.
    path : str
        Its key file.
    """

    label: str
    path: str


@dataclass(frozen=True)
class ComparisonConfig:
    """What :func:`~evaluation.experiment.compare_systems` compares.

    Parameters
    ----------
    name : str, default="comparison"
        The report's name.
    seed : int, default=0
        The bootstrap's seed, in [0, 2**32 - 1].
    gold : str, default=""
        The gold key file.
    systems : tuple of SystemSpec, default=()
        The systems' labels and key files (plain or ranked), at least one.
    instances : {"common", "gold"}, default="common"
        Score the gold instances every file answers, or every gold instance (a missing
        line is an abstention).
    several_keys : {"first", "all"} or None, default=None
        Lines with several keys: score the first, or each as a share; ``None``: first in a
        ranked file, all in a plain one.
    classes : str or None, default=None
        A sense class table (``wsd agreement --classes-out``); exact match on classes only.
    evaluation : EvaluationConfig, default=EvaluationConfig(top_k=0)
        How the answers are scored; ``top_k = 0`` is the longest ranking.
    source : str, default="wsd compare"
        What errors and reports name as the comparison's origin.
    corpus : tuple of str, default=()
        Raganato ``*.data.xml`` files of the gold instances: datasets, lemmas, sentences.
    train_keys : tuple of str, default=()
        Key files of the systems' training data: the unseen breakdown (none: not available).
    """

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
    train_keys: tuple[str, ...] = ()


# --- reading -----------------------------------------------------------------------------


def load_config(path: str | os.PathLike[str]) -> ExperimentConfig:
    """Read and validate a TOML experiment config (``docs/experiments.md`` lists its keys).

    Parameters
    ----------
    path : str or PathLike
        The ``.toml`` file.

    Returns
    -------
    ExperimentConfig

    Raises
    ------
    ConfigError
        Unreadable TOML (naming ``file:line``), an unknown key, or a value out of its range
        (naming the key, e.g. ``evaluation.alphas[1] = 0``).
    """
    lines = [line for _, line in read_lines(path, ConfigError, "config")]
    try:
        raw = tomllib.loads("".join(line + "\n" for line in lines))
    except tomllib.TOMLDecodeError as exc:
        raise ConfigError(_toml_error(path, str(exc), len(lines))) from None
    except RecursionError:
        raise ConfigError(f"{path}: not valid TOML (nested too deeply)") from None
    except ValueError:  # an integer of more digits than Python converts
        raise ConfigError(f"{path}: not valid TOML (a number with too many digits)") from None
    return parse_config(raw, source=str(path), default_name=Path(path).stem)


def _toml_error(path: str | os.PathLike[str], message: str, lines: int) -> str:
    """``file:line: not valid TOML (reason, column C)`` from tomllib's message."""
    found = re.fullmatch(r"(?s)(.*) \(at line (\d+), column (\d+)\)", message)
    if found is not None:
        reason, line, column = found.groups()
        return f"{path}:{line}: not valid TOML ({reason}, column {column})"
    if message.endswith(" (at end of document)"):
        reason = message.removesuffix(" (at end of document)")
        return f"{path}:{max(lines, 1)}: not valid TOML ({reason}, at the end of the file)"
    return f"{path}: not valid TOML ({message})"


def parse_config(
    raw: Mapping[str, Any], *, source: str = "<config>", default_name: str = "experiment"
) -> ExperimentConfig:
    """Validate a config mapping (as :func:`tomllib.load` returns it).

    Parameters
    ----------
    raw : mapping
        The config's tables.
    source : str, default="<config>"
        What errors name as the config.
    default_name : str, default="experiment"
        The experiment's name when the mapping gives none.

    Returns
    -------
    ExperimentConfig

    Raises
    ------
    ConfigError
        An unknown key or a value out of its range, naming the key.
    """
    reader = _Reader(source)
    _check_strings(reader, raw, "")
    top = reader.table(
        raw, "", {"name", "seed", "corpus", "cv", "evaluation", "methods", "sweep", "bounds"}
    )
    name = reader.get(top, "name", str, default_name)
    if not name or "/" in name or name.startswith("."):
        reader.fail("name", name, "must be a plain non-empty name (used as a folder)")
    seed = reader.number(top, "seed", 0)  # scikit-learn's random_state takes 32 bits

    corpus = _corpus(reader, top.get("corpus", {}))
    cv = _cv(reader, top.get("cv", {}))
    methods = _methods(reader, top.get("methods", {}))
    evaluation = _evaluation(reader, top.get("evaluation", {}), methods)
    methods = tuple(_bound_thesaurus(spec, evaluation.thesaurus) for spec in methods)
    methods += _sweep(reader, top.get("sweep", {}), methods)
    bounds = reader.table(top.get("bounds", {}), "bounds", {"agreement_keys"})
    keys = reader.get(bounds, "agreement_keys", list, [], key="bounds")
    for index, item in enumerate(keys):
        if not isinstance(item, str) or not item:
            reader.fail(f"bounds.agreement_keys[{index}]", item, "must be a key-file path")
    if keys and len(keys) != 2:
        reader.fail("bounds.agreement_keys", keys, "needs exactly two key files")
    return ExperimentConfig(
        name=name,
        seed=seed,
        corpus=corpus,
        cv=cv,
        evaluation=evaluation,
        methods=methods,
        bounds=BoundsConfig(agreement_keys=tuple(keys)),
        source=source,
    )


def _check_strings(reader: _Reader, value: Any, path: str) -> None:
    """Refuse a control character (tab aside) in a key or string of the config."""
    if isinstance(value, Mapping):
        for key, item in value.items():
            where = f"{path}.{key}" if path else str(key)
            if _has_control(str(key)):
                reader.fail(where, key, "a key holds a control character")
            _check_strings(reader, item, where)
    elif isinstance(value, list):
        for index, item in enumerate(value):
            _check_strings(reader, item, f"{path}[{index}]")
    elif isinstance(value, str) and _has_control(value):
        reader.fail(path, value, "holds a control character")


def _has_control(text: str) -> bool:
    return any(unicodedata.category(c) == "Cc" and c != "\t" for c in text)


class _Reader:
    """Typed access to TOML tables with errors naming the key path."""

    def __init__(self, source: str) -> None:
        self.source = source

    def fail(self, path: str, value: Any, why: str) -> NoReturn:
        raise ConfigError(f"{self.source}: {_where(path)} = {_show(value)}: {_cut(why)}", key=path)

    def table(self, value: Any, path: str, allowed: set[str]) -> dict[str, Any]:
        if not isinstance(value, Mapping):
            self.fail(path or "<top>", value, "must be a table")
        unknown = sorted(set(value) - allowed)
        if unknown:
            where = f"{path}.{unknown[0]}" if path else unknown[0]
            allowed_here = ", ".join(sorted(allowed))
            raise ConfigError(
                f"{self.source}: unknown key {quote(where)} (allowed here: {allowed_here})",
                key=where,
            )
        return dict(value)

    def get(
        self, table: Mapping[str, Any], name: str, kind: type, default: Any, *, key: str = ""
    ) -> Any:
        path = f"{key}.{name}" if key else name
        if name not in table:
            return default
        value = table[name]
        if kind is float and isinstance(value, int) and not isinstance(value, bool):
            value = float(value)
        if kind is not bool and isinstance(value, bool) or not isinstance(value, kind):
            self.fail(path, value, f"must be {_KIND_NAMES[kind]}")
        return value

    def number(self, table: Mapping[str, Any], name: str, default: Any, *, key: str = "") -> Any:
        """``table[name]`` (``default`` when absent) within the key's range (:data:`RANGES`)."""
        path = f"{key}.{name}" if key else name
        if name not in table:
            return default
        return self.within(table[name], path, RANGES[path])

    def within(self, value: Any, path: str, within: Range) -> Any:
        """``value`` if it is within ``within`` (an int as ``int``, a number as ``float``)."""
        why = within.problem(value)
        if why is not None:
            self.fail(path, value, why)
        if value in within.extra:
            return value
        return int(value) if within.kind is int else float(value)

    def alpha(self, value: Any, path: str, within: Range = ALPHA) -> float:
        """An alpha: a number, or its text (``"inf"``: exact match, where ``within`` has it)."""
        if isinstance(value, str):
            try:
                value = parse_number(value, within)
            except ValueError as exc:
                hint = " (write inf for exact match)" if within.inf and _overflows(value) else ""
                self.fail(path, value, f"{exc}{hint}")
        return float(self.within(value, path, within))


def _overflows(text: str) -> bool:
    """Whether ``text`` is a number too large for a float (``1e400``), not meaning inf."""
    try:
        return math.isinf(float(text)) and any(c.isdigit() for c in text)
    except ValueError:
        return False


_KIND_NAMES = {
    str: "a string",
    int: "an integer",
    float: "a number",
    bool: "true or false",
    list: "a list",
    dict: "a table",
}


def _show(value: Any) -> str:
    """A value for a one-line message, cut to a bounded length."""
    if isinstance(value, str):
        return quote(value)
    if isinstance(value, bool):
        return "true" if value else "false"
    return _cut(str(value), 60)


def _where(path: str) -> str:
    """A key path as a message shows it: as written, or quoted and cut when long or odd."""
    return path if len(path) <= 80 and not _has_control(path) else quote(path, 80)


def _cut(text: str, limit: int = 300) -> str:
    """``text`` on one line, cut after ``limit`` characters."""
    text = " ".join(text.split()) if _has_control(text) else text
    return text if len(text) <= limit else f"{text[:limit]}... ({len(text)} characters)"


def _corpus(reader: _Reader, raw: Any) -> CorpusConfig:
    table = reader.table(raw, "corpus", {"path", "format", "verbs", "min_instances", "min_senses"})
    verbs = reader.get(table, "verbs", list, [], key="corpus")
    for index, verb in enumerate(verbs):
        if not isinstance(verb, str) or not verb:
            reader.fail(f"corpus.verbs[{index}]", verb, "must be a verb lemma")
    if len(set(verbs)) != len(verbs):
        reader.fail("corpus.verbs", verbs, "lists a verb twice")
    min_instances = reader.number(table, "min_instances", 0, key="corpus")
    min_senses = reader.number(table, "min_senses", 1, key="corpus")
    fmt = reader.get(table, "format", str, "auto", key="corpus")
    if fmt not in FORMATS:  # else found only once the corpus is read, after the resources
        reader.fail("corpus.format", fmt, f"must be one of {', '.join(FORMATS)}")
    return CorpusConfig(
        path=reader.get(table, "path", str, "", key="corpus"),
        format=fmt,
        verbs=tuple(verbs),
        min_instances=min_instances,
        min_senses=min_senses,
    )


def _cv(reader: _Reader, raw: Any) -> CVConfig:
    table = reader.table(raw, "cv", {"folds", "stratified", "n_jobs", "backend", "scheduler"})
    folds = reader.number(table, "folds", 10, key="cv")
    n_jobs = reader.number(table, "n_jobs", 1, key="cv")
    backend = reader.get(table, "backend", str, "loky", key="cv")
    if backend not in BACKENDS:
        reader.fail("cv.backend", backend, f"must be one of {', '.join(map(repr, BACKENDS))}")
    scheduler = reader.get(table, "scheduler", str, "", key="cv")
    if scheduler:
        check_scheduler(scheduler, lambda why: reader.fail("cv.scheduler", scheduler, why))
        if backend != "dask":
            reader.fail("cv.scheduler", scheduler, 'needs backend = "dask"')
    return CVConfig(
        folds=folds,
        stratified=reader.get(table, "stratified", bool, True, key="cv"),
        n_jobs=n_jobs,
        backend=backend,
        scheduler=scheduler,
    )


def check_scheduler(address: str, fail: Callable[[str], Any]) -> None:
    """Call ``fail(why)`` unless ``address`` reads like a Dask scheduler address
    (``tcp://host:port``, another protocol, or ``host:port``)."""
    if not _SCHEDULER.fullmatch(address):
        fail("must be a Dask scheduler address such as 'tcp://host:8786'")


def _alphas(reader: _Reader, raw: Any) -> tuple[float, ...]:
    """A list of alphas, or a range table ``{start, stop, num, scale}`` (``inf`` always added)."""
    path = "evaluation.alphas"
    if isinstance(raw, list):
        if not raw or len(raw) > MAX_ALPHAS:
            reader.fail(path, raw, f"must list 1 to {MAX_ALPHAS} alphas")
        alphas = [reader.alpha(value, f"{path}[{i}]") for i, value in enumerate(raw)]
    elif isinstance(raw, Mapping):
        table = reader.table(raw, path, {"start", "stop", "num", "scale"})
        for required in ("start", "stop", "num"):
            if required not in table:
                raise ConfigError(
                    f"{reader.source}: {path}.{required} is missing", key=f"{path}.{required}"
                )
        for part in ("start", "stop"):
            if reader.alpha(table[part], f"{path}.{part}") == math.inf:
                reader.fail(f"{path}.{part}", table[part], "must be finite (inf is always added)")
        start, stop = (
            reader.alpha(table[part], f"{path}.{part}", RANGES[f"{path}.{part}"])
            for part in ("start", "stop")
        )
        num = reader.number(table, "num", 0, key=path)
        scale = reader.get(table, "scale", str, "log", key=path)
        if scale == "log":
            grid = np.geomspace(start, stop, num)
        elif scale == "linear":
            grid = np.linspace(start, stop, num)
        else:
            reader.fail(f"{path}.scale", scale, 'must be "log" or "linear"')
        alphas = [float(f"{a:.6g}") for a in grid] + [math.inf]
    else:
        reader.fail(path, raw, "must be a list or a {start, stop, num, scale} table")
    if len(set(alphas)) != len(alphas):
        reader.fail(path, raw, "lists an alpha twice")
    return tuple(sorted(alphas))


# The [evaluation] key naming the thesaurus of each part of speech ("none": exact match).
THESAURUS_KEYS = {
    "verb": "thesaurus",
    "noun": "noun_thesaurus",
    "adj": "adj_thesaurus",
    "adv": "adv_thesaurus",
}


def _evaluation(reader: _Reader, raw: Any, methods: tuple[MethodSpec, ...]) -> EvaluationConfig:
    path = "evaluation"
    allowed = {"alphas", "top_k", "learning_curve", "learning_curve_methods", "bootstrap"}
    allowed |= {"applicability_alpha", "confidence", *THESAURUS_KEYS.values()}
    table = reader.table(raw, path, allowed)
    alphas = _alphas(reader, table["alphas"]) if "alphas" in table else ALPHA_DEFAULTS
    top_k = reader.number(table, "top_k", 5, key=path)
    fractions = reader.get(table, "learning_curve", list, [], key=path)
    if len(fractions) > MAX_CURVE_POINTS:
        why = f"must list at most {MAX_CURVE_POINTS} fractions"
        reader.fail(f"{path}.learning_curve", fractions, why)
    fraction_range = RANGES["evaluation.learning_curve[i]"]
    for index, fraction in enumerate(fractions):
        reader.within(fraction, f"{path}.learning_curve[{index}]", fraction_range)
    labels = {m.label for m in methods}
    default_curve_methods = [m for m in ("example", "bayes") if m in labels]
    curve_methods = reader.get(
        table, "learning_curve_methods", list, default_curve_methods, key=path
    )
    for index, label in enumerate(curve_methods):
        if not isinstance(label, str) or label not in labels:  # [[]] is no label (nor hashable)
            why = f"is not a configured method ({', '.join(sorted(labels))})"
            reader.fail(f"{path}.learning_curve_methods[{index}]", label, why)
    applicability = reader.alpha(
        table.get("applicability_alpha", 0.5), f"{path}.applicability_alpha"
    )
    bootstrap = reader.number(table, "bootstrap", 2000, key=path)
    confidence = reader.number(table, "confidence", 0.95, key=path)
    thesauri = {
        pos: reader.get(table, key, str, WORDNET_SPECS[pos], key=path)
        for pos, key in THESAURUS_KEYS.items()
    }
    return EvaluationConfig(
        thesaurus=thesauri["verb"],
        noun_thesaurus=thesauri["noun"],
        adj_thesaurus=thesauri["adj"],
        adv_thesaurus=thesauri["adv"],
        alphas=alphas,
        top_k=top_k,
        learning_curve=tuple(sorted(float(f) for f in fractions)),
        learning_curve_methods=tuple(curve_methods),
        applicability_alpha=applicability,
        bootstrap=bootstrap,
        confidence=confidence,
    )


def _parameters(reader: _Reader, path: str, table: Mapping[str, Any]) -> dict[str, Any]:
    """A method table's parameters by the method's names (``lambda`` is ``confidence_lambda``)."""
    params: dict[str, Any] = {}
    for key, value in table.items():
        name = canonical_param(key)
        if name in params:
            reader.fail(f"{path}.{key}", value, f"sets {param_key(name)!r} a second time")
        params[name] = value
    return params


def _method_error(
    reader: _Reader, path: str, params: Mapping[str, Any], exc: Exception
) -> NoReturn:
    """The :class:`ConfigError` of a method's error: at the parameter it names, if any."""
    param = getattr(exc, "param", None)
    if param is not None and param in params:
        reader.fail(f"{path}.{param_key(param)}", params[param], str(exc))
    raise ConfigError(f"{reader.source}: {_where(path)}: {_cut(str(exc))}", key=path) from exc


def _check_method(reader: _Reader, path: str, method: str, params: dict[str, Any]) -> None:
    """Construct the method (loading nothing) so that bad parameters fail now, naming the key."""
    try:
        make_method(method, **params)
    except (ToolkitError, TypeError, ValueError) as exc:
        _method_error(reader, path, params, exc)


def _methods(reader: _Reader, raw: Any) -> tuple[MethodSpec, ...]:
    if not isinstance(raw, Mapping):
        reader.fail("methods", raw, "must be a table of [methods.<label>] tables")
    specs: list[MethodSpec] = []
    for label, body in raw.items():
        path = f"methods.{label}"
        if not isinstance(body, Mapping):
            reader.fail(path, body, "must be a table")
        if "." in label:
            reader.fail(path, label, "a method label cannot contain '.'")
        method = body.get("method", label)
        if not isinstance(method, str) or method not in METHODS:
            reader.fail(
                f"{path}.method" if "method" in body else path,
                method,
                f"unknown method (choose from {', '.join(METHODS)})",
            )
        params = _parameters(reader, path, {k: v for k, v in body.items() if k != "method"})
        _check_method(reader, path, method, params)
        frozen = tuple(sorted((k, _freeze(v)) for k, v in params.items()))
        specs.append(MethodSpec(label=label, method=method, params=frozen, key=path))
    if not specs:
        raise ConfigError(
            f"{reader.source}: no [methods.<name>] table: nothing to evaluate", key="methods"
        )
    present = {s.method for s in specs}
    for name in BASELINES:
        if name not in present:
            specs.append(MethodSpec(label=name, method=name, role="bound", key=f"methods.{name}"))
    return tuple(specs)


def _bound_thesaurus(spec: MethodSpec, verb_thesaurus: str) -> MethodSpec:
    """A lower bound the config does not list takes the evaluation's verb thesaurus."""
    default = METHODS[spec.method]().verb_thesaurus
    if spec.role != "bound" or verb_thesaurus == default:
        return spec
    return replace(spec, params=(("verb_thesaurus", verb_thesaurus),))


def _sweep(reader: _Reader, raw: Any, methods: tuple[MethodSpec, ...]) -> tuple[MethodSpec, ...]:
    """Expand ``"label.param" = [values]`` into one variant per combination of each method's
    grid (grids of different methods are not crossed with each other)."""
    if not isinstance(raw, Mapping):
        reader.fail("sweep", raw, "must be a table")
    grids: dict[str, dict[str, list[Any]]] = {}
    for key, values in raw.items():
        path = f"sweep.{key!r}" if "." in key else f"sweep.{key}"
        label, dot, param = key.partition(".")
        if not dot or not param:
            reader.fail(path, values, 'keys must read "<method>.<param>"')
        if label not in {m.label for m in methods}:
            reader.fail(path, values, f"{label!r} is not a configured method")
        if not isinstance(values, list) or not values:
            reader.fail(path, values, "must be a non-empty list of values")
        grids.setdefault(label, {})[param] = values
    variants: list[MethodSpec] = []
    for label, keyed in grids.items():
        size = math.prod(len(values) for values in keyed.values())
        if size > MAX_VARIANTS:  # checked before a single variant is built
            raise ConfigError(
                f"{reader.source}: sweep.{_where(label)}: {size} variants, but a grid holds at "
                f"most {MAX_VARIANTS}",
                key=f"sweep.{label}",
            )
    for label, keyed in grids.items():
        base = next(m for m in methods if m.label == label)
        grid = _parameters(reader, f"sweep.{label}", keyed)
        names = sorted(grid)
        for combination in itertools.product(*(grid[n] for n in names)):
            params = base.param_dict
            params.update(zip(names, combination, strict=True))
            _check_method(reader, f"sweep.{label}", base.method, params)
            shown = ",".join(f"{param_key(n)}={v}" for n, v in zip(names, combination, strict=True))
            frozen = tuple(sorted((k, _freeze(v)) for k, v in params.items()))
            spec = MethodSpec(f"{label}[{shown}]", base.method, frozen, "sweep", f"sweep.{label}")
            variants.append(spec)
    return tuple(variants)


def check_resources(config: ExperimentConfig) -> None:
    """Check the thesauri ``config`` names and the resources of its methods before a run.

    The verb thesaurus of ``[evaluation]`` is loaded; the other parts of speech' specs are
    only checked (they load when a key of theirs is scored); every distinct method setting
    checks its own resources.

    Parameters
    ----------
    config : ExperimentConfig
        The experiment's config.

    Raises
    ------
    ConfigError
        If a thesaurus or a method's resource is missing or unusable; it names the key.
    """
    reader = _Reader(config.source)
    spec = config.evaluation.thesaurus
    try:
        thesaurus.load(spec)
    except ToolkitError as exc:
        reader.fail("evaluation.thesaurus", spec, str(exc))
    for pos, key in THESAURUS_KEYS.items():  # the others load when a key of theirs is scored
        other = getattr(config.evaluation, key)
        try:
            ThesaurusSpecs(**{pos: other})
        except EvaluationError as exc:
            reader.fail(f"evaluation.{key}", other, str(exc))
    checked: set[tuple[str, tuple[tuple[str, Any], ...]]] = set()
    for method in config.methods:
        if (method.method, method.params) in checked:
            continue
        checked.add((method.method, method.params))
        built = method.build()
        try:
            built.check_resources()
        except ToolkitError as exc:
            _method_error(reader, method.key, built.get_params(), exc)


def check_value(condition: bool, source: str, path: str, value: Any, why: str) -> None:
    """Raise :class:`ConfigError` naming ``path`` and ``value`` unless ``condition`` holds."""
    if not condition:
        raise ConfigError(f"{source}: {_where(path)} = {_show(value)}: {_cut(why)}", key=path)
