"""Method 1: example-based disambiguation by case-frame similarity, weighted by each case's
contribution to disambiguation (CCD), with a confidence score (Fujii et al.).

::

    Score(s) = sum_c SIM(n_c, E[s][c]) * CCD(c)^beta / sum_c CCD(c)^beta
    SIM(n, E) = max_{e in E} sim(LEN(n, e))
    CCD(c)    = 1/C(n,2) * sum_{i<j} (|Ei| + |Ej| - 2|Ei ∩ Ej|) / (|Ei| + |Ej|)

(c over the input's cases; CCD pairs with both filler sets empty add nothing, as DESIGN.md
writes the formula: the sum is still divided by all C(n,2) pairs.)

No per-example graph search happens at prediction time.  For every (verb, case) the training
fillers are indexed by their ancestors in the noun thesaurus: ``down[a, s]`` is the shortest
distance from ancestor ``a`` down to an example of sense ``s``.  In a tree,
``min_{e in E[s][c]} LEN(n, e) = min_{a ancestor of n} (dist(n, a) + down[a, s])``, so SIM for
every sense costs one pass over the input noun's ancestors, whatever the number of examples.
``rank`` works a verb's inputs as one batch: the SIM rows of every new (case, filler) are
computed together with a few numpy gathers and memoised on the verb, and the weighted scores
of all inputs come from one segmented sum.
"""

from __future__ import annotations

import math
from collections import defaultdict
from dataclasses import dataclass, field
from typing import Any

import numpy as np

import thesaurus
from thesaurus import Thesaurus

from .._exceptions import ModelError
from ..types import Filler, Instance, Prediction
from ._base import Disambiguator, check_choice, check_number
from ._cache import FillerKey, NounLookup

__all__ = ["ExampleBasedWSD"]

FALLBACK_NO_FILLER = "mfs:no-usable-filler"
FALLBACK_NO_INFORMATIVE_CASE = "mfs:no-informative-case"
_FAR = np.int32(1 << 20)  # "no example below this ancestor"
_BLOCK = 2_000_000


@dataclass(slots=True)
class _CaseIndex:
    keys: np.ndarray  # sorted ancestor node ids
    down: np.ndarray  # (len(keys), n_senses) shortest distance down to an example of the sense


@dataclass(slots=True)
class _VerbModel:
    senses: tuple[str, ...]  # training senses in tie-break order: the column order everywhere
    examples: dict[str, dict[str, list[FillerKey]]]  # case -> sense -> unique fillers
    index: dict[str, _CaseIndex] = field(default_factory=dict)
    ccd: dict[str, float] = field(default_factory=dict)  # raw CCD (before the beta power)
    memo: dict[tuple[str, FillerKey], np.ndarray] = field(default_factory=dict)  # SIM rows


class ExampleBasedWSD(Disambiguator):
    """Example-based verb sense disambiguation (method 1).

    Parameters
    ----------
    beta:
        Exponent on CCD, ``>= 0`` or ``inf``.  0 ignores CCD (every case weighs the same);
        large values let the most contributing case decide; ``inf`` is the exact limit: the
        score is the most contributing case's, ties broken by the next case, and so on.
    confidence_lambda:
        Confidence weight: ``C = lambda*S1 + (1-lambda)*(S1-S2)``.
    similarity, similarity_params:
        Mapping from noun-thesaurus path length to similarity (``thesaurus.similarity_mapping``).
    noun_senses:
        ``"all"`` (default, realistic): an input noun takes the best of its senses.
        ``"oracle"``: use the corpus's tagged noun sense of the input when present — an
        **oracle** setting, since test-time noun senses are unknown in practice.
    example_senses:
        ``"tagged"`` (default): training fillers use their tagged noun sense when the corpus
        gives one (training data is sense-tagged); ``"all"``: every sense of the word.
    ccd_match:
        Similarity at or above which two fillers of different senses count as the same filler
        when CCD measures how much the filler sets overlap (1.0: same thesaurus node).
    noun_thesaurus, verb_thesaurus:
        ``thesaurus.load`` specs.
    """

    name = "example"

    def __init__(
        self,
        *,
        beta: float = 1.0,
        confidence_lambda: float = 0.5,
        similarity: str = "kurohashi",
        similarity_params: dict[str, float] | None = None,
        noun_senses: str = "all",
        example_senses: str = "tagged",
        ccd_match: float = 1.0,
        noun_thesaurus: str = "wordnet-noun",
        verb_thesaurus: str = "wordnet-verb",
    ) -> None:
        self.beta = beta
        self.confidence_lambda = confidence_lambda
        self.similarity = similarity
        self.similarity_params = similarity_params
        self.noun_senses = noun_senses
        self.example_senses = example_senses
        self.ccd_match = ccd_match
        self.noun_thesaurus = noun_thesaurus
        self.verb_thesaurus = verb_thesaurus

    # --- parameters and resources ------------------------------------------------------------
    def _validate_params(self) -> None:
        super()._validate_params()
        check_number("beta", self.beta, low=0.0, allow_inf=True)
        check_choice("noun_senses", self.noun_senses, ("all", "oracle"))
        check_choice("example_senses", self.example_senses, ("tagged", "all"))
        check_number("ccd_match", self.ccd_match, low=0.0, high=1.0, low_open=True)
        if self.similarity_params is not None and not isinstance(self.similarity_params, dict):
            raise ModelError(
                f"similarity_params must be a table of numbers, got {self.similarity_params!r}",
                param="similarity_params",
            )
        try:
            thesaurus.similarity_mapping(self.similarity)
        except thesaurus.ThesaurusError as exc:
            raise ModelError(f"similarity: {exc}", param="similarity") from exc
        try:
            self._sim = thesaurus.similarity_mapping(
                self.similarity, **(self.similarity_params or {})
            )
        except thesaurus.ThesaurusError as exc:
            raise ModelError(f"similarity_params: {exc}", param="similarity_params") from exc

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
        tagged examples (``example_senses="tagged"``) or under the oracle; else a class
        filler's class sense (pronouns, names), else every sense of its lemma."""
        use_gold = self.example_senses == "tagged" if training else self.noun_senses == "oracle"
        if use_gold and gold is not None:
            return (filler.lemma, gold)
        return (filler.lemma, filler.sense if filler.cls is not None else None)

    @property
    def oracle(self) -> str | None:
        if self.noun_senses == "oracle":
            return "noun_senses='oracle': input noun senses are read from the corpus's gold"
        return None

    # --- training -------------------------------------------------------------------------------
    def _fit_verb(self, lemma: str, instances: list[Instance], labels: list[str]) -> _VerbModel:
        lookup = self._lookup
        examples: dict[str, dict[str, list[FillerKey]]] = defaultdict(lambda: defaultdict(list))
        for instance, sense in zip(instances, labels, strict=True):
            if instance.frame is None:
                continue
            golds = instance.filler_gold or (None,) * len(instance.frame.cases)
            for (case, filler), gold in zip(instance.frame.cases, golds, strict=True):
                key = self._filler_key(filler, gold, training=True)
                bucket = examples[case][sense]
                if key not in bucket and lookup.nodes(key) is not None:
                    bucket.append(key)
        return self._index_verb(lemma, {c: dict(by_sense) for c, by_sense in examples.items()})

    def _index_verb(
        self, lemma: str, examples: dict[str, dict[str, list[FillerKey]]]
    ) -> _VerbModel:
        senses = tuple(sorted(self.sense_counts_[lemma], key=self.tiebreak(lemma).__getitem__))
        model = _VerbModel(senses=senses, examples=examples)
        for case, by_sense in examples.items():
            model.index[case] = self._build_index(senses, by_sense)
            model.ccd[case] = self._ccd(model, case)
        return model

    def _build_index(
        self, senses: tuple[str, ...], by_sense: dict[str, list[FillerKey]]
    ) -> _CaseIndex:
        lookup = self._lookup
        chains = [
            (column, lookup.ancestors(key))
            for column, sense in enumerate(senses)
            for key in by_sense.get(sense, ())
        ]
        if not chains:
            return _CaseIndex(np.empty(0, np.int64), np.empty((0, len(senses)), np.int32))
        anc = np.concatenate([chain[0] for _, chain in chains])
        dist = np.concatenate([chain[1] for _, chain in chains])
        col = np.repeat([column for column, _ in chains], [len(c[0]) for _, c in chains])
        keys, row = np.unique(anc, return_inverse=True)
        down = np.full((len(keys), len(senses)), _FAR, dtype=np.int32)
        np.minimum.at(down, (row, col), dist)
        return _CaseIndex(keys, down)

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
            shared = self._similarities(model.index[case], keys) >= float(self.ccd_match) - 1e-12
            np.add.at(matched, np.asarray(owners), shared)
        total = size[:, None] + size[None, :]
        with np.errstate(divide="ignore", invalid="ignore"):
            terms = np.where(total > 0, 1.0 - (matched + matched.T) / total, 0.0)
        return float(terms[np.triu_indices(n, k=1)].sum() / math.comb(n, 2))

    # --- similarity ---------------------------------------------------------------------------
    def _similarities(self, index: _CaseIndex, keys: list[FillerKey]) -> np.ndarray:
        """``SIM(n, E[s][case])`` for every filler key (rows) and training sense (columns),
        0 where E[s][case] is empty: batched passes over the fillers' ancestors."""
        n_senses = index.down.shape[1]
        out = np.zeros((len(keys), n_senses))
        if not len(index.keys) or not keys:
            return out
        lookup = self._lookup
        chains = [lookup.ancestors(key) for key in keys]
        # ~16 ancestors a noun sense: chunks keep the (ancestors x senses) block near 2M cells.
        step = max(1, _BLOCK // (16 * n_senses))
        for lo in range(0, len(keys), step):
            part = chains[lo : lo + step]
            sizes = np.fromiter((len(c[0]) for c in part), dtype=np.int64, count=len(part))
            anc = np.concatenate([c[0] for c in part])
            up = np.concatenate([c[1] for c in part])
            pos = np.minimum(np.searchsorted(index.keys, anc), len(index.keys) - 1)
            hit = index.keys[pos] == anc
            lengths = np.full((len(anc), n_senses), _FAR, dtype=np.int32)
            lengths[hit] = up[hit, None] + index.down[pos[hit]]
            best = np.minimum.reduceat(lengths, np.cumsum(sizes) - sizes, axis=0)
            reached = best < _FAR
            block = out[lo : lo + step]
            block[reached] = np.asarray(self._sim(best[reached]), dtype=float)
        return out

    def _rows(self, model: _VerbModel, wanted: list[tuple[str, FillerKey]]) -> np.ndarray:
        """The memoised SIM rows of (case, filler) pairs, computing the missing ones per case."""
        memo = model.memo
        missing: dict[str, list[FillerKey]] = defaultdict(list)
        for case, key in dict.fromkeys(wanted):
            if (case, key) not in memo:
                missing[case].append(key)
        for case, keys in missing.items():
            for key, row in zip(keys, self._similarities(model.index[case], keys), strict=True):
                memo[(case, key)] = row
        return np.array([memo[pair] for pair in wanted]).reshape(len(wanted), len(model.senses))

    # --- prediction -----------------------------------------------------------------------------
    def _rank_verb(
        self, lemma: str, model: _VerbModel, instances: list[Instance]
    ) -> list[Prediction]:
        lookup = self._lookup
        owner: list[int] = []  # instance of each usable (case, filler)
        pairs: list[tuple[str, FillerKey]] = []
        for i, instance in enumerate(instances):
            if instance.frame is None:
                continue
            golds = instance.filler_gold or (None,) * len(instance.frame.cases)
            for (case, filler), gold in zip(instance.frame.cases, golds, strict=True):
                if case in model.index:
                    key = self._filler_key(filler, gold, training=False)
                    if lookup.nodes(key) is not None:
                        owner.append(i)
                        pairs.append((case, key))
        out: list[Prediction | None] = [None] * len(instances)
        if pairs:
            sims = self._rows(model, pairs)
            cases = [case for case, _ in pairs]
            if math.isinf(float(self.beta)):
                self._rank_lexicographic(model, instances, owner, cases, sims, out)
            else:
                self._rank_weighted(model, instances, owner, cases, sims, out)
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
        out: list[Prediction | None],
    ) -> None:
        """Scores of every input at once: weights CCD^beta normalised within each input (in
        log space, so a large beta cannot underflow the ratio), one segmented sum."""
        beta = float(self.beta)
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
        model: _VerbModel = self.verbs_[lemma]
        return {
            case: {sense: [list(key) for key in keys] for sense, keys in by_sense.items()}
            for case, by_sense in model.examples.items()
        }

    def load_verb_state(self, lemma: str, state: Any) -> _VerbModel:
        examples = {
            case: {sense: [(k[0], k[1]) for k in keys] for sense, keys in by_sense.items()}
            for case, by_sense in state.items()
        }
        for by_sense in examples.values():
            self._check_trained_senses(lemma, by_sense)
        return self._index_verb(lemma, examples)
