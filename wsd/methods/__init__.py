"""Disambiguators behind one scikit-learn-style interface: ``fit(instances)`` trains one model
per verb lemma; ``rank(instances)`` returns a :class:`~wsd.types.Prediction` per instance."""

from wsd.methods._base import ABSTAIN_UNKNOWN_LEMMA, Disambiguator, NotFittedError, confidence
from wsd.methods.baselines import MostFrequentSense, RandomSense
from wsd.methods.bayes import BayesWSD, content_features
from wsd.methods.example import PAPER, ExampleBasedWSD
from wsd.methods.ranges import COUNT_LIMIT, REAL_LIMIT, SEED, UNIT, Range, parse_number
from wsd.methods.registry import (
    METHODS,
    canonical_param,
    load_model,
    make_method,
    param_key,
    parse_param,
    save_model,
)
from wsd.methods.run_cache import RunCache
from wsd.methods.supervised import IMSWSD, HybridWSD
from wsd.methods.thesaurus_evidence import evidence_sources

__all__ = [
    "evidence_sources",
    "ABSTAIN_UNKNOWN_LEMMA",
    "COUNT_LIMIT",
    "METHODS",
    "PAPER",
    "REAL_LIMIT",
    "SEED",
    "UNIT",
    "BayesWSD",
    "Disambiguator",
    "ExampleBasedWSD",
    "HybridWSD",
    "IMSWSD",
    "MostFrequentSense",
    "NotFittedError",
    "RandomSense",
    "Range",
    "RunCache",
    "canonical_param",
    "confidence",
    "content_features",
    "load_model",
    "make_method",
    "param_key",
    "parse_number",
    "parse_param",
    "save_model",
]
