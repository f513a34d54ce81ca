"""Verb sense disambiguation: records, corpora, case frames, disambiguators.

``wsd.load_model()`` reads a trained model (the default one without a path), whose
``disambiguate(instances, top_k=1)`` gives a :class:`Reading` per instance, or per verb of
plain English text given as a string.
"""

from wsd._exceptions import CorpusFormatError, ModelError, WSDError
from wsd.methods.default_model import default_model_path, load_model
from wsd.types import CaseFrame, Filler, Instance, Prediction, RankedSense, Reading, Sentence, Token

__all__ = [
    "CaseFrame",
    "CorpusFormatError",
    "Filler",
    "Instance",
    "ModelError",
    "Prediction",
    "RankedSense",
    "Reading",
    "Sentence",
    "Token",
    "WSDError",
    "default_model_path",
    "load_model",
]
