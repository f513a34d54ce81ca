"""The field's standard supervised comparator and a hybrid that adds case frames to it.

``ims``: one linear classifier per verb lemma over binary features (Zhong & Ng's *It Makes
Sense*, 2010; :mod:`wsd.methods._features`): POS tags at offsets -3..+3, the lemmas around the
verb and the 11 local collocations.  The classifier is scikit-learn's :class:`LinearSVC`
(one-vs-rest, squared hinge, L2; called as :func:`linear_svc`, its own liblinear call): IMS's
own classifier is LIBLINEAR's linear SVM, which this is.  On the README's held-out SemCor
split it was more accurate than ``SGDClassifier`` with the hinge loss (exact .643 vs .640 at
their best C) and fits all of SemCor in seconds.

Scores per sense are a softmax of the decision values divided by ``temperature`` (a binary
problem's value ``d`` counts as ``-d`` / ``+d``), so rankings, top-k lists and the confidence
``C = lambda*S1 + (1-lambda)*(S1-S2)`` work as for every method; they order answers, they are
not calibrated probabilities.

A lemma seen with one training sense answers that sense (score 1); an unseen lemma gets
WordNet's first sense (``first-sense:unknown-verb``, the shared fallback).

``hybrid``: the same classifier with what the example-based method knows added as features:
each case of the verb's frame, its filler's lemma, the filler's lexicographer file and the
ancestors of its senses in the noun thesaurus (``filler_senses="first"``: the first sense;
``"all"``: every sense).
"""

from __future__ import annotations

import re
from base64 import b64decode, b64encode
from collections.abc import Callable, Hashable
from dataclasses import dataclass
from functools import partial
from typing import Any

import numpy as np
from sklearn.svm import _liblinear as liblinear  # LinearSVC's solver (see linear_svc)

import thesaurus
from thesaurus import Thesaurus

from .._exceptions import ModelError
from .._ranges import COUNT_LIMIT, REAL_LIMIT, Range
from ..types import Filler, Instance, Prediction, Token
from ._base import Disambiguator, check_bool, check_choice
from ._context import sentence_content
from ._features import GROUPS, frame_features, ims_features
from ._state import MAX_WEIGHT, feature_names, finite_weights, weights
from .feature_index import FeatureIndex, Vocabulary, binary_csr

__all__ = ["HybridWSD", "IMSWSD"]

_LEXFILE = re.compile(r"%1:(\d\d):")
# the run cache's numbering of the features of ims and hybrid (their names do not overlap
# between groups, so one numbering serves every setting; a model's columns do not depend on it)
_INDEX = "ims-features"
# the run cache's entry of a sentence for them: {setting: {target position: (frame, context,
# context index, encoded features)}}
_ROWS = "ims-rows"
_Kept = dict[Hashable, dict[int, tuple[Any, Any, int, np.ndarray]]]


@dataclass(slots=True)
class _LinearModel:
    senses: tuple[str, ...]  # tie-break order; the classifier's rows follow it
    columns: Vocabulary
    coef: np.ndarray  # (senses, features) float32; empty for a one-sense verb
    intercept: np.ndarray  # (senses,)

    @property
    def vocab(self) -> dict[str, int]:
        return self.columns.mapping


class IMSWSD(Disambiguator):
    """IMS-style supervised WSD: a linear SVM per verb over local features.

    Parameters
    ----------
    C:
        Inverse regularisation strength of the SVM.
    pos, bag, collocations:
        Feature groups on/off (:mod:`wsd.methods._features`).
    window:
        The bag of words: ``"sentence"`` or a number of tokens each side (across sentences).
    min_count:
        Features seen in fewer training instances of the verb are dropped.
    temperature:
        Divides the decision values before the softmax that turns them into scores.
    confidence_lambda:
        Confidence weight (the config and ``--param`` key ``lambda``).
    verb_thesaurus:
        The sense inventory (tie-break order, first-sense fallback).

    The range of every numeric parameter: ``wsd/methods/README.md``.
    """

    name = "ims"
    ranges = {
        **Disambiguator.ranges,
        "C": Range(float, 1e-6, REAL_LIMIT),
        "window": Range(int, 1, COUNT_LIMIT, extra=("sentence",)),
        "min_count": Range(int, 1, COUNT_LIMIT),
        "temperature": Range(float, 1e-6, REAL_LIMIT),
    }

    def __init__(
        self,
        *,
        C: float = 0.1,
        pos: bool = True,
        bag: bool = True,
        collocations: bool = True,
        window: str | int = "sentence",
        min_count: int = 1,
        temperature: float = 1.0,
        confidence_lambda: float = 0.5,
        verb_thesaurus: str = "wordnet-verb",
    ) -> None:
        self.C = C
        self.min_count = min_count
        self.pos = pos
        self.bag = bag
        self.collocations = collocations
        self.window = window
        self.temperature = temperature
        self.confidence_lambda = confidence_lambda
        self.verb_thesaurus = verb_thesaurus

    # --- parameters ---------------------------------------------------------------------------
    def _validate_params(self) -> None:
        super()._validate_params()
        for group in ("pos", "bag", "collocations"):
            check_bool(group, getattr(self, group))
        if not self._groups() and not self._frame_groups():
            raise ModelError(f"{self.name}: every feature group is switched off")

    def _groups(self) -> tuple[str, ...]:
        return tuple(g for g in GROUPS if getattr(self, g))

    def _frame_groups(self) -> tuple[str, ...]:
        return ()

    @property
    def context_window(self) -> int | str:
        return 0 if self.window == "sentence" else "document"

    # --- features -----------------------------------------------------------------------------
    def _row_key(self) -> tuple[Any, ...]:
        """The run-cache key of an instance's encoded features under this setting."""
        return self._ims_key()

    def _feature_names(self, instance: Instance) -> list[str]:
        """The names of ``instance``'s features, each once, in a fixed order: read from its
        sentence, the target's position, its case frame and its wider context only (never
        its gold or id: :meth:`_rows` keeps them by those)."""
        return self._ims_names(instance)

    def _encode(self, instance: Instance) -> np.ndarray:
        """The ids of ``instance``'s features (:meth:`_feature_names`)."""
        return self._encode_ims(instance)

    def _ims_key(self) -> tuple[Any, ...]:
        return ("ims-row", self._groups(), self.window)

    def _ims_names(self, instance: Instance) -> list[str]:
        window = None if self.window == "sentence" else int(self.window)
        return ims_features(instance, self._groups(), window=window, content=self._content)

    def _encode_ims(self, instance: Instance) -> np.ndarray:
        return self.cache.feature_index(_INDEX).encode(self._ims_names(instance))

    def _content(self, tokens: tuple[Token, ...]) -> tuple[int, ...]:
        """The indices of a sentence's content tokens, shared by its verbs through the run
        cache."""
        return self.cache.instance_value(
            "sentence-content", tokens, partial(sentence_content, tokens)
        )

    def _encoded(self, instances: list[Instance]) -> tuple[list[np.ndarray], FeatureIndex]:
        """Each instance's features as ids of the run cache's index of the IMS family's
        features (:data:`_INDEX`), and the index."""
        rows = self._rows(self._row_key(), self._encode, instances)
        return rows, self.cache.feature_index(_INDEX)

    def _rows(
        self, key: Hashable, encode: Callable[[Instance], np.ndarray], instances: list[Instance]
    ) -> list[np.ndarray]:
        """The instances' encoded features under the setting ``key``, computed once and kept
        in the run cache by what they are made of (:meth:`_feature_names`): per sentence,
        setting and target position, with the case frame and wider context they were read
        from.  So the folds of a verb share them, and so does the gold-free copy of an
        instance that :meth:`rank` sees (it shares those objects)."""
        of_sentence = self.cache.instance_value
        rows = []
        for inst in instances:
            settings: _Kept = of_sentence(_ROWS, inst.sentence, dict)
            kept = settings.get(key)
            if kept is None:
                kept = settings[key] = {}
            found = kept.get(inst.position)
            row = _kept_row(found, inst)
            if row is None:
                row = encode(inst)
                if found is None:  # (another frame or context at the same place: not kept)
                    kept[inst.position] = (inst.frame, inst.context, inst.context_index, row)
            rows.append(row)
        return rows

    def _kept(self, key: Hashable, instance: Instance) -> np.ndarray | None:
        """The encoded features of ``instance`` under ``key`` if the run cache holds them."""
        settings: _Kept = self.cache.instance_value(_ROWS, instance.sentence, dict)
        kept = settings.get(key)
        return None if kept is None else _kept_row(kept.get(instance.position), instance)

    def _design(self, instances: list[Instance]) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
        """The training instances' binary design matrix as the column of every entry and the
        row pointers (columns numbered in first-seen order, entries of a row in its
        features' order), and the feature id of each column."""
        rows, index = self._encoded(instances)
        ids = np.concatenate(rows) if rows else np.zeros(0, np.int64)
        order, columns = _first_seen(ids, len(index))
        indptr = np.zeros(len(rows) + 1, dtype=np.int64)
        np.cumsum(np.fromiter(map(len, rows), np.int64, len(rows)), out=indptr[1:])
        return columns, indptr, order

    def _inputs(self, instances: list[Instance], vocab: Vocabulary) -> Any:
        """The float32 binary CSR matrix of the inputs over a model's ``vocab``
        (:meth:`Vocabulary.matrix`)."""
        rows, index = self._encoded(instances)
        return vocab.matrix(index, rows, np.float32)

    # --- training and prediction --------------------------------------------------------------
    def _fit_verb(self, lemma: str, instances: list[Instance], labels: list[str]) -> _LinearModel:
        senses = tuple(sorted(set(labels), key=self.tiebreak(lemma).__getitem__))
        if len(senses) == 1:
            no_features = (np.zeros((1, 0), np.float32), np.zeros(1, np.float32))
            return _LinearModel(senses, Vocabulary({}), *no_features)
        columns, indptr, ids = self._design(instances)
        if int(self.min_count) > 1:  # features seen in fewer training instances are dropped
            keep = np.bincount(columns, minlength=len(ids)) >= int(self.min_count)
            kept = keep[columns]
            columns = (np.cumsum(keep) - 1)[columns[kept]]
            indptr = np.concatenate([[0], np.cumsum(kept)])[indptr]
            ids = ids[keep]
        vocab = Vocabulary.of_ids(self.cache.feature_index(_INDEX), ids)
        column = {s: k for k, s in enumerate(senses)}
        y = np.fromiter(map(column.__getitem__, labels), dtype=np.int64, count=len(labels))
        if len(ids) == 0:  # no feature left: the senses' training frequencies decide
            prior = np.bincount(y, minlength=len(senses)) / len(y)
            empty = Vocabulary({})
            return _LinearModel(senses, empty, np.zeros((len(senses), 0), np.float32), prior)
        # float64 with each row's entries sorted: what LinearSVC would convert the matrix to
        # (so liblinear adds up the same numbers in the same order), made so at once
        X = binary_csr(columns, indptr, len(ids), np.float64)
        X.sort_indices()
        raw_coef, intercept = linear_svc(X, y, len(senses), float(self.C))
        # float16 weights: what the model file stores, so a loaded model answers the same
        with np.errstate(over="ignore"):  # beyond float16: inf, refused below
            coef = _float16(raw_coef)
        if not (np.isfinite(coef).all() and np.abs(intercept).max() <= MAX_WEIGHT):
            raise ModelError(
                f"{self.name}: the weights of verb {lemma!r} are beyond what a model file holds "
                f"(float16, +-{MAX_WEIGHT:g}) with C = {self.C}; use a smaller C",
                param="C",
            )
        if len(senses) == 2:  # one decision value d for the second sense: -d / +d
            coef = np.vstack([-coef[0], coef[0]])  # rounding to float16 commutes with -
            intercept = np.array([-intercept[0], intercept[0]])
        return _LinearModel(senses, vocab, coef, intercept.astype(np.float32))

    def _rank_verb(
        self, lemma: str, model: _LinearModel, instances: list[Instance]
    ) -> list[Prediction]:
        if len(model.senses) == 1:
            ranking = ((model.senses[0], 1.0),)
            return [self.make_prediction(instance, ranking) for instance in instances]
        X = self._inputs(instances, model.columns)
        values = np.asarray(X @ model.coef.T) + model.intercept
        values = values / float(self.temperature)
        probs = np.exp(values - values.max(axis=1, keepdims=True))
        probs /= probs.sum(axis=1, keepdims=True)
        # columns are in tie-break order, so a stable sort breaks ties as ranked() does
        order = np.argsort(-probs, axis=1, kind="stable")
        names = np.array(model.senses, dtype=object)[order].tolist()
        scores = np.take_along_axis(probs, order, axis=1).tolist()
        known = np.diff(X.indptr).tolist()
        predict = self.make_prediction
        return [
            predict(instance, tuple(zip(row_names, row_scores, strict=True)), None, details)
            for instance, row_names, row_scores, details in zip(
                instances, names, scores, ((("features", float(k)),) for k in known), strict=True
            )
        ]

    # --- serialisation ------------------------------------------------------------------------
    def verb_state(self, lemma: str) -> Any:
        model: _LinearModel = self.verbs_[lemma]
        return {
            "senses": list(model.senses),
            "features": sorted(model.vocab, key=model.vocab.__getitem__),
            "coef": _encode(model.coef.astype(np.float16)),
            "intercept": model.intercept.astype(np.float32).tolist(),
        }

    def load_verb_state(self, lemma: str, state: Any) -> _LinearModel:
        """The classifier of a saved state: a row per training sense, finite weights within
        float16's range; else ValueError naming the field."""
        senses = self.state_senses(lemma, "senses", state["senses"], every=True)
        vocab = feature_names("features", state["features"])
        coef = _decode(state["coef"], (len(senses), len(vocab))).astype(np.float32)
        finite_weights("coef", coef)
        intercept = weights("intercept", state["intercept"], len(senses)).astype(np.float32)
        return _LinearModel(senses, Vocabulary(vocab), coef, intercept)


# LinearSVC(max_iter=5000, random_state=0) as liblinear receives it: its solvers of the
# L2-regularised squared hinge (dual, primal), tolerance, the seed it draws from
# random_state=0, the intercept's scaling and epsilon (unused by these solvers)
_DUAL_SOLVER, _PRIMAL_SOLVER = 1, 2
_TOL, _MAX_ITER, _BIAS, _EPSILON = 1e-4, 5000, 1.0, 0.1
_SEED = int(np.random.RandomState(0).randint(np.iinfo("i").max))


def linear_svc(X: Any, y: np.ndarray, n_classes: int, C: float) -> tuple[np.ndarray, np.ndarray]:
    """``(coef_, intercept_)`` of ``LinearSVC(C=C, max_iter=5000, random_state=0).fit(X, y)``
    (one-vs-rest, squared hinge, L2, ``dual="auto"``), by the same call of liblinear that
    makes them, without the estimator's per-call input checks: ``X`` is a float64 CSR matrix
    with sorted indices and int32 index arrays, ``y`` numbers the classes ``0..n_classes-1``,
    each present (what :meth:`IMSWSD._fit_verb` makes).  On SemCor's many small verbs those
    checks cost as much as the solver.  ``tests/test_ims.py`` holds the result to
    :class:`LinearSVC`'s, so a change in scikit-learn's private solver call shows there."""
    liblinear.set_verbosity_wrap(0)  # (global in liblinear: its default prints)
    solver = _DUAL_SOLVER if X.shape[0] < X.shape[1] else _PRIMAL_SOLVER  # dual="auto"
    raw, _ = liblinear.train_wrap(
        X,
        np.asarray(y, dtype=np.float64),
        True,
        solver,
        _TOL,
        _BIAS,
        C,
        np.ones(n_classes),
        _MAX_ITER,
        _SEED,
        _EPSILON,
        np.ones(X.shape[0]),
    )
    return raw[:, :-1], _BIAS * raw[:, -1]


def _kept_row(found: tuple[Any, Any, int, np.ndarray] | None, instance: Instance) -> Any:
    """The encoded features of a run-cache entry if it was read from ``instance``'s frame and
    context (the entry holds them, so they are the objects, not others at their address)."""
    if (
        found is not None
        and found[0] is instance.frame
        and found[1] is instance.context
        and found[2] == instance.context_index
    ):
        return found[3]
    return None


def _first_seen(ids: np.ndarray, size: int) -> tuple[np.ndarray, np.ndarray]:
    """The distinct values of ``ids`` (each in ``0..size-1``) in first-seen order, and each
    entry's position in that order; in time linear in ``len(ids)``, or ``size`` where that
    is not much larger (a sort otherwise: a verb's few ids in a large index)."""
    n = len(ids)
    if size <= 4 * n:
        first = np.full(size, n, dtype=np.int64)  # each value's first position
        np.minimum.at(first, ids, np.arange(n))
        is_first = np.zeros(n, dtype=bool)
        is_first[first[first < n]] = True
        order = ids[is_first]
        position = np.empty(size, dtype=np.int64)  # read only at values that occur
        position[order] = np.arange(len(order))
        return order, position[ids]
    values, first, inverse = np.unique(ids, return_index=True, return_inverse=True)
    by_first = np.argsort(first)
    position = np.empty(len(values), dtype=np.int64)
    position[by_first] = np.arange(len(values))
    return values[by_first], position[inverse]


# every float16 value as float32, by its bits (numpy widens float16 one element at a time)
_HALF_TO_SINGLE = np.arange(1 << 16, dtype=np.uint16).view(np.float16).astype(np.float32)


def _float16(array: np.ndarray) -> np.ndarray:
    """``array`` rounded to float16 (as the model file stores it), as float32: the same as
    ``array.astype(np.float16).astype(np.float32)``, widened by :data:`_HALF_TO_SINGLE`."""
    return _HALF_TO_SINGLE[array.astype(np.float16).view(np.uint16)]


def _encode(array: np.ndarray) -> dict[str, Any]:
    """A float16 array as JSON: dtype, shape and the little-endian bytes in base64 (a weight
    costs 2.7 characters instead of ~10 as a JSON number)."""
    data = np.ascontiguousarray(array, dtype="<f2")
    encoded = b64encode(data.tobytes()).decode()
    return {"dtype": "float16", "shape": list(data.shape), "base64": encoded}


def _decode(value: Any, shape: tuple[int, int]) -> np.ndarray:
    """The array :func:`_encode` wrote, checked against the expected shape (ValueError)."""
    if not isinstance(value, dict) or value.get("dtype") != "float16":
        raise ValueError("coef must be an encoded float16 array")
    if tuple(value.get("shape", ())) != shape:
        raise ValueError(f"coef has shape {value.get('shape')}, expected {list(shape)}")
    raw = b64decode(value["base64"], validate=True)
    if len(raw) != 2 * shape[0] * shape[1]:
        raise ValueError("coef data does not match its shape")
    return np.frombuffer(raw, dtype="<f2").reshape(shape)


class HybridWSD(IMSWSD):
    """IMS features plus the example-based method's knowledge of the verb's case frame.

    Parameters (besides :class:`IMSWSD`'s)
    --------------------------------------
    frame_lemmas:
        ``F:<case>=<filler lemma>`` features (``F:<case>`` is always on).
    filler_classes:
        ``"lexfile"``: the lexicographer file of the filler's senses (WordNet keys);
        ``"none"``.
    filler_hypernyms:
        Ancestors of the filler's senses in the noun thesaurus as features: ``"first"`` (the
        first sense), ``"all"`` (every sense), ``"none"``.
    noun_thesaurus:
        The noun thesaurus of the fillers.
    """

    name = "hybrid"

    def __init__(
        self,
        *,
        C: float = 0.1,
        pos: bool = True,
        bag: bool = True,
        collocations: bool = True,
        window: str | int = "sentence",
        min_count: int = 1,
        temperature: float = 1.0,
        frame_lemmas: bool = True,
        filler_classes: str = "lexfile",
        filler_hypernyms: str = "first",
        confidence_lambda: float = 0.5,
        noun_thesaurus: str = "wordnet-noun",
        verb_thesaurus: str = "wordnet-verb",
    ) -> None:
        super().__init__(
            C=C,
            pos=pos,
            bag=bag,
            collocations=collocations,
            window=window,
            min_count=min_count,
            temperature=temperature,
            confidence_lambda=confidence_lambda,
            verb_thesaurus=verb_thesaurus,
        )
        self.frame_lemmas = frame_lemmas
        self.filler_classes = filler_classes
        self.filler_hypernyms = filler_hypernyms
        self.noun_thesaurus = noun_thesaurus

    def _validate_params(self) -> None:
        check_bool("frame_lemmas", self.frame_lemmas)
        check_choice("filler_classes", self.filler_classes, ("lexfile", "none"))
        check_choice("filler_hypernyms", self.filler_hypernyms, ("first", "all", "none"))
        if not isinstance(self.noun_thesaurus, str):
            raise ModelError(
                f"noun_thesaurus must be a thesaurus spec, got {self.noun_thesaurus!r}"
            )
        super()._validate_params()

    def _frame_groups(self) -> tuple[str, ...]:
        return ("frame",)

    def _row_key(self) -> tuple[Any, ...]:
        return (
            "hybrid-row",
            self._groups(),
            self.window,
            self.frame_lemmas,
            self.filler_classes,
            self.filler_hypernyms,
            self.noun_thesaurus,
        )

    @property
    def nouns(self) -> Thesaurus:
        return thesaurus.load(self.noun_thesaurus)

    def _frame_names(self, instance: Instance) -> list[str]:
        framed = frame_features(instance, self._filler_classes)
        if not self.frame_lemmas:
            framed = [f for f in framed if not (f.startswith("F:") and "=" in f)]
        return framed

    def _feature_names(self, instance: Instance) -> list[str]:
        ims = self._ims_names(instance) if self._groups() else []
        return ims + self._frame_names(instance)

    def _encode(self, instance: Instance) -> np.ndarray:
        """The IMS features' ids, then the frame features': the former as an :class:`IMSWSD`
        of the same groups and window kept them in the run cache, when it ran first (as in a
        cross-validation of both); a hybrid alone neither keeps them twice nor encodes
        twice."""
        index = self.cache.feature_index(_INDEX)
        ims = self._kept(self._ims_key(), instance) if self._groups() else None
        if ims is None:
            return index.encode(self._feature_names(instance))
        return np.concatenate([ims, index.encode(self._frame_names(instance))])

    def _filler_classes(self, filler: Filler) -> list[str]:
        """``L:<lexicographer file>`` and ``H:<ancestor>`` names of a filler's senses."""
        if self.filler_classes == "none" and self.filler_hypernyms == "none":
            return []
        memo = self.cache.table(
            ("hybrid-classes", self.filler_classes, self.filler_hypernyms, self.noun_thesaurus)
        )
        key = (filler.lemma, filler.sense if filler.cls is not None else None)
        found = memo.get(key)
        if found is None:
            found = memo[key] = self._classes_of(self.nouns, *key)
        return found

    def _classes_of(self, nouns: Thesaurus, lemma: str, sense: str | None) -> list[str]:
        if sense is not None and nouns.has_sense(sense):
            senses: tuple[str, ...] = (sense,)
        elif nouns.has_word(lemma):
            senses = nouns.senses(lemma)
        else:
            return []
        if self.filler_hypernyms == "first" or sense is not None:
            hyper_senses = senses[:1]
        else:
            hyper_senses = senses
        out: dict[str, None] = {}
        if self.filler_classes == "lexfile":
            for key in senses[:1] if self.filler_hypernyms != "all" else senses:
                match = _LEXFILE.search(key)
                if match is not None:
                    out[f"L:{match.group(1)}"] = None
        if self.filler_hypernyms != "none":
            for key in hyper_senses:
                nodes, _ = nouns.ancestors(nouns.sense_node(key))
                for node in nodes.tolist():
                    out[f"H:{nouns.node_name(node)}"] = None
        return list(out)
