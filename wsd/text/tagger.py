"""A part-of-speech tagger trained on SemCor's own Penn tags, saved as JSON (never pickle).

The tagger is NLTK's averaged perceptron (``PerceptronTagger(load=False)`` and its public
``train``), trained with a fixed seed so that the same sentences give the same file.  The file
(``verb-wsd-tagger`` version 2; gzip-compressed when its name ends with ``.gz``) holds the
perceptron's weights, tag dictionary and classes, the sentence splitter's parameters
(:mod:`wsd.text.tokens`) learnt from the same text, the model that decides whether a multiword
verb is joined (:mod:`wsd.text.multiwords`), and the verb detector with its counts per verb
form (:mod:`wsd.text.verbs`); a version 1 file is refused with a message saying what to do.
It lives in the user cache beside the WordNet data (:func:`tagger_path`, ``$WSD_TAGGER_CACHE``
overrides the folder), copied there on first use from the one the toolkit ships, trained on all
of SemCor (:func:`shipped_tagger_file`; :func:`wsd.text.ensure_tagger`).

>>> tagger = train_tagger([[("She", "PRP"), ("made", "VBD"), ("a", "DT"), ("cake", "NN")]])
>>> tagger.tag(["She", "made", "a", "cake"])
['PRP', 'VBD', 'DT', 'NN']
"""

from __future__ import annotations

import gzip
import hashlib
import json
import os
import random
import zlib
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from importlib import resources
from importlib.resources.abc import Traversable
from pathlib import Path
from typing import Any

from thesaurus.utils.disk_cache import cache_dir
from thesaurus.utils.outputs import atomic_open, atomic_write_json
from thesaurus.utils.text_input import quote, read_limited
from wsd._exceptions import DataError, WSDError
from wsd.text.classifier import LinearModel

__all__ = [
    "ENV_VAR",
    "ITERATIONS",
    "SEED",
    "SHIPPED",
    "TAGGER_FORMAT",
    "Tagger",
    "load_shipped_tagger",
    "load_tagger",
    "save_tagger",
    "shipped_digest",
    "shipped_tagger_file",
    "tagger_path",
    "train_tagger",
]

TAGGER_FORMAT = "verb-wsd-tagger"
_VERSION = 2
ENV_VAR = "WSD_TAGGER_CACHE"
ITERATIONS = 5  # NLTK's default number of passes
SEED = 1  # the order NLTK's train shuffles the sentences in between passes
_MAX_BYTES = 2**30
SHIPPED = "semcor-tagger.json.gz"  # the tagger trained on all SemCor, in the package data


@dataclass(frozen=True)
class Tagger:
    """Penn tags for tokenised sentences (:meth:`tag`), and the models the text pipeline reads
    beside them.

    Made by :func:`train_tagger` or :func:`load_tagger`.

    Parameters
    ----------
    weights : dict of str to dict of str to float
        The perceptron's weights: feature -> tag -> weight.
    tagdict : dict of str to str
        The perceptron's tag dictionary: word -> its one tag.
    classes : tuple of str
        The tags.
    sentence_parameters : dict, default={}
        The sentence splitter's parameters: Punkt's abbreviations, collocations, sentence
        starters and orthographic context, as JSON (empty: Punkt's defaults).
    multiword_model : LinearModel or None, default=None
        Joins a WordNet multiword verb of running text or leaves it apart (None: always join).
    source : dict, default={}
        What the tagger was trained on.
    verb_forms : dict of str to (int, int), default={}
        How often the training corpus sense-tags a verb form as a verb and tags it otherwise
        (:mod:`wsd.text.verbs`).
    verb_detector : LinearModel or None, default=None
        The verb detector (None: tokens are verbs as tagged).
    """

    weights: dict[str, dict[str, float]]
    tagdict: dict[str, str]
    classes: tuple[str, ...]
    sentence_parameters: dict[str, Any] = field(default_factory=dict)
    multiword_model: LinearModel | None = None
    source: dict[str, Any] = field(default_factory=dict)
    verb_forms: dict[str, tuple[int, int]] = field(default_factory=dict)
    verb_detector: LinearModel | None = None

    def __post_init__(self) -> None:
        from nltk.tag.perceptron import PerceptronTagger

        perceptron = PerceptronTagger(load=False)
        perceptron.decode_json_params((self.weights, self.tagdict, list(self.classes)))
        object.__setattr__(self, "_perceptron", perceptron)

    def tag(self, words: Sequence[str]) -> list[str]:
        """The Penn tag of each word of one sentence."""
        if not words:
            return []
        perceptron = self.__dict__["_perceptron"]
        return [tag for _, tag in perceptron.tag(list(words))]

    def to_json(self) -> dict[str, Any]:
        """The file's content: format, version, source, perceptron, sentence parameters."""
        return {
            "format": TAGGER_FORMAT,
            "version": _VERSION,
            "source": self.source,
            "classes": list(self.classes),
            "tagdict": self.tagdict,
            "weights": self.weights,
            "sentences": self.sentence_parameters,
            "multiword_model": _model_json(self.multiword_model),
            "verb_forms": {form: list(n) for form, n in sorted(self.verb_forms.items())},
            "verb_detector": _model_json(self.verb_detector),
        }


def _model_json(model: LinearModel | None) -> dict[str, Any] | None:
    return model.to_json() if model is not None else None


def tagger_path() -> Path:
    """Where the SemCor tagger is kept: ``$WSD_TAGGER_CACHE/semcor-tagger.json``, by default
    the folder ``taggers`` beside the WordNet data folder."""
    return cache_dir("taggers", ENV_VAR) / "semcor-tagger.json"


def train_tagger(
    sentences: Iterable[Sequence[tuple[str, str]]],
    *,
    iterations: int = ITERATIONS,
    seed: int = SEED,
    sentence_parameters: dict[str, Any] | None = None,
    multiword_model: LinearModel | None = None,
    source: dict[str, Any] | None = None,
    verb_forms: dict[str, tuple[int, int]] | None = None,
    verb_detector: LinearModel | None = None,
) -> Tagger:
    """An averaged perceptron trained on ``(word, tag)`` sentences; the same sentences, in the
    same order, give the same tagger (NLTK shuffles them between passes with ``random``: its
    state is seeded for the training and restored afterwards).

    Its weights are rounded to whole numbers (NLTK keeps three decimals): on the held-out split
    of ``bench/tagger_choice.py`` the tagger is as accurate (95.18 % of the universal tags
    right against 95.17 %) and the file half the size.

    Parameters
    ----------
    sentences : iterable of sequence of (str, str)
        ``(word, Penn tag)`` pairs per sentence; empty sentences are left out.
    iterations : int, default=ITERATIONS
        The perceptron's passes over the sentences (NLTK's default, 5).
    seed : int, default=SEED
        The seed of the shuffle between passes.
    sentence_parameters, multiword_model, source, verb_forms, verb_detector : optional
        Stored in the tagger as given (:class:`Tagger`; None: empty).

    Returns
    -------
    Tagger
        The trained tagger.

    Raises
    ------
    WSDError
        If there is no tagged sentence.
    """
    sentences = [list(s) for s in sentences if s]
    if not sentences:
        raise WSDError("no tagged sentence to train a tagger on")
    weights, tagdict, classes = _train_perceptron(sentences, iterations, seed)
    return Tagger(
        weights=weights,
        tagdict=tagdict,
        classes=classes,
        sentence_parameters=sentence_parameters or {},
        multiword_model=multiword_model,
        source=source or {},
        verb_forms=dict(verb_forms or {}),
        verb_detector=verb_detector,
    )


def _train_perceptron(
    sentences: Sequence[Sequence[tuple[str, str]]], iterations: int, seed: int
) -> tuple[dict[str, dict[str, float]], dict[str, str], tuple[str, ...]]:
    """NLTK's perceptron trained with ``random`` seeded: its weights rounded to whole numbers
    (zeros left out), its tag dictionary and its classes, each sorted."""
    from nltk.tag.perceptron import PerceptronTagger

    perceptron = PerceptronTagger(load=False)
    state = random.getstate()
    random.seed(seed)
    try:
        perceptron.train(sentences, nr_iter=iterations)
    finally:
        random.setstate(state)
    weights, tagdict, classes = perceptron.encode_json_obj()
    whole: dict[str, dict[str, float]] = {
        f: {c: round(v) for c, v in sorted(w.items()) if round(v)} for f, w in weights.items()
    }
    return (
        {f: w for f, w in sorted(whole.items()) if w},
        dict(sorted(tagdict.items())),
        tuple(sorted(classes)),
    )


def shipped_tagger_file() -> Traversable:
    """The tagger the toolkit ships, trained on all of SemCor 3.0 (gzip-compressed JSON in the
    package data; made by ``bench/build_tagger.py``)."""
    return resources.files("wsd").joinpath("_data", SHIPPED)


def shipped_digest() -> str:
    """A short digest of the shipped tagger file's bytes: a copy of it in the user cache
    records the one it was made from, so that a new release replaces an old copy."""
    return hashlib.sha256(shipped_tagger_file().read_bytes()).hexdigest()[:16]


def save_tagger(tagger: Tagger, path: str | os.PathLike[str]) -> None:
    """Write ``tagger`` as JSON, atomically.

    Parameters
    ----------
    tagger : Tagger
        The tagger.
    path : str or PathLike
        The file (its folder is made if need be); gzip-compressed when it ends with ``.gz``
        (with no time stamp: the same tagger gives the same bytes).
    """
    Path(path).parent.mkdir(parents=True, exist_ok=True)
    if not os.fspath(path).endswith(".gz"):
        atomic_write_json(path, tagger.to_json(), indent=None)
        return
    text = json.dumps(tagger.to_json(), ensure_ascii=False) + "\n"
    with atomic_open(path, "wb") as raw, gzip.GzipFile(fileobj=raw, mode="wb", mtime=0) as out:
        out.write(text.encode("utf-8"))


def load_tagger(path: str | os.PathLike[str]) -> Tagger:
    """The tagger saved at ``path``.

    Parameters
    ----------
    path : str or PathLike
        The tagger file (gzip-compressed when it ends with ``.gz``).

    Returns
    -------
    Tagger
        The tagger.

    Raises
    ------
    DataError
        Naming the file when it cannot be read or is not a tagger file of this version.
    """
    try:
        with gzip.open(path) if os.fspath(path).endswith(".gz") else open(path, "rb") as handle:
            raw = read_limited(handle, path, DataError, "tagger file", max_line=_MAX_BYTES)
    except OSError as exc:  # gzip.BadGzipFile too
        raise DataError(f"cannot read tagger file {path}: {exc.strerror or exc}") from None
    except (EOFError, zlib.error) as exc:
        raise DataError(f"cannot read tagger file {path}: {exc}") from None
    return _parse(raw, path)


def load_shipped_tagger() -> Tagger:
    """The toolkit's own tagger (:func:`shipped_tagger_file`)."""
    raw = gzip.decompress(shipped_tagger_file().read_bytes())
    return _parse(raw, f"{SHIPPED} of the package data")


def _parse(raw: bytes, path: str | os.PathLike[str]) -> Tagger:
    """The tagger of a tagger file's bytes (``path`` names it in errors)."""
    try:
        data = json.loads(raw.decode("utf-8"))
    except (UnicodeDecodeError, ValueError) as exc:
        raise DataError(f"{path}: not a tagger file (not JSON: {exc})") from None
    if not isinstance(data, dict) or data.get("format") != TAGGER_FORMAT:
        raise DataError(f'{path}: not a tagger file (no "format": {TAGGER_FORMAT!r})')
    if data.get("version") != _VERSION:
        raise DataError(
            f"{path}: tagger file version {quote(str(data.get('version')))}, this toolkit reads "
            f"{_VERSION}: replace it by the toolkit's own (`wsd data setup --tagger --force`, or "
            "delete it and the next --text run puts it there) or train it again"
        )
    weights, tagdict, classes = data.get("weights"), data.get("tagdict"), data.get("classes")
    sentences = data.get("sentences", {})
    forms = data.get("verb_forms", {})
    if not (
        isinstance(weights, dict)
        and all(isinstance(w, dict) for w in weights.values())
        and isinstance(tagdict, dict)
        and isinstance(classes, list)
        and classes
        and all(isinstance(c, str) for c in classes)
        and isinstance(sentences, dict)
        and isinstance(forms, dict)
        and all(_is_count_pair(n) for n in forms.values())
    ):
        raise DataError(
            f"{path}: malformed tagger file (weights, tagdict, classes, sentences, or verb_forms)"
        )
    source = data.get("source")
    return Tagger(
        weights=weights,
        tagdict=tagdict,
        classes=tuple(classes),
        sentence_parameters=sentences,
        multiword_model=_model(data.get("multiword_model"), f"{path}: multiword_model"),
        source=source if isinstance(source, dict) else {},
        verb_forms={form: (n[0], n[1]) for form, n in forms.items()},
        verb_detector=_model(data.get("verb_detector"), f"{path}: verb_detector"),
    )


def _model(data: Any, where: str) -> LinearModel | None:
    """A classifier of the file, or None (``null`` or absent)."""
    return None if data is None else LinearModel.from_json(data, where)


def _is_count_pair(value: Any) -> bool:
    """Whether ``value`` is a list of two counts (``[9, 3]``)."""
    return (
        isinstance(value, list)
        and len(value) == 2
        and all(isinstance(n, int) and not isinstance(n, bool) and n >= 0 for n in value)
    )
