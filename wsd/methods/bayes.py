"""Method 2: a Yarowsky-style Bayesian baseline over the context words
(:mod:`wsd.methods.context`) around the verb, nouns abstracted to thesaurus classes.

Scoring:

- ``"posterior"``: ``Score(s) = mean_w P(s|w)`` over the context features seen in training,
  ``P(s|w) = (c(s,w) + m P(s)) / (c(w) + m)`` (``m = smoothing``): DESIGN's sum divided by the
  number of features, a score in [0, 1].
- ``"log-ratio"``: Yarowsky's (1992) ``Score(s) = sum_w log(P(w|s)/P(w))`` with add-k
  estimates ``P(w|s) = (c(s,w)+k)/(N_s + k|V|)``, ``P(w) = (c(w)+k)/(N + k|V|)`` (``k =
  smoothing``); the confidence reads a softmax of the scores.

No feature seen in training: the most frequent sense, flagged ``mfs:no-known-context``.
"""

from __future__ import annotations

import itertools
import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np
from scipy import sparse

import thesaurus
from thesaurus import Thesaurus
from wsd._exceptions import ModelError
from wsd.methods._base import Disambiguator, check_bool, check_choice
from wsd.methods._state import counts_table, feature_names
from wsd.methods.context import context_words
from wsd.methods.ranges import COUNT_LIMIT, REAL_LIMIT, Range
from wsd.methods.senses import state_senses
from wsd.methods.thesaurus_evidence import EVIDENCE_RANGES
from wsd.types import Instance, Prediction

__all__ = ["BayesWSD", "content_features"]

FALLBACK_NO_CONTEXT = "mfs:no-known-context"
_LEXFILE = re.compile(r"%1:(\d\d):")


def content_features(
    instance: Instance, window: int | None, noun_class: Any = None, noun_words: bool = False
) -> list[str]:
    """Context features of ``instance``, each once, in text order.

    Parameters
    ----------
    instance : Instance
        The instance.
    window : int or None
        Tokens each side (None: the sentence), as
        :func:`~wsd.methods.context.context_words` takes it.
    noun_class : callable, optional
        ``noun_class(lemma)`` -> a noun's class, or None.
    noun_words : bool, default=False
        Keep ``W:<lemma>`` beside ``C:<class>`` for a noun with a class.

    Returns
    -------
    list of str
        ``W:<lemma>`` per context word, ``C:<class>`` instead for a noun with a class.
    """
    features: dict[str, None] = {}
    for token in context_words(instance, window):
        lemma = token.lemma or token.form.lower()
        if token.pos == "NOUN" and noun_class is not None:
            cls = noun_class(lemma)
            if cls is not None:
                features[f"C:{cls}"] = None
                if not noun_words:
                    continue
        features[f"W:{lemma}"] = None
    return list(features)


@dataclass(slots=True)
class _VerbTable:
    senses: tuple[str, ...]
    columns: dict[str, int]  # feature -> row of counts and table
    counts: np.ndarray  # (features, senses)
    table: np.ndarray  # P(s|w) or log(P(w|s)/P(w)), (features, senses)


class BayesWSD(Disambiguator):
    """Method 2: Yarowsky-style Bayes over the context words, nouns as thesaurus classes.

    Parameters
    ----------
    window : "sentence" or int, default="sentence"
        The context: the sentence, or this many tokens each side; an int in [1, 1e6].
    noun_classes : {"lexfile", "depth:N", "none"}, default="lexfile"
        A noun's class from its first sense: its WordNet lexicographer file, its ancestor at
        depth N, or none.
    noun_words : bool, default=False
        Keep noun lemmas beside their classes.
    scoring : {"posterior", "log-ratio"}, default="posterior"
        The score of a sense (module docstring).
    smoothing : float, default=1.0
        ``m`` or ``k`` of the scoring; in [1e-6, 1e6].
    confidence_lambda : float, default=0.5
        ``lambda`` of :func:`~wsd.methods.confidence` (``lambda`` in configs and ``--param``);
        in [0, 1].
    thesaurus_examples : int, default=1
        The verb thesaurus's example sentences of each trained verb joined to the training
        set, per sense; in [0, 100] (0: none; :mod:`wsd.methods.thesaurus_evidence`).
    thesaurus_backoff : float, default=0.0
        The weight of the thesaurus's sense order in the scores; in [0, 1].
    frame_penalty : float, default=1.0
        The factor of a sense whose examples never take the instance's frame; in [0, 1]
        (1: no penalty).
    noun_thesaurus : str, default="wordnet-noun"
        The :func:`thesaurus.load` spec of the nouns' classes.
    verb_thesaurus : str, default="wordnet-verb"
        The :func:`thesaurus.load` spec of the sense inventory (tie-breaks, fallbacks).
    """

    name = "bayes"
    ranges = {
        **Disambiguator.ranges,
        **EVIDENCE_RANGES,
        "window": Range(int, 1, COUNT_LIMIT, extra=("sentence",)),
        "smoothing": Range(float, 1e-6, REAL_LIMIT),
    }

    def __init__(
        self,
        *,
        window: str | int = "sentence",
        noun_classes: str = "lexfile",
        noun_words: bool = False,
        scoring: str = "posterior",
        smoothing: float = 1.0,
        confidence_lambda: float = 0.5,
        thesaurus_examples: int = 1,
        thesaurus_backoff: float = 0.0,
        frame_penalty: float = 1.0,
        noun_thesaurus: str = "wordnet-noun",
        verb_thesaurus: str = "wordnet-verb",
    ) -> None:
        self.window = window
        self.noun_classes = noun_classes
        self.noun_words = noun_words
        self.scoring = scoring
        self.smoothing = smoothing
        self.confidence_lambda = confidence_lambda
        self.noun_thesaurus = noun_thesaurus
        self.thesaurus_examples = thesaurus_examples
        self.thesaurus_backoff = thesaurus_backoff
        self.frame_penalty = frame_penalty
        self.verb_thesaurus = verb_thesaurus

    def _validate_params(self) -> None:
        super()._validate_params()
        check_choice("scoring", self.scoring, ("posterior", "log-ratio"))
        check_bool("noun_words", self.noun_words)
        spec = self.noun_classes
        if not isinstance(spec, str) or (
            spec not in {"lexfile", "none"} and not re.fullmatch(r"depth:\d+", spec)
        ):
            raise ModelError(
                f"noun_classes must be 'lexfile', 'depth:N' or 'none', got {self.noun_classes!r}",
                param="noun_classes",
            )

    @property
    def nouns(self) -> Thesaurus:
        return thesaurus.load(self.noun_thesaurus)

    @property
    def context_window(self) -> int | str:
        return 0 if self.window == "sentence" else "document"

    def check_resources(self) -> None:
        super().check_resources()
        if self.noun_classes == "lexfile":  # the first word with a sense tells the key shape
            nouns = self.nouns
            word = next((w for w in nouns.words if nouns.senses(w)), None)
            if word is not None:
                self._noun_class(nouns, word)

    def _noun_classifier(self) -> Callable[[str], str | None] | None:
        """lemma -> class feature (None: no class), memoised in the run cache."""
        if self.noun_classes == "none":
            return None
        nouns = self.nouns
        memo = self.cache.table(("bayes-noun-class", self.noun_classes, self.noun_thesaurus))

        def classify(lemma: str) -> str | None:
            if lemma not in memo:
                memo[lemma] = self._noun_class(nouns, lemma)
            found: str | None = memo[lemma]
            return found

        return classify

    def _noun_class(self, nouns: Thesaurus, lemma: str) -> str | None:
        if not nouns.has_word(lemma):
            return None
        first = nouns.senses(lemma)[0]
        if self.noun_classes == "lexfile":
            match = _LEXFILE.search(first)
            if match is None:
                raise ModelError(
                    f"noun_classes='lexfile' needs WordNet noun sense keys, but {nouns.name} "
                    f"gives {first!r} for {lemma!r}; use noun_classes='depth:N'",
                    param="noun_classes",
                )
            return f"lex{match.group(1)}"
        depth = int(str(self.noun_classes).split(":")[1])
        node = nouns.sense_node(first)
        anc, dist = nouns.ancestors(node)
        up = max(nouns.depth(node) - depth, 0)  # distance up to the depth-N ancestor
        return nouns.node_name(int(anc[dist == up][0]))

    def _settings(self) -> tuple[Any, ...]:
        window = None if self.window == "sentence" else int(self.window)
        # the spec, not the loaded object: a memo hit must not load (or look up) a thesaurus
        return ("bayes-features", window, self.noun_classes, bool(self.noun_words),
                self.noun_thesaurus)  # fmt: skip

    def _features(self, instance: Instance) -> list[str]:
        window = self._settings()[1]
        return content_features(instance, window, self._noun_classifier(), self.noun_words)

    def _feature_lists(self, instances: Sequence[Instance]) -> list[list[str]]:
        """Each instance's :func:`content_features` under this setting."""
        return self.cache.instance_values(self._settings(), instances, self._features)

    def _fit_verb(self, lemma: str, instances: list[Instance], labels: list[str]) -> _VerbTable:
        senses = self.sense_columns(lemma)
        column = {s: j for j, s in enumerate(senses)}
        vocab: dict[str, int] = {}  # first-seen order, as a saved model lists it
        rows: list[int] = []
        cols: list[int] = []
        for features, label in zip(self._feature_lists(instances), labels, strict=True):
            rows.extend(vocab.setdefault(f, len(vocab)) for f in features)
            cols.extend([column[label]] * len(features))
        counts = np.zeros((len(vocab), len(senses)))
        np.add.at(counts, (np.array(rows, np.int64), np.array(cols, np.int64)), 1.0)
        return self._table(lemma, senses, vocab, counts)

    def _table(
        self, lemma: str, senses: tuple[str, ...], vocab: dict[str, int], counts: np.ndarray
    ) -> _VerbTable:
        sense_counts = self.sense_counts_[lemma]
        prior = np.array([sense_counts[s] for s in senses], dtype=float)
        prior /= prior.sum()
        m = float(self.smoothing)
        if self.scoring == "posterior":
            table = (counts + m * prior) / (counts.sum(axis=1, keepdims=True) + m)
        else:
            size = max(len(vocab), 1)
            p_w_s = (counts + m) / (counts.sum(axis=0, keepdims=True) + m * size)
            p_w = (counts.sum(axis=1, keepdims=True) + m) / (counts.sum() + m * size)
            table = np.log(p_w_s / p_w)
        return _VerbTable(senses, vocab, counts, table)

    def _rank_verb(
        self, lemma: str, model: _VerbTable, instances: list[Instance]
    ) -> list[Prediction]:
        # the table rows of each input's known features, summed in the input's feature order
        columns = model.columns
        rows = [[columns[f] for f in fs if f in columns] for fs in self._feature_lists(instances)]
        indptr = np.cumsum([0, *map(len, rows)])
        indices = np.fromiter(itertools.chain.from_iterable(rows), np.int64, count=indptr[-1])
        shape = (len(rows), len(columns))
        matrix = sparse.csr_matrix((np.ones(len(indices)), indices, indptr), shape=shape)
        found = np.diff(matrix.indptr)
        scores = np.asarray(matrix @ model.table)
        if self.scoring == "posterior":
            scores = scores / np.maximum(found, 1)[:, None]
        # columns are in tie-break order, so a stable sort breaks ties as ranked() does
        order = np.argsort(-scores, axis=1, kind="stable")
        ordered = np.take_along_axis(scores, order, axis=1)
        if self.scoring == "log-ratio":  # confidence on a softmax of the log scores
            ordered = np.exp(ordered - ordered[:, :1])
            ordered /= ordered.sum(axis=1, keepdims=True)
        names = np.array(model.senses, dtype=object)[order].tolist()
        values = ordered.tolist()
        out = []
        for i, (instance, count) in enumerate(zip(instances, found.tolist(), strict=True)):
            if not count:
                out.append(self.mfs_prediction(instance, FALLBACK_NO_CONTEXT))
                continue
            ranking = tuple(zip(names[i], values[i], strict=True))
            details = (("features", float(count)),)
            out.append(self.make_prediction(instance, ranking, None, details))
        return out

    def verb_state(self, lemma: str) -> Any:
        model: _VerbTable = self.verbs_[lemma]
        vocab = sorted(model.columns, key=model.columns.__getitem__)
        return {
            "senses": list(model.senses),
            "features": vocab,
            "counts": model.counts.astype(int).tolist(),
        }

    def load_verb_state(self, lemma: str, state: Any) -> _VerbTable:
        """The table of a saved state; else ValueError naming the field."""
        senses = state_senses(self, lemma, "senses", state["senses"], every=True)
        vocab = feature_names("features", state["features"])
        high = np.array([self.sense_counts_[lemma][s] for s in senses], dtype=np.int64)
        counts = counts_table("counts", state["counts"], (len(vocab), len(senses)), high)
        return self._table(lemma, senses, vocab, counts.astype(float))
