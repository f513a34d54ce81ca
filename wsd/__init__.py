"""Verb sense disambiguation: records, corpora, case frames, disambiguators."""

from ._exceptions import CorpusFormatError, ModelError, WSDError
from .types import CaseFrame, Filler, Instance, Prediction, Sentence, Token

__all__ = [
    "CaseFrame",
    "CorpusFormatError",
    "Filler",
    "Instance",
    "ModelError",
    "Prediction",
    "Sentence",
    "Token",
    "WSDError",
]
