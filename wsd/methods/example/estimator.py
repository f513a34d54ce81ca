"""Method 1: example-based verb sense disambiguation (Fujii et al.; DESIGN.md section 1): an
input's Score per sense is the SIM of its case fillers to the sense's examples, weighted by CCD.
"""

from __future__ import annotations

import functools
from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import replace
from typing import Any

import numpy as np

from wsd._exceptions import ModelError
from wsd.methods._base import Disambiguator, check_choice
from wsd.methods._state import MAX_COUNT, sense_key
from wsd.methods.example.ccd import ccd_values, nearest_shared
from wsd.methods.example.examples import Entries, ExamplePool, Examples, VerbModel
from wsd.methods.example.scoring import choices, rank_inputs
from wsd.methods.example.similarity import sim_rows
from wsd.methods.example.tuning import (
    BETA,
    DEFAULT_TUNE,
    SIM_K,
    TUNABLE,
    Setting,
    make_setting,
    setting_key,
)
from wsd.methods.noun_lookup import FillerKey, NounLookup
from wsd.methods.ranges import COUNT_LIMIT, UNIT, Range, shown
from wsd.methods.senses import state_senses
from wsd.methods.thesaurus_evidence import EVIDENCE_RANGES
from wsd.types import Filler, Instance, Prediction

__all__ = ["FALLBACK_NO_FILLER", "PAPER", "ExampleBasedWSD"]

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
    "thesaurus_examples": 0,
    "frame_penalty": 0.0,
}

Pair = tuple[str, FillerKey]  # (case, filler)


class ExampleBasedWSD(Disambiguator):
    """Example-based verb sense disambiguation (method 1, Fujii et al.).

    A sense's score is the SIM of the input's case fillers to the sense's training examples,
    weighted by each case's CCD.  The defaults are the best variant on the held-out SemCor
    split; ``ExampleBasedWSD(**PAPER)`` is the published method.

    Parameters
    ----------
    beta : float or inf, default=1.0
        Exponent on CCD, in [0, 1e6] or inf: 0 ignores CCD, inf lets the cases of the highest
        CCD decide (ties go to the next level).
    confidence_lambda : float, default=0.5
        ``lambda`` of the confidence ``lambda*S1 + (1-lambda)*(S1-S2)``, in [0, 1].
    similarity : str, default="kurohashi"
        Path length -> similarity: a name of ``thesaurus.similarity_mapping``.
    similarity_params : dict of str to float or None, default=None
        The mapping's parameters (``scale``, ``max_len``, ``tau``), each in (0, 1e6].
    sim_aggregate : {"knn", "max"}, default="knn"
        SIM of a sense's examples: ``"max"`` (the paper) the similarity of the nearest;
        ``"knn"`` the mean of the ``sim_k`` nearest, each counted as often as seen, missing
        ones 0, a filler of ``m`` possible senses ``1/m`` at each.
    sim_k : int, default=7
        ``k`` of ``"knn"``, in [1, 1e6].
    confidence_prior : float, default=0.33
        ``gamma`` in [0, 1]: the confidence becomes ``(1-gamma)*C + gamma*P(S1)``, ``P(S1)``
        the chosen sense's share of the verb's training instances.
    marks : list of str, default=("comp", "adv")
        Non-nominal frame parts used as cases (``comp``, ``adv``, ``pron``, ``voice``), their
        words compared by identity; ``()``: noun cases only (the paper).
    tune : list of dict, default=DEFAULT_TUNE
        Candidate tables overriding ``similarity``, ``similarity_params``, ``sim_k`` or a
        finite ``beta``; a verb with at least ``tune_min_instances`` training instances keeps
        the one with the most exact matches in ``tune_folds``-fold cross-validation (its own
        parameters win ties), saved with the model.  ``()``: no tuning.
    tune_folds : int, default=3
        In [2, 1000].
    tune_min_instances : int, default=50
        In [2, 1e6].
    noun_senses : {"all", "oracle"}, default="all"
        An input noun's senses: every one (the best counts) or the corpus's tagged one.
    example_senses : {"first", "tagged", "all"}, default="first"
        A training filler's tagged sense, else its first (``"first"``) or every sense
        (``"tagged"``); ``"all"``: always every sense.
    ccd_match : float, default=1.0
        Similarity in (0, 1] at which two fillers count as shared in CCD (1: the same node).
    thesaurus_examples, thesaurus_backoff, frame_penalty : int, float, float, default=1, 0, 0.2
        The verb thesaurus's own evidence, off at 0 (:mod:`wsd.methods.thesaurus_evidence`):
        its examples counted that many times (in [0, 100]), a share of the neighbours' scores
        lent to a sense and the penalty on senses whose frames cannot take the input's (in
        [0, 1]).
    noun_thesaurus, verb_thesaurus : str, default="wordnet-noun", "wordnet-verb"
        The thesauri of case fillers and of verb senses (``thesaurus.load`` specs).

    Raises
    ------
    ModelError
        At ``fit``, a parameter out of its range or a bad ``tune`` candidate, naming it.

    Examples
    --------
    >>> from wsd.methods import PAPER, ExampleBasedWSD
    >>> ExampleBasedWSD(**PAPER).sim_aggregate
    'max'
    """

    name = "example"
    ranges = {
        **Disambiguator.ranges,
        **EVIDENCE_RANGES,
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
        thesaurus_examples: int = 1,
        thesaurus_backoff: float = 0.0,
        frame_penalty: float = 0.2,
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
        self.thesaurus_examples = thesaurus_examples
        self.thesaurus_backoff = thesaurus_backoff
        self.frame_penalty = frame_penalty
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
        self._settings: dict[str, Setting] = {}
        for overrides in ({}, *self.tune):  # each checked now: ModelError names a bad one
            self.setting(overrides)

    def setting(self, overrides: Mapping[str, Any]) -> Setting:
        """The scoring parameters with ``overrides`` (a ``tune`` candidate) applied; ModelError."""
        key = setting_key(overrides)
        if key not in self._settings:
            own = {name: getattr(self, name) for name in TUNABLE}
            self._settings[key] = make_setting(overrides, own)
        return self._settings[key]

    def length_sims(self, setting: Setting) -> np.ndarray:
        """``sim(L)`` for ``L = 0, 1, ...`` as long as it can be > 0 in the noun thesaurus."""
        sims = self._lengths.get(setting.mapping)
        if sims is None:
            depth = self.lookup.nouns.max_depth
            full = np.asarray(setting.sim(np.arange(2 * depth + 1)), dtype=float)
            positive = np.flatnonzero(full > 0)
            sims = self._lengths[setting.mapping] = full[: positive[-1] + 1 if len(positive) else 1]
        return sims

    @property
    def lookup(self) -> NounLookup:
        return self.cache.noun_lookup(self.noun_thesaurus)

    def _reset_caches(self) -> None:
        super()._reset_caches()
        for verb in getattr(self, "verbs_", {}).values():
            verb.memo.clear()

    @property
    def oracle(self) -> str | None:
        if self.noun_senses == "oracle":
            return "noun_senses='oracle': input noun senses are read from the corpus's gold"
        return None

    # --- case frames ------------------------------------------------------------------------
    def filler_key(self, filler: Filler, gold: str | None, *, training: bool) -> FillerKey:
        """(lemma, sense or None for every sense) under ``example_senses`` / ``noun_senses``;
        a class filler (pronoun, name) has its class sense."""
        use_gold = self.example_senses != "all" if training else self.noun_senses == "oracle"
        if use_gold and gold is not None:
            return (filler.lemma, gold)
        if filler.cls is not None:
            return (filler.lemma, filler.sense)
        nouns = self.lookup.nouns
        if training and self.example_senses == "first" and nouns.has_word(filler.lemma):
            return (filler.lemma, nouns.senses(filler.lemma)[0])
        return (filler.lemma, None)

    def frame_items(self, instances: Iterable[Instance], *, training: bool) -> list[list[Pair]]:
        """The usable (case, filler key) pairs of each instance: noun fillers the thesaurus
        knows, then the words of the marks in use (``(word, None)``).  Do not change the lists."""
        settings = (
            "example-items",
            training,
            self.example_senses if training else self.noun_senses,
            self._lexical,
            self.noun_thesaurus,
        )
        compute = functools.partial(self._items, training=training)
        return self.cache.instance_values(settings, instances, compute)

    def _items(self, instance: Instance, *, training: bool) -> list[Pair]:
        frame = instance.frame
        if frame is None:
            return []
        lookup, lexical = self.lookup, self._lexical
        golds = instance.filler_gold or (None,) * len(frame.cases)
        items = []
        for (case, filler), gold in zip(frame.cases, golds, strict=True):
            key = self.filler_key(filler, gold, training=training)
            if case not in lexical and lookup.nodes(key) is not None:
                items.append((case, key))
        if lexical:
            voice = (("voice", "passive"),) if frame.passive else ()
            items.extend(
                (label, (word, None)) for label, word in (*voice, *frame.marks) if label in lexical
            )
        return items

    # --- training -------------------------------------------------------------------------------
    def _fit_verb(self, lemma: str, instances: list[Instance], labels: list[str]) -> VerbModel:
        pool = self._pool(lemma)
        encoded = list(map(pool.encoded, self.frame_items(instances, training=True)))
        model = self._model_of(lemma, pool, encoded, labels)
        if self.tune and len(instances) >= self.tune_min_instances:
            model.setting = self._tuned(lemma, pool, instances, encoded, labels)
        return model

    def _model_of(
        self, lemma: str, pool: ExamplePool, arrays: Sequence[np.ndarray], labels: Sequence[str]
    ) -> VerbModel:
        senses = self.sense_columns(lemma, Counter(labels))
        ids = np.concatenate(arrays) if arrays else np.empty(0, np.int64)
        column = {sense: c for c, sense in enumerate(senses)}
        columns = np.repeat(
            np.fromiter((column[label] for label in labels), np.int64, len(labels)),
            np.fromiter(map(len, arrays), np.int64, len(arrays)),
        )
        return self._index_verb(senses, pool, pool.entries(ids, columns, len(senses)))

    def _index_verb(
        self,
        senses: tuple[str, ...],
        pool: ExamplePool,
        entries: Entries,
        saved: Examples | None = None,
    ) -> VerbModel:
        points = pool.point_index(entries, len(senses), nearest=self.sim_aggregate == "max")
        model = VerbModel(senses, pool.pairs, entries, points, saved=saved)
        marked = [c for c, case in enumerate(entries.cases) if case in self._lexical]
        for case in entries.cases:
            if case not in self._lexical:
                model.shift[case] = pool.shift(case)
        mine = entries.items[np.isin(entries.case_of, marked)].tolist()
        model.marks = {pool.pairs[item]: item for item in mine}
        model.ccd = self.ccd(model, pool)
        return model

    def _pool(self, lemma: str) -> ExamplePool:
        pools = self.cache.table(("example-pool", self.noun_thesaurus, self._lexical))
        pool = pools.get(lemma)
        if pool is None or pool.lookup is not self.lookup:
            pool = pools[lemma] = ExamplePool(self.lookup, self._lexical)
        return pool

    def ccd(
        self, model: VerbModel, pool: ExamplePool, *, by_nodes: bool | None = None
    ) -> dict[str, float]:
        """CCD of each case of a model (:mod:`.ccd`): by shared nodes where ``ccd_match`` is
        reached at length 0 only (``by_nodes``: force either way), else by nearest examples."""
        entries, n = model.entries, len(model.senses)
        if n < 2 or not entries.cases:
            return dict.fromkeys(entries.cases, 1.0)
        if by_nodes is None:
            sims, match = self.length_sims(self.setting({})), float(self.ccd_match) - 1e-12
            by_nodes = bool(sims[0] >= match and np.all(sims[1:] < match))
        if by_nodes:
            shared = pool.shared(entries, n)
        else:
            nearest = pool.point_index(entries, n, nearest=True)
            sims = self.length_sims(self.setting({}))
            shared = nearest_shared(model, nearest, sims, float(self.ccd_match), self.lookup)
        return dict(zip(entries.cases, ccd_values(entries, shared, n), strict=True))

    def _sim_rows(
        self, model: VerbModel, pairs: Sequence[Pair], settings: Sequence[Setting]
    ) -> list[np.ndarray]:
        """Per setting, the (pairs x senses) SIM of (case, filler) pairs the model can score."""
        unique = {(s.mapping, s.k): s for s in settings}  # beta alone changes no row
        nearest = self.sim_aggregate == "max"
        specs = [(self.length_sims(s), 1 if nearest else s.k) for s in unique.values()]
        rows = sim_rows(model, pairs, specs, self.lookup)
        return [rows[list(unique).index((s.mapping, s.k))] for s in settings]

    def _tuned(
        self,
        lemma: str,
        pool: ExamplePool,
        instances: Sequence[Instance],
        encoded: Sequence[np.ndarray],
        labels: Sequence[str],
    ) -> dict[str, Any]:
        """The ``tune`` overrides (``{}``: own) with the most exact matches over the verb's
        folds (instance ``i`` in fold ``i mod tune_folds``); own parameters win ties."""
        candidates: list[dict[str, Any]] = [{}, *(dict(c) for c in self.tune)]
        settings = [self.setting(c) for c in candidates]
        fold = np.arange(len(instances)) % self.tune_folds
        inputs = self.frame_items(self.seen_as_all(instances), training=False)
        correct = np.zeros(len(candidates))
        for f in range(self.tune_folds):
            train = np.flatnonzero(fold != f).tolist()
            test = np.flatnonzero(fold == f).tolist()
            if not test:
                continue
            model = self._model_of(
                lemma, pool, [encoded[i] for i in train], [labels[i] for i in train]
            )
            owner, pairs = self.usable_pairs(model, [inputs[i] for i in test])
            columns = {sense: c for c, sense in enumerate(model.senses)}
            gold = np.array([columns.get(labels[i], -1) for i in test])
            sims = self._sim_rows(model, pairs, settings)
            cases = [case for case, _ in pairs]
            for c, chosen in enumerate(choices(model, owner, cases, sims, settings, len(test))):
                correct[c] += int(np.sum(chosen == gold))
        return candidates[int(np.argmax(correct))]

    # --- prediction -----------------------------------------------------------------------------
    def make_prediction(
        self,
        instance: Instance,
        ranking: tuple[tuple[str, float], ...],
        fallback: str | None = None,
        details: tuple[tuple[str, float], ...] = (),
    ) -> Prediction:
        """The base prediction, its confidence blended by ``confidence_prior``."""
        prediction = super().make_prediction(instance, ranking, fallback, details)
        gamma = float(self.confidence_prior)
        counts = self.sense_counts_.get(instance.lemma)
        if gamma == 0.0 or not ranking or counts is None:
            return prediction
        share = counts[ranking[0][0]] / counts.total()
        return replace(prediction, confidence=(1.0 - gamma) * prediction.confidence + gamma * share)

    def usable_pairs(
        self, model: VerbModel, items: Sequence[list[Pair]]
    ) -> tuple[list[int], list[Pair]]:
        """The input of each (case, filler) pair the model can score, and the pairs."""
        owner: list[int] = []
        pairs: list[Pair] = []
        for i, frame_items in enumerate(items):
            for case, key in frame_items:
                # (a nominal case has examples exactly when it has a CCD)
                if (case, key) in model.marks if case in self._lexical else case in model.ccd:
                    owner.append(i)
                    pairs.append((case, key))
        return owner, pairs

    def _rows(self, model: VerbModel, wanted: list[Pair]) -> np.ndarray:
        missing = [pair for pair in dict.fromkeys(wanted) if pair not in model.memo]
        if missing:
            (rows,) = self._sim_rows(model, missing, [self.setting(model.setting)])
            model.memo.update(zip(missing, rows, strict=True))
        return np.array([model.memo[pair] for pair in wanted]).reshape(
            len(wanted), len(model.senses)
        )

    def _rank_verb(
        self, lemma: str, model: VerbModel, instances: list[Instance]
    ) -> list[Prediction]:
        items = self.frame_items(instances, training=False)
        owner, pairs = self.usable_pairs(model, items)
        ranked = {}
        if pairs:
            cases = [case for case, _ in pairs]
            beta = self.setting(model.setting).beta
            ranked = rank_inputs(model, owner, cases, self._rows(model, pairs), beta)
        out = []
        for i, instance in enumerate(instances):
            found = ranked.get(i, FALLBACK_NO_FILLER)
            if isinstance(found, tuple):
                out.append(self.make_prediction(instance, found[0], None, found[1]))
            else:
                out.append(self.mfs_prediction(instance, found or FALLBACK_NO_INFORMATIVE_CASE))
        return out

    # --- serialisation ----------------------------------------------------------------------------
    def verb_state(self, lemma: str) -> Any:
        """case -> sense -> ``[lemma, sense(, count > 1)]`` per filler; with a ``tune``
        choice ``{"examples": <that>, "setting": <its overrides>}``."""
        model: VerbModel = self.verbs_[lemma]
        examples = {
            case: {
                sense: [[*key, count] if count > 1 else list(key) for key, count in keys.items()]
                for sense, keys in by_sense.items()
            }
            for case, by_sense in model.examples.items()
        }
        return {"examples": examples, "setting": model.setting} if model.setting else examples

    def load_verb_state(self, lemma: str, state: Any) -> VerbModel:
        """The model of a saved state (:meth:`verb_state`); else ValueError naming the field."""
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
            keys = state_senses(self, lemma, field, list(by_sense), every=False)
            examples[case] = {
                sense: _fillers(f"{field}[{sense!r}]", fillers)
                for sense, fillers in zip(keys, by_sense.values(), strict=True)
            }
        senses = self.sense_columns(lemma)
        pool = self._pool(lemma)
        listed = [
            ((case, key), column, count, c)
            for c, (case, by_sense) in enumerate(examples.items())
            for column, sense in enumerate(senses)
            for key, count in by_sense.get(sense, {}).items()
        ]
        columns, counts, case_of = (np.array([e[k] for e in listed], np.int64) for k in (1, 2, 3))
        ids = pool.ids([pair for pair, *_ in listed])
        entries = Entries(ids, columns, counts, case_of, np.arange(len(listed)), tuple(examples))
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


def _fillers(field: str, entries: Any) -> dict[FillerKey, int]:
    """A sense's saved fillers, each once: ``[lemma, sense or null(, 1 <= n <= MAX_COUNT)]``."""
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
