"""Method names, construction from strings (CLI ``--param k=v``, config files), and models
saved as versioned JSON (never pickle: loading a model runs no code)."""

from __future__ import annotations

import gzip
import inspect
import json
import os
import warnings
import zlib
from collections import Counter
from typing import Any

import numpy as np

import thesaurus
from thesaurus import ToolkitError
from thesaurus.utils.outputs import atomic_open, atomic_write_json, package_version
from thesaurus.utils.text_input import read_limited
from wsd._exceptions import ModelError
from wsd.methods._base import Disambiguator, check_fitted
from wsd.methods._state import MAX_COUNT, sense_key
from wsd.methods.baselines import MostFrequentSense, RandomSense
from wsd.methods.bayes import BayesWSD
from wsd.methods.example import ExampleBasedWSD
from wsd.methods.ranges import shown
from wsd.methods.senses import not_listed, unlisted_sense
from wsd.methods.supervised import IMSWSD, HybridWSD

__all__ = [
    "METHODS",
    "canonical_param",
    "load_model",
    "make_method",
    "param_key",
    "parse_param",
    "save_model",
]

METHODS: dict[str, type[Disambiguator]] = {
    cls.name: cls
    for cls in (ExampleBasedWSD, BayesWSD, MostFrequentSense, RandomSense, IMSWSD, HybridWSD)
}
MAX_MODEL_BYTES = 2**30  # a model of all SemCor is 49 MB of JSON (ims)
MODEL_FORMAT = "verb-wsd-model"
MODEL_FORMAT_VERSION = 1

PARAM_KEYS = {"confidence_lambda": "lambda"}  # parameter -> its spelling in configs and --param


def canonical_param(name: str) -> str:
    """The parameter a config or ``--param`` key names: ``lambda`` is ``confidence_lambda``.

    Parameters
    ----------
    name : str
        A key as configs and ``--param`` spell it.

    Returns
    -------
    str
        The method's parameter name (the key itself unless it is an alias).

    Examples
    --------
    >>> canonical_param("lambda"), canonical_param("beta")
    ('confidence_lambda', 'beta')
    """
    keys = {key: param for param, key in PARAM_KEYS.items()}
    return keys.get(name, name)


def param_key(param: str) -> str:
    """How configs and ``--param`` spell a parameter: ``confidence_lambda`` is ``lambda``.

    Parameters
    ----------
    param : str
        A method's parameter name.

    Returns
    -------
    str
        Its key (the name itself unless it has an alias).

    Examples
    --------
    >>> param_key("confidence_lambda"), param_key("beta")
    ('lambda', 'beta')
    """
    return PARAM_KEYS.get(param, param)


def make_method(name: str, **params: Any) -> Disambiguator:
    """A disambiguator of :data:`METHODS` by name, its parameters validated (no resource
    loaded).

    Parameters
    ----------
    name : str
        One of :data:`METHODS`: ``bayes``, ``example``, ``hybrid``, ``ims``, ``mfs``,
        ``random``.
    **params
        The method's parameters, by name or by their config key (``lambda``).

    Returns
    -------
    Disambiguator
        Not fitted.

    Raises
    ------
    ModelError
        An unknown method or parameter, a parameter given twice, or a value outside its
        range; ``param`` names the parameter.
    """
    cls = METHODS.get(name)
    if cls is None:
        raise ModelError(f"unknown method {name!r} (choose from {', '.join(METHODS)})")
    named: dict[str, Any] = {}
    for key, value in params.items():
        param = canonical_param(key)
        if param in named:
            raise ModelError(f"parameter {param!r} is given twice (as {key!r})", param=param)
        named[param] = value
    accepted = set(inspect.signature(cls.__init__).parameters) - {"self"}
    unknown = sorted(set(named) - accepted)
    if unknown:
        raise ModelError(
            f"unknown parameter {unknown[0]!r} for method {name!r} "
            f"(accepted: {', '.join(sorted(accepted))})",
            param=unknown[0],
        )
    method = cls(**named)
    method._validate_params()
    return method


def parse_param(text: str) -> tuple[str, Any]:
    """``"beta=2"`` -> ``("beta", 2)``; values are read as JSON when they parse, else strings.

    Parameters
    ----------
    text : str
        ``key=value``; the key as :func:`canonical_param` reads it.

    Returns
    -------
    tuple of (str, object)
        The parameter name and its value.

    Raises
    ------
    ModelError
        If ``text`` is not of the form ``key=value`` with a key.

    Examples
    --------
    >>> parse_param("window=50"), parse_param("similarity=linear"), parse_param("lambda=0.3")
    (('window', 50), ('similarity', 'linear'), ('confidence_lambda', 0.3))
    """
    key, sep, raw = text.partition("=")
    if not sep or not key:
        raise ModelError(f"parameter {text!r} is not of the form key=value")
    key = canonical_param(key)
    try:
        value = json.loads(raw)
    except json.JSONDecodeError:
        value = raw
    return key, value


_RESOURCE_PARAMS = ("verb_thesaurus", "noun_thesaurus")


def _resources(method: Disambiguator) -> dict[str, dict[str, str]]:
    out = {}
    for param in _RESOURCE_PARAMS:
        spec = getattr(method, param, None)
        if spec is not None:
            thes = thesaurus.load(spec)
            out[param] = {"spec": spec, "name": thes.name, "version": thes.version}
    return out


def save_model(method: Disambiguator, path: str | os.PathLike[str]) -> None:
    """Write a fitted method as versioned JSON, atomically.

    Parameters
    ----------
    method : Disambiguator
        Fitted.
    path : str or PathLike
        The file (gzip-compressed when it ends in ``.gz``); an earlier file stays as it was
        unless the whole model is written.

    Raises
    ------
    NotFittedError
        ``method`` is not fitted.
    OutputError
        The file cannot be written.
    """
    check_fitted(method)
    document = {
        "format": MODEL_FORMAT,
        "format_version": MODEL_FORMAT_VERSION,
        "toolkit_version": package_version(),
        "method": method.name,
        "oracle": method.oracle,
        "params": method.get_params(),
        "resources": _resources(method),
        "sense_counts": {lemma: dict(c) for lemma, c in method.sense_counts_.items()},
        "verbs": {lemma: method.verb_state(lemma) for lemma in method.verbs_},
    }
    if not _gzipped(path):
        atomic_write_json(path, document, indent=None)
        return
    with atomic_open(path, "wb") as raw, gzip.GzipFile(fileobj=raw, mode="wb", mtime=0) as out:
        out.write(json.dumps(document, ensure_ascii=False).encode("utf-8"))


def _gzipped(path: str | os.PathLike[str]) -> bool:
    return os.fspath(path).endswith(".gz")


def load_model(path: str | os.PathLike[str], *, strict: bool = True) -> Disambiguator:
    """Read a model written by :func:`save_model`.

    Parameters
    ----------
    path : str or PathLike
        The model file (``.gz``: gzip-compressed).
    strict : bool, default=True
        A thesaurus whose version differs from the one the model was trained with raises;
        False: it warns.

    Returns
    -------
    Disambiguator
        Fitted.

    Raises
    ------
    ModelError
        A file that is no model file, is corrupted, holds values training could not have
        made, or (``strict``) names another thesaurus version; the message names the file
        (and the verb).
    """
    document = _model_document(path)
    try:
        method = make_method(document["method"], **document["params"])
        mismatch = _check_versions(path, method, document["resources"], strict=strict)
        method._reset_caches()
        method.sense_counts_ = _sense_counts(path, document["sense_counts"])
        verbs = _verb_table(path, "verbs", document["verbs"])
        if set(verbs) != set(method.sense_counts_):
            odd = sorted(set(verbs) ^ set(method.sense_counts_))[0]
            raise ValueError(f"verb {odd!r} is not in both 'verbs' and 'sense_counts'")
        _check_listed(path, method, mismatch=mismatch)
        method.verbs_ = {}
        for lemma, state in verbs.items():
            try:
                method.verbs_[lemma] = method.load_verb_state(lemma, state)
            except _CORRUPTED as exc:
                raise ModelError(f"{path}: verb {lemma!r}: {_why(exc)}") from exc
        method.classes_ = np.array(
            sorted({s for c in method.sense_counts_.values() for s in c}), dtype=object
        )
    except ModelError as exc:  # already names the file
        if str(exc).startswith(f"{path}: "):
            raise
        raise ModelError(f"{path}: {exc}") from exc
    except ToolkitError as exc:  # unknown method/parameter/thesaurus, version mismatch
        raise ModelError(f"{path}: {exc}") from exc
    except _CORRUPTED as exc:
        raise ModelError(f"{path}: corrupted model ({type(exc).__name__}: {_short(exc)})") from exc
    return method


def _check_versions(
    path: str | os.PathLike[str], method: Disambiguator, resources: Any, *, strict: bool
) -> bool:
    """Whether the verb thesaurus's version differs from the one the model records (another
    thesaurus's, or with ``strict`` any: ModelError; else a warning)."""
    for param in _RESOURCE_PARAMS:  # the thesauri used are those whose versions are checked
        spec = getattr(method, param, None)
        recorded = resources[param]["spec"] if param in resources else None
        if spec != recorded:
            raise ValueError(f"{param} {spec!r} is not the {recorded!r} its resources record")
    mismatch = False
    for param, saved in resources.items():
        current = thesaurus.load(saved["spec"])
        if current.version != saved["version"]:
            mismatch = mismatch or param == "verb_thesaurus"
            message = (
                f"trained with {param} {saved['name']} version {saved['version']}, "
                f"but {saved['spec']!r} is now version {current.version}"
            )
            if strict:
                raise ModelError(message)
            warnings.warn(f"{path}: {message}", stacklevel=3)
    return mismatch


def _model_document(path: str | os.PathLike[str]) -> dict[str, Any]:
    """The JSON document of a model file of this format version, else ModelError."""
    try:
        with gzip.open(path, "rb") if _gzipped(path) else open(path, "rb") as handle:
            raw = read_limited(handle, path, ModelError, "model file", max_line=MAX_MODEL_BYTES)
        document = json.loads(raw.decode("utf-8-sig"))
    except (gzip.BadGzipFile, EOFError, zlib.error) as exc:
        raise ModelError(f"{path} is not a gzip-compressed model file ({exc})") from exc
    except OSError as exc:
        raise ModelError(f"cannot read model {path}: {exc.strerror or exc}") from exc
    except (ValueError, RecursionError) as exc:  # bad JSON or UTF-8, 5,000 digits, [[[[...]]]]
        why = "nested too deeply" if isinstance(exc, RecursionError) else _short(exc)
        raise ModelError(f"{path} is not a model file (not valid JSON: {why})") from exc
    if not isinstance(document, dict) or document.get("format") != MODEL_FORMAT:
        raise ModelError(f"{path} is not a {MODEL_FORMAT} file")
    if document.get("format_version") != MODEL_FORMAT_VERSION:
        raise ModelError(
            f"{path}: model format version {document.get('format_version')!r} is not supported "
            f"(this toolkit reads version {MODEL_FORMAT_VERSION})"
        )
    return document


# what reading a corrupted document's values raises
_CORRUPTED = (
    KeyError, TypeError, ValueError, AttributeError, IndexError, StopIteration, ArithmeticError,
    RecursionError,
)  # fmt: skip


def _why(exc: BaseException) -> str:
    """A state's error as a message (a check's own ValueError names the field)."""
    if isinstance(exc, ValueError) and not isinstance(exc, UnicodeError):
        return _short(exc)
    return f"corrupted state ({type(exc).__name__}: {_short(exc)})"


def _short(exc: BaseException, limit: int = 200) -> str:
    """An exception's message on one line, cut to ``limit`` characters."""
    text = " ".join(str(exc).split())
    return text if len(text) <= limit else f"{text[:limit]}... ({len(text)} characters)"


def _verb_table(path: str | os.PathLike[str], field: str, table: Any) -> dict[str, Any]:
    """A table by verb lemma, the lemmas lower-cased."""
    if not isinstance(table, dict):
        raise ValueError(f"{field!r} must be a table of verbs")
    out: dict[str, Any] = {}
    for lemma, value in table.items():
        if not lemma or lemma != "".join(lemma.split()):
            raise ModelError(f"{path}: {field}: {lemma!r} is not a verb lemma")
        if lemma.lower() in out:
            raise ModelError(f"{path}: {field}: verb {lemma!r} is given twice (case aside)")
        out[lemma.lower()] = value
    return out


def _sense_counts(path: str | os.PathLike[str], document: Any) -> dict[str, Counter[str]]:
    """Every verb's sense counts: a non-empty table of counts in 1 .. ``MAX_COUNT``."""
    out = {}
    for lemma, counts in _verb_table(path, "sense_counts", document).items():
        if not isinstance(counts, dict) or not counts:
            raise ModelError(f"{path}: verb {lemma!r}: sense_counts must be a non-empty table")
        checked: Counter[str] = Counter()
        for sense, count in counts.items():
            try:
                key = sense_key("sense_counts", sense)
            except ValueError as exc:
                raise ModelError(f"{path}: verb {lemma!r}: {exc}") from None
            if type(count) is not int or not 1 <= count <= MAX_COUNT:
                raise ModelError(
                    f"{path}: verb {lemma!r}: sense_counts[{sense!r}] must be a count in 1 .. "
                    f"{MAX_COUNT}, got {shown(count)}"
                )
            if key in checked:
                raise ModelError(f"{path}: verb {lemma!r}: sense_counts lists {key!r} twice")
            checked[key] = count
        out[lemma] = checked
    return out


def _check_listed(path: str | os.PathLike[str], method: Disambiguator, *, mismatch: bool) -> None:
    """A ModelError naming the first sense the verb thesaurus does not list under its verb
    (with ``mismatch``, another thesaurus version: a warning counting them)."""
    unlisted = []
    for lemma, counts in method.sense_counts_.items():
        sense = unlisted_sense(method, lemma, counts)
        if sense is None:
            continue
        if not mismatch:
            raise ModelError(
                f"{path}: verb {lemma!r}: sense_counts: {not_listed(method, lemma, sense)}"
            )
        unlisted.append((lemma, sense))
    if unlisted:
        lemma, sense = unlisted[0]
        warnings.warn(
            f"{path}: {len(unlisted)} verbs have senses the verb thesaurus of this version does "
            f"not list (first: {not_listed(method, lemma, sense)})",
            stacklevel=3,
        )
