"""Method 1: example-based disambiguation by case-frame similarity, weighted by each case's
contribution to disambiguation (CCD), with a confidence score (Fujii et al.).

::

    Score(s) = sum_c SIM(n_c, E[s][c]) * CCD(c)^beta / sum_c CCD(c)^beta
    SIM(n, E) = max_{e in E} sim(LEN(n, e))          (sim_aggregate="max", the paper)
              = mean of the sim_k largest sim(LEN(n, e)), e counted with its frequency
                                                      (sim_aggregate="knn")
    CCD(c)    = 1/C(n,2) * sum_{i<j} (|Ei| + |Ej| - 2|Ei ∩ Ej|) / (|Ei| + |Ej|)

(c over the input's cases; CCD pairs with both filler sets empty add nothing, as DESIGN.md
writes the formula: the sum is still divided by all C(n,2) pairs.)  Cases are the frame's noun
cases and, with ``marks``, its non-nominal marks, whose fillers are words compared by identity.

No per-example graph search happens at prediction time: the training fillers of a verb are
indexed by their ancestors in the noun thesaurus (:mod:`._neighbours`; one index per verb, its
cases kept apart as separate copies of the tree), so SIM for every sense costs one pass over
the input noun's ancestors, whatever the number of examples.  ``rank`` works a verb's inputs
as one batch: the SIM rows of every new (case, filler) are computed in one compiled pass
(:mod:`._kernels`) and memoised on the verb; the weighted scores of all inputs come from one
segmented sum.  A model's index and its CCD counts are sparse products of its example counts
with its verb's :class:`~._pool.ExamplePool`, built once per run for all the fits of the verb
(folds, learning-curve subsets, tuning folds).  With ``ccd_match=1`` (the default) CCD needs
no nearest-example index: two fillers are shared exactly when they share a node.  With
``tune``, every verb with enough training instances picks its own similarity, ``sim_k`` and
``beta`` by cross-validation on its training instances (:mod:`._selection`).
"""

from __future__ import annotations

import functools
import math
from collections import Counter, defaultdict
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import Any

import numpy as np

import thesaurus
from thesaurus import Thesaurus

from .._exceptions import ModelError
from .._ranges import COUNT_LIMIT, UNIT, Range, shown
from ..types import Filler, Instance, Prediction
from ._base import Disambiguator, check_choice
from ._cache import FillerKey, NounLookup
from ._neighbours import (
    FAR,
    NearestIndex,
    PointIndex,
    build_nearest,
    knn_best,
    nearest_lengths,
)
from ._pool import Entries, ExamplePool
from ._selection import (
    BETA,
    DEFAULT_TUNE,
    SIM_K,
    TUNABLE,
    Setting,
    make_setting,
    select_setting,
    setting_key,
)
from ._state import MAX_COUNT, sense_key

__all__ = ["DEFAULT_TUNE", "PAPER", "ExampleBasedWSD"]

FALLBACK_NO_FILLER = "mfs:no-usable-filler"
FALLBACK_NO_INFORMATIVE_CASE = "mfs:no-informative-case"

# Fujii et al.'s method as published: ``ExampleBasedWSD(**PAPER)``.
PAPER: dict[str, Any] = {
    "sim_aggregate": "max",
    "sim_k": 1,
    "example_senses": "tagged",
    "marks": (),
    "tune": (),
    "confidence_prior": 0.0,
}

Examples = dict[str, dict[str, dict[FillerKey, int]]]  # case -> sense -> filler -> count
Chain = tuple[np.ndarray, np.ndarray]


@dataclass(slots=True)
class _WordIndex:
    """A mark's training words (``marks``): word -> row of per-sense counts."""

    rows: dict[str, int]
    counts: np.ndarray  # (len(rows), n_senses)


@dataclass(slots=True)
class _VerbModel:
    senses: tuple[str, ...]  # training senses in tie-break order: the column order everywhere
    pairs: list[tuple[str, FillerKey]]  # the items `entries` numbers (its pool's, growing)
    entries: Entries  # the distinct (case, filler, sense) examples with their counts
    setting: dict[str, Any] = field(default_factory=dict)  # this verb's `tune` choice
    index: dict[str, NearestIndex] = field(default_factory=dict)  # nominal cases
    points: PointIndex | None = None  # sim_aggregate="knn": every nominal case, shifted
    shift: dict[str, int] = field(default_factory=dict)  # nominal case -> its id shift
    words: dict[str, _WordIndex] = field(default_factory=dict)  # marks
    ccd: dict[str, float] = field(default_factory=dict)  # raw CCD (before the beta power)
    memo: dict[tuple[str, FillerKey], np.ndarray] = field(default_factory=dict)  # SIM rows
    saved: Examples | None = None  # `examples` when the model was loaded from them

    @property
    def examples(self) -> Examples:
        """case -> sense -> filler -> count: the unique fillers in training order, cases and
        each case's senses in order of first appearance (built from ``entries`` when first
        asked for: scoring with the defaults never needs it)."""
        if self.saved is None:
            items, columns, counts, case_of, first, cases = self.entries
            pairs = self.pairs
            # a case's senses in order of their first example
            order = np.lexsort((first, case_of))
            by_case: dict[str, dict[str, dict[FillerKey, int]]] = {case: {} for case in cases}
            for e in order.tolist():
                by_case[cases[case_of[e]]].setdefault(self.senses[columns[e]], {})
            listed = zip(items.tolist(), columns.tolist(), counts.tolist(), strict=True)
            for item, column, count in listed:
                case, key = pairs[item]
                by_case[case][self.senses[column]][key] = count
            self.saved = by_case
        return self.saved


# ExampleBasedWSD._validate_params: the checked Settings by the repr of (the own TUNABLE
# parameters, tune); a repr names plain values (config and JSON values) exactly
_CHECKED_SETTINGS: dict[str, dict[str, Setting]] = {}


class ExampleBasedWSD(Disambiguator):
    """Example-based verb sense disambiguation (method 1).

    The defaults are the best variant measured on the held-out SemCor split (README,
    "Methods"); ``ExampleBasedWSD(**PAPER)`` (``PAPER`` = ``sim_aggregate="max"``,
    ``sim_k=1``, ``example_senses="tagged"``, ``marks=()``, ``tune=()``,
    ``confidence_prior=0``) is the method as Fujii et al. published it.

    Parameters
    ----------
    beta:
        Exponent on CCD, or ``inf``.  0 ignores CCD (every case weighs the same);
        large values let the most contributing case decide; ``inf`` is the exact limit: the
        score is the most contributing case's, ties broken by the next case, and so on.
    confidence_lambda:
        Confidence weight: ``C = lambda*S1 + (1-lambda)*(S1-S2)``.
    confidence_prior:
        ``gamma`` in ``[0, 1]``: the confidence becomes ``(1 - gamma) * C + gamma * P(S1)``,
        ``P(S1)`` the share of the verb's training instances that have the chosen sense, so
        that an answer the training data rarely supports ranks lower on the applicability
        curve (MFS fallbacks included).  0 is the paper's ``C``; default 0.33.  Rankings do
        not change.
    similarity, similarity_params:
        Mapping from noun-thesaurus path length to similarity (``thesaurus.similarity_mapping``).
    sim_aggregate, sim_k:
        How ``SIM(n, E[s][c])`` sums up the examples.  ``"max"`` (the paper): the similarity
        of the single nearest example.  ``"knn"`` (default, ``sim_k=7``): the mean
        similarity of the ``sim_k`` nearest examples of the sense, each example counted as
        often as it occurred in training (a sense with fewer examples counts the missing ones
        as 0), so that several close examples outweigh one, and identical fillers seen under
        several senses no longer tie.  ``sim_k=1`` is ``"max"`` again, except that an example
        without a tagged sense (``example_senses="tagged"`` or ``"all"``) counts as 1/m of an
        example on each of its m senses instead of at its nearest sense.
    marks:
        Labels of the frame's non-nominal parts to use as cases besides its noun cases
        (``CaseFrame.marks``: English ``comp``, ``adv``, ``pron``; ``voice`` = a passive
        verb's ``passive``).  Their fillers are words, compared by identity: ``SIM`` is 1
        when the same word was seen with the sense (``"knn"``: the share of ``sim_k``
        examples that had it).  A mark label hides a noun case of the same name.  Default
        ``("comp", "adv")``; ``()``: noun cases only, as in the paper.
    tune, tune_folds, tune_min_instances:
        Per-verb choice of scoring parameters by cross-validation on the verb's training
        instances.  ``tune`` lists alternative settings, each a table overriding some of
        ``similarity``, ``similarity_params``, ``sim_k`` and (finite) ``beta``.  A verb with
        at least ``tune_min_instances`` training instances is cross-validated in
        ``tune_folds`` folds (instance ``i`` in fold ``i mod tune_folds``) and keeps the
        setting with the most exact matches, the estimator's own parameters first (they win
        ties); other verbs keep the estimator's parameters.  The choice is saved with the
        model (``verbs_[lemma].setting``).  Default :data:`DEFAULT_TUNE` (a steeper
        similarity, ``exp`` with ``tau`` 2 or 4; ``sim_k`` 3 or 15; ``beta`` 2 or 4);
        ``()``: no tuning.
    noun_senses:
        ``"all"`` (default, realistic): an input noun takes the best of its senses.
        ``"oracle"``: use the corpus's tagged noun sense of the input when present — an
        **oracle** setting, since test-time noun senses are unknown in practice.
    example_senses:
        ``"tagged"`` (the paper): training fillers use their tagged noun sense when the corpus
        gives one (training data is sense-tagged), else every sense of the word; ``"first"``
        (default): the tagged sense, else the word's first sense in the noun thesaurus
        (WordNet's most frequent); ``"all"``: every sense of the word.
    ccd_match:
        Similarity at or above which two fillers of different senses count as the same filler
        when CCD measures how much the filler sets overlap (1.0: same thesaurus node).
    noun_thesaurus, verb_thesaurus:
        ``thesaurus.load`` specs.

    The range of every numeric parameter: ``wsd/methods/README.md``.
    """

    name = "example"
    ranges = {
        **Disambiguator.ranges,
        "beta": BETA,
        "sim_k": SIM_K,
        "confidence_prior": UNIT,
        "tune_folds": Range(int, 2, 1000),
        "tune_min_instances": Range(int, 2, COUNT_LIMIT),
        "ccd_match": Range(float, 0, 1, low_open=True),
    }

    def __init__(
        self,
        *,
        beta: float = 1.0,
        confidence_lambda: float = 0.5,
        similarity: str = "kurohashi",
        similarity_params: dict[str, float] | None = None,
        sim_aggregate: str = "knn",
        sim_k: int = 7,
        confidence_prior: float = 0.33,
        marks: tuple[str, ...] | list[str] = ("comp", "adv"),
        tune: tuple[dict[str, Any], ...] | list[dict[str, Any]] = DEFAULT_TUNE,
        tune_folds: int = 3,
        tune_min_instances: int = 50,
        noun_senses: str = "all",
        example_senses: str = "first",
        ccd_match: float = 1.0,
        noun_thesaurus: str = "wordnet-noun",
        verb_thesaurus: str = "wordnet-verb",
    ) -> None:
        self.beta = beta
        self.confidence_lambda = confidence_lambda
        self.similarity = similarity
        self.similarity_params = similarity_params
        self.sim_aggregate = sim_aggregate
        self.sim_k = sim_k
        self.confidence_prior = confidence_prior
        self.marks = marks
        self.tune = tune
        self.tune_folds = tune_folds
        self.tune_min_instances = tune_min_instances
        self.noun_senses = noun_senses
        self.example_senses = example_senses
        self.ccd_match = ccd_match
        self.noun_thesaurus = noun_thesaurus
        self.verb_thesaurus = verb_thesaurus

    # --- parameters and resources ------------------------------------------------------------
    def _validate_params(self) -> None:
        super()._validate_params()
        check_choice("noun_senses", self.noun_senses, ("all", "oracle"))
        check_choice("example_senses", self.example_senses, ("tagged", "first", "all"))
        check_choice("sim_aggregate", self.sim_aggregate, ("max", "knn"))
        if not isinstance(self.marks, list | tuple) or not all(
            isinstance(m, str) and m for m in self.marks
        ):
            raise ModelError(
                f"marks must be a list of mark labels, got {self.marks!r}", param="marks"
            )
        if not isinstance(self.tune, list | tuple) or not all(
            isinstance(c, Mapping) for c in self.tune
        ):
            raise ModelError(
                f"tune must be a list of tables of parameters, got {self.tune!r}", param="tune"
            )
        self._lexical = frozenset(self.marks)
        self._lengths: dict[str, np.ndarray] = {}
        self._identity: bool | None = None  # _match_is_identity
        # the checked settings of these parameters, shared by every clone fitted with them
        key = repr((tuple(getattr(self, name) for name in TUNABLE), self.tune))
        known = _CHECKED_SETTINGS.get(key)
        if known is None:
            self._settings: dict[str, Setting] = {}
            for candidate in ({}, *self.tune):
                self.setting(candidate)
            if len(_CHECKED_SETTINGS) >= 256:
                _CHECKED_SETTINGS.clear()
            known = _CHECKED_SETTINGS[key] = dict(self._settings)
        self._settings = dict(known)
        self._sim = self.setting({}).sim

    def setting(self, overrides: Mapping[str, Any]) -> Setting:
        """The scoring parameters with ``overrides`` (a ``tune`` candidate) applied, checked
        (:class:`ModelError` names a bad value) and memoised."""
        key = setting_key(overrides)
        known = self._settings.get(key)
        if known is None:
            own = {name: getattr(self, name) for name in TUNABLE}
            known = self._settings[key] = make_setting(key, overrides, own)
        return known

    def length_sims(self, setting: Setting) -> np.ndarray:
        """``sim(L)`` for ``L = 0, 1, ...`` as long as it can be > 0 in the noun thesaurus."""
        sims = self._lengths.get(setting.mapping)
        if sims is None:
            full = np.asarray(setting.sim(np.arange(2 * self.nouns.max_depth + 1)), dtype=float)
            positive = np.flatnonzero(full > 0)
            sims = self._lengths[setting.mapping] = full[: positive[-1] + 1 if len(positive) else 1]
        return sims

    @property
    def nouns(self) -> Thesaurus:
        return thesaurus.load(self.noun_thesaurus)

    @property
    def _lookup(self) -> NounLookup:
        return self.cache.noun_lookup(self.noun_thesaurus)

    def _reset_caches(self) -> None:
        super()._reset_caches()
        for verb in getattr(self, "verbs_", {}).values():
            verb.memo.clear()

    def _filler_key(self, filler: Filler, gold: str | None, *, training: bool) -> FillerKey:
        """(lemma, sense or None for every sense): a filler's gold sense when training on
        tagged examples (``example_senses`` other than ``"all"``) or under the oracle; else a
        class filler's class sense (pronouns, names); else, for a training example under
        ``example_senses="first"``, the lemma's first sense; else every sense of its lemma."""
        use_gold = self.example_senses != "all" if training else self.noun_senses == "oracle"
        if use_gold and gold is not None:
            return (filler.lemma, gold)
        if filler.cls is not None:
            return (filler.lemma, filler.sense)
        if training and self.example_senses == "first" and self.nouns.has_word(filler.lemma):
            return (filler.lemma, self.nouns.senses(filler.lemma)[0])
        return (filler.lemma, None)

    @property
    def oracle(self) -> str | None:
        if self.noun_senses == "oracle":
            return "noun_senses='oracle': input noun senses are read from the corpus's gold"
        return None

    def _frame_items(
        self, instances: Iterable[Instance], *, training: bool
    ) -> list[list[tuple[str, FillerKey]]]:
        """The usable (case, filler key) pairs of each instance: noun fillers the thesaurus
        knows, then the words of the marks in use (key ``(word, None)``); computed once per
        instance and setting in the run cache (callers must not change the lists)."""
        settings = (
            "example-items",
            training,
            self.example_senses if training else self.noun_senses,
            self._lexical,
            self.noun_thesaurus,
        )
        return self.cache.instance_values(
            settings, instances, functools.partial(self._compute_items, training=training)
        )

    def _compute_items(self, instance: Instance, *, training: bool) -> list[tuple[str, FillerKey]]:
        frame = instance.frame
        if frame is None:
            return []
        lookup, lexical = self._lookup, self._lexical
        golds = instance.filler_gold or (None,) * len(frame.cases)
        items = []
        for (case, filler), gold in zip(frame.cases, golds, strict=True):
            key = self._filler_key(filler, gold, training=training)
            if case not in lexical and lookup.nodes(key) is not None:
                items.append((case, key))
        if lexical:
            voice = (("voice", "passive"),) if frame.passive else ()
            items.extend(
                (label, (word, None)) for label, word in (*voice, *frame.marks) if label in lexical
            )
        return items

    # --- training -------------------------------------------------------------------------------
    def _fit_verb(self, lemma: str, instances: list[Instance], labels: list[str]) -> _VerbModel:
        pool = self._pool(lemma)
        encoded = list(map(pool.encoded, self._frame_items(instances, training=True)))
        model = self._model_of(lemma, pool, encoded, labels)
        if self.tune and len(instances) >= self.tune_min_instances:
            model.setting = select_setting(self, lemma, instances, encoded, labels)
        return model

    def verb_model(
        self, lemma: str, items: Sequence[list[tuple[str, FillerKey]]], labels: Sequence[str]
    ) -> _VerbModel:
        """One verb's indexed examples (no tuning) from the training instances' frame items
        (:meth:`_frame_items`) and labels: the instances' items numbered once in the verb's
        :class:`ExamplePool`, the model's distinct examples counted by array operations."""
        pool = self._pool(lemma)
        return self._model_of(lemma, pool, list(map(pool.encoded, items)), labels)

    def _model_of(
        self, lemma: str, pool: ExamplePool, arrays: Sequence[np.ndarray], labels: Sequence[str]
    ) -> _VerbModel:
        """:meth:`verb_model` from the instances' items numbered in ``pool``."""
        senses = self._columns(lemma, Counter(labels))
        ids = np.concatenate(arrays) if arrays else np.empty(0, np.int64)
        column = {sense: c for c, sense in enumerate(senses)}
        columns = np.repeat(
            np.fromiter((column[label] for label in labels), np.int64, len(labels)),
            np.fromiter(map(len, arrays), np.int64, len(arrays)),
        )
        return self._index_verb(senses, pool, pool.entries(ids, columns, len(senses)))

    def _columns(self, lemma: str, counts: Counter[str]) -> tuple[str, ...]:
        """The training senses in tie-break order (as :meth:`Disambiguator.tiebreak`)."""
        order = {s: (-counts[s], self.sense_order(lemma, s), s) for s in counts}
        return tuple(sorted(counts, key=order.__getitem__))

    def _index_verb(
        self,
        senses: tuple[str, ...],
        pool: ExamplePool,
        entries: Entries,
        saved: Examples | None = None,
    ) -> _VerbModel:
        items, columns, counts, case_of, _, cases = entries
        model = _VerbModel(senses, pool.pairs, entries, saved=saved)
        for c, case in enumerate(cases):
            if case in self._lexical:
                mine = np.flatnonzero(case_of == c)
                words = [pool.pairs[item][1][0] for item in items[mine].tolist()]
                model.words[case] = _word_index(len(senses), words, columns[mine], counts[mine])
            else:
                model.shift[case] = pool.shift(case)
        if len(senses) > 1 and self._match_is_identity():
            matched, size = pool.shared(items, columns, len(senses), len(cases), case_of)
            model.ccd = dict(zip(cases, _ccd_values(matched, size), strict=True))
        else:
            model.ccd = {case: self._ccd(model, case) for case in cases}
        if self.sim_aggregate == "knn":
            model.points = pool.point_index(items, columns, counts, len(senses))
        return model

    def _pool(self, lemma: str) -> ExamplePool:
        """The verb's :class:`ExamplePool` in the run cache (shared by the clones of a run)."""
        pools = self.cache.table(("example-pool", self.noun_thesaurus, self._lexical))
        pool = pools.get(lemma)
        if pool is None or pool.lookup is not self._lookup:
            pool = pools[lemma] = ExamplePool(self._lookup, self._lexical)
        return pool

    def nearest_index(self, model: _VerbModel, case: str) -> NearestIndex:
        """The nearest-example index of a nominal case, built on first use (``"max"``
        scoring, and CCD when ``ccd_match`` is below 1)."""
        index = model.index.get(case)
        if index is None:
            index = model.index[case] = self._nearest_index(model.senses, model.examples[case])
        return index

    def _nearest_index(
        self, senses: tuple[str, ...], by_sense: dict[str, dict[FillerKey, int]]
    ) -> NearestIndex:
        lookup = self._lookup
        pairs = [(c, key) for c, s in enumerate(senses) for key in by_sense.get(s, ())]
        chains = [lookup.ancestors(key) for _, key in pairs]
        return build_nearest(chains, [c for c, _ in pairs], len(senses))

    def _ccd(self, model: _VerbModel, case: str) -> float:
        """CCD of ``case`` (module docstring).  A filler of sense i is "shared" with sense j
        when its similarity to E[j][case] reaches ``ccd_match``; |Ei ∩ Ej| is the mean of the
        two directions' counts (exactly the intersection size when matching is identity)."""
        n = len(model.senses)
        if n < 2:
            return 1.0
        by_sense = model.examples[case]
        owners = [i for i, s in enumerate(model.senses) for _ in by_sense.get(s, ())]
        keys = [key for s in model.senses for key in by_sense.get(s, ())]
        size = np.bincount(owners, minlength=n).astype(float)
        matched = np.zeros((n, n))
        if keys:
            if case in model.words:
                shared = _word_counts(model.words[case], keys) > 0
            else:
                nearest = self._nearest_sims(self.nearest_index(model, case), keys, self._sim)
                shared = nearest >= float(self.ccd_match) - 1e-12
            np.add.at(matched, np.asarray(owners), shared)
        (value,) = _ccd_values(matched[None], size[None])
        return value

    def _match_is_identity(self) -> bool:
        """Whether ``ccd_match`` counts two fillers as shared exactly when they share a
        thesaurus node: ``sim(0)`` reaches it and no longer path does."""
        if self._identity is None:  # once per fit, as the length_sims it reads
            sims = self.length_sims(self.setting({}))
            threshold = float(self.ccd_match) - 1e-12
            self._identity = bool(sims[0] >= threshold and np.all(sims[1:] < threshold))
        return self._identity

    # --- similarity ---------------------------------------------------------------------------
    def _nearest_sims(
        self, index: NearestIndex, keys: Sequence[FillerKey], sim: Callable[..., np.ndarray]
    ) -> np.ndarray:
        """``SIM`` of the nearest example (0 where a sense has none), per key and sense."""
        ancestors = self._lookup.ancestors
        lengths = nearest_lengths(index, [ancestors(key) for key in keys])
        reached = lengths < FAR
        out = np.zeros(lengths.shape)
        out[reached] = np.asarray(sim(lengths[reached]), dtype=float)
        return out

    def knn_rows(
        self, model: _VerbModel, pairs: Sequence[tuple[str, FillerKey]], settings: Sequence[Setting]
    ) -> list[np.ndarray]:
        """``SIM`` under ``"knn"`` of nominal (case, filler) pairs, for each setting: per pair,
        the best over the filler's nodes of the mean similarity of each sense's ``k`` nearest
        examples; every case in one pass over the verb's point index (:func:`knn_best`)."""
        if not pairs or model.points is None:
            return [np.zeros((len(pairs), len(model.senses))) for _ in settings]
        ancestors = self._lookup.ancestors
        unique = {(s.mapping, s.k): s for s in settings}  # beta alone changes no row
        spec = [(self.length_sims(s), s.k) for s in unique.values()]
        shifts = np.fromiter((model.shift[case] for case, _ in pairs), np.int64, len(pairs))
        best = knn_best(model.points, [ancestors(key) for _, key in pairs], spec, shifts)
        return [best[list(unique).index((s.mapping, s.k))] for s in settings]

    def word_sims(self, counts: np.ndarray, setting: Setting) -> np.ndarray:
        """``SIM`` of a mark from its words' training counts (:func:`_word_counts`)."""
        if self.sim_aggregate == "knn":
            return np.minimum(counts, setting.k) / setting.k
        return (counts > 0).astype(float)

    def _rows(self, model: _VerbModel, wanted: list[tuple[str, FillerKey]]) -> np.ndarray:
        """The memoised SIM rows of (case, filler) pairs, computing the missing ones per case."""
        memo = model.memo
        setting = self.setting(model.setting)
        missing: dict[str, list[FillerKey]] = defaultdict(list)
        for case, key in dict.fromkeys(wanted):
            if (case, key) not in memo:
                missing[case].append(key)
        nominal: list[tuple[str, FillerKey]] = []
        for case, keys in missing.items():
            if case in model.words:
                rows = self.word_sims(_word_counts(model.words[case], keys), setting)
            elif self.sim_aggregate == "knn":
                nominal.extend((case, key) for key in keys)
                continue
            else:
                rows = self._nearest_sims(self.nearest_index(model, case), keys, setting.sim)
            for key, row in zip(keys, rows, strict=True):
                memo[(case, key)] = row
        if nominal:
            (rows,) = self.knn_rows(model, nominal, [setting])
            memo.update(zip(nominal, rows, strict=True))
        return np.array([memo[pair] for pair in wanted]).reshape(len(wanted), len(model.senses))

    # --- prediction -----------------------------------------------------------------------------
    def make_prediction(
        self,
        instance: Instance,
        ranking: tuple[tuple[str, float], ...],
        fallback: str | None = None,
        details: tuple[tuple[str, float], ...] = (),
    ) -> Prediction:
        """The base prediction; with ``confidence_prior`` > 0 its confidence is blended with
        the training share of the chosen sense (a verb seen in training only)."""
        prediction = super().make_prediction(instance, ranking, fallback, details)
        gamma = float(self.confidence_prior)
        counts = self.sense_counts_.get(instance.lemma)
        if gamma == 0.0 or not ranking or counts is None:
            return prediction
        share = counts[ranking[0][0]] / counts.total()
        return replace(prediction, confidence=(1.0 - gamma) * prediction.confidence + gamma * share)

    def usable_pairs(
        self, model: _VerbModel, items: Sequence[list[tuple[str, FillerKey]]]
    ) -> tuple[list[int], list[tuple[str, FillerKey]]]:
        """The (case, filler) pairs of the inputs' frame items (:meth:`_frame_items`) that
        the verb's model can score, and the input of each (in input order)."""
        owner: list[int] = []
        pairs: list[tuple[str, FillerKey]] = []
        for i, frame_items in enumerate(items):
            for case, key in frame_items:
                words = model.words.get(case)
                # (a nominal case has examples exactly when it has a CCD)
                if case in model.ccd if words is None else key[0] in words.rows:
                    owner.append(i)
                    pairs.append((case, key))
        return owner, pairs

    def _rank_verb(
        self, lemma: str, model: _VerbModel, instances: list[Instance]
    ) -> list[Prediction]:
        items = self._frame_items(instances, training=False)
        owner, pairs = self.usable_pairs(model, items)
        out: list[Prediction | None] = [None] * len(instances)
        if pairs:
            sims = self._rows(model, pairs)
            cases = [case for case, _ in pairs]
            beta = self.setting(model.setting).beta
            if math.isinf(beta):
                self._rank_lexicographic(model, instances, owner, cases, sims, out)
            else:
                self._rank_weighted(model, instances, owner, cases, sims, beta, out)
        return [
            p if p is not None else self.mfs_prediction(instances[i], FALLBACK_NO_FILLER)
            for i, p in enumerate(out)
        ]

    def _rank_weighted(
        self,
        model: _VerbModel,
        instances: list[Instance],
        owner: list[int],
        cases: list[str],
        sims: np.ndarray,
        beta: float,
        out: list[Prediction | None],
    ) -> None:
        starts, weights, totals, scores = weighted_scores(model, owner, cases, sims, beta)
        order = np.argsort(-scores, axis=1, kind="stable")  # ties: column = tie-break order
        with np.errstate(invalid="ignore", divide="ignore"):
            values = np.take_along_axis(scores, order, axis=1) / totals[:, None]
        names = np.array(model.senses, dtype=object)[order].tolist()
        values_list = values.tolist()
        ends = [*starts[1:].tolist(), len(cases)]
        labels = [f"weight:{c}" for c in cases]
        relative = weights.tolist()  # CCD^beta over the input's largest
        for row, (start, end) in enumerate(zip(starts.tolist(), ends, strict=True)):
            i = owner[start]
            if totals[row] <= 0:
                out[i] = self.mfs_prediction(instances[i], FALLBACK_NO_INFORMATIVE_CASE)
                continue
            ranking = tuple(zip(names[row], values_list[row], strict=True))
            details = tuple(zip(labels[start:end], relative[start:end], strict=True))
            out[i] = self.make_prediction(instances[i], ranking, None, details)

    def _rank_lexicographic(
        self,
        model: _VerbModel,
        instances: list[Instance],
        owner: list[int],
        cases: list[str],
        sims: np.ndarray,
        out: list[Prediction | None],
    ) -> None:
        """``beta = inf``: the cases of the highest CCD decide (their mean SIM is the score),
        ties go to the next CCD level, then to the tie-break order."""
        groups: dict[int, list[int]] = defaultdict(list)
        for entry, i in enumerate(owner):
            groups[i].append(entry)
        senses = model.senses
        for i, entries in groups.items():
            levels = sorted({model.ccd[cases[e]] for e in entries}, reverse=True)
            if levels[0] <= 0:
                out[i] = self.mfs_prediction(instances[i], FALLBACK_NO_INFORMATIVE_CASE)
                continue
            means = [
                sims[[e for e in entries if model.ccd[cases[e]] == level]].mean(axis=0)
                for level in levels
            ]
            # np.lexsort sorts by the last key first: tie-break column, then levels upwards.
            order = np.lexsort([np.arange(len(senses))] + [-m for m in reversed(means)])
            ranking = tuple((senses[j], float(means[0][j])) for j in order.tolist())
            details = tuple(
                (f"weight:{cases[e]}", 1.0 if model.ccd[cases[e]] == levels[0] else 0.0)
                for e in entries
            )
            out[i] = self.make_prediction(instances[i], ranking, None, details)

    # --- serialisation ----------------------------------------------------------------------------
    def verb_state(self, lemma: str) -> Any:
        """case -> sense -> ``[lemma, sense]`` per filler seen once, ``[lemma, sense, count]``
        per filler seen more often (files written before counts were kept load as count 1);
        a verb with a ``tune`` choice: ``{"examples": <that>, "setting": <its overrides>}``."""
        model: _VerbModel = self.verbs_[lemma]
        examples = {
            case: {
                sense: [[*key, count] if count > 1 else list(key) for key, count in keys.items()]
                for sense, keys in by_sense.items()
            }
            for case, by_sense in model.examples.items()
        }
        return {"examples": examples, "setting": model.setting} if model.setting else examples

    def load_verb_state(self, lemma: str, state: Any) -> _VerbModel:
        """The indexed examples of a saved state (:meth:`verb_state`): each case's senses
        trained ones, each filler ``[lemma, sense or null(, count)]`` once, and a ``tune``
        choice within the parameters' ranges; else ValueError naming the field."""
        if not isinstance(state, dict):
            raise ValueError("the state must be a table of cases")
        tuned = set(state) == {"examples", "setting"}
        saved = state["examples"] if tuned else state
        if not isinstance(saved, dict):
            raise ValueError("examples must be a table of cases")
        examples: Examples = {}
        for case, by_sense in saved.items():
            field = f"examples[{case!r}]"
            if not isinstance(by_sense, dict):
                raise ValueError(f"{field} must be a table of senses")
            keys = self.state_senses(lemma, field, list(by_sense), every=False)
            examples[case] = {
                sense: _fillers(f"{field}[{sense!r}]", fillers)
                for sense, fillers in zip(keys, by_sense.values(), strict=True)
            }
        senses = self._columns(lemma, self.sense_counts_[lemma])
        pool = self._pool(lemma)
        pairs: list[tuple[str, FillerKey]] = []
        columns: list[int] = []
        counts: list[int] = []
        case_of: list[int] = []
        for c, (case, by_sense) in enumerate(examples.items()):
            for column, sense in enumerate(senses):
                for key, count in by_sense.get(sense, {}).items():
                    pairs.append((case, key))
                    columns.append(column)
                    counts.append(count)
                    case_of.append(c)
        entries = Entries(
            pool.ids(pairs),
            np.asarray(columns, np.int64),
            np.asarray(counts, np.int64),
            np.asarray(case_of, np.int64),
            np.arange(len(pairs)),
            tuple(examples),
        )
        model = self._index_verb(senses, pool, entries, saved=examples)
        if tuned:
            if not isinstance(state["setting"], dict):
                raise ValueError("setting must be a table of tune overrides")
            try:
                self.setting(state["setting"])  # checks the saved choice
            except ModelError as exc:
                raise ValueError(f"setting: {exc}") from None
            model.setting = dict(state["setting"])
        return model


def weighted_scores(
    model: _VerbModel, owner: Sequence[int], cases: Sequence[str], sims: np.ndarray, beta: float
) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
    """Un-normalised scores of every input at once (rows: inputs in ``owner`` order):
    weights CCD^beta normalised within each input (in log space, so a large beta cannot
    underflow the ratio), one segmented sum.  Returns the first pair of each input, the
    weights, each input's total weight and the scores (divide by the total for Score)."""
    owners = np.asarray(owner)
    starts = np.flatnonzero(np.r_[True, owners[1:] != owners[:-1]])
    if beta == 0.0:
        weights = np.ones(len(cases))
    else:
        with np.errstate(divide="ignore"):
            logs = np.log(np.array([model.ccd[c] for c in cases]))
        top = np.maximum.reduceat(logs, starts)
        informative = np.isfinite(top)
        offset = np.repeat(np.where(informative, top, 0.0), np.diff(np.r_[starts, len(logs)]))
        weights = np.exp(beta * (logs - offset))
    totals = np.add.reduceat(weights, starts)
    scores = np.add.reduceat(sims * weights[:, None], starts, axis=0)
    return starts, weights, totals, scores


def _ccd_values(matched: np.ndarray, size: np.ndarray) -> list[float]:
    """CCD of each case from ``matched[c, i, j]`` (fillers of sense i shared with sense j)
    and ``size[c, i]`` (fillers of sense i): the mean over the pairs i < j of
    ``1 - (|Ei ∩ Ej| + |Ej ∩ Ei|) / (|Ei| + |Ej|)``, 0 for a pair with no filler."""
    n = size.shape[1]
    total = size[:, :, None] + size[:, None, :]
    with np.errstate(divide="ignore", invalid="ignore"):
        terms = np.where(total > 0, 1.0 - (matched + matched.transpose(0, 2, 1)) / total, 0.0)
    upper = _upper(n)
    return [float(t.ravel()[upper].sum() / math.comb(n, 2)) for t in terms]


@functools.lru_cache(maxsize=256)
def _upper(n: int) -> np.ndarray:
    """The flat positions of the pairs ``i < j`` in an ``n`` x ``n`` array, row by row."""
    rows, columns = np.triu_indices(n, k=1)
    flat = rows * n + columns
    flat.flags.writeable = False
    return flat


def _word_index(
    n_senses: int, words: list[str], columns: np.ndarray, counts: np.ndarray
) -> _WordIndex:
    """A mark's word index from its examples (the word, sense column and count of each, in
    model order): rows in order of first appearance."""
    rows: dict[str, int] = {}
    row_of = [rows.setdefault(word, len(rows)) for word in words]
    table = np.zeros((len(rows), n_senses))
    np.add.at(table, (np.asarray(row_of, np.int64), columns), counts)
    return _WordIndex(rows, table)


def _word_counts(index: _WordIndex, keys: Sequence[FillerKey]) -> np.ndarray:
    """Per-sense training counts of each key's word (a row of 0 for an unseen word)."""
    out = np.zeros((len(keys), index.counts.shape[1]))
    for i, (word, _) in enumerate(keys):
        row = index.rows.get(word)
        if row is not None:
            out[i] = index.counts[row]
    return out


def _fillers(field: str, entries: Any) -> dict[FillerKey, int]:
    """A sense's saved fillers: ``[lemma, sense]`` (seen once) or ``[lemma, sense, n]``, the
    filler's sense a key (lower-cased) or null, each filler once, ``1 <= n <= MAX_COUNT``."""
    if not isinstance(entries, list):
        raise ValueError(f"{field} must be a list of fillers")
    out: dict[FillerKey, int] = {}
    for entry in entries:
        count = entry[2] if isinstance(entry, list) and len(entry) == 3 else 1
        if (
            not isinstance(entry, list)
            or len(entry) not in (2, 3)
            or not isinstance(entry[0], str)
            or not (entry[1] is None or isinstance(entry[1], str))
            or type(count) is not int
            or not 1 <= count <= MAX_COUNT
        ):
            raise ValueError(
                f"{field}: example {shown(entry)} must be [lemma, sense] or [lemma, sense, "
                f"count >= 1] (count <= {MAX_COUNT})"
            )
        key = (entry[0], None if entry[1] is None else sense_key(field, entry[1]))
        if key in out:
            raise ValueError(f"{field} lists the filler {shown(list(key))} twice")
        out[key] = count
    return out
