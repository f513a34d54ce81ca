"""TOML experiment configs for the fuzz suite: a generator of valid configs, the schema of
``configs/README.md`` restated as a plain model (a parsed document -> the resolved config, or
the key paths that break the schema), and edits at the level of TOML values.

TOML syntax is decided by :mod:`tomllib` (the grammar); the schema is restated here, except
whether a method accepts its parameters, which is the method's own business
(:func:`wsd.methods.make_method` decides, as the config reader's docstring says).
"""

from __future__ import annotations

import itertools
import math
import sys
import unicodedata
import warnings
from typing import Any

import numpy as np
from fuzzing import BOM, Draw, line_breaks, places
from hypothesis import strategies as st
from paths import ROOT

from thesaurus import ToolkitError
from wsd.methods import METHODS, make_method

sys.path.insert(0, str(ROOT / "bench"))
from _common import toml_text  # noqa: E402  (the TOML writer bench/ writes configs with)

FORMATS = ("auto", "semcor", "raganato", "jsonl")
INFINITY = {"inf", "+inf", "infinity", "+infinity", "∞"}
Summary = tuple[Any, ...]


class _Invalid(Exception):
    """The document breaks the schema at ``path`` (the model's own signal)."""

    def __init__(self, path: str) -> None:
        super().__init__(path)
        self.path = path


def _table(value: Any, path: str, allowed: set[str]) -> dict[str, Any]:
    if not isinstance(value, dict):
        raise _Invalid(path)
    for key in value:
        if key not in allowed:
            raise _Invalid(f"{path}.{key}" if path else key)
    return value


def _int(table: dict[str, Any], key: str, path: str, default: int, low: int, high: int) -> int:
    value = table.get(key, default)
    if type(value) is not int or not low <= value <= high:
        raise _Invalid(f"{path}.{key}" if path else key)
    return value


def _alpha(value: Any, path: str) -> float:
    if isinstance(value, str) and value.strip().lower() in INFINITY:
        return math.inf
    try:
        number = float(value.strip().lower() if isinstance(value, str) else value)
    except (TypeError, ValueError, OverflowError):
        raise _Invalid(path) from None
    if type(value) is bool or not isinstance(value, (int, float, str)):
        raise _Invalid(path)
    if isinstance(value, str) and math.isinf(number) and any(c.isdigit() for c in value):
        raise _Invalid(path)  # "1e400": a number past a float's range, not the word inf
    if math.isnan(number) or number <= 0 or (number > 1e6 and not math.isinf(number)):
        raise _Invalid(path)
    return number


def _alphas(value: Any) -> tuple[float, ...]:
    path = "evaluation.alphas"
    if isinstance(value, list):
        if not value or len(value) > 1000:
            raise _Invalid(path)
        alphas = [_alpha(v, f"{path}[{i}]") for i, v in enumerate(value)]
    elif isinstance(value, dict):
        table = _table(value, path, {"start", "stop", "num", "scale"})
        for key in ("start", "stop", "num"):
            if key not in table:
                raise _Invalid(f"{path}.{key}")
        start, stop = (_alpha(table[k], f"{path}.{k}") for k in ("start", "stop"))
        for key, number in (("start", start), ("stop", stop)):
            if math.isinf(number):
                raise _Invalid(f"{path}.{key}")
        num = _int(table, "num", path, 0, 2, 1000)
        scale = table.get("scale", "log")
        if scale not in ("log", "linear"):
            raise _Invalid(f"{path}.scale")
        grid = (np.geomspace if scale == "log" else np.linspace)(start, stop, num)
        alphas = [float(f"{a:.6g}") for a in grid] + [math.inf]
    else:
        raise _Invalid(path)
    if len(set(alphas)) != len(alphas):
        raise _Invalid(path)
    return tuple(sorted(alphas))


def _controls(value: Any, path: str) -> None:
    """No key or string holds a control character other than tab."""
    bad = lambda text: any(unicodedata.category(c) == "Cc" and c != "\t" for c in text)  # noqa: E731
    if isinstance(value, dict):
        for key, item in value.items():
            where = f"{path}.{key}" if path else key
            if bad(key):
                raise _Invalid(where)
            _controls(item, where)
    elif isinstance(value, list):
        for index, item in enumerate(value):
            _controls(item, f"{path}[{index}]")
    elif isinstance(value, str) and bad(value):
        raise _Invalid(path)


def _params(table: dict[str, Any], path: str) -> dict[str, Any]:
    params: dict[str, Any] = {}
    for key, value in table.items():
        name = {"lambda": "confidence_lambda"}.get(key, key)
        if name in params:
            raise _Invalid(f"{path}.{key}")
        params[name] = value
    return params


def _usable(method: str, params: dict[str, Any], path: str) -> None:
    """The method accepts these parameters (its own decision)."""
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            make_method(method, **params)
    except (ToolkitError, TypeError, ValueError):
        raise _Invalid(path) from None


def section(path: str) -> str:
    """The top-level key a key path is in (``corpus.verbs[1]`` -> ``corpus``)."""
    return path.split(".")[0].split("[")[0]


def config_model(raw: dict[str, Any], stem: str) -> Summary | set[str]:
    """The resolved config of a parsed document (see :func:`read_back` for its shape), or the
    top-level sections (``corpus``, ``methods`` ...) in which it breaks the schema: each is
    checked on its own, so that whichever the reader reports first, it must be one of them."""
    invalid: set[str] = set()

    def check(function: Any, *args: Any) -> Any:
        try:
            return function(*args)
        except _Invalid as why:
            invalid.add(section(why.path))
            return None

    check(_controls, raw, "")
    allowed = {"name", "seed", "corpus", "cv", "evaluation", "methods", "sweep", "bounds"}
    invalid |= {key for key in raw if key not in allowed}
    name = check(_name, raw, stem)
    seed = check(_seed, raw)
    corpus = check(_corpus, raw.get("corpus", {}))
    cv = check(_cv, raw.get("cv", {}))
    methods = check(_methods, raw.get("methods", {}))
    labels = None if methods is None else {label for label, *_ in methods}
    evaluation = check(_evaluation, raw.get("evaluation", {}), labels)
    if methods is not None and evaluation is not None and evaluation[0] != "wordnet-verb":
        thesaurus = (("verb_thesaurus", evaluation[0]),)  # the lower bounds added take it
        methods = [
            (label, method, role, thesaurus if role == "bound" else params)
            for label, method, role, params in methods
        ]
    sweep = check(_sweep, raw.get("sweep", {}), methods or [])
    bounds = check(_bounds, raw.get("bounds", {}))
    if invalid:
        return invalid
    return (name, seed, corpus, cv, evaluation, tuple(methods + sweep), bounds)


def _name(raw: dict[str, Any], stem: str) -> str:
    name = raw.get("name", stem)
    if not isinstance(name, str) or not name or "/" in name or name.startswith("."):
        raise _Invalid("name")
    return name


def _seed(raw: dict[str, Any]) -> int:
    return _int(raw, "seed", "", 0, 0, 2**32 - 1)


def _corpus(raw: Any) -> Summary:
    allowed = {"path", "format", "verbs", "min_instances", "min_senses"}
    corpus = _table(raw, "corpus", allowed)
    verbs = corpus.get("verbs", [])
    if not isinstance(verbs, list) or len(set(map(repr, verbs))) != len(verbs):
        raise _Invalid("corpus.verbs")
    for index, verb in enumerate(verbs):
        if not isinstance(verb, str) or not verb:
            raise _Invalid(f"corpus.verbs[{index}]")
    return (
        _string(corpus, "path", "corpus", ""),
        _string(corpus, "format", "corpus", "auto", choices=FORMATS),
        tuple(verbs),
        _int(corpus, "min_instances", "corpus", 0, 0, 10**6),
        _int(corpus, "min_senses", "corpus", 1, 1, 1000),
    )


def _cv(raw: Any) -> Summary:
    cv = _table(raw, "cv", {"folds", "stratified", "n_jobs"})
    n_jobs = _int(cv, "n_jobs", "cv", 1, -1, 256)
    if n_jobs == 0:
        raise _Invalid("cv.n_jobs")
    if type(cv.get("stratified", True)) is not bool:
        raise _Invalid("cv.stratified")
    return (_int(cv, "folds", "cv", 10, 2, 1000), cv.get("stratified", True), n_jobs)


def _bounds(raw: Any) -> tuple[str, ...]:
    bounds = _table(raw, "bounds", {"agreement_keys"})
    keys = bounds.get("agreement_keys", [])
    if not isinstance(keys, list):
        raise _Invalid("bounds.agreement_keys")
    for index, key in enumerate(keys):
        if not isinstance(key, str) or not key:
            raise _Invalid(f"bounds.agreement_keys[{index}]")
    if len(keys) not in (0, 2):
        raise _Invalid("bounds.agreement_keys")
    return tuple(keys)


def _string(
    table: dict[str, Any], key: str, path: str, default: str, choices: tuple[str, ...] = ()
) -> str:
    value = table.get(key, default)
    if not isinstance(value, str) or (choices and value not in choices):
        raise _Invalid(f"{path}.{key}")
    return value


def _methods(raw: Any) -> list[tuple[str, str, str, tuple[tuple[str, Any], ...]]]:
    if not isinstance(raw, dict):
        raise _Invalid("methods")
    specs = []
    for label, body in raw.items():
        path = f"methods.{label}"
        if not isinstance(body, dict) or "." in label:
            raise _Invalid(path)
        method = body.get("method", label)
        if not isinstance(method, str) or method not in METHODS:
            raise _Invalid(f"{path}.method" if "method" in body else path)
        params = _params({k: v for k, v in body.items() if k != "method"}, path)
        _usable(method, params, path)
        specs.append((label, method, "method", tuple(sorted(params.items()))))
    if not specs:
        raise _Invalid("methods")
    present = {method for _, method, _, _ in specs}
    specs += [(name, name, "bound", ()) for name in ("mfs", "random") if name not in present]
    return specs


def _evaluation(raw: Any, labels: set[str] | None) -> Summary:
    """The evaluation table (``labels``: the methods' labels; None: unknown, as the methods
    are invalid, and then any label passes)."""
    path = "evaluation"
    allowed = {"thesaurus", "alphas", "top_k", "learning_curve", "learning_curve_methods"}
    allowed |= {"applicability_alpha", "bootstrap", "confidence"}
    table = _table(raw, path, allowed)
    alphas = _alphas(table["alphas"]) if "alphas" in table else (0.5, 1.0, 2.0, math.inf)
    fractions = table.get("learning_curve", [])
    if not isinstance(fractions, list) or len(fractions) > 100:
        raise _Invalid("evaluation.learning_curve")
    for index, fraction in enumerate(fractions):
        if type(fraction) not in (int, float) or not 0 < fraction <= 1:
            raise _Invalid(f"evaluation.learning_curve[{index}]")
    default = [label for label in ("example", "bayes") if label in (labels or ())]
    curve_methods = table.get("learning_curve_methods", default)
    if not isinstance(curve_methods, list):
        raise _Invalid("evaluation.learning_curve_methods")
    for index, label in enumerate(curve_methods):
        if not isinstance(label, str) or (labels is not None and label not in labels):
            raise _Invalid(f"evaluation.learning_curve_methods[{index}]")
    confidence = table.get("confidence", 0.95)
    if type(confidence) not in (int, float) or not 0 < confidence < 1:
        raise _Invalid("evaluation.confidence")
    return (
        _string(table, "thesaurus", path, "wordnet-verb"),
        alphas,
        _int(table, "top_k", path, 5, 1, 1000),
        tuple(sorted(float(f) for f in fractions)),
        tuple(curve_methods),
        _alpha(table.get("applicability_alpha", 0.5), "evaluation.applicability_alpha"),
        _int(table, "bootstrap", path, 2000, 0, 10**6),
        float(confidence),
    )


def _sweep(raw: Any, methods: list[Any]) -> list[Any]:
    if not isinstance(raw, dict):
        raise _Invalid("sweep")
    grids: dict[str, dict[str, list[Any]]] = {}
    for key, values in raw.items():
        path = f"sweep.{key!r}" if "." in key else f"sweep.{key}"
        label, dot, param = key.partition(".")
        if not dot or not param or label not in {m[0] for m in methods}:
            raise _Invalid(path)
        if not isinstance(values, list) or not values:
            raise _Invalid(path)
        grids.setdefault(label, {})[param] = values
    for label, keyed in grids.items():
        if math.prod(len(values) for values in keyed.values()) > 1000:
            raise _Invalid(f"sweep.{label}")
    variants = []
    for label, keyed in grids.items():
        _, method, _, params = next(m for m in methods if m[0] == label)
        grid = _params(keyed, f"sweep.{label}")
        names = sorted(grid)
        for combination in itertools.product(*(grid[n] for n in names)):
            variant = dict(params)
            variant.update(zip(names, combination, strict=True))
            _usable(method, variant, f"sweep.{label}")
            shown = ",".join(
                f"{'lambda' if n == 'confidence_lambda' else n}={v}"
                for n, v in zip(names, combination, strict=True)
            )
            variants.append((f"{label}[{shown}]", method, "sweep", tuple(sorted(variant.items()))))
    return variants


def read_back(config: Any) -> Summary:
    """What ``load_config`` resolved, in the model's terms."""
    corpus, cv, ev = config.corpus, config.cv, config.evaluation
    return (
        config.name,
        config.seed,
        (corpus.path, corpus.format, corpus.verbs, corpus.min_instances, corpus.min_senses),
        (cv.folds, cv.stratified, cv.n_jobs),
        (
            ev.thesaurus,
            ev.alphas,
            ev.top_k,
            ev.learning_curve,
            ev.learning_curve_methods,
            ev.applicability_alpha,
            ev.bootstrap,
            ev.confidence,
        ),
        tuple(
            (m.label, m.method, m.role, tuple(sorted(m.param_dict.items()))) for m in config.methods
        ),
        config.bounds.agreement_keys,
    )


# --- valid configs ---------------------------------------------------------------------------
_METHOD_PARAMS = {
    "mfs": [{}, {"verb_thesaurus": "v.tsv"}, {"lambda": 0.3}],
    "random": [{}, {"seed": 4}, {"candidates": "inventory"}],
    "example": [{}, {"verb_thesaurus": "v.tsv", "noun_thesaurus": "n.tsv"}],
    "bayes": [{}, {"noun_classes": "depth:2"}],
}


@st.composite
def config_documents(draw: Draw) -> dict[str, Any]:
    """A valid config document (a random choice of keys, every value within the schema)."""
    raw: dict[str, Any] = {}
    if draw(st.booleans()):
        raw["name"] = draw(st.sampled_from(["tiny", "t-1", "表1", "a b"]))
    if draw(st.booleans()):
        raw["seed"] = draw(st.sampled_from([0, 3, 2**32 - 1]))
    if draw(st.booleans()):
        corpus: dict[str, Any] = {}
        if draw(st.booleans()):
            corpus["path"] = draw(st.sampled_from(["", "c.jsonl", "路径/x"]))
        if draw(st.booleans()):
            corpus["format"] = draw(st.sampled_from(FORMATS))
        if draw(st.booleans()):
            corpus["verbs"] = draw(st.lists(st.sampled_from(["use", "take", "使う"]), unique=True))
        if draw(st.booleans()):
            corpus["min_instances"] = draw(st.integers(0, 50))
        if draw(st.booleans()):
            corpus["min_senses"] = draw(st.integers(1, 3))
        raw["corpus"] = corpus
    if draw(st.booleans()):
        cv: dict[str, Any] = {}
        if draw(st.booleans()):
            cv["folds"] = draw(st.integers(2, 10))
        if draw(st.booleans()):
            cv["stratified"] = draw(st.booleans())
        if draw(st.booleans()):
            cv["n_jobs"] = draw(st.sampled_from([-1, 1, 2]))
        raw["cv"] = cv
    labels = draw(
        st.lists(st.sampled_from(sorted(_METHOD_PARAMS) + ["m1"]), min_size=1, unique=True)
    )
    methods: dict[str, Any] = {}
    for label in labels:
        method = "mfs" if label == "m1" else label
        body = dict(draw(st.sampled_from(_METHOD_PARAMS[method])))
        if label == "m1" or draw(st.integers(0, 3)) == 0:
            body = {"method": method, **body}
        methods[label] = body
    if draw(st.booleans()):
        evaluation: dict[str, Any] = {}
        if draw(st.booleans()):
            evaluation["thesaurus"] = draw(st.sampled_from(["wordnet-verb", "v.tsv"]))
        if draw(st.booleans()):
            if draw(st.booleans()):
                values = st.sampled_from([0.25, 0.5, 1, 2, "inf", "∞", "0.75"])
                evaluation["alphas"] = draw(
                    st.lists(values, min_size=1, max_size=4, unique_by=_alpha_key)
                )
            else:
                start = draw(st.sampled_from([0.1, 0.5, 1]))
                evaluation["alphas"] = {
                    "start": start,
                    "stop": start * 8,
                    "num": draw(st.integers(2, 6)),
                }
                if draw(st.booleans()):
                    evaluation["alphas"]["scale"] = draw(st.sampled_from(["log", "linear"]))
        if draw(st.booleans()):
            evaluation["top_k"] = draw(st.integers(1, 5))
        if draw(st.booleans()):
            evaluation["learning_curve"] = draw(
                st.lists(st.sampled_from([0.25, 0.5, 1, 1.0]), max_size=3)
            )
        if draw(st.booleans()):
            present = {"mfs" if label == "m1" else label for label in labels}
            known = sorted({*labels, *(b for b in ("mfs", "random") if b not in present)})
            evaluation["learning_curve_methods"] = draw(
                st.lists(st.sampled_from(known), max_size=2)
            )
        if draw(st.booleans()):
            evaluation["applicability_alpha"] = draw(st.sampled_from([0.5, 2, "inf"]))
        if draw(st.booleans()):
            evaluation["bootstrap"] = draw(st.sampled_from([0, 100, 2000]))
        if draw(st.booleans()):
            evaluation["confidence"] = draw(st.sampled_from([0.9, 0.95, 0.5]))
        raw["evaluation"] = evaluation
    raw["methods"] = methods
    if "random" in labels and draw(st.booleans()):
        raw["sweep"] = {"random.seed": draw(st.lists(st.integers(0, 9), min_size=1, max_size=3))}
    if draw(st.booleans()):
        raw["bounds"] = {"agreement_keys": draw(st.sampled_from([[], ["a.key", "b.key"]]))}
    return raw


def _alpha_key(value: Any) -> float:
    return _alpha(value, "")


@st.composite
def config_files(draw: Draw) -> tuple[bytes, dict[str, Any]]:
    """A valid config as TOML bytes (line breaks of any kind, maybe a BOM) and its document."""
    raw = draw(config_documents())
    text = toml_text(raw, [line_breaks(draw) for _ in range(3)])
    return (BOM if draw(st.booleans()) else b"") + text.encode(), raw


# --- edits of TOML values ----------------------------------------------------------------------
ODD_VALUES: list[Any] = [0, -1, 1, 2**40, 2**63 - 1, 0.0, -0.5, 1.5, math.inf, True, False]
ODD_VALUES += [10**12, 1e12, 10**400, 1e-300, math.nan, -math.inf, 2.0, "1e400", "-inf"]
ODD_VALUES += [
    "",
    "x",
    "inf",
    "nan",
    "0",
    "a/b",
    ".hidden",
    "\t",
    [],
    [0],
    ["x", "x"],
    [0.5, "inf"],
]
ODD_VALUES += [{}, {"x": 1}, {"start": 1, "stop": 2}, {"start": 1, "stop": 2, "num": 1001}]
ODD_VALUES += [
    {"start": "inf", "stop": 2, "num": 3},
    {"start": 1, "stop": 2, "num": 3, "scale": "x"},
]


@st.composite
def odd_config_files(draw: Draw) -> tuple[bytes, list[str]]:
    """A valid config after one edit of its document (a value replaced by one of another
    type or out of range, a key dropped, an unknown key), written as TOML, and the edit."""
    raw = draw(config_documents())
    edit = draw(st.sampled_from(["replace a value", "drop a key", "unknown key"]))
    path = draw(st.sampled_from(places(raw)))
    container = raw
    for step in path[:-1]:
        container = container[step]
    if edit == "replace a value":
        container[path[-1]] = draw(st.sampled_from(ODD_VALUES))
    elif edit == "drop a key":
        del container[path[-1]]
    elif isinstance(container, dict):
        container[
            draw(st.sampled_from(["nmae", "verb", "lambda", "method", "x.y", "a\nb", "é"]))
        ] = 1
    return toml_text(raw, ["\n"]).encode(), [edit]
