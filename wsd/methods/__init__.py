"""Disambiguators behind one scikit-learn-style interface.

``fit(instances)`` trains one model per verb lemma; ``rank(instances)`` returns a
:class:`~wsd.types.Prediction` per instance (senses ranked with scores, a confidence, any
fallback used); ``predict`` returns the chosen sense keys.
"""

from ._base import Disambiguator, confidence
from ._baselines import MostFrequentSense, RandomSense
from ._bayes import BayesWSD, content_features
from ._example import PAPER, ExampleBasedWSD
from ._registry import METHODS, load_model, make_method, parse_param, save_model
from ._shared import forget_instances

__all__ = [
    "METHODS",
    "PAPER",
    "BayesWSD",
    "Disambiguator",
    "ExampleBasedWSD",
    "MostFrequentSense",
    "RandomSense",
    "confidence",
    "content_features",
    "forget_instances",
    "load_model",
    "make_method",
    "parse_param",
    "save_model",
]
