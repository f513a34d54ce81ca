"""Method 1: example-based disambiguation by case-frame similarity, weighted by each case's
contribution to disambiguation (CCD), with a confidence score (Fujii et al.).

::

    Score(s) = sum_c SIM(n_c, E[s][c]) * CCD(c)^beta / sum_c CCD(c)^beta
    SIM(n, E) = max_{e in E} sim(LEN(n, e))

No per-example graph search happens at prediction time.  For every (verb, case) the training
fillers are indexed by their ancestors in the noun thesaurus: ``down[a, s]`` is the shortest
distance from ancestor ``a`` down to an example of sense ``s``.  In a tree,
``min_{e in E[s][c]} LEN(n, e) = min_{a ancestor of n} (dist(n, a) + down[a, s])``, so SIM for
every sense costs one pass over the input noun's ancestors (O(depth x senses)), whatever the
number of examples.  Results are memoised per (verb, case, filler).
"""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass, field
from typing import Any

import numpy as np

import thesaurus
from thesaurus import Thesaurus

from .._exceptions import ModelError
from ..types import Filler, Instance, Prediction
from ._base import Disambiguator, ranked

__all__ = ["ExampleBasedWSD"]

FALLBACK_NO_FILLER = "mfs:no-usable-filler"
FALLBACK_NO_INFORMATIVE_CASE = "mfs:no-informative-case"
_FAR = np.int32(1 << 20)  # "no example below this ancestor"

FillerKey = tuple[str, str | None]  # (lemma, sense key used or None for all senses)


@dataclass(slots=True)
class _CaseIndex:
    keys: np.ndarray  # sorted ancestor node ids
    down: np.ndarray  # (len(keys), n_senses) shortest distance down to an example of the sense


@dataclass(slots=True)
class _VerbModel:
    senses: tuple[str, ...]  # training senses, column order of every index
    examples: dict[str, dict[str, list[FillerKey]]]  # case -> sense -> unique fillers
    index: dict[str, _CaseIndex] = field(default_factory=dict)
    ccd: dict[str, float] = field(default_factory=dict)  # raw CCD (before the beta power)
    memo: dict[tuple[str, FillerKey], np.ndarray] = field(default_factory=dict)


class ExampleBasedWSD(Disambiguator):
    """Example-based verb sense disambiguation (method 1).

    Parameters
    ----------
    beta:
        Exponent on CCD. 0 ignores CCD (every case weighs the same); large values let the most
        contributing case decide, the next breaking ties.
    lambda_:
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
        lambda_: float = 0.5,
        similarity: str = "kurohashi",
        similarity_params: dict[str, float] | None = None,
        noun_senses: str = "all",
        example_senses: str = "tagged",
        ccd_match: float = 1.0,
        noun_thesaurus: str = "wordnet-noun",
        verb_thesaurus: str = "wordnet-verb",
    ) -> None:
        self.beta = beta
        self.lambda_ = lambda_
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
        if float(self.beta) < 0:
            raise ModelError(f"beta must be >= 0, got {self.beta!r}")
        if self.noun_senses not in {"all", "oracle"}:
            raise ModelError(f"noun_senses must be 'all' or 'oracle', got {self.noun_senses!r}")
        if self.example_senses not in {"tagged", "all"}:
            raise ModelError(
                f"example_senses must be 'tagged' or 'all', got {self.example_senses!r}"
            )
        if not 0.0 < float(self.ccd_match) <= 1.0:
            raise ModelError(f"ccd_match must be in (0, 1], got {self.ccd_match!r}")
        self._sim = thesaurus.similarity_mapping(self.similarity, **(self.similarity_params or {}))

    @property
    def nouns(self) -> Thesaurus:
        return thesaurus.load(self.noun_thesaurus)

    def _reset_caches(self) -> None:
        super()._reset_caches()
        self._node_cache: dict[FillerKey, np.ndarray | None] = {}
        self._anc_cache: dict[int, tuple[np.ndarray, np.ndarray]] = {}
        for verb in getattr(self, "verbs_", {}).values():
            verb.memo.clear()

    # --- fillers -> thesaurus nodes -----------------------------------------------------------
    def _filler_key(self, filler: Filler, *, training: bool) -> FillerKey:
        use_sense = filler.cls is not None or (
            self.example_senses == "tagged" if training else self.noun_senses == "oracle"
        )
        return (filler.lemma, filler.sense if use_sense else None)

    def _nodes(self, key: FillerKey) -> np.ndarray | None:
        """Thesaurus nodes a filler may denote (None: not in the thesaurus)."""
        if key in self._node_cache:
            return self._node_cache[key]
        nouns = self.nouns
        lemma, sense = key
        nodes: np.ndarray | None = None
        if sense is not None and nouns.has_sense(sense):
            nodes = np.array([nouns.sense_node(sense)], dtype=np.int64)
        elif nouns.has_word(lemma):
            nodes = np.asarray(nouns.word_nodes(lemma), dtype=np.int64)
        self._node_cache[key] = nodes
        return nodes

    def _ancestors(self, nodes: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        parts = []
        for node in nodes.tolist():
            cached = self._anc_cache.get(node)
            if cached is None:
                cached = self._anc_cache[node] = self.nouns.ancestors(node)
            parts.append(cached)
        if len(parts) == 1:
            return parts[0]
        return np.concatenate([p[0] for p in parts]), np.concatenate([p[1] for p in parts])

    # --- training -------------------------------------------------------------------------------
    def _fit_verb(self, lemma: str, instances: list[Instance], labels: list[str]) -> _VerbModel:
        examples: dict[str, dict[str, list[FillerKey]]] = defaultdict(lambda: defaultdict(list))
        for instance, sense in zip(instances, labels, strict=True):
            if instance.frame is None:
                continue
            for case, filler in instance.frame.cases:
                key = self._filler_key(filler, training=True)
                bucket = examples[case][sense]
                if key not in bucket and self._nodes(key) is not None:
                    bucket.append(key)
        return self._index_verb(lemma, {c: dict(by_sense) for c, by_sense in examples.items()})

    def _index_verb(
        self, lemma: str, examples: dict[str, dict[str, list[FillerKey]]]
    ) -> _VerbModel:
        senses = tuple(sorted(self.sense_counts_[lemma], key=self.tiebreak(lemma).__getitem__))
        model = _VerbModel(senses=senses, examples=examples)
        for case, by_sense in examples.items():
            model.index[case] = self._build_index(senses, by_sense)
        for case in examples:
            model.ccd[case] = self._ccd(model, case)
        return model

    def _build_index(
        self, senses: tuple[str, ...], by_sense: dict[str, list[FillerKey]]
    ) -> _CaseIndex:
        anc_parts, dist_parts, col_parts = [], [], []
        for column, sense in enumerate(senses):
            for key in by_sense.get(sense, ()):
                nodes = self._nodes(key)
                assert nodes is not None  # filtered at training time
                anc, dist = self._ancestors(nodes)
                anc_parts.append(anc)
                dist_parts.append(dist)
                col_parts.append(np.full(len(anc), column, dtype=np.int64))
        if not anc_parts:
            return _CaseIndex(np.empty(0, np.int64), np.empty((0, len(senses)), np.int32))
        anc = np.concatenate(anc_parts).astype(np.int64)
        dist = np.concatenate(dist_parts).astype(np.int32)
        col = np.concatenate(col_parts)
        keys, row = np.unique(anc, return_inverse=True)
        down = np.full((len(keys), len(senses)), _FAR, dtype=np.int32)
        np.minimum.at(down, (row, col), dist)
        return _CaseIndex(keys, down)

    def _ccd(self, model: _VerbModel, case: str) -> float:
        """Mean over sense pairs of (|Ei|+|Ej|-2|Ei∩Ej|)/(|Ei|+|Ej|); pairs with both sets
        empty are left out of the mean.  A filler of sense i is "shared" with sense j when its
        similarity to E[j][case] reaches ``ccd_match``; |Ei∩Ej| is the mean of the two
        directions' counts (exactly the intersection size when matching is identity)."""
        n = len(model.senses)
        if n < 2:
            return 1.0
        by_sense = model.examples[case]
        size = np.array([len(by_sense.get(s, ())) for s in model.senses], dtype=float)
        matched = np.zeros((n, n))
        for i, sense in enumerate(model.senses):
            for key in by_sense.get(sense, ()):
                matched[i] += self._case_similarity(model, case, key) >= self.ccd_match - 1e-12
        terms = []
        for i in range(n):
            for j in range(i + 1, n):
                total = size[i] + size[j]
                if total > 0:
                    terms.append(1.0 - (matched[i, j] + matched[j, i]) / total)
        return float(np.mean(terms)) if terms else 0.0

    # --- prediction -----------------------------------------------------------------------------
    def _case_similarity(self, model: _VerbModel, case: str, key: FillerKey) -> np.ndarray:
        """SIM(n, E[s][case]) for every training sense s (0 where E[s][case] is empty)."""
        memo_key = (case, key)
        cached = model.memo.get(memo_key)
        if cached is not None:
            return cached
        index = model.index[case]
        nodes = self._nodes(key)
        assert nodes is not None
        anc, up = self._ancestors(nodes)
        pos = np.searchsorted(index.keys, anc)
        pos[pos >= len(index.keys)] = 0
        hit = index.keys[pos] == anc if len(index.keys) else np.zeros(len(anc), bool)
        if not hit.any():
            sims = np.zeros(len(model.senses))
        else:
            lengths = (up[hit, None] + index.down[pos[hit]]).min(axis=0)
            sims = np.where(lengths >= _FAR, 0.0, self._sim_of(lengths))
        model.memo[memo_key] = sims
        return sims

    def _sim_of(self, lengths: np.ndarray) -> np.ndarray:
        return np.asarray(self._sim(np.minimum(lengths, 10_000)), dtype=float)

    def _weights(self, model: _VerbModel, cases: list[str]) -> np.ndarray:
        ccd = np.array([model.ccd[c] for c in cases])
        beta = float(self.beta)
        if beta == 0.0:
            return np.ones(len(cases))
        with np.errstate(divide="ignore"):
            logs = np.log(ccd)
        if not np.isfinite(logs).any():
            return np.zeros(len(cases))
        # Normalised in log space: CCD**beta underflows for large beta, the ratio does not.
        return np.exp(beta * (logs - logs[np.isfinite(logs)].max()))

    def _rank_verb(
        self, lemma: str, model: _VerbModel, instances: list[Instance]
    ) -> list[Prediction]:
        tiebreak = self.tiebreak(lemma)
        out = []
        for instance in instances:
            cases, sims = [], []
            for case, filler in instance.frame.cases if instance.frame else ():
                if case not in model.index:
                    continue
                key = self._filler_key(filler, training=False)
                if self._nodes(key) is None:
                    continue
                cases.append(case)
                sims.append(self._case_similarity(model, case, key))
            if not cases:
                out.append(self.mfs_prediction(instance, FALLBACK_NO_FILLER))
                continue
            weights = self._weights(model, cases)
            if weights.sum() <= 0:
                out.append(self.mfs_prediction(instance, FALLBACK_NO_INFORMATIVE_CASE))
                continue
            scores = (np.vstack(sims) * weights[:, None]).sum(axis=0) / weights.sum()
            ranking = ranked(dict(zip(model.senses, scores.tolist(), strict=True)), tiebreak)
            details = tuple(zip((f"weight:{c}" for c in cases), weights.tolist(), strict=True))
            out.append(self.make_prediction(instance, ranking, None, details))
        return out

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
        return self._index_verb(lemma, examples)
